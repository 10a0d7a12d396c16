// `logomachie demo`: a small interactive terminal tour of the lexicon, in French.
// It is what `make run` starts until the server exists.
#pragma once

#include <iosfwd>
#include <string_view>

namespace logomachie::cli {

// Reads commands from `in` until end of input or "quitter"; returns an exit code.
int run_demo(std::string_view lexicon_path, std::istream& in, std::ostream& out);

}  // namespace logomachie::cli
