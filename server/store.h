// Persistence for the server: every game is its setup plus the actions the
// engine accepted (games::Record), so storing a game means appending actions.
//
// Contract:
//  - append() returns only once the action is durable (committed to the
//    store's write-ahead log); the server acknowledges an action after that,
//    so nothing acknowledged is ever lost, even on kill -9;
//  - concurrent appends from many threads are committed together (group
//    commit: one transaction and one sync per batch);
//  - unfinished() gives back every game in progress, to be replayed on start;
//  - errors are StoreError (disk full, corrupt file…), never silent.
// SQLite is the embedded default (a file under var/); PostgreSQL serves a
// cluster of servers (docs/scaling.md), where each room is live on one node
// at a time and every write about a room is fenced by the epoch of its claim.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/replay.h"
#include "server/commitment.h"

namespace logomachie::server {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct StoredGame {
  int64_t id = 0;
  std::string room;      // the room's join code
  std::string meta;      // server data as JSON text (seat names, bots…)
  games::Record record;  // setup + accepted actions, in order
  bool finished = false;
  std::string outcome;     // JSON text, when finished
  int64_t created_ms = 0;  // Unix time
  int64_t finished_ms = 0;
};

// A room as a restart must find it: who is in it (with their tokens), the
// seats, the host's settings, and its current or last game.
struct StoredRoom {
  std::string code;
  std::string game;  // the game's name
  std::string meta;  // JSON text (Room::meta)
  std::optional<int64_t> game_id;
  int64_t updated_ms = 0;  // set by the store
};

struct GameSummary {
  int64_t id = 0;
  std::string room;
  std::string game;
  int64_t actions = 0;
  bool finished = false;
  int64_t created_ms = 0;
};

// A node's claim on a room (see Store::claim_room).
struct Claim {
  int64_t epoch = 0;  // the fencing token: every later write about the room checks it
  // The last heartbeat of the node that held the room before (its clock was
  // stopped since then), if another node held it.
  std::optional<int64_t> previous_alive_ms;
};

class Store {
 public:
  virtual ~Store() = default;

  // Cluster stores: makes this node the one that writes about room `code`
  // from now on. Any write about the room by a node holding an older claim
  // (one that lost its lease while paused or cut off) is refused with
  // StoreError, inside the same transaction as the write, so it can never
  // land after the new owner read the room. `fresh`: the code must be new
  // (no room and no claim under it); nullopt when it is taken. Embedded
  // stores have one writer: every claim succeeds with epoch 0.
  virtual std::optional<Claim> claim_room(std::string_view code, bool fresh) {
    (void)code;
    (void)fresh;
    return Claim{};
  }
  // Forgets this node's claim (the room moved or closed): its writes stop.
  virtual void unclaim_room(std::string_view code) { (void)code; }
  // Whether this node's claim on room `code` still stands as far as it
  // knows: false once a write about the room was fenced (another node
  // claimed it since) or the claim was given up. Embedded stores: always.
  virtual bool holds_claim(std::string_view code) const {
    (void)code;
    return true;
  }
  // Cluster stores: up to `limit` rooms (in random order) that no running
  // node serves: claimed by a node whose heartbeat is older than
  // `silent_since_ms`, or by this node before it restarted.
  virtual std::vector<std::string> orphaned_rooms(int64_t silent_since_ms, std::size_t limit) const {
    (void)silent_since_ms;
    (void)limit;
    return {};
  }
  // One saved room (nullopt: none).
  virtual std::optional<StoredRoom> room(std::string_view code) const {
    for (auto& r : rooms()) {
      if (r.code == code) return r;
    }
    return std::nullopt;
  }

  // Records a new game (its setup and versions; `header.actions` must be
  // empty) and returns its id.
  virtual int64_t create_game(std::string_view room, const games::Record& header, std::string_view meta) = 0;
  // Appends the action accepted as number `seq` (0, 1, 2… per game); durable
  // on return. A seq already stored or out of order is a StoreError. With an
  // `outcome` (JSON text), the game is marked finished with it in the same
  // transaction: a game's last move is never stored without its end.
  virtual void append(int64_t game, int64_t seq, const games::Action& action,
                      std::optional<std::string_view> outcome) = 0;
  void append(int64_t game, int64_t seq, const games::Action& action) {
    append(game, seq, action, std::nullopt);
  }
  // Returns once every append queued so far has settled.
  virtual void flush() {}
  // How long the commit thread of append_async may wait for more appends
  // before it commits (GroupCommit::set_window; 0: at once). Stores without
  // a commit thread ignore it.
  virtual void set_commit_window(std::chrono::microseconds window) { (void)window; }
  // The same without waiting (the server): queues the append and returns;
  // `commitment` settles once it is durable or failed, in the order appends
  // were queued. Default: append() at once.
  virtual void append_async(int64_t game, int64_t seq, const games::Action& action,
                            std::optional<std::string_view> outcome, std::shared_ptr<Commitment> commitment) {
    try {
      append(game, seq, action, outcome);
      commitment->settle(true);
    } catch (const StoreError& e) {
      commitment->settle(false, e.what());
    }
  }
  // Updates the server data of a game (seats, names).
  virtual void set_meta(int64_t game, std::string_view meta) = 0;
  // Marks a game finished with its outcome (JSON text).
  virtual void finish(int64_t game, std::string_view outcome) = 0;

  // Rooms: saved (inserted or replaced) after every change a player can see,
  // dropped when they expire; a game's actions and outcome stay in the log.
  virtual void save_room(const StoredRoom& room) = 0;
  // The same without waiting (the server); `commitment` settles once it is
  // durable or failed, in queue order with the appends. Default: at once.
  virtual void save_room_async(const StoredRoom& room, std::shared_ptr<Commitment> commitment) {
    try {
      save_room(room);
      commitment->settle(true);
    } catch (const StoreError& e) {
      commitment->settle(false, e.what());
    }
  }
  virtual void drop_room(std::string_view code) = 0;
  virtual std::vector<StoredRoom> rooms() const = 0;

  // The server's heartbeat: the last moment (Unix ms) a server using this
  // store was known to run, so that a restart can pause every game's clock
  // for the downtime. Cheap (not synced: a beat lost in a power cut only
  // counts a second more of downtime, in the players' favour).
  virtual void mark_alive(int64_t now_ms) = 0;
  // The last beat written before this store was opened (nullopt: none).
  virtual std::optional<int64_t> alive_before_open() const = 0;

  virtual std::vector<StoredGame> unfinished() const = 0;
  virtual std::optional<StoredGame> load(int64_t game) const = 0;
  // Most recent first.
  virtual std::vector<GameSummary> recent(std::size_t limit) const = 0;
};

// Opens (creating it and its folder if needed) the SQLite store at `path`.
std::unique_ptr<Store> open_sqlite_store(const std::filesystem::path& path);

// Opens the PostgreSQL store at `url` (a libpq connection URI,
// postgresql://user@host:port/database), creating its tables if needed, for
// the cluster node `node` (its heartbeat and claims are kept under that name).
std::unique_ptr<Store> open_postgres_store(const std::string& url, const std::string& node);

// Whether `text` names a PostgreSQL store rather than a file.
bool is_postgres_url(std::string_view text);

}  // namespace logomachie::server
