// The list of games. Each game folder provides a factory; games/all_games.cc
// registers it in one line. The CLI, the server and the conformance suite
// enumerate games from here.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "games/core/game.h"

namespace logomachie::games {

// What a game may need to build itself. Passed explicitly: no global lexicon.
struct GameContext {
  const lexicon::Lexicon* lexicon = nullptr;
};

struct GameEntry {
  std::string_view name;
  std::function<std::unique_ptr<Game>(const GameContext&)> make;
};

// Every registered game, in registration order (defined in games/all_games.cc).
const std::vector<GameEntry>& registered_games();

// The entry called `name`, or nullptr.
const GameEntry* find_game(std::string_view name);

}  // namespace logomachie::games
