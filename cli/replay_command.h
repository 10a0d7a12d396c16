// `logomachie replay < scenario.json`: rebuilds a game from its setup and
// actions and prints the final state as JSON (docs/scenarios.md).
#pragma once

#include <iosfwd>
#include <span>
#include <string>

namespace logomachie::cli {

// `args`: what follows `replay` (no operand: the scenario comes on `in`).
int replay_command(std::span<const std::string> args, std::string lexicon_path, std::istream& in,
                   std::ostream& out);

}  // namespace logomachie::cli
