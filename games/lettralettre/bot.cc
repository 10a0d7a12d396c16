#include "games/lettralettre/bot.h"

#include <algorithm>

#include "games/core/rng.h"
#include "games/lettralettre/lettralettre.h"

namespace logomachie::games::lettralettre {
namespace {

class LettralettreBot final : public Bot {
 public:
  LettralettreBot(const LettralettreGame& game, BotLevel level, uint64_t seed)
      : game_(game), level_(level), rng_(seed) {}

  std::optional<Action> act(const State& base, PlayerId seat) override {
    const auto& state = dynamic_cast<const LettralettreState&>(base);
    const auto& d = state.data();
    const auto acts = state.to_act();
    if (std::find(acts.begin(), acts.end(), seat) == acts.end()) return std::nullopt;
    auto make = [&](JsonObject body) { return Action::make(seat, d.now, std::move(body)); };
    switch (d.phase) {
      case Phase::kAuction:
        return make({{"type", take(state, seat) ? "take" : "pass"}});
      case Phase::kReveal:
        return make({{"type", "ready"}});
      case Phase::kWords:
        return word(state, seat);
      case Phase::kOver:
        break;
    }
    return std::nullopt;
  }

 private:
  bool take(const LettralettreState& state, PlayerId seat) {
    const auto& d = state.data();
    if (d.tokens[static_cast<std::size_t>(seat)] == 0) return true;
    const auto* card = game_.find_constraint(d.auction_card);
    switch (level_) {
      case BotLevel::kEasy:
        return rng_.chance(1, 2);
      case BotLevel::kMedium:
        return card->bonus >= 2 || d.pot >= 2 || rng_.chance(1, 4);
      case BotLevel::kHard: {
        double mean = 0;
        for (const auto& c : game_.deck()) mean += game_.expected_score(c, d.letters, d.taboo);
        mean /= static_cast<double>(game_.deck().size());
        const double value = game_.expected_score(*card, d.letters, d.taboo) - mean;
        // A point of expected score wins rounds (each worth a 3-token swing);
        // the pot is tokens in hand; passing costs one more.
        return 1.5 * value + d.pot >= 0.5;
      }
    }
    return true;
  }

  Action word(const LettralettreState& state, PlayerId seat) {
    const auto& d = state.data();
    SolverQuery q;
    q.shown = state.allowed();
    q.stars = game_.stars();
    q.min_letters = kMinWordLetters;
    q.max_rank = level_ == BotLevel::kEasy ? 3000 : level_ == BotLevel::kMedium ? 15000 : kUnranked;
    const std::size_t limit = level_ == BotLevel::kEasy ? 3 : 1;
    std::vector<std::pair<Found, std::string>> options;
    for (const auto& id : d.held[static_cast<std::size_t>(seat)]) {
      q.constraint = game_.find_constraint(id);
      for (const auto& f : game_.solver().top(q, limit)) options.emplace_back(f, id);
    }
    if (options.empty()) return Action::make(seat, d.now, JsonObject{{"type", "give_up"}});
    std::sort(options.begin(), options.end(),
              [](const auto& a, const auto& b) { return a.first.score > b.first.score; });
    const auto& pick = level_ == BotLevel::kEasy
                           ? options[rng_.below(std::min<std::size_t>(3, options.size()))]
                           : options.front();
    return Action::make(
        seat, d.now,
        JsonObject{{"type", "submit"}, {"word", pick.first.display}, {"constraint", pick.second}});
  }

  const LettralettreGame& game_;
  BotLevel level_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_lettralettre_bot(const LettralettreGame& game, BotLevel level, uint64_t seed) {
  return std::make_unique<LettralettreBot>(game, level, seed);
}

}  // namespace logomachie::games::lettralettre
