// The cluster's pieces against real servers: the PostgreSQL store (round
// trip, fresh codes, fencing, the previous owner's heartbeat, ordering, group
// commit) and the Redis directory (leases, renewal, expiry, heartbeats).
// They need a PostgreSQL and a Redis: tests/cluster/run.sh (ctest `cluster`)
// starts both and runs them with LOGO_TEST_POSTGRES and LOGO_TEST_REDIS set.
// The plain ctest run leaves them out (server/CMakeLists.txt, TEST_FILTER);
// run by hand without those variables, they skip.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <thread>

#include "server/directory.h"
#include "server/store.h"

namespace logomachie::server {
namespace {

// A code no other run used (tests share the cluster's database).
std::string fresh_code() {
  static std::mt19937_64 rng{std::random_device{}()};
  std::string code = "T";
  for (int i = 0; i < 9; ++i) code += static_cast<char>('A' + rng() % 26);
  return code;
}

games::Record header() {
  games::Record r;
  r.game = "wordbank";
  r.rules_version = 1;
  r.content_version = "0123456789abcdef";
  r.setup.players = 2;
  r.setup.seed = 7;
  return r;
}

games::Action pass(int64_t at) {
  return games::Action::make(0, at, games::JsonObject{{"type", "pass"}});
}

class PostgresStore : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* url = std::getenv("LOGO_TEST_POSTGRES");
    if (!url) GTEST_SKIP() << "needs LOGO_TEST_POSTGRES (run by tests/cluster/run.sh)";
    url_ = url;
  }
  std::unique_ptr<Store> open(const std::string& node) { return open_postgres_store(url_, node); }
  std::string url_;
};

TEST_F(PostgresStore, KeepsGamesActionsAndRooms) {
  auto store = open("t-a");
  const auto code = fresh_code();
  ASSERT_TRUE(store->claim_room(code, true));
  const int64_t id = store->create_game(code, header(), R"({"seats":[]})");
  store->append(id, 0, pass(10));
  store->append(id, 1, pass(20), std::string_view(R"({"winner":0})"));
  store->save_room({code, "wordbank", R"({"m":1})", id, 0});
  const auto game = store->load(id);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->room, code);
  ASSERT_EQ(game->record.actions.size(), 2u);
  EXPECT_EQ(game->record.actions[1].at, 20);
  EXPECT_TRUE(game->finished);
  EXPECT_EQ(game->outcome, R"({"winner":0})");
  const auto room = store->room(code);
  ASSERT_TRUE(room);
  EXPECT_EQ(room->meta, R"({"m":1})");
  EXPECT_EQ(room->game_id, id);
  store->drop_room(code);
  EXPECT_FALSE(store->room(code));
}

TEST_F(PostgresStore, AFreshCodeIsNeverGivenTwice) {
  auto a = open("t-a");
  auto b = open("t-b");
  const auto code = fresh_code();
  ASSERT_TRUE(a->claim_room(code, true));
  EXPECT_FALSE(b->claim_room(code, true));
  EXPECT_FALSE(a->claim_room(code, true));
}

// The heart of it: once another node claimed the room, nothing the old owner
// writes about it lands, whatever the kind of write.
TEST_F(PostgresStore, AStaleOwnerCannotWriteAfterATakeover) {
  auto a = open("t-a");
  auto b = open("t-b");
  const auto code = fresh_code();
  const auto first = a->claim_room(code, true);
  ASSERT_TRUE(first);
  const int64_t id = a->create_game(code, header(), "{}");
  a->append(id, 0, pass(1));
  a->save_room({code, "wordbank", "{}", id, 0});
  const auto second = b->claim_room(code, false);
  ASSERT_TRUE(second);
  EXPECT_GT(second->epoch, first->epoch);
  EXPECT_TRUE(a->holds_claim(code));  // a does not know yet…
  EXPECT_THROW(a->append(id, 1, pass(2)), StoreError);
  EXPECT_FALSE(a->holds_claim(code));  // …until a write of its is fenced (Lobby::roll_back lets the room go)
  EXPECT_TRUE(b->holds_claim(code));
  EXPECT_THROW(a->save_room({code, "wordbank", R"({"stale":true})", id, 0}), StoreError);
  EXPECT_THROW(a->set_meta(id, R"({"stale":true})"), StoreError);
  EXPECT_THROW(a->finish(id, "{}"), StoreError);
  EXPECT_THROW(a->create_game(code, header(), "{}"), StoreError);
  EXPECT_THROW(a->drop_room(code), StoreError);
  // The new owner goes on from where the log stands.
  b->load(id);
  b->append(id, 1, pass(3));
  const auto game = b->load(id);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->record.actions.size(), 2u);
  EXPECT_EQ(game->record.actions[1].at, 3);
  EXPECT_EQ(b->room(code)->meta, "{}");
  // Taking it back works the same way.
  ASSERT_TRUE(a->claim_room(code, false));
  EXPECT_THROW(b->append(id, 2, pass(4)), StoreError);
  a->append(id, 2, pass(5));
  EXPECT_EQ(a->load(id)->record.actions.size(), 3u);
}

TEST_F(PostgresStore, ATakeoverKnowsWhenThePreviousOwnerLastBeat) {
  auto a = open("t-beat-a");
  auto b = open("t-beat-b");
  const auto code = fresh_code();
  ASSERT_TRUE(a->claim_room(code, true));
  a->mark_alive(1'700'000'000'000);
  const auto claim = b->claim_room(code, false);
  ASSERT_TRUE(claim);
  ASSERT_TRUE(claim->previous_alive_ms);
  EXPECT_EQ(*claim->previous_alive_ms, 1'700'000'000'000);
  // Its own room again: nobody else's clock to account for.
  const auto again = b->claim_room(code, false);
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->previous_alive_ms);
}

TEST_F(PostgresStore, RefusesActionsOutOfOrder) {
  auto store = open("t-a");
  const auto code = fresh_code();
  ASSERT_TRUE(store->claim_room(code, true));
  const int64_t id = store->create_game(code, header(), "{}");
  EXPECT_THROW(store->append(id, 1, pass(1)), StoreError);
  store->append(id, 0, pass(1));
  EXPECT_THROW(store->append(id, 0, pass(2)), StoreError);
  EXPECT_EQ(store->load(id)->record.actions.size(), 1u);
}

TEST_F(PostgresStore, GroupsConcurrentAppends) {
  auto store = open("t-a");
  constexpr int kThreads = 8, kEach = 40;
  std::vector<int64_t> ids;
  for (int t = 0; t < kThreads; ++t) {
    const auto code = fresh_code();
    ASSERT_TRUE(store->claim_room(code, true));
    ids.push_back(store->create_game(code, header(), "{}"));
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) store->append(ids[static_cast<std::size_t>(t)], i, pass(i));
    });
  }
  for (auto& th : threads) th.join();
  for (const auto id : ids) {
    const auto game = store->load(id);
    ASSERT_EQ(game->record.actions.size(), static_cast<std::size_t>(kEach));
    for (int i = 0; i < kEach; ++i) EXPECT_EQ(game->record.actions[static_cast<std::size_t>(i)].at, i);
  }
}

class RedisDirectory : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* url = std::getenv("LOGO_TEST_REDIS");
    if (!url) GTEST_SKIP() << "needs LOGO_TEST_REDIS (run by tests/cluster/run.sh)";
    url_ = url;
  }
  std::unique_ptr<Directory> open(const std::string& node, int64_t lease_ms = 3000) {
    return open_redis_directory(url_, node, lease_ms);
  }
  std::string url_;
};

TEST_F(RedisDirectory, OneHolderPerRoom) {
  auto a = open("d-a");
  auto b = open("d-b");
  const auto code = fresh_code();
  EXPECT_FALSE(a->acquire(code));  // ours
  EXPECT_FALSE(a->acquire(code));  // still ours
  EXPECT_EQ(b->acquire(code), "d-a");
  EXPECT_TRUE(a->renew({code}).empty());
  EXPECT_EQ(b->renew({code}), std::vector<std::string>{code});
  b->release(code);  // not b's to release
  EXPECT_EQ(b->acquire(code), "d-a");
  a->release(code);
  EXPECT_FALSE(b->acquire(code));
  EXPECT_EQ(a->renew({code}), std::vector<std::string>{code});
}

TEST_F(RedisDirectory, ALeaseNotRenewedExpires) {
  auto a = open("d-short-a", 300);
  auto b = open("d-short-b", 300);
  const auto code = fresh_code();
  EXPECT_FALSE(a->acquire(code));
  a->beat();
  EXPECT_TRUE(b->alive("d-short-a"));
  EXPECT_EQ(b->acquire(code), "d-short-a");
  std::this_thread::sleep_for(std::chrono::milliseconds(450));
  EXPECT_FALSE(b->alive("d-short-a"));
  EXPECT_FALSE(b->acquire(code));
  EXPECT_EQ(a->renew({code}), std::vector<std::string>{code});
}

TEST_F(RedisDirectory, ARenewalTakesBackWhatNobodyTook) {
  // After a Redis restart every lease is gone: the owners renew them from nothing.
  auto a = open("d-a");
  const auto code = fresh_code();
  a->release(code);
  EXPECT_TRUE(a->renew({code}).empty());
  auto b = open("d-b");
  EXPECT_EQ(b->acquire(code), "d-a");
}

TEST(RedisDirectoryUrl, BadUrlsAreRefused) {
  EXPECT_THROW(open_redis_directory("http://127.0.0.1:6379", "n", 1000), DirectoryError);
  EXPECT_THROW(open_redis_directory("redis://127.0.0.1:notaport", "n", 1000), DirectoryError);
  // Nothing listens there: a clear error, not a hang.
  EXPECT_THROW(open_redis_directory("redis://127.0.0.1:1", "n", 1000), DirectoryError);
}

TEST(PostgresStoreUrl, AnUnreachableServerIsAStoreError) {
  EXPECT_THROW(open_postgres_store("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2", "n"),
               StoreError);
  EXPECT_TRUE(is_postgres_url("postgresql://a@b/c"));
  EXPECT_TRUE(is_postgres_url("postgres://a@b/c"));
  EXPECT_FALSE(is_postgres_url("var/logomachie.db"));
}

}  // namespace
}  // namespace logomachie::server
