// Bot arena: seeded games between two bot levels, for docs/bots.md.
//
//   build/release/bench/bot_arena GAME LEVEL_A LEVEL_B [GAMES] [PLAYERS]
//
// Plays GAMES games (default 1000) of GAME with PLAYERS seats (default 2),
// seat levels alternating A, B, A, … and the seating rotated every game so
// that neither level keeps the first move. A win is rank 1; a shared first
// place counts as a tie. Prints a Markdown row.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/core/registry.h"
#include "lexicon/lexicon.h"

using namespace logomachie;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bot_arena GAME LEVEL_A LEVEL_B [GAMES] [PLAYERS]\n");
    return 2;
  }
  const std::string name = argv[1], level_a = argv[2], level_b = argv[3];
  const int games_count = argc > 4 ? std::atoi(argv[4]) : 1000;
  const int players = argc > 5 ? std::atoi(argv[5]) : 2;
  const auto lex = lexicon::Lexicon::open(LOGO_LEXICON_FILE);
  games::GameContext ctx;
  ctx.lexicon = &lex;
  const auto* entry = games::find_game(name);
  if (!entry) return 2;
  const auto game = entry->make(ctx);

  int wins_a = 0, wins_b = 0, ties = 0, unfinished = 0;
  long long turns = 0, found = 0, trapped = 0;  // games reporting "turns"/"found" (TrapWords)
  long long actions = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games_count; ++g) {
    games::Setup setup;
    setup.players = players;
    setup.seed = 100000 + static_cast<uint64_t>(g);
    auto state = game->new_state(setup);
    std::vector<std::unique_ptr<games::Bot>> bots;
    std::vector<bool> is_a;
    for (int p = 0; p < players; ++p) {
      const bool a = (p + g) % 2 == 0;
      is_a.push_back(a);
      bots.push_back(game->make_bot(a ? level_a : level_b, setup.seed * 13 + static_cast<uint64_t>(p)));
    }
    int steps = 0;
    while (!state->is_terminal() && steps < 20000) {
      const auto acts = state->to_act();
      games::Action action;
      if (acts.empty()) {
        action =
            games::Action::make(games::kHost, *state->deadline(), games::JsonObject{{"type", "timeout"}});
      } else {
        auto chosen = bots[static_cast<std::size_t>(acts.front())]->act(*state, acts.front());
        if (!chosen) break;
        action = *chosen;
      }
      if (!state->apply(action).ok()) break;
      ++steps;
    }
    actions += steps;
    if (!state->is_terminal()) {
      ++unfinished;
      continue;
    }
    const auto outcome = state->outcome();
    const auto& rank = outcome.rank;
    if (const auto* details = outcome.details.if_object(); details && details->contains("found")) {
      turns += details->at("turns").to_number<long long>();
      found += details->at("found").to_number<long long>();
      if (details->contains("trapped")) trapped += details->at("trapped").to_number<long long>();
    }
    bool a_first = false, b_first = false;
    for (int p = 0; p < players; ++p) {
      if (rank[static_cast<std::size_t>(p)] == 1)
        (is_a[static_cast<std::size_t>(p)] ? a_first : b_first) = true;
    }
    if (a_first && b_first)
      ++ties;
    else if (a_first)
      ++wins_a;
    else
      ++wins_b;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("| %s | %s vs %s | %d | %d | %.1f%% | %.1f%% | %.1f%% | %d | %.1f | %.1f s |\n", name.c_str(),
              level_a.c_str(), level_b.c_str(), players, games_count, 100.0 * wins_a / games_count,
              100.0 * wins_b / games_count, 100.0 * ties / games_count, unfinished,
              static_cast<double>(actions) / games_count, secs);
  if (turns > 0) {
    std::printf("words found: %lld of %lld turns (%.1f%%); turns lost on a trap: %lld (%.1f%%)\n", found,
                turns, 100.0 * found / turns, trapped, 100.0 * trapped / turns);
  }
  return unfinished == 0 ? 0 : 1;
}
