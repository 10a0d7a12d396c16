// `logomachie play GAME [--players N] [--bots K] [--level L] [--seed S]`:
// people play against bots in the terminal, in French. The first N−K seats
// are people (sharing the keyboard when several), the others bots.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/terminal.h"

namespace logomachie::cli {

int play_command(std::span<const std::string_view> args, std::string_view lexicon_path, std::istream& in,
                 std::ostream& out);

}  // namespace logomachie::cli
