// `logomachie TOOL GAME`: a game's command-line tool (Game::tools, e.g.
// `solve wordbank`, `solve lettralettre`, `referee trapwords`) as a JSON Lines
// contract: one JSON value per input line, one answer per output line
// (docs/solvers.md, games/trapwords/README.md). The CLI names no game: the
// registry and each game's tools() decide.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace logomachie::cli {

// Whether some registered game could offer `tool` (the known tool names).
bool is_tool(std::string_view tool);

// `args`: what follows the tool's name (GAME).
int tool_command(const std::string& tool, std::span<const std::string> args, std::string lexicon_path);

}  // namespace logomachie::cli
