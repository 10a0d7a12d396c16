// Mot pour Mot's pulls, the rule of which tiles a word moves, as pure
// functions of the board: the engine applies them (MotPourMotState::pulls),
// the bots search with them, and the web client's live preview
// (previewPulls, web/src/games/motpourmot.tsx) is held to them by golden
// vectors (games/motpourmot/tests/pulls_vectors_test.cc).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "games/core/json.h"

namespace logomachie::games::motpourmot {

inline constexpr int kCells = 2;              // cells between the middle and each edge
inline constexpr int kCaptured = kCells + 1;  // |position| of a captured tile

// One tile's move during a word, in word order.
struct Step {
  char letter = 0;
  int from = 0, to = 0;  // positions; ±kCaptured = captured
};

// Where a pulled tile lands: one cell toward `team` (0 → −, 1 → +).
inline int pulled(int position, int team) {
  return position + (team == 0 ? -1 : 1);
}

// The moves `letters` (game_letters of a word: A–Z) make for `team` on a
// board whose tile i bears tiles[i] (distinct capitals) at position[i]: each
// letter in order, once per occurrence, pulls its tile one cell toward the
// team, unless the tile is captured (it never moves again); a letter without
// a tile is allowed and pulls nothing.
std::vector<Step> pulls(std::string_view tiles, std::span<const int> position, std::string_view letters,
                        int team);

// The steps as views and events send them: [{letter, from, to, captured}].
Json steps_json(const std::vector<Step>& steps);

}  // namespace logomachie::games::motpourmot
