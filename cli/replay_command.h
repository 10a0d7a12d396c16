// `logomachie replay < scenario.json`: rebuilds a game from its setup and
// actions and prints the final state as JSON (docs/scenarios.md).
#pragma once

#include <iosfwd>
#include <string_view>

namespace logomachie::cli {

int replay_command(std::istream& in, std::ostream& out, std::string_view lexicon_path);

}  // namespace logomachie::cli
