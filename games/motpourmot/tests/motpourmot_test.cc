// Mot pour Mot rules, one test (or more) per line of the README's checklist.
#include "games/motpourmot/motpourmot.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/core/tests/test_support.h"
#include "games/core/word_list.h"
#include "games/motpourmot/bot.h"
#include "lexicon/lexicon.h"

namespace logomachie::games::motpourmot {
namespace {

using testing::must_apply;
using testing::must_refuse;

const MotPourMotGame& mpm() {
  return dynamic_cast<const MotPourMotGame&>(testing::game("motpourmot"));
}
const MotPourMotState& st(const State& s) {
  return dynamic_cast<const MotPourMotState&>(s);
}
const MotPourMotData& data(const State& s) {
  return st(s).data();
}

int position(const State& s, char letter) {
  const auto& d = data(s);
  return d.position[d.letters.find(letter)];
}

// A card that calls for plain French words (no foreign word, no name).
std::string plain_category() {
  for (const auto& c : mpm().categories()) {
    if (!c.foreign && !c.proper) return c.id;
  }
  return mpm().categories().front().id;
}

// `players` seats, team `first` starts, the original 17 tiles (B C D F G H K
// L M N P R S T V W Y) so that the rulebook's example reads the same.
games::Setup setup(int players = 2, int first = 1, JsonObject options = {}) {
  games::Setup s;
  s.players = players;
  s.seed = 11;
  s.options = std::move(options);
  if (!s.options.contains("letters")) s.options["letters"] = "original";
  s.fixed["first_team"] = first;
  s.fixed["categories"] = JsonArray{Json(plain_category())};
  return s;
}

JsonObject word(std::string_view w) {
  return {{"type", "word"}, {"word", w}};
}
const JsonObject kAccept{{"type", "accept"}};

// After a challenge settled with the word standing, the other challenge is
// still open: every opponent lets the word stand.
void accept_rest(State& s) {
  while (data(s).phase == Phase::kChallenge) must_apply(s, s.to_act().front(), kAccept, s.now());
}

// The captain of the active team plays `w`; every opponent lets it stand.
void play(State& s, std::string_view w) {
  const auto& d = data(s);
  must_apply(s, d.captain[static_cast<std::size_t>(d.team)], word(w), s.now());
  while (data(s).phase == Phase::kChallenge) must_apply(s, s.to_act().front(), kAccept, s.now());
}

TEST(MotPourMotGolden, ChatMovesCHAndCapturesT) {
  // Team B (1) has already pulled T twice ("tôt"); team A (0) played "lapin".
  auto s = mpm().new_state(setup());
  play(*s, "tôt");
  EXPECT_EQ(position(*s, 'T'), 2);
  play(*s, "lapin");
  EXPECT_EQ(data(*s).team, 1);
  const auto r = must_apply(*s, data(*s).captain[1], word("CHAT"), s->now());
  const auto& played = *data(*s).played;
  ASSERT_EQ(played.steps.size(), 3u);  // no A tile: C, H, T in word order
  EXPECT_EQ(played.steps[0].letter, 'C');
  EXPECT_EQ(played.steps[1].letter, 'H');
  EXPECT_EQ(played.steps[2].letter, 'T');
  EXPECT_EQ(position(*s, 'C'), 1);
  EXPECT_EQ(position(*s, 'H'), 1);
  EXPECT_EQ(position(*s, 'T'), kCaptured);  // pulled off team B's edge
  EXPECT_EQ(st(*s).captures(1), 1);
  EXPECT_EQ(r.events.front().as_object().at("type"), "word_played");
  while (data(*s).phase == Phase::kChallenge) must_apply(*s, s->to_act().front(), kAccept, s->now());
  // A captured tile never moves again, whoever pulls it.
  play(*s, "tarte");
  EXPECT_EQ(position(*s, 'T'), kCaptured);
  EXPECT_EQ(position(*s, 'R'), -1);
}

TEST(MotPourMotMoves, RepeatedLettersMoveOncePerOccurrenceAndCaptureMidWord) {
  auto s = mpm().new_state(setup(2, 0));
  play(*s, "papa");  // team A: P twice toward A
  EXPECT_EQ(position(*s, 'P'), -2);
  play(*s, "mur");  // team B
  // "pompe": P captured on its first occurrence, the next ones do nothing;
  // M comes back to the middle.
  must_apply(*s, 0, word("pompe"), s->now());
  const auto& steps = data(*s).played->steps;
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].letter, 'P');
  EXPECT_EQ(steps[0].to, -kCaptured);
  EXPECT_EQ(steps[1].letter, 'M');
  EXPECT_EQ(position(*s, 'M'), 0);
  EXPECT_EQ(st(*s).captures(0), 1);
}

TEST(MotPourMotMoves, AccentsFoldedHyphensIgnoredAbsentLettersAllowed) {
  auto s = mpm().new_state(setup(2, 0));
  // Ç is C, É is E (no tile), hyphens do not count; A E I O U have no tile.
  must_apply(*s, 0, word("garçon-boucher"), 0);
  const auto& steps = data(*s).played->steps;
  std::string moved;
  for (const auto& step : steps) moved += step.letter;
  EXPECT_EQ(moved, "GRCNBCHR");
  EXPECT_EQ(position(*s, 'C'), -2);
  EXPECT_EQ(position(*s, 'R'), -2);
  EXPECT_EQ(st(*s).pulls("AEIOU", 0).size(), 0u);
}

TEST(MotPourMotWords, OneWordNoRepeatsOnlyTheCaptain) {
  auto s = mpm().new_state(setup(4, 0));
  must_refuse(*s, 0, word("pomme de terre"), "one_word");
  must_refuse(*s, 0, word("  "), "empty_word");
  must_refuse(*s, 0, word("r2d2"), "not_letters");
  must_refuse(*s, 0, word(std::string(80, 'a')), "word_too_long");
  must_refuse(*s, 2, word("chat"), "not_captain");  // a teammate proposes instead
  must_refuse(*s, 1, word("chat"), "not_captain");  // the other team
  must_refuse(*s, 1, {{"type", "propose"}, {"word", "chat"}}, "not_your_team");
  must_apply(*s, 2, {{"type", "propose"}, {"word", "chat"}});
  EXPECT_EQ(data(*s).proposals[2], "chat");
  play(*s, "chat");
  play(*s, "chien");
  // Already played (accents and case folded), even spelt differently.
  must_refuse(*s, 0, word("CHAT"), "already_played");
  // A teammate may take the captain's role.
  must_apply(*s, 2, {{"type", "captain"}}, s->now());
  must_refuse(*s, 0, word("vache"), "not_captain");
  must_apply(*s, 2, word("vache"), s->now());
}

TEST(MotPourMotTimer, TheHourglassEndsTheTurn) {
  auto s = mpm().new_state(setup(2, 0, {{"turn_seconds", 30}, {"read_seconds", 3}}));
  EXPECT_EQ(s->deadline(), 33'000);
  must_refuse(*s, 0, word("chat"), "too_late", 33'000);
  must_refuse(*s, kHost, {{"type", "timeout"}}, "not_yet", 32'999);
  must_apply(*s, kHost, {{"type", "timeout"}}, 33'000);
  EXPECT_EQ(data(*s).team, 1);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "time_up");
  EXPECT_EQ(s->deadline(), 33'000 + 33'000);
  // The challenge window closes on its own: the word stands.
  must_apply(*s, 1, word("tigre"), 40'000);
  EXPECT_EQ(s->deadline(), 50'000);
  must_apply(*s, kHost, {{"type", "timeout"}}, 50'000);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");
  EXPECT_EQ(position(*s, 'T'), 1);
}

TEST(MotPourMotWords, TwoWordsThatOnlyAccentsTellApartAreTwoAnswers) {
  // pêcher (to fish) and pécher (to sin) share their letters on the board but
  // are two words; the same word without its accents is the same answer.
  auto s = mpm().new_state(setup(4, 0));
  play(*s, "pêcher");
  play(*s, "chien");
  must_refuse(*s, 0, word("pecher"), "already_played");
  must_refuse(*s, 0, word("PÊCHER"), "already_played");
  play(*s, "pécher");
  EXPECT_EQ(data(*s).words, (std::vector<std::string>{"pêcher", "chien", "pécher"}));
}

TEST(MotPourMotChallenge, MisspeltWordIsRevertedAndTheTurnLost) {
  // Three players: team A = seats 0 and 2, team B = seat 1. Spelling is a
  // fact: an ordinary word no dictionary knows is misspelt, without a vote
  // (a tie of votes once let « bbb » capture B).
  auto s = mpm().new_state(setup(3, 1));
  const auto before = data(*s).position;
  must_apply(*s, 1, word("tchatt"), 0);
  EXPECT_NE(data(*s).position, before);
  must_refuse(*s, 1, {{"type", "challenge"}, {"kind", "spelling"}}, "not_opponent");
  const auto r = must_apply(*s, 0, {{"type", "challenge"}, {"kind", "spelling"}});
  EXPECT_EQ(data(*s).phase, Phase::kPlay);
  EXPECT_EQ(data(*s).position, before);  // every tile back
  EXPECT_EQ(data(*s).team, 0);           // the turn is lost
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");
  EXPECT_TRUE(data(*s).used.empty());
  bool checked = false;
  for (const auto& e : r.events) {
    if (e.as_object().at("type") == "spelling_checked") checked = e.as_object().at("correct") == false;
  }
  EXPECT_TRUE(checked);
}

TEST(MotPourMotChallenge, OnlyTheChallengersVoteOnANameTheDictionaryLacks) {
  // A capitalised word the dictionary lacks may be a name: the challengers
  // judge it; the team that played it does not vote on its own word.
  auto s = mpm().new_state(setup(3, 1));
  const auto before = data(*s).position;
  must_apply(*s, 1, word("Zorglub"), 0);
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "spelling"}});
  ASSERT_EQ(data(*s).phase, Phase::kVote);
  EXPECT_EQ(data(*s).played->vote, "spelling");
  EXPECT_EQ(s->to_act(), (std::vector<PlayerId>{0, 2}));
  must_refuse(*s, 1, {{"type", "vote"}, {"valid", true}}, "own_word");
  must_apply(*s, 0, {{"type", "vote"}, {"valid", false}});
  must_apply(*s, 2, {{"type", "vote"}, {"valid", false}});
  EXPECT_EQ(data(*s).position, before);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");
}

TEST(MotPourMotChallenge, CorrectSpellingCostsTheChallengersTheirTurn) {
  auto s = mpm().new_state(setup(2, 1));
  must_apply(*s, 1, word("elephant"), 0);  // accents folded: "éléphant"
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "spelling"}});
  EXPECT_EQ(data(*s).phase, Phase::kChallenge);  // the category may still be contested
  accept_rest(*s);
  EXPECT_EQ(data(*s).phase, Phase::kPlay);
  EXPECT_EQ(data(*s).team, 1);  // team B plays again
  EXPECT_EQ(data(*s).turn, 2);
  EXPECT_EQ(position(*s, 'P'), 1);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");
}

TEST(MotPourMotChallenge, AWrongAccentIsAMisspellingAMissingOneIsNot) {
  // A keyboard without accents is fine ("elephant", above); an accent that is
  // not the word's own is a misspelling the dictionary can tell: undone, no vote.
  auto s = mpm().new_state(setup(2, 1));
  const auto before = data(*s).position;
  must_apply(*s, 1, word("élèphant"), 0);
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "spelling"}});
  EXPECT_EQ(data(*s).phase, Phase::kPlay);
  EXPECT_EQ(data(*s).position, before);
  EXPECT_EQ(data(*s).team, 0);  // team B lost its turn
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");
  const auto& game = mpm();
  const auto& c = *game.find_category(game.categories().front().id);
  EXPECT_EQ(game.check_spelling(c, "éléphant"), MotPourMotGame::Spelling::kCorrect);
  EXPECT_EQ(game.check_spelling(c, "ELEPHANT"), MotPourMotGame::Spelling::kCorrect);
  EXPECT_EQ(game.check_spelling(c, "éléphânt"), MotPourMotGame::Spelling::kWrongAccent);
  EXPECT_EQ(game.check_spelling(c, "pécher"), MotPourMotGame::Spelling::kCorrect);
  EXPECT_EQ(game.check_spelling(c, "zorglubette"), MotPourMotGame::Spelling::kNotAWord);
  EXPECT_EQ(game.check_spelling(c, "Zorglubette"), MotPourMotGame::Spelling::kUnknown);
}

TEST(MotPourMotWords, EitherApostropheTypedIsTheCardsAnswer) {
  // The cards are written with ’ (bouton-d’or); players type ' as often as ’.
  const auto& game = mpm();
  const auto* c = game.find_category("c-jaune");
  ASSERT_NE(c, nullptr);
  EXPECT_NE(std::find(c->answers.begin(), c->answers.end(), "bouton-d’or"), c->answers.end());
  EXPECT_EQ(game_letters("bouton-d'or"), game_letters("bouton-d’or"));
  EXPECT_TRUE(game.is_example(*c, game_letters("bouton-d'or")));
  for (const char* typed : {"bouton-d'or", "bouton-d’or", "aujourd'hui", "aujourd’hui"}) {
    EXPECT_EQ(game.check_spelling(*c, typed), MotPourMotGame::Spelling::kCorrect) << typed;
  }
}

TEST(MotPourMotChallenge, ASpellingUpheldByVoteCostsTheChallengersTheirTurn) {
  // A name the dictionary does not know: the challengers vote, and keep it.
  auto s = mpm().new_state(setup(2, 0));
  must_apply(*s, 0, word("Zorglubette"), 0);
  must_apply(*s, 1, {{"type", "challenge"}, {"kind", "spelling"}});
  ASSERT_EQ(data(*s).phase, Phase::kVote);
  must_apply(*s, 1, {{"type", "vote"}, {"valid", true}});
  accept_rest(*s);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");
  EXPECT_EQ(data(*s).team, 0);  // team A plays again
  EXPECT_EQ(data(*s).turn, 2);
}

TEST(MotPourMotChallenge, AWinningWordUndoneDoesNotWin) {
  auto s = mpm().new_state(setup(2, 0));
  const std::string tiles = "BCDFGH";
  for (std::size_t i = 0; i < 5; ++i) {  // five captures for team A
    play(*s, std::string(3, tiles[i]));
    play(*s, std::string(i + 1, 'a'));  // team B pulls nothing
  }
  ASSERT_EQ(st(*s).captures(0), 5);
  must_apply(*s, 0, word("hhh"), s->now());
  EXPECT_EQ(st(*s).captures(0), 6);
  EXPECT_FALSE(s->is_terminal());
  must_apply(*s, 1, {{"type", "challenge"}, {"kind", "spelling"}}, s->now());  // « hhh » is no word
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(st(*s).captures(0), 5);
  EXPECT_EQ(data(*s).team, 1);
}

TEST(MotPourMotChallenge, RevertedCaptureAndWinAreUndone) {
  auto s = mpm().new_state(setup(3, 1, {{"target", 6}}));
  play(*s, "tôt");
  play(*s, "oui");
  const auto before = data(*s).position;
  must_apply(*s, 1, word("tata"), s->now());
  EXPECT_EQ(st(*s).captures(1), 1);
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "category"}}, s->now());
  must_apply(*s, 0, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, 2, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, 1, {{"type", "vote"}, {"valid", true}}, s->now());
  EXPECT_EQ(data(*s).position, before);
  EXPECT_EQ(st(*s).captures(1), 0);
  // The reverted word may be played again later.
  EXPECT_FALSE(st(*s).check_word("tata").has_value());
}

// The rulebook gives two separate challenges: once one is settled with the
// word standing, the challengers may still raise the other (each once).
TEST(MotPourMotChallenge, BothChallengesMayFaceOneWord) {
  // Spelling first (correct: the challengers will skip their turn), then the
  // category voted off: the letters go back, and team B plays again all the same.
  auto s = mpm().new_state(setup(2, 1));
  must_apply(*s, 1, word("elephant"), 0);
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "spelling"}});
  ASSERT_EQ(data(*s).phase, Phase::kChallenge);
  EXPECT_EQ(data(*s).played->checked, (std::vector<std::string>{"spelling"}));
  must_refuse(*s, 0, {{"type", "challenge"}, {"kind", "spelling"}}, "already_checked", s->now());
  EXPECT_EQ(s->to_act(), (std::vector<PlayerId>{0}));
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "category"}}, s->now());
  ASSERT_EQ(data(*s).phase, Phase::kVote);
  must_apply(*s, 0, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, 1, {{"type", "vote"}, {"valid", false}}, s->now());  // even its own team gives in
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");
  EXPECT_EQ(position(*s, 'P'), 0);
  EXPECT_EQ(data(*s).team, 1);  // the spelling check still costs the challengers their turn

  // Category first (upheld), then spelling: a misspelling still undoes it.
  auto t = mpm().new_state(setup(2, 1));
  must_apply(*t, 1, word("élèphant"), 0);
  must_apply(*t, 0, {{"type", "challenge"}, {"kind", "category"}});
  must_apply(*t, 0, {{"type", "vote"}, {"valid", true}}, t->now());
  must_apply(*t, 1, {{"type", "vote"}, {"valid", true}}, t->now());
  ASSERT_EQ(data(*t).phase, Phase::kChallenge);
  must_refuse(*t, 0, {{"type", "challenge"}, {"kind", "category"}}, "already_checked", t->now());
  must_apply(*t, 0, {{"type", "challenge"}, {"kind", "spelling"}}, t->now());
  EXPECT_EQ(data(*t).last_turn.as_object().at("result"), "reverted");
  EXPECT_EQ(data(*t).team, 0);  // team B lost its turn

  // Both settled with the word standing: the turn ends at once.
  auto u = mpm().new_state(setup(2, 1));
  must_apply(*u, 1, word("elephant"), 0);
  must_apply(*u, 0, {{"type", "challenge"}, {"kind", "spelling"}});
  must_apply(*u, 0, {{"type", "challenge"}, {"kind", "category"}}, u->now());
  for (int p : {0, 1}) must_apply(*u, p, {{"type", "vote"}, {"valid", true}}, u->now());
  EXPECT_EQ(data(*u).phase, Phase::kPlay);
  EXPECT_EQ(data(*u).last_turn.as_object().at("result"), "stood");
  EXPECT_EQ(data(*u).last_turn.as_object().at("checked"), (JsonArray{"spelling", "category"}));
  EXPECT_EQ(data(*u).team, 1);
}

TEST(MotPourMotVote, ATieKeepsTheWordAStrictMajorityRevertsIt) {
  auto s = mpm().new_state(setup(4, 0));
  must_apply(*s, 0, word("chat"), 0);
  must_apply(*s, 1, {{"type", "challenge"}, {"kind", "category"}});
  EXPECT_EQ(data(*s).played->vote, "category");
  for (int p : {0, 2}) must_apply(*s, p, {{"type", "vote"}, {"valid", true}});
  for (int p : {1, 3}) must_apply(*s, p, {{"type", "vote"}, {"valid", false}});
  accept_rest(*s);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");  // 2–2
  EXPECT_EQ(data(*s).team, 1);                                      // a category upheld changes nothing else
  must_apply(*s, 1, word("poule"), s->now());
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "category"}}, s->now());
  must_refuse(*s, 2, {{"type", "vote"}, {"valid", "oui"}}, "bad_field", s->now());
  must_apply(*s, 2, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, 0, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, 3, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, 1, {{"type", "vote"}, {"valid", true}}, s->now());
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");  // 3–1
  // Missing votes at the end of the window do not count: 1–0 keeps the word.
  must_apply(*s, 0, word("pigeon"), s->now());
  must_apply(*s, 1, {{"type", "challenge"}, {"kind", "category"}}, s->now());
  must_apply(*s, 2, {{"type", "vote"}, {"valid", true}}, s->now());
  must_apply(*s, kHost, {{"type", "timeout"}}, *s->deadline());
  accept_rest(*s);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");
}

TEST(MotPourMotVote, SilenceLetsTheWordStand) {
  // Decision (issue 18): a voter silent until the end of the window lets the
  // word stand; one « non » among silences does not undo it, a majority of
  // all the voters against it does.
  auto s = mpm().new_state(setup(4, 0));
  must_apply(*s, 0, word("chat"), 0);
  must_apply(*s, 1, {{"type", "challenge"}, {"kind", "category"}});
  must_apply(*s, 1, {{"type", "vote"}, {"valid", false}});
  must_apply(*s, kHost, {{"type", "timeout"}}, *s->deadline());  // 1 against, 3 silent
  accept_rest(*s);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");
  must_apply(*s, 1, word("poule"), s->now());
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "category"}}, s->now());
  for (int p : {0, 2, 3}) must_apply(*s, p, {{"type", "vote"}, {"valid", false}}, s->now());
  must_apply(*s, kHost, {{"type", "timeout"}}, *s->deadline());
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");  // 3 against, 1 silent
}

TEST(MotPourMotEnd, SixCapturesWinAfterTheChallengeWindowSevenInTheVariant) {
  for (int target : {6, 7}) {
    auto s = mpm().new_state(setup(2, 0, {{"target", target}}));
    // Team A captures a tile per word; team B's words pull nothing.
    const std::string tiles = "BCDFGHKLMNPRSTVWY";
    std::size_t i = 0;
    std::string vowels;
    while (!s->is_terminal()) {
      ASSERT_LT(i, tiles.size());
      if (data(*s).team == 1) {
        play(*s, vowels += "a");
        continue;
      }
      const int before = st(*s).captures(0);
      must_apply(*s, 0, word(std::string(3, tiles[i++])), s->now());
      EXPECT_EQ(st(*s).captures(0), before + 1);
      EXPECT_FALSE(s->is_terminal());  // the opponents may still challenge
      while (data(*s).phase == Phase::kChallenge) must_apply(*s, 1, kAccept, s->now());
    }
    EXPECT_EQ(st(*s).captures(0), target);
    EXPECT_EQ(s->outcome().rank, (std::vector<int>{1, 2}));
    must_refuse(*s, 0, word("fin"), "game_over");
  }
}

TEST(MotPourMotWords, OnlyTheCaptainPassesAndEitherTeamMayStart) {
  auto s = mpm().new_state(setup(4, 0));
  must_refuse(*s, 2, {{"type", "give_up"}}, "not_captain");
  must_refuse(*s, 1, {{"type", "give_up"}}, "not_captain");
  must_apply(*s, 0, {{"type", "give_up"}});
  EXPECT_EQ(data(*s).team, 1);
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "gave_up");
  bool started[2] = {false, false};
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    games::Setup r = setup(2);
    r.fixed.erase("first_team");
    r.seed = seed;
    started[data(*mpm().new_state(r)).team] = true;
  }
  EXPECT_TRUE(started[0] && started[1]);
}

TEST(MotPourMotTable, OneSharedScreenPlaysBothTeamsAndEntersTallies) {
  auto s = mpm().new_state(setup(1, 0));
  EXPECT_TRUE(st(*s).table_mode());
  must_apply(*s, 0, word("chat"), 0);
  must_apply(*s, 0, kAccept);  // the other team lets it stand
  EXPECT_EQ(data(*s).team, 1);
  must_apply(*s, 0, word("tigre"));
  must_apply(*s, 0, {{"type", "challenge"}, {"kind", "category"}});
  must_refuse(*s, 0, {{"type", "vote"}, {"valid", true}}, "table_mode");
  must_apply(*s, 0, {{"type", "tally"}, {"valid", 2}, {"invalid", 3}});
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "reverted");
  EXPECT_EQ(position(*s, 'T'), -1);
  EXPECT_EQ(s->outcome().rank, (std::vector<int>{1}));
  // The hourglass and the windows run the same on a shared screen.
  must_apply(*s, kHost, {{"type", "timeout"}}, *s->deadline());
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "time_up");
  must_apply(*s, 0, word("vache"), s->now());
  must_apply(*s, kHost, {{"type", "timeout"}}, *s->deadline());
  EXPECT_EQ(data(*s).last_turn.as_object().at("result"), "stood");
}

// A–Z, or À–Þ in UTF-8 (É is C3 89; é is C3 A9).
bool starts_with_capital(std::string_view w) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(w[i]); };
  return (w.size() >= 1 && b(0) >= 'A' && b(0) <= 'Z') ||
         (w.size() >= 2 && b(0) == 0xC3 && b(1) >= 0x80 && b(1) <= 0x9E);
}

TEST(MotPourMotDeck, EnoughVariedCardsWithPlayableCheckedAnswers) {
  const auto& cards = mpm().categories();
  EXPECT_GE(cards.size(), 300u);
  std::size_t hard = 0, answers = 0, unknown = 0;
  for (const auto& c : cards) {
    hard += c.hard ? 1 : 0;
    EXPECT_GE(c.answers.size(), 15u) << c.id;  // enough for bots and hints
    auto s = mpm().new_state(setup());
    for (const auto& a : c.answers) {
      // Every answer can be played as written (one word, letters).
      EXPECT_FALSE(st(*s).check_word(a).has_value()) << c.id << ": " << a;
      if (c.proper) {
        EXPECT_TRUE(starts_with_capital(a)) << c.id << ": " << a;
      }
      if (!c.foreign && !c.proper) {
        ++answers;
        if (!mpm().lexicon().contains(a, lexicon::Accept::kProper)) ++unknown;
      }
    }
  }
  // Both sides of the deck (easy and hard cards) are well stocked.
  EXPECT_GE(hard, cards.size() / 4);
  EXPECT_GE(cards.size() - hard, cards.size() / 2);
  // The answers of plain cards are real words, spelt right: the dictionary
  // knows nearly all of them (the rest: compounds like « presse-ail »).
  EXPECT_LT(unknown * 100, answers) << unknown << " of " << answers;
}

TEST(MotPourMotSetup, OptionsAndLetterSets) {
  EXPECT_EQ(data(*mpm().new_state(setup())).letters, "BCDFGHKLMNPRSTVWY");
  games::Setup fr = setup();
  fr.options.erase("letters");
  EXPECT_EQ(data(*mpm().new_state(fr)).letters, mpm().letter_sets().fr);
  EXPECT_EQ(mpm().letter_sets().fr.size(), 17u);
  fr.options["letters"] = "BCDFGHJLMNP";  // 11 = 2 × 6 − 1: one team must get 6
  EXPECT_EQ(data(*mpm().new_state(fr)).position.size(), 11u);
  fr.options["letters"] = "BCDFGHJLMN";  // 10: both teams could end on 5
  EXPECT_THROW(mpm().new_state(fr), ActionError);
  fr.options["target"] = 7;
  fr.options["letters"] = "BCDFGHJLMNPQ";
  EXPECT_THROW(mpm().new_state(fr), ActionError);
  for (auto [key, bad] : {std::pair<std::string, Json>{"target", 8},
                          {"target", 5},
                          {"letters", "BCD"},
                          {"letters", "BBCDF"},
                          {"letters", "bcdfg"},
                          {"level", "moyen"},
                          {"turn_seconds", -1}}) {
    games::Setup s = setup();
    s.options[key] = bad;
    EXPECT_THROW(mpm().new_state(s), ActionError) << key;
  }
  games::Setup hard = setup();
  hard.options["level"] = "difficile";
  const auto s = mpm().new_state(hard);
  for (const auto& id : data(*s).deck) EXPECT_TRUE(mpm().find_category(id)->hard);
  EXPECT_THROW(mpm().new_state(setup(17)), ActionError);
}

TEST(MotPourMotChallenge, OneAnswerPerOpponentAndOneVotePerPlayer) {
  auto s = mpm().new_state(setup(4, 0));
  must_apply(*s, 0, word("chat"), 0);
  must_apply(*s, 1, kAccept);
  must_refuse(*s, 1, {{"type", "challenge"}, {"kind", "spelling"}}, "already_accepted");
  must_apply(*s, 3, {{"type", "challenge"}, {"kind", "category"}});
  must_apply(*s, 3, {{"type", "vote"}, {"valid", false}});
  must_refuse(*s, 3, {{"type", "vote"}, {"valid", true}}, "already_voted");
}

TEST(MotPourMotDeck, AReshuffleNeverDealsTheCardJustPlayedAgain) {
  // Pass every turn through the whole deck twice: each reshuffle keeps the
  // card in play out of the new deck.
  games::Setup s0 = setup(2, 0);
  s0.fixed.erase("categories");
  auto s = mpm().new_state(s0);
  const auto cards = data(*s).deck.size() + 1;
  for (std::size_t turn = 0; turn < 2 * cards + 3; ++turn) {
    const auto before = data(*s).category;
    must_apply(*s, data(*s).captain[static_cast<std::size_t>(data(*s).team)], {{"type", "give_up"}},
               s->now());
    EXPECT_NE(data(*s).category, before) << "turn " << turn;
  }
}

TEST(MotPourMotViews, TheCardsAnswersStayHiddenWhileTheTeamSearches) {
  auto s = mpm().new_state(setup(2, 0));
  const auto& c = st(*s).category();
  for (int p : {0, 1}) {
    const auto text = canonical(s->view(Viewer::player(p)));
    for (const auto& secret : s->secrets_hidden_from(Viewer::player(p)))
      EXPECT_EQ(text.find(secret), std::string::npos);
    EXPECT_NE(text.find(c.text), std::string::npos);
  }
  must_apply(*s, 0, word("chat"), 0);
  must_apply(*s, 1, {{"type", "challenge"}, {"kind", "category"}});
  // In the vote, the card's answers are the evidence.
  const auto v = s->view(Viewer::player(1));
  EXPECT_EQ(v.at("played").at("evidence").at("examples").as_array().size(), c.answers.size());
}

TEST(MotPourMotBots, TheCaptainPlaysTheAnswerThatCapturesAndDenies) {
  // Hard bot for team B, one capture from the win: the one tile left near
  // its edge is worth the game, so it plays an answer holding that letter.
  auto s = mpm().new_state(setup(2, 1));
  auto d = data(*s);
  const auto* c = mpm().find_category(d.category);
  char letter = 0;
  for (const auto& key : c->keys) {
    if (const auto at = key.find_first_of(d.letters); at != std::string::npos) letter = key[at];
  }
  ASSERT_NE(letter, 0);
  int captured = 0;
  for (std::size_t t = 0; t < d.letters.size(); ++t) {
    d.position[t] = d.letters[t] == letter ? 2 : captured < 5 ? kCaptured : 0;
    if (d.letters[t] != letter && captured < 5) ++captured;
  }
  MotPourMotState board(mpm(), d);
  auto bot = mpm().make_bot("hard", 3);
  const auto a = bot->act(board, 1);
  ASSERT_TRUE(a);
  const auto played = game_letters(a->body.at("word").as_string());
  EXPECT_NE(played.find(letter), std::string::npos) << played;
  EXPECT_GT(board_value({3}, 1, 6), board_value({2}, 1, 6));
  EXPECT_GT(board_value({-1}, 1, 6), board_value({-2}, 1, 6));  // denial counts
}

TEST(MotPourMotBots, BotsDoNotBelieveCapitalisedNonsense) {
  // « Bbbrrrttt » is no name a player would accept; « Zorglub » could be one,
  // and so could « Élorglub »: a capital is what the engine calls one (É as
  // much as Z), so the bot gives it the same benefit of the doubt.
  for (const auto& [w, believed] : {std::pair<std::string, bool>{"Bbbrrrttt", false},
                                    {"Zorglub", true},
                                    {"Élorglub", true},
                                    {"Œdipouk", true}}) {
    auto s = mpm().new_state(setup(2, 0));
    must_apply(*s, 0, word(w), 0);
    auto bot = mpm().make_bot("hard", 1);
    auto a = bot->act(*s, 1);
    ASSERT_TRUE(a);
    ASSERT_EQ(a->body.at("kind"), "spelling") << w;
    ASSERT_TRUE(s->apply(*a).ok());
    ASSERT_EQ(data(*s).phase, Phase::kVote) << w;
    a = bot->act(*s, 1);
    ASSERT_TRUE(a);
    EXPECT_EQ(a->body.at("valid"), believed) << w;
  }
}

TEST(MotPourMotBots, OpponentsCheckUnknownSpellingAndVoteFromTheirLists) {
  auto s = mpm().new_state(setup(2, 0));
  const auto& c = st(*s).category();
  must_apply(*s, 0, word("Zzkqw"), 0);
  auto bot = mpm().make_bot("hard", 1);
  auto a = bot->act(*s, 1);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->body.at("type"), "challenge");
  EXPECT_EQ(a->body.at("kind"), "spelling");
  ASSERT_TRUE(s->apply(*a).ok());
  ASSERT_EQ(data(*s).phase, Phase::kVote);  // a capital: maybe a name, the challengers judge
  a = bot->act(*s, 1);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->body.at("valid"), false);
  EXPECT_TRUE(fits_category(mpm(), c, c.answers.front()));
  EXPECT_FALSE(fits_category(mpm(), c, "zzkqw"));
  EXPECT_FALSE(clearly_off(mpm(), c, "zzkqw"));  // unknown to the deck: benefit of the doubt
  // An answer of another card only is clearly off this one.
  std::string elsewhere;
  for (const auto& other : mpm().categories()) {
    for (const auto& a : other.answers) {
      if (elsewhere.empty() && other.id != c.id && !fits_category(mpm(), c, a)) elsewhere = a;
    }
  }
  ASSERT_FALSE(elsewhere.empty());
  EXPECT_TRUE(clearly_off(mpm(), c, elsewhere)) << elsewhere;
  EXPECT_FALSE(clearly_off(mpm(), c, c.answers.back()));
}

}  // namespace
}  // namespace logomachie::games::motpourmot
