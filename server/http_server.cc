#include "server/http_server.h"

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include "games/core/json.h"
#include "games/core/registry.h"
#include "server/lobby.h"
#include "server/log.h"
#include "server/static_files.h"
#include "server/store.h"

namespace logomachie::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using net::awaitable;
using net::use_awaitable;

int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class Session;

// A delivery already serialized (on the room threads, not the network thread).
struct Outbound {
  std::string room;
  std::optional<MemberId> member;
  std::string text;
  bool error = false;
};

std::vector<Outbound> serialized(std::vector<Delivery> deliveries) {
  std::vector<Outbound> out;
  out.reserve(deliveries.size());
  for (auto& d : deliveries) {
    const bool error = d.message.as_object().at("type") == "error";
    out.push_back({std::move(d.room), d.member, boost::json::serialize(d.message), error});
  }
  return out;
}

}  // namespace

// Room threads: rules and bots are CPU work, but every accepted action also
// waits for its durable append (fsync); more threads than cores let the
// store commit the appends of several rooms together (docs/benchmarks.md).
constexpr std::size_t kRoomThreads = 8;

struct HttpServer::Impl {
  Impl(const lexicon::Lexicon& lexicon, const ServeOptions& options)
      : store(open_sqlite_store(options.db)),
        lobby(make_games(lexicon), *store),
        acceptor(ioc, {net::ip::make_address(options.bind), options.port}),
        signals(ioc, SIGINT, SIGTERM),
        ticker(ioc),
        web(options.web),
        pool(kRoomThreads) {
    lobby.set_deferred_bots(true);
    restored = lobby.restore();
  }

  // Runs `work` on the room threads and resumes the caller (a coroutine of
  // the network thread) with its result. `work` is taken by reference and
  // must be a named variable of the caller: GCC 12 destroys temporaries with
  // destructors twice in a co_await full-expression.
  template <class F>
  auto on_pool(F& work) -> awaitable<decltype(work())> {
    co_return co_await net::co_spawn(
        pool, [&work]() -> awaitable<decltype(work())> { co_return work(); }, use_awaitable);
  }
  // Lets the bots due in `room` think and play, one move at a time, on the
  // room threads (never on the network thread, never holding the room).
  void schedule_bots(const std::string& room) {
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
        auto out = serialized(lobby.bot_moved(room, *job, std::move(action)));
        if (!out.empty()) net::post(ioc, [this, out = std::move(out)]() mutable { deliver(nullptr, std::move(out)); });
      }
    });
  }

  void shutdown();

  static std::vector<std::unique_ptr<games::Game>> make_games(const lexicon::Lexicon& lexicon) {
    std::vector<std::unique_ptr<games::Game>> out;
    games::GameContext ctx;
    ctx.lexicon = &lexicon;
    for (const auto& e : games::registered_games()) out.push_back(e.make(ctx));
    return out;
  }

  void deliver(const std::shared_ptr<Session>& sender, std::vector<Outbound> deliveries);
  void subscribe(const std::shared_ptr<Session>& s, const std::string& room, MemberId member) {
    members[room][member].insert(s);
  }
  void unsubscribe(const std::shared_ptr<Session>& s, const std::string& room, std::optional<MemberId> member) {
    if (!member) return;
    auto r = members.find(room);
    if (r == members.end()) return;
    auto m = r->second.find(*member);
    if (m != r->second.end()) m->second.erase(s);
  }
  // Time to handle one message (rules, bots, durable store), in seconds.
  static constexpr std::array<double, 10> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                      0.025, 0.05, 0.1, 0.25, 1.0};
  void observe(double seconds) {
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
      if (seconds <= kBuckets[i]) ++latency_counts[i];
    }
    ++latency_count;
    latency_sum += seconds;
  }
  std::string metrics() const {
    std::string out;
    out += "# HELP logomachie_message_seconds Time to handle a message, store included.\n"
           "# TYPE logomachie_message_seconds histogram\n";
    char line[128];
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
      std::snprintf(line, sizeof line, "logomachie_message_seconds_bucket{le=\"%g\"} %llu\n", kBuckets[i],
                    static_cast<unsigned long long>(latency_counts[i]));
      out += line;
    }
    std::snprintf(line, sizeof line, "logomachie_message_seconds_bucket{le=\"+Inf\"} %llu\n",
                  static_cast<unsigned long long>(latency_count));
    out += line;
    std::snprintf(line, sizeof line, "logomachie_message_seconds_sum %.6f\nlogomachie_message_seconds_count %llu\n",
                  latency_sum, static_cast<unsigned long long>(latency_count));
    out += line;
    out += "# HELP logomachie_rooms Rooms open.\n# TYPE logomachie_rooms gauge\nlogomachie_rooms " +
           std::to_string(lobby.rooms()) + "\n";
    out += "# HELP logomachie_connections WebSocket connections open.\n# TYPE logomachie_connections gauge\n"
           "logomachie_connections " + std::to_string(connections) + "\n";
    out += "# HELP logomachie_messages_total Messages received.\n# TYPE logomachie_messages_total counter\n"
           "logomachie_messages_total " + std::to_string(messages) + "\n";
    out += "# HELP logomachie_errors_total Error replies sent.\n# TYPE logomachie_errors_total counter\n"
           "logomachie_errors_total " + std::to_string(errors) + "\n";
    return out;
  }

  net::io_context ioc{1};
  std::unique_ptr<Store> store;
  Lobby lobby;
  tcp::acceptor acceptor;
  net::signal_set signals;
  net::steady_timer ticker;
  std::size_t restored = 0;
  StaticFiles web;
  std::atomic<bool> stopping = false;
  std::set<Session*> sessions;  // every open WebSocket (for shutdown)
  std::map<std::string, std::map<MemberId, std::set<std::shared_ptr<Session>>>> members;
  std::size_t connections = 0;
  uint64_t messages = 0;
  uint64_t errors = 0;
  std::array<uint64_t, kBuckets.size()> latency_counts{};
  uint64_t latency_count = 0;
  double latency_sum = 0;
  // Rooms, bots and the store run here (declared last: stopped and joined
  // first, while the lobby and the store still exist).
  net::thread_pool pool;
};

namespace {

// One player's WebSocket: reads messages, hands them to the lobby, and writes
// replies through a queue (one write at a time).
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(HttpServer::Impl& server, websocket::stream<beast::tcp_stream> ws) : server_(server), ws_(std::move(ws)) {}

  awaitable<void> run(http::request<http::string_body> request) {
    auto self = shared_from_this();
    ++server_.connections;
    server_.sessions.insert(this);
    try {
      ws_.read_message_max(kMaxMessageBytes + 1);
      co_await ws_.async_accept(request, use_awaitable);
      accepted_ = true;
      beast::flat_buffer buffer;
      while (true) {
        buffer.clear();
        co_await ws_.async_read(buffer, use_awaitable);
        ++server_.messages;
        auto text = beast::buffers_to_string(buffer.data());
        const auto t0 = std::chrono::steady_clock::now();
        const auto before = conn_.member;
        const auto before_room = conn_.room;
        auto handle = [this, &text] { return serialized(server_.lobby.handle(conn_, text, wall_ms())); };
        auto deliveries = co_await server_.on_pool(handle);
        server_.observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (before && (before != conn_.member || before_room != conn_.room)) {
          server_.unsubscribe(self, before_room, before);  // this connection is someone else now
        }
        if (conn_.member) server_.subscribe(self, conn_.room, *conn_.member);
        server_.deliver(self, std::move(deliveries));
        if (conn_.member) server_.schedule_bots(conn_.room);
      }
    } catch (const std::exception&) {
      // closed by the peer, network error, or a message over the limit
    }
    server_.sessions.erase(this);
    server_.unsubscribe(self, conn_.room, conn_.member);
    --server_.connections;
    if (!server_.stopping) {
      try {
        auto leave = [this] { return serialized(server_.lobby.disconnect(conn_, wall_ms())); };
        auto gone = co_await server_.on_pool(leave);
        server_.deliver(nullptr, std::move(gone));  // presence for the others
      } catch (const std::exception&) {
      }
    }
  }

  void send(std::string text) {
    queue_.push_back(std::move(text));
    if (writing_) return;
    writing_ = true;
    net::co_spawn(ws_.get_executor(), write_loop(shared_from_this()), net::detached);
  }

  // Says goodbye (after what is already queued) and closes the WebSocket.
  void close_gracefully(std::string goodbye) {
    if (!accepted_) {  // still shaking hands: just hang up
      beast::error_code ec;
      beast::get_lowest_layer(ws_).socket().close(ec);
      return;
    }
    closing_ = true;
    send(std::move(goodbye));
  }

 private:
  awaitable<void> write_loop(std::shared_ptr<Session> self) {  // `self` keeps the session alive
    (void)self;
    try {
      while (!queue_.empty()) {
        const auto text = std::move(queue_.front());
        queue_.pop_front();
        ws_.text(true);
        co_await ws_.async_write(net::buffer(text), use_awaitable);
      }
      if (closing_) co_await ws_.async_close(websocket::close_code::going_away, use_awaitable);
    } catch (const std::exception&) {
      queue_.clear();
    }
    writing_ = false;
  }

  HttpServer::Impl& server_;
  websocket::stream<beast::tcp_stream> ws_;
  Connection conn_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  bool closing_ = false;
  bool accepted_ = false;
};

http::response<http::string_body> plain(const http::request<http::string_body>& req, http::status status,
                                        std::string body, std::string_view type) {
  http::response<http::string_body> res{status, req.version()};
  res.set(http::field::content_type, type);
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

http::response<http::string_body> json_reply(const http::request<http::string_body>& req, http::status status,
                                             const games::Json& body) {
  auto res = plain(req, status, boost::json::serialize(body), "application/json; charset=utf-8");
  res.set(http::field::cache_control, "no-store");
  return res;
}

// Plain HTTP: health, metrics, the JSON API and the web client's files.
http::response<http::string_body> route(HttpServer::Impl& server, const http::request<http::string_body>& req) {
  const std::string_view target(req.target().data(), req.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    return plain(req, http::status::method_not_allowed, "Méthode non permise.\n", "text/plain; charset=utf-8");
  }
  if (path == "/healthz") return plain(req, http::status::ok, "ok\n", "text/plain; charset=utf-8");
  if (path == "/metrics") return plain(req, http::status::ok, server.metrics(), "text/plain; version=0.0.4");
  if (path == "/api/games") return json_reply(req, http::status::ok, server.lobby.games_json());
  if (path == "/api/replays") return json_reply(req, http::status::ok, server.lobby.recent_json(20));
  if (path.starts_with("/api/replays/")) {
    const auto id_text = path.substr(std::string_view("/api/replays/").size());
    int64_t id = 0;
    const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
    std::optional<games::Json> replay;
    if (ec == std::errc() && end == id_text.data() + id_text.size()) replay = server.lobby.replay_json(id);
    if (!replay) {
      return json_reply(req, http::status::not_found,
                        games::JsonObject{{"code", "unknown_replay"},
                                          {"message", "Aucune partie terminée ne porte ce numéro."}});
    }
    return json_reply(req, http::status::ok, *replay);
  }
  if (path.starts_with("/api/")) {
    return json_reply(req, http::status::not_found,
                      games::JsonObject{{"code", "not_found"}, {"message", "Cette adresse n’existe pas."}});
  }
  if (const auto* file = server.web.find(target)) {
    auto res = plain(req, http::status::ok, file->body, file->content_type);
    res.set(http::field::cache_control, file->immutable ? "public, max-age=31536000, immutable" : "no-cache");
    return res;
  }
  if (server.web.empty() && path == "/") {
    return plain(req, http::status::ok,
                 "<!doctype html><html lang=\"fr\"><meta charset=\"utf-8\"><title>Logomachie</title>"
                 "<p>Logomachie est en ligne, mais l’interface web n’est pas construite : lance "
                 "<code>make run</code> (ou <code>--web build/web</code>).</p></html>\n",
                 "text/html; charset=utf-8");
  }
  return plain(req, http::status::not_found, "Page introuvable.\n", "text/plain; charset=utf-8");
}

awaitable<void> serve_connection(HttpServer::Impl& server, tcp::socket socket) {
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  try {
    while (true) {
      stream.expires_after(std::chrono::seconds(30));
      http::request<http::string_body> req;
      co_await http::async_read(stream, buffer, req, use_awaitable);
      if (websocket::is_upgrade(req) && req.target() == "/ws") {
        stream.expires_never();
        websocket::stream<beast::tcp_stream> ws(std::move(stream));
        auto session = std::make_shared<Session>(server, std::move(ws));
        co_await session->run(std::move(req));
        co_return;
      }
      const std::string_view target(req.target().data(), req.target().size());
      http::response<http::string_body> res;
      // (No co_await inside ?: — GCC 12 miscompiles it.)
      if (target.starts_with("/api/replays/")) {  // replays a whole game: off the network thread
        auto replay = [&server, &req] { return route(server, req); };
        res = co_await server.on_pool(replay);
      } else {
        res = route(server, req);
      }
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

awaitable<void> accept_loop(HttpServer::Impl& server) {
  try {
    while (true) {
      auto socket = co_await server.acceptor.async_accept(use_awaitable);
      net::co_spawn(server.ioc, serve_connection(server, std::move(socket)), net::detached);
    }
  } catch (const std::exception&) {
    // the acceptor was closed (shutdown)
  }
}

awaitable<void> tick_loop(HttpServer::Impl& server) {
  while (!server.stopping) {
    server.ticker.expires_after(std::chrono::milliseconds(200));
    beast::error_code ec;
    co_await server.ticker.async_wait(net::redirect_error(use_awaitable, ec));
    if (server.stopping) break;
    auto tick = [&server] {
      std::vector<std::string> bots_due;
      auto deliveries = serialized(server.lobby.tick(wall_ms(), &bots_due));
      return std::make_pair(std::move(deliveries), std::move(bots_due));
    };
    auto [out, due] = co_await server.on_pool(tick);
    server.deliver(nullptr, std::move(out));
    for (const auto& room : due) server.schedule_bots(room);
  }
}

}  // namespace

void HttpServer::Impl::deliver(const std::shared_ptr<Session>& sender, std::vector<Outbound> deliveries) {
  for (auto& d : deliveries) {
    if (d.error) ++errors;
    if (d.room.empty()) {
      if (sender) sender->send(std::move(d.text));
      continue;
    }
    auto room = members.find(d.room);
    if (room == members.end()) continue;
    for (auto& [member, sessions] : room->second) {
      if (d.member && *d.member != member) continue;
      for (const auto& s : sessions) s->send(d.text);
    }
  }
}

void HttpServer::Impl::shutdown() {
  if (stopping) return;
  stopping = true;
  log_event(LogLevel::kInfo, "shutdown", {{"connections", connections}, {"rooms", lobby.rooms()}});
  beast::error_code ec;
  acceptor.close(ec);
  ticker.cancel();
  signals.cancel();
  const auto goodbye = boost::json::serialize(games::JsonObject{
      {"type", "shutdown"}, {"message", "Le serveur redémarre : tu retrouveras ta place dans un instant."}});
  for (auto* s : std::set<Session*>(sessions)) s->close_gracefully(goodbye);
  // Give the goodbyes a moment to leave, then stop whatever is left.
  auto timer = std::make_shared<net::steady_timer>(ioc, std::chrono::milliseconds(500));
  timer->async_wait([this, timer](const beast::error_code&) { ioc.stop(); });
}

HttpServer::HttpServer(const lexicon::Lexicon& lexicon, const ServeOptions& options)
    : impl_(std::make_unique<Impl>(lexicon, options)) {}

HttpServer::~HttpServer() = default;

uint16_t HttpServer::port() const { return impl_->acceptor.local_endpoint().port(); }

std::size_t HttpServer::web_files() const { return impl_->web.size(); }

void HttpServer::run() {
  auto& s = *impl_;
  s.signals.async_wait([&s](const beast::error_code& ec, int) {
    if (!ec) s.shutdown();
  });
  log_event(LogLevel::kInfo, "listening", {{"port", port()}, {"restored", s.restored}, {"web_files", s.web.size()}});
  net::co_spawn(s.ioc, accept_loop(s), net::detached);
  net::co_spawn(s.ioc, tick_loop(s), net::detached);
  s.ioc.run();
}

void HttpServer::stop() {
  net::post(impl_->ioc, [this] { impl_->shutdown(); });
}

}  // namespace logomachie::server
