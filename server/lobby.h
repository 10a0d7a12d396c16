// The server without its network: rooms by join code, and the versioned JSON
// protocol of docs/protocol.md. A transport (WebSocket sessions) feeds each
// connection's text messages to handle() and delivers what comes back; it
// knows nothing of games.
//
// Threads: every public method may be called from any thread. The room map
// has its own mutex and each room another, so rooms proceed in parallel (and
// their durable appends are committed together by the store). One
// connection's messages must be handled one at a time (its Connection is not
// locked). With deferred bots, bots think outside every lock (take_bot_job →
// Bot::act → bot_moved).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "games/core/registry.h"
#include "server/directory.h"
#include "server/room.h"
#include "server/store.h"

namespace logomachie::server {

inline constexpr int kProtocolVersion = 1;
inline constexpr std::size_t kMaxMessageBytes = std::size_t{16} * 1024;
inline constexpr std::size_t kMaxRooms = 10000;  // default of Lobby::set_max_rooms
// Rooms opened from one address and still open.
inline constexpr int kMaxRoomsPerAddress = 20;
// A room with nobody connected and no game under way closes after this.
inline constexpr int64_t kRoomIdleMs = int64_t{10} * 60'000;
inline constexpr std::size_t kMaxMembersPerRoom = 32;
// People in one room from one address (a household on one connection is a
// few; many connections from one address would otherwise fill a room).
// (More than the largest table, 16 seats, with a few watching.)
inline constexpr std::size_t kMaxMembersPerAddress = 20;
inline constexpr std::size_t kMaxRoomsPerConnection = 32;
inline constexpr std::size_t kMaxChatChars = 300;
inline constexpr std::size_t kReplayCacheSize = 64;  // replays kept as text

// Who a connection is, once it has created, joined or resumed a room.
struct Connection {
  std::string address;  // the peer's IP address (per-address limits); "" in tests
  std::string room;
  std::optional<MemberId> member;
  // Who this connection has been in each room it entered (at most
  // kMaxRoomsPerConnection, the oldest forgotten): coming back to a room is
  // being that member again, never a new one, so one connection cannot fill a
  // room by going back and forth between two.
  struct Visited {
    std::string room;
    MemberId member = 0;
    std::string token;  // the member's: a later room under the same code is another room
  };
  std::vector<Visited> rooms_visited;  // oldest first
  int failed_joins = 0;                // join codes guessed wrong: throttled after kMaxFailedJoins
  // Rate limit (token bucket): kRateBurst messages at once, kRatePerSecond
  // sustained; beyond, messages are refused with `rate_limited`.
  double allowance = -1;  // < 0: not started
  int64_t last_ms = 0;
};
inline constexpr int kMaxFailedJoins = 5;
// Join codes or tokens guessed wrong from one address (many connections):
// beyond kMaxFailedJoinsPerAddress within kFailedJoinWindowMs, refused too.
inline constexpr int kMaxFailedJoinsPerAddress = 30;
inline constexpr int64_t kFailedJoinWindowMs = int64_t{10} * 60'000;
inline constexpr double kRatePerSecond = 10;
inline constexpr double kRateBurst = 30;

// A message for the connections of one member of a room (or for the sender).
struct Delivery {
  std::string room;                // "" with no member: for the sender only
  std::optional<MemberId> member;  // nullopt: every member of `room`
  games::Json message;
  // Asynchronous store: the message shows actions not yet durable. It may
  // leave only once `after` settles durable; if the store lost them, a view
  // is not sent (the room rolls back and sends fresh views) and `if_lost`,
  // when set, goes instead (the sender's « not recorded »).
  std::shared_ptr<Commitment> after;
  std::optional<games::Json> if_lost;
};

class Lobby {
 public:
  // One instance per registered game, owned by the lobby…
  Lobby(std::vector<std::unique_ptr<games::Game>> games, Store& store);
  // …or borrowed: they must outlive it (fuzzing makes a lobby per input).
  Lobby(std::vector<const games::Game*> games, Store& store);

  // Rebuilds every saved room (in the lobby, playing, or showing a finished
  // game) from the store at wall time `now_ms`; returns how many. Every
  // game's clock resumes with the time that was left when the server stopped
  // (its last heartbeat, Store::mark_alive).
  std::size_t restore(int64_t now_ms);
  // Rooms open at most (too_many_rooms beyond). Set before use.
  void set_max_rooms(std::size_t max_rooms) { max_rooms_ = max_rooms; }
  // Bots think outside the rooms (the server); see Room::set_deferred_bots.
  // Set before restore() and before any room is created.
  void set_deferred_bots(bool deferred) { deferred_bots_ = deferred; }
  // The store appends asynchronously (the server); see Room::set_async_store
  // and Delivery::after. `on_lost(room)` is called on the store's commit
  // thread when an append of `room` failed (it must only queue work): the
  // host then calls roll_back(room) and delivers what it returns. Set before
  // restore() and before any room is created.
  void set_async_store(std::function<void(const std::string& room)> on_lost) {
    on_lost_ = std::move(on_lost);
  }
  // In a cluster, when the store says this node's claim on the room ended
  // (a fenced write), the room is let go instead (`moved` to its players).
  // May block (it waits for the room's queued appends, the store and the
  // directory): call it from a room thread, never from `on_lost` itself.
  std::vector<Delivery> roll_back(const std::string& room);
  // Cluster mode (docs/scaling.md): this lobby serves only the rooms whose
  // lease it holds in `directory` (it must outlive the lobby). restore()
  // brings nothing back at start; a room is taken over when one of its
  // players reaches this node and no live node serves it, and a player who
  // reaches the wrong node is told where the room is (`moved`). Set before use.
  void set_directory(Directory* directory) { directory_ = directory; }
  // Graceful stop in a cluster: gives up every lease so that other nodes take
  // the rooms over at once (the store already holds everything).
  void release_all();

  // Handles one text message of `connection` at wall time `now_ms`.
  std::vector<Delivery> handle(Connection& connection, std::string_view text, int64_t now_ms);
  // Runs every room's hourglass (and, inline, stand-in bots), writes the
  // heartbeat, and closes rooms left empty for kRoomIdleMs with no game
  // under way. With deferred bots, `bots_due` receives the rooms where a bot
  // move is due.
  std::vector<Delivery> tick(int64_t now_ms, std::vector<std::string>* bots_due = nullptr);
  // Deferred bots: the next move to think about in `room` (one at a time per
  // room), and its result, validated like anyone's move.
  std::optional<BotJob> take_bot_job(const std::string& room, int64_t now_ms);
  // Whether take_bot_job() would give a job now (cheap: no state copied).
  bool bot_due(const std::string& room, int64_t now_ms) const;
  std::vector<Delivery> bot_moved(const std::string& room, const BotJob& job,
                                  std::optional<games::Action> action);
  // The transport closed `connection`: presence is updated for the room.
  std::vector<Delivery> disconnect(Connection& connection, int64_t now_ms);

  std::size_t rooms() const;
  // For tests (no lock held on the room).
  Room* room(const std::string& code);

  // The small JSON API beside the WebSocket (docs/protocol.md, HTTP API).
  // Registered games: name, title, players, bot levels.
  games::Json games_json() const;
  // The most recent finished games (for the home page's replay links).
  games::Json recent_json(std::size_t limit) const;
  // A finished game, step by step: after each accepted action, its events and
  // the spectator's view (nothing hidden stays in a finished game's log but
  // what the spectator view leaves out). nullopt for an unknown id or a game
  // still in progress (its log may hold secret words).
  std::optional<games::Json> replay_json(int64_t id) const;
  // The same as JSON text, computed once per game and kept (a finished game
  // never changes) in a small cache of the most recently asked replays.
  std::shared_ptr<const std::string> replay_text(int64_t id) const;

 private:
  struct RoomSlot {
    std::mutex mutex;  // held while the room is used
    std::unique_ptr<Room> room;
    bool closed = false;  // expired: out of the map, refused to anyone still holding it
    std::string address;  // who opened it (per-address limit)
  };
  const games::Game* find(std::string_view name) const;
  std::shared_ptr<RoomSlot> slot(const std::string& code) const;
  // Every room goes through here once made or restored: bots and store mode.
  void prepare(Room& room) const;
  // Marks the deliveries about `room` (and the sender's) as depending on its
  // actions not yet durable (Delivery::after). Under the room's lock.
  static std::vector<Delivery> after_pending(std::vector<Delivery> out, const Room& room);
  std::string new_code();  // rooms_mutex_ held
  // `previous`: the room this connection was in until now (its lock held), if another.
  std::vector<Delivery> welcome(Connection& c, Room& room, const Member& m, bool with_token, int64_t now_ms,
                                Room* previous);
  std::vector<Delivery> in_room(Connection& c, Room& r, std::string_view type, const games::JsonObject& o,
                                int64_t now_ms);

  // A new code no other room uses (here, in the store and in the cluster),
  // claimed for this node; "" when none could be claimed (too many tries).
  std::string claim_new_code();
  // Cluster: the slot of room `code` once this node serves it, taking it
  // over if no live node does; otherwise nullptr and `refusal` says why
  // (unknown room, served elsewhere, moving, store or directory unreachable).
  std::shared_ptr<RoomSlot> adopt(const std::string& code, int64_t now_ms, std::optional<Delivery>& refusal);
  // Cluster: renews this node's leases; rooms another node took are dropped
  // here and their members told to move.
  void keep_leases(std::vector<Delivery>& out);
  // Cluster: takes over a few rooms no live node serves (their node died and
  // none of their players came back yet), so that their hourglasses and bots
  // go on as after a single server's restart.
  void adopt_orphans(int64_t now_ms);
  // Forgets a room this node no longer serves (rooms_mutex_ not held);
  // false when it was forgotten already (closed by another thread).
  bool forget(const std::string& code, const std::shared_ptr<RoomSlot>& s);
  // Cluster: forgets room `code` and this node's claim on it (and its lease
  // when `release_lease`); returns the `moved` that sends its players away,
  // or nothing when another thread let the room go first.
  std::optional<Delivery> let_go(const std::string& code, const std::shared_ptr<RoomSlot>& s,
                                 bool release_lease);

  bool address_throttled(const std::string& address, int64_t now_ms) const;
  void failed_join(Connection& c, int64_t now_ms);

  std::vector<std::unique_ptr<games::Game>> owned_;
  std::vector<const games::Game*> games_;
  Store& store_;
  bool deferred_bots_ = false;
  std::function<void(const std::string&)> on_lost_;  // set: asynchronous store
  Directory* directory_ = nullptr;
  std::mutex adopt_mutex_;                  // one takeover at a time
  std::atomic<int64_t> last_beat_ms_ = 0;   // tick() writes the heartbeat once a second
  std::atomic<int64_t> last_lease_ms_ = 0;  // and renews the cluster leases
  std::atomic<int64_t> last_sweep_ms_ = 0;  // and adopts orphaned rooms
  mutable std::mutex rooms_mutex_;
  std::map<std::string, std::shared_ptr<RoomSlot>, std::less<>> rooms_;
  std::map<std::string, int> rooms_by_address_;  // open rooms per address (rooms_mutex_)
  std::size_t max_rooms_ = kMaxRooms;
  struct Failures {
    int count = 0;
    int64_t since_ms = 0;  // start of the counting window
  };
  // Replays as JSON text, most recently used last (replay_text).
  mutable std::mutex replays_mutex_;
  mutable std::vector<std::pair<int64_t, std::shared_ptr<const std::string>>> replays_;
  mutable std::mutex failures_mutex_;
  std::map<std::string, Failures> failures_;  // by address
};

}  // namespace logomachie::server
