// `logomachie lexicon …`: the lexicon's command-line tools (stable contract,
// see docs/lexicon.md#command-line).
#pragma once

#include <span>
#include <string>

namespace logomachie::cli {

// args excludes "lexicon". Returns the process exit code: 0 success, 1 runtime
// failure (e.g. lexicon file missing), 2 usage error.
int lexicon_command(std::span<const std::string> args, std::string lexicon_path);

}  // namespace logomachie::cli
