// Le Tapécho (Maxime Acker, Christophe Molino), 4 to 10 players. Rules
// summary in our words (decisions on the rulebook's gaps: docs/tapecho.md):
//  - Each player has an in-game sex (H or F, balanced to ±1). One context
//    card sets the scene for the whole game; everyone gets 10 cards.
//  - On your turn, one action: put an atout on yourself, a handicap on
//    someone else (an attack may go with it, on the same or another player),
//    an attack on someone else, or discard a card to draw two, keep one and
//    put the other back on top of the pile. Atouts, handicaps and attacks
//    must fit the sex of the player who receives them (or be mixed).
//  - Out of turn, in a short window after a play: the target of an attack
//    may cancel it with the défense of their sex; when an atout or handicap
//    whose colour spot does not match the context is played, any other
//    player may cancel it with « hors contexte » (first come, first served),
//    which is itself an attack the card's owner may cancel with a défense.
//  - A player receives at most one attack between two of their own turns.
//  - The game ends when a hand is empty: cards in front of you score their
//    points, atouts and handicaps left in hand cost their absolute value.
//    Several games add up; the winner of one starts the next.
//  - Modes: classique (each for themself), guerre des sexes (teams by sex),
//    guerre des couples (H–F pairs in seat order). In the team modes an
//    atout may also go on a teammate.
//
// Actions (docs/scenarios.md):
//   turn:      {"type":"atout","card":"atout-…"[,"target":1]}  (target: a teammate, team modes)
//              {"type":"handicap","card":"…","target":2[,"attack":"…","attack_target":3,"give":"…"]}
//              {"type":"attack","card":"…","target":2[,"give":"…"]}  ("give": donne-carte's gift)
//              {"type":"swap","card":"…"} then {"type":"keep","card":"…"}
//              {"type":"pass"} (only when nothing else is possible)
//   reaction:  {"type":"defend","card":"defense-…"} | {"type":"hors_contexte","card":"…","against":"atout-…"}
//              {"type":"let_go"} (nothing to add to this window)
//   host:      {"type":"timeout"} when deadline() has passed
// Options: declared once in TapechoGame's info (GameInfo::options); the
// engine adds what the schema cannot say: the seats' sexes are balanced to
// ±1, and exactly in guerre des couples.
// Fixed: "deck": [card ids drawn first, in order], "contexts": [ids, one per
// game], "first_player".
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/core/engine.h"
#include "games/core/game.h"
#include "games/core/registry.h"
#include "games/core/rng.h"

namespace logomachie::games::tapecho {

inline constexpr int kHandSize = 10;

enum class Kind { kAtout, kHandicap, kAttaque, kDefense, kHorsContexte };
enum class Sex { kH, kF, kX };

struct Card {
  std::string id;
  Kind kind = Kind::kAtout;
  Sex sex = Sex::kX;
  int points = 0;      // signed: atouts > 0, handicaps < 0
  std::string colour;  // context spot, "" = none (fits anywhere)
  std::string effect;  // attacks only
  std::string text;
};

struct Context {
  std::string id, colour, name, description;
};

std::string_view to_string(Kind k);
std::string_view to_string(Sex s);

class TapechoGame final : public Game {
 public:
  TapechoGame();
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_state(const Setup& setup) const override;
  std::unique_ptr<Bot> make_bot(std::string_view level, uint64_t seed) const override;
  std::optional<std::string> describe(const Json& event,
                                      const std::vector<std::string>& names) const override;
  std::unique_ptr<TerminalGame> terminal() const override;

  const std::vector<Card>& cards() const { return cards_; }
  const std::vector<Context>& contexts() const { return contexts_; }
  int card_index(std::string_view id) const;  // −1 when unknown
  const Context* find_context(std::string_view id) const;

 private:
  GameInfo info_;
  std::vector<Card> cards_;
  std::vector<Context> contexts_;
  std::unordered_map<std::string, int> by_id_;
};

enum class Phase { kTurn, kChoose, kReact, kOver };
std::string_view to_string(Phase p);

// What the open reaction window is about.
struct Window {
  int actor = 0;              // who played
  std::optional<int> attack;  // card index of an attack waiting for a défense
  int attack_target = -1;
  std::optional<int> give;         // donne-carte's gift, handed over if the attack stands
  std::optional<int> contestable;  // an off-context atout/handicap others may cancel
  int contestable_owner = -1;      // the player it lies in front of
  std::optional<int> hors;         // a hors contexte played, waiting for the owner's défense
  int hors_player = -1;
  std::vector<bool> done;  // per seat: let go
};

// A player's side of the table.
struct Side {
  std::vector<int> hand;
  std::vector<int> atouts, handicaps;  // in front of the player, latest last
  std::optional<int> shown_attack;     // the attack received, visible for a turn
  std::vector<int> doubled;            // handicaps that count double (double-handicap)
  bool skip = false, atout_blocked = false, open_hand = false;
  bool attacked = false;  // received an attack since its own turn began
};

struct TapechoData {
  // Options (values and defaults in info().options).
  std::string mode;  // "classique", "sexes", "couples"
  int games = 0, react_seconds = 0, turn_seconds = 0;
  std::vector<Sex> sex;               // per seat (H or F)
  std::vector<std::string> contexts;  // one per game (fixed) or drawn
  int game_no = 0;                    // 1-based game in progress
  std::string context;                // the context id of this game
  std::vector<Side> sides;
  std::vector<int> pile, discard;  // card indexes, top of pile first
  int current = 0;                 // whose turn
  Phase phase = Phase::kTurn;
  std::vector<int> choice;  // the two cards drawn by swap
  std::optional<Window> window;
  struct Link {
    int attacker, target, card;
  };
  std::vector<Link> links;  // « lien » attacks: stay all game
  std::vector<int> totals;  // per seat, over the games played
  JsonArray results;        // per finished game
  int passes = 0;           // turns passed in a row: a whole round of them ends the game
  int64_t now = 0, phase_started = 0;
  Rng rng;
};

class TapechoState final : public Engine<TapechoData> {
 public:
  TapechoState(const TapechoGame& game, TapechoData data) : Engine(std::move(data)), game_(game) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<TapechoState>(*this); }
  std::vector<PlayerId> to_act() const override;
  std::optional<std::vector<Action>> legal_actions(PlayerId player) const override;
  bool is_terminal() const override { return d_.phase == Phase::kOver; }
  Outcome outcome() const override;
  std::optional<int64_t> deadline() const override;
  Json view(const Viewer& viewer) const override;
  Json serialize() const override;
  int players() const override { return static_cast<int>(d_.sides.size()); }
  std::vector<std::string> secrets_hidden_from(const Viewer& viewer) const override;
  std::vector<Json> shown_only_to(const Viewer& viewer) const override;

  const TapechoData& data() const { return d_; }
  const TapechoGame& game() const { return game_; }
  const Card& card(int index) const { return game_.cards()[static_cast<std::size_t>(index)]; }
  // Whether `card` may lie in front of `player` (sex rule).
  bool fits(int card, int player) const;
  // Whether `card` (an atout or handicap) is off the current context.
  bool off_context(int card) const;
  // The score of `player` in the game in progress (or just ended): its
  // table score minus what its hand costs.
  int score(int player) const;
  // Points in front of `player` (public): atouts, handicaps, links.
  int table_score(int player) const;
  // What the atouts and handicaps in `player`'s hand would cost (hidden
  // from the others unless the hand is open).
  int hand_cost(int player) const;
  // Teams under the mode: per seat, its team number (classique: the seat).
  std::vector<int> teams() const;
  // The other players of `player`'s team (none in classique): an atout may
  // go on them.
  std::vector<int> teammates(int player) const;
  // Whether `other` plays on `player`'s team (never in classique): attacks
  // go on opponents only.
  bool is_teammate(int player, int other) const;
  // Every action `player` may take on its turn now (bodies), the attack and
  // handicap pairs included; donne-carte gives the card that would cost
  // most left in hand.
  std::vector<JsonObject> plays(PlayerId player) const;
  // plays(), card by card, for `player`'s own view on its turn (moves.cc):
  // {"cards": [{"card": id, "targets": [seats]}] (the cards it may play now,
  // in hand order, each with the seats it may go on: an atout's include the
  // player), "swap": whether it may swap a card, "pass": whether it may pass}.
  Json turn_moves(PlayerId player) const;

 private:
  // The phase's handler: the current player's turn, the choice of a drawn
  // card after a swap, or the reaction window.
  void do_apply(TapechoData& next, const Move& move) const override;
  void apply_turn(TapechoData& next, const Move& move) const;
  void apply_choose(TapechoData& next, const Move& move) const;
  // Défenses, « Hors contexte » and let-go while a window is open; it
  // closes when nobody has anything left to answer (or at the timeout).
  void apply_react(TapechoData& next, const Move& move) const;
  // The turn's plays. Each fills the reaction window `w` and says whether
  // one opens (an attack, a card out of context).
  bool play_atout(TapechoData& next, const Move& move, Window& w) const;
  bool play_handicap(TapechoData& next, const Move& move, Window& w) const;
  bool play_attack(TapechoData& next, const Move& move, Window& w) const;
  void swap_card(TapechoData& next, const Move& move) const;
  void pass_turn(TapechoData& next, const Move& move) const;
  // The card named by `field`, which must be in the mover's hand.
  int hand_card(const TapechoData& next, const Move& move, std::string_view field) const;
  // The seat named by `field`, which must not be the mover.
  int other_player(const Move& move, std::string_view field) const;
  // Validates an attack by the mover on `target`; its gift for donne-carte.
  std::optional<int> check_attack(const TapechoData& next, const Move& move, int c, int target,
                                  std::optional<int> handicap) const;
  Json public_json(const Viewer& viewer, bool everything) const;
  const TapechoGame& game_;
};

std::unique_ptr<Game> make_game(const GameContext& context);

}  // namespace logomachie::games::tapecho
