#include "games/tapecho/bot.h"

#include <algorithm>
#include <cstdlib>

#include "games/core/rng.h"
#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {
namespace {

class TapechoBot final : public Bot {
 public:
  TapechoBot(const TapechoGame& game, BotLevel level, uint64_t seed) : game_(game), level_(level), rng_(seed) {}

  std::optional<Action> act(const State& base, PlayerId seat) override {
    const auto& s = dynamic_cast<const TapechoState&>(base);
    const auto& d = s.data();
    const auto acts = s.to_act();
    if (std::find(acts.begin(), acts.end(), seat) == acts.end()) return std::nullopt;
    auto make = [&](JsonObject body, int64_t min_ms, int64_t max_ms) {
      int64_t at = d.now + min_ms + static_cast<int64_t>(rng_.below(static_cast<uint64_t>(max_ms - min_ms + 1)));
      if (const auto dl = s.deadline()) at = std::max(d.now, std::min(at, *dl - 500));
      return Action::make(seat, at, std::move(body));
    };
    switch (d.phase) {
      case Phase::kTurn: return make(turn(s, seat), 1500, 3500);
      case Phase::kChoose: return make(keep(s), 800, 1500);
      case Phase::kReact: return make(react(s, seat), 500, 2000);
      case Phase::kOver: break;
    }
    return std::nullopt;
  }

 private:
  // What a card costs if it stays in hand.
  int weight(const TapechoState& s, int c) const {
    const auto& k = s.card(c);
    return k.kind == Kind::kAtout || k.kind == Kind::kHandicap ? std::abs(k.points) : 0;
  }

  int leader(const TapechoState& s, PlayerId seat) const {
    int best = -1;
    for (int p = 0; p < s.players(); ++p) {
      if (p != seat && (best < 0 || s.score(p) > s.score(best))) best = p;
    }
    return best;
  }

  JsonObject turn(const TapechoState& s, PlayerId seat) {
    const auto plays = s.plays(seat);
    if (plays.empty()) return {{"type", "pass"}};
    if (level_ == BotLevel::kEasy) return plays[rng_.below(plays.size())];
    // Score each play: points for itself, points taken from the leader,
    // an attack on the leader, and what the hand sheds.
    const int lead = leader(s, seat);
    double best = -1e9;
    std::size_t pick = 0;
    for (std::size_t i = 0; i < plays.size(); ++i) {
      const auto& b = plays[i];
      const auto type = b.at("type").as_string();
      const int c = game_.card_index(b.at("card").as_string());
      const auto& k = s.card(c);
      double v = 0;
      if (type == "atout") {
        v = 2.0 * k.points;
        if (s.off_context(c)) v -= level_ == BotLevel::kHard ? 0.8 * k.points : 0.5 * k.points;  // may be cancelled
      } else if (type == "handicap") {
        const int t = static_cast<int>(b.at("target").as_int64());
        v = std::abs(k.points) * (t == lead ? 2.0 : 1.4);
        if (s.off_context(c)) v -= 0.5 * std::abs(k.points);
        if (b.contains("attack")) {
          const int at = static_cast<int>(b.at("attack_target").as_int64());
          const int a = game_.card_index(b.at("attack").as_string());
          v += level_ == BotLevel::kHard ? attack_value(s, seat, at, a, b) * (at == lead ? 1.5 : 1.0) : at == lead ? 3.0 : 1.5;
        }
      } else if (type == "attack") {
        const int t = static_cast<int>(b.at("target").as_int64());
        v = t == lead ? 2.5 : 1.0;
        if (level_ == BotLevel::kHard) v = attack_value(s, seat, t, c, b) * (t == lead ? 1.5 : 1.0);
      } else if (type == "swap") {
        // Shed a card that cannot be played usefully (wrong sex, a spare reaction card).
        const bool dead = (k.kind == Kind::kAtout && !s.fits(c, seat)) || (k.kind == Kind::kHorsContexte) ||
                          (k.kind == Kind::kDefense && level_ == BotLevel::kMedium);
        v = dead ? 0.5 + weight(s, c) : -1.0;
        if (k.kind == Kind::kDefense && level_ == BotLevel::kHard) v = -3.0;  // keeps its shield
      }
      if (v > best) {
        best = v;
        pick = i;
      }
    }
    return plays[pick];
  }

  // What an attack is worth to the hard bot: points moved, cards forced on
  // the target, turns taken away.
  double attack_value(const TapechoState& s, PlayerId seat, int target, int c, const JsonObject& body) const {
    const auto& me = s.data().sides[static_cast<std::size_t>(seat)];
    const auto& t = s.data().sides[static_cast<std::size_t>(target)];
    const auto& effect = s.card(c).effect;
    auto hand_cost = [&](const std::vector<int>& hand) {
      int cost = 0;
      for (int x : hand) cost += weight(s, x);
      return cost;
    };
    if (effect == "vol-atout") return t.atouts.empty() ? 0.2 : s.card(t.atouts.back()).points * (s.fits(t.atouts.back(), seat) ? 2.0 : 1.0);
    if (effect == "defausse-atout") return t.atouts.empty() ? 0.2 : s.card(t.atouts.back()).points;
    if (effect == "double-handicap") return t.handicaps.empty() ? 0.2 : std::abs(s.card(t.handicaps.back()).points);
    if (effect == "transfert-handicap") {
      return !me.handicaps.empty() && s.fits(me.handicaps.back(), target) ? 2.0 * std::abs(s.card(me.handicaps.back()).points) : 0.2;
    }
    if (effect == "echange-main") return (hand_cost(me.hand) - weight(s, c) - hand_cost(t.hand)) / 2.0;
    if (effect == "donne-carte") return body.contains("give") ? 2.0 * weight(s, game_.card_index(body.at("give").as_string())) + 1 : 0.5;
    if (effect == "pioche-deux") return 3.0;
    if (effect == "passe-tour") return 2.5;
    if (effect == "lien") return 6.0;
    if (effect == "atout-bloque") return 1.5;
    return 0.8;  // main-ouverte
  }

  JsonObject keep(const TapechoState& s) {
    const auto& choice = s.data().choice;
    int best = choice.front();
    for (int c : choice) {
      const auto& k = s.card(c);
      const auto& b = s.card(best);
      // Prefer what can be played soon and does not weigh on the hand.
      if (k.kind == Kind::kDefense && b.kind != Kind::kDefense) best = c;
      else if (k.kind == Kind::kAtout && s.fits(c, s.data().current) && k.points > (b.kind == Kind::kAtout ? b.points : 0)) best = c;
    }
    if (level_ == BotLevel::kEasy) best = choice[rng_.below(choice.size())];
    return {{"type", "keep"}, {"card", s.card(best).id}};
  }

  JsonObject react(const TapechoState& s, PlayerId seat) {
    const auto options = s.legal_actions(seat);
    if (!options) return {{"type", "let_go"}};
    const auto& w = *s.data().window;
    for (const auto& a : *options) {
      const auto type = a.body.at("type").as_string();
      if (level_ == BotLevel::kEasy && !rng_.chance(1, 2)) break;
      if (type == "defend") return a.body;
      if (type == "hors_contexte" && w.contestable) {
        const int worth = std::abs(s.card(*w.contestable).points);
        // Cancel an opponent's atout, or a handicap someone put on this bot.
        const bool mine_helped = s.card(*w.contestable).kind == Kind::kHandicap ? w.contestable_owner == seat : w.actor != seat;
        if (mine_helped && (level_ != BotLevel::kHard || worth >= 2)) return a.body;
      }
    }
    return {{"type", "let_go"}};
  }

  const TapechoGame& game_;
  BotLevel level_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_tapecho_bot(const TapechoGame& game, BotLevel level, uint64_t seed) {
  return std::make_unique<TapechoBot>(game, level, seed);
}

}  // namespace logomachie::games::tapecho
