#include "tool_command.h"

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <iostream>
#include <string>

#include "game_context.h"
#include "games/core/json.h"
#include "games/core/registry.h"
#include "jsonl.h"

namespace logomachie::cli {

bool is_tool(std::string_view tool) { return tool == "solve" || tool == "referee"; }

int tool_command(std::string_view tool, std::span<const std::string_view> args, std::string_view lexicon_path) {
  const auto usage = [&](std::ostream& out = std::cerr) {
    out << "usage: logomachie " << tool << " GAME  (JSON Lines on stdin; docs/solvers.md)\n"
        << "  GAME: one of `logomachie games`; a game without a " << tool << " tool says so\n";
    return &out == &std::cerr ? 2 : 0;
  };
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) return usage(std::cout);
  if (args.size() != 1) return usage();
  if (!games::find_game(args[0])) {
    std::cerr << "logomachie " << tool << ": unknown game '" << args[0] << "'\n";
    return usage();
  }
  auto lex = open_lexicon(lexicon_path, tool);
  if (!lex) return 1;
  const auto game = make_game(args[0], *lex, tool);
  if (!game) return 1;
  const auto offered = game->tools();
  if (std::find(offered.begin(), offered.end(), tool) == offered.end()) {
    std::cerr << "logomachie " << tool << ": " << game->info().title << " has no " << tool << " tool\n";
    return usage();
  }
  return run_jsonl_contract([&](std::string_view line) {
    return boost::json::serialize(game->tool(tool, games::parse_json(line)));
  });
}

}  // namespace logomachie::cli
