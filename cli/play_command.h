// `logomachie play GAME [--players N] [--bots K] [--level L] [--seed S]
// [--name NAME] [--FLAG VALUE…]`: people play against bots in the terminal,
// in French. The first N−K seats are people (sharing the keyboard when
// several), the others bots. Other flags are the game's own, checked by its
// terminal screen (TerminalGame::flags, TerminalGame::flag).
#pragma once

#include <iosfwd>
#include <span>
#include <string>

namespace logomachie::cli {

// `args`: what follows `play`.
int play_command(std::span<const std::string> args, std::string lexicon_path, std::istream& in,
                 std::ostream& out);

}  // namespace logomachie::cli
