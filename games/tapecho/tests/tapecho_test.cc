// Le Tapécho rules engine: sex rules, reaction windows (défense, the hors
// contexte race, défense against hors contexte), one attack per turn, swaps,
// scoring with cards left in hand, modes, views.
#include "games/tapecho/tapecho.h"

#include <gtest/gtest.h>

#include <set>

#include "games/core/tests/test_support.h"

namespace logomachie::games::tapecho {
namespace {

using testing::must_apply;
using testing::must_refuse;

const TapechoGame& game() {
  return dynamic_cast<const TapechoGame&>(testing::game("tapecho"));
}

// The first card of the deck matching, not in `used`.
std::string card(Kind kind, Sex sex, bool coloured, std::set<std::string>& used,
                 const std::string& effect = "") {
  for (const auto& c : game().cards()) {
    if (c.kind == kind && c.sex == sex && (c.colour.empty() != coloured) &&
        (effect.empty() || c.effect == effect) && !used.count(c.id) &&
        (coloured == false || c.colour != "jaune")) {
      used.insert(c.id);
      return c.id;
    }
  }
  ADD_FAILURE() << "no such card";
  return "";
}

// Four seats (H, F, H, F), context « plage » (jaune), seat 0 starts; each
// seat's hand begins with `hands[p]`, filled up to ten with atouts and
// handicaps nobody named.
struct Table {
  std::unique_ptr<State> state;
  int64_t t = 0;
  TapechoState& st() { return dynamic_cast<TapechoState&>(*state); }
  const TapechoData& d() { return st().data(); }
  ApplyResult act(int seat, JsonObject body) { return must_apply(*state, seat, std::move(body), t += 100); }
  void refuse(int seat, JsonObject body, std::string_view code) {
    must_refuse(*state, seat, std::move(body), code, t += 100);
  }
  int score(int p) { return st().score(p); }
  std::vector<std::string> hand(int p) {
    std::vector<std::string> out;
    for (int c : d().sides[static_cast<std::size_t>(p)].hand) out.push_back(st().card(c).id);
    return out;
  }
};

Table deal(std::vector<std::vector<std::string>> hands, std::set<std::string> used, JsonObject options = {}) {
  // Fillers: atouts and handicaps nobody named.
  std::vector<std::string> fillers;
  for (const auto& c : game().cards()) {
    if ((c.kind == Kind::kAtout || c.kind == Kind::kHandicap) && !used.count(c.id)) fillers.push_back(c.id);
  }
  std::size_t next = 0;
  for (auto& h : hands) {
    while (h.size() < 10) h.push_back(fillers.at(next++));
  }
  JsonArray deck;
  for (int round = 0; round < 10; ++round) {
    for (const auto& h : hands) deck.push_back(Json(h[static_cast<std::size_t>(round)]));
  }
  games::Setup setup;
  setup.players = static_cast<int>(hands.size());
  setup.seed = 3;
  setup.options = std::move(options);
  setup.fixed = {{"deck", deck}, {"contexts", JsonArray{"plage", "bureau", "mariage"}}, {"first_player", 0}};
  return Table{game().new_state(setup)};
}

TEST(TapechoSetup, TenCardsEachAContextAndBalancedSexes) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(g.d().sides[static_cast<std::size_t>(p)].hand.size(), 10u);
  EXPECT_EQ(g.d().context, "plage");
  EXPECT_EQ(g.d().pile.size(), game().cards().size() - 40);
  games::Setup bad;
  bad.players = 4;
  bad.options = {{"sexes", JsonArray{"H", "H", "H", "F"}}};
  EXPECT_THROW(game().new_state(bad), ActionError);  // 3 men, 1 woman: off by more than one
  bad.players = 3;
  bad.options = {};
  EXPECT_THROW(game().new_state(bad), ActionError);
}

TEST(TapechoSex, CardsOnlyGoToTheirSex) {
  std::set<std::string> used;
  const auto f_atout = card(Kind::kAtout, Sex::kF, false, used);
  const auto h_atout = card(Kind::kAtout, Sex::kH, false, used);
  const auto f_handicap = card(Kind::kHandicap, Sex::kF, false, used);
  auto g = deal({{f_atout, h_atout, f_handicap}, {}, {}, {}}, used);
  g.refuse(0, {{"type", "atout"}, {"card", f_atout}}, "wrong_sex");  // seat 0 is a man
  g.refuse(0, {{"type", "handicap"}, {"card", f_handicap}, {"target", 2}}, "wrong_sex");
  g.refuse(0, {{"type", "handicap"}, {"card", f_handicap}, {"target", 0}}, "not_yourself");
  g.act(0, {{"type", "handicap"}, {"card", f_handicap}, {"target", 1}});
  EXPECT_EQ(g.d().current, 1);
}

TEST(TapechoReactions, TheTargetsDefenseCancelsTheAttack) {
  std::set<std::string> used;
  const auto attack = card(Kind::kAttaque, Sex::kF, false, used, "passe-tour");
  const auto wonder = card(Kind::kDefense, Sex::kF, false, used);
  const auto super = card(Kind::kDefense, Sex::kH, false, used);
  auto g = deal({{attack}, {wonder, super}, {}, {}}, used);
  g.act(0, {{"type", "attack"}, {"card", attack}, {"target", 1}});
  EXPECT_EQ(to_string(g.d().phase), "react");
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{1}));  // only the target may parry
  g.refuse(1, {{"type", "defend"}, {"card", super}}, "wrong_defense");
  g.refuse(2, {{"type", "defend"}, {"card", super}}, "not_now");
  g.act(1, {{"type", "defend"}, {"card", wonder}});
  EXPECT_FALSE(g.d().sides[1].skip);
  EXPECT_EQ(g.d().current, 1);  // the défense did not use its turn
  EXPECT_EQ(g.d().sides[1].hand.size(), 9u);
}

TEST(TapechoReactions, AnUnansweredAttackStrikes) {
  std::set<std::string> used;
  const auto attack = card(Kind::kAttaque, Sex::kF, false, used, "passe-tour");
  auto g = deal({{attack}, {}, {}, {}}, used);
  g.act(0, {{"type", "attack"}, {"card", attack}, {"target", 1}});
  g.act(1, {{"type", "let_go"}});
  EXPECT_EQ(g.d().current, 2);  // seat 1 skips its turn
}

TEST(TapechoReactions, HorsContexteRaceFirstComesWinsAndCancelsTheCard) {
  std::set<std::string> used;
  const auto off = card(Kind::kAtout, Sex::kX, true, used);  // a colour other than the beach's
  const auto hors1 = card(Kind::kHorsContexte, Sex::kX, false, used);
  const auto hors2 = card(Kind::kHorsContexte, Sex::kX, false, used);
  auto g = deal({{off}, {hors1}, {hors2}, {}}, used);
  ASSERT_TRUE(g.st().off_context(game().card_index(off)));
  g.act(0, {{"type", "atout"}, {"card", off}});
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{1, 2, 3}));
  g.act(2, {{"type", "hors_contexte"}, {"card", hors2}, {"against", off}});
  g.refuse(1, {{"type", "hors_contexte"}, {"card", hors1}, {"against", off}}, "not_now");  // too late
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{0}));  // the owner may answer with a défense
  g.act(0, {{"type", "let_go"}});
  EXPECT_TRUE(g.d().sides[0].atouts.empty());
  EXPECT_EQ(g.d().current, 1);
}

TEST(TapechoReactions, ADefenseCancelsAHorsContexte) {
  std::set<std::string> used;
  const auto off = card(Kind::kAtout, Sex::kX, true, used);
  const auto super = card(Kind::kDefense, Sex::kH, false, used);
  const auto hors = card(Kind::kHorsContexte, Sex::kX, false, used);
  auto g = deal({{off, super}, {hors}, {}, {}}, used);
  g.act(0, {{"type", "atout"}, {"card", off}});
  g.act(1, {{"type", "hors_contexte"}, {"card", hors}, {"against", off}});
  g.act(0, {{"type", "defend"}, {"card", super}});
  EXPECT_EQ(g.d().sides[0].atouts.size(), 1u);  // the atout stays
}

// A hors contexte played at the last moment of the window still leaves the
// owner a whole reaction time to parry it (« immédiatement » in the rulebook).
TEST(TapechoReactions, ALateHorsContexteGivesTheOwnerAWholeReactionTime) {
  std::set<std::string> used;
  const auto off = card(Kind::kAtout, Sex::kX, true, used);
  const auto super = card(Kind::kDefense, Sex::kH, false, used);
  const auto hors = card(Kind::kHorsContexte, Sex::kX, false, used);
  auto g = deal({{off, super}, {hors}, {}, {}}, used);
  g.t = 10000;
  g.act(0, {{"type", "atout"}, {"card", off}});  // at 10 100: the window closes at 15 100
  ASSERT_EQ(*g.state->deadline(), 15100);
  g.t = 14990;
  g.act(1, {{"type", "hors_contexte"}, {"card", hors}, {"against", off}});  // at 15 090
  EXPECT_EQ(*g.state->deadline(), 15090 + 5000);
  g.t = 15150;
  g.act(0, {{"type", "defend"}, {"card", super}});  // past the first deadline, within its own
  EXPECT_EQ(g.d().sides[0].atouts.size(), 1u);      // the atout stays
  EXPECT_EQ(g.d().current, 1);
}

// The owner's new time is a whole window, not forever.
TEST(TapechoReactions, TheFreshReactionTimeEndsToo) {
  std::set<std::string> used;
  const auto off = card(Kind::kAtout, Sex::kX, true, used);
  const auto super = card(Kind::kDefense, Sex::kH, false, used);
  const auto hors = card(Kind::kHorsContexte, Sex::kX, false, used);
  auto g = deal({{off, super}, {hors}, {}, {}}, used);
  g.act(0, {{"type", "atout"}, {"card", off}});
  g.t = 4000;
  g.act(1, {{"type", "hors_contexte"}, {"card", hors}, {"against", off}});  // at 4 100
  must_refuse(*g.state, 0, {{"type", "defend"}, {"card", super}}, "too_late", 9100);
  must_apply(*g.state, kHost, {{"type", "timeout"}}, 9100);
  EXPECT_TRUE(g.d().sides[0].atouts.empty());  // cancelled
}

TEST(TapechoReactions, SpotlessOrMatchingCardsCannotBeContested) {
  std::set<std::string> used;
  const auto plain = card(Kind::kAtout, Sex::kX, false, used);
  auto g = deal({{plain}, {}, {}, {}}, used);
  g.act(0, {{"type", "atout"}, {"card", plain}});
  EXPECT_EQ(to_string(g.d().phase), "turn");  // no window
  EXPECT_EQ(g.d().current, 1);
}

TEST(TapechoAttacks, OneAttackPerTurnAndWithAHandicap) {
  std::set<std::string> used;
  const auto a1 = card(Kind::kAttaque, Sex::kX, false, used, "pioche-deux");
  const auto handicap = card(Kind::kHandicap, Sex::kF, false, used);
  const auto a2 = card(Kind::kAttaque, Sex::kF, false, used, "defausse-atout");
  auto g = deal({{handicap, a1}, {a2}, {}, {}}, used);
  // A handicap and an attack together, on the same player.
  g.act(0, {{"type", "handicap"}, {"card", handicap}, {"target", 3}, {"attack", a1}, {"attack_target", 3}});
  g.act(3, {{"type", "let_go"}});
  EXPECT_EQ(g.d().sides[3].hand.size(), 12u);  // drew two
  EXPECT_EQ(g.d().sides[3].handicaps.size(), 1u);
  ASSERT_EQ(g.d().current, 1);
  // Seat 3 has not played since: no second attack for it this turn.
  g.refuse(1, {{"type", "attack"}, {"card", a2}, {"target", 3}}, "already_attacked");
  g.act(1, {{"type", "swap"}, {"card", a2}});
  g.act(1, {{"type", "keep"}, {"card", game().cards()[static_cast<std::size_t>(g.d().choice.front())].id}});
  EXPECT_EQ(g.d().current, 2);
}

// Round 1 lays a table: seat 0 and seat 1 each put a spotless mixed atout
// on themselves, seat 2 a handicap on seat 1, seat 3 a handicap on seat 0.
// Then seat 0 plays `effect` (an attack fitting a woman) on seat 1, who lets it be.
// The attack_landed event of a window's result.
JsonObject landed(const ApplyResult& r) {
  for (const auto& e : r.events) {
    if (e.as_object().at("type") == "attack_landed") return e.as_object();
  }
  ADD_FAILURE() << "no attack_landed event";
  return {};
}

struct Attacked {
  Table g;
  std::string attack, atout0, atout1, handicap1, handicap0, spare;
  ApplyResult last;  // the window closing: the attack lands
};

Attacked attacked(const std::string& effect) {
  std::set<std::string> used;
  Attacked a;
  const bool for_women = std::any_of(game().cards().begin(), game().cards().end(),
                                     [&](const Card& c) { return c.effect == effect && c.sex == Sex::kF; });
  a.attack = card(Kind::kAttaque, for_women ? Sex::kF : Sex::kX, false, used, effect);
  a.atout0 = card(Kind::kAtout, Sex::kX, false, used);
  a.atout1 = card(Kind::kAtout, Sex::kX, false, used);
  a.handicap1 = card(Kind::kHandicap, Sex::kX, false, used);
  a.handicap0 = card(Kind::kHandicap, Sex::kX, false, used);
  a.spare = card(Kind::kAtout, Sex::kH, false, used);
  a.g = deal({{a.atout0, a.attack, a.spare}, {a.atout1}, {a.handicap1}, {a.handicap0}}, used);
  auto& g = a.g;
  g.act(0, {{"type", "atout"}, {"card", a.atout0}});
  g.act(1, {{"type", "atout"}, {"card", a.atout1}});
  g.act(2, {{"type", "handicap"}, {"card", a.handicap1}, {"target", 1}});
  g.act(3, {{"type", "handicap"}, {"card", a.handicap0}, {"target", 0}});
  JsonObject body{{"type", "attack"}, {"card", a.attack}, {"target", 1}};
  if (effect == "donne-carte") body["give"] = a.spare;
  g.act(0, std::move(body));
  a.last = g.act(1, {{"type", "let_go"}});
  return a;
}

int index(const std::string& id) {
  return game().card_index(id);
}

TEST(TapechoEffects, EachAttackDoesWhatItsCardSays) {
  {
    auto a = attacked("vol-atout");  // the target's latest atout changes sides
    EXPECT_TRUE(a.g.d().sides[1].atouts.empty());
    EXPECT_EQ(landed(a.last).at("stolen"), true);
    EXPECT_EQ(a.g.d().sides[0].atouts, (std::vector<int>{index(a.atout0), index(a.atout1)}));
  }
  {
    auto a = attacked("defausse-atout");
    EXPECT_TRUE(a.g.d().sides[1].atouts.empty());
    EXPECT_EQ(a.g.d().sides[0].atouts.size(), 1u);
  }
  {
    auto a = attacked("echange-main");
    EXPECT_EQ(a.g.hand(0).size(), 9u);  // seat 1's nine cards
    EXPECT_EQ(a.g.hand(1).size(), 8u);  // seat 0's eight left
  }
  {
    auto a = attacked("donne-carte");
    EXPECT_EQ(a.g.hand(1).size(), 10u);
    EXPECT_EQ(a.g.hand(1).back(), a.spare);
    EXPECT_EQ(a.g.hand(0).size(), 7u);
  }
  {
    auto a = attacked("transfert-handicap");  // seat 0's handicap moves onto seat 1
    EXPECT_TRUE(a.g.d().sides[0].handicaps.empty());
    EXPECT_EQ(a.g.d().sides[1].handicaps.back(), index(a.handicap0));
  }
  {
    auto a = attacked("atout-bloque");
    ASSERT_EQ(a.g.d().current, 1);
    const auto hand = a.g.hand(1);
    const auto atout = std::find_if(hand.begin(), hand.end(), [&](const std::string& id) {
      return game().cards()[static_cast<std::size_t>(index(id))].kind == Kind::kAtout &&
             a.g.st().fits(index(id), 1);
    });
    ASSERT_NE(atout, hand.end());  // its filler cards hold atouts
    a.g.refuse(1, {{"type", "atout"}, {"card", *atout}}, "atout_blocked");
    EXPECT_TRUE(a.g.d().sides[1].atout_blocked);
  }
  {
    auto a = attacked("double-handicap");
    EXPECT_EQ(a.g.d().sides[1].doubled, (std::vector<int>{index(a.handicap1)}));
    int expect = game().cards()[static_cast<std::size_t>(index(a.atout1))].points +
                 2 * game().cards()[static_cast<std::size_t>(index(a.handicap1))].points;
    for (const auto& id : a.g.hand(1))
      expect -= std::abs(game().cards()[static_cast<std::size_t>(index(id))].points);
    EXPECT_EQ(a.g.score(1), expect);
  }
  {
    auto a = attacked("lien");  // stays all game: 3 points from the target to the attacker
    ASSERT_EQ(a.g.d().links.size(), 1u);
    EXPECT_FALSE(a.g.d().sides[1].shown_attack);
    int expect = game().cards()[static_cast<std::size_t>(index(a.atout1))].points +
                 game().cards()[static_cast<std::size_t>(index(a.handicap1))].points - 3;
    for (const auto& id : a.g.hand(1))
      expect -= std::abs(game().cards()[static_cast<std::size_t>(index(id))].points);
    EXPECT_EQ(a.g.score(1), expect);
  }
}

TEST(TapechoEffects, TheEventSaysWhenAnAttackFindsNothingToActOn) {
  std::set<std::string> used;
  const auto steal = card(Kind::kAttaque, Sex::kF, false, used, "defausse-atout");  // seat 1 is a woman
  auto g = deal({{steal}, {}, {}, {}}, used);
  g.act(0, {{"type", "attack"}, {"card", steal}, {"target", 1}});  // seat 1 has no atout yet
  const auto e = landed(g.act(1, {{"type", "let_go"}}));
  EXPECT_EQ(e.at("effect"), "defausse-atout");
  EXPECT_EQ(e.at("effective"), false);
  auto a = attacked("defausse-atout");  // seat 1 had one: the helper's window is already closed
  EXPECT_TRUE(a.g.d().sides[1].atouts.empty());
}

TEST(TapechoEffects, AHandicapCannotBeDoubledTwice) {
  std::set<std::string> used;
  const auto handicap = card(Kind::kHandicap, Sex::kX, false, used);
  const auto first = card(Kind::kAttaque, Sex::kX, false, used, "double-handicap");
  const auto second = card(Kind::kAttaque, Sex::kH, false, used, "double-handicap");
  auto g = deal({{handicap, first}, {second}, {}, {}}, used);
  // Seat 0: the handicap on seat 2 (a man) with the attack that doubles it.
  g.act(0,
        {{"type", "handicap"}, {"card", handicap}, {"target", 2}, {"attack", first}, {"attack_target", 2}});
  EXPECT_EQ(landed(g.act(2, {{"type", "let_go"}})).at("effective"), true);
  auto swap = [&](int p) {  // a turn that changes nothing on the table
    const auto h = g.hand(p);
    g.act(p, {{"type", "swap"}, {"card", h.back() == second ? h.front() : h.back()}});
    g.act(p, {{"type", "keep"}, {"card", game().cards()[static_cast<std::size_t>(g.d().choice.front())].id}});
  };
  for (int p : {1, 2, 3, 0}) swap(p);
  // Seat 1 doubles the same handicap again: it still counts twice.
  g.act(1, {{"type", "attack"}, {"card", second}, {"target", 2}});
  EXPECT_EQ(landed(g.act(2, {{"type", "let_go"}})).at("effective"), false);
  EXPECT_EQ(g.d().sides[2].doubled, (std::vector<int>{index(handicap)}));
  EXPECT_EQ(g.st().table_score(2), 2 * game().cards()[static_cast<std::size_t>(index(handicap))].points);
}

TEST(TapechoEffects, ADoubledHandicapStaysDoubledWhenItMoves) {
  std::set<std::string> used;
  const auto handicap = card(Kind::kHandicap, Sex::kX, false, used);
  const auto transfer =
      card(Kind::kAttaque, Sex::kF, false, used, "transfert-handicap");  // seat 1 is a woman
  auto g = deal({{transfer}, {}, {}, {}}, used);
  TapechoData d = g.d();  // seat 0 already suffers a doubled handicap
  d.sides[0].handicaps = {index(handicap)};
  d.sides[0].doubled = {index(handicap)};
  TapechoState st(game(), d);
  must_apply(st, 0, {{"type", "attack"}, {"card", transfer}, {"target", 1}}, 100);
  must_apply(st, 1, {{"type", "let_go"}}, 200);
  EXPECT_TRUE(st.data().sides[0].doubled.empty());
  EXPECT_EQ(st.data().sides[1].doubled, (std::vector<int>{index(handicap)}));
  EXPECT_EQ(st.table_score(1), 2 * game().cards()[static_cast<std::size_t>(index(handicap))].points);
}

TEST(TapechoEffects, AShownAttackStaysUntilTheEndOfTheTargetsNextTurn) {
  auto a = attacked("main-ouverte");
  EXPECT_TRUE(a.g.d().sides[1].shown_attack);
  EXPECT_TRUE(a.g.d().sides[1].open_hand);
  a.g.act(1, {{"type", "swap"}, {"card", a.g.hand(1).front()}});
  a.g.act(1,
          {{"type", "keep"}, {"card", game().cards()[static_cast<std::size_t>(a.g.d().choice.front())].id}});
  EXPECT_FALSE(a.g.d().sides[1].shown_attack);
  EXPECT_FALSE(a.g.d().sides[1].open_hand);
}

TEST(TapechoTurns, SwapDrawsTwoKeepsOnePutsTheOtherBackOnTop) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used);
  const auto first = g.hand(0).front();
  g.act(0, {{"type", "swap"}, {"card", first}});
  const auto drawn = g.d().choice;
  ASSERT_EQ(drawn.size(), 2u);
  g.refuse(0, {{"type", "keep"}, {"card", first}}, "not_drawn");
  g.act(0, {{"type", "keep"}, {"card", game().cards()[static_cast<std::size_t>(drawn[1])].id}});
  EXPECT_EQ(g.d().pile.front(), drawn[0]);
  EXPECT_EQ(g.d().sides[0].hand.size(), 10u);
}

TEST(TapechoScoring, CardsLeftInHandCostTheirAbsoluteValue) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used);
  int in_hand = 0;
  for (int c : g.d().sides[0].hand) in_hand += std::abs(g.st().card(c).points);
  EXPECT_EQ(g.score(0), -in_hand);
}

TEST(TapechoScoring, TheGameEndsWhenAHandIsEmptyAndTheWinnerStartsTheNext) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used, {{"games", 2}});
  for (int step = 0; step < 2000 && g.d().game_no == 1; ++step) {
    const auto acts = g.state->to_act();
    const int p = acts.front();
    const auto bot = game().make_bot("medium", 1);
    auto a = bot->act(*g.state, p);
    ASSERT_TRUE(a);
    a->at = g.t += 100;
    ASSERT_TRUE(g.state->apply(*a).ok());
  }
  ASSERT_EQ(g.d().game_no, 2);
  const auto& r = g.d().results.front().as_object();
  EXPECT_EQ(g.d().current, r.at("winner").as_int64());
  EXPECT_EQ(g.d().context, "bureau");
  int sum = 0;
  for (const auto& v : r.at("scores").as_array()) sum += static_cast<int>(v.as_int64());
  int totals = 0;
  for (int v : g.d().totals) totals += v;
  EXPECT_EQ(sum, totals);
}

TEST(TapechoModes, SexesAndCouplesAddTeamScores) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used, {{"mode", "sexes"}});
  EXPECT_EQ(g.st().teams(), (std::vector<int>{0, 1, 0, 1}));
  auto h = deal({{}, {}, {}, {}}, used = {}, {{"mode", "couples"}});
  EXPECT_EQ(h.st().teams(), (std::vector<int>{0, 0, 1, 1}));  // 1st man with 1st woman…
  games::Setup bad;
  bad.players = 5;
  bad.options = {{"mode", "couples"}};
  EXPECT_THROW(game().new_state(bad), ActionError);
}

// Medium bots play every seat until the match is over.
void play_out(Table& g) {
  const auto bot = game().make_bot("medium", 1);
  for (int step = 0; step < 3000 && to_string(g.d().phase) != "over"; ++step) {
    const auto acts = g.state->to_act();
    ASSERT_FALSE(acts.empty());
    auto a = bot->act(*g.state, acts.front());
    ASSERT_TRUE(a);
    a->at = g.t += 100;
    ASSERT_TRUE(g.state->apply(*a).ok());
  }
  ASSERT_EQ(to_string(g.d().phase), "over");
}

TEST(TapechoScoring, TheFinalScoreIsTakenAfterTheLastCardIsPlayed) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used, {{"games", 1}});
  ASSERT_NO_FATAL_FAILURE(play_out(g));
  const auto& scores = g.d().results.front().as_object().at("scores").as_array();
  int emptied = -1;
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(scores[static_cast<std::size_t>(p)].as_int64(), g.score(p)) << "seat " << p;
    if (g.d().sides[static_cast<std::size_t>(p)].hand.empty()) emptied = p;
  }
  ASSERT_GE(emptied, 0);
  // Whoever ran out of cards pays nothing for its hand.
  EXPECT_EQ(scores[static_cast<std::size_t>(emptied)].as_int64(), g.st().table_score(emptied));
}

TEST(TapechoScoring, AWholeRoundOfPassesEndsAStuckGame) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used, {{"games", 1}});
  // Nothing left to draw, and only reaction cards in hand: nobody can move.
  TapechoData d = g.d();
  d.pile.clear();
  d.discard.clear();
  std::vector<int> reactions;
  for (int c = 0; c < static_cast<int>(game().cards().size()); ++c) {
    const auto k = game().cards()[static_cast<std::size_t>(c)].kind;
    if (k == Kind::kDefense || k == Kind::kHorsContexte) reactions.push_back(c);
  }
  for (std::size_t p = 0; p < 4; ++p) d.sides[p].hand = {reactions[p]};
  TapechoState st(game(), d);
  for (int p = 0; p < 3; ++p) must_apply(st, p, {{"type", "pass"}}, 100 + p);
  EXPECT_FALSE(st.is_terminal());  // three passes: the fourth player might still move
  const auto r = must_apply(st, 3, {{"type", "pass"}}, 200);
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.data().results.size(), 1u);
}

TEST(TapechoScoring, ALastCardThatCannotBePlayedIsSwapped) {
  std::set<std::string> used;
  const auto defense = card(Kind::kDefense, Sex::kH, false, used);
  auto g = deal({{defense}, {}, {}, {}}, used);
  TapechoData d = g.d();
  d.sides[0].hand = {index(defense)};  // seat 0's last card is a défense
  TapechoState st(game(), d);
  const auto plays = st.plays(0);
  ASSERT_EQ(plays.size(), 1u);
  EXPECT_EQ(plays.front().at("type"), "swap");
  must_refuse(st, 0, {{"type", "pass"}}, "must_play", 100);
  must_apply(st, 0, {{"type", "swap"}, {"card", defense}}, 200);
  must_apply(
      st, 0,
      {{"type", "keep"}, {"card", game().cards()[static_cast<std::size_t>(st.data().choice.front())].id}},
      300);
  EXPECT_EQ(st.data().sides[0].hand.size(), 1u);  // a new card to play
  EXPECT_FALSE(st.is_terminal());
}

TEST(TapechoModes, TeamsAddTheirTotalsForTheRanking) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used, {{"games", 1}, {"mode", "couples"}});
  ASSERT_NO_FATAL_FAILURE(play_out(g));
  const auto out = g.state->outcome();
  const auto& t = g.d().totals;
  const int team0 = t[0] + t[1], team1 = t[2] + t[3];  // couples: seats 0–1 and 2–3
  EXPECT_EQ(out.rank[0], out.rank[1]);
  EXPECT_EQ(out.rank[2], out.rank[3]);
  EXPECT_EQ(out.rank[0], team0 >= team1 ? 1 : 2);
  EXPECT_EQ(out.rank[2], team1 >= team0 ? 1 : 2);
}

TEST(TapechoModes, AnAtoutMayGoOnATeammateInTheTeamModesOnly) {
  std::set<std::string> used;
  const auto f_atout = card(Kind::kAtout, Sex::kF, false, used);
  const auto f_atout2 = card(Kind::kAtout, Sex::kF, false, used);
  const auto h_atout = card(Kind::kAtout, Sex::kH, false, used);
  {
    // Couples: seat 0 (H) with seat 1 (F).
    auto g = deal({{f_atout, h_atout}, {}, {}, {}}, used, {{"mode", "couples"}});
    g.refuse(0, {{"type", "atout"}, {"card", f_atout}, {"target", 3}}, "not_a_teammate");
    g.refuse(0, {{"type", "atout"}, {"card", h_atout}, {"target", 1}}, "wrong_sex");
    JsonArray bodies;
    for (auto& b : g.st().plays(0)) bodies.push_back(std::move(b));
    const auto plays = canonical(bodies);
    EXPECT_NE(plays.find("\"card\":\"" + f_atout + "\",\"target\":1"), std::string::npos) << plays;
    g.act(0, {{"type", "atout"}, {"card", f_atout}, {"target", 1}});
    EXPECT_EQ(g.d().sides[1].atouts, (std::vector<int>{index(f_atout)}));
    EXPECT_EQ(g.st().table_score(1), game().cards()[static_cast<std::size_t>(index(f_atout))].points);
  }
  {
    // Guerre des sexes: seat 1 (F) helps seat 3 (F).
    auto g = deal({{}, {f_atout2}, {}, {}}, used = {f_atout, h_atout, f_atout2}, {{"mode", "sexes"}});
    g.act(0, {{"type", "swap"}, {"card", g.hand(0).front()}});
    g.act(0, {{"type", "keep"}, {"card", game().cards()[static_cast<std::size_t>(g.d().choice.front())].id}});
    g.act(1, {{"type", "atout"}, {"card", f_atout2}, {"target", 3}});
    EXPECT_EQ(g.d().sides[3].atouts, (std::vector<int>{index(f_atout2)}));
  }
  {
    auto g = deal({{h_atout}, {}, {}, {}}, used = {f_atout, h_atout, f_atout2});
    g.refuse(0, {{"type", "atout"}, {"card", h_atout}, {"target", 2}},
             "not_a_teammate");  // classique: on yourself
  }
}

// In the team modes an attack goes on an opponent, never on a partner
// (rulebook: « devant un adversaire de son choix »); classique has none.
TEST(TapechoModes, AttacksGoOnOpponentsOnly) {
  std::set<std::string> used;
  const auto f_attack = card(Kind::kAttaque, Sex::kF, false, used, "passe-tour");
  const auto h_attack = card(Kind::kAttaque, Sex::kH, false, used, "passe-tour");
  const auto f_handicap = card(Kind::kHandicap, Sex::kF, false, used);
  {
    // Couples: seat 0 (H) plays with seat 1 (F); seat 3 (F) is an opponent.
    auto g = deal({{f_attack, f_handicap}, {}, {}, {}}, used, {{"mode", "couples"}});
    g.refuse(0, {{"type", "attack"}, {"card", f_attack}, {"target", 1}}, "not_an_opponent");
    g.refuse(0,
             {{"type", "handicap"},
              {"card", f_handicap},
              {"target", 3},
              {"attack", f_attack},
              {"attack_target", 1}},
             "not_an_opponent");
    for (const auto& b : g.st().plays(0)) {
      if (b.contains("attack")) {
        EXPECT_NE(b.at("attack_target"), 1) << canonical(Json(b));
      }
      if (b.at("type") == "attack") {
        EXPECT_NE(b.at("target"), 1) << canonical(Json(b));
      }
    }
    EXPECT_FALSE(g.d().sides[1].attacked);  // a refused attack uses nobody's one attack
    g.act(0, {{"type", "attack"}, {"card", f_attack}, {"target", 3}});
    EXPECT_TRUE(g.d().sides[3].attacked);
  }
  {
    // Guerre des sexes: seats 0 and 2 are the men's team.
    auto g = deal({{h_attack}, {}, {}, {}}, used, {{"mode", "sexes"}});
    g.refuse(0, {{"type", "attack"}, {"card", h_attack}, {"target", 2}}, "not_an_opponent");
  }
  {
    // Classique: everybody else is an opponent.
    auto g = deal({{h_attack}, {}, {}, {}}, used);
    g.act(0, {{"type", "attack"}, {"card", h_attack}, {"target", 2}});
  }
}

TEST(TapechoViews, OnlyTableScoresArePublic) {
  std::set<std::string> used;
  auto g = deal({{}, {}, {}, {}}, used, {{"react_seconds", 7}, {"turn_seconds", 40}});
  const auto view = g.state->view(Viewer::player(0)).as_object();
  const auto& sides = view.at("sides").as_array();
  EXPECT_EQ(sides[0].as_object().at("hand_cost").as_int64(), g.st().hand_cost(0));
  EXPECT_GT(g.st().hand_cost(1), 0);
  for (int p = 1; p < 4; ++p) {
    const auto& side = sides[static_cast<std::size_t>(p)].as_object();
    EXPECT_FALSE(side.contains("hand_cost")) << "seat " << p;  // it would tell what the hidden hand weighs
    EXPECT_EQ(side.at("score").as_int64(), g.st().table_score(p));
  }
  EXPECT_EQ(view.at("react_seconds").as_int64(), 7);
  EXPECT_EQ(view.at("turn_seconds").as_int64(), 40);
}

TEST(TapechoViews, HandsAreSeenOnlyByTheirPlayers) {
  std::set<std::string> used;
  const auto open = card(Kind::kAttaque, Sex::kX, false, used, "main-ouverte");
  auto g = deal({{open}, {}, {}, {}}, used);
  const auto hand1 = canonical(
      g.state->view(Viewer::player(1)).as_object().at("sides").as_array()[1].as_object().at("hand"));
  EXPECT_EQ(canonical(g.state->view(Viewer::player(0))).find(hand1), std::string::npos);
  g.act(0, {{"type", "attack"}, {"card", open}, {"target", 1}});
  g.act(1, {{"type", "let_go"}});
  // « main ouverte »: seat 1 plays with its hand face up.
  EXPECT_NE(canonical(g.state->view(Viewer::player(0))).find("\"hand\":" + hand1), std::string::npos);
}

}  // namespace
}  // namespace logomachie::games::tapecho
