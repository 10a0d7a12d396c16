// `logomachie signature [--games N]`: the behaviour signature. Plays N seeded
// games (default 8) of every registered game with medium bots on every seat
// and prints one fingerprint per game and one for all (docs/design.md,
// « Behaviour signature »). tests/data/signature.txt records the expected
// output: a change there must be a deliberate rule, bot or content change,
// named in its commit.
#pragma once

#include <iosfwd>
#include <span>
#include <string>

namespace logomachie::cli {

// `args`: what follows `signature`.
int signature_command(std::span<const std::string> args, std::string lexicon_path, std::ostream& out);

}  // namespace logomachie::cli
