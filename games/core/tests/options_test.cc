// games/core/options.h: the one validator of every game's options, and the
// schema's JSON form. (conformance_test.cc checks every registered game's
// schema against its engine.)
#include "games/core/options.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace logomachie::games {
namespace {

GameInfo sample() {
  GameInfo info;
  info.name = "sample";
  info.title = "Échantillon";
  info.options = {
      int_option("turn_seconds", "Sablier", 30, 0, 600, seconds({0, 30, 120})),
      bool_option("tiebreak", "Départage", false),
      choice_option("book", "Livre", "fantastique",
                    {{"fantastique", "Fantastique"}, {"contemporain", "Contemporain"}}),
      choice_option("rooms", "Donjon", "classique", {{"classique", "classique"}}).open_to_others(),
      text_option("letters", "Lettres", "fr", 5),
      seats_option("sexes", "Sexes", JsonArray{"H", "F"}, {{"H", "un homme"}, {"F", "une femme"}}),
      choice_option("context", "Contexte", nullptr, {{"plage", "Plage"}})
          .with_unset("au hasard")
          .as_advanced(),
  };
  return info;
}

std::string code_of(const GameInfo& info, const JsonObject& options, int players = 3) {
  try {
    resolve_options(info, options, players);
  } catch (const ActionError& e) {
    EXPECT_FALSE(e.error().message.empty());
    return e.error().code;
  }
  return "ok";
}

TEST(Options, DefaultsAreFilledInAndSeatPatternsRepeat) {
  const auto info = sample();
  const auto o = resolve_options(info, {}, 5);
  EXPECT_EQ(o.integer("turn_seconds"), 30);
  EXPECT_FALSE(o.flag("tiebreak"));
  EXPECT_EQ(o.text("book"), "fantastique");
  EXPECT_EQ(o.text("letters"), "fr");
  EXPECT_EQ(canonical(*o.find("sexes")), R"(["H","F","H","F","H"])");
  EXPECT_EQ(o.find("context"), nullptr);  // no default: absent
  EXPECT_EQ(o.json().size(), 6u);
}

TEST(Options, GivenValuesWinAndNullMeansAbsent) {
  const auto info = sample();
  const auto o = resolve_options(info,
                                 {{"turn_seconds", 0},
                                  {"tiebreak", true},
                                  {"book", nullptr},
                                  {"context", "plage"},
                                  {"letters", "ABCDE"}},
                                 2);
  EXPECT_EQ(o.integer("turn_seconds"), 0);
  EXPECT_TRUE(o.flag("tiebreak"));
  EXPECT_EQ(o.text("book"), "fantastique");
  EXPECT_EQ(o.text("context"), "plage");
  EXPECT_EQ(o.text("letters"), "ABCDE");
  // Integers read as unsigned by the parser come back as int64.
  const auto big = resolve_options(info, {{"turn_seconds", parse_json("600")}}, 2);
  EXPECT_EQ(big.integer("turn_seconds"), 600);
}

TEST(Options, UnknownKeysAreRefusedAndNamed) {
  const auto info = sample();
  try {
    resolve_options(info, {{"gems", 3}}, 3);
    FAIL() << "an unknown option was accepted";
  } catch (const ActionError& e) {
    EXPECT_EQ(e.error().code, "unknown_option");
    EXPECT_NE(e.error().message.find("gems"), std::string::npos);
    EXPECT_NE(e.error().message.find("Échantillon"), std::string::npos);
  }
}

TEST(Options, WrongTypesAreRefused) {
  const auto info = sample();
  EXPECT_EQ(code_of(info, {{"turn_seconds", "30"}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"turn_seconds", 30.5}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"turn_seconds", true}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"tiebreak", 1}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"tiebreak", "oui"}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"book", 3}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"letters", JsonArray{"A"}}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"sexes", "HFH"}}), "bad_option");
}

TEST(Options, OutOfRangeIntegersAreRefusedWithTheRange) {
  const auto info = sample();
  EXPECT_EQ(code_of(info, {{"turn_seconds", -1}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"turn_seconds", 601}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"turn_seconds", parse_json("18446744073709551615")}}), "bad_option");
  try {
    resolve_options(info, {{"turn_seconds", 9999}}, 3);
    FAIL();
  } catch (const ActionError& e) {
    EXPECT_NE(e.error().message.find("de 0 à 600"), std::string::npos) << e.error().message;
    EXPECT_NE(e.error().message.find("Sablier"), std::string::npos) << e.error().message;
  }
  EXPECT_EQ(code_of(info, {{"turn_seconds", 0}}), "ok");
  EXPECT_EQ(code_of(info, {{"turn_seconds", 600}}), "ok");
}

TEST(Options, ChoicesAreClosedUnlessOpen) {
  const auto info = sample();
  EXPECT_EQ(code_of(info, {{"book", "policier"}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"context", "lune"}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"book", "contemporain"}}), "ok");
  // An open choice hands other values to the engine, which checks them.
  const auto o = resolve_options(info, {{"rooms", JsonArray{1, 2, 3, 4}}}, 3);
  EXPECT_EQ(canonical(*o.find("rooms")), "[1,2,3,4]");
}

TEST(Options, TextsAndSeatListsAreBounded) {
  const auto info = sample();
  EXPECT_EQ(code_of(info, {{"letters", "ABCDEF"}}), "bad_option");
  EXPECT_EQ(code_of(info, {{"letters", "ÉÈÀÇÔ"}}), "ok");  // characters, not bytes
  EXPECT_EQ(code_of(info, {{"sexes", JsonArray{"H", "F"}}}, 3), "bad_option");
  EXPECT_EQ(code_of(info, {{"sexes", JsonArray{"H", "F", "X"}}}, 3), "bad_option");
  EXPECT_EQ(code_of(info, {{"sexes", JsonArray{"F", "F", "H"}}}, 3), "ok");
}

TEST(Options, ReadingAnUndeclaredOptionIsAProgrammingError) {
  const auto info = sample();
  const auto o = resolve_options(info, {}, 2);
  EXPECT_THROW(o.integer("tokens"), std::logic_error);
  EXPECT_THROW(o.integer("book"), std::logic_error);  // wrong kind
  EXPECT_THROW(o.text("context"), std::logic_error);  // absent, no default
}

TEST(Options, TheSchemaAsJson) {
  const auto info = sample();
  const auto list = options_json(info).as_array();
  ASSERT_EQ(list.size(), info.options.size());
  const auto& timer = list[0].as_object();
  EXPECT_EQ(timer.at("kind").as_string(), "int");
  EXPECT_EQ(timer.at("default").as_int64(), 30);
  EXPECT_EQ(timer.at("min").as_int64(), 0);
  EXPECT_EQ(timer.at("max").as_int64(), 600);
  EXPECT_EQ(
      canonical(timer.at("suggested")),
      R"([{"label":"sans limite","value":0},{"label":"30 secondes","value":30},{"label":"2 minutes","value":120}])");
  EXPECT_EQ(list[2].as_object().at("kind").as_string(), "choice");
  EXPECT_EQ(list[2].as_object().at("choices").as_array().size(), 2u);
  EXPECT_TRUE(list[3].as_object().at("open").as_bool());
  EXPECT_EQ(list[5].as_object().at("kind").as_string(), "seats");
  EXPECT_TRUE(list[6].as_object().at("default").is_null());
  EXPECT_EQ(list[6].as_object().at("unset").as_string(), "au hasard");
  EXPECT_TRUE(list[6].as_object().at("advanced").as_bool());
  EXPECT_FALSE(list[0].as_object().contains("advanced"));
}

TEST(Options, LabelHelpersWriteFrench) {
  const auto s = seconds({0, 45, 60, 90, 180}, "sans sablier");
  ASSERT_EQ(s.size(), 5u);
  EXPECT_EQ(s[0].label, "sans sablier");
  EXPECT_EQ(s[1].label, "45 secondes");
  EXPECT_EQ(s[2].label, "1 minute");
  EXPECT_EQ(s[3].label, "90 secondes");
  EXPECT_EQ(s[4].label, "3 minutes");
  const auto c = counted({1, 8}, "jeton", "jetons");
  EXPECT_EQ(c[0].label, "1 jeton");
  EXPECT_EQ(c[1].label, "8 jetons");
}

}  // namespace
}  // namespace logomachie::games
