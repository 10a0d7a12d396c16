// SQLite implementation of Store (see store.h), with leader-based group
// commit (server/group_commit.h): one transaction and one WAL sync per batch
// of appends.
#include <sqlite3.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include "server/group_commit.h"
#include "server/store.h"

namespace logomachie::server {
namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// 1: games and actions. 2: rooms (opening a version 1 file adds the table).
constexpr int kSchemaVersion = 2;

// WAL frames (one page each, 4 KiB) beyond which the checkpointer restarts
// the WAL even if writers must wait a moment (see checkpoint_loop).
constexpr int kRestartFrames = 1024;

constexpr const char* kSchema = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = FULL;
CREATE TABLE IF NOT EXISTS store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  room TEXT NOT NULL,
  game TEXT NOT NULL,
  rules_version INTEGER NOT NULL,
  content_version TEXT NOT NULL,
  setup TEXT NOT NULL,
  meta TEXT NOT NULL,
  finished INTEGER NOT NULL DEFAULT 0,
  outcome TEXT,
  created_ms INTEGER NOT NULL,
  finished_ms INTEGER
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games (finished);
CREATE TABLE IF NOT EXISTS actions (
  game INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  meta TEXT NOT NULL,
  game_id INTEGER,
  updated_ms INTEGER NOT NULL
);
)sql";

// A prepared statement, finalised on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
      throw StoreError(std::string("store: cannot prepare statement: ") + sqlite3_errmsg(db));
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, int64_t v) {
    check(sqlite3_bind_int64(stmt_, i, v));
    return *this;
  }
  Statement& bind(int i, std::string_view v) {
    check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
    return *this;
  }
  bool step() {  // true: a row is available
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(std::string("store: ") + sqlite3_errmsg(db_));
  }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
  }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) throw StoreError(std::string("store: cannot bind: ") + sqlite3_errmsg(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(const std::filesystem::path& path) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
      const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("store: cannot open " + path.string() + ": " + why);
    }
    try {
      sqlite3_busy_timeout(db_, 5000);
      exec(kSchema);
      check_schema(path);
      // Checkpoints (copying the WAL into the database, with its own fsync)
      // run on a thread of their own instead of inside whichever append
      // crosses the threshold: appends never wait for one
      // (docs/benchmarks.md, server load).
      exec("PRAGMA wal_autocheckpoint = 0");
      exec("PRAGMA journal_size_limit = 8388608");  // a restarted WAL shrinks back to 8 MiB at most
      if (sqlite3_open_v2(path.c_str(), &checkpoint_db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                          nullptr) != SQLITE_OK) {
        throw StoreError("store: cannot open " + path.string() + " for checkpoints");
      }
      sqlite3_busy_timeout(checkpoint_db_, 5000);
      // The heartbeat is written on this connection, without a sync.
      sqlite3_exec(checkpoint_db_, "PRAGMA synchronous = NORMAL", nullptr, nullptr, nullptr);
      Statement alive(db_, "SELECT value FROM store_info WHERE key = 'alive_ms'");
      if (alive.step()) alive_before_open_ = std::stoll(alive.text(0));
    } catch (...) {
      sqlite3_close(checkpoint_db_);
      sqlite3_close(db_);  // the destructor does not run for a half-built object
      throw;
    }
    checkpointer_ = std::thread([this] { checkpoint_loop(); });
  }

  // Every 100 ms, a PASSIVE checkpoint (never blocks writers). Under a
  // steady stream of appends a passive checkpoint never catches up with the
  // writers, and the WAL restarts from its beginning only once it has been
  // copied whole; so when the WAL holds more than kRestartFrames, a RESTART
  // checkpoint follows with the writers held back (db_mu_): it only copies
  // what was written since the passive one, and the next commit starts the
  // WAL over (journal_size_limit truncates the file back). Appends wait for
  // it once in a while, instead of the WAL (and the time to recover it after
  // a crash) growing without end. On close, one last TRUNCATE.
  void checkpoint_loop() {
    // A connection opens the WAL on its first read; until then every
    // checkpoint it asks for is a silent no-op.
    sqlite3_exec(checkpoint_db_, "SELECT COUNT(*) FROM store_info", nullptr, nullptr, nullptr);
    std::unique_lock lock(stop_mu_);
    while (!stop_cv_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_; })) {
      std::lock_guard connection(checkpoint_mu_);
      int frames = 0, copied = 0;
      const int rc =
          sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &frames, &copied);
      if (rc == SQLITE_OK && frames > kRestartFrames) {
        std::lock_guard writers(db_mu_);
        sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_RESTART, &frames, &copied);
      }
    }
  }

  void check_schema(const std::filesystem::path& path) {
    std::string found;
    {
      Statement version(db_, "SELECT value FROM store_info WHERE key = 'schema'");
      if (version.step()) found = version.text(0);
    }
    if (found == "1") {  // the rooms table was just created by kSchema
      exec("UPDATE store_info SET value = '" + std::to_string(kSchemaVersion) + "' WHERE key = 'schema'");
    } else if (found.empty()) {
      exec("INSERT INTO store_info (key, value) VALUES ('schema', '" + std::to_string(kSchemaVersion) + "')");
    } else if (found != std::to_string(kSchemaVersion)) {
      throw StoreError("store: " + path.string() + " has schema " + found + ", this program writes " +
                       std::to_string(kSchemaVersion));
    }
  }

  ~SqliteStore() override {
    group_.stop();  // queued appends commit before the connection closes
    {
      std::lock_guard lock(stop_mu_);
      stopping_ = true;
    }
    stop_cv_.notify_all();
    checkpointer_.join();
    insert_.reset();  // finalised before their connection closes
    finish_.reset();
    sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    sqlite3_close(checkpoint_db_);
    sqlite3_close(db_);
  }

  int64_t create_game(std::string_view room, const games::Record& header, std::string_view meta) override {
    if (!header.actions.empty()) throw StoreError("store: a new game starts without actions");
    int64_t id = 0;
    grouped([&] {
      Statement s(db_,
                  "INSERT INTO games (room, game, rules_version, content_version, setup, meta, created_ms) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)");
      s.bind(1, room)
          .bind(2, header.game)
          .bind(3, int64_t{header.rules_version})
          .bind(4, header.content_version);
      s.bind(5, games::canonical(header.setup.to_json())).bind(6, meta).bind(7, now_ms());
      s.step();
      id = sqlite3_last_insert_rowid(db_);
    });
    std::lock_guard lock(db_mu_);
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
    grouped([&] {
      Statement s(db_, "UPDATE games SET meta = ? WHERE id = ?");
      s.bind(1, meta).bind(2, game);
      s.step();
      if (sqlite3_changes(db_) == 0) throw StoreError("store: no game " + std::to_string(game));
    });
  }

  void finish(int64_t game, std::string_view outcome) override {
    grouped([&] {
      Statement s(db_, "UPDATE games SET finished = 1, outcome = ?, finished_ms = ? WHERE id = ?");
      s.bind(1, outcome).bind(2, now_ms()).bind(3, game);
      s.step();
      if (sqlite3_changes(db_) == 0) throw StoreError("store: no game " + std::to_string(game));
    });
  }

  void save_room(const StoredRoom& room) override {
    grouped([&] { write_room(room); });
  }
  void save_room_async(const StoredRoom& room, std::shared_ptr<Commitment> commitment) override {
    auto entry = std::make_shared<Pending>();
    entry->op = [this, room] { write_room(room); };
    group_.submit_async(
        entry, [this](std::vector<std::shared_ptr<Pending>>& batch) { commit(batch); },
        [commitment = std::move(commitment)](Pending& done) {
          commitment->settle(done.error.empty(), done.error);
        });
  }

  void drop_room(std::string_view code) override {
    grouped([&] {
      Statement s(db_, "DELETE FROM rooms WHERE code = ?");
      s.bind(1, code);
      s.step();
    });
  }

  std::vector<StoredRoom> rooms() const override {
    std::lock_guard lock(db_mu_);
    Statement s(db_, "SELECT code, game, meta, game_id, updated_ms FROM rooms ORDER BY code");
    std::vector<StoredRoom> out;
    while (s.step()) {
      StoredRoom r{s.text(0), s.text(1), s.text(2), std::nullopt, s.integer(4)};
      if (!s.is_null(3)) r.game_id = s.integer(3);
      out.push_back(std::move(r));
    }
    return out;
  }

  void mark_alive(int64_t now_ms) override {
    std::lock_guard connection(checkpoint_mu_);
    Statement s(checkpoint_db_,
                "INSERT INTO store_info (key, value) VALUES ('alive_ms', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    s.bind(1, std::to_string(now_ms));
    s.step();
  }

  std::optional<int64_t> alive_before_open() const override { return alive_before_open_; }

  std::vector<StoredGame> unfinished() const override {
    std::lock_guard lock(db_mu_);
    std::vector<int64_t> ids;
    Statement s(db_, "SELECT id FROM games WHERE finished = 0 ORDER BY id");
    while (s.step()) ids.push_back(s.integer(0));
    std::vector<StoredGame> out;
    out.reserve(ids.size());
    for (int64_t id : ids) out.push_back(read_game(id).value());
    return out;
  }

  std::optional<StoredGame> load(int64_t game) const override {
    std::lock_guard lock(db_mu_);
    return read_game(game);
  }

  std::vector<GameSummary> recent(std::size_t limit) const override {
    std::lock_guard lock(db_mu_);
    Statement s(
        db_,
        "SELECT g.id, g.room, g.game, g.finished, g.created_ms, "
        "(SELECT COUNT(*) FROM actions a WHERE a.game = g.id) FROM games g ORDER BY g.id DESC LIMIT ?");
    s.bind(1, static_cast<int64_t>(limit));
    std::vector<GameSummary> out;
    while (s.step()) {
      out.push_back({s.integer(0), s.text(1), s.text(2), s.integer(5), s.integer(3) != 0, s.integer(4)});
    }
    return out;
  }

 private:
  using Pending = PendingAppend;

  void exec(const std::string& sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      const std::string why = err ? err : "unknown error";
      sqlite3_free(err);
      throw StoreError("store: " + why);
    }
  }

  // The next seq expected for `game` (read once, then kept in memory).
  int64_t& next_seq(int64_t game) {
    auto it = next_seq_.find(game);
    if (it != next_seq_.end()) return it->second;
    Statement s(db_,
                "SELECT (SELECT COUNT(*) FROM games WHERE id = ?1), COALESCE(MAX(seq) + 1, 0) FROM actions "
                "WHERE game = ?1");
    s.bind(1, game);
    s.step();
    if (s.integer(0) == 0) throw StoreError("store: no game " + std::to_string(game));
    return next_seq_[game] = s.integer(1);
  }

  void write_room(const StoredRoom& room) {
    Statement s(
        db_, "INSERT OR REPLACE INTO rooms (code, game, meta, game_id, updated_ms) VALUES (?, ?, ?, ?, ?)");
    s.bind(1, room.code).bind(2, room.game).bind(3, room.meta).bind(5, now_ms());
    if (room.game_id) s.bind(4, *room.game_id);
    s.step();
  }

  // Runs `op` (statements on db_, db_mu_ held) inside the next group
  // commit's transaction and returns once it is durable: every write shares
  // the batch's one sync instead of paying its own (a game dealt, a room
  // saved). Throws StoreError if it, or its batch, failed.
  void grouped(std::function<void()> op) {
    auto entry = std::make_shared<Pending>();
    entry->op = std::move(op);
    group_.submit(entry, [this](std::vector<std::shared_ptr<Pending>>& batch) { commit(batch); });
    if (!entry->error.empty()) throw StoreError(entry->error);
  }

  void commit(std::vector<std::shared_ptr<Pending>>& batch) {
    std::lock_guard lock(db_mu_);
    try {
      exec("BEGIN IMMEDIATE");
      // Prepared once, kept for the store's life.
      if (!insert_) insert_.emplace(db_, "INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)");
      if (!finish_)
        finish_.emplace(db_, "UPDATE games SET finished = 1, outcome = ?, finished_ms = ? WHERE id = ?");
      Statement& insert = *insert_;
      Statement& finish = *finish_;
      for (auto& p : batch) {
        if (p->op) {  // another write (a new game, a room…): one statement, its own error
          try {
            p->op();
          } catch (const StoreError& e) {
            p->error = e.what();
          }
          continue;
        }
        int64_t* next = nullptr;
        try {
          next = &next_seq(p->game);
        } catch (const StoreError& e) {
          p->error = e.what();
          continue;
        }
        if (p->seq != *next) {
          p->error = "store: game " + std::to_string(p->game) + " expects action " + std::to_string(*next) +
                     ", not " + std::to_string(p->seq);
          continue;
        }
        insert.bind(1, p->game).bind(2, p->seq).bind(3, p->text);
        insert.step();
        insert.reset();
        if (p->outcome) {
          finish.bind(1, *p->outcome).bind(2, now_ms()).bind(3, p->game);
          finish.step();
          finish.reset();
        }
        ++*next;
      }
      exec("COMMIT");
      // A finished game takes no more actions: forget its counter (read
      // again from the table if ever needed), so the map holds live games only.
      for (auto& p : batch) {
        if (p->outcome && p->error.empty()) next_seq_.erase(p->game);
      }
    } catch (const StoreError& e) {
      if (insert_) insert_->reset();  // a failed step leaves them mid-way
      if (finish_) finish_->reset();
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      // Rolled back: the counters of this batch's games are read again from
      // the table when next needed (copying the whole map per batch was a
      // measurable share of the server's time under load).
      for (const auto& p : batch) next_seq_.erase(p->game);
      for (auto& p : batch) {
        if (p->error.empty()) p->error = e.what();
      }
    }
  }

  std::optional<StoredGame> read_game(int64_t id) const {
    Statement g(
        db_,
        "SELECT room, game, rules_version, content_version, setup, meta, finished, outcome, created_ms, "
        "finished_ms FROM games WHERE id = ?");
    g.bind(1, id);
    if (!g.step()) return std::nullopt;
    StoredGame out;
    out.id = id;
    out.room = g.text(0);
    out.record.game = g.text(1);
    out.record.rules_version = static_cast<int>(g.integer(2));
    out.record.content_version = g.text(3);
    try {
      out.record.setup = games::Setup::from_json(games::parse_json(g.text(4)));
      out.meta = g.text(5);
      out.finished = g.integer(6) != 0;
      out.outcome = g.text(7);
      out.created_ms = g.integer(8);
      out.finished_ms = g.integer(9);
      Statement a(db_, "SELECT action FROM actions WHERE game = ? ORDER BY seq");
      a.bind(1, id);
      while (a.step()) out.record.actions.push_back(games::Action::from_json(games::parse_json(a.text(0))));
    } catch (const games::ActionError& e) {
      throw StoreError("store: game " + std::to_string(id) + " is unreadable: " + e.error().message);
    }
    return out;
  }

  sqlite3* db_ = nullptr;
  mutable std::mutex db_mu_;  // one connection, used by one thread at a time
  std::map<int64_t, int64_t> next_seq_;
  GroupCommit<Pending> group_;
  std::optional<Statement> insert_, finish_;  // the commit's statements (db_mu_)
  sqlite3* checkpoint_db_ = nullptr;          // a second connection: checkpoints and the heartbeat
  std::mutex checkpoint_mu_;                  // one user of checkpoint_db_ at a time
  std::optional<int64_t> alive_before_open_;
  std::thread checkpointer_;
  std::mutex stop_mu_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
};

}  // namespace

std::unique_ptr<Store> open_sqlite_store(const std::filesystem::path& path) {
  return std::make_unique<SqliteStore>(path);
}

}  // namespace logomachie::server
