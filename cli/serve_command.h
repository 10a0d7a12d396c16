// `logomachie serve [--port N] [--bind ADDR] [--db FILE]`: the game server
// (docs/protocol.md). Environment: LOGOMACHIE_PORT, LOGOMACHIE_BIND,
// LOGOMACHIE_DB; flags win.
#pragma once

#include <span>
#include <string>

namespace logomachie::cli {

// `args`: what follows `serve`.
int serve_command(std::span<const std::string> args, std::string lexicon_path);

}  // namespace logomachie::cli
