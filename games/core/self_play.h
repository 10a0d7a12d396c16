// Whole games played by bots: the behaviour signature (`logomachie signature`,
// cli/signature_command.cc, Stockfish's `bench` habit) hashes N seeded bot
// games of every registered game. Any change of rules, bots, content or
// lexicon that changes a move changes the signature; a refactor must leave it
// unchanged.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/game.h"
#include "games/core/replay.h"

namespace logomachie::games {

struct SelfPlay {
  std::unique_ptr<State> state;  // the final position
  Record record;                 // setup + every accepted action
  bool finished = false;         // false: stopped at the step limit
};

// Plays `setup` with a bot of `level` on every seat (bot p seeded with
// setup.seed * 131 + p). At each step the first seat listed by to_act()
// moves at the time its bot chooses; when nobody is to act, or the move
// would come at or after the deadline, the host's timeout is applied at the
// deadline. Deterministic.
SelfPlay self_play(const Game& game, const Setup& setup, std::string_view level, int max_steps = 20000);

// 64-bit FNV-1a of `text`, as 16 hex digits.
std::string fingerprint(std::string_view text);

}  // namespace logomachie::games
