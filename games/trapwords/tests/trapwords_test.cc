// The TrapWords rules engine: setup, trap writing, turns, the monster and
// curse pushes, each curse and monster card, fights, both modes, team views.
#include "games/trapwords/trapwords.h"

#include <gtest/gtest.h>

#include <sstream>

#include "games/core/narration.h"
#include "games/core/terminal.h"
#include "games/core/tests/test_support.h"
#include "games/trapwords/bot.h"
#include "lexicon/normalize.h"

namespace logomachie::games::trapwords {
namespace {

using testing::must_apply;
using testing::must_refuse;

// Four seats: team 0 = seats 0 and 2, team 1 = seats 1 and 3; the torch
// starts with seats 0 and 1.
struct Table {
  std::unique_ptr<State> state;
  int64_t t = 0;

  TrapWordsState& st() { return dynamic_cast<TrapWordsState&>(*state); }
  const TrapWordsData& d() { return st().data(); }
  int64_t tick() { return t += 100; }
  int giver(int team) { return st().clue_giver(team); }
  int guesser(int team) {
    for (int p : d().seats[static_cast<std::size_t>(team)]) {
      if (p != giver(team)) return p;
    }
    return -1;
  }
  int playing() { return d().turn->team; }
  // Team `team`'s clue-giver, a bot of `level`, gives its clue (a clue, not a
  // pass) and the table takes it; returns its text ("" after a failure).
  std::string bot_clue(int team, const std::string& level, uint64_t seed) {
    const int seat = giver(team);
    auto bot = testing::game("trapwords").make_bot(level, seed);
    const auto a = bot->act(*state, seat);
    if (!a || a->type() != "clue") {
      ADD_FAILURE() << "the bot did not give a clue: " << (a ? canonical(a->to_json()) : "no action");
      return "";
    }
    t = std::max(t, a->at);
    act(seat, a->body);
    return std::string(a->body.at("text").as_string());
  }

  ApplyResult act(int seat, JsonObject body) { return must_apply(*state, seat, std::move(body), tick()); }
  void refuse(int seat, JsonObject body, std::string_view code) {
    must_refuse(*state, seat, std::move(body), code, tick());
  }
  void timeout() {
    t = std::max(t, *state->deadline());
    must_apply(*state, kHost, {{"type", "timeout"}}, t);
  }
  // Team `w` writes `traps` (against the other team's word) and seals.
  void write(int w, std::vector<std::string> traps) {
    for (const auto& trap : traps) act(w, {{"type", "trap"}, {"word", trap}});
    act(w, {{"type", "seal"}});
  }
  void seal_both() {
    if (!d().sheet[0].sealed) write(0, {});
    if (!d().sheet[1].sealed) write(1, {});
  }
  // The playing team finds its word, or gives up.
  void found() {
    const int team = playing();
    act(guesser(team), {{"type", "guess"}, {"text", st().secret(team)}});
  }
  void fail() { act(giver(playing()), {{"type", "give_up"}}); }
  // A round with empty trap lists: each team finds its word or not.
  void round(bool found0, bool found1) {
    seal_both();
    for (int i = 0; i < 2; ++i) {
      ((playing() == 0 ? found0 : found1) ? (void)found() : fail());
    }
  }
};

Table start(JsonObject options = {}, JsonObject fixed = {}, int players = 4) {
  games::Setup setup;
  setup.players = players;
  setup.seed = 7;
  setup.options = std::move(options);
  if (!fixed.contains("first_team")) fixed["first_team"] = 0;
  if (!fixed.contains("monster")) fixed["monster"] = "dragon";
  setup.fixed = std::move(fixed);
  return Table{testing::game("trapwords").new_state(setup)};
}

JsonArray words(std::initializer_list<const char*> list) {
  JsonArray a;
  for (auto w : list) a.push_back(Json(w));
  return a;
}

std::string text_of(const Json& v) {
  return canonical(v);
}

// --- setup ------------------------------------------------------------------

TEST(TrapWordsSetup, TheClassicDungeonMonsterAndCursesAreLaidOutAsTheRulesSay) {
  auto g = start({}, {{"curses", words({"serpent", "echo"})}});
  EXPECT_EQ(g.d().rooms, (std::vector<int>{3, 4, 5, 6, 7}));
  EXPECT_EQ(g.d().pawn, (std::array<int, 2>{0, 0}));
  EXPECT_EQ(g.d().monster_room, 4);
  EXPECT_EQ(g.d().room_curse[1], Curse::kSerpent);  // beside the second room
  EXPECT_EQ(g.d().room_curse[3], Curse::kEcho);     // beside the room before the monster
  EXPECT_EQ(g.d().curse_pile.size(), 8u);
  EXPECT_EQ(g.d().round, 1);
  EXPECT_EQ(to_string(g.d().phase), "write");
  // Curses lie face down: the board shows where, not which.
  const auto view = text_of(g.state->view(Viewer::player(0)));
  EXPECT_NE(view.find("\"curse_rooms\":[1,3]"), std::string::npos);
  EXPECT_EQ(view.find("serpent"), std::string::npos);
}

TEST(TrapWordsSetup, ThePresetDungeonAndTheMonsterDecks) {
  auto g = start({{"rooms", "alternatif"}});
  EXPECT_EQ(g.d().rooms, (std::vector<int>{2, 4, 6, 8, 10}));
  EXPECT_EQ(g.d().sheet[0].limit, 2);  // the opponents stand in room 2
  games::Setup setup;
  setup.players = 4;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    setup.seed = seed;
    setup.options = {{"monsters", "asterisque"}};
    auto s = testing::game("trapwords").new_state(setup);
    EXPECT_TRUE(dynamic_cast<TrapWordsState&>(*s).data().monster.asterisk);
  }
}

TEST(TrapWordsSetup, BadSetupsAreRefusedWithTypedErrors) {
  const auto& game = testing::game("trapwords");
  auto code = [&](int players, JsonObject options) {
    games::Setup s;
    s.players = players;
    s.options = std::move(options);
    try {
      game.new_state(s);
    } catch (const ActionError& e) {
      return e.error().code;
    }
    return std::string("accepted");
  };
  EXPECT_EQ(code(3, {}), "bad_players");  // two teams of two at least
  EXPECT_EQ(code(4, {{"rooms", JsonArray{3, 5, 4, 6}}}), "bad_option");
  EXPECT_EQ(code(4, {{"rooms", JsonArray{3, 4, 5}}}), "bad_option");
  EXPECT_EQ(code(4, {{"book", "policier"}}), "bad_option");
  EXPECT_EQ(code(4, {{"mode", "voix"}}), "bad_option");
  EXPECT_EQ(code(4, {{"colour", "rouge"}}), "unknown_option");
  EXPECT_EQ(code(5, {{"rooms", JsonArray{1, 2, 9, 10}}}), "accepted");
}

// --- writing ------------------------------------------------------------------

TEST(TrapWordsWriting, EachTeamWritesAsManyTrapsAsTheOpponentsRoomNumber) {
  auto g = start({}, {{"words", words({"cheval", "science"})}});
  EXPECT_EQ(g.d().sheet[0].limit, 3);
  EXPECT_EQ(g.d().sheet[1].limit, 3);
  // Team 0 writes against team 1's word (science).
  g.act(0, {{"type", "trap"}, {"word", "laboratoire"}});
  g.act(2, {{"type", "trap"}, {"word", "chercheur"}});
  g.refuse(0, {{"type", "trap"}, {"word", "Chercheur"}}, "duplicate_trap");
  g.refuse(0, {{"type", "trap"}, {"word", "scientifique"}}, "secret_family");  // already forbidden
  for (const char* w : {"un", "chose", "quelque chose", "quelqu’un", "quelque"}) {
    g.refuse(0, {{"type", "trap"}, {"word", w}}, "bad_trap");
  }
  g.act(0, {{"type", "trap"}, {"word", "personne"}});  // allowed: it has many synonyms
  g.refuse(2, {{"type", "trap"}, {"word", "savant"}}, "sheet_full");
  g.act(2, {{"type", "untrap"}, {"word", "personne"}});
  g.act(2, {{"type", "trap"}, {"word", "savant"}});
  g.act(0, {{"type", "seal"}});
  g.refuse(2, {{"type", "trap"}, {"word", "atome"}}, "sealed");
  g.refuse(0, {{"type", "clue"}, {"text", "animal"}}, "wrong_phase");
  g.write(1, {"galop"});
  // Fewer traps than allowed only help the opponents: allowed.
  EXPECT_EQ(to_string(g.d().phase), "turn");
  EXPECT_EQ(g.d().sheet[0].traps, (std::vector<std::string>{"laboratoire", "chercheur", "savant"}));
}

TEST(TrapWordsWriting, TheWritingTimerSealsWhatIsWritten) {
  auto g = start({{"write_seconds", 60}}, {{"words", words({"cheval", "science"})}});
  g.act(0, {{"type", "trap"}, {"word", "laboratoire"}});
  g.act(1, {{"type", "seal"}});
  EXPECT_EQ(*g.state->deadline(), 60'000);
  g.refuse(kHost, {{"type", "timeout"}}, "not_yet");
  g.timeout();
  EXPECT_TRUE(g.d().sheet[0].sealed);
  EXPECT_EQ(g.d().sheet[0].traps, (std::vector<std::string>{"laboratoire"}));
  EXPECT_EQ(to_string(g.d().phase), "turn");
}

// --- turns ------------------------------------------------------------------

TEST(TrapWordsTurns, TheLessAdvancedTeamGuessesFirstTiesGoToLastRoundsSecond) {
  auto g = start({}, {{"first_team", 1}});
  g.seal_both();
  EXPECT_EQ(g.playing(), 1);  // round 1: the drawn first team
  g.found();                  // team 1 moves on
  g.fail();
  g.seal_both();
  EXPECT_EQ(g.playing(), 0);  // team 0 is behind
  g.found();
  g.fail();
  EXPECT_EQ(g.d().pawn, (std::array<int, 2>{1, 1}));
  g.seal_both();
  EXPECT_EQ(g.playing(), 1);  // tied: the team that went second last round
}

TEST(TrapWordsTurns, ATrapOrItsDerivativeEndsTheTurnAndTheTrapsShowAfterward) {
  auto g = start({}, {{"words", words({"cheval", "laboratoire"})}});
  g.write(0, {"expérience"});
  g.write(1, {"science", "selle"});
  ASSERT_EQ(g.playing(), 0);
  const auto r = g.act(g.giver(0), {{"type", "clue"}, {"text", "un animal scientifique"}});
  EXPECT_EQ(g.d().result[0], "trap");
  EXPECT_EQ(g.d().pawn[0], 0);
  const auto& h = g.d().history.back().as_object();
  EXPECT_EQ(h.at("secret"), "cheval");
  EXPECT_NE(text_of(h.at("log")).find("\"trap\":\"science\",\"word\":\"scientifique\""), std::string::npos);
  EXPECT_NE(text_of(r.events.front()).find("\"relation\":\"derivative\""), std::string::npos);
}

TEST(TrapWordsTurns, InvalidCluesWrongGuessesAndTimeEndTheTurn) {
  auto g = start({}, {{"words", words({"cheval", "science", "épée", "lune"})}});
  g.seal_both();
  g.act(g.giver(0), {{"type", "clue"}, {"text", "des chevaux"}});  // the secret's family
  EXPECT_EQ(g.d().result[0], "invalid");
  // Team 1: five wrong guesses; a derivative of the secret is not enough.
  g.act(g.guesser(1), {{"type", "guess"}, {"text", "scientifique"}});
  for (const char* w : {"chimie", "physique", "atome", "savoir"})
    g.act(g.guesser(1), {{"type", "guess"}, {"text", w}});
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "guesses");  // (the round is over)
  g.refuse(g.giver(0), {{"type", "give_up"}}, "wrong_phase");           // round 2 is writing
  g.seal_both();
  g.refuse(g.guesser(g.playing()), {{"type", "clue"}, {"text", "nuit"}}, "not_clue_giver");
  g.refuse(g.giver(g.playing()), {{"type", "guess"}, {"text", "nuit"}}, "not_guesser");
  g.timeout();
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "time");
}

TEST(TrapWordsTurns, ARightGuessHoldsTheWordOrAnInflectionAndMovesThePawn) {
  auto g = start({}, {{"words", words({"cheval", "science"})}});
  g.seal_both();
  g.act(g.giver(0), {{"type", "clue"}, {"text", "animal de course"}});
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "chevaux"}});
  EXPECT_EQ(g.d().result[0], "found");
  EXPECT_EQ(g.d().pawn[0], 1);
}

TEST(TrapWordsTurns, TheTorchPassesSoEveryoneGivesClues) {
  auto g = start({}, {}, 6);  // team 0 = 0, 2, 4
  EXPECT_EQ(g.giver(0), 0);
  g.round(false, false);
  EXPECT_EQ(g.giver(0), 2);
  g.round(false, false);
  EXPECT_EQ(g.giver(0), 4);
  g.round(false, false);
  EXPECT_EQ(g.giver(0), 0);
}

// --- the monster and the curses ------------------------------------------------

TEST(TrapWordsMonster, BothFailingMovesTheMonsterWhichPushesCursesInAChain) {
  auto g = start({}, {{"curses", words({"serpent", "echo"})}});
  g.round(false, false);
  EXPECT_EQ(g.d().monster_room, 3);
  EXPECT_EQ(g.d().room_curse[2], Curse::kEcho);  // pushed ahead of the monster
  g.round(true, false);                          // one team found: it stays
  EXPECT_EQ(g.d().monster_room, 3);
  EXPECT_EQ(g.d().pawn[0], 1);
  // Round 3: team 0 starts in room 1 with the serpent, team 1 does not.
  EXPECT_EQ(g.d().curses[0], (std::vector<Curse>{Curse::kSerpent}));
  EXPECT_TRUE(g.d().curses[1].empty());
  g.round(false, false);
  // The serpent is spent; the monster pushed the echo to room 1 (empty now).
  EXPECT_EQ(g.d().monster_room, 2);
  EXPECT_EQ(g.d().room_curse[1], Curse::kEcho);
  EXPECT_FALSE(g.d().room_curse[2]);
  EXPECT_EQ(g.d().curses[0], (std::vector<Curse>{Curse::kEcho}));  // revealed again for team 0
}

TEST(TrapWordsMonster, ACursePushedOntoAnotherPushesItAndOutOfTheFirstRoomIsDiscarded) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}}, {{"curses", words({"serpent", "echo"})}});
  // Rooms 1 and 2 hold curses: the monster's first step pushes both.
  g.round(false, false);
  EXPECT_EQ(g.d().room_curse[0], Curse::kSerpent);
  EXPECT_EQ(g.d().room_curse[1], Curse::kEcho);
  // A position the rules allow but play rarely reaches: a curse waiting in
  // room 0 behind both teams when the monster comes.
  auto data = g.d();
  data.pawn = {1, 1};
  data.room_curse = {Curse::kToc, Curse::kFaible, std::nullopt, std::nullopt};
  data.monster_room = 2;
  data.curses = {std::vector<Curse>{}, std::vector<Curse>{}};
  data.revealed_rooms.clear();
  Table h{std::make_unique<TrapWordsState>(g.st().game(), data), g.t};
  h.round(false, false);
  EXPECT_EQ(h.d().monster_room, 1);
  EXPECT_EQ(h.d().room_curse[0], Curse::kFaible);
  EXPECT_NE(std::find(h.d().curse_discard.begin(), h.d().curse_discard.end(), Curse::kToc),
            h.d().curse_discard.end());
}

TEST(TrapWordsMonster, ACurseAppliesToBothTeamsInItsRoomForOneRound) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}}, {{"curses", words({"serpent", "echo"})}});
  g.round(false, false);  // both curses pushed: serpent into room 0
  EXPECT_EQ(g.d().curses[0], (std::vector<Curse>{Curse::kSerpent}));
  EXPECT_EQ(g.d().curses[1], (std::vector<Curse>{Curse::kSerpent}));
  g.round(false, false);
  // The spent serpent is discarded; the echo, pushed into room 0, applies next.
  EXPECT_EQ(g.d().curses[0], (std::vector<Curse>{Curse::kEcho}));
  EXPECT_EQ(std::count(g.d().curse_discard.begin(), g.d().curse_discard.end(), Curse::kSerpent), 1);
}

TEST(TrapWordsMonster, KillingTheMonsterWinsAndAFailedFightStopsIt) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}}, {{"curses", words({"serpent", "echo"})}});
  // Team 0 walks to the monster's room (3) in three rounds.
  for (int i = 0; i < 3; ++i) g.round(true, false);
  EXPECT_EQ(g.d().pawn[0], 3);
  EXPECT_TRUE(g.d().fighting[0]);
  EXPECT_TRUE(g.d().monster_fought);
  g.round(false, false);  // a failed fight: the monster stays put
  EXPECT_EQ(g.d().monster_room, 3);
  g.seal_both();
  EXPECT_EQ(g.playing(), 1);  // the less advanced team first
  g.fail();
  g.found();
  ASSERT_TRUE(g.state->is_terminal());
  EXPECT_EQ(g.d().winners, (std::vector<int>{0}));
  const auto o = g.state->outcome();
  EXPECT_EQ(o.rank, (std::vector<int>{1, 2, 1, 2}));
}

TEST(TrapWordsMonster, WhenTheMonsterEntersATeamsRoomThatTeamFightsNextRound) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}});
  g.round(false, false);
  g.round(false, false);
  g.round(false, false);
  EXPECT_EQ(g.d().monster_room, 0);
  EXPECT_TRUE(g.d().fighting[0] && g.d().fighting[1]);
  g.round(false, false);
  EXPECT_EQ(g.d().monster_room, 0);  // fought now: it stays
}

TEST(TrapWordsMonster, BothTeamsKillingItMeansEveryoneWins) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}});
  for (int i = 0; i < 3; ++i) g.round(false, false);
  g.round(true, true);
  ASSERT_TRUE(g.state->is_terminal());
  EXPECT_EQ(g.d().winners, (std::vector<int>{0, 1}));
  EXPECT_EQ(g.state->outcome().rank, (std::vector<int>{1, 1, 1, 1}));
}

TEST(TrapWordsMonster, SpeedTieBreakGivesTheSecondTeamTheSandTheFirstUsed) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}, {"tiebreak", true}});
  for (int i = 0; i < 3; ++i) g.round(false, false);
  g.seal_both();
  const int first = g.playing();
  g.t = g.d().turn->hourglass_from + 7000;  // 7 s of sand
  g.found();
  EXPECT_EQ(g.d().used_ms[static_cast<std::size_t>(first)], 7100);
  EXPECT_EQ(g.d().turn->hourglass_end - g.d().turn->hourglass_from, 7100);
  g.timeout();  // the second team runs out: the first team wins
  ASSERT_TRUE(g.state->is_terminal());
  EXPECT_EQ(g.d().winners, (std::vector<int>{first}));
}

TEST(TrapWordsMonster, SpeedTieBreakTheSecondTeamWinsWhenItFindsInTime) {
  auto g = start({{"rooms", JsonArray{3, 4, 5, 6}}, {"tiebreak", true}});
  for (int i = 0; i < 3; ++i) g.round(false, false);
  g.seal_both();
  const int first = g.playing();
  g.t = g.d().turn->hourglass_from + 9000;
  g.found();
  g.t = g.d().turn->hourglass_from + 8000;  // within the 9.1 s it was given
  g.found();
  ASSERT_TRUE(g.state->is_terminal());
  EXPECT_EQ(g.d().winners, (std::vector<int>{1 - first}));
}

TEST(TrapWordsMonster, TheTieBreakNeedsAnHourglass) {
  games::Setup setup;
  setup.players = 4;
  setup.options = {{"tiebreak", true}, {"turn_seconds", 0}};
  try {
    testing::game("trapwords").new_state(setup);
    ADD_FAILURE() << "accepted";
  } catch (const ActionError& e) {
    EXPECT_EQ(e.error().code, "bad_option");
  }
}

TEST(TrapWordsMonster, AfterEightRoundsTheMonsterWins) {
  auto g = start();
  for (int i = 0; i < 8; ++i) g.round(false, false);
  ASSERT_TRUE(g.state->is_terminal());
  EXPECT_TRUE(g.d().winners.empty());
  const auto o = g.state->outcome();
  EXPECT_TRUE(o.details.as_object().at("monster_won").as_bool());
  EXPECT_EQ(o.rank, (std::vector<int>{1, 1, 1, 1}));  // nobody beat anybody
}

// --- each monster card ------------------------------------------------------

// A table where team 0 fights `monster` in round 1 (a one-room walk on a
// 4-room dungeon would take rounds: the position is set directly).
Table fighting(const char* monster, std::vector<std::string> words_list = {"cheval", "science"},
               JsonObject options = {}) {
  JsonArray w;
  for (const auto& x : words_list) w.push_back(Json(x));
  auto g =
      start(std::move(options), {{"monster", monster}, {"words", w}, {"curses", words({"serpent", "echo"})}});
  auto data = g.d();
  data.pawn = {data.monster_room, 0};
  data.monster_fought = true;  // keeps it in place while the set-up round ends
  data.round = 0;
  data.deck.insert(data.deck.begin(), data.secret.begin(), data.secret.end());
  // Replay the round start from that position.
  Table h{std::make_unique<TrapWordsState>(g.st().game(), data), 0};
  h.round(false, false);  // round "0" ends; round 1 starts with the fight
  return h;
}

TEST(TrapWordsMonsters, DemonLetsTheOpponentsWriteMoreTraps) {
  EXPECT_EQ(fighting("demon").d().sheet[1].limit, 7 + 3);  // room 7: N + N/2
  EXPECT_EQ(fighting("demon*").d().sheet[1].limit, 14);
  EXPECT_EQ(fighting("demon").d().sheet[0].limit, 3);  // not fighting: unchanged
}

TEST(TrapWordsMonsters, DragonLimitsTheGuesses) {
  auto g = fighting("dragon");
  g.seal_both();
  g.fail();  // team 1 first (less advanced)
  EXPECT_EQ(g.d().turn->guess_limit, 3);
  for (const char* w : {"lune", "soleil", "étoile"}) g.act(g.guesser(0), {{"type", "guess"}, {"text", w}});
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "guesses");
  auto h = fighting("dragon*");
  h.seal_both();
  h.fail();
  EXPECT_EQ(h.d().turn->guess_limit, 1);
}

TEST(TrapWordsMonsters, MomieDrawsCursesForTheFight) {
  auto g = fighting("momie");
  EXPECT_EQ(g.d().curses[0].size(), 1u);
  EXPECT_TRUE(g.d().curses[1].empty());
  auto h = fighting("momie*");
  EXPECT_EQ(h.d().curses[0].size(), 2u);
  const auto pile = h.d().curse_pile.size();
  h.round(false, false);  // the drawn curses are discarded, new ones drawn
  EXPECT_EQ(h.d().curses[0].size(), 2u);
  EXPECT_EQ(h.d().curse_pile.size(), pile - 2);
}

TEST(TrapWordsMonsters, TheMomiesCursesAreDiscardedAfterTheRound) {
  auto g = fighting("momie");
  const auto drawn = g.d().curses[0];
  ASSERT_EQ(drawn.size(), 1u);
  g.round(false, false);
  EXPECT_NE(std::find(g.d().curse_discard.begin(), g.d().curse_discard.end(), drawn[0]),
            g.d().curse_discard.end());
}

TEST(TrapWordsMonsters, TrollCountsTheCluesWords) {
  auto g = fighting("troll*", {"cheval", "science"});
  g.seal_both();
  g.fail();
  g.act(g.giver(0), {{"type", "clue"}, {"text", "grand animal"}});
  g.act(g.giver(0), {{"type", "clue"}, {"text", "crinière et sabots"}});  // 5 words
  EXPECT_TRUE(g.d().turn);
  g.act(g.giver(0), {{"type", "clue"}, {"text", "galop"}});  // the sixth
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "invalid");
}

TEST(TrapWordsMonsters, VampireGuessesAreUnlimitedButFireTraps) {
  auto g = fighting("vampire", {"cheval", "science"});
  g.write(0, {});
  g.write(1, {"jument"});
  g.fail();
  EXPECT_EQ(g.d().turn->guess_limit, 0);
  for (const char* w : {"lune", "soleil", "étoile", "mer", "ciel", "terre"})
    g.act(g.guesser(0), {{"type", "guess"}, {"text", w}});
  EXPECT_TRUE(g.d().turn);  // six wrong guesses and still going
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "une jument"}});
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "trap");
  EXPECT_EQ(fighting("vampire*").d().sheet[1].limit, 9);  // two more traps
}

// --- each curse ---------------------------------------------------------------

// Team 0 stands under `curse` in round 1: the curse is the first placed, and
// team 0 starts in room 1.
Table cursed(const char* curse, JsonObject options = {},
             std::vector<std::string> words_list = {"cheval", "science"}) {
  JsonArray w;
  for (const auto& x : words_list) w.push_back(Json(x));
  auto g = start(std::move(options),
                 {{"curses", JsonArray{Json(curse), Json(std::string(curse) == "echo" ? "toc" : "echo")}},
                  {"words", w}});
  auto data = g.d();
  data.pawn = {1, 0};
  data.round = 0;
  data.deck.insert(data.deck.begin(), data.secret.begin(), data.secret.end());
  Table h{std::make_unique<TrapWordsState>(g.st().game(), data), 0};
  h.round(false, false);
  return h;
}

// Plays team 1's turn away (it is less advanced, so it goes first).
void skip_team1(Table& g) {
  if (g.d().phase == Phase::kWrite) g.seal_both();
  ASSERT_EQ(g.playing(), 1);
  g.fail();
  ASSERT_EQ(g.playing(), 0);
}

TEST(TrapWordsCurses, InondationAllowsOneMessage) {
  auto g = cursed("inondation");
  skip_team1(g);
  g.act(g.giver(0), {{"type", "clue"}, {"text", "animal de trait"}});
  g.refuse(g.giver(0), {{"type", "clue"}, {"text", "crinière"}}, "inondation");
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{g.guesser(0)}));
}

TEST(TrapWordsCurses, GribouillageGivesTenTrapsForOneHourglass) {
  auto g = cursed("gribouillage");
  const auto& sheet = g.d().sheet[1];  // written against team 0
  EXPECT_EQ(sheet.limit, 10);
  EXPECT_EQ(sheet.deadline, g.d().now + 30'000);
  EXPECT_EQ(g.d().sheet[0].limit, 3);
  g.write(0, {});
  g.timeout();  // team 1's hourglass ran out: its list is sealed as it is
  EXPECT_EQ(to_string(g.d().phase), "turn");
}

TEST(TrapWordsCurses, MotInterditSendsTheTeamOneRoomBack) {
  auto g = cursed("mot-interdit");
  g.write(0, {});
  g.act(1, {{"type", "trap"}, {"word", "jument"}});
  g.act(1, {{"type", "trap"}, {"word", "selle"}});
  g.refuse(1, {{"type", "seal"}}, "mark_forbidden");
  g.refuse(0, {{"type", "forbidden"}, {"word", "selle"}}, "sealed");  // team 0's own list is handed in
  g.refuse(3, {{"type", "forbidden"}, {"word", "crinière"}}, "not_on_sheet");
  g.act(3, {{"type", "forbidden"}, {"word", "selle"}});
  g.act(1, {{"type", "seal"}});
  skip_team1(g);
  g.act(g.giver(0), {{"type", "clue"}, {"text", "on y met une selle"}});
  EXPECT_EQ(g.d().pawn[0], 0);
  EXPECT_TRUE(g.d().history.back().as_object().at("stepped_back").as_bool());
}

TEST(TrapWordsCurses, MotInterditInTheFirstRoomCannotSendBack) {
  auto g = start({}, {{"curses", words({"mot-interdit", "echo"})}, {"words", words({"cheval", "science"})}});
  auto data = g.d();
  data.room_curse = {Curse::kMotInterdit, std::nullopt, std::nullopt, Curse::kEcho, std::nullopt};
  data.round = 0;
  data.monster_fought = true;  // keeps the set-up round from moving the monster
  data.deck.insert(data.deck.begin(), data.secret.begin(), data.secret.end());
  Table h{std::make_unique<TrapWordsState>(g.st().game(), data), 0};
  h.round(false, false);
  ASSERT_EQ(h.d().curses[0], (std::vector<Curse>{Curse::kMotInterdit}));  // both teams in room 0
  h.act(1, {{"type", "trap"}, {"word", "selle"}});
  h.act(1, {{"type", "forbidden"}, {"word", "selle"}});
  h.act(1, {{"type", "seal"}});
  h.act(0, {{"type", "seal"}});
  if (h.playing() == 1) h.fail();
  h.act(h.giver(0), {{"type", "clue"}, {"text", "une selle"}});
  EXPECT_EQ(h.d().pawn[0], 0);
  EXPECT_FALSE(h.d().history.back().as_object().at("stepped_back").as_bool());
}

TEST(TrapWordsCurses, EachTeamWritesAgainstItsOwnTimer) {
  auto g = cursed("gribouillage");
  g.t = g.d().sheet[1].deadline + 1000;  // team 1's hourglass is empty…
  g.refuse(1, {{"type", "trap"}, {"word", "jument"}}, "too_late");
  g.act(0, {{"type", "trap"}, {"word", "laboratoire"}});  // …team 0 still has time
  g.timeout();
  EXPECT_TRUE(g.d().sheet[1].sealed);
  EXPECT_FALSE(g.d().sheet[0].sealed);
}

TEST(TrapWordsCurses, SerpentEchoAndFaibleAreJudgedOnTheClue) {
  {
    auto g = cursed("serpent");
    skip_team1(g);
    g.act(g.giver(0), {{"type", "clue"}, {"text", "animal sauvage"}});
    EXPECT_EQ(g.d().history.back().as_object().at("result"), "invalid");
  }
  {
    auto g = cursed("echo");
    skip_team1(g);
    g.act(g.giver(0), {{"type", "clue"}, {"text", "animal-al"}});
    EXPECT_TRUE(g.d().turn);
    g.act(g.giver(0), {{"type", "clue"}, {"text", "crinière"}});
    EXPECT_EQ(g.d().history.back().as_object().at("result"), "invalid");
  }
  {
    auto g = cursed("faible");
    skip_team1(g);
    g.act(g.giver(0), {{"type", "clue"}, {"text", "animal"}});
    EXPECT_TRUE(g.d().turn);
    g.act(g.giver(0), {{"type", "clue"}, {"text", "il court"}});
    EXPECT_EQ(g.d().history.back().as_object().at("result"), "invalid");
  }
}

TEST(TrapWordsCurses, TenebresShowsGuessersOnlyTheLastClue) {
  auto g = cursed("tenebres");
  skip_team1(g);
  g.act(g.giver(0), {{"type", "clue"}, {"text", "animal"}});
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "chien"}});
  g.act(g.giver(0), {{"type", "clue"}, {"text", "crinière"}});
  const auto guesser = text_of(g.state->view(Viewer::player(g.guesser(0))));
  EXPECT_EQ(guesser.find("\"text\":\"animal\""), std::string::npos);
  EXPECT_NE(guesser.find("\"text\":\"crinière\""), std::string::npos);
  const auto opponent = text_of(g.state->view(Viewer::player(1)));
  EXPECT_NE(opponent.find("\"text\":\"animal\""), std::string::npos);
  EXPECT_NE(guesser.find("\"dark_from\""), std::string::npos);
}

// « Désarmer » on team 0: once team 0 has written its list, team 1's
// clue-giver names a row of it blind, and that trap no longer fires.
TEST(TrapWordsCurses, DesarmerCrossesOutARowOfTheCursedTeamsOwnList) {
  auto g = cursed("desarmer");
  g.write(1, {"jument", "selle", "galop"});
  g.write(0, {"laboratoire", "chercheur", "savant"});
  EXPECT_EQ(to_string(g.d().phase), "disarm");
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{g.giver(1)}));
  const auto view = g.state->view(Viewer::player(g.giver(1))).as_object();
  EXPECT_EQ(view.at("disarm").at("team"), 0);
  EXPECT_EQ(view.at("disarm").at("rows"), 3);
  g.refuse(g.giver(1), {{"type", "disarm"}, {"row", 4}}, "bad_field");
  g.refuse(g.giver(0), {{"type", "disarm"}, {"row", 2}},
           "not_clue_giver");  // the cursed team does not choose
  g.act(g.giver(1), {{"type", "disarm"}, {"row", 2}});
  ASSERT_TRUE(g.d().sheet[0].crossed);
  EXPECT_EQ(*g.d().sheet[0].crossed, 1);
  EXPECT_FALSE(g.d().sheet[1].crossed);  // the list against the cursed team is whole
  ASSERT_EQ(g.playing(), 1);
  g.act(g.giver(1), {{"type", "clue"}, {"text", "un chercheur"}});
  EXPECT_TRUE(g.d().turn);  // the crossed-out trap no longer fires
  g.act(g.giver(1), {{"type", "clue"}, {"text", "un savant"}});
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "trap");
}

TEST(TrapWordsCurses, DesarmerTimesOutOnARandomRow) {
  auto g = cursed("desarmer");
  g.write(1, {"jument"});
  g.write(0, {"laboratoire", "chercheur", "savant"});
  g.timeout();
  ASSERT_TRUE(g.d().sheet[0].crossed);
  EXPECT_LT(*g.d().sheet[0].crossed, 3);
  EXPECT_EQ(g.d().sheet[0].live().size(), 2u);
  EXPECT_EQ(g.d().sheet[1].live().size(), 1u);
  EXPECT_EQ(to_string(g.d().phase), "turn");
}

// With an empty list there is nothing to cross out: no désarmer step.
TEST(TrapWordsCurses, DesarmerSkipsAnEmptyList) {
  auto g = cursed("desarmer");
  g.write(1, {"jument"});
  g.write(0, {});
  EXPECT_EQ(to_string(g.d().phase), "turn");
}

TEST(TrapWordsCurses, TocGuessesNeedThePhrase) {
  auto g = cursed("toc");
  skip_team1(g);
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "cheval"}});  // right word, no phrase: wasted
  EXPECT_EQ(g.d().turn->wrong, 1);
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "Je mange mon chapeau si ce n’est pas un cheval"}});
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "found");
}

TEST(TrapWordsCurses, PetrificationSilencesTheClueGiverAfterTheFirstGuess) {
  auto g = cursed("petrification");
  skip_team1(g);
  g.act(g.giver(0), {{"type", "clue"}, {"text", "animal"}});
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "chien"}});
  g.refuse(g.giver(0), {{"type", "clue"}, {"text", "crinière"}}, "petrification");
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{g.guesser(0)}));
}

TEST(TrapWordsCurses, PetrifiedAfterAGuessBeforeAnyClueTheTeamStillGuesses) {
  auto g = cursed("petrification", {{"turn_seconds", 0}});
  skip_team1(g);
  g.act(g.guesser(0), {{"type", "guess"}, {"text", "chien"}});
  EXPECT_EQ(g.state->to_act(), (std::vector<PlayerId>{g.guesser(0)}));  // never stuck
}

// --- typed and table modes -------------------------------------------------------

TEST(TrapWordsModes, TypedModeOpponentsFlagAClueAndVoteWhileTheSandWaits) {
  auto g = start({}, {{"words", words({"chien", "science"})}});
  g.seal_both();
  g.refuse(1, {{"type", "flag"}, {"reason", "exemple"}}, "no_clue");
  const auto from = g.d().turn->hourglass_from;
  g.t = from + 4000;                                  // 4 s of sand gone
  g.act(0, {{"type", "clue"}, {"text", "caniche"}});  // an example: the lexicon cannot tell
  g.refuse(2, {{"type", "flag"}, {"reason", "exemple"}}, "not_opponent");
  g.refuse(1, {{"type", "flag"}, {"reason", "parce que"}}, "bad_field");
  const auto end = g.d().turn->hourglass_end;
  g.act(1, {{"type", "flag"}, {"reason", "exemple"}});
  const auto flagged_at = g.t;
  EXPECT_EQ(to_string(g.d().phase), "vote");
  EXPECT_EQ(*g.state->deadline(), flagged_at + 15'000);  // the vote's own timer
  g.refuse(1, {{"type", "vote"}, {"invalid", true}}, "already_voted");
  g.refuse(2, {{"type", "vote"}, {"invalid", false}}, "not_opponent");
  g.t += 5000;
  g.act(3, {{"type", "vote"}, {"invalid", false}});  // 1 against 1: the clue stands
  EXPECT_EQ(to_string(g.d().phase), "turn");
  EXPECT_EQ(g.d().turn->hourglass_end, end + (g.t - flagged_at));  // the sand waited for the vote
  const auto first_vote = g.t - flagged_at;
  EXPECT_EQ(g.d().turn->paused_ms, first_vote);
  g.refuse(3, {{"type", "flag"}, {"reason", "autre"}}, "already_judged");  // one vote per clue
  g.refuse(1, {{"type", "flag"}, {"reason", "exemple"}}, "already_flagged");
  g.act(0, {{"type", "clue"}, {"text", "aboie"}});
  g.act(3, {{"type", "flag"}, {"reason", "sonorite"}});
  const auto flag2_at = g.t;
  g.timeout();  // the partner does not vote: 1 against 0
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "invalid");
  // The sand used leaves both votes out.
  EXPECT_EQ(g.d().used_ms[0], flag2_at - from - first_vote);
}

TEST(TrapWordsModes, AtATableEachTeamNeedsAPersonBecauseBotsDoNotHear) {
  const auto& game = testing::game("trapwords");
  ::logomachie::games::Setup table;  // (gtest has a Setup of its own)
  table.players = 4;
  table.options = JsonObject{{"mode", "table"}};
  // Seats 0 and 2 are the blue team, 1 and 3 the red one.
  EXPECT_FALSE(game.check_bots(table, {false, false, true, true}).has_value());  // a person on each team
  const auto refused = game.check_bots(table, {false, true, true, true});        // red: bots only
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->code, "bots_cannot_play");
  EXPECT_NE(refused->message.find("en ligne"), std::string::npos);              // says what to do instead
  EXPECT_TRUE(game.check_bots(table, {true, false, true, false}).has_value());  // blue: bots only
  // Typed, bots play any seat.
  ::logomachie::games::Setup typed = table;
  typed.options = JsonObject{{"mode", "typed"}};
  EXPECT_FALSE(game.check_bots(typed, {false, true, true, true}).has_value());
}

TEST(TrapWordsModes, TableModeOpponentsJudgeSpokenClues) {
  auto g = start({{"mode", "table"}}, {{"words", words({"cheval", "science"})}});
  g.write(0, {});
  g.write(1, {"galop", "selle"});
  g.refuse(1, {{"type", "flag"}, {"reason", "exemple"}}, "table_mode");
  g.act(0, {{"type", "wrong"}});  // the clue-giver counts a wrong spoken guess
  g.act(1, {{"type", "wrong"}});
  g.refuse(2, {{"type", "wrong"}}, "not_judge");
  EXPECT_EQ(g.d().turn->wrong, 2);
  g.refuse(1, {{"type", "trap_hit"}, {"trap", "crinière"}}, "not_a_trap");
  g.act(3, {{"type", "trap_hit"}, {"trap", "selle"}});
  EXPECT_EQ(g.d().result[0], "trap");
  g.refuse(1, {{"type", "found"}}, "not_judge");  // a clue-giver does not declare its own word found
  g.act(0, {{"type", "found"}});                  // team 1's word found, said aloud
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "found");
  g.seal_both();
  g.act(1, {{"type", "invalid"}});
  EXPECT_EQ(g.d().history.back().as_object().at("result"), "invalid");
}

// --- team views ---------------------------------------------------------------------

TEST(TrapWordsViews, SecretsAndTrapsReachOnlyThoseAllowed) {
  auto g = start({}, {{"words", words({"cheval", "science"})}});
  g.act(0, {{"type", "trap"}, {"word", "laboratoire"}});
  g.act(1, {{"type", "trap"}, {"word", "galop"}});
  auto sees = [&](const Viewer& v, std::string_view what) {
    return text_of(g.state->view(v)).find(what) != std::string::npos;
  };
  // Writing: each team sees the word it drew (the opponents') and its own traps.
  EXPECT_TRUE(sees(Viewer::player(0), "\"secret\":\"science\""));
  EXPECT_FALSE(sees(Viewer::player(0), "\"secret\":\"cheval\""));
  EXPECT_FALSE(sees(Viewer::player(0), "galop"));
  EXPECT_TRUE(sees(Viewer::player(2), "laboratoire"));
  EXPECT_FALSE(sees(Viewer::spectator(), "cheval"));
  EXPECT_FALSE(sees(Viewer::spectator(), "galop"));
  EXPECT_FALSE(sees(Viewer::team(0), "\"secret\":\"cheval\""));
  g.act(0, {{"type", "seal"}});
  g.act(1, {{"type", "seal"}});
  // Team 0's turn: its clue-giver now sees its word, its guesser still not.
  EXPECT_TRUE(sees(Viewer::player(0), "\"secret\":\"cheval\""));
  EXPECT_FALSE(sees(Viewer::player(2), "\"secret\":\"cheval\""));
  EXPECT_FALSE(sees(Viewer::player(0), "galop"));  // nor the traps against it
  for (int p = 0; p < 4; ++p) {
    const auto view = text_of(g.state->view(Viewer::player(p)));
    for (const auto& secret : g.state->secrets_hidden_from(Viewer::player(p))) {
      EXPECT_EQ(view.find(secret), std::string::npos) << p << " sees " << secret;
    }
  }
  g.fail();
  // Over: team 0's word and the traps against it are out for everyone.
  EXPECT_TRUE(sees(Viewer::spectator(), "\"secret\":\"cheval\""));
  EXPECT_TRUE(sees(Viewer::player(2), "galop"));
  EXPECT_FALSE(sees(Viewer::spectator(), "\"secret\":\"science\""));
}

// --- bots ---------------------------------------------------------------------------

bool has_key(const std::vector<std::string_view>& words, std::string_view word) {
  for (auto w : words) {
    if (lexicon::match_key(w) == lexicon::match_key(word)) return true;
  }
  return false;
}

TEST(TrapWordsBots, AssociationsAndCandidatesReadTheThesaurus) {
  const auto& lex = testing::lexicon();
  const auto ideas = associations(lex, "épée", 20);
  ASSERT_FALSE(ideas.empty());
  bool sabre = false;
  for (const auto& s : ideas) {
    EXPECT_EQ(lex.relate("épée", s.word), lexicon::Relation::kUnrelated) << s.word;
    sabre = sabre || s.word == "sabre";
  }
  EXPECT_TRUE(sabre);
  const std::vector<std::string> clues = {"sabre", "lame"};
  const auto read = guess_candidates(lex, clues, {}, nullptr, 1.0, 5);
  bool found = false;
  for (const auto& s : read) found = found || s.word == "épée";
  EXPECT_TRUE(found);
  // A wrong guess is not proposed again.
  const std::vector<std::string> wrong = {"épée"};
  for (const auto& s : guess_candidates(lex, clues, wrong, nullptr, 1.0, 5)) EXPECT_NE(s.word, "épée");
}

// Bots give clues a French table would: never a vulgar word or a slur (for
// any secret of either book), and no drift through a neighbour's other sense.
TEST(TrapWordsBots, CluesAreNeverVulgarNorOffTheSecretsSense) {
  const auto& lex = testing::lexicon();
  const auto& game = dynamic_cast<const TrapWordsGame&>(testing::game("trapwords"));
  const auto unsayable = [&](std::string_view w) { return game.unsayable(w); };
  EXPECT_TRUE(game.unsayable("cul"));
  EXPECT_TRUE(game.unsayable("connards"));  // any form of a listed word
  EXPECT_FALSE(game.unsayable("sommet"));
  for (const char* book : {"fantastique", "contemporain"}) {
    for (const auto& secret : game.book(book)) {
      for (const auto& s : associations(lex, secret, 40, unsayable)) {
        EXPECT_FALSE(game.unsayable(s.word)) << secret << " → " << s.word;
      }
    }
  }
  const auto has = [&](std::string_view secret, std::string_view word) {
    for (const auto& s : associations(lex, secret, 40, unsayable)) {
      if (s.word == word) return true;
    }
    return false;
  };
  EXPECT_FALSE(has("sommet", "cul"));
  EXPECT_FALSE(has("orque", "irresponsable"));  // orque → marteau (the shark) ↛ marteau (the madman)
  EXPECT_TRUE(has("orque", "baleine"));
}

// « lune » has no thesaurus entry: from our own associations
// (data/lexicon/associations.tsv) the opponents' bot writes traps against
// it, the team's bot clue-giver gives a real clue rather than pass, and a
// bot guesser reads the word back from clues that evoke it.
TEST(TrapWordsBots, AWordWithoutThesaurusEntryGetsTrapsAndAClue) {
  const auto& lex = testing::lexicon();
  ASSERT_TRUE(lex.synonyms("lune").empty());
  ASSERT_TRUE(lex.listed_by("lune").empty());
  const auto& game = testing::game("trapwords");
  auto g = start({{"book", "fantastique"}}, {{"words", words({"lune", "science"})}});
  ASSERT_EQ(g.st().secret(0), "lune");
  // Team 1 (seats 1 and 3) writes against « lune ».
  auto writer = game.make_bot("medium", 11);
  const int limit = g.d().sheet[1].limit;
  ASSERT_GT(limit, 0);
  for (int i = 0; i < limit; ++i) {
    const auto a = writer->act(*g.state, 1);
    ASSERT_TRUE(a);
    ASSERT_EQ(a->type(), "trap") << canonical(a->to_json());
    const std::string trap(a->body.at("word").as_string());
    EXPECT_EQ(lex.relate("lune", trap), lexicon::Relation::kUnrelated) << trap;
    g.act(1, a->body);
  }
  g.act(1, {{"type", "seal"}});
  g.write(0, {});
  ASSERT_EQ(g.playing(), 0);
  // Team 0's clue-giver gives a clue the referee accepts.
  const auto clue = g.bot_clue(0, "medium", 7);
  EXPECT_TRUE(has_key(lex.associations("lune"), clue)) << clue;
  EXPECT_FALSE(g.d().turn->clues.empty());
  // Clues that evoke it lead a guesser back to it.
  const std::vector<std::string> clues = {"croissant", "astronaute"};
  bool found = false;
  for (const auto& s : guess_candidates(lex, clues, {}, nullptr, 1.0, 3)) found = found || s.word == "lune";
  EXPECT_TRUE(found);
}

// Under the écho curse a bot clue-giver says each word with its echo
// (« crinière-ère ») instead of giving up, and its guesser reads the clue
// without them.
TEST(TrapWordsBots, UnderTheEchoCurseTheClueGiverSaysTheEchoes) {
  auto g = cursed("echo");
  skip_team1(g);
  const auto& game = testing::game("trapwords");
  const auto clue = g.bot_clue(0, "medium", 7);
  EXPECT_NE(clue.find('-'), std::string::npos) << clue;
  ASSERT_EQ(g.d().turn->clues.size(), 1u);  // accepted: the turn goes on
  EXPECT_EQ(g.playing(), 0);
  auto guesser = game.make_bot("hard", 3);
  const auto guess = guesser->act(*g.state, g.guesser(0));
  ASSERT_TRUE(guess);
  ASSERT_EQ(guess->type(), "guess") << canonical(guess->to_json());
  EXPECT_EQ(std::string(guess->body.at("text").as_string()).find('-'), std::string::npos);
}

// Every secret of both books gives a bot clue-giver ideas to say: at least
// five associations the referee accepts as clues (no curse, no trap). Words
// the thesaurus lacks (« lune », « banane ») get theirs from our own
// association list (data/lexicon/associations.tsv).
TEST(TrapWordsBots, EveryDeckWordGivesTheClueGiverIdeas) {
  const auto& lex = testing::lexicon();
  const auto& game = dynamic_cast<const TrapWordsGame&>(testing::game("trapwords"));
  const auto unsayable = [&](std::string_view w) { return game.unsayable(w); };
  std::size_t secrets = 0, none = 0, thin = 0;
  std::string report;
  for (const char* book : {"fantastique", "contemporain"}) {
    for (const auto& secret : game.book(book)) {
      ++secrets;
      std::size_t ideas = 0;
      for (const auto& s : associations(lex, secret, 40, unsayable)) {
        if (game.referee().judge_clue(secret, {}, s.word, {}).ok()) ++ideas;
      }
      if (ideas == 0) ++none;
      if (ideas < 5) {
        ++thin;
        report += " " + secret + "(" + std::to_string(ideas) + ")";
      }
    }
  }
  EXPECT_EQ(thin, 0u) << none << " of " << secrets << " secrets give no idea, " << thin
                      << " fewer than five:" << report;
}

TEST(TrapWordsBots, BotTeamsFinishGamesAndFindWords) {
  const auto& game = testing::game("trapwords");
  int turns = 0, found = 0;
  for (uint64_t seed = 0; seed < 6; ++seed) {
    games::Setup setup;
    setup.players = 4;
    setup.seed = seed;
    auto s = game.new_state(setup);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < 4; ++p) bots.push_back(game.make_bot("hard", seed * 10 + static_cast<uint64_t>(p)));
    for (int step = 0; step < 3000 && !s->is_terminal(); ++step) {
      const auto acts = s->to_act();
      Action a = acts.empty() ? Action::make(kHost, *s->deadline(), {{"type", "timeout"}})
                              : *bots[static_cast<std::size_t>(acts.front())]->act(*s, acts.front());
      if (a.type() == "guess") {
        // A guesser knows the opponents' word and its own team's traps
        // against it: never its own answer.
        const auto& d = dynamic_cast<const TrapWordsState&>(*s).data();
        const int team = d.turn->team;
        const std::string guess(a.body.at("text").as_string());
        EXPECT_NE(lexicon::match_key(guess),
                  lexicon::match_key(dynamic_cast<const TrapWordsState&>(*s).secret(1 - team)));
        for (const auto& trap : d.sheet[static_cast<std::size_t>(team)].traps) {
          EXPECT_NE(lexicon::match_key(guess), lexicon::match_key(trap)) << "guessed its own team's trap";
        }
      }
      ASSERT_TRUE(s->apply(a).ok()) << canonical(a.to_json());
    }
    ASSERT_TRUE(s->is_terminal());
    const auto outcome = s->outcome();
    const auto& details = outcome.details.as_object();
    turns += static_cast<int>(details.at("turns").as_int64());
    found += static_cast<int>(details.at("found").as_int64());
  }
  // Hard bots find a fair share of their words (about half, docs/bots.md).
  EXPECT_GT(found * 4, turns);
}

// --- words: views and the terminal tell moves as narration.cc does ----------

const std::vector<std::string> kNames = {"Léa", "Tom", "Zoé", "Max"};

const JsonObject& event_of(const ApplyResult& r, std::string_view type) {
  for (const auto& e : r.events) {
    if (text_field(e.as_object(), "type") == type) return e.as_object();
  }
  static const JsonObject kNone;
  ADD_FAILURE() << "no event " << type;
  return kNone;
}

std::string said(const JsonObject& e) {
  return *testing::game("trapwords").describe(e, kNames);
}

// The web board shows each line of a turn's log with the server's words: the
// same as the event's sentence (the name first), never its own wording.
TEST(TrapWordsViews, EachLineOfTheLogIsToldWithTheNarrationsWords) {
  auto g = start({{"book", "fantastique"}}, {{"words", words({"cheval", "science"})}});
  g.write(1, {"galop"});
  g.write(0, {});
  ASSERT_EQ(g.playing(), 0);
  const auto clue = g.act(g.giver(0), {{"type", "clue"}, {"text", "il galope dans le pré"}});
  auto view = g.state->view(Viewer::player(1)).as_object();
  const auto& entry = view.at("history").as_array().at(0).as_object();
  const auto& line = entry.at("log").as_array().at(0).as_object();
  EXPECT_EQ(line.at("say"), "\u00a0: «\u00a0il galope dans le pré\u00a0»");
  EXPECT_EQ(line.at("verdict_say"),
            "Piège\u00a0! «\u00a0galope\u00a0» déclenche «\u00a0galop\u00a0» (même famille)");
  EXPECT_EQ(said(event_of(clue, "clue")), kNames[static_cast<std::size_t>(g.giver(0))] +
                                              std::string(line.at("say").as_string()) + ". " +
                                              std::string(line.at("verdict_say").as_string()));
  EXPECT_EQ(entry.at("say"), Json(said(event_of(clue, "turn_ended"))));
  EXPECT_EQ(entry.at("say"), "L’équipe bleue\u00a0: «\u00a0cheval\u00a0», piège déclenché.");
  EXPECT_EQ(entry.at("result_say"), "piège déclenché");
  EXPECT_EQ(view.at("teams").as_array().at(0).at("result_say"), "piège déclenché");

  // Team 1's turn: a clue let through, contested by an opponent, kept by the vote.
  ASSERT_EQ(g.playing(), 1);
  g.act(g.giver(1), {{"type", "clue"}, {"text", "on y fait des expériences"}});
  const auto flag = g.act(0, {{"type", "flag"}, {"reason", "exemple"}});
  view = g.state->view(Viewer::player(3)).as_object();
  const auto& turn = view.at("turn").as_object();
  const auto& log = turn.at("log").as_array();
  EXPECT_EQ(log.at(0).at("verdict_say"), "Indice accepté.");
  EXPECT_EQ(log.at(1).at("say"),
            " conteste l’indice «\u00a0on y fait des expériences\u00a0» (c’est un exemple du mot).");
  EXPECT_EQ(said(event_of(flag, "flagged")), "Léa" + std::string(log.at(1).at("say").as_string()));
  ASSERT_EQ(turn.at("flag_reasons").as_array().size(), kFlagReasons.size());
  EXPECT_EQ(turn.at("flag_reasons").as_array().at(0),
            (JsonObject{{"id", "exemple"}, {"text", "c’est un exemple du mot"}}));
  const auto vote = g.act(2, {{"type", "vote"}, {"invalid", false}});
  view = g.state->view(Viewer::spectator()).as_object();
  const auto& vote_line = view.at("turn").at("log").as_array().at(2).as_object();
  EXPECT_EQ(vote_line.at("say"), Json(said(event_of(vote, "vote_closed"))));
  EXPECT_EQ(vote_line.at("say"), "Vote\u00a0: l’indice tient (1 pour l’annuler, 1 contre).");
  // The canonical state keeps the facts only.
  EXPECT_EQ(canonical(g.state->serialize()).find("\"say\""), std::string::npos);
}

// The terminal's screen for a TrapWords game, with the game's sentences.
std::unique_ptr<TerminalGame> screen() {
  auto s = testing::game("trapwords").terminal();
  s->game = &testing::game("trapwords");
  s->names = kNames;
  return s;
}

// Under ténèbres a clue's event carries no text (events reach everybody, the
// guessers see only the latest clue): describe() and the terminal tell it
// without reading one (the terminal used to read it and crash).
TEST(TrapWordsTerminal, ATenebresClueWithoutTextIsToldInTheDark) {
  auto g = cursed("tenebres");
  skip_team1(g);
  const auto r = g.act(g.giver(0), {{"type", "clue"}, {"text", "animal"}});
  const auto& clue = event_of(r, "clue");
  EXPECT_FALSE(clue.contains("text"));
  const auto giver = kNames[static_cast<std::size_t>(g.giver(0))];
  EXPECT_EQ(said(clue), giver + " donne un indice dans le noir");
  const JsonObject bare{{"type", "clue"},
                        {"player", 0},
                        {"verdict", JsonObject{{"fired", JsonArray{}}, {"violations", JsonArray{}}}}};
  EXPECT_EQ(said(bare), "Léa donne un indice dans le noir");
  std::ostringstream out;
  const auto s = screen();
  s->narrate(*g.state, r.events, out);
  EXPECT_NE(out.str().find(giver + " donne un indice dans le noir"), std::string::npos) << out.str();
  // The guesser's screen shows the latest clue, and only that one.
  std::ostringstream shown;
  s->show(*g.state, g.guesser(0), shown);
  EXPECT_NE(
      shown.str().find("Dernier indice (ténèbres\u00a0: il s’efface au suivant)\u00a0: «\u00a0animal\u00a0»"),
      std::string::npos)
      << shown.str();
}

TEST(TrapWordsTerminal, TheMonstersPowerIsExplained) {
  for (const auto& [monster, text] :
       {std::pair<std::string, std::string>{
            "troll", "Le combat contre le Troll\u00a0: l’éclaireur n’a que 10 mots pour tout le tour."},
        {"troll*", "Le combat contre le Troll *\u00a0: l’éclaireur n’a que 5 mots pour tout le tour."},
        {"dragon", "Le combat contre le Dragon\u00a0: trois réponses seulement pour trouver."}}) {
    auto g = start({}, {{"monster", monster}});
    std::ostringstream out;
    screen()->show(*g.state, 0, out);
    EXPECT_NE(out.str().find(text), std::string::npos) << out.str();
  }
}

// A trap crossed out by désarmer is named on the list it belongs to, when
// crossed and when the lists are shown after the turn.
TEST(TrapWordsTerminal, ACrossedOutTrapIsShownOnItsOwnTeamsList) {
  auto g = cursed("desarmer");
  g.write(1, {"jument"});
  g.write(0, {"laboratoire", "chercheur", "savant"});
  const auto s = screen();
  std::ostringstream out;
  s->narrate(*g.state, g.act(g.giver(1), {{"type", "disarm"}, {"row", 2}}).events, out);
  s->narrate(*g.state, g.act(g.giver(1), {{"type", "clue"}, {"text", "un savant"}}).events, out);
  EXPECT_NE(out.str().find("Désarmer\u00a0: le piège n° 2 de la liste de l’équipe bleue est barré."),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("Les pièges de l’équipe bleue étaient\u00a0: «\u00a0laboratoire\u00a0», "
                           "«\u00a0chercheur\u00a0» (barré par Désarmer), «\u00a0savant\u00a0»."),
            std::string::npos)
      << out.str();
}

// « /interdit MOT » marks the mot interdit, and the screen confirms which
// one and what it does; traps of several words are quoted whole.
TEST(TrapWordsTerminal, TheMotInterditIsConfirmedAndMultiWordTrapsAreQuoted) {
  auto g = cursed("mot-interdit");
  g.act(1, {{"type", "trap"}, {"word", "pomme de terre"}});
  g.act(1, {{"type", "trap"}, {"word", "selle"}});
  const auto s = screen();
  std::istringstream in("/interdit selle\n");
  std::ostringstream asked;
  const auto a = s->ask(*g.state, 1, in, asked);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->body, (JsonObject{{"type", "forbidden"}, {"word", "selle"}}));
  ASSERT_TRUE(g.state->apply(*a).ok());
  std::ostringstream out;
  s->show(*g.state, 1, out);
  EXPECT_NE(
      out.str().find("(2 écrits\u00a0: «\u00a0pomme de terre\u00a0», «\u00a0selle\u00a0» (mot interdit))."),
      std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("Mot interdit choisi\u00a0: «\u00a0selle\u00a0». S’il se déclenche, l’équipe "
                           "bleue recule d’une salle."),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace logomachie::games::trapwords
