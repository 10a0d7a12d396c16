#include "play_command.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "args.h"
#include "game_context.h"
#include "games/core/bot_level.h"
#include "games/core/registry.h"
#include "games/core/terminal.h"

namespace logomachie::cli {
namespace {

constexpr std::string_view kAbout =
    "  GAME: one of `logomachie games`. N seats in all, K of them bots; the others are people at this\n"
    "  keyboard (the first one called NAME); games with secret hands or trap sheets take one person at "
    "most.\n"
    "  A game may take flags of its own: `logomachie play GAME --help` lists them.\n";

// What the command line asks for.
struct PlayFlags {
  std::string game;
  std::optional<std::uint64_t> players, bots, seed;
  std::optional<std::string> level, name;
  std::vector<std::pair<std::string, std::string>> game_flags;  // checked by the game's screen
};

// `play GAME --help`: the flags of GAME's own, as its terminal screen
// describes them ("" when GAME names no game).
std::string game_flags_usage(const std::string& name, const std::string& lexicon_path) {
  if (!games::find_game(name)) return "";
  std::optional<lexicon::Lexicon> lex;
  try {
    lex.emplace(lexicon::Lexicon::open(lexicon_path.empty() ? lexicon::Lexicon::default_path()
                                                            : std::filesystem::path(lexicon_path)));
  } catch (const lexicon::LexiconError&) {
    return "(the game's own flags are listed once the lexicon is found)\n";
  }
  games::GameContext context;
  context.lexicon = &*lex;
  const auto game = games::find_game(name)->make(context);
  const auto ui = game->terminal();
  const auto flags = ui ? ui->flags() : std::vector<games::TerminalGame::Flag>{};
  if (flags.empty()) return game->info().title + " takes no flag of its own.\n";
  std::string out = "flags of " + game->info().title + ":\n";
  for (const auto& f : flags) out += usage_line("--" + f.name + " " + f.value_name, f.help);
  return out;
}

}  // namespace

int play_command(std::span<const std::string> args, std::string lexicon_path, std::istream& in,
                 std::ostream& out) {
  PlayFlags flags;
  Args cli("play", lexicon_path);
  cli.operand("GAME", flags.game)
      .about(std::string(kAbout))
      .number("players", "N", flags.players, {0, 1000}, "seats in all (default: the game's own)")
      .number("bots", "K", flags.bots, {0, 1000}, "bots among them (default N−1; N to watch bots play)")
      .text("level", "easy|medium|hard", flags.level, "the bots' level (default medium)")
      .number("seed", "S", flags.seed, {}, "the deal's number (default: random); a seed deals the same game")
      .text("name", "NAME", flags.name, "the first person's name, up to 40 bytes (default Joueur 1)", 40)
      .pass_through(flags.game_flags, "[--FLAG VALUE…]")
      .more_usage([&] { return game_flags_usage(flags.game, lexicon_path); });
  if (auto done = cli.parse(args)) return *done;
  const std::string& name = flags.game;
  const std::string level = flags.level.value_or("medium");
  const std::string name_of_first = flags.name.value_or("");
  const uint64_t seed = flags.seed ? *flags.seed : static_cast<uint64_t>(std::random_device{}());
  if (!games::find_game(name)) return cli.usage_error("unknown game '" + name + "'");
  auto lex = open_lexicon(lexicon_path, "play");
  if (!lex) return 1;
  auto game = make_game(name, *lex, "play");
  if (!game) return 1;
  auto ui = game->terminal();
  if (!ui) {
    std::cerr << "logomachie play: " << game->info().title << " has no terminal screen\n";
    return 1;
  }
  ui->game = game.get();
  const int players = flags.players ? static_cast<int>(*flags.players) : ui->default_players();
  if (players < game->info().min_players || players > game->info().max_players) {
    std::cerr << "logomachie play: " << game->info().title << " se joue de " << game->info().min_players
              << " à " << game->info().max_players << " joueurs.\n";
    return 2;
  }
  const int bot_count = flags.bots ? static_cast<int>(*flags.bots) : players - 1;
  if (bot_count < 0 || bot_count > players) {
    std::cerr << "logomachie play: --bots must be between 0 and --players\n";
    return 2;
  }
  if (players - bot_count > ui->max_people(players)) {
    std::cerr
        << "logomachie play: " << game->info().title << " takes " << ui->max_people(players)
        << " person(s) at most at this keyboard (the others are bots): what each player holds is secret\n";
    return 2;
  }

  games::Setup setup;
  setup.players = players;
  setup.seed = seed;
  ui->keyboard(setup);
  for (const auto& [key, value] : flags.game_flags) {
    if (auto error = ui->flag(key, value, setup)) return cli.usage_error(*error);
  }
  std::unique_ptr<games::State> state;
  std::vector<std::unique_ptr<games::Bot>> seat_bots(static_cast<std::size_t>(players));
  try {
    state = game->new_state(setup);
    const int people = players - bot_count;
    for (int p = 0; p < players; ++p) {
      if (p >= people) {
        seat_bots[static_cast<std::size_t>(p)] =
            game->make_bot(level, seed * 7919 + static_cast<uint64_t>(p));
        ui->names.emplace_back();  // named below
      } else {
        // Narration speaks in the third person: a name, not "toi".
        ui->names.push_back(p == 0 && !name_of_first.empty() ? name_of_first
                                                             : "Joueur " + std::to_string(p + 1));
      }
    }
    std::vector<bool> bot(static_cast<std::size_t>(players));
    for (int p = people; p < players; ++p) bot[static_cast<std::size_t>(p)] = true;
    games::name_bots(ui->names, bot);
    if (auto refused = game->check_bots(setup, bot))
      throw games::ActionError(refused->code, refused->message);
  } catch (const games::ActionError& e) {
    std::cerr << "logomachie play: " << e.error().message << "\n";
    return 2;
  }
  out << "Bienvenue à " << game->info().title << "\u00a0! (partie n°\u00a0" << seed
      << ", robots\u00a0: " << level << ")\n";

  while (!state->is_terminal()) {
    const auto acts = state->to_act();
    if (acts.empty()) {  // only the host can move the game on: its hourglass ran out
      const auto dl = state->deadline();
      if (!dl) break;
      auto r = state->apply(games::Action::make(games::kHost, *dl, games::JsonObject{{"type", "timeout"}}));
      ui->narrate(*state, r.events, out);
      continue;
    }
    // Bots first, so that people see a settled table (unless the game wants its own order).
    const auto bot_it = std::find_if(acts.begin(), acts.end(), [&](games::PlayerId p) {
      return seat_bots[static_cast<std::size_t>(p)] != nullptr;
    });
    games::PlayerId seat = bot_it != acts.end() && !ui->follow_order(*state) ? *bot_it : acts.front();
    if (ui->people_first(*state)) {
      const auto person = std::find_if(acts.begin(), acts.end(), [&](games::PlayerId p) {
        return seat_bots[static_cast<std::size_t>(p)] == nullptr;
      });
      if (person != acts.end()) seat = *person;
    }
    std::optional<games::Action> action;
    if (auto& bot = seat_bots[static_cast<std::size_t>(seat)]) {
      action = bot->act(*state, seat);
    } else {
      ui->show(*state, seat, out);
      action = ui->ask(*state, seat, in, out);
      if (!action) {
        out << "\nÀ bientôt\u00a0!\n";
        return 0;
      }
    }
    if (!action) break;
    auto r = state->apply(*action);
    if (!r.ok()) {
      out << "  ✗ " << r.error->message << "\n";
      if (seat_bots[static_cast<std::size_t>(seat)]) return 1;  // a bot must never be refused
      continue;
    }
    ui->narrate(*state, r.events, out);
  }
  ui->results(*state, out);
  return 0;
}

}  // namespace logomachie::cli
