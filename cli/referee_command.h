// `logomachie referee trapwords`: the TrapWords referee's JSON Lines contract
// (games/trapwords/README.md): one clue or guess per input line, one verdict
// per output line.
#pragma once

#include <span>
#include <string_view>

namespace logomachie::cli {

int referee_command(std::span<const std::string_view> args, std::string_view lexicon_path);

}  // namespace logomachie::cli
