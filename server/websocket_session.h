// One player's WebSocket (docs/protocol.md): reads messages, hands them to
// the lobby on the room threads, and writes what comes back through a
// bounded queue, one write at a time.
//
// What protects the server from an unlucky or hostile peer:
//  - a message over kMaxMessageBytes is read to its end and discarded, and
//    answered with a `too_large` error (the connection stays);
//  - a silent peer (a phone gone off the network) is pinged after half of
//    ServeOptions::idle_timeout_ms and closed after all of it, so that its
//    seat's stand-in bot takes over;
//  - a peer that does not read what it is sent is closed once more than
//    ServeOptions::max_queued_bytes wait for it.
#pragma once

#include <deque>
#include <memory>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "server/shared_state.h"

namespace logomachie::server {

class WebSocketSession final : public Subscriber, public std::enable_shared_from_this<WebSocketSession> {
 public:
  using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  // `address`: the client's (the peer's, or the one a trusted proxy names).
  WebSocketSession(SharedState& server, Stream ws, std::string address);

  // Accepts the upgrade `request` and serves the connection until it closes.
  net::awaitable<void> run(boost::beast::http::request<boost::beast::http::string_body> request);

  void send(SharedText text) override;
  // Says goodbye (after what is already queued) and closes the WebSocket.
  void close_gracefully(SharedText goodbye);

 private:
  // One whole message into `text`; false when it was over the limit (read
  // to its end and dropped).
  net::awaitable<bool> read_message(std::string& text);
  net::awaitable<void> handle(std::string text);
  net::awaitable<void> write_loop(std::shared_ptr<WebSocketSession> self);
  void hang_up();  // closes the socket at once: pending reads and writes fail

  SharedState& server_;
  Stream ws_;
  std::string address_;  // the client's IP address
  Connection conn_;
  std::deque<SharedText> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool accepted_ = false;
  bool hung_up_ = false;
};

}  // namespace logomachie::server
