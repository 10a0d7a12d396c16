// The network side of `logomachie serve`: HTTP (health, metrics, and later
// the web client's files) and one WebSocket per player at /ws carrying the
// protocol of docs/protocol.md to the Lobby. Boost.Beast/Asio live only in
// http_server.cc; this header stays light.
//
// One I/O thread runs the network and the rooms, so no room is ever touched
// by two threads (docs/design.md, "Threads").
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
  std::filesystem::path web;  // the built web client (build/web); empty: none
};

class HttpServer {
 public:
  HttpServer(const lexicon::Lexicon& lexicon, const ServeOptions& options);
  ~HttpServer();
  uint16_t port() const;  // the port actually bound
  std::size_t web_files() const;  // files of the web client being served
  void run();             // until stop() or SIGINT/SIGTERM
  // Graceful stop (thread-safe; also on SIGINT/SIGTERM): no new connections,
  // every client is told (`shutdown` message, then a WebSocket close "going
  // away"), then run() returns. Accepted actions are already durable.
  void stop();

  struct Impl;  // in http_server.cc; public so that its sessions can use it

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace logomachie::server
