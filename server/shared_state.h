// What one running server owns, shared by its network files (listener.cc,
// http_session.cc, websocket_session.cc): the I/O context, the lobby and its
// store, the hub of subscriptions, the metrics and the room threads.
// Includes Asio: only the server's network .cc files include it (they are
// compiled with a precompiled header, server/CMakeLists.txt).
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio.hpp>

#include "server/http_server.h"
#include "server/hub.h"
#include "server/lobby.h"
#include "server/metrics.h"
#include "server/static_files.h"
#include "server/store.h"

namespace logomachie::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

class WebSocketSession;

int64_t wall_ms();

// Room threads: rules and bots are CPU work. Accepted actions no longer
// wait for their durable append (the store's commit thread syncs them), but
// a bot thinking or a game being dealt still holds a thread a while: more
// threads than cores keep the other rooms going (docs/design.md, Threads;
// `serve --room-threads`).
inline constexpr std::size_t kRoomThreads = 8;
inline constexpr double kReplayBurst = 10;
inline constexpr double kReplayPerSecond = 2;

// Runs `work` on `pool` and resumes the awaiting coroutine on its own
// executor with the result (or the exception): one post there and one back,
// where co_spawn would post several times (each post may wake a thread).
template <class F>
auto run_on(net::thread_pool& pool, F& work) -> net::awaitable<decltype(work())> {
  using Result = decltype(work());
  auto result = co_await net::async_initiate<const net::use_awaitable_t<>,
                                             void(std::exception_ptr, std::optional<Result>)>(
      [&pool, &work](auto handler) {
        net::post(pool, [&work, handler = std::move(handler)]() mutable {
          std::exception_ptr error;
          std::optional<Result> out;
          try {
            out.emplace(work());
          } catch (...) {
            error = std::current_exception();
          }
          auto home = net::get_associated_executor(handler);
          net::post(home, [handler = std::move(handler), error, out = std::move(out)]() mutable {
            std::move(handler)(error, std::move(out));
          });
        });
      },
      net::use_awaitable);
  co_return std::move(*result);
}

class SharedState {
 public:
  SharedState(const lexicon::Lexicon& lexicon, const ServeOptions& options);
  // Room threads finish, then the store settles every queued append (their
  // callbacks post to the threads: those must still exist).
  ~SharedState();

  // Runs `work` on the room threads and resumes the caller (a coroutine of
  // the network thread) with its result. `work` is taken by reference and
  // must be a named variable of the caller: GCC 12 destroys temporaries with
  // destructors twice in a co_await full-expression.
  template <class F>
  auto on_pool(F& work) -> net::awaitable<decltype(work())> {
    return run_on(pool, work);
  }
  // The same on the replay thread: replaying a whole game takes a while and
  // must not hold up the rooms.
  template <class F>
  auto on_replay_thread(F& work) -> net::awaitable<decltype(work())> {
    return run_on(replay_pool, work);
  }
  // Whether `address` may ask for another replay now (network thread):
  // kReplayBurst at once, kReplayPerSecond sustained.
  bool allow_replay(const std::string& address);
  // Lets the bots due in `room` think and play, one move at a time, on the
  // room threads (never on the network thread, never holding the room).
  void schedule_bots(const std::string& room);
  // Sends the lobby's replies (network thread); those about actions not yet
  // durable wait for them (settle()), and come back here once they are.
  void deliver(const std::shared_ptr<Subscriber>& sender, std::vector<Outbound> deliveries);
  // Graceful stop (network thread): see HttpServer::stop.
  void shutdown();

  net::io_context ioc{1};
  const ServeOptions options;
  std::unique_ptr<Store> store;
  std::unique_ptr<Directory> directory;  // cluster only
  Lobby lobby;
  tcp::acceptor acceptor;
  net::signal_set signals;
  net::steady_timer ticker;
  std::size_t restored = 0;
  StaticFiles web;
  std::atomic<bool> stopping = false;
  Hub hub;
  Metrics metrics;
  ClusterView cluster_view;  // every node's numbers, shared through the directory each second
  std::atomic<int64_t> last_share_ms = 0;
  std::set<WebSocketSession*> sessions;  // every open WebSocket (for shutdown)
  std::size_t sockets = 0;               // open TCP connections, HTTP and WebSocket
  std::size_t max_sockets = 0;           // beyond, new connections are closed at once
  struct Allowance {
    double tokens = 0;
    std::chrono::steady_clock::time_point last;
  };
  std::map<std::string, Allowance> replay_allowance;  // by address
  // Rooms, bots and the store run here, replays on their own thread
  // (declared last: stopped and joined first, while the lobby and the store
  // still exist).
  net::thread_pool replay_pool{1};
  net::thread_pool pool;
};

// Serves one accepted TCP connection: plain HTTP requests, or a WebSocket
// upgrade at /ws handed to a WebSocketSession (http_session.cc).
net::awaitable<void> serve_connection(SharedState& server, tcp::socket socket);

}  // namespace logomachie::server
