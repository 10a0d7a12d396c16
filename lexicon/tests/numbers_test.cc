#include "lexicon/numbers.h"

#include <gtest/gtest.h>

namespace logomachie::lexicon {
namespace {

std::string spell(std::string_view s) {
  return spell_number(s).value_or("<none>");
}

TEST(SpellNumber, Cardinals) {
  EXPECT_EQ(spell("0"), "zéro");
  EXPECT_EQ(spell("7"), "sept");
  EXPECT_EQ(spell("17"), "dix-sept");
  EXPECT_EQ(spell("21"), "vingt et un");
  EXPECT_EQ(spell("22"), "vingt-deux");
  EXPECT_EQ(spell("71"), "soixante et onze");
  EXPECT_EQ(spell("77"), "soixante-dix-sept");
  EXPECT_EQ(spell("80"), "quatre-vingts");
  EXPECT_EQ(spell("81"), "quatre-vingt-un");
  EXPECT_EQ(spell("91"), "quatre-vingt-onze");
  EXPECT_EQ(spell("100"), "cent");
  EXPECT_EQ(spell("101"), "cent un");
  EXPECT_EQ(spell("200"), "deux cents");
  EXPECT_EQ(spell("280"), "deux cent quatre-vingts");
  EXPECT_EQ(spell("1000"), "mille");
  EXPECT_EQ(spell("2024"), "deux mille vingt-quatre");
  EXPECT_EQ(spell("80000"), "quatre-vingt mille");
  EXPECT_EQ(spell("200000"), "deux cent mille");
  EXPECT_EQ(spell("1000000"), "un million");
  EXPECT_EQ(spell("3000001"), "trois millions un");
  EXPECT_EQ(spell("1 000"), "mille");
  EXPECT_EQ(spell("2 500 000"), "deux millions cinq cent mille");
  EXPECT_EQ(spell("1000000000"), "un milliard");
}

TEST(SpellNumber, Ordinals) {
  EXPECT_EQ(spell("1er"), "premier");
  EXPECT_EQ(spell("1re"), "première");
  EXPECT_EQ(spell("1ère"), "première");
  EXPECT_EQ(spell("2nd"), "second");
  EXPECT_EQ(spell("2e"), "deuxième");
  EXPECT_EQ(spell("4ème"), "quatrième");
  EXPECT_EQ(spell("5e"), "cinquième");
  EXPECT_EQ(spell("9eme"), "neuvième");
  EXPECT_EQ(spell("21e"), "vingt et unième");
  EXPECT_EQ(spell("80e"), "quatre-vingtième");
  EXPECT_EQ(spell("1000E"), "millième");
}

TEST(ReadAloud, NumbersUnitsSymbolsAndRomanNumerals) {
  auto read = [](std::string_view s, bool roman = false) { return read_aloud(s, roman).value_or("<none>"); };
  EXPECT_EQ(read("7"), "sept");
  EXPECT_EQ(read("07"), "sept");
  EXPECT_EQ(read("00"), "zéro");
  EXPECT_EQ(read("3-0"), "trois zéro");
  EXPECT_EQ(read("10–12"), "dix douze");
  EXPECT_EQ(read("3-"), "<none>");
  EXPECT_EQ(read("-3"), "<none>");
  EXPECT_EQ(read("3-a"), "<none>");
  EXPECT_EQ(read("24h"), "vingt-quatre heures");
  EXPECT_EQ(read("0h"), "zéro heure");
  EXPECT_EQ(read("11h59"), "onze heures cinquante-neuf");
  EXPECT_EQ(read("2min"), "deux minutes");
  EXPECT_EQ(read("37°"), "trente-sept degrés");
  EXPECT_EQ(read("50%"), "cinquante pour cent");
  EXPECT_EQ(read("10€"), "dix euros");
  EXPECT_EQ(read("€"), "euro");
  EXPECT_EQ(read("°"), "degré");
  EXPECT_EQ(read("XV", true), "quinze");
  EXPECT_EQ(read("MMXXIV", true), "deux mille vingt-quatre");
  EXPECT_EQ(read("XV"), "<none>");  // only when the caller has the capitals
  EXPECT_EQ(read("IIII", true), "<none>");
  EXPECT_EQ(read("MIX", true), "mille neuf");
  EXPECT_EQ(read("h"), "<none>");  // letters alone are words
  EXPECT_EQ(read("sec"), "<none>");
  EXPECT_EQ(read("ans"), "<none>");
  EXPECT_EQ(read("%"), "pour cent");
  EXPECT_EQ(read("24x"), "<none>");
  EXPECT_EQ(read("chat"), "<none>");
}

TEST(SpellNumber, NotANumber) {
  EXPECT_EQ(spell(""), "<none>");
  EXPECT_EQ(spell("abc"), "<none>");
  EXPECT_EQ(spell("007"), "<none>");
  EXPECT_EQ(spell("1234567890123"), "<none>");
  EXPECT_EQ(spell("1 00"), "<none>");
  EXPECT_EQ(spell("10 0000"), "<none>");
  EXPECT_EQ(spell("7x"), "<none>");
  EXPECT_EQ(spell("0e"), "<none>");
  EXPECT_EQ(spell("-3"), "<none>");
}

}  // namespace
}  // namespace logomachie::lexicon
