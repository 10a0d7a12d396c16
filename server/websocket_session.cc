#include "server/websocket_session.h"

#include <chrono>

#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "server/log.h"

namespace logomachie::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using net::awaitable;
using net::use_awaitable;

// Beast refuses (closing with 1009) anything longer than this; between
// kMaxMessageBytes and this, the message is read, dropped and answered.
constexpr std::size_t kMaxFrameBytes = 1 << 20;

// The kernel's send buffer per WebSocket (it doubles it). Left alone, Linux
// grows it up to 4 MB for a peer that stops reading, on top of our own
// queue: 20,000 players could pin 80 GB. A whole TrapWords view is 7 KB.
constexpr int kSocketSendBuffer = 128 * 1024;

WebSocketSession::WebSocketSession(SharedState& server, Stream ws, std::string address)
    : server_(server), ws_(std::move(ws)), address_(std::move(address)) {
  beast::error_code ec;
  auto& socket = beast::get_lowest_layer(ws_).socket();
  socket.set_option(net::socket_base::send_buffer_size(kSocketSendBuffer), ec);
  socket.set_option(net::ip::tcp::no_delay(true), ec);
  conn_.address = address_;
}

awaitable<bool> WebSocketSession::read_message(std::string& text) {
  text.clear();
  bool over = false;
  char chunk[4096];
  do {
    const std::size_t n = co_await ws_.async_read_some(net::buffer(chunk), use_awaitable);
    if (!over && text.size() + n <= kMaxMessageBytes) {
      text.append(chunk, n);
    } else {
      over = true;
      text.clear();
    }
  } while (!ws_.is_message_done());
  co_return !over;
}

awaitable<void> WebSocketSession::run(http::request<http::string_body> request) {
  // Keeps the session alive as long as this coroutine runs (never read).
  auto self = shared_from_this();  // NOLINT(clang-analyzer-deadcode.DeadStores)
  ++server_.metrics.connections;
  server_.sessions.insert(this);
  try {
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = std::chrono::seconds(30);
    timeouts.idle_timeout = std::chrono::milliseconds(server_.options.idle_timeout_ms);
    timeouts.keep_alive_pings = true;  // a ping after half the idle time; silence after it closes
    ws_.set_option(timeouts);
    // Views are JSON resent whole after every action (up to 7 KB for
    // TrapWords) and compress four to six times: permessage-deflate when the
    // browser offers it, with small windows (about 30 KB of state per
    // connection) and nothing under 256 bytes (chat, errors) compressed.
    websocket::permessage_deflate deflate;
    deflate.server_enable = true;
    deflate.server_max_window_bits = 12;
    deflate.client_max_window_bits = 12;
    deflate.compLevel = 6;
    deflate.memLevel = 4;
    deflate.msg_size_threshold = 256;
    ws_.set_option(deflate);
    ws_.read_message_max(kMaxFrameBytes);
    co_await ws_.async_accept(request, use_awaitable);
    accepted_ = true;
    std::string text;
    while (true) {
      const bool fits = co_await read_message(text);
      ++server_.metrics.messages;
      if (!fits) {
        send(std::make_shared<const std::string>(
            R"({"type":"error","code":"too_large","message":"Message trop long."})"));
        ++server_.metrics.errors;
        continue;
      }
      co_await handle(std::move(text));
    }
  } catch (const beast::system_error& e) {
    if (e.code() == beast::error::timeout) {
      ++server_.metrics.idle_closed;
      log_event(LogLevel::kInfo, "idle_closed", {{"room", conn_.room}});
    }
  } catch (const std::exception&) {
    // closed by the peer, a network error, or hung up
  }
  server_.sessions.erase(this);
  server_.hub.unsubscribe(self, conn_.room, conn_.member);
  --server_.metrics.connections;
  if (!server_.stopping) {
    try {
      auto leave = [this] { return serialized(server_.lobby.disconnect(conn_, wall_ms()), wall_ms()); };
      auto gone = co_await server_.on_pool(leave);
      server_.deliver(nullptr, gone);  // presence for the others
    } catch (const std::exception&) {}
  }
}

awaitable<void> WebSocketSession::handle(std::string text) {
  auto self = shared_from_this();
  const auto t0 = std::chrono::steady_clock::now();
  const auto before = conn_.member;
  const auto before_room = conn_.room;
  // On a room thread: the message, then whether a bot is due in the room
  // (asked there, so that a message with no bot to wake costs no second hop).
  auto work = [this, &text] {
    auto out = serialized(server_.lobby.handle(conn_, text, wall_ms()), wall_ms());
    const bool bots = conn_.member && server_.lobby.bot_due(conn_.room, wall_ms());
    return std::make_pair(std::move(out), bots);
  };
  auto [deliveries, bots_due] = co_await server_.on_pool(work);
  server_.metrics.observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  if (before && (before != conn_.member || before_room != conn_.room)) {
    server_.hub.unsubscribe(self, before_room, before);  // this connection is someone else now
  }
  if (conn_.member) server_.hub.subscribe(self, conn_.room, *conn_.member);
  server_.deliver(self, std::move(deliveries));
  if (bots_due) server_.schedule_bots(conn_.room);
}

void WebSocketSession::send(SharedText text) {
  if (hung_up_) return;
  queued_bytes_ += text->size();
  queue_.push_back(std::move(text));
  if (queued_bytes_ > server_.options.max_queued_bytes) {
    // The peer does not read what it is sent: let it go rather than keep
    // its backlog in memory (it reconnects and resumes with its token).
    ++server_.metrics.slow_closed;
    log_event(LogLevel::kWarn, "slow_reader_closed", {{"room", conn_.room}, {"queued_bytes", queued_bytes_}});
    hang_up();
    return;
  }
  if (writing_) return;
  writing_ = true;
  net::co_spawn(ws_.get_executor(), write_loop(shared_from_this()), net::detached);
}

void WebSocketSession::close_gracefully(SharedText goodbye) {
  if (!accepted_) {  // still shaking hands: just hang up
    hang_up();
    return;
  }
  closing_ = true;
  send(std::move(goodbye));
}

void WebSocketSession::hang_up() {
  hung_up_ = true;
  queue_.clear();
  queued_bytes_ = 0;
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
}

awaitable<void> WebSocketSession::write_loop(
    std::shared_ptr<WebSocketSession> self) {  // `self` keeps it alive
  (void)self;
  try {
    while (!queue_.empty()) {
      const SharedText text = std::move(queue_.front());
      queue_.pop_front();
      ws_.text(true);
      co_await ws_.async_write(net::buffer(*text), use_awaitable);
      queued_bytes_ -= std::min(queued_bytes_, text->size());
    }
    if (closing_) co_await ws_.async_close(websocket::close_code::going_away, use_awaitable);
  } catch (const std::exception&) {
    queue_.clear();
    queued_bytes_ = 0;
  }
  writing_ = false;
}

}  // namespace logomachie::server
