// Golden vectors of Mot pour Mot's pulls (games/motpourmot/pulls.h) for the
// web client's live preview (previewPulls, web/src/games/motpourmot.tsx,
// which shows the captain the tiles a word would move at each keystroke):
// boards as the view sends them (tiles, cells), a team, a word as typed, and
// the steps the engine makes of it, pulls(game_letters(word)), as the word
// action does (no steps when game_letters refuses the word), written to
// web/tests/golden/motpourmot-pulls.json. The web unit test
// (web/tests/unit.mjs) runs previewPulls on the same inputs; this test fails
// when the C++ rule no longer gives the committed answers. Regenerate with
// scripts/update-web-golden.sh (LOGO_UPDATE_WEB_GOLDEN=1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/core/json.h"
#include "games/core/rng.h"
#include "games/core/tests/test_support.h"
#include "games/core/word_list.h"
#include "games/motpourmot/motpourmot.h"
#include "games/motpourmot/pulls.h"

namespace logomachie::games::motpourmot {
namespace {

// Words chosen for what they test: repeated letters (a tile pulled twice,
// captured mid-word, then ignored), accents and ligatures (folded as
// game_letters does), letters without tiles, hyphens, apostrophes and spaces,
// and what game_letters refuses (no pulls at all).
const std::vector<std::string> kWords = {"papa",
                                         "ANANAS",
                                         "Mississippi",
                                         "abracadabra",
                                         "bbbbbbbb",
                                         "tttt",
                                         "chat",
                                         "CHAT",
                                         "éléphant",
                                         "cœur",
                                         "Œdipe",
                                         "nævus",
                                         "Æsir",
                                         "straße",
                                         "ﬁn",
                                         "garçon",
                                         "Noël",
                                         "crème brûlée",
                                         "porte-monnaie",
                                         "aujourd’hui",
                                         "aujourd'hui",
                                         "pomme de terre",
                                         "  chat  ",
                                         "Škoda",
                                         "mañana",
                                         "e\u0301te\u0301",
                                         "xylophone",
                                         "whisky",
                                         "kayak",
                                         "aeiou",
                                         "oiseau",
                                         "zzz",
                                         "r2d2",
                                         "chat!",
                                         "κόσμος",
                                         "",
                                         "-"};

// Tile sets: the two the option names, and others (vowels, every letter,
// few tiles) so that letters with and without tiles both occur.
std::vector<std::string> tile_sets() {
  const auto& sets = dynamic_cast<const MotPourMotGame&>(testing::game("motpourmot")).letter_sets();
  return {sets.fr, sets.original, "AEIOU", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "KQWXZ", "EHLNRST"};
}

std::string vectors_text() {
  const auto& game = dynamic_cast<const MotPourMotGame&>(testing::game("motpourmot"));
  const auto sets = tile_sets();
  Rng rng(20240611);
  auto below = [&](std::size_t n) { return static_cast<int>(rng.below(n)); };
  std::vector<std::string> words = kWords;
  // Real answers of the deck, accents and hyphens as written.
  for (int i = 0; i < 120; ++i) {
    const auto& c = game.categories()[rng.below(game.categories().size())];
    if (!c.answers.empty()) words.push_back(c.answers[rng.below(c.answers.size())]);
  }
  std::vector<Json> vectors;
  for (std::size_t w = 0; w < words.size(); ++w) {
    // The hand-picked words on two boards each (both teams), the answers on one.
    const int boards = w < kWords.size() ? 2 : 1;
    for (int b = 0; b < boards; ++b) {
      const auto& tiles = sets[rng.below(sets.size())];
      std::vector<int> position(tiles.size());
      const int kind = below(4);
      for (auto& p : position) {
        // A fresh board, one under way (every cell, captured tiles included),
        // or tiles near the edges (captures and captured tiles in one word).
        p = kind == 0   ? 0
            : kind == 3 ? (rng.chance(1, 2) ? -1 : 1) * (kCells + below(2))
                        : below(2 * kCaptured + 1) - kCaptured;
      }
      const int team = boards == 2 ? b : below(2);
      JsonArray tile_json;
      for (std::size_t i = 0; i < tiles.size(); ++i)
        tile_json.push_back(JsonObject{{"letter", std::string(1, tiles[i])}, {"position", position[i]}});
      const JsonObject v{{"tiles", std::move(tile_json)},
                         {"cells", kCells},
                         {"team", team},
                         {"word", words[w]},
                         {"steps", steps_json(pulls(tiles, position, game_letters(words[w]), team))}};
      vectors.push_back(v);
    }
  }
  return testing::golden_vectors(
      "Mot pour Mot's pulls (games/motpourmot/pulls.cc): boards as the view sends them, a team, a word as "
      "typed, and the steps pulls(game_letters(word)) makes. Written by games_tests (MotPourMotWebGolden); "
      "do "
      "not edit, run scripts/update-web-golden.sh.",
      vectors);
}

TEST(MotPourMotWebGolden, PullsVectorsAreTheEngines) {
  const auto text = vectors_text();
  const std::string path = std::string(LOGO_WEB_GOLDEN_DIR) + "/motpourmot-pulls.json";
  testing::expect_web_golden(
      path, text, "then make previewPulls in web/src/games/motpourmot.tsx agree (web/tests/unit.mjs)");
}

}  // namespace
}  // namespace logomachie::games::motpourmot
