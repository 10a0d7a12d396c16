// `logomachie serve [--port N] [--bind ADDR] [--db FILE]`: the game server
// (docs/protocol.md). Environment: LOGOMACHIE_PORT, LOGOMACHIE_BIND,
// LOGOMACHIE_DB; flags win.
#pragma once

#include <span>
#include <string_view>

namespace logomachie::cli {

int serve_command(std::span<const std::string_view> args, std::string_view lexicon_path);

}  // namespace logomachie::cli
