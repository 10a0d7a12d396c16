// `logomachie demo`: a small interactive terminal tour of the lexicon, in French.
// It is what `make run` starts until the server exists.
#pragma once

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace logomachie::cli {

// Reads commands from `in` until end of input or "quitter"; returns an exit code.
int run_demo(std::string_view lexicon_path, std::istream& in, std::ostream& out);

// `logomachie demo`: reads its arguments (none but --help and --lexicon),
// then runs the tour on stdin and stdout.
int demo_command(std::span<const std::string> args, std::string lexicon_path);

}  // namespace logomachie::cli
