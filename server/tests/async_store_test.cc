// The asynchronous store (the server's mode): appends settle in the order
// they were queued; a room applies an action at once while what it sends
// about it waits for the disk; a lost append rolls the room back with
// everything played after it; and the transport's settle() lets nothing out
// of order or unrecorded.
#include <gtest/gtest.h>
#include <unistd.h>

#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include "games/core/tests/test_support.h"
#include "server/hub.h"
#include "server/lobby.h"
#include "server/room.h"
#include "server/tests/forwarding_store.h"

namespace logomachie::server {
namespace {

namespace fs = std::filesystem;

class AsyncStore : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ =
        fs::temp_directory_path() / ("logomachie-async-" + std::to_string(::getpid()) + "-" +
                                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    remove_files();
    store_ = open_sqlite_store(path_);
  }
  void TearDown() override {
    store_.reset();
    remove_files();
  }
  void remove_files() {
    fs::remove(path_);
    fs::remove(path_.string() + "-wal");
    fs::remove(path_.string() + "-shm");
  }
  int64_t new_game() {
    games::Record header;
    header.game = "wordbank";
    header.setup.players = 2;
    return store_->create_game("ROOM", header, "{}");
  }
  static games::Action pass(int64_t at) { return games::Action::make(0, at, {{"type", "pass"}}); }

  fs::path path_;
  std::unique_ptr<Store> store_;
};

TEST_F(AsyncStore, AppendsSettleInQueueOrderDurableAndSurviveReopening) {
  constexpr int kThreads = 4, kEach = 150;
  std::vector<int64_t> games;
  for (int t = 0; t < kThreads; ++t) games.push_back(new_game());
  std::mutex mu;
  std::vector<int> settled;  // queue numbers, in the order they settled
  std::vector<std::shared_ptr<Commitment>> all(kThreads * kEach);
  std::mutex queue_mu;  // numbers the appends in the order they are queued
  int queued = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        auto c = std::make_shared<Commitment>();
        std::lock_guard q(queue_mu);
        const int n = queued++;
        all[static_cast<std::size_t>(n)] = c;
        c->when_settled([&, n](bool, const std::string&) {
          std::lock_guard lock(mu);
          settled.push_back(n);
        });
        store_->append_async(games[static_cast<std::size_t>(t)], i, pass(i), std::nullopt, c);
      }
    });
  }
  for (auto& th : threads) th.join();
  store_->flush();
  ASSERT_EQ(settled.size(), all.size());
  for (std::size_t i = 0; i < settled.size(); ++i) EXPECT_EQ(settled[i], static_cast<int>(i));
  for (const auto& c : all) EXPECT_TRUE(c->durable()) << c->error();
  store_.reset();
  store_ = open_sqlite_store(path_);
  for (const auto g : games)
    EXPECT_EQ(store_->load(g)->record.actions.size(), static_cast<std::size_t>(kEach));
}

TEST_F(AsyncStore, AnAppendOutOfOrderIsLostAloneWithItsReason) {
  const auto g = new_game();
  auto first = std::make_shared<Commitment>(), gap = std::make_shared<Commitment>(),
       second = std::make_shared<Commitment>();
  store_->append_async(g, 0, pass(0), std::nullopt, first);
  store_->append_async(g, 5, pass(1), std::nullopt, gap);  // seq 1 expected
  store_->append_async(g, 1, pass(2), std::nullopt, second);
  EXPECT_TRUE(first->wait());
  EXPECT_FALSE(gap->wait());
  EXPECT_NE(gap->error().find("expects action 1"), std::string::npos) << gap->error();
  EXPECT_TRUE(second->wait());
  EXPECT_EQ(store_->load(g)->record.actions.size(), 2u);
}

// The SQLite store behind a gate: asynchronous appends wait in a queue
// until the test lets them through (durable) or fails them (lost, nothing
// written), oldest first.
class GatedStore final : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  struct Held {
    int64_t game, seq;
    games::Action action;
    std::optional<std::string> outcome;
    std::shared_ptr<Commitment> commitment;
    std::optional<StoredRoom> room;  // a room's save instead of an action
  };
  std::deque<Held> held;
  // The oldest held append: written (`durable`) or failed.
  void release(bool durable) {
    auto h = std::move(held.front());
    held.pop_front();
    if (!durable) {
      h.commitment->settle(false, "store: disk full (test)");
      return;
    }
    try {
      if (h.room) {
        inner_.save_room(*h.room);
      } else {
        inner_.append(h.game, h.seq, h.action, h.outcome);
      }
      h.commitment->settle(true);
    } catch (const StoreError& e) {
      h.commitment->settle(false, e.what());
    }
  }

  void append_async(int64_t game, int64_t seq, const games::Action& action,
                    std::optional<std::string_view> outcome,
                    std::shared_ptr<Commitment> commitment) override {
    held.push_back({game, seq, action, outcome ? std::optional<std::string>(*outcome) : std::nullopt,
                    std::move(commitment), std::nullopt});
  }
  void save_room_async(const StoredRoom& room, std::shared_ptr<Commitment> commitment) override {
    held.push_back({0, 0, {}, std::nullopt, std::move(commitment), room});
  }
  // As a cluster store after a fenced write: another node claimed the rooms.
  bool claim_lost = false;
  bool holds_claim(std::string_view code) const override { return !claim_lost && inner_.holds_claim(code); }
};

// A cluster's directory where this node holds every lease it asks for.
class OneNodeDirectory final : public Directory {
 public:
  std::vector<std::string> released;
  const std::string& node() const override { return node_; }
  std::optional<std::string> acquire(std::string_view /*code*/) override { return std::nullopt; }
  std::vector<std::string> renew(const std::vector<std::string>& /*codes*/) override { return {}; }
  void release(std::string_view code) override { released.emplace_back(code); }
  void beat() override {}
  bool alive(std::string_view /*node*/) override { return true; }
  std::vector<std::pair<std::string, std::string>> share(std::string_view /*snapshot*/) override {
    return {};
  }
  int64_t lease_ms() const override { return 3000; }

 private:
  std::string node_ = "n1";
};

// A Word Bank room of two people on the gated store, asynchronous, started.
struct GatedRoom {
  explicit GatedRoom(Store& inner) : gated(inner), room("GATE", games::testing::game("wordbank"), gated, 11) {
    room.set_async_store([this](const std::shared_ptr<Commitment>&) { ++lost_calls; });
    a = room.join("A").id;
    b = room.join("B").id;
    room.take_seat(a, 0);
    room.take_seat(b, 1);
    EXPECT_FALSE(room.start(a, 0));
  }
  // The member whose turn it is passes.
  std::vector<Outgoing> pass(int64_t now_ms) {
    const auto seat = room.state()->to_act().front();
    return room.act(seat == 0 ? a : b, room.version(), {{"type", "pass"}}, now_ms);
  }
  GatedStore gated;
  Room room;
  MemberId a = 0, b = 0;
  int lost_calls = 0;
};

bool has_type(const std::vector<Outgoing>& out, std::string_view type) {
  return std::any_of(out.begin(), out.end(),
                     [&](const Outgoing& o) { return o.message.as_object().at("type").as_string() == type; });
}

TEST_F(AsyncStore, ARoomGoesOnAtOnceAndItsActionIsPendingUntilDurable) {
  GatedRoom g(*store_);
  EXPECT_EQ(g.room.pending(), nullptr);
  const auto out = g.pass(1000);
  EXPECT_TRUE(has_type(out, "view"));
  EXPECT_EQ(g.room.version(), 1);  // applied at once…
  ASSERT_EQ(g.gated.held.size(), 1u);
  auto first = g.room.pending();  // …and what it sends waits for this
  ASSERT_NE(first, nullptr);
  EXPECT_FALSE(first->settled());
  g.pass(2000);  // the next player acts on the position before it is durable
  EXPECT_EQ(g.room.version(), 2);
  EXPECT_NE(g.room.pending(), first);  // messages now wait for the later one
  g.gated.release(true);
  EXPECT_TRUE(first->durable());
  EXPECT_NE(g.room.pending(), nullptr);
  g.gated.release(true);
  EXPECT_EQ(g.room.pending(), nullptr);
  EXPECT_EQ(store_->load(*g.room.game_id())->record.actions.size(), 2u);
  EXPECT_EQ(g.lost_calls, 0);
}

TEST_F(AsyncStore, ARoomsMessagesWaitForItsSaveButALostSaveHoldsNothingBack) {
  GatedRoom g(*store_);
  g.room.save();  // a seat changed, say
  auto save = g.room.pending();
  ASSERT_NE(save, nullptr);  // the summary that goes with it waits for the save
  g.gated.release(true);
  EXPECT_TRUE(save->durable());
  EXPECT_EQ(g.room.pending(), nullptr);
  EXPECT_TRUE(store_->room("GATE").has_value());
  g.room.save();
  g.gated.release(false);                // the save fails: logged, saved again next time…
  EXPECT_EQ(g.room.pending(), nullptr);  // …and nothing waits for it
  EXPECT_EQ(g.lost_calls, 0);            // no rollback for a room's row
  // A save queued behind a lost action stands for it: its messages show the action.
  g.pass(1000);
  g.room.save();
  auto marker = g.room.pending();
  g.gated.release(false);
  g.gated.release(true);
  EXPECT_TRUE(marker->lost());
}

TEST_F(AsyncStore, ALostGameEndMeansTheGameGoesOnInsteadOfANewDeal) {
  GatedRoom g(*store_);
  int64_t now = 0;
  for (int guard = 0; guard < 400 && !g.room.state()->is_terminal(); ++guard) {
    g.pass(now += 1000);
    if (!g.room.state()->is_terminal()) g.gated.release(true);
  }
  ASSERT_TRUE(g.room.state()->is_terminal());
  const auto first = *g.room.game_id();
  const auto version = g.room.version();
  g.gated.release(false);  // the last move and the game's end are lost
  const auto refused = g.room.start(g.a, now += 1000);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->code, "store_failed");
  EXPECT_EQ(*g.room.game_id(), first);  // the same game, one move back
  EXPECT_EQ(g.room.version(), version - 1);
  EXPECT_FALSE(g.room.state()->is_terminal());
  // The deal's row was written but is never brought back by a restart.
  for (const auto& stored : store_->unfinished()) EXPECT_EQ(stored.id, first);
}

TEST_F(AsyncStore, ALostAppendRollsTheRoomBackWithEverythingPlayedAfterIt) {
  GatedRoom g(*store_);
  g.pass(1000);
  g.gated.release(true);  // version 1 is durable
  const auto durable_state = games::canonical(g.room.state()->serialize());
  g.pass(2000);
  g.pass(3000);
  g.pass(4000);
  ASSERT_EQ(g.room.version(), 4);
  g.gated.release(false);  // the store loses version 2's append…
  EXPECT_EQ(g.lost_calls, 1);
  g.gated.release(false);  // …and so the ones after it (out of order in a real store)
  const auto views = g.room.roll_back();
  EXPECT_TRUE(has_type(views, "view"));  // everyone sees the position again
  EXPECT_EQ(g.room.version(), 1);
  EXPECT_EQ(games::canonical(g.room.state()->serialize()), durable_state);
  EXPECT_TRUE(g.room.roll_back().empty());  // a second call finds nothing left to undo
  g.gated.release(false);
  EXPECT_TRUE(g.room.roll_back().empty());
  // Play resumes from the durable position: the next pass is action 1 again.
  EXPECT_TRUE(has_type(g.pass(5000), "view"));
  ASSERT_EQ(g.gated.held.size(), 1u);
  EXPECT_EQ(g.gated.held.front().seq, 1);
  g.gated.release(true);
  EXPECT_EQ(store_->load(*g.room.game_id())->record.actions.size(), 2u);
  EXPECT_EQ(g.room.version(), 2);
}

TEST_F(AsyncStore, ABotMoveThoughtOnALostPositionIsDropped) {
  GatedStore gated(*store_);
  Room room("BOTS", games::testing::game("wordbank"), gated, 5);
  int lost = 0;
  room.set_async_store([&](const std::shared_ptr<Commitment>&) { ++lost; });
  room.set_deferred_bots(true);
  const auto a = room.join("A").id;
  room.take_seat(a, 0);
  ASSERT_FALSE(room.add_bot(a, 1, "easy"));
  ASSERT_FALSE(room.start(a, 0));
  if (room.state()->to_act().front() != 0) {  // the bot opens: let it
    auto job = room.take_bot_job(0);
    ASSERT_TRUE(job);
    room.bot_moved(*job, job->bot->act(*job->state, job->seat));
    gated.release(true);
  }
  room.act(a, room.version(), {{"type", "pass"}}, 1000);  // not yet durable
  auto job = room.take_bot_job(1000);                     // the bot thinks on that position
  ASSERT_TRUE(job);
  auto move = job->bot->act(*job->state, job->seat);
  gated.release(false);
  ASSERT_EQ(lost, 1);
  room.roll_back();
  const auto version = room.version();
  EXPECT_TRUE(room.bot_moved(*job, move).empty());  // the position it answered is gone
  EXPECT_EQ(room.version(), version);
  EXPECT_TRUE(gated.held.empty());
}

TEST_F(AsyncStore, ANewGameWaitsForThePreviousGamesLastMove) {
  // A store whose appends settle on their own a little later (another thread).
  struct LateStore final : ForwardingStore {
    using ForwardingStore::ForwardingStore;
    ~LateStore() override {
      for (auto& t : threads_) t.join();
    }
    void append_async(int64_t game, int64_t seq, const games::Action& action,
                      std::optional<std::string_view> outcome, std::shared_ptr<Commitment> c) override {
      inner_.append(game, seq, action, outcome);
      threads_.emplace_back([c] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        c->settle(true);
      });
    }
    std::vector<std::thread> threads_;
  };
  LateStore late(*store_);
  Room room("LATE", games::testing::game("wordbank"), late, 3);
  room.set_async_store([](const std::shared_ptr<Commitment>&) {});
  const auto a = room.join("A").id, b = room.join("B").id;
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  ASSERT_FALSE(room.start(a, 0));
  int64_t now = 0;
  for (int guard = 0; guard < 400 && !room.state()->is_terminal(); ++guard) {
    const auto seat = room.state()->to_act().front();
    room.act(seat == 0 ? a : b, room.version(), {{"type", "pass"}}, now += 1000);
  }
  ASSERT_TRUE(room.state()->is_terminal());
  ASSERT_NE(room.pending(), nullptr);  // the game's end is not durable yet
  const auto first_game = *room.game_id();
  ASSERT_FALSE(room.start(a, now += 1000));  // waits for it, then deals
  EXPECT_TRUE(store_->load(first_game)->finished);
  EXPECT_NE(*room.game_id(), first_game);
}

// The transport's side: what leaves now, what waits, what a loss becomes.
std::vector<Outbound> serialize(std::vector<Delivery> d) {
  return serialized(std::move(d), 1000);
}

TEST(AsyncDelivery, MessagesWaitRoomByRoomForTheirLastCommitment) {
  auto older = std::make_shared<Commitment>(), later = std::make_shared<Commitment>();
  std::vector<Delivery> d;
  d.push_back({"ROOMA", std::nullopt, games::JsonObject{{"type", "view"}}, older});
  d.push_back({"ROOMB", std::nullopt, games::JsonObject{{"type", "room"}}});
  d.push_back({"ROOMA", 1, games::JsonObject{{"type", "view"}}, later});
  std::vector<Outbound> ready;
  auto held = settle(serialize(std::move(d)), ready);
  ASSERT_EQ(ready.size(), 1u);  // ROOMB's summary leaves now
  EXPECT_EQ(ready[0].room, "ROOMB");
  ASSERT_EQ(held.size(), 1u);  // both of ROOMA's, in order, behind the later commitment
  EXPECT_EQ(held[0].until, later);
  ASSERT_EQ(held[0].deliveries.size(), 2u);
  EXPECT_FALSE(held[0].deliveries[0].member.has_value());
  EXPECT_EQ(held[0].deliveries[1].member, 1);
  older->settle(true);
  later->settle(true);
  ready.clear();
  EXPECT_TRUE(settle(std::move(held[0].deliveries), ready).empty());
  EXPECT_EQ(ready.size(), 2u);
}

TEST(AsyncDelivery, TheSendersOwnMessagesGoWithTheRoomTheyAreIn) {
  auto c = std::make_shared<Commitment>();
  std::vector<Delivery> d;  // a welcome as the lobby makes it
  d.push_back({"", std::nullopt, games::JsonObject{{"type", "welcome"}}, c});
  d.push_back({"ROOMA", std::nullopt, games::JsonObject{{"type", "room"}}, c});
  d.push_back({"", std::nullopt, games::JsonObject{{"type", "view"}}, c});
  std::vector<Outbound> ready;
  auto held = settle(serialize(std::move(d)), ready);
  EXPECT_TRUE(ready.empty());
  ASSERT_EQ(held.size(), 1u);
  ASSERT_EQ(held[0].deliveries.size(), 3u);  // one group, in the lobby's order
  EXPECT_NE(held[0].deliveries[0].text->find("welcome"), std::string::npos);
  EXPECT_NE(held[0].deliveries[2].text->find("view"), std::string::npos);
}

TEST(AsyncDelivery, ALostActionsViewsAreNotSentAndItsSenderIsTold) {
  auto c = std::make_shared<Commitment>();
  std::vector<Delivery> d;
  d.push_back({"ROOMA", 1, games::JsonObject{{"type", "view"}, {"ack", 7}}, c,
               games::JsonObject{{"type", "error"}, {"code", "store_failed"}, {"id", 7}}});
  d.push_back({"ROOMA", 2, games::JsonObject{{"type", "view"}}, c});
  d.push_back({"ROOMA", std::nullopt, games::JsonObject{{"type", "chat"}, {"text", "salut"}}, c});
  c->settle(false, "store: disk full (test)");
  std::vector<Outbound> ready;
  EXPECT_TRUE(settle(serialize(std::move(d)), ready).empty());
  ASSERT_EQ(ready.size(), 2u);
  EXPECT_TRUE(ready[0].error);  // the sender's « not recorded », to the sender alone
  EXPECT_TRUE(ready[0].room.empty());
  EXPECT_NE(ready[0].text->find("store_failed"), std::string::npos);
  EXPECT_NE(ready[1].text->find("chat"), std::string::npos);  // the rest was never about the move
}

TEST_F(AsyncStore, TheLobbyMarksTheSendersViewWithWhatToSayIfTheMoveIsLost) {
  GatedStore gated(*store_);
  std::vector<std::string> lost_rooms;
  Lobby lobby(std::vector<const games::Game*>{&games::testing::game("wordbank")}, gated);
  lobby.set_async_store([&](const std::string& room) { lost_rooms.push_back(room); });
  Connection host, guest;
  auto welcome = lobby.handle(host, R"({"type":"create","game":"wordbank","name":"A"})", 0);
  const auto code = host.room;
  lobby.handle(guest, R"({"type":"join","room":")" + code + R"(","name":"B"})", 0);
  lobby.handle(guest, R"({"type":"seat","seat":1})", 0);
  lobby.handle(host, R"({"type":"start"})", 0);
  while (!gated.held.empty()) gated.release(true);  // the room's saves so far
  Room* room = lobby.room(code);
  Connection& mover = room->state()->to_act().front() == 0 ? host : guest;
  auto out = lobby.handle(mover, R"({"type":"act","id":3,"version":0,"action":{"type":"pass"}})", 1000);
  bool marked = false;
  for (const auto& d : out) {
    EXPECT_NE(d.after, nullptr);  // everything about the move waits for it
    if (d.member == mover.member && d.message.as_object().at("type") == "view") {
      ASSERT_TRUE(d.if_lost);
      EXPECT_EQ(d.if_lost->as_object().at("code"), "store_failed");
      EXPECT_EQ(d.if_lost->as_object().at("id"), 3);
      marked = true;
    }
  }
  EXPECT_TRUE(marked);
  gated.release(false);
  ASSERT_EQ(lost_rooms, std::vector<std::string>{code});
  const auto again = lobby.roll_back(code);
  EXPECT_FALSE(again.empty());
  EXPECT_EQ(lobby.room(code)->version(), 0);
}

// One node of a cluster: a lobby with asynchronous appends on the gated
// store, and a directory where it holds every lease.
struct ClusterNode {
  explicit ClusterNode(Store& inner) : gated(inner), lobby({&games::testing::game("wordbank")}, gated) {
    lobby.set_directory(&directory);
    lobby.set_async_store([](const std::string&) {});
  }
  GatedStore gated;
  OneNodeDirectory directory;
  Lobby lobby;
};

TEST_F(AsyncStore, ANodeFencedOutOfARoomLetsItGoAndSendsItsPlayersAway) {
  // A cluster node whose lease ran out while another node claimed the room
  // (then perhaps took the lease back): its appends are fenced. It must not
  // go on serving the room, refusing every move, but let it go at once.
  ClusterNode node(*store_);
  auto& [gated, directory, lobby] = node;
  Connection host, guest;
  lobby.handle(host, R"({"type":"create","game":"wordbank","name":"A"})", 0);
  const auto code = host.room;
  lobby.handle(guest, R"({"type":"join","room":")" + code + R"(","name":"B"})", 0);
  lobby.handle(guest, R"({"type":"seat","seat":1})", 0);
  lobby.handle(host, R"({"type":"start"})", 0);
  while (!gated.held.empty()) gated.release(true);
  Connection& mover = lobby.room(code)->state()->to_act().front() == 0 ? host : guest;
  lobby.handle(mover, R"({"type":"act","id":3,"version":0,"action":{"type":"pass"}})", 1000);

  // A failure while the claim stands (a full disk): the room rolls back and stays.
  gated.release(false);
  EXPECT_FALSE(lobby.roll_back(code).empty());
  ASSERT_NE(lobby.room(code), nullptr);
  EXPECT_TRUE(directory.released.empty());

  // A fenced one: the room goes, lease and claim with it, and its players
  // are told to reconnect wherever it is served now.
  lobby.handle(mover, R"({"type":"act","id":4,"version":0,"action":{"type":"pass"}})", 2000);
  gated.claim_lost = true;
  gated.release(false);
  const auto out = lobby.roll_back(code);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].room, code);
  EXPECT_FALSE(out[0].member.has_value());  // to every member
  EXPECT_EQ(out[0].message.as_object().at("type"), "moved");
  EXPECT_EQ(lobby.room(code), nullptr);
  EXPECT_EQ(directory.released, std::vector<std::string>{code});
  EXPECT_TRUE(lobby.roll_back(code).empty());  // the later lost appends find nothing left
}

TEST_F(AsyncStore, ARoomWhoseClaimEndedOutsideItsMovesIsLetGoAtTheNextRenewal) {
  // A fenced room save (the lobby, a finished game) reaches no roll_back: the
  // lease renewal notices the claim is gone and lets the room go, once.
  ClusterNode node(*store_);
  auto& [gated, directory, lobby] = node;
  Connection host;
  lobby.handle(host, R"({"type":"create","game":"wordbank","name":"A"})", 0);
  const auto code = host.room;
  while (!gated.held.empty()) gated.release(true);
  auto moved = [&](const std::vector<Delivery>& out) {
    return std::count_if(out.begin(), out.end(), [&](const Delivery& d) {
      return d.room == code && d.message.as_object().at("type") == "moved";
    });
  };
  EXPECT_EQ(moved(lobby.tick(10'000)), 0);  // the claim stands: nothing happens
  ASSERT_NE(lobby.room(code), nullptr);
  gated.claim_lost = true;
  EXPECT_EQ(moved(lobby.tick(20'000)), 1);
  EXPECT_EQ(lobby.room(code), nullptr);
  EXPECT_EQ(directory.released, std::vector<std::string>{code});
  EXPECT_TRUE(lobby.roll_back(code).empty());  // a late lost append: let go already
  EXPECT_EQ(moved(lobby.tick(30'000)), 0);
}

}  // namespace
}  // namespace logomachie::server
