// Lettralettre 26 rules, one test (or more) per line of the README's checklist.
#include "games/lettralettre/lettralettre.h"

#include <gtest/gtest.h>

#include "games/core/tests/test_support.h"

namespace logomachie::games::lettralettre {
namespace {

using testing::must_apply;
using testing::must_refuse;

const LettralettreGame& ll() {
  return dynamic_cast<const LettralettreGame&>(testing::game("lettralettre"));
}
const LettralettreData& data(const State& s) {
  return dynamic_cast<const LettralettreState&>(s).data();
}
int bonus(std::string_view id) {
  return ll().find_constraint(id)->bonus;
}

JsonArray letters(std::string_view s) {
  JsonArray a;
  for (char c : s) a.push_back(Json(std::string(1, c)));
  return a;
}

// Two players, dealer 0; the auction's cards in order: nom, fin-voyelle,
// sans-e, verbe; the first round shows K E P I R A with S and T taboo.
games::Setup kepi_setup(int players = 2) {
  games::Setup s;
  s.players = players;
  s.seed = 9;
  s.options["round_seconds"] = 60;
  s.fixed["first_dealer"] = 0;
  s.fixed["constraints"] = JsonArray{"nom", "fin-voyelle", "sans-e", "verbe", "adjectif", "fin-s"};
  JsonArray rounds;
  rounds.push_back(JsonObject{{"letters", letters("KEPIRA")}, {"taboo", letters("ST")}});
  rounds.push_back(JsonObject{{"letters", letters("CHATON")}, {"taboo", letters("EU")}});
  s.fixed["rounds"] = rounds;
  return s;
}

// Runs the auction with everybody taking the card they are offered.
void everyone_takes(State& st) {
  while (data(st).phase == Phase::kAuction) must_apply(st, data(st).bidder, {{"type", "take"}});
}

JsonObject submit(std::string_view word, std::string_view constraint) {
  return {{"type", "submit"}, {"word", word}, {"constraint", constraint}};
}

TEST(LettralettreSetup, TokensOptionsAndVersions) {
  auto st = ll().new_state(kepi_setup());
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{8, 8}));
  for (auto [key, bad] : {std::pair{"letters", 9}, {"letters", 4}, {"taboo", 3}, {"taboo", 0}}) {
    games::Setup s = kepi_setup();
    s.options[key] = bad;
    EXPECT_THROW(ll().new_state(s), ActionError) << key << "=" << bad;
  }
  for (int n : {5, 8}) {
    for (int t : {1, 2}) {
      games::Setup s;
      s.players = 3;
      s.seed = 4;
      s.options["letters"] = n;
      s.options["taboo"] = t;
      auto g = ll().new_state(s);
      everyone_takes(*g);
      EXPECT_EQ(data(*g).shown.size(), static_cast<std::size_t>(n));
      EXPECT_EQ(data(*g).taboo_letters.size(), static_cast<std::size_t>(t));
      for (char c : data(*g).taboo_letters) EXPECT_EQ(data(*g).shown.find(c), std::string::npos);
    }
  }
}

TEST(LettralettreAuction, TakePassPotAndLeavingWithTwoCards) {
  auto st = ll().new_state(kepi_setup(3));
  // Dealer 0 passes (a token onto the card), 1 passes, 2 takes the card and the pot.
  must_apply(*st, 0, {{"type", "pass"}});
  must_refuse(*st, 0, {{"type", "pass"}}, "not_your_turn");
  must_apply(*st, 1, {{"type", "pass"}});
  must_apply(*st, 2, {{"type", "take"}});
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{7, 7, 10}));
  EXPECT_EQ(data(*st).held[2], (std::vector<std::string>{"nom"}));
  // The next card starts with the player after the taker.
  EXPECT_EQ(data(*st).bidder, 0);
  must_apply(*st, 0, {{"type", "take"}});
  must_apply(*st, 1, {{"type", "take"}});
  must_apply(*st, 2, {{"type", "take"}});  // 2 now holds two cards: out of the auction
  EXPECT_EQ(data(*st).bidder, 0);
  must_apply(*st, 0, {{"type", "pass"}});
  EXPECT_EQ(data(*st).bidder, 1);  // seat 2 is skipped
  must_apply(*st, 1, {{"type", "take"}});
  // Seat 0 is the last without two cards: the last card goes to it.
  EXPECT_EQ(data(*st).phase, Phase::kWords);
  for (const auto& h : data(*st).held) EXPECT_EQ(h.size(), 2u);
}

TEST(LettralettreAuction, NoTimerNoTimeoutAndNoCardNamedTwice) {
  games::Setup s = kepi_setup();
  auto st = ll().new_state(s);
  must_refuse(*st, kHost, {{"type", "timeout"}}, "no_timer");  // the auction has no hourglass by default
  s.fixed["constraints"] = JsonArray{"nom", "nom"};
  try {
    ll().new_state(s);
    ADD_FAILURE() << "a card named twice was accepted";
  } catch (const ActionError& e) {
    EXPECT_EQ(e.error().code, "bad_setup");
  }
}

TEST(LettralettreAuction, NoTokenMeansTaking) {
  games::Setup s = kepi_setup();
  s.options["tokens"] = 1;
  auto st = ll().new_state(s);
  must_apply(*st, 0, {{"type", "pass"}});
  must_apply(*st, 1, {{"type", "pass"}});
  must_refuse(*st, 0, {{"type", "pass"}}, "no_tokens");
  const auto legal = st->legal_actions(0);
  ASSERT_TRUE(legal.has_value());
  ASSERT_EQ(legal->size(), 1u);
  EXPECT_EQ(legal->front().type(), "take");
  must_apply(*st, 0, {{"type", "take"}});
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{2, 0}));
}

TEST(LettralettreGolden, KepiScoresSix) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);
  // Seat 0 holds nom and sans-e; seat 1 holds fin-voyelle and verbe.
  EXPECT_EQ(data(*st).held[0], (std::vector<std::string>{"nom", "sans-e"}));
  EXPECT_EQ(data(*st).shown, "KEPIRA");
  must_apply(*st, 0, submit("KEPI", "nom"));
  auto r = must_apply(*st, 1, submit("pari", "fin-voyelle"));
  const auto& result = data(*st).last_round.as_object();
  const auto& entries = result.at("entries").as_array();
  // KEPI: 4 letters + the K's 2 stars + the card's bonus.
  EXPECT_EQ(entries[0].as_object().at("score"), 6 + bonus("nom"));
  // PARI: 4 letters + the P's stars (none in our table).
  EXPECT_EQ(entries[1].as_object().at("score"), 4 + ll().stars()['P' - 'A'] + bonus("fin-voyelle"));
  EXPECT_EQ(entries[0].as_object().at("word"), "képi");
  EXPECT_FALSE(result.at("best_possible").as_object().at("word").is_null());
  EXPECT_GE(result.at("best_possible").as_object().at("score").to_number<int>(), 6);
}

// The reveal shows, for each player, the best word under one of that
// player's own two cards (every word must meet one), and apart from it the
// best word with no card, labelled as such.
TEST(LettralettreReveal, TheBestWordShownRespectsThePlayersOwnCards) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);  // seat 0: nom, sans-e; seat 1: fin-voyelle, verbe
  must_apply(*st, 0, submit("KEPI", "nom"));
  must_apply(*st, 1, {{"type", "give_up"}});
  const auto& result = data(*st).last_round.as_object();
  const auto& lex = testing::lexicon();
  for (const auto& entry : result.at("entries").as_array()) {
    const auto& e = entry.as_object();
    const auto seat = static_cast<std::size_t>(e.at("player").to_number<int>());
    ASSERT_TRUE(e.at("best").is_object()) << "a word exists for every card here";
    const auto& best = e.at("best").as_object();
    const std::string card(best.at("card").as_string());
    const auto& held = data(*st).held[seat];
    EXPECT_NE(std::find(held.begin(), held.end(), card), held.end())
        << card << " is not one of the player's cards";
    // The engine itself accepts that word under that card.
    const std::string word(best.at("word").as_string());
    EXPECT_TRUE(lex.contains(word));
    EXPECT_GE(best.at("score").to_number<int>(), e.at("score").to_number<int>());
    auto with = ll().new_state(kepi_setup());
    everyone_takes(*with);
    const auto r = with->apply(Action::make(static_cast<PlayerId>(seat), 0, submit(word, card)));
    EXPECT_TRUE(r.ok()) << word << " under " << card << ": " << (r.error ? r.error->message : "");
  }
  // Seat 0's « nom » card: KEPI (6) at least; the word with no card may
  // score differently, and is a separate, labelled field.
  EXPECT_TRUE(result.at("best_possible").as_object().contains("word"));
}

// Giving up says so in the log (not « a posé son mot »).
TEST(LettralettreWords, GivingUpIsToldAsSuch) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);
  const auto r = must_apply(*st, 1, {{"type", "give_up"}});
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].as_object().at("type"), "gave_up");
  // Everybody's view says who gave up (public, like its event), never who
  // submitted what: a screen tells « a abandonné », not « mot posé ».
  for (const auto& viewer : {Viewer::player(0), Viewer::player(1), Viewer::spectator()}) {
    const auto v = st->view(viewer).as_object();
    EXPECT_EQ(v.at("gave_up"), (JsonArray{false, true}));
    EXPECT_EQ(v.at("submitted"), (JsonArray{false, true}));
  }
  const auto w = must_apply(*st, 0, submit("KEPI", "nom"));
  EXPECT_EQ(w.events[0].as_object().at("type"), "word_submitted");
}

// A letters game plays plain words: no numeral (« xxxviiiᵉ », « xiv »), no
// letter's name, no sound spelled out; interjections that are words count.
TEST(LettralettreWords, NumeralsLetterNamesAndSoundsAreNoWords) {
  const auto& lex = testing::lexicon();
  for (const char* no :
       {"xxxviiiᵉ", "xxxviiie", "xxxᵉ", "iiᵉ", "xiv", "k", "z", "pff", "mmm", "zzzz", "brrr", "hmm"}) {
    EXPECT_FALSE(is_letters_game_word(lex, no)) << no;
  }
  for (const char* yes :
       {"hélas", "chut", "bof", "euh", "ouf", "hum", "a", "y", "képi", "rythme", "lynx", "crypte"}) {
    EXPECT_TRUE(is_letters_game_word(lex, yes)) << yes;
  }
  // The solver never offers one: every word of its list is a game word.
  const auto& words = ll().solver().words();
  for (std::size_t i = 0; i < words.size(); ++i) {
    ASSERT_TRUE(is_letters_game_word(lex, words.display(i))) << words.display(i);
  }
  // And the engine refuses them with an explanation.
  games::Setup s = kepi_setup();
  s.fixed["rounds"] = JsonArray{JsonObject{{"letters", letters("PFMZOU")}, {"taboo", letters("ST")}}};
  auto st = ll().new_state(s);
  everyone_takes(*st);
  must_refuse(*st, 0, submit("pff", "nom"), "not_a_game_word");
  must_refuse(*st, 0, submit("zzzz", "nom"), "not_a_game_word");
}

TEST(LettralettreWords, InvalidWordsAreRefusedAndChangeNothing) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);  // seat 0: nom, sans-e; seat 1: fin-voyelle, verbe
  must_refuse(*st, 0, submit("tape", "nom"), "taboo_letter");
  must_refuse(*st, 0, submit("pelle", "nom"), "letter_not_shown");
  must_refuse(*st, 0, submit("kepa", "nom"), "unknown_word");
  must_refuse(*st, 0, submit("Paris", "nom"), "taboo_letter");
  must_refuse(*st, 0, submit("kepi", "fin-voyelle"), "bad_constraint");  // not one of seat 0's cards
  must_refuse(*st, 0, submit("père", "sans-e"), "constraint_not_met");
  must_refuse(*st, 0, submit("", "nom"), "not_letters");
  must_refuse(*st, 0, submit("k", "nom"), "too_short");  // a letter's name is not a word here
  must_refuse(*st, 0, submit(std::string(1100, 'a'), "nom"), "word_too_long");
  must_refuse(*st, 0, {{"type", "submit"}, {"word", 5}, {"constraint", "nom"}}, "bad_field");
  must_refuse(*st, 0, {{"type", "submit"}, {"word", "kepi"}, {"constraint", 7}}, "bad_constraint");
  must_refuse(*st, 0, {{"type", "take"}}, "wrong_phase");
  must_refuse(*st, 5, submit("kepi", "nom"), "not_a_player");
  must_refuse(*st, kHost, {{"type", "timeout"}}, "not_yet");
  // The card may also be named by its place in the player's hand.
  must_apply(*st, 0, {{"type", "submit"}, {"word", "kepi"}, {"constraint", 0}});
}

// Seat 0 holds « participe passé » and « nom »; the round shows C O T E N L.
games::Setup accents_setup() {
  games::Setup s;
  s.players = 2;
  s.fixed["first_dealer"] = 0;
  s.fixed["constraints"] = JsonArray{"participe-passe", "fin-voyelle", "nom", "verbe"};
  JsonArray rounds;
  rounds.push_back(JsonObject{{"letters", letters("COTENL")}, {"taboo", letters("SU")}});
  s.fixed["rounds"] = rounds;
  return s;
}

TEST(LettralettreWords, AccentsTypedChooseTheWordNoneTypedLetAnyFormCount) {
  auto st = ll().new_state(accents_setup());
  everyone_takes(*st);
  ASSERT_EQ(data(*st).held[0], (std::vector<std::string>{"participe-passe", "nom"}));
  // "côte" is a noun, never a past participle: typed with its accent, it is judged as itself.
  must_refuse(*st, 0, submit("côte", "participe-passe"), "constraint_not_met");
  // Typed without accents, "cote" may be "coté", a past participle; the reveal says which.
  must_apply(*st, 0, submit("cote", "participe-passe"));
  must_apply(*st, 1, {{"type", "give_up"}});
  EXPECT_EQ(data(*st).last_round.as_object().at("entries").as_array()[0].as_object().at("word"), "coté");
}

TEST(LettralettreWords, RevealedSpellingsAreCommonWords) {
  auto st = ll().new_state(accents_setup());
  everyone_takes(*st);
  must_apply(*st, 0, submit("NOEL", "nom"));  // the carol, not the first name
  must_apply(*st, 1, {{"type", "give_up"}});
  EXPECT_EQ(data(*st).last_round.as_object().at("entries").as_array()[0].as_object().at("word"), "noël");
}

TEST(LettralettreWords, WordsStaySecretUntilTheReveal) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);
  must_apply(*st, 0, submit("kepi", "nom"));
  const auto mine = canonical(st->view(Viewer::player(0)));
  const auto theirs = canonical(st->view(Viewer::player(1)));
  const auto public_view = canonical(st->view(Viewer::spectator()));
  EXPECT_NE(mine.find("képi"), std::string::npos);
  EXPECT_EQ(theirs.find("képi"), std::string::npos);
  EXPECT_EQ(public_view.find("képi"), std::string::npos);
  EXPECT_NE(theirs.find("\"submitted\":[true,false]"), std::string::npos);  // only that seat 0 is ready
  // Resubmitting replaces the word while the round is open.
  must_apply(*st, 0, submit("pipe", "nom"));
  must_apply(*st, 1, submit("pari", "fin-voyelle"));
  const auto revealed = canonical(st->view(Viewer::player(1)));
  EXPECT_NE(revealed.find("pipe"), std::string::npos);
  EXPECT_EQ(revealed.find("képi"), std::string::npos);
}

TEST(LettralettreScoring, BestGainsTwoOthersPayOneTiesShare) {
  auto st = ll().new_state(kepi_setup(3));
  everyone_takes(*st);  // 0: nom, verbe; 1: fin-voyelle, adjectif; 2: sans-e, fin-s
  must_apply(*st, 0, submit("kepi", "nom"));
  must_apply(*st, 1, submit("pari", "fin-voyelle"));
  must_apply(*st, 2, {{"type", "give_up"}});
  const int best = 6 + bonus("nom");
  const int second = 4 + ll().stars()['P' - 'A'] + bonus("fin-voyelle");
  ASSERT_GT(best, second);
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{10, 7, 7}));
  EXPECT_EQ(data(*st).rounds_won, (std::vector<int>{1, 0, 0}));
  // Round 2 (CHATON, E and U taboo): equal scores share the win.
  for (int p = 0; p < 3; ++p) must_apply(*st, p, {{"type", "ready"}});
  EXPECT_EQ(data(*st).shown, "CHATON");
  EXPECT_EQ(data(*st).dealer, 1);
  // Give seat 2 the same card as seat 0 so that their scores tie.
  LettralettreData d = data(*st);
  d.held[2] = {"nom", "fin-s"};
  LettralettreState tie(ll(), d);
  must_apply(tie, 0, submit("canot", "nom"));
  must_apply(tie, 2, submit("CANOT", "nom"));
  must_apply(tie, 1, {{"type", "give_up"}});
  EXPECT_EQ(tie.data().tokens, (std::vector<int>{12, 6, 9}));
  EXPECT_EQ(tie.data().last_round.as_object().at("winners"), (JsonArray{0, 2}));
}

TEST(LettralettreScoring, NobodyWinsARoundWithoutAWord) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);
  must_apply(*st, 0, {{"type", "give_up"}});
  must_apply(*st, 1, {{"type", "give_up"}});
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{7, 7}));
}

TEST(LettralettreEnd, APlayerWhoCannotPayIsOutAndTheLastOneWins) {
  auto base = ll().new_state(kepi_setup(3));
  everyone_takes(*base);
  LettralettreData d = data(*base);
  d.tokens = {3, 0, 0};
  LettralettreState st(ll(), d);
  must_apply(st, 0, submit("kepi", "nom"));
  must_apply(st, 1, {{"type", "give_up"}});
  auto r = must_apply(st, 2, {{"type", "give_up"}});
  EXPECT_EQ(st.data().out, (std::vector<bool>{false, true, true}));
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.outcome().rank[0], 1);
  must_refuse(st, 0, {{"type", "ready"}}, "game_over");
}

TEST(LettralettreEnd, EveryPlayerDealsTwice) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);
  for (int round = 1; round <= 4; ++round) {
    ASSERT_FALSE(st->is_terminal());
    EXPECT_EQ(data(*st).round, round);
    EXPECT_EQ(data(*st).dealer, (round - 1) % 2);
    must_apply(*st, 0, {{"type", "give_up"}});
    must_apply(*st, 1, round == 1 ? submit("pari", "fin-voyelle") : JsonObject{{"type", "give_up"}});
    if (round < 4) {
      must_apply(*st, 0, {{"type", "ready"}});
      must_apply(*st, 1, {{"type", "ready"}});
    }
  }
  EXPECT_TRUE(st->is_terminal());
  EXPECT_EQ(data(*st).deals, (std::vector<int>{2, 2}));
  // Seat 1 won round 1 (+2), then everybody paid 1 in rounds 2–4.
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{4, 7}));
  EXPECT_EQ(st->outcome().rank, (std::vector<int>{2, 1}));
}

TEST(LettralettreTimer, TheHourglassClosesTheRound) {
  auto st = ll().new_state(kepi_setup());
  everyone_takes(*st);
  const auto deadline = st->deadline();
  ASSERT_TRUE(deadline.has_value());
  must_apply(*st, 0, submit("kepi", "nom"), 1000);
  must_refuse(*st, kHost, {{"type", "timeout"}}, "not_yet", *deadline - 1);
  must_refuse(*st, 1, submit("pari", "fin-voyelle"), "too_late", *deadline);  // the hourglass is empty
  // Until the round closes, a player who has answered may still change it.
  EXPECT_FALSE(st->legal_actions(0).has_value());
  must_apply(*st, kHost, {{"type", "timeout"}}, *deadline);
  EXPECT_EQ(data(*st).phase, Phase::kReveal);
  EXPECT_EQ(data(*st).tokens, (std::vector<int>{10, 7}));
  // The reveal has its own hourglass; then the next round is dealt.
  ASSERT_TRUE(st->deadline().has_value());
  must_apply(*st, kHost, {{"type", "timeout"}}, *st->deadline());
  EXPECT_EQ(data(*st).phase, Phase::kWords);
  EXPECT_EQ(data(*st).round, 2);
}

}  // namespace
}  // namespace logomachie::games::lettralettre
