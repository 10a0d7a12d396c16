#include "games/tapecho/bot.h"

#include <algorithm>
#include <cstdlib>
#include <span>

#include "games/core/rng.h"
#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {
namespace {

class TapechoBot final : public Bot {
 public:
  TapechoBot(const TapechoGame& game, BotLevel level, uint64_t seed)
      : game_(game), level_(level), rng_(seed) {
    // What an unseen card costs in hand, on average over the deck.
    int sum = 0;
    for (const auto& c : game.cards()) {
      if (c.kind == Kind::kAtout || c.kind == Kind::kHandicap) sum += std::abs(c.points);
    }
    mean_weight_ =
        game.cards().empty() ? 0.0 : static_cast<double>(sum) / static_cast<double>(game.cards().size());
  }

  std::optional<Action> act(const State& base, PlayerId seat) override {
    const auto& s = dynamic_cast<const TapechoState&>(base);
    const auto& d = s.data();
    const auto acts = s.to_act();
    if (std::find(acts.begin(), acts.end(), seat) == acts.end()) return std::nullopt;
    auto make = [&](JsonObject body, int64_t min_ms, int64_t max_ms) {
      int64_t at =
          d.now + min_ms + static_cast<int64_t>(rng_.below(static_cast<uint64_t>(max_ms - min_ms + 1)));
      if (const auto dl = s.deadline()) at = std::max(d.now, std::min(at, *dl - 500));
      return Action::make(seat, at, std::move(body));
    };
    switch (d.phase) {
      case Phase::kTurn:
        return make(turn(s, seat), 1500, 3500);
      case Phase::kChoose:
        return make(level_ == BotLevel::kHard ? search(s, seat, keeps(s)) : keep(s), 800, 1500);
      case Phase::kReact:
        return make(react(s, seat), 500, 2000);
      case Phase::kOver:
        break;
    }
    return std::nullopt;
  }

 private:
  // What a card costs if it stays in hand.
  int weight(const TapechoState& s, int c) const {
    const auto& k = s.card(c);
    return k.kind == Kind::kAtout || k.kind == Kind::kHandicap ? std::abs(k.points) : 0;
  }

  // The opponent with the most points on the table (hands are hidden).
  int leader(const TapechoState& s, PlayerId seat) const {
    int best = -1;
    for (int p = 0; p < s.players(); ++p) {
      if (p != seat && !mate(s, seat, p) && (best < 0 || s.table_score(p) > s.table_score(best))) best = p;
    }
    return best;
  }

  static bool mate(const TapechoState& s, PlayerId seat, int p) {
    const auto m = s.teammates(seat);
    return std::find(m.begin(), m.end(), p) != m.end();
  }

  JsonObject turn(const TapechoState& s, PlayerId seat) {
    const auto plays = s.plays(seat);
    if (plays.empty()) return {{"type", "pass"}};
    if (level_ == BotLevel::kEasy) return plays[rng_.below(plays.size())];
    const auto v = values(s, seat, plays);
    if (level_ == BotLevel::kHard) return search(s, seat, shortlist(plays, v));
    return plays[static_cast<std::size_t>(std::max_element(v.begin(), v.end()) - v.begin())];
  }

  // The medium bot's rough value of each play: points for itself, points
  // taken from the leader, an attack on the leader, and what the hand sheds.
  std::vector<double> values(const TapechoState& s, PlayerId seat,
                             const std::vector<JsonObject>& plays) const {
    const int lead = leader(s, seat);
    std::vector<double> out;
    for (std::size_t i = 0; i < plays.size(); ++i) {
      const auto& b = plays[i];
      const auto type = b.at("type").as_string();
      const int c = game_.card_index(b.at("card").as_string());
      const auto& k = s.card(c);
      double v = 0;
      if (type == "atout") {
        v = 2.0 * k.points;
        if (s.off_context(c)) v -= 0.5 * k.points;  // may be cancelled
      } else if (type == "handicap") {
        const int t = static_cast<int>(b.at("target").as_int64());
        v = std::abs(k.points) * (t == lead ? 2.0 : mate(s, seat, t) ? -2.0 : 1.4);
        if (s.off_context(c)) v -= 0.5 * std::abs(k.points);
        if (b.contains("attack")) {
          const int at = static_cast<int>(b.at("attack_target").as_int64());
          const int a = game_.card_index(b.at("attack").as_string());
          const double on = at == lead ? 1.5 : mate(s, seat, at) ? -1.0 : 1.0;
          v += level_ == BotLevel::kHard ? attack_value(s, seat, at, a, b) * on : on * 2.0;
        }
      } else if (type == "attack") {
        const int t = static_cast<int>(b.at("target").as_int64());
        const double on = t == lead ? 1.5 : mate(s, seat, t) ? -1.0 : 1.0;
        v = level_ == BotLevel::kHard ? attack_value(s, seat, t, c, b) * on : on * 1.7;
      } else if (type == "swap") {
        // Shed a card that cannot be played usefully (wrong sex, a spare reaction card).
        const bool dead = (k.kind == Kind::kAtout && !s.fits(c, seat)) || (k.kind == Kind::kHorsContexte) ||
                          (k.kind == Kind::kDefense && level_ == BotLevel::kMedium);
        v = dead ? 0.5 + weight(s, c) : -1.0;
        if (k.kind == Kind::kDefense && level_ == BotLevel::kHard) v = -3.0;  // keeps its shield
      }
      out.push_back(v);
    }
    return out;
  }

  // The plays worth a search: the best few by rough value, and the best
  // swap (drawing instead of playing keeps a game going).
  static std::vector<JsonObject> shortlist(const std::vector<JsonObject>& plays,
                                           const std::vector<double>& v) {
    std::vector<std::size_t> order(plays.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] > v[b]; });
    std::vector<JsonObject> out;
    bool swap = false;
    for (std::size_t i : order) {
      const bool is_swap = plays[i].at("type").as_string() == "swap";
      if (out.size() < kShortlist || (is_swap && !swap)) out.push_back(plays[i]);
      swap = swap || is_swap;
    }
    return out;
  }

  // --- the hard bot's search ---------------------------------------------------
  // For each candidate, in a few worlds consistent with what the bot sees
  // (the cards it cannot see dealt anew to the hidden hands and the pile),
  // medium bots play the game to its end; the candidate that leaves the
  // bot's team furthest ahead of the best other team on average wins.

  static constexpr std::size_t kShortlist = 6;
  static constexpr int kWorlds = 8;
  static constexpr int kRolloutSteps = 600;
  // Moves simulated per decision, at most (a world is always finished, so
  // every candidate sees the same worlds): bounds the thinking time at ten
  // players, where games are long, while staying deterministic.
  static constexpr long kSearchSteps = 40000;

  // A world: the hidden hands, the pile and the discard (swapped cards go
  // there face down) redealt from the cards `seat` cannot see, sorted first
  // so that the world depends on which cards are unseen, never on where
  // they really are; the world's own dice are the bot's, not the game's.
  TapechoData sample_world(const TapechoState& s, PlayerId seat) {
    TapechoData d = s.data();
    std::vector<int> unseen = d.pile;
    unseen.insert(unseen.end(), d.discard.begin(), d.discard.end());
    std::vector<std::size_t> hidden;
    for (std::size_t p = 0; p < d.sides.size(); ++p) {
      if (static_cast<int>(p) == seat || d.sides[p].open_hand) continue;
      hidden.push_back(p);
      unseen.insert(unseen.end(), d.sides[p].hand.begin(), d.sides[p].hand.end());
    }
    std::sort(unseen.begin(), unseen.end());
    rng_.shuffle(std::span<int>(unseen));
    std::size_t next = 0;
    for (std::size_t p : hidden) {
      for (auto& c : d.sides[p].hand) c = unseen[next++];
    }
    for (auto& c : d.pile) c = unseen[next++];
    for (auto& c : d.discard) c = unseen[next++];
    d.rng.reseed(rng_.next());
    return d;
  }

  // Where `seat`'s team stands once the game in progress is over: its
  // total minus the best other team's.
  // `extra`: per seat, points of a game cut short (empty: none).
  double standing(const TapechoState& s, PlayerId seat, const std::vector<int>& extra) const {
    const auto teams = s.teams();
    std::vector<double> team(static_cast<std::size_t>(s.players()), 0.0);
    for (int p = 0; p < s.players(); ++p) {
      const auto i = static_cast<std::size_t>(p);
      team[static_cast<std::size_t>(teams[i])] += s.data().totals[i] + (extra.empty() ? 0 : extra[i]);
    }
    const auto mine = static_cast<std::size_t>(teams[static_cast<std::size_t>(seat)]);
    double best_other = -1e9;
    for (int p = 0; p < s.players(); ++p) {
      const auto t = static_cast<std::size_t>(teams[static_cast<std::size_t>(p)]);
      if (t != mine) best_other = std::max(best_other, team[t]);
    }
    return team[mine] - best_other;
  }

  // Medium bots play `s` until the game in progress ends.
  double rollout(TapechoState& s, PlayerId seat, uint64_t seed, long& steps) const {
    TapechoBot medium(game_, BotLevel::kMedium, seed);
    const int game_no = s.data().game_no;
    for (int step = 0; step < kRolloutSteps && !s.is_terminal() && s.data().game_no == game_no;
         ++step, ++steps) {
      const auto acts = s.to_act();
      if (acts.empty()) break;
      auto a = medium.act(s, acts.front());
      if (!a || !s.apply(*a).ok()) break;
    }
    if (s.data().game_no == game_no && !s.is_terminal()) {
      // Cut short: count the game in progress as if it ended here.
      std::vector<int> now(static_cast<std::size_t>(s.players()));
      for (int p = 0; p < s.players(); ++p) now[static_cast<std::size_t>(p)] = s.score(p);
      return standing(s, seat, now);
    }
    return standing(s, seat, {});
  }

  JsonObject search(const TapechoState& s, PlayerId seat, const std::vector<JsonObject>& candidates) {
    if (candidates.size() == 1) return candidates.front();
    std::vector<double> total(candidates.size(), 0.0);
    long steps = 0;
    for (int w = 0; w < kWorlds && steps < kSearchSteps; ++w) {
      const auto world = sample_world(s, seat);
      const uint64_t seed = rng_.next();  // the same rollout dice for every candidate
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        TapechoState st(game_, world);
        if (!st.apply(Action::make(seat, world.now + 1, candidates[i])).ok()) {
          total[i] = -1e18;
          continue;
        }
        total[i] += rollout(st, seat, seed, steps);
      }
    }
    return candidates[static_cast<std::size_t>(std::max_element(total.begin(), total.end()) - total.begin())];
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
    if (effect == "vol-atout")
      return t.atouts.empty() ? 0.2
                              : s.card(t.atouts.back()).points * (s.fits(t.atouts.back(), seat) ? 2.0 : 1.0);
    if (effect == "defausse-atout") return t.atouts.empty() ? 0.2 : s.card(t.atouts.back()).points;
    if (effect == "double-handicap")
      return t.handicaps.empty() ? 0.2 : std::abs(s.card(t.handicaps.back()).points);
    if (effect == "transfert-handicap") {
      return !me.handicaps.empty() && s.fits(me.handicaps.back(), target)
                 ? 2.0 * std::abs(s.card(me.handicaps.back()).points)
                 : 0.2;
    }
    if (effect == "echange-main") {
      // The target's hand is unseen unless open: guess the deck's average.
      const double theirs =
          t.open_hand ? hand_cost(t.hand) : mean_weight_ * static_cast<double>(t.hand.size());
      return (hand_cost(me.hand) - weight(s, c) - theirs) / 2.0;
    }
    if (effect == "donne-carte")
      return body.contains("give") ? 2.0 * weight(s, game_.card_index(body.at("give").as_string())) + 1 : 0.5;
    if (effect == "pioche-deux") return 3.0;
    if (effect == "passe-tour") return 2.5;
    if (effect == "lien") return 6.0;
    if (effect == "atout-bloque") return 1.5;
    return 0.8;  // main-ouverte
  }

  std::vector<JsonObject> keeps(const TapechoState& s) const {
    std::vector<JsonObject> out;
    for (int c : s.data().choice) out.push_back({{"type", "keep"}, {"card", s.card(c).id}});
    return out;
  }

  JsonObject keep(const TapechoState& s) {
    const auto& choice = s.data().choice;
    int best = choice.front();
    for (int c : choice) {
      const auto& k = s.card(c);
      const auto& b = s.card(best);
      // Prefer what can be played soon and does not weigh on the hand.
      if ((k.kind == Kind::kDefense && b.kind != Kind::kDefense) ||
          (k.kind == Kind::kAtout && s.fits(c, s.data().current) &&
           k.points > (b.kind == Kind::kAtout ? b.points : 0)))
        best = c;
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
        // Cancel an opponent's atout, or a handicap someone put on this bot
        // (a teammate counts as the bot itself).
        const bool ours = w.contestable_owner == seat || mate(s, seat, w.contestable_owner);
        const bool mine_helped = s.card(*w.contestable).kind == Kind::kHandicap ? ours : !ours;
        if (mine_helped && (level_ != BotLevel::kHard || worth >= 2)) return a.body;
      }
    }
    return {{"type", "let_go"}};
  }

  const TapechoGame& game_;
  BotLevel level_;
  Rng rng_;
  double mean_weight_ = 0.0;
};

}  // namespace

std::unique_ptr<Bot> make_tapecho_bot(const TapechoGame& game, BotLevel level, uint64_t seed) {
  return std::make_unique<TapechoBot>(game, level, seed);
}

}  // namespace logomachie::games::tapecho
