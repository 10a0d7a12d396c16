// games/core: RNG, JSON helpers, actions, setups, records, content, letters.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>

#include "games/core/bot_level.h"
#include "games/core/content.h"
#include "games/core/game.h"
#include "games/core/json.h"
#include "games/core/registry.h"
#include "games/core/replay.h"
#include "games/core/rng.h"
#include "games/core/word_list.h"
#include "test_support.h"

namespace logomachie::games {
namespace {

TEST(Rng, SameSeedSameSequenceOnEveryPlatform) {
  Rng a(42), b(42), c(43);
  // Pinned values: a change here changes every recorded game.
  EXPECT_EQ(a.next(), Rng(42).next());
  std::vector<uint64_t> first;
  for (int i = 0; i < 4; ++i) first.push_back(b.next());
  EXPECT_NE(first, (std::vector<uint64_t>{c.next(), c.next(), c.next(), c.next()}));
  Rng pinned(2026);
  EXPECT_EQ(pinned.below(1000), 573u);
  EXPECT_EQ(pinned.below(1000000007), 283679462u);
  EXPECT_EQ(Rng(0).to_hex(),
            "e220a8397b1dcdaf6e789e6aa1b965f4"
            "06c45d188009454f"
            "f88bb8a8724c81ec");
}

TEST(Rng, BelowIsInRangeAndRoughlyUniform) {
  Rng r(7);
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) {
    const auto v = r.below(6);
    ASSERT_LT(v, 6u);
    ++counts[v];
  }
  for (int c : counts) EXPECT_NEAR(c, 10000, 400);
}

TEST(Rng, ShuffleIsAPermutationAndSerialisationRestoresTheState) {
  Rng r(11);
  std::vector<int> v = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  r.shuffle(std::span(v));
  EXPECT_EQ(v, (std::vector<int>{5, 4, 6, 9, 7, 8, 3, 1, 0, 2}));  // pinned: decks depend on it
  auto sorted = v;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_NE(v, sorted);
  Rng copy = Rng::from_hex(r.to_hex());
  EXPECT_EQ(copy, r);
  EXPECT_EQ(copy.next(), r.next());
  EXPECT_THROW(Rng::from_hex("xyz"), std::invalid_argument);
  EXPECT_THROW(Rng::from_hex(std::string(64, 'g')), std::invalid_argument);
}

TEST(Json, CanonicalSortsKeysAtEveryDepth) {
  const Json a = parse_json(R"({"b":1,"a":{"d":[1,{"z":0,"y":1}],"c":null}})");
  const Json b = parse_json(R"({"a":{"c":null,"d":[1,{"y":1,"z":0}]},"b":1})");
  EXPECT_EQ(canonical(a), canonical(b));
  EXPECT_EQ(canonical(a), R"({"a":{"c":null,"d":[1,{"y":1,"z":0}]},"b":1})");
}

TEST(Json, TypedAccessorsExplainTheirErrors) {
  const auto o = parse_json(R"({"n":5,"s":"x","big":1e40,"neg":-3})").as_object();
  EXPECT_EQ(get_int(o, "n", 0, 10), 5);
  EXPECT_EQ(get_string(o, "s"), "x");
  for (auto f :
       {+[](const JsonObject& j) { get_int(j, "n", 6, 10); },
        +[](const JsonObject& j) { get_int(j, "s", 0, 1); }, +[](const JsonObject& j) { get_string(j, "n"); },
        +[](const JsonObject& j) { get_int(j, "missing", 0, 1); },
        +[](const JsonObject& j) { get_int(j, "big", 0, 1); },
        +[](const JsonObject& j) { get_array(j, "n"); }}) {
    try {
      f(o);
      ADD_FAILURE() << "accepted";
    } catch (const ActionError& e) {
      EXPECT_EQ(e.error().code, "bad_field");
      EXPECT_NE(e.error().message.find("«\u00a0"), std::string::npos);  // names the field, in French
    }
  }
  EXPECT_THROW(parse_json("{"), ActionError);
  EXPECT_THROW(parse_json(std::string(200, '[') + std::string(200, ']')), ActionError);  // too deep
}

TEST(Action, RoundTripsThroughJson) {
  const auto a = Action::make(2, 1500, JsonObject{{"type", "submit"}, {"word", "kepi"}});
  const auto b = Action::from_json(parse_json(canonical(a.to_json())));
  EXPECT_EQ(b.actor, 2);
  EXPECT_EQ(b.at, 1500);
  EXPECT_EQ(b.type(), "submit");
  EXPECT_EQ(canonical(a.to_json()), canonical(b.to_json()));
  EXPECT_THROW(Action::from_json(parse_json(R"({"type":"x"})")), ActionError);  // no actor
  EXPECT_THROW(Action::from_json(parse_json(R"({"actor":0})")), ActionError);   // no type
  EXPECT_THROW(Action::from_json(parse_json(R"({"actor":0,"type":"x","at":-5})")), ActionError);
  EXPECT_THROW(Action::from_json(parse_json("[]")), ActionError);
}

TEST(Record, RoundTripsAndChecksVersions) {
  Record r;
  r.game = "wordbank";
  r.rules_version = 1;
  r.setup.players = 3;
  r.setup.seed = 12345678901234ULL;
  r.setup.options["turn_seconds"] = 30;
  r.actions.push_back(Action::make(0, 0, JsonObject{{"type", "pass"}}));
  const auto back = Record::from_json(parse_json(canonical(r.to_json())));
  EXPECT_EQ(canonical(back.to_json()), canonical(r.to_json()));
  EXPECT_EQ(back.setup.seed, 12345678901234ULL);

  const auto& game = testing::game("wordbank");
  Record wrong = back;
  wrong.content_version = "0000000000000000";
  try {
    replay(game, wrong);
    ADD_FAILURE() << "replayed with other content";
  } catch (const ActionError& e) {
    EXPECT_EQ(e.error().code, "content_version_mismatch");
  }
  wrong = back;
  wrong.game = "lettralettre";
  EXPECT_THROW(replay(game, wrong), ActionError);
}

TEST(Content, LinesHashesAndLookups) {
  std::vector<std::string> lines;
  for_each_data_line("# header\n  A\t3  \n\nB # comment\r\n",
                     [&](std::string_view l) { lines.emplace_back(l); });
  EXPECT_EQ(lines, (std::vector<std::string>{"A\t3", "B"}));
  const ContentFile one[] = {{"a.txt", "x"}};
  const ContentFile two[] = {{"a.txt", "y"}};
  EXPECT_NE(content_hash(one), content_hash(two));
  EXPECT_EQ(content_hash(one).size(), 16u);
  EXPECT_EQ(content_file(one, "a.txt"), "x");
  EXPECT_THROW(content_file(one, "b.txt"), std::runtime_error);
}

TEST(Letters, FoldLikeTheGames) {
  EXPECT_EQ(game_letters("Spécifique"), "SPECIFIQUE");
  EXPECT_EQ(game_letters("cœur"), "COEUR");
  EXPECT_EQ(game_letters("porte-clé"), "PORTECLE");
  EXPECT_EQ(game_letters("aujourd’hui"), "AUJOURDHUI");
  EXPECT_EQ(game_letters("ça"), "CA");
  EXPECT_EQ(game_letters("x2"), "");
  EXPECT_EQ(game_letters("\xff"), "");
  EXPECT_EQ(game_letters("мир"), "");
}

TEST(WordList, HoldsCommonLettersOnlyWordsInKeyOrder) {
  const WordList words(testing::lexicon());
  ASSERT_GT(words.size(), 300000u);
  std::map<std::string, std::string> found;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) {
      ASSERT_LT(words.key(i - 1), words.key(i));
    }
    const auto k = words.key(i);
    if (k == "eleve" || k == "coeur" || k == "chat") found[std::string(k)] = words.display(i);
  }
  EXPECT_EQ(found["coeur"], "cœur");
  EXPECT_EQ(found["eleve"], "élève");  // a lemma's spelling, not "élevè"
  EXPECT_EQ(found["chat"], "chat");
}

TEST(BotNames, EveryBotHasAFirstNameOfItsOwnThatNoPersonAtTheTableUses) {
  // Three bots of one level, two people, one of whom goes by a bot's name.
  std::vector<std::string> names{"Léa", "", "", "arsène", ""};
  const std::vector<bool> bot{false, true, true, false, true};
  name_bots(names, bot);
  EXPECT_EQ(names[0], "Léa");
  EXPECT_EQ(names[3], "arsène");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_FALSE(names[i].empty()) << i;
    EXPECT_EQ(names[i].find("Robot"), std::string::npos) << names[i];
    EXPECT_TRUE(seen.insert(names[i]).second) << names[i] << " twice";
  }
  // Compared without case nor accents: a person called « BÉRÉNICE » keeps
  // seat 1's name from its bot, which takes the next one.
  std::vector<std::string> shouted{"BERENICE", "", "celestin"};
  name_bots(shouted, {false, true, false});
  EXPECT_NE(shouted[1], "Bérénice");
  EXPECT_NE(shouted[1], "Célestin");
  EXPECT_FALSE(shouted[1].empty());
  // By seat: the same table gets the same names (room, replay and terminal agree).
  std::vector<std::string> again{"Léa", "", "", "arsène", ""};
  name_bots(again, bot);
  EXPECT_EQ(again, names);
  // More bots than names: still distinct.
  std::vector<std::string> crowd(40);
  name_bots(crowd, std::vector<bool>(40, true));
  EXPECT_EQ(std::set<std::string>(crowd.begin(), crowd.end()).size(), 40u);
}

TEST(Registry, EveryGameIsFoundByName) {
  ASSERT_GE(registered_games().size(), 2u);
  for (const auto& g : registered_games()) {
    EXPECT_EQ(find_game(g.name), &g);
    EXPECT_EQ(testing::game(g.name).info().name, g.name);
  }
  EXPECT_EQ(find_game("chess"), nullptr);
}

}  // namespace
}  // namespace logomachie::games
