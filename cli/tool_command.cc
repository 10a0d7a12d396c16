#include "tool_command.h"

#include <algorithm>
#include <iostream>
#include <string>

#include <boost/json/serialize.hpp>

#include "args.h"
#include "game_context.h"
#include "games/core/json.h"
#include "games/core/registry.h"
#include "jsonl.h"

namespace logomachie::cli {

// The tool verbs the games offer (Game::tools); a game without the tool says so.
bool is_tool(std::string_view tool) {
  return tool == "solve" || tool == "referee" || tool == "judge";
}

int tool_command(const std::string& tool, std::span<const std::string> args, std::string lexicon_path) {
  std::string name;
  Args cli(tool, lexicon_path);
  cli.operand("GAME", name)
      .reads("JSON Lines")
      .about(
          "  one answer line per input line (docs/solvers.md)\n"
          "  GAME: one of `logomachie games`; a game without a " +
          tool + " tool says so\n");
  if (auto done = cli.parse(args)) return *done;
  if (!games::find_game(name)) return cli.usage_error("unknown game '" + name + "'");
  auto lex = open_lexicon(lexicon_path, tool);
  if (!lex) return 1;
  const auto game = make_game(name, *lex, tool);
  if (!game) return 1;
  const auto offered = game->tools();
  if (std::find(offered.begin(), offered.end(), tool) == offered.end()) {
    return cli.usage_error(game->info().title + " has no " + tool + " tool");
  }
  return run_jsonl_contract([&](std::string_view line) {
    return boost::json::serialize(game->tool(tool, games::parse_json(line)));
  });
}

}  // namespace logomachie::cli
