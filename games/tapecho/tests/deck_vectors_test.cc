// Le Tapécho's deck as the engine reads it (data/tapecho/*.tsv, load_cards and
// load_contexts), written to web/tests/golden/tapecho-deck.json. The web
// client parses the same files itself (web/src/games/tapecho-deck.ts: views
// carry card ids, the screens need their texts); web/tests/unit.mjs checks
// that its parse gives this, and this test fails when the engine reads the
// files otherwise than committed (a changed file or parser): then run
// scripts/update-web-golden.sh.
#include <gtest/gtest.h>

#include <string>

#include "games/core/json.h"
#include "games/core/tests/test_support.h"
#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {
namespace {

std::string deck_text() {
  const auto& game = dynamic_cast<const TapechoGame&>(testing::game("tapecho"));
  std::string cards, contexts;
  for (const auto& c : game.cards()) {
    cards += (cards.empty() ? "    " : ",\n    ") + canonical(JsonObject{{"id", c.id},
                                                                         {"type", to_string(c.kind)},
                                                                         {"sex", to_string(c.sex)},
                                                                         {"points", c.points},
                                                                         {"colour", c.colour},
                                                                         {"effect", c.effect},
                                                                         {"text", c.text}});
  }
  for (const auto& c : game.contexts()) {
    contexts += (contexts.empty() ? "    " : ",\n    ") +
                canonical(JsonObject{
                    {"id", c.id}, {"colour", c.colour}, {"name", c.name}, {"description", c.description}});
  }
  return "{\n  \"about\": \"Le Tapécho's cards and contexts as the engine reads data/tapecho/ "
         "(games/tapecho/tapecho.cc). "
         "Written by games_tests (TapechoWebGolden); do not edit, run scripts/update-web-golden.sh.\",\n"
         "  \"cards\": [\n" +
         cards + "\n  ],\n  \"contexts\": [\n" + contexts + "\n  ]\n}\n";
}

TEST(TapechoWebGolden, TheDeckIsTheEngines) {
  const auto text = deck_text();
  const std::string path = std::string(LOGO_WEB_GOLDEN_DIR) + "/tapecho-deck.json";
  testing::expect_web_golden(path, text, "the web client reads the deck from it");
}

}  // namespace
}  // namespace logomachie::games::tapecho
