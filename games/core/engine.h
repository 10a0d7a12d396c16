// The envelope every engine's apply() shares (OpenSpiel's ApplyAction →
// DoApplyAction): games derive their state from Engine<Data>, keep their whole
// position in one plain `Data` struct, and write only the rules.
//
// Engine::apply, in this order:
//  1. a finished game refuses everything (`game_over`);
//  2. an action dated before the last one is refused (`bad_time`);
//  3. a host's {"type":"timeout"} must come at or after the deadline
//     (check_timeout: `not_host`, `no_timer`, `not_yet`);
//  4. anyone else must be a seat (`not_a_player`), may be checked further by
//     the game (check_actor: an eliminated player…), and must beat the
//     deadline that applies to them (deadline_for; `too_late`, one wording
//     for every game);
//  5. the rules run on a copy of the data (`next`, with next.now = at), given
//     the action as a Move; a game's do_apply only dispatches to small
//     per-phase handlers (apply_<phase>), as OpenSpiel's Bridge does;
//     an ActionError thrown anywhere leaves the state untouched and becomes
//     the refusal; on success the copy replaces the data;
//  6. when that action ended the game, finished() adds the game's last events;
//  7. fields of the body the rules never read (through the json.h helpers)
//     are reported, the body without them in ApplyResult::parsed_body.
#pragma once

#include <optional>
#include <vector>

#include "games/core/game.h"

namespace logomachie::games {

// One action as the rules see it: what do_apply and a game's handlers receive.
struct Move {
  const Action& action;
  std::string_view type;      // action.type()
  PlayerId actor;             // the seat that acted (not meaningful for a timeout)
  int64_t at;                 // action.at, which is also next.now
  bool is_timeout;            // the host's timeout, already checked against the deadline
  std::vector<Json>& events;  // what happened, in order: handlers append to it

  const JsonObject& body() const { return action.body; }
};

template <class Data>
class Engine : public State {
 public:
  ApplyResult apply(const Action& action) final {
    ApplyResult result;
    try {
      if (is_terminal()) refuse("game_over", "La partie est terminée.");
      if (action.at < d_.now) refuse("bad_time", "Cette action est datée d’avant la précédente.");
      const auto type = action.type();
      const bool is_timeout = type == "timeout";
      if (is_timeout) {
        check_timeout(action, deadline());
      } else {
        if (action.actor < 0 || action.actor >= players()) {
          refuse("not_a_player", "Seuls les joueurs de la partie peuvent jouer.");
        }
        check_actor(action.actor);
        if (const auto dl = deadline_for(action.actor); dl && action.at >= *dl) {
          refuse("too_late", "Trop tard\u00a0: le temps est écoulé\u00a0!");
        }
      }
      Data next = d_;
      next.now = action.at;
      FieldLog read(action.body);
      do_apply(next, Move{action, type, action.actor, action.at, is_timeout, result.events});
      d_ = std::move(next);
      result.parsed_body = only_fields_read(action.body, read);
      if (is_terminal()) finished(result.events);
    } catch (const ActionError& e) {
      result.events.clear();
      result.error = e.error();
    }
    return result;
  }

  int64_t now() const override { return d_.now; }

 protected:
  Engine() = default;
  explicit Engine(Data data) : d_(std::move(data)) {}

  // The rules: apply `move` to `next` (a copy of the data, now = move.at),
  // appending what happened to move.events; throw ActionError (refuse) to
  // refuse. The data before the move stays readable as d_.
  virtual void do_apply(Data& next, const Move& move) const = 0;
  // Further checks on a seat's right to act at all (not on its move).
  virtual void check_actor(PlayerId actor) const { (void)actor; }
  // The deadline a seat's action must come before (per-team timers…).
  virtual std::optional<int64_t> deadline_for(PlayerId actor) const {
    (void)actor;
    return deadline();
  }
  // Events once an action has ended the game (the data is already the final one).
  virtual void finished(std::vector<Json>& events) const { (void)events; }

  Data d_;
};

}  // namespace logomachie::games
