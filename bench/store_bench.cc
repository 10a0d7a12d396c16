// The cost of a durable append, SQLite against PostgreSQL (issue 21,
// docs/benchmarks.md "Cluster"): T threads (room threads) each append
// actions to its own game as fast as the store acknowledges them, for S
// seconds; prints appends/s and the latency of one append (p50, p99). Every
// append is durable when it returns (SQLite WAL with synchronous=FULL;
// PostgreSQL with synchronous_commit on); concurrent appends share commits.
//
//   store_bench sqlite PATH [threads] [seconds]
//   store_bench postgresql://user@host:port/db [threads] [seconds]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "server/store.h"

using namespace logomachie;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: store_bench sqlite PATH | postgresql://… [threads] [seconds]\n");
    return 2;
  }
  const std::string where = argv[1];
  const bool pg = server::is_postgres_url(where);
  const int arg = pg ? 2 : 3;
  const int threads = argc > arg ? std::stoi(argv[arg]) : 8;
  const int seconds = argc > arg + 1 ? std::stoi(argv[arg + 1]) : 5;
  std::unique_ptr<server::Store> store;
  if (pg) {
    store = server::open_postgres_store(where, "bench");
  } else {
    if (argc < 3) return 2;
    std::filesystem::remove(argv[2]);
    store = server::open_sqlite_store(argv[2]);
  }
  std::mt19937_64 rng{std::random_device{}()};
  std::vector<int64_t> games;
  for (int t = 0; t < threads; ++t) {
    std::string code = "B";
    for (int i = 0; i < 9; ++i) code += static_cast<char>('A' + rng() % 26);
    store->claim_room(code, true);
    games::Record header;
    header.game = "wordbank";
    header.rules_version = 1;
    header.content_version = "bench";
    header.setup.players = 4;
    games.push_back(store->create_game(code, header, "{}"));
  }
  std::atomic<bool> stop = false;
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(threads));
  std::vector<std::thread> pool;
  const auto start = Clock::now();
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      auto& mine = latencies[static_cast<std::size_t>(t)];
      for (int64_t seq = 0; !stop; ++seq) {
        const auto action =
            games::Action::make(static_cast<int>(seq % 4), seq * 1000, games::JsonObject{{"type", "pass"}});
        const auto t0 = Clock::now();
        store->append(games[static_cast<std::size_t>(t)], seq, action);
        mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::seconds(seconds));
  stop = true;
  for (auto& th : pool) th.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  auto pct = [&](double p) {
    return all.empty() ? 0.0 : all[static_cast<std::size_t>(p * (all.size() - 1))];
  };
  std::printf(
      "{\"store\":\"%s\",\"threads\":%d,\"seconds\":%.1f,\"appends\":%zu,\"appends_per_s\":%.0f,"
      "\"p50_ms\":%.2f,\"p99_ms\":%.2f}\n",
      pg ? "postgresql" : "sqlite", threads, elapsed, all.size(), static_cast<double>(all.size()) / elapsed,
      pct(0.5), pct(0.99));
  return 0;
}
