// logomachie: the single program of the platform.
//   logomachie lexicon …            lexicon tools (docs/lexicon.md)
//   logomachie demo                 interactive terminal tour
//   logomachie solve|referee|judge GAME   a game's tools (JSON Lines; Game::tools)
//   logomachie play|replay|games    the games (docs/scenarios.md, docs/solvers.md)
//   logomachie signature            the behaviour signature (docs/design.md)
//   logomachie serve                the game server (docs/protocol.md)
// Every command reads its arguments with cli/args.h; `--lexicon FILE` may come
// before or after the command's name.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "demo.h"
#include "games/core/registry.h"
#include "lexicon_command.h"
#include "play_command.h"
#include "replay_command.h"
#include "serve_command.h"
#include "signature_command.h"
#include "tool_command.h"

namespace logomachie::cli {
namespace {

constexpr std::string_view kCommands =
    "commands:\n"
    "  lexicon …   French lexicon tools (lookup, relate, check, family, synonyms, associations, prefix)\n"
    "  demo        interactive tour of the word referee, in the terminal\n"
    "  play GAME   play a game against bots (or watch bots play), in the terminal\n"
    "  solve GAME  best move for positions given as JSON Lines (docs/solvers.md)\n"
    "  referee GAME  a game's referee on JSON Lines (trapwords: clues and guesses)\n"
    "  judge GAME  whether typed words would stand, on JSON Lines (wordbank: passwords)\n"
    "  replay      rebuild a game from a scenario on stdin, print its state (docs/scenarios.md)\n"
    "  games       list the games\n"
    "  signature   fingerprints of seeded bot games of every game (the behaviour signature)\n"
    "  serve       the game server (docs/protocol.md)\n"
    "Every command answers --help. --lexicon FILE may also come after the command.\n"
    "The lexicon file defaults to $LOGOMACHIE_LEXICON, then fr.lex next to the program.\n";

// `logomachie games`: the registered games, one name per line.
int games_command(std::span<const std::string> args, std::string lexicon_path) {
  Args cli("games", lexicon_path);
  cli.about("  the registered games, one name per line\n");
  if (auto done = cli.parse(args)) return *done;
  for (const auto& g : games::registered_games()) std::cout << g.name << "\n";
  return 0;
}

int run(std::span<const std::string> args) {
  std::string lexicon_path;
  std::vector<std::string> rest;
  Args cli("", lexicon_path);
  cli.about(std::string(kCommands)).subcommand(rest);
  if (auto done = cli.parse(args)) return *done;
  const std::string& command = rest.front();
  const auto command_args = std::span<const std::string>(rest).subspan(1);
  if (command == "lexicon") return lexicon_command(command_args, lexicon_path);
  if (command == "demo") return demo_command(command_args, lexicon_path);
  if (command == "play") return play_command(command_args, lexicon_path, std::cin, std::cout);
  if (is_tool(command)) return tool_command(command, command_args, lexicon_path);
  if (command == "serve") return serve_command(command_args, lexicon_path);
  if (command == "signature") return signature_command(command_args, lexicon_path, std::cout);
  if (command == "replay") return replay_command(command_args, lexicon_path, std::cin, std::cout);
  if (command == "games") return games_command(command_args, lexicon_path);
  return cli.usage_error("unknown command '" + command + "'");
}

}  // namespace
}  // namespace logomachie::cli

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return logomachie::cli::run(args);
}
