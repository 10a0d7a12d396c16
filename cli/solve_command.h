// `logomachie solve wordbank|lettralettre`: the solvers' JSON Lines contracts
// (docs/solvers.md).
#pragma once

#include <span>
#include <string_view>

namespace logomachie::cli {

int solve_command(std::span<const std::string_view> args, std::string_view lexicon_path);

}  // namespace logomachie::cli
