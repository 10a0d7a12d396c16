// Word Bank rules, one test (or more) per line of the README's checklist.
#include "games/wordbank/wordbank.h"

#include <gtest/gtest.h>

#include <map>

#include "games/core/tests/test_support.h"
#include "lexicon/normalize.h"

namespace logomachie::games::wordbank {
namespace {

using testing::must_apply;
using testing::must_refuse;

const WordBankGame& wb() {
  return dynamic_cast<const WordBankGame&>(testing::game("wordbank"));
}

JsonArray cards_json(std::initializer_list<std::pair<char, int>> cards) {
  JsonArray a;
  for (auto [l, s] : cards) a.push_back(JsonObject{{"letter", std::string(1, l)}, {"spaces", s}});
  return a;
}

// The circle reconstructed from the rulebook's three examples (README):
// clockwise G I S E I R F, the deck's top card an O.
std::unique_ptr<State> golden_state(int players = 3) {
  games::Setup s;
  s.players = players;
  s.seed = 1;
  s.fixed["circle"] = cards_json({{'G', 3}, {'I', 3}, {'S', 3}, {'E', 4}, {'I', 3}, {'R', 3}, {'F', 3}});
  s.fixed["deck"] = cards_json({{'O', 3}, {'A', 3}, {'T', 4}});
  s.fixed["first_player"] = 0;
  return wb().new_state(s);
}

JsonObject password(std::string_view word, std::vector<int> cards, std::string_view dir = "cw") {
  JsonArray c;
  for (int i : cards) c.push_back(i);
  return {{"type", "password"}, {"word", word}, {"cards", c}, {"direction", dir}};
}

const WordBankData& data(const State& s) {
  return dynamic_cast<const WordBankState&>(s).data();
}

TEST(WordBankContent, DeckFollowsThePublicFacts) {
  const auto deck = standard_deck();
  ASSERT_EQ(deck.size(), 52u);
  std::map<char, std::vector<int>> by_letter;
  for (const auto& c : deck) by_letter[c.letter].push_back(c.spaces);
  EXPECT_FALSE(by_letter.contains('Y'));
  EXPECT_FALSE(by_letter.contains('Z'));
  ASSERT_TRUE(by_letter.contains('W'));
  for (int s : by_letter['W']) EXPECT_EQ(s, 2);
  for (int s : by_letter['E']) EXPECT_TRUE(s >= 3 && s <= 5);
  EXPECT_EQ(by_letter['E'].size(), 6u);  // the most frequent French letter has the most cards
}

TEST(WordBankSetup, GemsByPlayerCountAndCircleOfSeven) {
  for (auto [players, gems] : {std::pair{2, 20}, {3, 18}, {4, 15}, {5, 12}}) {
    games::Setup s;
    s.players = players;
    s.seed = 7;
    auto st = wb().new_state(s);
    const auto& d = data(*st);
    EXPECT_EQ(d.circle.size(), 7u);
    EXPECT_EQ(d.deck.size(), 45u);
    for (int h : d.hand) EXPECT_EQ(h, gems);
  }
  for (int players : {1, 6}) {
    games::Setup s;
    s.players = players;
    try {
      wb().new_state(s);
      ADD_FAILURE() << players << " players accepted";
    } catch (const ActionError& e) {
      EXPECT_EQ(e.error().code, "bad_players");
    }
  }
}

TEST(WordBankSetup, SameSeedSameDeal) {
  games::Setup s;
  s.players = 4;
  s.seed = 42;
  EXPECT_EQ(canonical(wb().new_state(s)->serialize()), canonical(wb().new_state(s)->serialize()));
  games::Setup t = s;
  t.seed = 43;
  EXPECT_NE(canonical(wb().new_state(s)->serialize()), canonical(wb().new_state(t)->serialize()));
}

TEST(WordBankGolden, GroupiesSpecifiqueFideliser) {
  auto st = golden_state();
  // Blue: GROUPIES counter-clockwise on G, R, I, E, S.
  must_apply(*st, 0, password("groupies", {0, 5, 4, 3, 2}, "ccw"));
  // Red: SPÉCIFIQUE clockwise on S, E, I, F, I. The word's last E cannot go on
  // the E: one gem per card per turn (and the E lies past the start, beyond
  // one lap, as the rulebook also says).
  must_refuse(*st, 1, password("spécifique", {2, 3, 4, 6, 1, 3}), "same_card");
  must_apply(*st, 1, password("spécifique", {2, 3, 4, 6, 1}));
  // Green: FIDÉLISER clockwise on F, I, E, I, R: the I at 4 is full and closes.
  auto r = must_apply(*st, 2, password("fidéliser", {6, 1, 3, 4, 5}));
  const auto& d = data(*st);
  EXPECT_EQ(d.hand, (std::vector<int>{13, 13, 13}));
  ASSERT_EQ(d.won[2].size(), 1u);
  EXPECT_EQ(d.won[2][0], (VaultCard{'I', 3}));
  EXPECT_EQ(d.circle[4].card, (VaultCard{'O', 3}));          // refilled from the deck
  EXPECT_TRUE(d.circle[4].gems.empty());                     // the 3 gems left the game
  EXPECT_EQ(d.circle[1].gems, (std::vector<int>{1, 2}));     // the other I stays open
  EXPECT_EQ(d.circle[3].gems, (std::vector<int>{0, 1, 2}));  // E has 4 spaces
  bool closed = false;
  for (const auto& e : r.events) {
    if (e.as_object().at("type") == "vault_closed") {
      closed = true;
      EXPECT_EQ(e.as_object().at("gems"), (JsonArray{0, 1, 2}));
    }
  }
  EXPECT_TRUE(closed);
  EXPECT_EQ(d.current, 0);
}

TEST(WordBankGolden, ThePrintedPlacementsAreTheBestOnes) {
  auto st = golden_state();
  const auto circle = dynamic_cast<const WordBankState&>(*st).slots();
  const auto p = best_placement(circle, "GROUPIES", 18);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->cards, (std::vector<int>{0, 5, 4, 3, 2}));
  EXPECT_EQ(p->direction, Direction::kCounterClockwise);
}

TEST(WordBankPlacement, AccentsAreIgnoredAndTypingWithoutThemWorks) {
  auto st = golden_state();
  must_apply(*st, 0, password("groupies", {0, 5, 4, 3, 2}, "ccw"));
  must_apply(*st, 1, password("SPECIFIQUE", {2, 3, 4, 6, 1}));
  EXPECT_EQ(data(*st).used.back(), "spécifique");
}

TEST(WordBankPlacement, ImpossiblePlacementsAreRefusedAndChangeNothing) {
  auto st = golden_state();
  must_refuse(*st, 0, password("groupies", {1}), "wrong_start_letter");
  must_refuse(*st, 0, password("groupies", {}), "no_cards");
  must_refuse(*st, 0, password("groupies", {0, 9}, "ccw"), "bad_card");
  must_refuse(*st, 0, password("groupies", {0, 3, 5}), "letters_out_of_order");
  must_refuse(*st, 0, password("groupies", {0, 5, 5}, "ccw"), "same_card");
  must_refuse(*st, 0, password("groupies", {0, 4, 5}, "ccw"), "off_lap");  // turning back
  must_refuse(*st, 0, password("groupies", {0, 5}, "sideways"), "bad_direction");
  JsonObject no_dir{{"type", "password"}, {"word", "groupies"}, {"cards", JsonArray{0, 5}}};
  must_refuse(*st, 0, no_dir, "bad_direction");
  must_refuse(*st, 1, password("groupies", {0}), "not_your_turn");
  must_refuse(*st, 0, {{"type", "jump"}}, "unknown_action");
  must_refuse(*st, 0, password("", {0}), "not_letters");
  must_refuse(*st, 0, password("g2", {0}), "not_letters");
  must_refuse(*st, 0, password(std::string(1024 + 1, 'g'), {0}), "word_too_long");
  must_refuse(*st, kHost, {{"type", "timeout"}}, "no_timer");
  must_refuse(*st, 0, {{"type", "password"}, {"word", 3}, {"cards", JsonArray{0}}}, "bad_field");
  // One gem per card per turn.
  must_refuse(*st, 0, password("gag", {0, 0}), "same_card");
  must_refuse(*st, 0, password(std::string(300, 'g'), {0}), "word_too_long");
}

TEST(WordBankPlacement, FullVaultTakesNoGemAndGemsInHandCapThePlacement) {
  games::Setup s;
  s.players = 2;
  s.fixed["circle"] = cards_json({{'A', 1}, {'B', 2}, {'C', 3}});
  s.fixed["deck"] = JsonArray{};
  s.fixed["first_player"] = 0;
  auto st = wb().new_state(s);
  must_apply(*st, 0, password("a", {0}));  // closes A: the circle shrinks (empty deck)
  EXPECT_EQ(data(*st).circle.size(), 2u);
  EXPECT_EQ(data(*st).won[0].size(), 1u);
  must_apply(*st, 1, password("bc", {0, 1}));  // "bc" is not a word: turn lost
  EXPECT_EQ(data(*st).hand[1], 20);

  // A player with 2 gems cannot place 3.
  WordBankData d = data(*st);
  d.hand[0] = 2;
  d.circle = {{{'C', 3}, {}}, {{'A', 3}, {}}, {{'R', 3}, {}}};
  WordBankState low(wb(), d);
  must_refuse(low, 0, password("car", {0, 1, 2}), "not_enough_gems");
}

TEST(WordBankPassword, RefusedPasswordsCostTheTurn) {
  auto st = golden_state();
  // Not a word: the turn is lost, nothing is placed.
  auto r = must_apply(*st, 0, password("gries", {0, 5, 4, 3, 2}, "ccw"));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "unknown_word");
  EXPECT_EQ(data(*st).hand[0], 18);
  EXPECT_EQ(data(*st).current, 1);
  // Proper nouns are not passwords.
  r = must_apply(*st, 1, password("Sergio", {2, 3, 5, 0, 1}));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "unknown_word");
  EXPECT_EQ(data(*st).hand[1], 18);
  EXPECT_TRUE(data(*st).used.empty());
}

// The letter games' word policy: a sound spelled out or a numeral is no
// password (is_letters_game_word), and costs the turn like any bad word.
TEST(WordBankPassword, SoundsAndNumeralsAreNoPasswords) {
  games::Setup s;
  s.players = 2;
  s.fixed["circle"] = cards_json({{'P', 5}, {'F', 5}, {'X', 5}, {'I', 5}, {'V', 5}, {'E', 5}, {'M', 5}});
  s.fixed["first_player"] = 0;
  auto st = wb().new_state(s);
  auto r = must_apply(*st, 0, password("pff", {0, 1}));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "not_a_game_word");
  EXPECT_EQ(data(*st).current, 1);
  r = must_apply(*st, 1, password("xiv", {2, 3, 4}));
  EXPECT_EQ(r.events[0].as_object().at("reason"),
            "unknown_word");  // a Roman numeral is not even a common word
  r = must_apply(*st, 0, password("mmm", {6}));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "not_a_game_word");
  EXPECT_TRUE(data(*st).used.empty());
}

TEST(WordBankPassword, UsedWordsAndTheirFamiliesAreRefused) {
  games::Setup s;
  s.players = 2;
  s.fixed["circle"] = cards_json({{'P', 5}, {'R', 5}, {'O', 5}, {'T', 5}, {'E', 5}, {'C', 5}, {'I', 5}});
  s.fixed["first_player"] = 0;
  auto st = wb().new_state(s);
  must_apply(*st, 0, password("protéger", {0, 1, 2, 3, 4}));
  auto r = must_apply(*st, 1, password("protection", {0, 1, 2, 3, 4}));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "same_family");
  EXPECT_EQ(r.events[0].as_object().at("related_to"), "protéger");
  r = must_apply(*st, 0, password("PROTEGER", {0, 1}));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "already_used");
  r = must_apply(*st, 1, password("protège", {0, 1}));  // an inflection is the same word
  EXPECT_EQ(r.events[0].as_object().at("reason"), "same_family");
  must_apply(*st, 0, password("porte", {0, 2, 3}));  // unrelated: accepted
  EXPECT_EQ(data(*st).used, (std::vector<std::string>{"protéger", "porte"}));
}

TEST(WordBankPassword, FamiliesWithChangedStemsShareABase) {
  // "Même base" covers learned stems (protéger/protecteur, diriger/direction),
  // and look-alikes are not one base (vent/vente, été/être).
  struct Case {
    std::string_view used, word;
    bool refused;
  };
  for (const Case& c : {Case{"protéger", "protecteur", true}, Case{"protéger", "protectrice", true},
                        Case{"diriger", "direction", true}, Case{"diriger", "directeur", true},
                        Case{"décrire", "description", true}, Case{"inscrire", "inscription", true},
                        Case{"électeur", "élection", true}, Case{"vent", "vente", false},
                        Case{"été", "être", false}, Case{"ver", "vérifier", false}}) {
    games::Setup s;
    s.players = 2;
    // A circle spelling the start of the used word: the first three letters.
    const auto key = lexicon::match_key(c.used).value();
    JsonArray circle;
    for (int i = 0; i < 3; ++i) {
      circle.push_back(
          JsonObject{{"letter", std::string(1, static_cast<char>(key[i] - 'a' + 'A'))}, {"spaces", 5}});
    }
    s.fixed["circle"] = circle;
    s.fixed["first_player"] = 0;
    auto st = wb().new_state(s);
    must_apply(*st, 0, password(c.used, {0, 1, 2}));
    ASSERT_EQ(data(*st).used.size(), 1u) << c.used;
    const auto r = must_apply(*st, 1, password(c.word, {0, 1, 2}));
    const auto& e = r.events[0].as_object();
    if (c.refused) {
      EXPECT_EQ(e.at("reason"), "same_family") << c.used << " / " << c.word;
    } else {
      EXPECT_FALSE(e.contains("reason") && e.at("reason") == "same_family") << c.used << " / " << c.word;
    }
  }
}

TEST(WordBankPassword, AccentsDoNotMakeANewPassword) {
  games::Setup s;
  s.players = 2;
  s.fixed["circle"] = cards_json({{'M', 5}, {'U', 5}, {'R', 5}, {'S', 5}});
  s.fixed["first_player"] = 0;
  auto st = wb().new_state(s);
  must_apply(*st, 0, password("mûr", {0, 1, 2}));
  auto r = must_apply(*st, 1, password("mur", {0, 1, 2}));
  EXPECT_EQ(r.events[0].as_object().at("reason"), "same_spelling");
  EXPECT_EQ(r.events[0].as_object().at("related_to"), "mûr");
}

TEST(WordBankEnd, EmptyHandEndsTheGameAndFewestGemsWins) {
  games::Setup s;
  s.players = 2;
  s.fixed["circle"] = cards_json({{'P', 5}, {'O', 5}, {'R', 5}, {'T', 5}, {'E', 5}, {'S', 5}, {'A', 5}});
  s.fixed["first_player"] = 0;
  auto base = wb().new_state(s);
  WordBankData d = data(*base);
  d.hand = {3, 1};
  d.circle[6].gems = {1, 1, 0};  // A: two of seat 1's gems, one of seat 0's
  WordBankState st(wb(), d);
  must_apply(st, 0, password("pot", {0, 1, 3}));  // seat 0 empties its hand
  ASSERT_TRUE(st.is_terminal());
  EXPECT_EQ(st.data().end_reason, "no_gems");
  // Seat 0: 0 in hand + 3 on P, O, T + 1 on A = 4; seat 1: 1 + 2 = 3. Seat 1 wins.
  EXPECT_EQ(st.score(0), 4);
  EXPECT_EQ(st.score(1), 3);
  EXPECT_EQ(st.outcome().rank, (std::vector<int>{2, 1}));
  must_refuse(st, 1, {{"type", "pass"}}, "game_over");
}

TEST(WordBankEnd, TiesGoToTheMostVaultCards) {
  games::Setup s;
  s.players = 2;
  auto base = wb().new_state(s);
  WordBankData d = data(*base);
  d.hand = {2, 2};
  d.won[1] = {{'A', 3}};
  d.over = true;
  d.end_reason = "no_gems";
  WordBankState st(wb(), d);
  EXPECT_EQ(st.outcome().rank, (std::vector<int>{2, 1}));
}

TEST(WordBankEnd, TwoRoundsWithoutAGemEndTheGame) {
  games::Setup s;
  s.players = 2;
  s.seed = 3;
  auto st = wb().new_state(s);
  for (int i = 0; i < 4; ++i) {
    ASSERT_FALSE(st->is_terminal());
    must_apply(*st, st->to_act().front(), {{"type", "pass"}});
  }
  EXPECT_TRUE(st->is_terminal());
  EXPECT_EQ(data(*st).end_reason, "stalled");
}

TEST(WordBankTimer, TheHostTimesOutTheTurn) {
  games::Setup s;
  s.players = 2;
  s.options["turn_seconds"] = 30;
  s.fixed["first_player"] = 1;
  auto st = wb().new_state(s);
  EXPECT_EQ(st->deadline(), 30000);
  must_refuse(*st, kHost, {{"type", "timeout"}}, "not_yet", 29999);
  must_refuse(*st, 1, {{"type", "timeout"}}, "not_host", 30000);
  must_refuse(*st, 1, {{"type", "pass"}}, "too_late", 30000);  // the hourglass is empty
  must_apply(*st, kHost, {{"type", "timeout"}}, 30000);
  EXPECT_EQ(data(*st).current, 0);
  EXPECT_EQ(st->deadline(), 60000);
  must_refuse(*st, 0, {{"type", "pass"}}, "bad_time", 100);
}

TEST(WordBankView, TheDeckOrderIsHidden) {
  games::Setup s;
  s.players = 3;
  auto st = wb().new_state(s);
  const auto v = st->view(Viewer::player(0)).as_object();
  EXPECT_FALSE(v.contains("deck"));
  EXPECT_EQ(v.at("deck_count"), 45);
  EXPECT_FALSE(v.contains("rng"));
  EXPECT_TRUE(st->serialize().as_object().contains("deck"));
}

TEST(WordBankOptions, UnknownOptionsAreRefused) {
  games::Setup s;
  s.players = 2;
  s.options["gems"] = 3;
  EXPECT_THROW(wb().new_state(s), ActionError);
}

}  // namespace
}  // namespace logomachie::games::wordbank
