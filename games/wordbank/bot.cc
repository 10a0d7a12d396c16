#include "games/wordbank/bot.h"

#include <algorithm>

#include "games/core/rng.h"
#include "games/wordbank/wordbank.h"

namespace logomachie::games::wordbank {
namespace {

uint32_t vocabulary(BotLevel level) {
  switch (level) {
    case BotLevel::kEasy:
      return 2000;
    case BotLevel::kMedium:
      return 15000;
    case BotLevel::kHard:
      return kUnranked;
  }
  return kUnranked;
}

Action password_action(PlayerId seat, int64_t at, std::string_view word, const Placement& p) {
  JsonArray cards;
  for (int c : p.cards) cards.push_back(c);
  return Action::make(
      seat, at,
      JsonObject{
          {"type", "password"}, {"word", word}, {"cards", cards}, {"direction", to_string(p.direction)}});
}

class WordBankBot final : public Bot {
 public:
  WordBankBot(const WordBankGame& game, BotLevel level, uint64_t seed)
      : game_(game), level_(level), rng_(seed) {}

  std::optional<Action> act(const State& base, PlayerId seat) override {
    const auto& state = dynamic_cast<const WordBankState&>(base);
    const auto& d = state.data();
    if (d.over || d.current != seat) return std::nullopt;
    const auto slots = state.slots();
    SolverQuery q;
    q.circle = slots;
    q.gems = d.hand[static_cast<std::size_t>(seat)];
    q.max_rank = vocabulary(level_);
    q.used = d.used;
    const auto pass = Action::make(seat, d.now, JsonObject{{"type", "pass"}});
    switch (level_) {
      case BotLevel::kEasy: {
        // A word among its 20 best, placed from any start in any direction.
        auto options = game_.solver().top(q, 20);
        if (options.empty()) return pass;
        const auto& pick = options[rng_.below(options.size())];
        std::string letters(game_.words().key(pick.word));
        for (auto& c : letters) c = static_cast<char>(c - 'a' + 'A');
        const auto ways = placements_by_start(slots, letters, q.gems);
        return password_action(seat, d.now, pick.display, ways[rng_.below(ways.size())]);
      }
      case BotLevel::kMedium: {
        auto best = game_.solver().best(q);
        if (!best) return pass;
        return password_action(seat, d.now, best->display, best->placement);
      }
      case BotLevel::kHard: {
        auto options = game_.solver().top(q, 60);
        if (options.empty()) return pass;
        double best_value = -1e18;
        const Solution* best_word = nullptr;
        Placement best_placement;
        for (const auto& o : options) {
          std::string letters(game_.words().key(o.word));
          for (auto& c : letters) c = static_cast<char>(c - 'a' + 'A');
          for (const auto& p : placements_by_start(slots, letters, q.gems)) {
            const double v = evaluate_placement(state, p) + 1e-3 * static_cast<double>(rng_.below(100));
            if (v > best_value) {
              best_value = v;
              best_word = &o;
              best_placement = p;
            }
          }
        }
        if (!best_word) return pass;
        return password_action(seat, d.now, best_word->display, best_placement);
      }
    }
    return pass;
  }

 private:
  const WordBankGame& game_;
  BotLevel level_;
  Rng rng_;
};

}  // namespace

namespace {

// How likely a gem on a vault with `free` spaces left ends up secured (its
// vault closed) before the game ends: rough weights, tried with bench/bot_arena.
double secured_weight(int free) {
  switch (free) {
    case 0:
      return 1.0;
    case 1:
      return 0.6;
    case 2:
      return 0.4;
    case 3:
      return 0.25;
    default:
      return 0.15;
  }
}

}  // namespace

double evaluate_placement(const WordBankState& state, const Placement& placement) {
  const auto& d = state.data();
  const int me = d.current;
  const int n = state.players();
  std::vector<Vault> circle = d.circle;
  for (int c : placement.cards) circle[static_cast<std::size_t>(c)].gems.push_back(me);
  // Expected gems secured: mine count for me, the others' against me.
  double value = 0;
  for (const auto& v : circle) {
    const auto mine = static_cast<double>(std::count(v.gems.begin(), v.gems.end(), me));
    const auto theirs = static_cast<double>(v.gems.size()) - mine;
    value += secured_weight(v.free()) * (mine - theirs / std::max(1, n - 1));
  }
  if (d.hand[static_cast<std::size_t>(me)] - placement.gems() == 0) {
    // Emptying my hand ends the game now: only do it to win.
    std::vector<int> scores(static_cast<std::size_t>(n), 0);
    for (int p = 0; p < n; ++p)
      scores[static_cast<std::size_t>(p)] = p == me ? 0 : d.hand[static_cast<std::size_t>(p)];
    for (const auto& v : circle) {
      if (v.free() == 0) continue;
      for (int g : v.gems) scores[static_cast<std::size_t>(g)] += 1;
    }
    // Ties on gems go to the most vault cards (those closed by this move included).
    std::vector<std::size_t> cards(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p)
      cards[static_cast<std::size_t>(p)] = d.won[static_cast<std::size_t>(p)].size();
    for (const auto& v : circle) cards[static_cast<std::size_t>(me)] += v.free() == 0 ? 1 : 0;
    const auto m = static_cast<std::size_t>(me);
    int better = 0;
    for (std::size_t p = 0; p < scores.size(); ++p) {
      if (p == m) continue;
      better += scores[p] < scores[m] || (scores[p] == scores[m] && cards[p] > cards[m]) ? 1 : 0;
    }
    value += better == 0 ? 1000.0 : -1000.0;
  }
  return value;
}

std::unique_ptr<Bot> make_wordbank_bot(const WordBankGame& game, BotLevel level, uint64_t seed) {
  return std::make_unique<WordBankBot>(game, level, seed);
}

}  // namespace logomachie::games::wordbank
