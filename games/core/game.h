// The contract every game implements (after OpenSpiel's Game/State split).
//
//  - Game: immutable rules configuration and content (cards, decks, word
//    indexes). One instance serves any number of States.
//  - State: one game in progress. Mutable, clonable, deterministic.
//
// Invariants every engine keeps (checked over every registered game by the
// conformance suite, games/core/tests/conformance_test.cc):
//  - apply() is all-or-nothing: a refused action returns an Error and leaves
//    serialize() byte-identical;
//  - all randomness comes from the Rng inside the state, seeded by Setup::seed;
//    the same Setup + accepted actions always rebuild the same state;
//  - time is an input: actions carry the host's clock (`at`, milliseconds since
//    the game started); deadline() says when the host must feed a
//    {"type":"timeout"} action from kHost;
//  - view(viewer) holds only what that viewer may see.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/json.h"

namespace logomachie::lexicon {
class Lexicon;
}

namespace logomachie::games {

using PlayerId = int;                  // a seat, 0 … players−1
inline constexpr PlayerId kHost = -1;  // the host (timeouts, table events)

// Who is looking at a view.
struct Viewer {
  enum class Kind { kPlayer, kTeam, kSpectator };
  Kind kind = Kind::kSpectator;
  int id = 0;  // seat or team number

  static Viewer player(PlayerId p) { return {Kind::kPlayer, p}; }
  static Viewer team(int t) { return {Kind::kTeam, t}; }
  static Viewer spectator() { return {Kind::kSpectator, 0}; }
  bool is_player(PlayerId p) const { return kind == Kind::kPlayer && id == p; }
};

// A structured action: who, when, and a JSON body whose "type" names it.
// Wire form: {"actor":0,"at":1200,"type":"password","word":"groupies",…}.
struct Action {
  PlayerId actor = kHost;
  int64_t at = 0;   // host clock, ms since the game started
  JsonObject body;  // "type" + the action's own fields

  std::string_view type() const;
  Json to_json() const;
  // Throws ActionError on a malformed envelope: "bad_action" (not an object)
  // or "bad_field" (missing or mistyped actor, at or type).
  static Action from_json(const Json& v);
  static Action make(PlayerId actor, int64_t at, JsonObject body);
};

// The checks every game makes on a host's {"type":"timeout"}: it comes from
// the host, a timer is running (`deadline`), and its time has come. Throws
// ActionError "not_host", "no_timer" or "not_yet".
void check_timeout(const Action& action, std::optional<int64_t> deadline);

struct ApplyResult {
  std::optional<Error> error;  // set when refused (then nothing changed)
  std::vector<Json> events;    // what happened, in order; public: hosts send them to everyone,
                               // so an event never names a secret (a hidden word, a deck card)
  // On success, when the body held fields the rules never read (see
  // FieldLog): the body with only "type" and the fields read. The server
  // stores that instead.
  std::optional<JsonObject> parsed_body;
  bool ok() const { return !error; }
};

// Final ranking: rank[p] = 1 for the winner(s); ties share a rank.
struct Outcome {
  std::vector<int> rank;
  Json details;  // game-specific scores, for results screens
};

// How a game starts. `fixed` pins what would otherwise be random (deck order,
// circle, letters, first player) for tests, tutorials and puzzles.
struct Setup {
  int players = 2;
  uint64_t seed = 0;
  JsonObject options;
  JsonObject fixed;

  Json to_json() const;
  static Setup from_json(const Json& v);  // throws ActionError ("bad_setup" or "bad_field")
};

// One option the host may set before a game: its schema, declared once in
// GameInfo::options. resolve_options (games/core/options.h) checks a setup's
// options against it and fills in the defaults, the server serves it at
// /api/games and the web client draws its options form from it.
struct OptionValue {
  Json value;         // a choice ("classique") or a suggested value (30)
  std::string label;  // French, as a form shows it: "sans limite"
};

struct OptionSpec {
  enum class Kind {
    kInt,  // an integer in [min, max]
    kBool,
    kChoice,  // one of `choices` (or, when `open`, any value the engine checks itself)
    kText,    // a string of at most `max` characters (0: no limit)
    kSeats,   // a list with one of `choices` per seat
  };
  std::string name;   // the key in Setup::options
  std::string label;  // French, for forms
  Kind kind = Kind::kInt;
  // Used when the option is absent (or null). Null: no default, the engine
  // decides (a context drawn at random). kSeats: a pattern repeated over the seats.
  Json default_value;
  int64_t min = 0, max = 0;
  std::vector<OptionValue> choices;    // kChoice, kSeats: the values allowed
  std::vector<OptionValue> suggested;  // kInt, kText: what a form offers
  bool open = false;                   // kChoice: other values go to the engine (a custom room list)
  bool advanced = false;               // a form may tuck it away
  std::string unset;                   // no default: what absent means, in French ("au hasard")
  std::string help;                    // a short French explanation, or empty

  // For declarations (made by int_option… in games/core/options.h).
  OptionSpec with_help(std::string text) && {
    help = std::move(text);
    return std::move(*this);
  }
  OptionSpec with_unset(std::string text) && {
    unset = std::move(text);
    return std::move(*this);
  }
  OptionSpec as_advanced() && {
    advanced = true;
    return std::move(*this);
  }
  OptionSpec open_to_others() && {
    open = true;
    return std::move(*this);
  }
};

struct GameInfo {
  std::string name;   // registry key and CLI name: "wordbank"
  std::string title;  // shown to players: "Word Bank"
  int min_players = 2;
  int max_players = 2;
  int default_players = 0;              // a new room's seat count (0 = min_players)
  int rules_version = 1;                // bumped when rules change the meaning of a log
  std::string content_version;          // hash of the embedded content files
  std::vector<std::string> bot_levels;  // "easy", "medium", "hard"
  // Action types whose meaning does not depend on what the player saw (a
  // teammate writing a trap beside you, each player's word in a simultaneous
  // round, "ready"): the server applies them even when the sender's view is
  // one version behind, instead of refusing them as stale. The engine still
  // judges them against the current state (a trap after the list is sealed
  // is refused by the rules, not by the version).
  std::vector<std::string> independent_actions;
  // Every option new_state accepts, in the order a form shows them.
  std::vector<OptionSpec> options;
};

class State {
 public:
  virtual ~State() = default;
  // What the independent actions of this moment belong to (a writing phase,
  // one vote, a round's words): it changes whenever a new one begins. The
  // server takes an independent action sent against an older version only if
  // the key has not changed since that version, so a late vote never counts
  // in the next vote. "" (the default): one moment for the whole game.
  virtual std::string round_key() const { return {}; }
  virtual std::unique_ptr<State> clone() const = 0;

  // Validates and applies `action` (see the invariants above).
  virtual ApplyResult apply(const Action& action) = 0;

  // Seats expected to act now (several in simultaneous phases); empty when
  // terminal or when only the host (timeout) can move the game on.
  virtual std::vector<PlayerId> to_act() const = 0;
  // Every legal action of `player` when the choice is finite (auction bids,
  // confirmations); nullopt when it is not enumerable (free word entry).
  virtual std::optional<std::vector<Action>> legal_actions(PlayerId player) const = 0;

  virtual bool is_terminal() const = 0;
  virtual Outcome outcome() const = 0;  // meaningful when terminal
  virtual std::optional<int64_t> deadline() const = 0;
  virtual int64_t now() const = 0;  // the `at` of the last accepted action

  virtual Json view(const Viewer& viewer) const = 0;
  // view(v) for each of `viewers`, in order: what a room sends its members
  // after every action. The default calls view() once per viewer; an engine
  // whose views share a costly public part overrides it to build that part
  // once. The conformance suite checks it gives exactly view()'s answers.
  virtual std::vector<Json> views(const std::vector<Viewer>& viewers) const;
  // Everything, secrets included, in a canonical form (equal states ⇔ equal
  // text): for replay checks, debugging and `logomachie replay`.
  virtual Json serialize() const = 0;
  virtual int players() const = 0;

  // Text that view(viewer) must never contain (another player's secret word,
  // the deck order…), each as it would appear in canonical JSON. The
  // conformance suite checks every view against it.
  virtual std::vector<std::string> secrets_hidden_from(const Viewer& viewer) const {
    (void)viewer;
    return {};
  }

  // What view(viewer) may show that the spectator's view does not (one's own
  // hand or submitted word, the team's trap sheet, the word the clue-giver
  // must make guessed…), as the values appear in serialize(). The
  // conformance suite fails on any private part of serialize() that reaches
  // a view without being declared here, so a forgotten secret is caught
  // without the engine having listed it.
  virtual std::vector<Json> shown_only_to(const Viewer& viewer) const {
    (void)viewer;
    return {};
  }
};

// A computer player. act() returns the action it wants to take now for
// `seat` (nullopt when it has nothing to do); it goes through apply() like a
// person's. Bots are deterministic given their seed.
class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::optional<Action> act(const State& state, PlayerId seat) = 0;
};

class TerminalGame;  // games/core/terminal.h

class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  // Throws ActionError("bad_setup" or a more precise code) on invalid setups.
  virtual std::unique_ptr<State> new_state(const Setup& setup) const = 0;
  // Throws ActionError("unknown_bot_level", …).
  virtual std::unique_ptr<Bot> make_bot(std::string_view level, uint64_t seed) const = 0;
  // The one French sentence that tells what `event` (emitted by this game's
  // states) means, for every screen: the terminal prints it, the server sends
  // it with the event (field "say") to the web client's log and replays.
  // `names` holds each seat's name. nullopt: nothing worth a line. Never names
  // a secret (events are public).
  virtual std::optional<std::string> describe(const Json& event,
                                              const std::vector<std::string>& names) const {
    (void)event;
    (void)names;
    return std::nullopt;
  }
  // Whether a table may start with bots in these seats (bots[s]: seat s is a
  // bot): nullopt, or the French reason why not (code "bots_cannot_play"). A
  // mode bots cannot take part in (TrapWords at a table: clues are spoken,
  // and bots do not hear) says so here, before the game starts.
  virtual std::optional<Error> check_bots(const Setup& setup, const std::vector<bool>& bots) const {
    (void)setup;
    (void)bots;
    return std::nullopt;
  }
  // The game's command-line tools (docs/solvers.md), for `logomachie TOOL
  // GAME`: each input line is one JSON value (a position to solve, a clue to
  // judge…) and tool() answers it. The names this game offers ("solve",
  // "referee"…); none by default.
  virtual std::vector<std::string_view> tools() const { return {}; }
  // The tools a player may ask the server during a game (message `ask`): only
  // those that read what every player already sees and give no advantage a
  // dictionary would not (a judgement of a typed word, never a solver).
  virtual std::vector<std::string_view> player_tools() const { return {}; }
  // Throws ActionError on bad input (a stable code, a French message), and
  // "unknown_tool" for a tool the game does not offer.
  virtual Json tool(std::string_view name, const Json& input) const;
  // The game's terminal screen (`logomachie play`), nullptr when it has none.
  virtual std::unique_ptr<TerminalGame> terminal() const;
};

}  // namespace logomachie::games
