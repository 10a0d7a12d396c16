// Setup + accepted actions = the whole game. A Record is what hosts log and
// what `logomachie replay` reads (format: docs/scenarios.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/core/game.h"

namespace logomachie::games {

struct Record {
  std::string game;             // registry name
  int rules_version = 0;        // 0 = not stated (accepted)
  std::string content_version;  // "" = not stated (accepted)
  Setup setup;
  std::vector<Action> actions;

  Json to_json() const;
  static Record from_json(const Json& v);  // throws ActionError
};

// Rebuilds the state of `record` with `game`. Throws ActionError when the
// versions differ from the game's or an action is refused ("replay_refused",
// naming the action's index and the engine's message).
std::unique_ptr<State> replay(const Game& game, const Record& record);

}  // namespace logomachie::games
