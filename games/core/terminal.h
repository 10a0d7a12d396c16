// A game's terminal screen (`logomachie play GAME`, cli/play_command.cc):
// each game provides its own (Game::terminal(), games/<name>/terminal.cc), so
// the command-line program names no game. Text in French; the events are
// told with Game::describe, the same sentences the web log shows.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/game.h"

namespace logomachie::games {

// What the terminal needs from each game: how to show it, tell what happened,
// and ask a person for their move.
class TerminalGame {
 public:
  virtual ~TerminalGame() = default;
  // Shows the table to `seat` (only what that seat may see).
  virtual void show(const State& state, PlayerId seat, std::ostream& out) const = 0;
  // Tells what the events of an accepted action mean: for each event, the
  // game's own sentence (Game::describe, the same the web log shows), framed
  // by what this screen adds before and after it.
  void narrate(const State& state, const std::vector<Json>& events, std::ostream& out) const;
  // Whether this screen prints the event's sentence (a terminal may leave out
  // progress its own screen shows); every event by default.
  virtual bool tells(const JsonObject& event) const {
    (void)event;
    return true;
  }
  // A heading before an event's sentence (a new round…); nothing by default.
  virtual void before_event(const State& state, const JsonObject& event, std::ostream& out) const {
    (void)state;
    (void)event;
    (void)out;
  }
  // Details after an event's sentence (the cells a word moved, a trap list…).
  virtual void after_event(const State& state, const JsonObject& event, std::ostream& out) const {
    (void)state;
    (void)event;
    (void)out;
  }
  // Asks `seat` for an action; nullopt when the person quits (or input ends).
  virtual std::optional<Action> ask(const State& state, PlayerId seat, std::istream& in,
                                    std::ostream& out) const = 0;
  // Final results.
  virtual void results(const State& state, std::ostream& out) const = 0;
  // Whether the seat to ask now is simply the first the engine lists
  // (State::to_act order). The default asks bots first, so that people see a
  // settled table; a game where bots would then act for the person (TrapWords'
  // shared trap sheet, a clue-giver adding clues before the guesser answers)
  // follows the engine's order instead.
  virtual bool follow_order(const State& state) const {
    (void)state;
    return false;
  }
  // Whether a person listed by to_act answers before the bots (a race where
  // bots would otherwise always be first).
  virtual bool people_first(const State& state) const {
    (void)state;
    return false;
  }

  // A flag of this game's own, as `play GAME --help` lists it: `--NAME
  // VALUE_NAME`, then its help line (English, like all usage text).
  struct Flag {
    std::string name;        // "sex", without the dashes
    std::string value_name;  // "H|F"
    std::string help;
  };
  // The flags flag() knows; none by default.
  virtual std::vector<Flag> flags() const { return {}; }
  // Applies a flag of this game's own (`--sex F` in Le Tapécho): sets what it
  // means in `setup` (built for `players` seats, the person on seat 0).
  // Returns an error message for an unknown flag or a bad value, nullopt when
  // applied; the default knows no flag.
  virtual std::optional<std::string> flag(std::string_view key, std::string_view value, Setup& setup) const {
    (void)value;
    (void)setup;
    return "option inconnue\u00a0: --" + std::string(key);
  }

  // How the keyboard plays by default: the table size, how many people may
  // share the keyboard (hidden hands and trap sheets allow one), and the
  // options that suit a keyboard (no hourglass: people type slowly).
  virtual int default_players() const { return 3; }
  virtual int max_people(int players) const { return players; }
  virtual void keyboard(Setup& setup) const { (void)setup; }

  std::vector<std::string> names;  // one per seat
  const Game* game = nullptr;      // set by whoever runs the screen
};

// Reads one line; nullopt at end of input. Trims blanks.
std::optional<std::string> read_line(std::istream& in);

}  // namespace logomachie::games
