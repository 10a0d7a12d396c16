// The registry: one line per game. Adding a game = its folder (games/<name>/
// with a CMakeLists.txt calling logo_add_game, found by games/CMakeLists.txt)
// + its include and one line here.
#include "games/core/registry.h"
#include "games/lettralettre/lettralettre.h"
#include "games/motpourmot/motpourmot.h"
#include "games/tapecho/tapecho.h"
#include "games/trapwords/trapwords.h"
#include "games/wordbank/wordbank.h"

namespace logomachie::games {

const std::vector<GameEntry>& registered_games() {
  static const std::vector<GameEntry> games = {
      {"wordbank", &wordbank::make_game},     {"lettralettre", &lettralettre::make_game},
      {"motpourmot", &motpourmot::make_game}, {"trapwords", &trapwords::make_game},
      {"tapecho", &tapecho::make_game},
  };
  return games;
}

const GameEntry* find_game(std::string_view name) {
  for (const auto& g : registered_games()) {
    if (g.name == name) return &g;
  }
  return nullptr;
}

}  // namespace logomachie::games
