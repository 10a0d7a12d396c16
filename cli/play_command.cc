#include "play_command.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <random>

#include "game_context.h"
#include "games/core/registry.h"

namespace logomachie::cli {
namespace {

constexpr std::string_view kUsage =
    "usage: logomachie play GAME [--players N] [--bots K] [--level easy|medium|hard] [--seed S] [--name NAME]\n"
    "                       [--GAME-FLAG VALUE…]\n"
    "  GAME: one of `logomachie games`. N seats in all (each game has its default), K of them bots\n"
    "  (default N−1, all of them to watch bots play); the others are people at this keyboard (the first one\n"
    "  called NAME); games with secret hands or trap sheets take one person at most. A game may take flags\n"
    "  of its own (Le Tapécho: --sex H|F, your sex in the game).\n";

template <class T>
std::optional<T> number(std::string_view s) {
  T v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

int play_command(std::span<const std::string_view> args, std::string_view lexicon_path, std::istream& in,
                 std::ostream& out) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : out) << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string_view name = args[0];
  std::optional<int> players_flag;
  std::optional<int> bots;
  std::string level = "medium";
  uint64_t seed = 0;
  bool seeded = false;
  std::string name_of_first;
  std::vector<std::pair<std::string_view, std::string_view>> game_flags;
  for (std::size_t i = 1; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) {
      std::cerr << "logomachie play: " << args[i] << " needs a value\n" << kUsage;
      return 2;
    }
    const auto v = args[i + 1];
    if (args[i] == "--players" && number<int>(v)) {
      players_flag = *number<int>(v);
    } else if (args[i] == "--bots" && number<int>(v)) {
      bots = *number<int>(v);
    } else if (args[i] == "--level") {
      level = std::string(v);
    } else if (args[i] == "--name" && !v.empty() && v.size() <= 40) {
      name_of_first = std::string(v);
    } else if (args[i] == "--seed" && number<uint64_t>(v)) {
      seed = *number<uint64_t>(v);
      seeded = true;
    } else if (args[i].starts_with("--") && args[i] != "--players" && args[i] != "--bots" && args[i] != "--seed" &&
               args[i] != "--name") {
      game_flags.emplace_back(args[i].substr(2), v);  // the game's own, checked once its screen is known
    } else {
      std::cerr << "logomachie play: bad option " << args[i] << " " << v << "\n" << kUsage;
      return 2;
    }
  }
  if (!seeded) seed = static_cast<uint64_t>(std::random_device{}());
  if (!games::find_game(name)) {
    std::cerr << "logomachie play: unknown game '" << name << "'\n" << kUsage;
    return 2;
  }
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
  const int players = players_flag.value_or(ui->default_players());
  if (players < game->info().min_players || players > game->info().max_players) {
    std::cerr << "logomachie play: " << game->info().title << " se joue de " << game->info().min_players << " à "
              << game->info().max_players << " joueurs.\n";
    return 2;
  }
  const int bot_count = bots.value_or(players - 1);
  if (bot_count < 0 || bot_count > players) {
    std::cerr << "logomachie play: --bots must be between 0 and --players\n";
    return 2;
  }
  if (players - bot_count > ui->max_people(players)) {
    std::cerr << "logomachie play: " << game->info().title << " takes " << ui->max_people(players)
              << " person(s) at most at this keyboard (the others are bots): what each player holds is secret\n";
    return 2;
  }

  games::Setup setup;
  setup.players = players;
  setup.seed = seed;
  ui->keyboard(setup);
  for (const auto& [key, value] : game_flags) {
    if (auto error = ui->flag(key, value, setup)) {
      std::cerr << "logomachie play: " << *error << "\n" << kUsage;
      return 2;
    }
  }
  std::unique_ptr<games::State> state;
  std::vector<std::unique_ptr<games::Bot>> seat_bots(static_cast<std::size_t>(players));
  try {
    state = game->new_state(setup);
    const int people = players - bot_count;
    for (int p = 0; p < players; ++p) {
      if (p >= people) {
        seat_bots[static_cast<std::size_t>(p)] = game->make_bot(level, seed * 7919 + static_cast<uint64_t>(p));
        ui->names.push_back("Robot " + std::to_string(p - people + 1));
      } else {
        // Narration speaks in the third person: a name, not "toi".
        ui->names.push_back(p == 0 && !name_of_first.empty() ? name_of_first : "Joueur " + std::to_string(p + 1));
      }
    }
  } catch (const games::ActionError& e) {
    std::cerr << "logomachie play: " << e.error().message << "\n";
    return 2;
  }
  out << "Bienvenue à " << game->info().title << " ! (partie n° " << seed << ", robots : " << level << ")\n";

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
    const auto bot_it = std::find_if(acts.begin(), acts.end(),
                                     [&](games::PlayerId p) { return seat_bots[static_cast<std::size_t>(p)] != nullptr; });
    games::PlayerId seat = bot_it != acts.end() && !ui->follow_order(*state) ? *bot_it : acts.front();
    if (ui->people_first(*state)) {
      const auto person = std::find_if(acts.begin(), acts.end(),
                                       [&](games::PlayerId p) { return seat_bots[static_cast<std::size_t>(p)] == nullptr; });
      if (person != acts.end()) seat = *person;
    }
    std::optional<games::Action> action;
    if (auto& bot = seat_bots[static_cast<std::size_t>(seat)]) {
      action = bot->act(*state, seat);
    } else {
      ui->show(*state, seat, out);
      action = ui->ask(*state, seat, in, out);
      if (!action) {
        out << "\nÀ bientôt !\n";
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
