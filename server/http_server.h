// The network side of `logomachie serve`: HTTP (health, metrics, the JSON
// API, the web client's files) and one WebSocket per player at /ws carrying
// the protocol of docs/protocol.md to the Lobby. This header stays light:
// Boost.Beast/Asio live only in listener.cc, http_session.cc and
// websocket_session.cc (docs/design.md, "The server's files").
//
// One network thread reads and writes every connection; the rooms, bots and
// store run on a pool of room threads (docs/design.md, "Threads").
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace logomachie::lexicon {
class Lexicon;
}

namespace logomachie::server {

class SharedState;

struct ServeOptions {
  std::string bind = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (tests)
  std::filesystem::path db = "var/logomachie.db";
  // A cluster (docs/scaling.md): the PostgreSQL store (postgresql://…; empty:
  // the SQLite file `db`), the Redis directory of room leases (redis://…;
  // empty: this server alone serves every room), this node's name in them,
  // and how long a lease outlives its node's last renewal.
  std::string store;
  std::string directory;
  std::string node;
  int64_t lease_ms = 3000;
  // Proxies whose X-Forwarded-For names the client (the cluster's HAProxy).
  std::vector<std::string> trusted_proxies;
  std::filesystem::path web;  // the built web client (build/web); empty: none
  // A WebSocket peer silent this long is closed (pinged at half of it). Below
  // the stand-in grace period (kGraceMs), so a phone gone off the network
  // shows as away and its seat's bot takes over in time.
  int64_t idle_timeout_ms = 20'000;
  // A peer with more than this waiting to be sent to it is closed.
  std::size_t max_queued_bytes = 1 << 20;
  // Open TCP connections at most (0: the descriptor limit, raised to its
  // hard maximum at start, less a reserve); beyond, new ones are closed.
  std::size_t max_connections = 0;
  // Rooms open at most (too_many_rooms beyond); empty rooms close by themselves.
  std::size_t max_rooms = 10000;
  // Threads that run the rooms, bots and the store's work (0: kRoomThreads).
  std::size_t room_threads = 0;
  // How long the store's commit thread waits for more actions before it
  // syncs a batch (docs/design.md, Threads): fewer syncs per action, each
  // action's messages that much later.
  int64_t commit_window_us = 1000;
};

class HttpServer {
 public:
  HttpServer(const lexicon::Lexicon& lexicon, const ServeOptions& options);
  ~HttpServer();
  uint16_t port() const;          // the port actually bound
  std::size_t web_files() const;  // files of the web client being served
  void run();                     // until stop() or SIGINT/SIGTERM
  // Graceful stop (thread-safe; also on SIGINT/SIGTERM): no new connections,
  // every client is told (`shutdown` message, then a WebSocket close "going
  // away"), then run() returns. Accepted actions are already durable.
  void stop();

 private:
  std::unique_ptr<SharedState> impl_;  // server/shared_state.h
};

}  // namespace logomachie::server
