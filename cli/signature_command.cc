#include "signature_command.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <string>

#include "game_context.h"
#include "games/core/registry.h"
#include "games/core/self_play.h"

namespace logomachie::cli {

int signature_command(std::span<const std::string_view> args, std::string_view lexicon_path, std::ostream& out) {
  int per_game = 8;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      out << "usage: logomachie signature [--games N]\n"
             "  plays N seeded games (default 8) of every game with medium bots and prints their fingerprints\n";
      return 0;
    }
    int n = 0;
    if (args[i] == "--games" && i + 1 < args.size()) {
      const auto v = args[++i];
      const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec == std::errc() && p == v.data() + v.size() && n >= 1 && n <= 1000) {
        per_game = n;
        continue;
      }
    }
    std::cerr << "usage: logomachie signature [--games N]   (N from 1 to 1000)\n";
    return 2;
  }
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
      setup.seed = static_cast<uint64_t>(i + 1);
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
