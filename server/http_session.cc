// Plain HTTP over one TCP connection (keep-alive), until a WebSocket upgrade
// at /ws hands the connection to a WebSocketSession. What to answer is
// server/router.h; what reads finished games from the store (a replay, the
// list of them) runs on the replay thread, rate-limited per address.
#include <chrono>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/router.h"
#include "server/shared_state.h"
#include "server/websocket_session.h"

namespace logomachie::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using net::awaitable;
using net::use_awaitable;

namespace {

http::response<http::string_body> to_response(const http::request<http::string_body>& req, HttpReply reply) {
  http::response<http::string_body> res{static_cast<http::status>(reply.status), req.version()};
  res.set(http::field::content_type, reply.content_type);
  if (!reply.cache_control.empty()) res.set(http::field::cache_control, reply.cache_control);
  if (!reply.content_encoding.empty()) res.set(http::field::content_encoding, reply.content_encoding);
  if (reply.vary_encoding) res.set(http::field::vary, "Accept-Encoding");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(reply.body);
  res.prepare_payload();
  return res;
}

}  // namespace

awaitable<void> serve_connection(SharedState& server, tcp::socket socket) {
  boost::system::error_code peer_error;
  const auto peer = socket.remote_endpoint(peer_error);
  const std::string peer_address = peer_error ? std::string() : peer.address().to_string();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  const RouterContext context{server.lobby, server.metrics, server.web, &server.cluster_view};
  try {
    while (true) {
      stream.expires_after(std::chrono::seconds(30));
      http::request<http::string_body> req;
      co_await http::async_read(stream, buffer, req, use_awaitable);
      const std::string_view target(req.target().data(), req.target().size());
      const std::string_view path = target.substr(0, target.find('?'));
      const auto forwarded = req["X-Forwarded-For"];
      const std::string address = client_address(
          peer_address, std::string_view(forwarded.data(), forwarded.size()), server.options.trusted_proxies);
      if (websocket::is_upgrade(req) && path == "/ws") {
        stream.expires_never();  // the WebSocket has its own timeouts
        auto session =
            std::make_shared<WebSocketSession>(server, WebSocketSession::Stream(std::move(stream)), address);
        co_await session->run(std::move(req));
        co_return;
      }
      const std::string_view method(req.method_string().data(), req.method_string().size());
      HttpReply reply;
      // (No co_await inside ?: — GCC 12 miscompiles it.)
      if (is_replay_target(target) && !server.allow_replay(address)) {
        reply = {
            429, "application/json; charset=utf-8",
            R"({"code":"rate_limited","message":"Doucement\u00a0: trop de parties demandées d’un coup."})",
            "no-store"};
      } else if (is_replay_target(target)) {
        auto replay = [&context, method, target] { return route(context, method, target); };
        reply = co_await server.on_replay_thread(replay);
      } else {
        const auto encoding = req[http::field::accept_encoding];
        reply = route(context, method, target, std::string_view(encoding.data(), encoding.size()));
      }
      auto res = to_response(req, std::move(reply));
      const bool keep = res.keep_alive();
      co_await http::async_write(stream, res, use_awaitable);
      if (!keep) break;
    }
  } catch (const std::exception&) {
    // client gone or malformed request: drop the connection
  }
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

}  // namespace logomachie::server
