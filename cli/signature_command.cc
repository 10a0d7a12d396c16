#include "signature_command.h"

#include <algorithm>
#include <iostream>
#include <string>

#include "args.h"
#include "game_context.h"
#include "games/core/registry.h"
#include "games/core/self_play.h"

namespace logomachie::cli {

int signature_command(std::span<const std::string> args, std::string lexicon_path, std::ostream& out) {
  std::optional<std::uint64_t> games_flag;
  Args cli("signature", lexicon_path);
  cli.about("  plays N seeded games of every game with medium bots and prints their fingerprints\n")
      .number("games", "N", games_flag, {1, 1000}, "games per game, from 1 to 1000 (default 8)");
  if (auto done = cli.parse(args)) return *done;
  const int per_game = static_cast<int>(games_flag.value_or(8));
  auto lex = open_lexicon(lexicon_path, "signature");
  if (!lex) return 1;
  games::GameContext context;
  context.lexicon = &*lex;
  std::string all;
  for (const auto& entry : games::registered_games()) {
    const auto game = entry.make(context);
    const auto& info = game->info();
    const int most = std::min(info.max_players, 6);
    std::string text;
    int unfinished = 0;
    for (int i = 0; i < per_game; ++i) {
      games::Setup setup;
      setup.players = info.min_players + i % (most - info.min_players + 1);
      setup.seed = static_cast<uint64_t>(i) + 1;
      const auto played = games::self_play(*game, setup, "medium");
      text += games::canonical(played.state->serialize());
      text += '\n';
      text += games::canonical(played.record.to_json());
      text += '\n';
      unfinished += played.finished ? 0 : 1;
    }
    const auto print = games::fingerprint(text);
    out << info.name << " " << print;
    if (unfinished > 0) out << " (" << unfinished << " unfinished)";
    out << "\n";
    all += print;
  }
  out << "signature " << games::fingerprint(all) << "\n";
  return 0;
}

}  // namespace logomachie::cli
