// The network side of `logomachie serve`: HTTP (health, metrics, and later
// the web client's files) and one WebSocket per player at /ws carrying the
// protocol of docs/protocol.md to the Lobby. Boost.Beast/Asio live only in
// http_server.cc; this header stays light.
//
// First slice: one I/O thread runs everything (rooms, bots, the store), so no
// room is ever touched by two threads; bots think on that thread between
// messages. Moving rooms to strands and bots to a worker pool is the next step
// (docs/design.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace logomachie::lexicon {
class Lexicon;
}

namespace logomachie::server {

struct ServeOptions {
  std::string bind = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (tests)
  std::filesystem::path db = "var/logomachie.db";
};

class HttpServer {
 public:
  HttpServer(const lexicon::Lexicon& lexicon, const ServeOptions& options);
  ~HttpServer();
  uint16_t port() const;  // the port actually bound
  void run();             // until stop() or SIGINT/SIGTERM
  void stop();            // thread-safe

  struct Impl;  // in http_server.cc; public so that its sessions can use it

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace logomachie::server
