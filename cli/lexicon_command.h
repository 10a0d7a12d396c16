// `logomachie lexicon …`: the lexicon's command-line tools (stable contract,
// see docs/lexicon.md#command-line).
#pragma once

#include <span>
#include <string_view>

namespace logomachie::cli {

// args excludes "lexicon". Returns the process exit code: 0 success, 1 runtime
// failure (e.g. lexicon file missing), 2 usage error.
int lexicon_command(std::span<const std::string_view> args, std::string_view lexicon_path);

// Usage text for `logomachie lexicon`.
std::string_view lexicon_usage();

}  // namespace logomachie::cli
