// The moves a player's own view offers on its turn (TapechoState::turn_moves,
// the "moves" field): the web client greys out the cards that are not there
// and enables only the targets listed, so they must be exactly what the
// engine accepts. Checked on every turn of seeded bot games in each mode:
// each card of the hand, as the move its type makes, on each seat.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "games/core/json.h"
#include "games/core/tests/test_support.h"
#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {
namespace {

const TapechoGame& game() {
  return dynamic_cast<const TapechoGame&>(testing::game("tapecho"));
}

// The opening position of a seeded four-player game, to edit into a case.
TapechoData opening() {
  games::Setup setup;
  setup.players = 4;
  setup.seed = 9;
  const auto start = game().new_state(setup);
  return dynamic_cast<const TapechoState&>(*start).data();
}

bool accepted(const State& s, PlayerId p, JsonObject body) {
  return s.clone()->apply(Action::make(p, s.now(), std::move(body))).ok();
}

// The targets the view lists for `id` (empty: not playable now).
std::vector<int> targets_of(const JsonObject& moves, std::string_view id) {
  for (const auto& m : get_array(moves, "cards")) {
    const auto& o = m.as_object();
    if (get_string(o, "card") != id) continue;
    std::vector<int> out;
    for (const auto& t : get_array(o, "targets")) out.push_back(static_cast<int>(t.as_int64()));
    return out;
  }
  return {};
}

bool has(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Checks the current player's moves against the engine; returns how many
// (card, seat) pairs were tried.
int check_turn(const TapechoState& s) {
  const PlayerId p = s.data().current;
  const int n = s.players();
  const auto view = s.view(Viewer::player(p)).as_object();
  EXPECT_TRUE(find_field(view, "moves")) << "the current player's view tells its moves";
  if (!find_field(view, "moves")) return 0;
  const auto& moves = get_object(view, "moves");
  // Nobody else's view does: they are the current player's hand.
  for (int q = 0; q < n; ++q) {
    if (q != p) {
      EXPECT_FALSE(find_field(s.view(Viewer::player(q)).as_object(), "moves"));
    }
  }
  EXPECT_FALSE(find_field(s.view(Viewer::spectator()).as_object(), "moves"));
  const auto& hand = s.data().sides[static_cast<std::size_t>(p)].hand;
  int tried = 0;
  std::vector<std::string> attacks;
  for (int c : hand) {
    const auto& k = s.card(c);
    if (k.kind == Kind::kAttaque) attacks.push_back(k.id);
  }
  for (int c : hand) {
    const auto& k = s.card(c);
    const auto listed = targets_of(moves, k.id);
    const char* type = k.kind == Kind::kAtout      ? "atout"
                       : k.kind == Kind::kHandicap ? "handicap"
                       : k.kind == Kind::kAttaque  ? "attack"
                                                   : nullptr;
    if (!type) {  // défense, hors contexte: played in a reaction window only
      EXPECT_TRUE(listed.empty()) << k.id;
      continue;
    }
    for (int t = 0; t < n; ++t, ++tried) {
      EXPECT_EQ(accepted(s, p, {{"type", type}, {"card", k.id}, {"target", t}}), has(listed, t))
          << type << " " << k.id << " on seat " << t << " by seat " << p;
    }
    // A handicap with an attack: the attack's targets are its own.
    if (k.kind == Kind::kHandicap && !listed.empty()) {
      for (const auto& a : attacks) {
        const auto attack_targets = targets_of(moves, a);
        for (int t = 0; t < n; ++t, ++tried) {
          EXPECT_EQ(accepted(s, p,
                             {{"type", "handicap"},
                              {"card", k.id},
                              {"target", listed.front()},
                              {"attack", a},
                              {"attack_target", t}}),
                    t != p && has(attack_targets, t))
              << k.id << " with " << a << " on seat " << t;
        }
      }
    }
  }
  EXPECT_EQ(accepted(s, p, {{"type", "swap"}, {"card", s.card(hand.front()).id}}),
            get_bool(moves, "swap", false));
  EXPECT_EQ(accepted(s, p, {{"type", "pass"}}), get_bool(moves, "pass", false));
  return tried;
}

TEST(TapechoMoves, TheViewOffersExactlyWhatTheEngineAccepts) {
  int turns = 0, tried = 0, blocked = 0, passes = 0;
  for (const char* mode : {"classique", "sexes", "couples"}) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      games::Setup setup;
      setup.players = 4 + static_cast<int>(seed % 2) * 2;
      setup.seed = seed;
      setup.options = {{"mode", mode}, {"games", 1}};
      auto state = game().new_state(setup);
      std::vector<std::unique_ptr<Bot>> bots;
      for (int p = 0; p < setup.players; ++p)
        bots.push_back(game().make_bot("medium", seed * 7 + static_cast<uint64_t>(p)));
      for (int step = 0; step < 3000 && !state->is_terminal(); ++step) {
        const auto& s = dynamic_cast<const TapechoState&>(*state);
        if (s.data().phase == Phase::kTurn) {
          ++turns;
          tried += check_turn(s);
          const auto& me = s.data().sides[static_cast<std::size_t>(s.data().current)];
          blocked += me.atout_blocked ? 1 : 0;
          passes += s.plays(s.data().current).empty() ? 1 : 0;
        }
        const auto acts = state->to_act();
        std::optional<Action> move;
        if (!acts.empty()) move = bots[static_cast<std::size_t>(acts.front())]->act(*state, acts.front());
        const auto deadline = state->deadline();
        if (!move || (deadline && move->at >= *deadline)) {
          ASSERT_TRUE(deadline);
          move = Action::make(kHost, std::max(*deadline, state->now()), JsonObject{{"type", "timeout"}});
        }
        if (move->at < state->now()) move->at = state->now();
        ASSERT_TRUE(state->apply(*move).ok());
      }
    }
  }
  // The games reached the cases that matter.
  EXPECT_GT(turns, 100);
  EXPECT_GT(tried, 2000);
  RecordProperty("turns", turns);
  RecordProperty("blocked", blocked);
  RecordProperty("passes", passes);
}

// What bot games hardly reach: nothing left to draw and only reaction cards
// in hand (the one moment a player may pass), and atouts blocked.
TEST(TapechoMoves, PassingAndBlockedAtoutsAsTheEngineSays) {
  auto d = opening();
  const int p = d.current;
  auto first = [&](Kind kind, Sex sex) {
    for (int c = 0; c < static_cast<int>(game().cards().size()); ++c) {
      const auto& k = game().cards()[static_cast<std::size_t>(c)];
      if (k.kind == kind && (kind == Kind::kHorsContexte || k.sex == sex)) return c;
    }
    ADD_FAILURE() << "no such card";
    return 0;
  };
  const auto sex = d.sex[static_cast<std::size_t>(p)];
  auto& me = d.sides[static_cast<std::size_t>(p)];
  me.hand = {first(Kind::kDefense, sex), first(Kind::kHorsContexte, sex)};
  d.pile.clear();
  d.discard.clear();
  {
    const TapechoState s(game(), d);
    const auto view = s.view(Viewer::player(p)).as_object();
    EXPECT_EQ(canonical(get_object(view, "moves")), R"({"cards":[],"pass":true,"swap":false})");
    EXPECT_TRUE(accepted(s, p, {{"type", "pass"}}));
    for (int c : me.hand) {
      for (const char* type : {"atout", "handicap", "attack"}) {
        for (int t = 0; t < s.players(); ++t)
          EXPECT_FALSE(accepted(s, p, {{"type", type}, {"card", s.card(c).id}, {"target", t}}));
      }
    }
    check_turn(s);
  }
  // An atout of one's own sex, blocked by an attack: not offered, refused;
  // the swap is offered again once there is something to draw.
  const int atout = first(Kind::kAtout, sex);
  me.hand.push_back(atout);
  me.atout_blocked = true;
  d.pile = {first(Kind::kAtout, sex == Sex::kH ? Sex::kF : Sex::kH)};
  {
    const TapechoState s(game(), d);
    const auto view = s.view(Viewer::player(p)).as_object();
    EXPECT_EQ(canonical(get_object(view, "moves")), R"({"cards":[],"pass":false,"swap":true})");
    EXPECT_EQ(check_turn(s), s.players());  // the atout tried on every seat, refused
  }
  me.atout_blocked = false;
  const TapechoState s(game(), d);
  EXPECT_EQ(targets_of(get_object(s.view(Viewer::player(p)).as_object(), "moves"),
                       game().cards()[static_cast<std::size_t>(atout)].id),
            std::vector<int>{p});
  check_turn(s);
}

// plays() (and so the view's "moves" and the rule that allows passing) says
// no swap with nothing left to draw; the swap action agrees (it used to
// discard the card first and draw it straight back: a swap that changed
// nothing but the turn, and reset the passes in a row that end a stuck game).
TEST(TapechoMoves, NoSwapWithNothingToDraw) {
  auto d = opening();
  d.pile.clear();
  d.discard.clear();
  const TapechoState s(game(), d);
  const auto& hand = d.sides[static_cast<std::size_t>(d.current)].hand;
  EXPECT_FALSE(accepted(s, d.current, {{"type", "swap"}, {"card", s.card(hand.front()).id}}));
}

}  // namespace
}  // namespace logomachie::games::tapecho
