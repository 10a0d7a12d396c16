// Load generator for `logomachie serve` (docs/benchmarks.md, "Server load"
// and "Soak").
//
// Opens many WebSocket clients on loopback, seats them in Word Bank rooms of
// --per-room players, and has each room play one action every --pace seconds
// (bot-paced: the player whose turn it is passes after the pause, so every
// action goes through the rules, the durable store and a view for everyone in
// the room). When a game ends the host starts another. Measures clients
// connected, actions acknowledged per second, and the action → view latency
// seen by the player who acted (p50, p99, max). Memory per connection is
// measured by the caller (scripts/load-bench.sh reads the server's RSS).
//
// Each room's players connect from their own loopback address (127.1.x.y),
// as players of different rooms would from their own homes: the server limits
// open rooms and failed joins per address.
//
// Soak mode (--soak, scripts/soak.sh): the same rooms, for a long time, with
// the life a real evening has. Each player drops off silently now and then
// (on average every --drop-every seconds: it stops reading and writing but
// leaves the connection open, like a phone that lost the network), stays away
// between --away-min and --away-max seconds (the server's idle timeout and
// its 60 s stand-in grace fall inside that range), then reconnects from
// scratch and resumes its seat with its token. After --games-per-room games a
// room's players all leave for good and a new room, with new players, opens
// in its place (the old one expires on the server). One JSON line per
// --report-every seconds on stdout: actions, latency, drops, resumes,
// refusals, in that window.
//
// Bounded: --clients and --seconds cap the run; everything stays on
// 127.0.0.0/8. One thread runs every client (Asio, C++20 coroutines).
//
// usage: load_bench --port N [--clients 10000] [--per-room 4] [--pace 2.0]
//                   [--seconds 30] [--ramp-per-second 2000] [--addresses 4096]
//                   [--soak] [--drop-every 600] [--away-min 5] [--away-max 120]
//                   [--games-per-room 3] [--report-every 60] [--seed 1]
// Prints one JSON object on stdout (soak: one per window, then the total).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <deque>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast.hpp>

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
  int addresses = 4096;  // loopback source addresses, one per room in turn
  bool soak = false;
  double drop_every = 600;  // mean seconds between two silent drops of a player
  double away_min = 5;
  double away_max = 120;
  int games_per_room = 3;
  double report_every = 60;
  uint64_t seed = 1;
};

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

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

std::string string_after(std::string_view text, std::string_view key) {
  const auto at = text.find(key);
  if (at == std::string_view::npos) return {};
  const auto from = at + key.size();
  const auto end = text.find('"', from);
  return end == std::string_view::npos ? std::string() : std::string(text.substr(from, end - from));
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

// What happened in one measuring window (the whole run outside soak mode).
struct Window {
  int64_t actions = 0;
  std::vector<double> latencies_ms;
  int64_t errors = 0;   // refusals of any kind
  int64_t stale = 0;    // of which "stale" (a stand-in played first)
  int64_t drops = 0;    // players gone silent
  int64_t resumes = 0;  // players back in their seat
  int64_t resume_failures = 0;
  int64_t games = 0;  // games finished
  int64_t rooms_opened = 0;
  int64_t failed_connects = 0;
  std::map<std::string, int64_t> codes;  // refusals by error code
};

struct Stats {
  bool measuring = false;
  Clock::time_point window_start;
  Window window;
  Window total;
  int64_t connected = 0;  // open connections now
  int64_t seated = 0;     // players whose room has started its first game
  template <class F>
  void count(F&& f) {
    f(window);
    f(total);
  }
};

class Client;

struct Room {
  int index = 0;  // which loopback address its players use
  std::string code;
  bool retired = false;  // its players leave for good
  std::vector<std::weak_ptr<Client>> players;
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  using OnRetire = std::function<void(int room_index)>;

  Client(net::io_context& ioc, const Options& o, Stats& stats, std::shared_ptr<Room> room, int seat,
         uint64_t seed, OnRetire on_retire)
      : ioc_(ioc),
        o_(o),
        stats_(stats),
        room_(std::move(room)),
        seat_(seat),
        rng_(seed),
        on_retire_(std::move(on_retire)),
        timer_(ioc),
        life_(ioc) {}

  void start() { net::co_spawn(ioc_, connect_and_read(), net::detached); }

  void close() {
    gone_ = true;
    timer_.cancel();
    life_.cancel();
    close_socket();
  }

  // The room's evening is over: everyone leaves for good.
  static void retire(Room& room) {
    room.retired = true;
    for (auto& p : room.players) {
      if (auto c = p.lock()) c->close();
    }
  }

 private:
  net::ip::address source_address() const {
    const int a = room_->index % std::max(1, o_.addresses);
    return net::ip::make_address_v4(net::ip::address_v4::bytes_type{
        127, 1, static_cast<unsigned char>(a / 250), static_cast<unsigned char>(a % 250 + 1)});
  }

  awaitable<void> connect_and_read() {
    auto self = shared_from_this();
    const uint64_t generation = ++generation_;
    ws_ = std::make_unique<websocket::stream<beast::tcp_stream>>(ioc_);
    auto* ws = ws_.get();
    bool open = false;
    try {
      auto& sock = beast::get_lowest_layer(*ws).socket();
      sock.open(tcp::v4());
      sock.bind(tcp::endpoint(source_address(), 0));
      co_await sock.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), o_.port), use_awaitable);
      co_await ws->async_handshake("127.0.0.1", "/ws", use_awaitable);
      open = true;
      ++stats_.connected;
      if (!token_.empty()) {
        send(R"({"type":"resume","room":")" + room_->code + R"(","token":")" + token_ + R"("})");
      } else if (seat_ == 0) {
        send(R"({"type":"create","game":"wordbank","name":"hote"})");
      } else {
        while (room_->code.empty() && !gone_) {  // the host has not opened the room yet
          timer_.expires_after(std::chrono::milliseconds(50));
          co_await timer_.async_wait(use_awaitable);
        }
        if (gone_) throw std::runtime_error("gone");
        send(R"({"type":"join","room":")" + room_->code + R"(","name":"joueur"})");
      }
      if (o_.soak && generation == 1) schedule_drop();
      beast::flat_buffer buffer;
      while (!silent_ && !gone_ && generation == generation_) {
        buffer.clear();
        co_await ws->async_read(buffer, use_awaitable);
        if (silent_ || gone_) break;  // a dropped phone hears nothing more
        on_message(beast::buffers_to_string(buffer.data()));
      }
    } catch (const std::exception&) {
      if (!open && !gone_) stats_.count([](Window& w) { ++w.failed_connects; });
      if (resuming_ && !gone_) stats_.count([](Window& w) { ++w.resume_failures; });
    }
    if (open) --stats_.connected;
  }

  // Soak: some time from now this player's phone loses the network.
  void schedule_drop() {
    std::exponential_distribution<double> next(1.0 / o_.drop_every);
    life_.expires_after(seconds(next(rng_)));
    life_.async_wait([self = shared_from_this()](const beast::error_code& ec) {
      if (ec || self->gone_) return;
      self->drop_silently();
    });
  }

  void drop_silently() {
    if (token_.empty()) {  // not in yet: try again later
      schedule_drop();
      return;
    }
    silent_ = true;  // no more reads or writes: the connection stays open, mute
    pending_ = false;
    queue_.clear();
    if (ws_) {  // a pending read would still answer the server's pings
      beast::error_code ec;
      beast::get_lowest_layer(*ws_).socket().cancel(ec);
    }
    stats_.count([](Window& w) { ++w.drops; });
    std::uniform_real_distribution<double> away(o_.away_min, o_.away_max);
    life_.expires_after(seconds(away(rng_)));
    life_.async_wait([self = shared_from_this()](const beast::error_code& ec) {
      if (ec || self->gone_) return;
      self->close_socket();  // the old connection, if the server has not closed it already
      self->silent_ = false;
      self->resuming_ = true;
      self->acted_version_ = -1;  // the game went on (or ended) meanwhile
      self->start();
      self->schedule_drop();
    });
  }

  void close_socket() {
    if (!ws_) return;
    beast::error_code ec;
    beast::get_lowest_layer(*ws_).socket().close(ec);
  }

  // Writes one at a time (a WebSocket takes no concurrent writes).
  void send(std::string text) {
    if (silent_ || gone_) return;
    queue_.push_back(std::move(text));
    if (writing_) return;
    writing_ = true;
    net::co_spawn(
        ioc_,
        [self = shared_from_this(), ws = ws_.get()]() -> awaitable<void> {
          try {
            while (!self->queue_.empty() && ws == self->ws_.get()) {
              const auto text = std::move(self->queue_.front());
              self->queue_.pop_front();
              co_await ws->async_write(net::buffer(text), use_awaitable);
            }
          } catch (const std::exception&) {
            self->queue_.clear();
          }
          self->writing_ = false;
        },
        net::detached);
  }

  void on_message(const std::string& text) {
    const std::string_view t(text);
    if (t.starts_with(R"({"type":"welcome")")) {
      if (resuming_) {
        resuming_ = false;
        stats_.count([](Window& w) { ++w.resumes; });
        return;
      }
      token_ = string_after(t, R"("token":")");
      if (seat_ == 0) {
        code_ = string_after(t, R"("room":")");
        send(R"({"type":"players","players":)" + std::to_string(o_.per_room) + "}");
        send(R"({"type":"options","options":{"stall_rounds":20}})");
      }
      send(R"({"type":"seat","seat":)" + std::to_string(seat_) + "}");
      return;
    }
    if (t.starts_with(R"({"type":"room")")) {
      // The others join once the room has all its seats (else their seat may not exist yet).
      if (seat_ == 0 && room_->code.empty() && int_after(t, R"("players":)") == o_.per_room)
        room_->code = code_;
      int taken = 0;
      for (std::size_t p = t.find(R"("seats":[)");
           (p = t.find(R"("member":)", p + 1)) != std::string_view::npos;)
        ++taken;
      if (seat_ == 0 && !started_ && taken >= o_.per_room) {
        started_ = true;
        stats_.seated += o_.per_room;
        send(R"({"type":"start"})");
      }
      return;
    }
    if (t.starts_with(R"({"type":"error")")) {
      const bool stale = t.find(R"("code":"stale")") != std::string_view::npos;
      if (resuming_) {  // the seat could not be taken back
        resuming_ = false;
        stats_.count([](Window& w) { ++w.resume_failures; });
      }
      const auto code = string_after(t, R"("code":")");
      if (stats_.measuring)
        stats_.count([&](Window& w) {
          ++w.errors;
          if (stale) ++w.stale;
          ++w.codes[code];
        });
      pending_ = false;
      return;
    }
    if (!t.starts_with(R"({"type":"view")")) return;
    const auto version = int_after(t, R"("version":)").value_or(-1);
    const bool over = t.find(R"("over":true)") != std::string_view::npos;
    if (pending_ && version > pending_version_) {  // our action came back as a view
      if (stats_.measuring) {
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count();
        stats_.count([&](Window& w) {
          ++w.actions;
          w.latencies_ms.push_back(ms);
        });
      }
      pending_ = false;
    }
    if (over) {
      // Versions count the actions of the current game and start again at 0
      // with the next one: forget what this game's versions were.
      acted_version_ = -1;
      pending_ = false;
      if (seat_ == 0 && in_game_) {
        in_game_ = false;
        ++games_;
        stats_.count([](Window& w) { ++w.games; });
        if (o_.soak && games_ >= o_.games_per_room && !room_->retired) {
          retire(*room_);
          on_retire_(room_->index);
        } else {
          send(R"({"type":"start"})");  // play again
        }
      }
      return;
    }
    in_game_ = true;
    const auto view_at = t.find(R"("view":{)");
    const auto current = int_after(t, R"("current":)", view_at == std::string_view::npos ? 0 : view_at);
    if (!current || *current != seat_ || pending_ || version <= acted_version_) return;
    acted_version_ = version;
    // Bot-paced: think, then pass (the room's next action).
    timer_.expires_after(seconds(o_.pace));
    timer_.async_wait([self = shared_from_this(), version](const beast::error_code& ec) {
      if (ec || self->silent_ || self->gone_) return;
      self->pending_ = true;
      self->pending_version_ = version;
      self->sent_at_ = Clock::now();
      self->send(R"({"type":"act","version":)" + std::to_string(version) + R"(,"action":{"type":"pass"}})");
    });
  }

  net::io_context& ioc_;
  const Options& o_;
  Stats& stats_;
  std::shared_ptr<Room> room_;
  int seat_;
  std::mt19937_64 rng_;
  OnRetire on_retire_;
  std::unique_ptr<websocket::stream<beast::tcp_stream>> ws_;
  uint64_t generation_ = 0;  // one per connection
  net::steady_timer timer_;  // the pace of our own moves
  net::steady_timer life_;   // soak: the next drop, the way back
  std::string token_;
  bool silent_ = false;
  bool resuming_ = false;
  bool gone_ = false;
  bool started_ = false;
  bool in_game_ = false;
  int games_ = 0;
  bool pending_ = false;
  int64_t pending_version_ = -1;
  int64_t acted_version_ = -1;
  Clock::time_point sent_at_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  std::string code_;  // the host's room, published once ready
};

// The refusals of a window by code, as the inside of a JSON object.
std::string codes_json(const Window& w) {
  std::string codes;
  for (const auto& [code, n] : w.codes)
    codes += (codes.empty() ? "\"" : ",\"") + code + "\":" + std::to_string(n);
  return codes;
}

void print_window(const char* kind, const Stats& stats, const Window& w, double elapsed_s, double window_s) {
  const auto codes = codes_json(w);
  const double p50 = percentile(w.latencies_ms, 0.50), p99 = percentile(w.latencies_ms, 0.99);
  const double max =
      w.latencies_ms.empty() ? 0 : *std::max_element(w.latencies_ms.begin(), w.latencies_ms.end());
  std::printf(
      "{\"kind\":\"%s\",\"elapsed_s\":%.0f,\"window_s\":%.1f,\"connected\":%lld,\"actions\":%lld,"
      "\"actions_per_s\":%.1f,\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f,\"errors\":%lld,\"stale\":%lld,"
      "\"drops\":%lld,\"resumes\":%lld,\"resume_failures\":%lld,\"games_finished\":%lld,\"rooms_opened\":%"
      "lld,"
      "\"failed_connects\":%lld,\"codes\":{%s}}\n",
      kind, elapsed_s, window_s, static_cast<long long>(stats.connected), static_cast<long long>(w.actions),
      window_s > 0 ? static_cast<double>(w.actions) / window_s : 0, p50, p99, max,
      static_cast<long long>(w.errors), static_cast<long long>(w.stale), static_cast<long long>(w.drops),
      static_cast<long long>(w.resumes), static_cast<long long>(w.resume_failures),
      static_cast<long long>(w.games), static_cast<long long>(w.rooms_opened),
      static_cast<long long>(w.failed_connects), codes.c_str());
  std::fflush(stdout);
}

int usage(std::string_view bad) {
  std::cerr << "load_bench: unknown option " << bad
            << "\nusage: load_bench --port N [--clients 10000] [--per-room 4] [--pace 2.0] [--seconds 30]"
               " [--ramp-per-second 2000] [--addresses 4096] [--soak] [--drop-every 600] [--away-min 5]"
               " [--away-max 120] [--games-per-room 3] [--report-every 60] [--seed 1]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view k = argv[i];
    if (k == "--soak") {
      o.soak = true;
      continue;
    }
    if (i + 1 >= argc) return usage(k);
    const double v = std::atof(argv[++i]);
    if (k == "--port")
      o.port = static_cast<uint16_t>(v);
    else if (k == "--clients")
      o.clients = static_cast<int>(v);
    else if (k == "--per-room")
      o.per_room = static_cast<int>(v);
    else if (k == "--pace")
      o.pace = v;
    else if (k == "--seconds")
      o.seconds = v;
    else if (k == "--ramp-per-second")
      o.ramp_per_second = static_cast<int>(v);
    else if (k == "--addresses")
      o.addresses = static_cast<int>(v);
    else if (k == "--drop-every")
      o.drop_every = v;
    else if (k == "--away-min")
      o.away_min = v;
    else if (k == "--away-max")
      o.away_max = v;
    else if (k == "--games-per-room")
      o.games_per_room = std::max(1, static_cast<int>(v));
    else if (k == "--report-every")
      o.report_every = v;
    else if (k == "--seed")
      o.seed = static_cast<uint64_t>(v);
    else
      return usage(k);
  }
  o.clients = std::clamp(o.clients, o.per_room, 50000);
  o.addresses = std::clamp(o.addresses, 1, 250 * 250);
  o.away_max = std::max(o.away_min, o.away_max);
  net::io_context ioc{1};
  Stats stats;
  std::vector<std::weak_ptr<Client>> clients;  // alive while connected or waiting to come back
  const int rooms = o.clients / o.per_room;
  std::mt19937_64 seeds(o.seed);
  int next_room = 0;

  // A room and its players; `retire` opens the room that replaces one whose
  // players left (soak).
  std::function<void()> open_room;
  open_room = [&]() {
    auto room = std::make_shared<Room>();
    room->index = next_room++;
    stats.count([](Window& w) { ++w.rooms_opened; });
    for (int s = 0; s < o.per_room; ++s) {
      auto c = std::make_shared<Client>(ioc, o, stats, room, s, seeds(),
                                        [&](int) { net::post(ioc, [&]() { open_room(); }); });
      clients.push_back(c);
      room->players.push_back(c);
      c->start();
    }
  };

  const auto t0 = Clock::now();
  net::co_spawn(
      ioc,
      [&]() -> awaitable<void> {
        net::steady_timer pause(ioc);
        // Ramp: open clients in batches, room by room.
        const int batch = std::max(o.per_room, o.ramp_per_second / 10);
        for (int r = 0; r < rooms; ++r) {
          open_room();
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
        std::cerr << "load_bench: " << stats.connected << " connected, " << stats.seated << " seated after "
                  << ramp_s << " s; measuring for " << o.seconds << " s\n";
        pause.expires_after(seconds(o.pace * 2));
        co_await pause.async_wait(use_awaitable);  // let the first paced actions start
        stats.measuring = true;
        stats.window = {};
        stats.total = {};
        const auto measure_start = Clock::now();
        stats.window_start = measure_start;
        const double step = o.soak ? std::min(o.report_every, o.seconds) : o.seconds;
        for (double done = 0; done < o.seconds; done += step) {
          pause.expires_after(seconds(std::min(step, o.seconds - done)));
          co_await pause.async_wait(use_awaitable);
          if (!o.soak) break;
          const auto now = Clock::now();
          print_window("window", stats, stats.window,
                       std::chrono::duration<double>(now - measure_start).count(),
                       std::chrono::duration<double>(now - stats.window_start).count());
          stats.window = {};
          stats.window_start = now;
        }
        stats.measuring = false;
        const double window = std::chrono::duration<double>(Clock::now() - measure_start).count();
        if (o.soak) {
          print_window("total", stats, stats.total, window, window);
        } else {
          const auto& w = stats.total;
          const double p50 = percentile(w.latencies_ms, 0.50), p99 = percentile(w.latencies_ms, 0.99);
          const double max =
              w.latencies_ms.empty() ? 0 : *std::max_element(w.latencies_ms.begin(), w.latencies_ms.end());
          std::printf(
              "{\"clients\":%d,\"connected\":%lld,\"seated\":%lld,\"rooms\":%d,\"pace_s\":%.2f,\"ramp_s\":%."
              "1f,"
              "\"window_s\":%.1f,\"actions\":%lld,\"actions_per_s\":%.1f,\"target_actions_per_s\":%.1f,"
              "\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f,\"errors\":%lld,\"games_finished\":%lld,"
              "\"failed_connects\":%lld,\"codes\":{%s}}\n",
              rooms * o.per_room, static_cast<long long>(stats.connected),
              static_cast<long long>(stats.seated), rooms, o.pace, ramp_s, window,
              static_cast<long long>(w.actions), static_cast<double>(w.actions) / window, rooms / o.pace, p50,
              p99, max, static_cast<long long>(w.errors), static_cast<long long>(w.games),
              static_cast<long long>(w.failed_connects), codes_json(w).c_str());
          std::fflush(stdout);
        }
        for (auto& p : clients) {
          if (auto c = p.lock()) c->close();
        }
        ioc.stop();
      },
      net::detached);
  ioc.run();
  return 0;
}
