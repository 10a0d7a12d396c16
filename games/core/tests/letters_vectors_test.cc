// Golden vectors of game_letters (games/core/word_list.h) for the web
// client's preview (web/src/games/letters.ts: gameLetters, onlyLetters),
// which counts a typed word's letters at each keystroke as the engines will:
// words and what game_letters answers ("" when the engines refuse the word),
// written to web/tests/golden/game-letters.json and run through the
// TypeScript by web/tests/unit.mjs. This test fails when game_letters no
// longer gives the committed answers; scripts/update-web-golden.sh rewrites them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/core/json.h"
#include "games/core/tests/test_support.h"
#include "games/core/word_list.h"

namespace logomachie::games {
namespace {

std::string utf8(char32_t c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

std::string vectors_text() {
  std::vector<std::string> words = {"chat",
                                    "Chat",
                                    "CHAT",
                                    "éléphant",
                                    "Œuvre",
                                    "cœur",
                                    "nævus",
                                    "Æsir",
                                    "aujourd’hui",
                                    "aujourd'hui",
                                    "porte-monnaie",
                                    "pomme de terre",
                                    "  chat  ",
                                    "garçon",
                                    "ÇA",
                                    "naïf",
                                    "Noël",
                                    "où",
                                    "r2d2",
                                    "T-1000",
                                    "chat!",
                                    "chat.",
                                    "l’été",
                                    "ﬁn",
                                    "straße",
                                    "mañana",
                                    "Zoë",
                                    "Škoda",
                                    "façade",
                                    "crème brûlée",
                                    "",
                                    "-",
                                    "'",
                                    "a\u00a0b",
                                    "a\tb",
                                    "κόσμος",
                                    "chat\u0301",
                                    "e\u0301te\u0301",
                                    "ÂÊÎÔÛ",
                                    "àèìòù"};
  // Every letter of Latin-1 and Latin Extended-A, alone and inside a word.
  for (char32_t c = 0xC0; c <= 0x17F; ++c) {
    words.push_back(utf8(c));
    std::string inside = "b";  // appended piecewise: g++ 12 warns falsely (-Wrestrict) on "b" + std::string
    inside += utf8(c);
    inside += 'c';
    words.push_back(std::move(inside));
  }
  std::vector<Json> vectors;
  for (const auto& w : words) vectors.push_back(JsonObject{{"word", w}, {"letters", game_letters(w)}});
  return testing::golden_vectors(
      "game_letters (games/core/src/word_list.cc): a word's letters as the games count them, \"\" when the "
      "engines refuse the word. Written by games_tests (LettersWebGolden); do not edit, run "
      "scripts/update-web-golden.sh.",
      vectors);
}

TEST(LettersWebGolden, GameLettersVectorsAreTheEngines) {
  const auto text = vectors_text();
  const std::string path = std::string(LOGO_WEB_GOLDEN_DIR) + "/game-letters.json";
  testing::expect_web_golden(path, text, "then make web/src/games/letters.ts agree (web/tests/unit.mjs)");
}

}  // namespace
}  // namespace logomachie::games
