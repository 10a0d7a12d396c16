#include "lexicon/normalize.h"

#include <gtest/gtest.h>

#include <string>

namespace logomachie::lexicon {
namespace {

TEST(MatchKey, FoldsCaseAndAccents) {
  EXPECT_EQ(match_key("Élève"), "eleve");
  EXPECT_EQ(match_key("ÉLÈVE"), "eleve");
  EXPECT_EQ(match_key("eleve"), "eleve");
  EXPECT_EQ(match_key("façade"), "facade");
  EXPECT_EQ(match_key("Noël"), "noel");
  EXPECT_EQ(match_key("naïf"), "naif");
}

TEST(MatchKey, DecomposedInputMatchesComposed) {
  // e + COMBINING ACUTE, as some phone keyboards send it.
  EXPECT_EQ(match_key("e\xCC\x81le\xCC\x80ve"), "eleve");
}

TEST(MatchKey, ExpandsLigatures) {
  EXPECT_EQ(match_key("Œil"), "oeil");
  EXPECT_EQ(match_key("cœur"), "coeur");
  EXPECT_EQ(match_key("ex æquo"), "ex aequo");
  EXPECT_EQ(match_key("Straße"), "strasse");
}

TEST(MatchKey, UnifiesApostrophesAndHyphens) {
  EXPECT_EQ(match_key("aujourd’hui"), "aujourd'hui");
  EXPECT_EQ(match_key("aujourd'hui"), "aujourd'hui");
  EXPECT_EQ(match_key("aujourdʼhui"), "aujourd'hui");
  EXPECT_EQ(match_key("porte‑monnaie"), "porte-monnaie");  // non-breaking hyphen
  EXPECT_EQ(match_key("porte–monnaie"), "porte-monnaie");  // en dash
}

TEST(MatchKey, CollapsesAndTrimsWhiteSpace) {
  EXPECT_EQ(match_key("  pomme   de\tterre \r"), "pomme de terre");
  EXPECT_EQ(match_key("pomme\xC2\xA0"
                      "de terre"),
            "pomme de terre");  // no-break space
  EXPECT_EQ(match_key(""), "");
  EXPECT_EQ(match_key("   "), "");
}

TEST(MatchKey, DropsInvisibleCharacters) {
  EXPECT_EQ(match_key("ch\xE2\x80\x8B"
                      "at"),
            "chat");  // zero-width space
  EXPECT_EQ(match_key("\xEF\xBB\xBF"
                      "chat"),
            "chat");  // byte-order mark
}

TEST(MatchKey, CompatibilityCharacters) {
  EXPECT_EQ(match_key("ﬁn"), "fin");         // fi ligature
  EXPECT_EQ(match_key("ＣＨＡＴ"), "chat");  // full-width letters
}

TEST(MatchKey, RejectsInvalidUtf8) {
  EXPECT_EQ(match_key("\xFF"), std::nullopt);
  EXPECT_EQ(match_key("ch\xC3"), std::nullopt);            // truncated
  EXPECT_EQ(match_key("\xC0\xAF"), std::nullopt);          // overlong '/'
  EXPECT_EQ(match_key("\xED\xA0\x80"), std::nullopt);      // surrogate
  EXPECT_EQ(match_key("\xF4\x90\x80\x80"), std::nullopt);  // > U+10FFFF
}

TEST(MatchKey, BoundsLongInput) {
  EXPECT_EQ(match_key(std::string(kMaxWordBytes + 1, 'a')), std::nullopt);
  EXPECT_EQ(match_key(std::string(100 * 1024, 'a')), std::nullopt);
  EXPECT_EQ(match_key(std::string(kMaxWordBytes, 'a')), std::string(kMaxWordBytes, 'a'));
}

TEST(MatchKey, OtherScriptsAreKeptNotMangled) {
  EXPECT_EQ(match_key("Кошка"), "кошка");
  EXPECT_EQ(match_key("chat"
                      "\xE7\x8C\xAB"),
            "chat\xE7\x8C\xAB");
}

// The fast table must agree with the ICU pipeline for every Latin code point:
// compare single characters (table) with the same character forced through
// ICU by appending a combining mark that folding then removes.
TEST(MatchKey, FastPathAgreesWithIcu) {
  for (char32_t cp = 0x20; cp < 0x250; ++cp) {
    if (cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) continue;
    std::string one;
    if (cp < 0x80)
      one.push_back(static_cast<char>(cp));
    else {
      one.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      one.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
    const std::string slow = one +
                             "\xCC\x81"
                             "a";  // + COMBINING ACUTE + 'a' (NFC may compose them)
    const auto fast_key = match_key(one + "a");
    const auto slow_key = match_key(slow);
    ASSERT_TRUE(fast_key && slow_key) << "U+" << std::hex << static_cast<uint32_t>(cp);
    EXPECT_EQ(*fast_key, *slow_key) << "U+" << std::hex << static_cast<uint32_t>(cp);
  }
}

TEST(IsValidUtf8, AcceptsAndRejects) {
  EXPECT_TRUE(is_valid_utf8("élève œil 猫 😀"));
  EXPECT_FALSE(is_valid_utf8("\x80"));
  EXPECT_FALSE(is_valid_utf8("\xE0\x80\x80"));
}

TEST(ToDisplay, ComposesAndTrims) {
  EXPECT_EQ(to_display("  e\xCC\x81le\xCC\x80ve "), "élève");
  EXPECT_EQ(to_display("\xFF"), std::nullopt);
}

TEST(FoldCase, KeepsAccents) {
  EXPECT_EQ(fold_case("ÉLÈVE"), "élève");
  EXPECT_EQ(fold_case("Œil"), "œil");
}

TEST(StartsWithCapital, AnyCapitalLetterNotJustAToZ) {
  EXPECT_TRUE(starts_with_capital("Zorglub"));
  EXPECT_TRUE(starts_with_capital("Éloïse"));
  EXPECT_TRUE(starts_with_capital("Œdipe"));
  EXPECT_TRUE(starts_with_capital("E\xCC\x81mile"));  // É decomposed
  EXPECT_FALSE(starts_with_capital("éloïse"));
  EXPECT_FALSE(
      starts_with_capital("\xC3\x97"
                          "2"));  // ×2: a sign, not a letter
  EXPECT_FALSE(starts_with_capital("3D"));
  EXPECT_FALSE(starts_with_capital(""));
  EXPECT_FALSE(starts_with_capital("\xC3"));
}

}  // namespace
}  // namespace logomachie::lexicon
