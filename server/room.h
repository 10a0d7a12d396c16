// A room, independent of any network: members (people, with a secret token
// each), seats (a member or a bot), the host's controls, the game in
// progress, its persistence, and what each member may be sent. The transport
// (server/lobby.h, under the room's lock) calls these methods and delivers
// the returned messages.
//
// Rules kept here:
//  - every action carries the state version it was made against (the number
//    of actions accepted so far); any other version is refused as stale,
//    except an earlier one for the game's independent actions
//    (GameInfo::independent_actions), which the engine judges as they come;
//  - an action is appended to the store before it is acknowledged;
//  - each member receives only their own view (per seat, or spectator);
//  - bots play through the same apply() as people.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/core/game.h"
#include "games/core/rng.h"
#include "server/store.h"

namespace logomachie::server {

using MemberId = int;

struct Member {
  MemberId id = 0;
  std::string name;
  std::string token;  // secret: lets this person back into the room
  std::optional<int> seat;
  int connections = 0;  // open connections (presence)
  bool kicked = false;
  int64_t offline_since = 0;  // wall clock when the last one closed
  std::string address;        // where they joined from (per-address limits; not saved)
};

// What a player hears when the store failed to record their move.
inline constexpr const char* kNotRecorded =
    "Ce coup n’a pas pu être enregistré\u00a0: rejoue-le dans un instant.";

// How long a seated person may be gone before a bot plays for them.
inline constexpr int64_t kGraceMs = 60'000;

// One seat: a member, a bot level, or empty.
struct Seat {
  std::optional<MemberId> member;
  std::string bot;  // level, or "" when not a bot
};

// A bot move to think about away from the room (see Room::take_bot_job): the
// bot, a copy of the state, and what identifies the position it answers.
struct BotJob {
  int seat = 0;
  int64_t version = 0;
  uint64_t generation = 0;  // which game of the room (play again starts another)
  std::shared_ptr<games::Bot> bot;
  std::unique_ptr<games::State> state;
  int64_t at = 0;  // the game clock the move is made at
};

// A message for one member (or everyone when `to` is empty).
struct Outgoing {
  std::optional<MemberId> to;
  games::Json message;
};

class Room {
 public:
  Room(std::string code, const games::Game& game, Store& store, uint64_t seed);

  const std::string& code() const { return code_; }
  const games::Game& game() const { return game_; }

  // People. The first member to join is the host. Names are trimmed and
  // limited to 24 characters; tokens are random 128-bit hex strings.
  const Member& join(std::string_view name, std::string_view address = {});
  const Member* resume(std::string_view token) const;
  // Whether the token was a member's whom the host sent away.
  bool kicked(std::string_view token) const;
  // What someone about to join may know: the room exists, its game, whether it
  // takes newcomers ({"type":"peek", …}; no names, no tokens).
  games::Json peek() const;
  const Member* member(MemberId id) const;
  // People in the room (those sent away by the host no longer count).
  std::size_t members() const;
  // Members (not kicked) who joined from `address`.
  std::size_t members_from(std::string_view address) const;

  // Host and seat controls; each returns an error or nothing.
  std::optional<games::Error> take_seat(MemberId who, int seat);
  std::optional<games::Error> leave_seat(MemberId who);
  std::optional<games::Error> add_bot(MemberId who, int seat, std::string_view level);
  std::optional<games::Error> remove_bot(MemberId who, int seat);
  std::optional<games::Error> set_players(MemberId who, int players);
  std::optional<games::Error> set_options(MemberId who, const games::JsonObject& options);
  // Host: no more newcomers (people already in may still come back).
  std::optional<games::Error> lock(MemberId who, bool locked);
  // Host: sends someone away; their token stops working. During a game their
  // seat is played by a bot.
  std::optional<games::Error> kick(MemberId who, MemberId target);
  bool locked() const { return locked_; }
  // Starts the game (every seat filled); the game is recorded in the store.
  std::optional<games::Error> start(MemberId who, int64_t now_ms);

  // A member's action against `version`; on success, bots that are due play
  // too. Returns the messages to send (a view for every member, with the
  // events), or the error for the sender only. `now_ms` is the wall clock.
  // `game`: the game_id of the view the sender acted on, when the client says
  // (an action made during an earlier game of this room is stale).
  std::vector<Outgoing> act(MemberId who, int64_t version, const games::JsonObject& action, int64_t now_ms,
                            std::optional<int64_t> game = std::nullopt);
  // Feeds the host's timeout when the deadline has passed, and lets a bot
  // play for seated people gone for more than kGraceMs (they get their seat
  // back as soon as they return).
  std::vector<Outgoing> tick(int64_t now_ms);

  // Where bots think. Inline (the default, for tests and tools): an accepted
  // action runs the bots that are due before returning. Deferred (the
  // server): nothing runs inline; the host takes one BotJob at a time, lets
  // the bot think on another thread without holding the room, and hands the
  // move back to bot_moved(), where it is validated like anyone's.
  void set_deferred_bots(bool deferred) { deferred_bots_ = deferred; }
  // The next bot move due (a bot's seat, or a medium bot standing in for a
  // person gone past kGraceMs), or nullopt; none while another is out.
  std::optional<BotJob> take_bot_job(int64_t now_ms);
  // The move thought for `job` (nullopt: the bot had nothing to do). Dropped
  // when the game moved on meanwhile; releases the room for the next job.
  // A bot takes its time like a person by dating its action later than the
  // position (`at` > job.at): the move is then held and played by tick()
  // once the game clock reaches it, unless the game moved on first.
  std::vector<Outgoing> bot_moved(const BotJob& job, std::optional<games::Action> action);
  // Whether take_bot_job() would give a job now (cheap).
  bool bot_due(int64_t now_ms) const;

  // How accepted actions reach the store. Synchronous (the default, for tests
  // and tools): each is durable before act() returns. Asynchronous (the
  // server): the room applies the action, queues its append
  // (Store::append_async) and goes on at once; the messages about it must
  // wait for pending() to settle durable before they leave (the lobby
  // attaches it to them). If the store fails, `on_lost` is called (on the
  // store's commit thread: it must only queue work) and the host then calls
  // roll_back() under the room's lock.
  void set_async_store(std::function<void(const std::shared_ptr<Commitment>&)> on_lost) {
    on_lost_ = std::move(on_lost);
  }
  // The commitment that what members would be sent now depends on (the last
  // action not yet durable), or nullptr when everything is.
  std::shared_ptr<Commitment> pending() const;
  // After a lost append: the room returns to the state before the first
  // action the store lost; every action applied after it is dropped too
  // (their appends fail, or are found by the next catch-up if the store kept
  // them after all). Returns everyone's view, or nothing when there was
  // nothing left to undo (another call already did).
  std::vector<Outgoing> roll_back();

  // Presence: a connection of `who` opened or closed.
  void connected(MemberId who);
  void disconnected(MemberId who, int64_t now_ms);

  // The room as members see it (seats, names, host, options, status).
  games::Json summary() const;
  // What `who` may see of the game, with the version to act against.
  games::Json view_for(MemberId who) const;

  int64_t version() const { return static_cast<int64_t>(record_.actions.size()); }
  const games::State* state() const { return state_.get(); }
  std::optional<int64_t> game_id() const { return game_id_; }

  // Saves the room (members and tokens, seats, the host's settings, its
  // game) so that a restart finds it as players left it. The lobby calls it
  // after every change; a store failure is logged and the room goes on.
  // With an asynchronous store the save is queued, and the room's messages
  // wait for it like for an action (pending()).
  void save() const;

  // Rebuilds a room after a restart from its saved row and its current or
  // last game, if any (a finished game shows its results again). The clock
  // of a game in progress is paused for `downtime_ms` (the server was down:
  // nobody could play).
  static std::unique_ptr<Room> restore(const StoredRoom& saved, const std::optional<StoredGame>& stored,
                                       const games::Game& game, Store& store, int64_t downtime_ms = 0);
  // The same from a game alone (stores written before rooms were saved).
  static std::unique_ptr<Room> restore(const StoredGame& stored, const games::Game& game, Store& store,
                                       int64_t downtime_ms = 0);

  // Presence for expiry: when the room was last left empty (nobody
  // connected), or nullopt while someone is connected.
  std::optional<int64_t> empty_since() const;
  void touch(int64_t now_ms) { last_activity_ms_ = now_ms; }

 private:
  std::vector<Outgoing> accept(const games::Action& action, std::optional<MemberId> sender);
  std::optional<games::Error> apply_and_store(const games::Action& action, std::vector<games::Json>& events);
  // After a store failure: plays what the store kept beyond the room's log.
  std::optional<games::Error> catch_up_with_store(std::vector<games::Json>& events);
  void play_bots(std::vector<games::Json>& events);
  // The seat a bot should play now and which bot (nullptr: none due).
  std::pair<int, std::shared_ptr<games::Bot>> due_bot(int64_t now_ms) const;
  int64_t game_time(int64_t now_ms) const;
  // Every member's view message after `events` (State::views: one call).
  std::vector<Outgoing> views(const std::vector<games::Json>& events) const;
  // The view message around `view` for member `m` (nullptr: a spectator).
  games::Json view_message(const Member* m, games::Json view) const;
  static games::Viewer viewer_of(const Member* m);
  // Each seat's name as players see it: the member's (kicked or not), the bot's first name
  // (games::name_bots), or « Place n ».
  std::vector<std::string> seat_names() const;
  std::string meta() const;  // what the store keeps besides the game (tokens included)
  void load_meta(std::string_view text);
  void load_game(const StoredGame& stored);
  void pause_clock(int64_t downtime_ms);
  games::JsonArray members_json(bool for_store) const;
  games::JsonArray seats_json(bool for_store) const;  // for_store: no names (they follow from the rest)
  bool is_host(MemberId who) const { return who == host_; }
  const char* status() const;  // "lobby", "playing" or "over"
  // After each change of state: the version since which the state's
  // round_key() holds (independent actions older than that are stale).
  void note_round();

  std::string code_;
  const games::Game& game_;
  Store& store_;
  games::Rng rng_;
  std::vector<Member> members_;
  MemberId host_ = 0;
  int players_;
  games::JsonObject options_;
  std::vector<Seat> seats_;
  std::unique_ptr<games::State> state_;
  games::Record record_;
  std::optional<int64_t> game_id_;
  int64_t started_ms_ = 0;  // wall clock when the game started (game time 0)
  std::vector<std::shared_ptr<games::Bot>> bots_;
  std::shared_ptr<games::Bot> stand_in_;  // plays for people who are away
  bool locked_ = false;
  bool deferred_bots_ = false;
  std::optional<std::string> round_key_;  // State::round_key() now…
  int64_t round_since_ = 0;               // …and the version since which it holds
  bool store_suspect_ = false;            // the last append failed: check the store before the next
  // When the store last failed (wall ms): bots wait kStoreRetryMs before
  // trying again, instead of retrying at once while the store is down.
  int64_t store_failed_ms_ = 0;
  // Asynchronous store: actions applied but not yet known durable, oldest
  // first, each with what the room was before it.
  struct Unsynced {
    std::shared_ptr<Commitment> commitment;
    std::unique_ptr<games::State> before;
    int64_t version = 0;  // the action's seq
    std::optional<std::string> round_key;
    int64_t round_since = 0;
  };
  std::deque<Unsynced> unsynced_;
  // The last write queued about this room (an append, or a save's marker):
  // what its messages wait for (pending()).
  mutable std::shared_ptr<Commitment> latest_;
  std::function<void(const std::shared_ptr<Commitment>&)> on_lost_;  // set: asynchronous store
  // Forgets the oldest unsynced actions the store made durable.
  void drop_durable();
  bool bot_out_ = false;  // a BotJob is being thought about
  // A bot move dated later than its position, waiting for the game clock.
  struct HeldMove {
    int64_t version = 0;
    uint64_t generation = 0;
    games::Action action;
  };
  std::optional<HeldMove> held_;
  // Whether a stand-in bot plays `seat` now: its person has been away past the grace period.
  bool stood_in(int seat, int64_t now_ms) const;
  bool held_current() const {
    return held_ && held_->version == version() && held_->generation == generation_;
  }
  // +1 per game started in this room, and per roll_back(): bot jobs and
  // held moves of another line of play are dropped.
  uint64_t generation_ = 0;
  int64_t last_activity_ms_ = 0;  // wall clock of the last arrival or departure
};

}  // namespace logomachie::server
