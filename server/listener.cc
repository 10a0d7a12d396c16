// The server's outer shell: the listening socket and its accept loop, the
// hourglass ticker, bot scheduling, graceful shutdown, and HttpServer's
// public methods. Connections are served by http_session.cc.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>

#include <boost/asio.hpp>
#include <boost/json/serialize.hpp>

#include "games/core/registry.h"
#include "server/log.h"
#include "server/shared_state.h"
#include "server/websocket_session.h"

namespace logomachie::server {

using net::awaitable;
using net::use_awaitable;

int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

namespace {

std::vector<std::unique_ptr<games::Game>> make_games(const lexicon::Lexicon& lexicon) {
  std::vector<std::unique_ptr<games::Game>> out;
  games::GameContext ctx;
  ctx.lexicon = &lexicon;
  for (const auto& e : games::registered_games()) out.push_back(e.make(ctx));
  return out;
}

// Descriptors kept for everything but connections: the store's files, the
// event loop, signals, logs, and some slack.
constexpr std::size_t kReservedDescriptors = 64;

// Raises the soft limit on open files to the hard one (many connections are
// many descriptors) and returns how many connections fit below it.
std::size_t connection_capacity() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024 - kReservedDescriptors;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = std::min<rlim_t>(limit.rlim_max, rlim_t{1} << 20);
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const auto soft = static_cast<std::size_t>(limit.rlim_cur);
  return soft > 2 * kReservedDescriptors ? soft - kReservedDescriptors : soft / 2;
}

awaitable<void> accept_loop(SharedState& server) {
  auto backoff = std::chrono::milliseconds(10);
  net::steady_timer pause(server.ioc);
  while (!server.stopping) {
    tcp::socket socket(server.ioc);
    boost::system::error_code ec;
    co_await server.acceptor.async_accept(socket, net::redirect_error(use_awaitable, ec));
    if (server.stopping || ec == net::error::operation_aborted) break;
    if (ec) {
      // Out of descriptors (EMFILE/ENFILE) or another transient failure: the
      // waiting connection stays in the backlog; try again a little later.
      ++server.metrics.accept_errors;
      log_event(LogLevel::kWarn, "accept_failed",
                {{"error", ec.message()}, {"sockets", server.sockets}, {"retry_ms", backoff.count()}});
      pause.expires_after(backoff);
      co_await pause.async_wait(net::redirect_error(use_awaitable, ec));
      backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
      continue;
    }
    backoff = std::chrono::milliseconds(10);
    if (server.sockets >= server.max_sockets) {
      ++server.metrics.refused_connections;  // full: close at once, keep a descriptor free
      socket.close(ec);
      continue;
    }
    ++server.sockets;
    net::co_spawn(server.ioc, serve_connection(server, std::move(socket)),
                  [&server](const std::exception_ptr&) { --server.sockets; });
  }
}

// A cluster node shares its numbers and reads every node's, once a second
// (room threads: Redis never blocks the network thread).
void share_numbers(SharedState& server) {
  const int64_t now = wall_ms();
  if (!server.directory || now - server.last_share_ms < 1000) return;
  server.last_share_ms = now;
  try {
    server.cluster_view.set(cluster_json(server.directory->share(server.metrics.json(server.lobby.rooms()))));
  } catch (const DirectoryError& e) {
    log_event(LogLevel::kWarn, "share_failed", {{"what", e.what()}});
  }
}

awaitable<void> tick_loop(SharedState& server) {
  while (!server.stopping) {
    server.ticker.expires_after(std::chrono::milliseconds(200));
    boost::system::error_code ec;
    co_await server.ticker.async_wait(net::redirect_error(use_awaitable, ec));
    if (server.stopping) break;
    auto tick = [&server] {
      std::vector<std::string> bots_due;
      auto deliveries = serialized(server.lobby.tick(wall_ms(), &bots_due), wall_ms());
      share_numbers(server);
      return std::make_pair(std::move(deliveries), std::move(bots_due));
    };
    auto [out, due] = co_await server.on_pool(tick);
    server.deliver(nullptr, std::move(out));
    for (const auto& room : due) server.schedule_bots(room);
  }
}

}  // namespace

SharedState::SharedState(const lexicon::Lexicon& lexicon, const ServeOptions& serve_options)
    : options(serve_options),
      store(options.store.empty() ? open_sqlite_store(options.db)
                                  : open_postgres_store(options.store, options.node)),
      directory(options.directory.empty()
                    ? nullptr
                    : open_redis_directory(options.directory, options.node, options.lease_ms)),
      lobby(make_games(lexicon), *store),
      acceptor(ioc, {net::ip::make_address(options.bind), options.port}),
      signals(ioc, SIGINT, SIGTERM),
      ticker(ioc),
      web(options.web),
      max_sockets(options.max_connections ? options.max_connections : connection_capacity()),
      pool(options.room_threads ? options.room_threads : kRoomThreads) {
  if (options.max_connections) connection_capacity();  // still raise the limit
  store->set_commit_window(std::chrono::microseconds(options.commit_window_us));
  lobby.set_deferred_bots(true);
  // Rooms do not wait for the disk: an action's messages wait instead
  // (docs/design.md, Threads). A lost append rolls its room back.
  lobby.set_async_store([this](const std::string& room) {
    if (stopping) return;
    net::post(pool, [this, room] {
      auto out = serialized(lobby.roll_back(room), wall_ms());
      if (!out.empty())
        net::post(ioc, [this, out = std::move(out)]() mutable { deliver(nullptr, std::move(out)); });
    });
  });
  lobby.set_max_rooms(options.max_rooms);
  lobby.set_directory(directory.get());
  restored = lobby.restore(wall_ms());
}

SharedState::~SharedState() {
  stopping = true;
  pool.join();
  store->flush();
}

void SharedState::schedule_bots(const std::string& room) {
  net::post(pool, [this, room] {
    for (int guard = 0; guard < 10000 && !stopping; ++guard) {
      auto job = lobby.take_bot_job(room, wall_ms());
      if (!job) return;
      std::optional<games::Action> action;
      try {
        action = job->bot->act(*job->state, job->seat);
      } catch (const std::exception& e) {
        log_event(LogLevel::kError, "bot_failed", {{"room", room}, {"what", e.what()}});
      }
      auto out = serialized(lobby.bot_moved(room, *job, std::move(action)), wall_ms());
      if (!out.empty())
        net::post(ioc, [this, out = std::move(out)]() mutable { deliver(nullptr, std::move(out)); });
    }
  });
}

bool SharedState::allow_replay(const std::string& address) {
  const auto now = std::chrono::steady_clock::now();
  if (replay_allowance.size() > 10'000) {  // forget whoever has a full allowance again
    std::erase_if(replay_allowance,
                  [&](const auto& e) { return now - e.second.last > std::chrono::seconds(10); });
  }
  auto [it, fresh] = replay_allowance.try_emplace(address, Allowance{kReplayBurst, now});
  auto& a = it->second;
  if (!fresh) {
    a.tokens = std::min(kReplayBurst,
                        a.tokens + kReplayPerSecond * std::chrono::duration<double>(now - a.last).count());
    a.last = now;
  }
  if (a.tokens < 1) return false;
  a.tokens -= 1;
  return true;
}

void SharedState::deliver(const std::shared_ptr<Subscriber>& sender, std::vector<Outbound> deliveries) {
  std::vector<Outbound> ready;
  for (auto& held : settle(std::move(deliveries), ready)) {
    // Back here, in order, once durable (or lost).
    held.until->when_settled([this, sender, out = std::move(held.deliveries)](bool, const std::string&) {
      net::post(ioc, [this, sender, out]() { deliver(sender, out); });
    });
  }
  if (!ready.empty()) metrics.errors += hub.deliver(sender, ready);
}

void SharedState::shutdown() {
  if (stopping) return;
  stopping = true;
  log_event(LogLevel::kInfo, "shutdown",
            {{"connections", metrics.connections.load()}, {"rooms", lobby.rooms()}});
  boost::system::error_code ec;
  acceptor.close(ec);
  ticker.cancel();
  signals.cancel();
  lobby.release_all();  // a cluster's other nodes take the rooms over at once
  const auto goodbye = std::make_shared<const std::string>(boost::json::serialize(games::JsonObject{
      {"type", "shutdown"},
      {"message", "Le serveur redémarre\u00a0: tu retrouveras ta place dans un instant."}}));
  for (auto* s : std::set<WebSocketSession*>(sessions)) s->close_gracefully(goodbye);
  // Give the goodbyes a moment to leave, then stop whatever is left.
  auto timer = std::make_shared<net::steady_timer>(ioc, std::chrono::milliseconds(500));
  timer->async_wait([this, timer](const boost::system::error_code&) { ioc.stop(); });
}

HttpServer::HttpServer(const lexicon::Lexicon& lexicon, const ServeOptions& options)
    : impl_(std::make_unique<SharedState>(lexicon, options)) {}

HttpServer::~HttpServer() = default;

uint16_t HttpServer::port() const {
  return impl_->acceptor.local_endpoint().port();
}

std::size_t HttpServer::web_files() const {
  return impl_->web.size();
}

void HttpServer::run() {
  auto& s = *impl_;
  s.signals.async_wait([&s](const boost::system::error_code& ec, int) {
    if (!ec) s.shutdown();
  });
  log_event(LogLevel::kInfo, "listening",
            {{"port", port()},
             {"node", s.options.node},
             {"restored", s.restored},
             {"web_files", s.web.size()},
             {"max_connections", s.max_sockets}});
  net::co_spawn(s.ioc, accept_loop(s), net::detached);
  net::co_spawn(s.ioc, tick_loop(s), net::detached);
  s.ioc.run();
}

void HttpServer::stop() {
  net::post(impl_->ioc, [this] { impl_->shutdown(); });
}

}  // namespace logomachie::server
