// PostgreSQL implementation of Store (see store.h) for a cluster of nodes
// (docs/scaling.md): the same log as the SQLite store (games, their accepted
// actions, rooms), durable before acknowledged (synchronous_commit on, the
// server's default), appends grouped in one transaction per batch
// (server/group_commit.h), and every write about a room fenced by the epoch
// of this node's claim on it.
//
// Fencing: `fences` holds, per room, the epoch of the node that owns it; an
// epoch comes from one cluster-wide sequence, so it only ever grows, even
// when a code is used again. A write first reads the room's fence row FOR
// SHARE and goes on only if it still holds this node's epoch; a takeover
// updates that row (FOR UPDATE) before it reads the room. So a write either
// commits before the takeover reads (the new owner sees it) or finds the new
// epoch and is refused: a paused node that wakes up can never add to a room
// another node now owns.
//
// Two connections: one writes (commits, claims, rooms), one reads (loads,
// lists, the heartbeat), each used by one thread at a time. A lost connection
// is reopened on the next use; the operation that found it lost fails with
// StoreError (a commit whose answer was lost may have landed: the room asks
// the store what it holds before its next append, Room::catch_up_with_store).
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <set>

#include "server/group_commit.h"
#include "server/store.h"

namespace logomachie::server {
namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Tables are created once, under an advisory lock (nodes starting together
// would otherwise race on CREATE … IF NOT EXISTS). Actions are partitioned by
// game: each partition can later move to a PostgreSQL server of its own
// (docs/scaling.md, "Capacity").
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id BIGSERIAL PRIMARY KEY,
  room TEXT NOT NULL,
  game TEXT NOT NULL,
  rules_version INTEGER NOT NULL,
  content_version TEXT NOT NULL,
  setup TEXT NOT NULL,
  meta TEXT NOT NULL,
  finished BOOLEAN NOT NULL DEFAULT FALSE,
  outcome TEXT,
  created_ms BIGINT NOT NULL,
  finished_ms BIGINT
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games (id) WHERE NOT finished;
CREATE TABLE IF NOT EXISTS actions (
  game BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY (game, seq)
) PARTITION BY HASH (game);
DO $$ BEGIN
  FOR i IN 0..7 LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS actions_%s PARTITION OF actions FOR VALUES WITH (MODULUS 8, REMAINDER %s)', i, i);
  END LOOP;
END $$;
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  meta TEXT NOT NULL,
  game_id BIGINT,
  updated_ms BIGINT NOT NULL
);
CREATE SEQUENCE IF NOT EXISTS fence_epochs;
CREATE TABLE IF NOT EXISTS fences (code TEXT PRIMARY KEY, epoch BIGINT NOT NULL, node TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS nodes (name TEXT PRIMARY KEY, alive_ms BIGINT NOT NULL);
INSERT INTO store_info (key, value) VALUES ('schema', '1') ON CONFLICT DO NOTHING;
)sql";
constexpr int64_t kSchemaLock = 0x4c6f676f;  // "Logo"

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// A query result, cleared on scope exit.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(Result&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result& operator=(Result&&) = delete;

  bool ok() const {
    const auto s = PQresultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  std::string error() const { return r_ ? trimmed(PQresultErrorMessage(r_)) : "out of memory"; }
  int rows() const { return PQntuples(r_); }
  int changed() const {
    const char* n = PQcmdTuples(r_);
    return n && *n ? std::atoi(n) : 0;
  }
  bool is_null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  std::string text(int row, int col) const {
    return std::string(PQgetvalue(r_, row, col), static_cast<std::size_t>(PQgetlength(r_, row, col)));
  }
  int64_t integer(int row, int col) const { return std::stoll(text(row, col)); }
  bool boolean(int row, int col) const { return text(row, col) == "t"; }

 private:
  PGresult* r_;
};

using Param = std::optional<std::string>;

// One libpq connection; parameters are passed as text.
class Connection {
 public:
  Connection(std::string url, bool synced) : url_(std::move(url)), synced_(synced) { open(); }
  ~Connection() { PQfinish(conn_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql` with `params` ($1, $2… as text; nullopt is NULL); a failure
  // is a StoreError.
  Result run(const char* sql, std::initializer_list<Param> params = {}) {
    ensure_open();
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    Result r(PQexecParams(conn_, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr,
                          nullptr, 0));
    if (!r.ok()) throw StoreError("store: " + r.error());
    return r;
  }
  // Several statements, no parameters.
  void script(const char* sql) {
    ensure_open();
    Result r(PQexec(conn_, sql));
    if (!r.ok()) throw StoreError("store: " + r.error());
  }
  // Leaves a failed transaction (never throws: the connection may be gone).
  void rollback() noexcept {
    if (conn_ && PQstatus(conn_) == CONNECTION_OK) PQclear(PQexec(conn_, "ROLLBACK"));
  }

 private:
  void ensure_open() {
    if (conn_ && PQstatus(conn_) == CONNECTION_OK) return;
    if (conn_) {
      PQfinish(conn_);
      conn_ = nullptr;
    }
    open();
  }
  void open() {
    conn_ = PQconnectdb(url_.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
      const std::string why = conn_ ? trimmed(PQerrorMessage(conn_)) : "out of memory";
      PQfinish(conn_);
      conn_ = nullptr;
      throw StoreError("store: cannot connect to PostgreSQL: " + why);
    }
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);  // CREATE … IF NOT EXISTS chatter
    // The reading connection also writes the heartbeat, which does not wait
    // for a sync (see Store::mark_alive).
    if (!synced_) PQclear(PQexec(conn_, "SET synchronous_commit = off"));
  }

  std::string url_;
  bool synced_;
  PGconn* conn_ = nullptr;
};

std::string str(int64_t v) {
  return std::to_string(v);
}

class PostgresStore final : public Store {
 public:
  PostgresStore(const std::string& url, std::string node)
      : node_(std::move(node)), write_(url, true), read_(url, false) {
    write_.run("SELECT pg_advisory_lock($1)", {str(kSchemaLock)});
    try {
      write_.script(kSchema);
    } catch (...) {
      write_.run("SELECT pg_advisory_unlock($1)", {str(kSchemaLock)});
      throw;
    }
    write_.run("SELECT pg_advisory_unlock($1)", {str(kSchemaLock)});
    const auto version = read_.run("SELECT value FROM store_info WHERE key = 'schema'");
    if (version.rows() != 1 || version.text(0, 0) != "1") {
      throw StoreError("store: this PostgreSQL database has another schema than this program writes");
    }
    const auto alive = read_.run("SELECT alive_ms FROM nodes WHERE name = $1", {node_});
    if (alive.rows() == 1) alive_before_open_ = alive.integer(0, 0);
    // Claims this node made before it (re)started have epochs up to here.
    const auto last = read_.run("SELECT last_value FROM fence_epochs");
    start_epoch_ = last.integer(0, 0);
  }

  std::vector<std::string> orphaned_rooms(int64_t silent_since_ms, std::size_t limit) const override {
    std::lock_guard lock(read_mu_);
    const auto r = read_.run(
        "SELECT f.code FROM fences f LEFT JOIN nodes n ON n.name = f.node "
        "WHERE (f.node = $1 AND f.epoch <= $2) OR (f.node <> $1 AND (n.alive_ms IS NULL OR n.alive_ms < $3)) "
        "ORDER BY random() LIMIT $4",
        {node_, str(start_epoch_), str(silent_since_ms), str(static_cast<int64_t>(limit))});
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
    return out;
  }

  std::optional<Claim> claim_room(std::string_view code, bool fresh) override {
    const std::string c(code);
    std::lock_guard lock(write_mu_);
    try {
      write_.run("BEGIN");
      const auto held = write_.run("SELECT node FROM fences WHERE code = $1 FOR UPDATE", {c});
      std::optional<std::string> previous;
      if (held.rows() == 1) previous = held.text(0, 0);
      if (fresh && (previous || write_.run("SELECT 1 FROM rooms WHERE code = $1", {c}).rows() > 0)) {
        write_.rollback();
        return std::nullopt;
      }
      const auto epoch = write_.run(
          "INSERT INTO fences (code, epoch, node) VALUES ($1, nextval('fence_epochs'), $2) "
          "ON CONFLICT (code) DO UPDATE SET epoch = EXCLUDED.epoch, node = EXCLUDED.node RETURNING epoch",
          {c, node_});
      Claim claim{epoch.integer(0, 0), std::nullopt};
      if (previous && *previous != node_) {
        const auto alive = write_.run("SELECT alive_ms FROM nodes WHERE name = $1", {*previous});
        if (alive.rows() == 1) claim.previous_alive_ms = alive.integer(0, 0);
      } else if (previous && !claimed_once_.contains(c)) {
        claim.previous_alive_ms = alive_before_open_;  // this node, before it restarted
      }
      write_.run("COMMIT");
      {
        std::lock_guard epochs_lock(epochs_mu_);
        epochs_[c] = claim.epoch;
      }
      claimed_once_.insert(c);
      // Another node may have appended since this one last held the room.
      std::erase_if(next_seq_, [&](const auto& e) {
        const auto it = game_room_.find(e.first);
        return it == game_room_.end() || it->second == c;
      });
      return claim;
    } catch (const StoreError&) {
      write_.rollback();
      throw;
    }
  }

  void unclaim_room(std::string_view code) override {
    std::lock_guard lock(write_mu_);
    {
      std::lock_guard epochs_lock(epochs_mu_);
      epochs_.erase(std::string(code));
    }
  }

  bool holds_claim(std::string_view code) const override {
    // Not write_mu_: a commit holds it for a whole batch of round trips.
    std::lock_guard lock(epochs_mu_);
    return epochs_.contains(std::string(code));
  }

  int64_t create_game(std::string_view room, const games::Record& header, std::string_view meta) override {
    if (!header.actions.empty()) throw StoreError("store: a new game starts without actions");
    const std::string code(room);
    std::lock_guard lock(write_mu_);
    int64_t id = 0;
    fenced(code, [&] {
      const auto r = write_.run(
          "INSERT INTO games (room, game, rules_version, content_version, setup, meta, created_ms) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
          {code, header.game, str(header.rules_version), header.content_version,
           games::canonical(header.setup.to_json()), std::string(meta), str(now_ms())});
      id = r.integer(0, 0);
    });
    game_room_[id] = code;
    next_seq_[id] = 0;
    return id;
  }

  using Store::append;
  void append(int64_t game, int64_t seq, const games::Action& action,
              std::optional<std::string_view> outcome) override {
    append_grouped(group_, game, seq, action, outcome,
                   [this](std::vector<std::shared_ptr<Pending>>& batch) { commit(batch); });
  }
  void flush() override { group_.flush(); }
  void set_commit_window(std::chrono::microseconds window) override { group_.set_window(window); }
  void append_async(int64_t game, int64_t seq, const games::Action& action,
                    std::optional<std::string_view> outcome,
                    std::shared_ptr<Commitment> commitment) override {
    append_grouped_async(
        group_, game, seq, action, outcome,
        [this](std::vector<std::shared_ptr<Pending>>& batch) { commit(batch); }, std::move(commitment));
  }

  void set_meta(int64_t game, std::string_view meta) override {
    std::lock_guard lock(write_mu_);
    fenced(room_of(game), [&] {
      if (write_.run("UPDATE games SET meta = $1 WHERE id = $2", {std::string(meta), str(game)}).changed() ==
          0) {
        throw StoreError("store: no game " + str(game));
      }
    });
  }

  void finish(int64_t game, std::string_view outcome) override {
    std::lock_guard lock(write_mu_);
    fenced(room_of(game), [&] {
      if (write_
              .run("UPDATE games SET finished = TRUE, outcome = $1, finished_ms = $2 WHERE id = $3",
                   {std::string(outcome), str(now_ms()), str(game)})
              .changed() == 0) {
        throw StoreError("store: no game " + str(game));
      }
    });
  }

  void save_room(const StoredRoom& room) override {
    std::lock_guard lock(write_mu_);
    fenced(room.code, [&] {
      write_.run(
          "INSERT INTO rooms (code, game, meta, game_id, updated_ms) VALUES ($1, $2, $3, $4, $5) "
          "ON CONFLICT (code) DO UPDATE SET game = EXCLUDED.game, meta = EXCLUDED.meta, game_id = "
          "EXCLUDED.game_id, "
          "updated_ms = EXCLUDED.updated_ms",
          {room.code, room.game, room.meta, room.game_id ? Param(str(*room.game_id)) : std::nullopt,
           str(now_ms())});
    });
  }

  void drop_room(std::string_view code) override {
    const std::string c(code);
    std::lock_guard lock(write_mu_);
    fenced(c, [&] {
      write_.run("DELETE FROM rooms WHERE code = $1", {c});
      write_.run("DELETE FROM fences WHERE code = $1", {c});
    });
    {
      std::lock_guard epochs_lock(epochs_mu_);
      epochs_.erase(c);
    }
  }

  std::vector<StoredRoom> rooms() const override {
    std::lock_guard lock(read_mu_);
    const auto r = read_.run("SELECT code, game, meta, game_id, updated_ms FROM rooms ORDER BY code");
    std::vector<StoredRoom> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) out.push_back(room_row(r, i));
    return out;
  }

  std::optional<StoredRoom> room(std::string_view code) const override {
    std::lock_guard lock(read_mu_);
    const auto r = read_.run("SELECT code, game, meta, game_id, updated_ms FROM rooms WHERE code = $1",
                             {std::string(code)});
    if (r.rows() == 0) return std::nullopt;
    return room_row(r, 0);
  }

  void mark_alive(int64_t now) override {
    std::lock_guard lock(read_mu_);
    read_.run(
        "INSERT INTO nodes (name, alive_ms) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET alive_ms = $2",
        {node_, str(now)});
  }

  std::optional<int64_t> alive_before_open() const override { return alive_before_open_; }

  std::vector<StoredGame> unfinished() const override {
    std::vector<int64_t> ids;
    {
      std::lock_guard lock(read_mu_);
      const auto r = read_.run("SELECT id FROM games WHERE NOT finished ORDER BY id");
      for (int i = 0; i < r.rows(); ++i) ids.push_back(r.integer(i, 0));
    }
    std::vector<StoredGame> out;
    for (int64_t id : ids) {
      if (auto g = load(id)) out.push_back(std::move(*g));
    }
    return out;
  }

  std::optional<StoredGame> load(int64_t id) const override {
    std::optional<StoredGame> out;
    {
      std::lock_guard lock(read_mu_);
      const auto g = read_.run(
          "SELECT room, game, rules_version, content_version, setup, meta, finished, outcome, created_ms, "
          "finished_ms FROM games WHERE id = $1",
          {str(id)});
      if (g.rows() == 0) return std::nullopt;
      out.emplace();
      out->id = id;
      out->room = g.text(0, 0);
      out->record.game = g.text(0, 1);
      out->record.rules_version = static_cast<int>(g.integer(0, 2));
      out->record.content_version = g.text(0, 3);
      try {
        out->record.setup = games::Setup::from_json(games::parse_json(g.text(0, 4)));
        out->meta = g.text(0, 5);
        out->finished = g.boolean(0, 6);
        out->outcome = g.is_null(0, 7) ? "" : g.text(0, 7);
        out->created_ms = g.integer(0, 8);
        out->finished_ms = g.is_null(0, 9) ? 0 : g.integer(0, 9);
        const auto a = read_.run("SELECT action FROM actions WHERE game = $1 ORDER BY seq", {str(id)});
        for (int i = 0; i < a.rows(); ++i) {
          out->record.actions.push_back(games::Action::from_json(games::parse_json(a.text(i, 0))));
        }
      } catch (const games::ActionError& e) {
        throw StoreError("store: game " + str(id) + " is unreadable: " + e.error().message);
      }
    }
    std::lock_guard lock(write_mu_);
    game_room_[id] = out->room;
    return out;
  }

  std::vector<GameSummary> recent(std::size_t limit) const override {
    std::lock_guard lock(read_mu_);
    const auto r = read_.run(
        "SELECT g.id, g.room, g.game, g.finished, g.created_ms, "
        "(SELECT COUNT(*) FROM actions a WHERE a.game = g.id) FROM games g ORDER BY g.id DESC LIMIT $1",
        {str(static_cast<int64_t>(limit))});
    std::vector<GameSummary> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back(
          {r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.integer(i, 5), r.boolean(i, 3), r.integer(i, 4)});
    }
    return out;
  }

 private:
  using Pending = PendingAppend;

  static StoredRoom room_row(const Result& r, int i) {
    StoredRoom room{r.text(i, 0), r.text(i, 1), r.text(i, 2), std::nullopt, r.integer(i, 4)};
    if (!r.is_null(i, 3)) room.game_id = r.integer(i, 3);
    return room;
  }

  std::string fenced_error(const std::string& code) const {
    return "store: room " + code + " is now served by another node (fenced)";
  }

  // Runs `write` in a transaction that holds room `code`'s fence row (FOR
  // SHARE) and goes on only if it still holds this node's epoch. write_mu_ held.
  template <class F>
  void fenced(const std::string& code, F&& write) {
    const auto mine = epochs_.find(code);
    if (mine == epochs_.end()) throw StoreError(fenced_error(code));
    try {
      write_.run("BEGIN");
      const auto fence = write_.run("SELECT epoch FROM fences WHERE code = $1 FOR SHARE", {code});
      if (fence.rows() != 1 || fence.integer(0, 0) != mine->second) {
        write_.rollback();
        {
          std::lock_guard epochs_lock(epochs_mu_);
          epochs_.erase(code);
        }
        throw StoreError(fenced_error(code));
      }
      write();
      write_.run("COMMIT");
    } catch (const StoreError&) {
      write_.rollback();
      throw;
    }
  }

  // The room a game belongs to (write_mu_ held).
  std::string room_of(int64_t game) {
    if (const auto it = game_room_.find(game); it != game_room_.end()) return it->second;
    const auto r = write_.run("SELECT room FROM games WHERE id = $1", {str(game)});
    if (r.rows() == 0) throw StoreError("store: no game " + str(game));
    return game_room_[game] = r.text(0, 0);
  }

  // The next seq expected for `game` (read once, then kept; write_mu_ held).
  int64_t& next_seq(int64_t game) {
    if (const auto it = next_seq_.find(game); it != next_seq_.end()) return it->second;
    const auto r = write_.run("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game = $1", {str(game)});
    return next_seq_[game] = r.integer(0, 0);
  }

  void commit(std::vector<std::shared_ptr<Pending>>& batch) {
    std::lock_guard lock(write_mu_);
    try {
      // Each action's room, and the fences of those rooms, held until COMMIT.
      std::map<int64_t, std::string> rooms;
      for (auto& p : batch) {
        try {
          rooms[p->game] = room_of(p->game);
        } catch (const StoreError& e) {
          p->error = e.what();
        }
      }
      write_.run("BEGIN");
      std::set<std::string> codes;
      for (const auto& [game, code] : rooms) codes.insert(code);
      std::string list = "{";
      for (const auto& code : codes) list += (list.size() > 1 ? "," : "") + code;  // codes are letters only
      list += "}";
      const auto fences =
          write_.run("SELECT code, epoch FROM fences WHERE code = ANY($1::text[]) FOR SHARE", {list});
      std::map<std::string, int64_t> current;
      for (int i = 0; i < fences.rows(); ++i) current[fences.text(i, 0)] = fences.integer(i, 1);
      for (auto& p : batch) {
        if (!p->error.empty()) continue;
        const auto& code = rooms[p->game];
        const auto mine = epochs_.find(code);
        const auto now = current.find(code);
        if (mine == epochs_.end() || now == current.end() || now->second != mine->second) {
          p->error = fenced_error(code);
          continue;
        }
        int64_t& next = next_seq(p->game);
        if (p->seq != next) {
          p->error = "store: game " + str(p->game) + " expects action " + str(next) + ", not " + str(p->seq);
          continue;
        }
        write_.run("INSERT INTO actions (game, seq, action) VALUES ($1, $2, $3)",
                   {str(p->game), str(p->seq), p->text});
        if (p->outcome) {
          write_.run("UPDATE games SET finished = TRUE, outcome = $1, finished_ms = $2 WHERE id = $3",
                     {*p->outcome, str(now_ms()), str(p->game)});
        }
        ++next;
      }
      write_.run("COMMIT");
      for (auto& p : batch) {
        if (p->outcome && p->error.empty()) next_seq_.erase(p->game);
        if (p->error.rfind(fenced_error(rooms[p->game]), 0) == 0) {
          std::lock_guard epochs_lock(epochs_mu_);
          epochs_.erase(rooms[p->game]);
        }
      }
    } catch (const StoreError& e) {
      write_.rollback();
      // Rolled back: the counters of this batch's games are read again from
      // the table when next needed (copying the whole map per batch was a
      // measurable share of the server's time under load).
      for (const auto& p : batch) next_seq_.erase(p->game);
      for (auto& p : batch) {
        if (p->error.empty()) p->error = e.what();
      }
    }
  }

  const std::string node_;
  mutable std::mutex write_mu_;
  mutable Connection write_;
  mutable std::mutex read_mu_;
  mutable Connection read_;
  // room → this node's claim: written under write_mu_ and epochs_mu_, read
  // under either (holds_claim takes only epochs_mu_).
  std::map<std::string, int64_t> epochs_;
  mutable std::mutex epochs_mu_;
  std::set<std::string> claimed_once_;                // rooms this process has claimed (write_mu_)
  mutable std::map<int64_t, std::string> game_room_;  // game → room (write_mu_)
  std::map<int64_t, int64_t> next_seq_;               // (write_mu_)
  std::optional<int64_t> alive_before_open_;
  int64_t start_epoch_ = 0;
  GroupCommit<Pending> group_;  // last: its commit thread stops before the connections close
};

}  // namespace

bool is_postgres_url(std::string_view text) {
  return text.starts_with("postgresql://") || text.starts_with("postgres://");
}

std::unique_ptr<Store> open_postgres_store(const std::string& url, const std::string& node) {
  return std::make_unique<PostgresStore>(url, node);
}

}  // namespace logomachie::server
