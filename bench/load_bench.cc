// Load generator for `logomachie serve` (docs/benchmarks.md, "Server load").
//
// Opens many WebSocket clients on loopback, seats them in Word Bank rooms of
// --per-room players, and has each room play one action every --pace seconds
// (bot-paced: the player whose turn it is passes after the pause, so every
// action goes through the rules, the durable store and a view for everyone in
// the room). When a game ends the host starts another. Measures, over the
// --seconds window after everyone is seated: clients connected, actions
// acknowledged per second, and the action → view latency seen by the player
// who acted (p50, p99, max). Memory per connection is measured by the caller
// (scripts/load-bench.sh reads the server's RSS).
//
// Bounded: --clients and --seconds cap the run; everything stays on
// 127.0.0.1. One thread runs every client (Asio, C++20 coroutines).
//
// usage: load_bench --port N [--clients 10000] [--per-room 4] [--pace 2.0]
//                   [--seconds 30] [--ramp-per-second 2000]
// Prints one JSON object on stdout.
#include <boost/asio.hpp>
#include <boost/beast.hpp>

#include <algorithm>
#include <charconv>
#include <deque>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using net::awaitable;
using net::use_awaitable;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  uint16_t port = 8080;
  int clients = 10000;
  int per_room = 4;
  double pace = 2.0;  // seconds between two actions of a room
  double seconds = 30;
  int ramp_per_second = 2000;
};

// Cheap field extraction: the server's messages are small JSON objects whose
// top-level keys we know; a full parse per message would cost the generator
// more CPU than the server spends.
std::optional<int64_t> int_after(std::string_view text, std::string_view key, std::size_t from = 0) {
  const auto at = text.find(key, from);
  if (at == std::string_view::npos) return std::nullopt;
  const char* p = text.data() + at + key.size();
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(p, text.data() + text.size(), v);
  if (ec != std::errc()) return std::nullopt;
  return v;
}

struct Stats {
  bool measuring = false;
  Clock::time_point window_start;
  int64_t actions = 0;
  std::vector<double> latencies_ms;
  int64_t errors = 0;
  int64_t connected = 0;
  int64_t seated = 0;
  int64_t games = 0;
  int64_t failed_connects = 0;
};

struct Room {
  std::string code;
  int seated = 0;
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(net::io_context& ioc, const Options& o, Stats& stats, std::shared_ptr<Room> room, int seat)
      : ioc_(ioc), o_(o), stats_(stats), room_(std::move(room)), seat_(seat), ws_(ioc), timer_(ioc) {}

  awaitable<void> run() {
    auto self = shared_from_this();
    try {
      auto& sock = beast::get_lowest_layer(ws_);
      co_await sock.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), o_.port), use_awaitable);
      co_await ws_.async_handshake("127.0.0.1", "/ws", use_awaitable);
      ++stats_.connected;
      if (seat_ == 0) {
        send(R"({"type":"create","game":"wordbank","name":"hote"})");
      } else {
        while (room_->code.empty()) {  // the host has not created the room yet
          timer_.expires_after(std::chrono::milliseconds(50));
          co_await timer_.async_wait(use_awaitable);
        }
        send(R"({"type":"join","room":")" + room_->code + R"(","name":"joueur"})");
      }
      beast::flat_buffer buffer;
      while (true) {
        buffer.clear();
        co_await ws_.async_read(buffer, use_awaitable);
        on_message(beast::buffers_to_string(buffer.data()));
      }
    } catch (const std::exception&) {
      if (stats_.connected == 0 || !joined_) ++stats_.failed_connects;
    }
  }

  void close() {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  // Writes one at a time (a WebSocket takes no concurrent writes).
  void send(std::string text) {
    queue_.push_back(std::move(text));
    if (writing_) return;
    writing_ = true;
    net::co_spawn(ioc_, [self = shared_from_this()]() -> awaitable<void> {
      try {
        while (!self->queue_.empty()) {
          const auto text = std::move(self->queue_.front());
          self->queue_.pop_front();
          co_await self->ws_.async_write(net::buffer(text), use_awaitable);
        }
      } catch (const std::exception&) {
        self->queue_.clear();
      }
      self->writing_ = false;
    }, net::detached);
  }

  void on_message(const std::string& text) {
    const std::string_view t(text);
    if (t.starts_with(R"({"type":"welcome")")) {
      joined_ = true;
      if (seat_ == 0) {
        const auto at = t.find(R"("room":")");
        code_ = std::string(t.substr(at + 8, 5));
        send(R"({"type":"players","players":)" + std::to_string(o_.per_room) + "}");
        send(R"({"type":"options","options":{"stall_rounds":20}})");
      }
      send(R"({"type":"seat","seat":)" + std::to_string(seat_) + "}");
      return;
    }
    if (t.starts_with(R"({"type":"room")")) {
      // The others join once the room has all its seats (else their seat may not exist yet).
      if (seat_ == 0 && room_->code.empty() && int_after(t, R"("players":)") == o_.per_room) room_->code = code_;
      int taken = 0;
      for (std::size_t p = t.find(R"("seats":[)"); (p = t.find(R"("member":)", p + 1)) != std::string_view::npos;) ++taken;
      if (seat_ == 0 && !started_ && taken >= o_.per_room) {
        started_ = true;
        stats_.seated += o_.per_room;
        send(R"({"type":"start"})");
      }
      return;
    }
    if (t.starts_with(R"({"type":"error")")) {
      if (stats_.measuring) ++stats_.errors;
      return;
    }
    if (!t.starts_with(R"({"type":"view")")) return;
    const auto version = int_after(t, R"("version":)").value_or(-1);
    const bool over = t.find(R"("over":true)") != std::string_view::npos;
    if (pending_ && version > pending_version_) {  // our action came back as a view
      if (stats_.measuring) {
        ++stats_.actions;
        stats_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
      }
      pending_ = false;
    }
    if (over) {
      if (seat_ == 0 && version > last_restart_) {  // play again
        last_restart_ = version;
        ++stats_.games;
        send(R"({"type":"start"})");
      }
      return;
    }
    const auto view_at = t.find(R"("view":{)");
    const auto current = int_after(t, R"("current":)", view_at == std::string_view::npos ? 0 : view_at);
    if (!current || *current != seat_ || pending_ || version <= acted_version_) return;
    acted_version_ = version;
    // Bot-paced: think, then pass (the room's next action).
    auto self = shared_from_this();
    net::co_spawn(ioc_, [self, version]() -> awaitable<void> {
      self->timer_.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(self->o_.pace)));
      co_await self->timer_.async_wait(use_awaitable);
      self->pending_ = true;
      self->pending_version_ = version;
      self->sent_at_ = Clock::now();
      self->send(R"({"type":"act","version":)" + std::to_string(version) + R"(,"action":{"type":"pass"}})");
    }, net::detached);
  }

  net::io_context& ioc_;
  const Options& o_;
  Stats& stats_;
  std::shared_ptr<Room> room_;
  int seat_;
  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  bool joined_ = false;
  bool started_ = false;
  bool pending_ = false;
  int64_t pending_version_ = -1;
  int64_t acted_version_ = -1;
  int64_t last_restart_ = -1;
  Clock::time_point sent_at_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  std::string code_;  // the host's room, published once ready
};

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view k = argv[i];
    const double v = std::atof(argv[i + 1]);
    if (k == "--port") o.port = static_cast<uint16_t>(v);
    else if (k == "--clients") o.clients = static_cast<int>(v);
    else if (k == "--per-room") o.per_room = static_cast<int>(v);
    else if (k == "--pace") o.pace = v;
    else if (k == "--seconds") o.seconds = v;
    else if (k == "--ramp-per-second") o.ramp_per_second = static_cast<int>(v);
    else {
      std::cerr << "load_bench: unknown option " << k << "\n";
      return 2;
    }
  }
  o.clients = std::clamp(o.clients, o.per_room, 50000);
  net::io_context ioc{1};
  Stats stats;
  std::vector<std::shared_ptr<Client>> clients;
  const int rooms = o.clients / o.per_room;
  clients.reserve(static_cast<std::size_t>(rooms * o.per_room));

  // Ramp: open clients in batches, room by room.
  const auto t0 = Clock::now();
  net::co_spawn(ioc, [&]() -> awaitable<void> {
    net::steady_timer pause(ioc);
    const int batch = std::max(o.per_room, o.ramp_per_second / 10);
    for (int r = 0; r < rooms; ++r) {
      auto room = std::make_shared<Room>();
      for (int s = 0; s < o.per_room; ++s) {
        auto c = std::make_shared<Client>(ioc, o, stats, room, s);
        clients.push_back(c);
        net::co_spawn(ioc, c->run(), net::detached);
      }
      if ((r + 1) * o.per_room % batch < o.per_room) {
        pause.expires_after(std::chrono::milliseconds(100));
        co_await pause.async_wait(use_awaitable);
      }
    }
    // Wait until every room has started (or 60 s), then measure.
    for (int i = 0; i < 600 && stats.seated < rooms * o.per_room; ++i) {
      pause.expires_after(std::chrono::milliseconds(100));
      co_await pause.async_wait(use_awaitable);
    }
    const double ramp_s = std::chrono::duration<double>(Clock::now() - t0).count();
    std::cerr << "load_bench: " << stats.connected << " connected, " << stats.seated << " seated after " << ramp_s
              << " s; measuring for " << o.seconds << " s\n";
    pause.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.pace * 2)));
    co_await pause.async_wait(use_awaitable);  // let the first paced actions start
    stats.measuring = true;
    stats.window_start = Clock::now();
    pause.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds)));
    co_await pause.async_wait(use_awaitable);
    stats.measuring = false;
    const double window = std::chrono::duration<double>(Clock::now() - stats.window_start).count();
    std::vector<double> lat = stats.latencies_ms;
    const double p50 = percentile(lat, 0.50), p99 = percentile(lat, 0.99);
    const double max = lat.empty() ? 0 : *std::max_element(lat.begin(), lat.end());
    std::printf(
        "{\"clients\":%d,\"connected\":%lld,\"seated\":%lld,\"rooms\":%d,\"pace_s\":%.2f,\"ramp_s\":%.1f,"
        "\"window_s\":%.1f,\"actions\":%lld,\"actions_per_s\":%.1f,\"target_actions_per_s\":%.1f,"
        "\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f,\"errors\":%lld,\"games_finished\":%lld,"
        "\"failed_connects\":%lld}\n",
        rooms * o.per_room, static_cast<long long>(stats.connected), static_cast<long long>(stats.seated), rooms,
        o.pace, ramp_s, window, static_cast<long long>(stats.actions), static_cast<double>(stats.actions) / window,
        rooms / o.pace, p50, p99, max, static_cast<long long>(stats.errors), static_cast<long long>(stats.games),
        static_cast<long long>(stats.failed_connects));
    std::fflush(stdout);
    for (auto& c : clients) c->close();
    ioc.stop();
  }, net::detached);
  ioc.run();
  return 0;
}
