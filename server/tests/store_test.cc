// The SQLite store: durable appends, restore after a restart (and after
// kill -9), ordering rules, group commit under concurrency.
#include "server/store.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "games/core/registry.h"
#include "games/core/tests/test_support.h"

namespace logomachie::server {
namespace {

namespace fs = std::filesystem;

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("logomachie-store-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path db() const { return dir_ / "var" / "logomachie.db"; }

  static games::Record header(std::string_view game = "wordbank") {
    games::Record r;
    r.game = std::string(game);
    r.rules_version = 1;
    r.content_version = "0123456789abcdef";
    r.setup.players = 2;
    r.setup.seed = 99;
    return r;
  }
  static games::Action pass(int actor, int64_t at) {
    return games::Action::make(actor, at, games::JsonObject{{"type", "pass"}});
  }

  fs::path dir_;
};

TEST_F(StoreTest, AppendsSurviveReopeningAndReplay) {
  const auto& game = games::testing::game("wordbank");
  int64_t id = 0;
  std::vector<games::Action> played;
  {
    auto store = open_sqlite_store(db());  // creates var/ and the file
    auto rec = header();
    rec.content_version = game.info().content_version;
    rec.setup.fixed["first_player"] = 0;
    id = store->create_game("ABCD", rec, R"({"names":["Léa","Robot 1"]})");
    auto state = game.new_state(rec.setup);
    for (int i = 0; i < 3; ++i) {
      const auto a = pass(i % 2, 1000 * i);
      ASSERT_TRUE(state->apply(a).ok());
      store->append(id, i, a);
      played.push_back(a);
    }
  }
  auto store = open_sqlite_store(db());
  const auto games_in_progress = store->unfinished();
  ASSERT_EQ(games_in_progress.size(), 1u);
  const auto& g = games_in_progress[0];
  EXPECT_EQ(g.id, id);
  EXPECT_EQ(g.room, "ABCD");
  EXPECT_EQ(g.meta, R"({"names":["Léa","Robot 1"]})");
  ASSERT_EQ(g.record.actions.size(), 3u);
  for (std::size_t i = 0; i < played.size(); ++i) {
    EXPECT_EQ(games::canonical(g.record.actions[i].to_json()), games::canonical(played[i].to_json()));
  }
  const auto state = games::replay(game, g.record);  // versions and actions check out
  EXPECT_EQ(dynamic_cast<const games::State&>(*state).now(), 2000);
}

TEST_F(StoreTest, ActionsMustComeInOrderAndToAKnownGame) {
  auto store = open_sqlite_store(db());
  const auto id = store->create_game("ROOM", header(), "{}");
  EXPECT_THROW(store->append(id, 1, pass(0, 0)), StoreError);  // 0 expected
  store->append(id, 0, pass(0, 0));
  EXPECT_THROW(store->append(id, 0, pass(0, 0)), StoreError);  // already stored
  EXPECT_THROW(store->append(id + 100, 0, pass(0, 0)), StoreError);
  store->append(id, 1, pass(1, 5));  // the refusals did not disturb the game
  EXPECT_EQ(store->load(id)->record.actions.size(), 2u);
  games::Record with_actions = header();
  with_actions.actions.push_back(pass(0, 0));
  EXPECT_THROW(store->create_game("X", with_actions, "{}"), StoreError);
  EXPECT_FALSE(store->load(id + 100).has_value());
}

TEST_F(StoreTest, FinishedGamesLeaveTheRestoreListButStayReadable) {
  auto store = open_sqlite_store(db());
  const auto a = store->create_game("AAAA", header(), "{}");
  const auto b = store->create_game("BBBB", header("lettralettre"), "{}");
  store->append(a, 0, pass(0, 0));
  store->finish(a, R"({"rank":[1,2]})");
  store->set_meta(b, R"({"locked":true})");
  const auto left = store->unfinished();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].id, b);
  EXPECT_EQ(left[0].meta, R"({"locked":true})");
  const auto done = store->load(a);
  ASSERT_TRUE(done);
  EXPECT_TRUE(done->finished);
  EXPECT_EQ(done->outcome, R"({"rank":[1,2]})");
  EXPECT_GT(done->finished_ms, 0);
  const auto list = store->recent(10);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].id, b);  // most recent first
  EXPECT_EQ(list[1].actions, 1);
  EXPECT_THROW(store->finish(12345, "{}"), StoreError);
}

TEST_F(StoreTest, ConcurrentAppendsAreAllKeptInOrder) {
  auto store = open_sqlite_store(db());
  constexpr int kThreads = 8;
  constexpr int kActions = 150;
  std::vector<int64_t> ids;
  for (int t = 0; t < kThreads; ++t) {
    std::string room = "T";  // (not "T" + to_string: GCC 12 warns falsely about it)
    room += std::to_string(t);
    ids.push_back(store->create_game(room, header(), "{}"));
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kActions; ++i) store->append(ids[static_cast<std::size_t>(t)], i, pass(i % 2, i));
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    const auto g = store->load(ids[static_cast<std::size_t>(t)]);
    ASSERT_EQ(g->record.actions.size(), static_cast<std::size_t>(kActions));
    for (int i = 0; i < kActions; ++i) EXPECT_EQ(g->record.actions[static_cast<std::size_t>(i)].at, i);
  }
}

TEST_F(StoreTest, NothingAcknowledgedIsLostOnKillNine) {
  fs::create_directories(db().parent_path());
  int ack[2];
  ASSERT_EQ(::pipe(ack), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The "server": appends as fast as it can, acknowledging each durable action.
    ::close(ack[0]);
    auto store = open_sqlite_store(db());
    const auto id = store->create_game("KILL", header(), "{}");
    for (int64_t i = 0;; ++i) {
      store->append(id, i, pass(static_cast<int>(i % 2), i));
      const int64_t done = i + 1;
      if (::write(ack[1], &done, sizeof done) != sizeof done) ::_exit(1);
    }
  }
  ::close(ack[1]);
  int64_t acknowledged = 0;
  int64_t v = 0;
  while (acknowledged < 300 && ::read(ack[0], &v, sizeof v) == sizeof v) acknowledged = v;
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  while (::read(ack[0], &v, sizeof v) == sizeof v) acknowledged = v;  // acks sent before the kill
  ::close(ack[0]);
  ASSERT_GE(acknowledged, 300);
  auto store = open_sqlite_store(db());
  const auto left = store->unfinished();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_GE(static_cast<int64_t>(left[0].record.actions.size()), acknowledged);
  for (std::size_t i = 0; i < left[0].record.actions.size(); ++i) {
    ASSERT_EQ(left[0].record.actions[i].at, static_cast<int64_t>(i));  // no hole, no disorder
  }
}

TEST_F(StoreTest, TheWalStaysBoundedWhileTheServerRuns) {
  // 24,000 small actions appended by 8 threads (grouped commits, each a few
  // WAL pages: more than 100 MB of WAL without checkpoints) while the store
  // stays open: the background checkpoints must copy the WAL into the
  // database and let it restart from the beginning.
  auto store = open_sqlite_store(db());
  constexpr int kThreads = 8, kEach = 3000;
  const std::string payload(80, 'x');
  std::vector<int64_t> ids;
  for (int t = 0; t < kThreads; ++t)
    ids.push_back(store->create_game("WAL" + std::to_string(t), header(), "{}"));
  std::uintmax_t largest = 0;
  std::atomic<bool> done = false;
  std::thread watcher([&] {
    while (!done) {
      std::error_code ec;
      largest = std::max(largest, fs::file_size(db().string() + "-wal", ec) * !ec);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
  std::vector<std::thread> writers;
  for (int t = 0; t < kThreads; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        store->append(ids[t], i,
                      games::Action::make(0, i, games::JsonObject{{"type", "word"}, {"word", payload}}));
      }
    });
  }
  for (auto& w : writers) w.join();
  done = true;
  watcher.join();
  EXPECT_LT(largest, 32u << 20) << "the WAL grew to " << largest << " bytes";
  EXPECT_EQ(store->load(ids[3])->record.actions.size(), static_cast<std::size_t>(kEach));
}

TEST_F(StoreTest, RoomsAreSavedReplacedAndDropped) {
  {
    auto store = open_sqlite_store(db());
    store->save_room({"ABCDE", "wordbank", R"({"locked":false})", std::nullopt, 0});
    store->save_room({"FGHJK", "tapecho", "{}", 7, 0});
    store->save_room({"ABCDE", "wordbank", R"({"locked":true})", 3, 0});  // replaced
    store->drop_room("FGHJK");
    store->drop_room("NOPE");  // nothing to drop: no error
  }
  const auto rooms = open_sqlite_store(db())->rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].code, "ABCDE");
  EXPECT_EQ(rooms[0].meta, R"({"locked":true})");
  EXPECT_EQ(rooms[0].game_id, 3);
  EXPECT_GT(rooms[0].updated_ms, 0);
}

TEST_F(StoreTest, AVersionOneFileGainsTheRoomsTable) {
  int64_t id = 0;
  {
    auto store = open_sqlite_store(db());
    id = store->create_game("ABCD", header(), "{}");
    store->append(id, 0, pass(0, 0));
  }
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "DROP TABLE rooms; UPDATE store_info SET value = '1' WHERE key = 'schema'",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  auto store = open_sqlite_store(db());
  EXPECT_TRUE(store->rooms().empty());
  store->save_room({"ABCD", "wordbank", "{}", id, 0});
  EXPECT_EQ(store->rooms().size(), 1u);
  EXPECT_EQ(store->load(id)->record.actions.size(), 1u);
}

TEST_F(StoreTest, AnotherSchemaVersionIsRefused) {
  open_sqlite_store(db());
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(raw, "UPDATE store_info SET value = '99' WHERE key = 'schema'", nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(raw);
  EXPECT_THROW(open_sqlite_store(db()), StoreError);
  EXPECT_THROW(open_sqlite_store("/proc/no/such/dir/x.db"), StoreError);
}

}  // namespace
}  // namespace logomachie::server
