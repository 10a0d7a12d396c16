#include "replay_command.h"

#include <iostream>
#include <iterator>
#include <string>

#include "args.h"
#include "game_context.h"
#include "games/core/replay.h"

namespace logomachie::cli {

int replay_command(std::span<const std::string> args, std::string lexicon_path, std::istream& in,
                   std::ostream& out) {
  Args cli("replay", lexicon_path);
  cli.reads("scenario.json")
      .about("  rebuilds a game from its setup and actions, prints the final state (docs/scenarios.md)\n");
  if (auto done = cli.parse(args)) return *done;
  constexpr std::size_t kMaxScenario = 64u << 20;
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxScenario) {
      out << R"({"error":{"code":"scenario_too_large","message":"Scénario trop gros (64 Mo au plus)."}})"
          << "\n";
      return 1;
    }
  }
  auto fail = [&](const games::Error& e) {
    out << games::canonical(
               games::JsonObject{{"error", games::JsonObject{{"code", e.code}, {"message", e.message}}}})
        << "\n";
    return 1;
  };
  games::Record record;
  try {
    record = games::Record::from_json(games::parse_json(text));
  } catch (const games::ActionError& e) {
    return fail(e.error());
  }
  auto lex = open_lexicon(lexicon_path, "replay");
  if (!lex) return 1;
  auto game = make_game(record.game, *lex, "replay");
  if (!game) return fail({"unknown_game", "Jeu inconnu\u00a0: " + games::guillemets(record.game) + "."});
  try {
    const auto state = games::replay(*game, record);
    out << games::canonical(state->serialize()) << "\n";
  } catch (const games::ActionError& e) {
    return fail(e.error());
  }
  return 0;
}

}  // namespace logomachie::cli
