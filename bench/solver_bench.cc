// Solver benchmarks: time per position of the Word Bank and Lettralettre
// solvers over random positions, side by side with a naive full scan of the
// word list (the same answers, checked here too). Prints a Markdown table.
//
//   build/release/bench/solver_bench [POSITIONS] [NAIVE_POSITIONS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/core/registry.h"
#include "games/core/rng.h"
#include "games/lettralettre/lettralettre.h"
#include "games/wordbank/wordbank.h"
#include "lexicon/lexicon.h"

using namespace logomachie;
using Clock = std::chrono::steady_clock;

namespace {

struct Stats {
  double median = 0, p90 = 0, max = 0, mean = 0;
};

Stats stats(std::vector<double> us) {
  std::sort(us.begin(), us.end());
  Stats s;
  if (us.empty()) return s;
  s.median = us[us.size() / 2];
  s.p90 = us[us.size() * 9 / 10];
  s.max = us.back();
  for (double u : us) s.mean += u;
  s.mean /= static_cast<double>(us.size());
  return s;
}

template <class F>
double time_us(F&& f) {
  const auto t0 = Clock::now();
  f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

void row(const char* what, const Stats& s) {
  std::printf("| %s | %.1f | %.1f | %.1f | %.1f |\n", what, s.median, s.p90, s.max, s.mean);
}

}  // namespace

int main(int argc, char** argv) {
  const int positions = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int naive_positions = argc > 2 ? std::atoi(argv[2]) : 40;
  const auto lex = lexicon::Lexicon::open(LOGO_LEXICON_FILE);
  games::GameContext ctx;
  ctx.lexicon = &lex;
  double build_wb = 0, build_ll = 0;
  std::unique_ptr<games::Game> wb_game, ll_game;
  wb_game = games::find_game("wordbank")->make(ctx);
  ll_game = games::find_game("lettralettre")->make(ctx);
  const auto& wb = dynamic_cast<const games::wordbank::WordBankGame&>(*wb_game);
  const auto& ll = dynamic_cast<const games::lettralettre::LettralettreGame&>(*ll_game);
  // The games build their word list and solver index on first use.
  build_wb = time_us([&] { (void)wb.solver(); });
  build_ll = time_us([&] { (void)ll.solver(); });

  std::printf("Word list: %zu common letters-only words; Word Bank trie: %zu nodes.\n", wb.words().size(),
              wb.solver().trie_nodes());
  std::printf(
      "Building the indexes on first use (word list + solver): Word Bank %.0f ms, Lettralettre %.0f ms.\n\n",
      build_wb / 1000, build_ll / 1000);
  std::printf("| solver (µs per position) | median | p90 | max | mean |\n|---|---|---|---|---|\n");

  // --- Word Bank: 7-card circles dealt from the deck, random occupancy,
  // gems in hand 1–20, 0–15 used words among frequent ones.
  games::Rng rng(2026);
  std::vector<std::string> frequent;
  for (std::size_t i = 0; i < wb.words().size(); ++i) {
    if (wb.words().rank(i) <= 5000) frequent.emplace_back(wb.words().display(i));
  }
  struct WbPos {
    std::vector<games::wordbank::Slot> circle;
    int gems;
    std::vector<std::string> used;
  };
  std::vector<WbPos> wb_positions;
  for (int i = 0; i < positions; ++i) {
    auto deck = wb.deck();
    rng.shuffle(std::span(deck));
    WbPos p;
    for (int k = 0; k < 7; ++k) {
      p.circle.push_back(
          {deck[static_cast<std::size_t>(k)].letter,
           1 + static_cast<int>(rng.below(static_cast<uint64_t>(deck[static_cast<std::size_t>(k)].spaces)))});
    }
    p.gems = 1 + static_cast<int>(rng.below(20));
    const int used = std::getenv("NO_USED") ? 0 : static_cast<int>(rng.below(16));
    for (int k = 0; k < used; ++k) p.used.push_back(frequent[rng.below(frequent.size())]);
    wb_positions.push_back(std::move(p));
  }
  std::vector<double> fast, naive;
  int mismatches = 0;
  for (std::size_t i = 0; i < wb_positions.size(); ++i) {
    const auto& p = wb_positions[i];
    games::wordbank::SolverQuery q;
    q.circle = p.circle;
    q.gems = p.gems;
    q.used = p.used;
    std::optional<games::wordbank::Solution> a, b;
    fast.push_back(time_us([&] { a = wb.solver().best(q); }));
    if (static_cast<int>(i) < naive_positions) {
      naive.push_back(time_us([&] { b = wb.solver().naive_best(q); }));
      if (a.has_value() != b.has_value() ||
          (a && (a->display != b->display || a->placement.cards != b->placement.cards))) {
        ++mismatches;
      }
    }
  }
  row("Word Bank, trie search", stats(fast));
  {
    std::vector<double> capped, open7;
    for (std::size_t i = 0; i < wb_positions.size(); ++i)
      (wb_positions[i].gems < 7 ? capped : open7).push_back(fast[i]);
    row("  of which 7+ gems in hand", stats(open7));
    row("  of which fewer than 7 gems", stats(capped));
  }
  row("Word Bank, naive full scan", stats(naive));

  // Real positions: every decision of medium bots in seeded 3-player games.
  {
    std::vector<double> real;
    const int games_count = std::max(1, positions / 20);
    for (int g = 0; g < games_count; ++g) {
      games::Setup setup;
      setup.players = 3;
      setup.seed = 7000 + static_cast<uint64_t>(g);
      auto state = wb.new_state(setup);
      auto bot = wb.make_bot("medium", 1);
      while (!state->is_terminal()) {
        const auto& st = dynamic_cast<const games::wordbank::WordBankState&>(*state);
        const auto slots = st.slots();
        games::wordbank::SolverQuery q;
        q.circle = slots;
        q.gems = st.data().hand[static_cast<std::size_t>(st.data().current)];
        q.used = st.data().used;
        real.push_back(time_us([&] { (void)wb.solver().best(q); }));
        const auto p = state->to_act().front();
        if (!state->apply(*bot->act(*state, p)).ok()) break;
      }
    }
    row("Word Bank, positions of real games (trie)", stats(real));
    std::printf("(%zu positions from %d three-player games of medium bots)\n\n", real.size(), games_count);
    std::printf("| solver (µs per position) | median | p90 | max | mean |\n|---|---|---|---|---|\n");
  }

  // --- Lettralettre: 5–8 letters and 1–2 taboo dealt from the 26 cards, the
  // game's star table, no constraint (the contract's case), then each card.
  fast.clear();
  naive.clear();
  std::vector<double> constrained;
  for (int i = 0; i < positions; ++i) {
    std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    rng.shuffle(std::span(alphabet));
    games::lettralettre::SolverQuery q;
    q.shown = alphabet.substr(0, 5 + rng.below(4));
    q.stars = ll.stars();
    std::optional<games::lettralettre::Found> a, b;
    fast.push_back(time_us([&] { a = ll.solver().best(q); }));
    if (i < naive_positions) {
      naive.push_back(time_us([&] { b = ll.solver().naive_best(q); }));
      if (a.has_value() != b.has_value() || (a && (a->display != b->display || a->score != b->score)))
        ++mismatches;
    }
    q.constraint = &ll.deck()[static_cast<std::size_t>(i) % ll.deck().size()];
    constrained.push_back(time_us([&] { a = ll.solver().best(q); }));
  }
  row("Lettralettre, letter-set groups", stats(fast));
  row("Lettralettre, naive full scan", stats(naive));
  row("Lettralettre with a constraint card", stats(constrained));
  std::printf("\n%d positions (naive: the first %d); disagreements with the naive scan: %d.\n", positions,
              naive_positions, mismatches);
  return mismatches == 0 ? 0 : 1;
}
