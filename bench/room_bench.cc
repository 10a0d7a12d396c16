// The server's own work for one action, without the network (issue 22,
// docs/benchmarks.md "The work of one action"): a Word Bank room of four
// players, as bench/peers/load.mjs plays it (the player whose turn it is
// passes; 80 passes end a game and the host starts the next), driven through
// Lobby::handle and hub's serialized() exactly as a WebSocket session does,
// on a SQLite store (every action durable before its views come back). One
// iteration is one pass: parsing, the engine, the append, every member's
// view, the French sentences and the JSON text of each message.
//
//   room_bench [--benchmark_filter=…]   (SQLite file in $TMPDIR, default /tmp)
//
// Reported: real time per action, process CPU per action (every thread:
// the commit thread too), and the bytes sent per action.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/core/game.h"
#include "games/core/registry.h"
#include "lexicon/lexicon.h"
#include "server/hub.h"
#include "server/lobby.h"
#include "server/store.h"

namespace {

using namespace logomachie;

const lexicon::Lexicon& lex() {
  static const auto l = lexicon::Lexicon::open(LOGO_LEXICON_FILE);
  return l;
}

const games::Game& word_bank() {
  static const auto game = [] {
    games::GameContext context;
    context.lexicon = &lex();
    return games::find_game("wordbank")->make(context);
  }();
  return *game;
}

// Four connections in one room, and who is to play.
class Table {
 public:
  explicit Table(server::Lobby& lobby) : lobby_(lobby) {
    send(0, R"({"type":"create","game":"wordbank","name":"hote"})");
    send(0, R"({"type":"players","players":4})");
    send(0, R"({"type":"options","options":{"stall_rounds":20}})");
    send(0, R"({"type":"seat","seat":0})");
    for (int s = 1; s < 4; ++s) {
      send(s, R"({"type":"join","room":")" + code_ + R"(","name":"joueur)" + std::to_string(s) + "\"}");
      send(s, R"({"type":"seat","seat":)" + std::to_string(s) + "}");
    }
    send(0, R"({"type":"start"})");
  }

  // The player to act passes (or the host starts the next game); returns
  // the bytes of every message that action sent.
  std::size_t step() {
    if (over_) {
      over_ = false;
      return send(0, R"({"type":"start"})");
    }
    return send(turn_,
                R"({"type":"act","version":)" + std::to_string(version_) + R"(,"action":{"type":"pass"}})");
  }

 private:
  std::size_t send(int seat, const std::string& text) {
    now_ += 1000;  // a second apart: under every rate limit
    const auto out = server::serialized(lobby_.handle(conns_[seat], text, now_), now_);
    std::size_t bytes = 0;
    for (const auto& o : out) {
      bytes += o.text->size();
      // Who gets a view with your_turn.
      const auto& t = *o.text;
      if (t.find(R"("type":"welcome")") != std::string::npos && code_.empty()) {
        const auto at = t.find(R"("room":")");
        code_ = t.substr(at + 8, t.find('"', at + 8) - at - 8);
      }
      if (t.find(R"("type":"view")") == std::string::npos) continue;
      const auto v = t.find(R"("version":)");
      version_ = std::atoll(t.c_str() + v + 10);
      if (t.find(R"("over":true)") != std::string::npos) over_ = true;
      if (o.member && t.find(R"("your_turn":true)") != std::string::npos) {
        for (int c = 0; c < 4; ++c) {
          if (conns_[c].member == o.member) turn_ = c;
        }
      }
    }
    return bytes;
  }

  server::Lobby& lobby_;
  server::Connection conns_[4];
  std::string code_;
  int64_t now_ = 1'000'000;
  int64_t version_ = 0;
  int turn_ = 0;
  bool over_ = false;
};

void BM_PassInAWordBankRoom(benchmark::State& state) {
  const auto dir = std::filesystem::path(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp");
  const auto db = dir / ("room-bench-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  {
    auto store = server::open_sqlite_store(db);
    server::Lobby lobby(std::vector<const games::Game*>{&word_bank()}, *store);
    Table table(lobby);
    std::size_t bytes = 0;
    for (auto _ : state) bytes += table.step();
    state.counters["bytes_per_action"] =
        benchmark::Counter(static_cast<double>(bytes), benchmark::Counter::kAvgIterations);
  }
  for (const auto* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}
BENCHMARK(BM_PassInAWordBankRoom)->MeasureProcessCPUTime()->UseRealTime()->Unit(benchmark::kMicrosecond);

// The views a room builds after each action, on one thread and without the
// store: four seats and a spectator of a fresh four-player Word Bank game,
// all at once (State::views, what Room::views calls) or one by one.
const games::State& word_bank_table() {
  static const auto state = [] {
    games::Setup setup;
    setup.players = 4;
    setup.seed = 7;
    return word_bank().new_state(setup);
  }();
  return *state;
}

std::vector<games::Viewer> four_seats_and_a_spectator() {
  return {games::Viewer::player(0), games::Viewer::player(1), games::Viewer::player(2),
          games::Viewer::player(3), games::Viewer::spectator()};
}

void BM_WordBankViewsAllAtOnce(benchmark::State& state) {
  const auto viewers = four_seats_and_a_spectator();
  for (auto _ : state) benchmark::DoNotOptimize(word_bank_table().views(viewers));
}
BENCHMARK(BM_WordBankViewsAllAtOnce)->Unit(benchmark::kMicrosecond);

void BM_WordBankViewsOneByOne(benchmark::State& state) {
  const auto viewers = four_seats_and_a_spectator();
  for (auto _ : state) {
    for (const auto& v : viewers) benchmark::DoNotOptimize(word_bank_table().view(v));
  }
}
BENCHMARK(BM_WordBankViewsOneByOne)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
