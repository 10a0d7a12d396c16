// logomachie: the single program of the platform.
//   logomachie [--lexicon FILE] lexicon …   lexicon tools (docs/lexicon.md)
//   logomachie [--lexicon FILE] demo        interactive terminal tour
//   logomachie [--lexicon FILE] solve|referee GAME   a game's tools (JSON Lines; Game::tools)
//   logomachie [--lexicon FILE] play|solve|replay|games   the games (docs/scenarios.md, docs/solvers.md)
//   logomachie [--lexicon FILE] signature   the behaviour signature (docs/design.md)
#include <iostream>
#include <string_view>
#include <vector>

#include "demo.h"
#include "games/core/registry.h"
#include "lexicon_command.h"
#include "play_command.h"
#include "replay_command.h"
#include "serve_command.h"
#include "signature_command.h"
#include "tool_command.h"

namespace {

constexpr std::string_view kUsage =
    "usage: logomachie [--lexicon FILE] COMMAND …\n"
    "commands:\n"
    "  lexicon …   French lexicon tools (lookup, relate, check, family, synonyms, prefix)\n"
    "  demo        interactive tour of the word referee, in the terminal\n"
    "  play GAME   play a game against bots (or watch bots play), in the terminal\n"
    "  solve GAME  best move for positions given as JSON Lines (docs/solvers.md)\n"
    "  referee GAME  a game's referee on JSON Lines (trapwords: clues and guesses)\n"
    "  replay      rebuild a game from a scenario on stdin, print its state (docs/scenarios.md)\n"
    "  games       list the games\n"
    "  signature   fingerprints of seeded bot games of every game (the behaviour signature)\n"
    "  serve       the game server (docs/protocol.md; serve --help for its options)\n"
    "Every command answers --help.\n"
    "The lexicon file defaults to $LOGOMACHIE_LEXICON, then fr.lex next to the program.\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  std::string_view lexicon_path;
  if (args.size() >= 2 && args[0] == "--lexicon") {
    lexicon_path = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string_view cmd = args[0];
  if ((cmd == "demo" || cmd == "games") && args.size() > 1 && (args[1] == "--help" || args[1] == "-h")) {
    std::cout << (cmd == "demo" ? "usage: logomachie demo\n  an interactive tour of the word referee (words on stdin)\n"
                                : "usage: logomachie games\n  the registered games, one name per line\n");
    return 0;
  }
  if (cmd == "lexicon") {
    return logomachie::cli::lexicon_command(std::span(args).subspan(1), lexicon_path);
  }
  if (cmd == "demo") return logomachie::cli::run_demo(lexicon_path, std::cin, std::cout);
  if (cmd == "play") return logomachie::cli::play_command(std::span(args).subspan(1), lexicon_path, std::cin, std::cout);
  if (logomachie::cli::is_tool(cmd)) return logomachie::cli::tool_command(cmd, std::span(args).subspan(1), lexicon_path);
  if (cmd == "serve") return logomachie::cli::serve_command(std::span(args).subspan(1), lexicon_path);
  if (cmd == "signature") return logomachie::cli::signature_command(std::span(args).subspan(1), lexicon_path, std::cout);
  if (cmd == "replay") {
    if (args.size() > 1) {  // --help, or anything else: replay reads only stdin
      const bool help = args[1] == "--help" || args[1] == "-h";
      (help ? std::cout : std::cerr) << "usage: logomachie replay < scenario.json\n"
                                        "  rebuilds a game from its setup and actions, prints the final state (docs/scenarios.md)\n";
      return help ? 0 : 2;
    }
    return logomachie::cli::replay_command(std::cin, std::cout, lexicon_path);
  }
  if (cmd == "games") {
    for (const auto& g : logomachie::games::registered_games()) std::cout << g.name << "\n";
    return 0;
  }
  std::cerr << "logomachie: unknown command '" << cmd << "'\n" << kUsage;
  return 2;
}
