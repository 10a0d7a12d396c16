// Rooms without a network: lobby controls, whole games with people and bots,
// stale versions, spectators, secrets per member, timers, restore after a
// restart.
#include "server/room.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <utility>

#include "games/core/tests/test_support.h"
#include "server/tests/forwarding_store.h"

namespace logomachie::server {
namespace {

namespace fs = std::filesystem;

class RoomTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ =
        fs::temp_directory_path() / ("logomachie-room-" + std::to_string(::getpid()) + "-" +
                                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    fs::remove(path_);
    store_ = open_sqlite_store(path_);
  }
  void TearDown() override {
    store_.reset();
    fs::remove(path_);
    fs::remove(path_.string() + "-wal");
    fs::remove(path_.string() + "-shm");
  }

  // Two members, A at seat 0 (the host) and B at seat 1, and the game started.
  static std::pair<MemberId, MemberId> seat_two_and_start(Room& room) {
    const MemberId a = room.join("A").id, b = room.join("B").id;
    room.take_seat(a, 0);
    room.take_seat(b, 1);
    EXPECT_FALSE(room.start(a, 0));
    return {a, b};
  }

  // Plays `who`'s move as a medium bot would choose it, through the room.
  std::vector<Outgoing> play_for(Room& room, MemberId who, int64_t now_ms) {
    const auto seat = *room.member(who)->seat;
    auto helper = room.game().make_bot("medium", 7);
    auto action = helper->act(*room.state(), seat);
    EXPECT_TRUE(action.has_value());
    return room.act(who, room.version(), action->body, now_ms);
  }

  static bool has_error(const std::vector<Outgoing>& out, std::string_view code) {
    for (const auto& o : out) {
      const auto& m = o.message.as_object();
      if (m.at("type") == "error" && m.at("code").as_string() == code) {
        games::testing::expect_french_typography(std::string(m.at("message").as_string()),
                                                 "the room's error " + std::string(code));
        return true;
      }
    }
    return false;
  }

  fs::path path_;
  std::unique_ptr<Store> store_;
};

TEST_F(RoomTest, TheHostSetsUpSeatsBotsAndStarts) {
  Room room("ABCD", games::testing::game("wordbank"), *store_, 1);
  const auto lea = room.join("  Léa  ").id;
  const auto tom = room.join("").id;
  EXPECT_EQ(room.member(lea)->name, "Léa");
  EXPECT_EQ(room.member(tom)->name, "Joueur 2");
  EXPECT_EQ(room.member(lea)->token.size(), 32u);
  EXPECT_NE(room.member(lea)->token, room.member(tom)->token);
  EXPECT_EQ(room.resume(room.member(tom)->token), room.member(tom));
  EXPECT_EQ(room.resume("not-a-token"), nullptr);
  // Tokens are secrets: never in what members are sent.
  EXPECT_EQ(games::canonical(room.summary()).find(room.member(tom)->token), std::string::npos);
  EXPECT_EQ(room.set_players(tom, 3)->code, "not_host");
  EXPECT_FALSE(room.set_players(lea, 3));
  EXPECT_EQ(room.set_players(lea, 9)->code, "bad_players");
  EXPECT_FALSE(room.take_seat(lea, 0));
  EXPECT_EQ(room.take_seat(tom, 0)->code, "seat_taken");
  EXPECT_FALSE(room.take_seat(tom, 1));
  EXPECT_EQ(room.add_bot(lea, 2, "grandmaster")->code, "unknown_bot_level");
  EXPECT_EQ(room.start(lea, 0)->code, "seats_empty");
  EXPECT_FALSE(room.add_bot(lea, 2, "easy"));
  EXPECT_EQ(room.set_options(lea, games::JsonObject{{"gems", 3}})->code, "unknown_option");
  EXPECT_FALSE(room.set_options(lea, games::JsonObject{{"turn_seconds", 60}}));
  EXPECT_EQ(room.start(tom, 0)->code, "not_host");
  EXPECT_FALSE(room.start(lea, 1000));
  EXPECT_EQ(room.take_seat(lea, 2)->code, "game_started");
  EXPECT_TRUE(room.game_id().has_value());
  EXPECT_EQ(room.summary().as_object().at("status"), "playing");
}

TEST_F(RoomTest, PeopleAndABotPlayAWholeGameAndItIsStored) {
  Room room("WXYZ", games::testing::game("wordbank"), *store_, 2);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  const auto watcher = room.join("Spectatrice").id;
  room.set_players(a, 3);
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  room.add_bot(a, 2, "medium");
  ASSERT_FALSE(room.start(a, 0));
  int64_t now = 0;
  for (int guard = 0; guard < 200 && !room.state()->is_terminal(); ++guard) {
    const auto seat = room.state()->to_act().front();
    const MemberId who = seat == 0 ? a : b;
    ASSERT_NE(seat, 2) << "the bot's turn was not played";
    const auto out = play_for(room, who, now += 1000);
    ASSERT_EQ(out.size(), 3u);  // one view per member
    for (const auto& o : out) {
      ASSERT_EQ(o.message.as_object().at("type"), "view") << games::canonical(o.message);
      EXPECT_EQ(o.message.as_object().at("version"), room.version());
      EXPECT_FALSE(o.message.as_object().at("view").as_object().contains("deck"));
    }
  }
  ASSERT_TRUE(room.state()->is_terminal());
  EXPECT_EQ(room.summary().as_object().at("status"), "over");
  const auto stored = store_->load(*room.game_id());
  ASSERT_TRUE(stored);
  EXPECT_TRUE(stored->finished);
  EXPECT_EQ(static_cast<int64_t>(stored->record.actions.size()), room.version());
  // The stored log replays to the same final state.
  EXPECT_EQ(games::canonical(games::replay(room.game(), stored->record)->serialize()),
            games::canonical(room.state()->serialize()));
  EXPECT_TRUE(has_error(room.act(watcher, room.version(), {{"type", "pass"}}, now), "not_seated"));
}

// The SQLite store, failing on demand: before writing (nothing kept), or
// after (kept, but reported failed, as a sync error or a lost reply would).
class FlakyStore final : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  enum class Fail { kNo, kBefore, kAfter };
  Fail next = Fail::kNo;

  using Store::append;
  void append(int64_t game, int64_t seq, const games::Action& action,
              std::optional<std::string_view> outcome) override {
    const auto fail = std::exchange(next, Fail::kNo);
    if (fail == Fail::kBefore) throw StoreError("store: disk full (test)");
    inner_.append(game, seq, action, outcome);
    if (fail == Fail::kAfter) throw StoreError("store: sync failed (test)");
  }
};

TEST_F(RoomTest, AStoreFailureOnTheLastMoveChangesNothingAndTheRoomGoesOn) {
  for (const auto fail : {FlakyStore::Fail::kBefore, FlakyStore::Fail::kAfter}) {
    FlakyStore flaky(*store_);
    Room room("FLAK", games::testing::game("wordbank"), flaky, 4);
    const auto a = room.join("A").id;
    const auto b = room.join("B").id;
    room.take_seat(a, 0);
    room.take_seat(b, 1);
    ASSERT_FALSE(room.start(a, 0));
    int64_t now = 0;
    // Play to the last move (two players passing in turn end a Word Bank game).
    auto helper = room.game().make_bot("medium", 7);
    std::optional<games::Action> last;
    for (int guard = 0; guard < 400; ++guard) {
      const auto seat = room.state()->to_act().front();
      auto action = helper->act(*room.state(), seat);
      ASSERT_TRUE(action);
      auto probe = room.state()->clone();
      action->actor = seat;
      action->at = room.state()->now();
      if (probe->apply(*action).ok() && probe->is_terminal()) {
        last = action;
        break;
      }
      play_for(room, seat == 0 ? a : b, now += 1000);
    }
    ASSERT_TRUE(last) << "no last move found";
    const MemberId mover = last->actor == 0 ? a : b;
    const auto version = room.version();
    flaky.next = fail;
    auto out = room.act(mover, version, last->body, now += 1000);
    ASSERT_TRUE(has_error(out, "store_failed"));
    EXPECT_EQ(room.version(), version);  // nothing acknowledged, nothing changed in the room
    EXPECT_FALSE(room.state()->is_terminal());
    // The player tries again: the game ends (kBefore), or the room finds the
    // move the store had kept and shows it to everyone (kAfter).
    out = room.act(mover, version, last->body, now += 1000);
    EXPECT_TRUE(room.state()->is_terminal());
    EXPECT_EQ(room.version(), version + 1);
    if (fail == FlakyStore::Fail::kAfter) {
      EXPECT_TRUE(has_error(out, "stale"));
    }
    const auto stored = store_->load(*room.game_id());
    EXPECT_TRUE(stored->finished);  // the last move and the end, together
    EXPECT_EQ(static_cast<int64_t>(stored->record.actions.size()), room.version());
    EXPECT_EQ(room.summary().as_object().at("status"), "over");
  }
}

TEST_F(RoomTest, TeammatesWritingAtOnceAreNotRefusedAsStale) {
  Room room("TRAP", games::testing::game("trapwords"), *store_, 3);
  std::vector<MemberId> people;
  for (int i = 0; i < 4; ++i) {
    std::string name = "P";  // not "P" + …: GCC 12's -Wrestrict false positive (bug 105329)
    name += std::to_string(i);
    people.push_back(room.join(name).id);
  }
  room.set_players(people[0], 4);
  for (int i = 0; i < 4; ++i) room.take_seat(people[static_cast<std::size_t>(i)], i);
  ASSERT_FALSE(room.start(people[0], 0));
  // Two players of the team writing traps both act against the same version.
  std::vector<MemberId> writers;
  for (int seat = 0; seat < 4; ++seat) {
    auto probe = room.state()->clone();
    if (probe->apply(games::Action::make(seat, 1000, {{"type", "trap"}, {"word", "soleil"}})).ok()) {
      writers.push_back(people[static_cast<std::size_t>(seat)]);
    }
  }
  ASSERT_GE(writers.size(), 2u) << "no two teammates write traps at the start";
  const auto seen = room.version();
  auto has_view = [](const std::vector<Outgoing>& out) {
    return std::any_of(out.begin(), out.end(),
                       [](const Outgoing& o) { return o.message.as_object().at("type") == "view"; });
  };
  EXPECT_TRUE(has_view(room.act(writers[0], seen, {{"type", "trap"}, {"word", "plage"}}, 1000)));
  const auto out = room.act(writers[1], seen, {{"type", "trap"}, {"word", "sable"}}, 1100);
  EXPECT_FALSE(has_error(out, "stale"));
  EXPECT_EQ(room.version(), seen + 2);  // both traps written
  // What depends on the position stays versioned: sealing the list against
  // an old view (a teammate just added a word) is refused as stale.
  EXPECT_TRUE(has_error(room.act(writers[0], seen, {{"type", "seal"}}, 1200), "stale"));
  // And a version from the future is never accepted.
  EXPECT_TRUE(has_error(room.act(writers[0], seen + 5, {{"type", "trap"}, {"word", "mer"}}, 1300), "stale"));
}

// The next move of a room played by `bots` (one per seat), ticking the
// clock past phases that wait for time; nullopt once the game is over.
struct BotMove {
  int seat;
  games::Action action;
};
std::optional<BotMove> next_bot_move(Room& room, std::vector<std::unique_ptr<games::Bot>>& bots, int64_t& t) {
  for (int guard = 0; guard < 100 && !room.state()->is_terminal(); ++guard) {
    const auto seats = room.state()->to_act();
    if (seats.empty()) {
      room.tick(t += 60'000);  // a reveal or a phase waiting for its time
      continue;
    }
    const int seat = seats.front();
    auto action = bots[static_cast<std::size_t>(seat)]->act(*room.state(), seat);
    if (!action) return std::nullopt;
    return BotMove{seat, std::move(*action)};
  }
  return std::nullopt;
}

TEST_F(RoomTest, ALateIndependentActionNeverCountsInTheNextRound) {
  // Lettralettre: each round's word is an independent action (both players
  // write at once), so it may come from an older view; but one sent during
  // a round and delayed past it must not become a word of the next round.
  Room room("LATE", games::testing::game("lettralettre"), *store_, 5);
  const auto [a, b] = seat_two_and_start(room);
  std::vector<std::unique_ptr<games::Bot>> bots;
  for (int s = 0; s < 2; ++s) bots.push_back(room.game().make_bot("medium", 11 + static_cast<uint64_t>(s)));
  int64_t t = 1000;
  std::optional<int64_t> first_words;  // a version during the first words phase
  std::string first_key;
  for (int guard = 0; guard < 400; ++guard) {
    auto move = next_bot_move(room, bots, t);
    if (!move) break;
    const int seat = move->seat;
    const auto* action = &move->action;
    const auto type = std::string(action->body.at("type").as_string());
    if ((type == "submit" || type == "give_up") && seat == 1) {  // B's word (or giving up) this round
      if (!first_words) {
        first_words = room.version();
        first_key = room.state()->round_key();
      } else if (room.state()->round_key() != first_key) {
        // B's move for this round, sent as if from the first round's view.
        const auto out = room.act(b, *first_words, action->body, t);
        EXPECT_TRUE(has_error(out, "stale")) << "a word of an earlier round counted in a later one";
        // The same word from a view of this round is taken.
        EXPECT_FALSE(has_error(room.act(b, room.version(), action->body, t + 10), "stale"));
        return;
      }
    }
    room.act(seat == 0 ? a : b, room.version(), action->body, t += 500);
  }
  FAIL() << "no second words phase reached";
}

TEST_F(RoomTest, AnActionOfAnEarlierGameIsStaleAfterPlayingAgain) {
  // Versions start again from 0 with each game: an action that names the
  // game it was made in (`game`, the view's game_id) is stale once « Rejouer »
  // started another, even when its version fits the new game.
  Room room("AGIN", games::testing::game("lettralettre"), *store_, 5);
  const auto [a, b] = seat_two_and_start(room);
  const auto first = *room.game_id();
  EXPECT_EQ(room.view_for(b).as_object().at("game_id"), first);  // every view names its game
  std::vector<std::unique_ptr<games::Bot>> bots;
  for (int s = 0; s < 2; ++s) bots.push_back(room.game().make_bot("medium", 21 + static_cast<uint64_t>(s)));
  int64_t t = 1000;
  auto play_until = [&](auto done) {
    for (int guard = 0; guard < 2000 && !done(); ++guard) {
      const auto move = next_bot_move(room, bots, t);
      if (!move) return;
      room.act(move->seat == 0 ? a : b, room.version(), move->action.body, t += 500);
    }
  };
  play_until([] { return false; });
  ASSERT_TRUE(room.state()->is_terminal());
  ASSERT_FALSE(room.start(a, t += 1000));  // « Rejouer »
  const auto second = *room.game_id();
  ASSERT_NE(first, second);
  // B's word in the new game's first words phase.
  play_until([&] {
    const auto seats = room.state()->to_act();
    const auto view = games::canonical(room.state()->view(games::Viewer::player(1)));
    return std::find(seats.begin(), seats.end(), 1) != seats.end() &&
           view.find(R"("phase":"words")") != std::string::npos;
  });
  ASSERT_FALSE(room.state()->is_terminal());
  const games::JsonObject give_up{{"type", "give_up"}};
  const auto before = room.version();
  EXPECT_TRUE(has_error(room.act(b, before, give_up, t += 10, first), "stale"));
  EXPECT_EQ(room.version(), before);
  EXPECT_FALSE(has_error(room.act(b, before, give_up, t += 10, second), "stale"));
  EXPECT_EQ(room.version(), before + 1);
}

TEST_F(RoomTest, FieldsTheRulesNeverReadAreNotStored) {
  Room room("JUNK", games::testing::game("wordbank"), *store_, 2);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  ASSERT_FALSE(room.start(a, 0));
  const MemberId mover = room.state()->to_act().front() == 0 ? a : b;
  games::JsonObject body{{"type", "pass"}, {"tracker", std::string(2000, 'x')}, {"note", "coucou"}};
  room.act(mover, room.version(), body, 1000);
  ASSERT_EQ(room.version(), 1);
  const auto stored = store_->load(*room.game_id())->record.actions.at(0);
  EXPECT_EQ(games::canonical(stored.body), R"({"type":"pass"})");
}

TEST_F(RoomTest, StaleActionsAreRefusedWithTheCurrentView) {
  Room room("STAL", games::testing::game("wordbank"), *store_, 3);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  ASSERT_FALSE(room.start(a, 0));
  const auto seat = room.state()->to_act().front();
  const MemberId who = seat == 0 ? a : b;
  const auto out = room.act(who, room.version() + 5, {{"type", "pass"}}, 10);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(has_error(out, "stale"));
  EXPECT_EQ(out[1].message.as_object().at("type"), "view");
  const MemberId other = who == a ? b : a;
  EXPECT_TRUE(has_error(room.act(other, room.version(), {{"type", "pass"}}, 10), "not_your_turn"));
  EXPECT_EQ(room.version(), 0);  // nothing was accepted
}

TEST_F(RoomTest, EachMemberSeesOnlyTheirOwnSecretWord) {
  Room room("LLLL", games::testing::game("lettralettre"), *store_, 4);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  ASSERT_FALSE(room.start(a, 0));
  int64_t now = 0;
  while (room.state()->to_act().size() == 1) {  // the auction
    const MemberId who = room.state()->to_act().front() == 0 ? a : b;
    room.act(who, room.version(), {{"type", "take"}}, now += 100);
  }
  const auto out = play_for(room, a, now += 100);  // A submits a word
  const auto view_a = games::canonical(room.view_for(a));
  const auto view_b = games::canonical(room.view_for(b));
  const auto mine = room.view_for(a);
  const auto& submissions = mine.as_object().at("view").as_object().at("submissions").as_array();
  ASSERT_TRUE(submissions[0].is_object());
  const std::string word(submissions[0].as_object().at("word").as_string());
  EXPECT_NE(view_a.find(word), std::string::npos);
  EXPECT_EQ(view_b.find("\"" + word + "\""), std::string::npos);
  for (const auto& o : out) {
    if (o.to == b) {
      EXPECT_EQ(games::canonical(o.message).find("\"" + word + "\""), std::string::npos);
    }
  }
}

TEST_F(RoomTest, TheServerRunsTheHourglass) {
  Room room("TICK", games::testing::game("wordbank"), *store_, 5);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  room.set_options(a, games::JsonObject{{"turn_seconds", 30}});
  ASSERT_FALSE(room.start(a, 1'000'000));
  EXPECT_EQ(room.view_for(a).as_object().at("deadline_ms"), 1'030'000);
  EXPECT_TRUE(room.tick(1'029'999).empty());
  const auto out = room.tick(1'030'000);
  EXPECT_EQ(out.size(), 2u);
  EXPECT_EQ(room.version(), 1);  // the timeout is an accepted, stored action
  EXPECT_EQ(store_->load(*room.game_id())->record.actions[0].type(), "timeout");
}

TEST_F(RoomTest, DeferredBotsThinkOutsideTheRoomOneAtATime) {
  Room room("LATER", games::testing::game("wordbank"), *store_, 11);
  room.set_deferred_bots(true);
  const auto a = room.join("A").id;
  room.connected(a);
  room.take_seat(a, 0);
  room.add_bot(a, 1, "easy");
  room.set_options(a, games::JsonObject{{"turn_seconds", 30}, {"stall_rounds", 9}});
  ASSERT_FALSE(room.start(a, 0));
  EXPECT_EQ(room.version(), 0);  // nothing played inline, even when the bot starts
  if (room.state()->to_act().front() == 0) {
    ASSERT_FALSE(has_error(room.act(a, 0, games::JsonObject{{"type", "pass"}}, 10), "stale"));
  }
  ASSERT_EQ(room.state()->to_act().front(), 1);  // the bot's turn, and nobody played it
  const auto version = room.version();
  EXPECT_TRUE(room.bot_due(20));
  auto job = room.take_bot_job(20);
  ASSERT_TRUE(job.has_value());
  EXPECT_FALSE(room.take_bot_job(20).has_value());  // one job out at a time
  EXPECT_FALSE(room.bot_due(20));
  // The bot thinks on a copy; the room answers people meanwhile.
  auto action = job->bot->act(*job->state, job->seat);
  ASSERT_TRUE(action.has_value());
  EXPECT_TRUE(has_error(room.act(a, version, games::JsonObject{{"type", "pass"}}, 30), "not_your_turn"));
  const auto out = room.bot_moved(*job, action);
  EXPECT_EQ(out.size(), 1u);  // a view for the one person in the room
  EXPECT_EQ(room.version(), version + 1);
  EXPECT_EQ(room.state()->to_act().front(), 0);

  // A move thought for a position that has passed is dropped.
  ASSERT_FALSE(has_error(room.act(a, room.version(), games::JsonObject{{"type", "pass"}}, 40), "stale"));
  job = room.take_bot_job(50);
  ASSERT_TRUE(job.has_value());
  action = job->bot->act(*job->state, job->seat);
  ASSERT_FALSE(room.tick(1'000'000).empty());  // meanwhile the hourglass ran out
  const auto after_timeout = room.version();
  EXPECT_TRUE(room.bot_moved(*job, action).empty());
  EXPECT_EQ(room.version(), after_timeout);
  ASSERT_EQ(room.state()->to_act().front(), 0);  // the timeout cost the bot its turn
  const auto now = room.state()->now() + 1;      // the game started at wall time 0
  const auto passed = room.act(a, room.version(), games::JsonObject{{"type", "pass"}}, now);
  ASSERT_FALSE(has_error(passed, "too_late"));
  EXPECT_TRUE(room.take_bot_job(now).has_value());  // the dropped job freed the room for the next
}

TEST_F(RoomTest, ABotTakingItsTimeIsPlayedWhenTheGameClockGetsThere) {
  // Mot pour Mot bots date their moves a few seconds later, like people.
  Room room("HOLD", games::testing::game("motpourmot"), *store_, 5);
  room.set_deferred_bots(true);
  const auto a = room.join("A").id;
  room.connected(a);
  ASSERT_FALSE(room.set_players(a, 2));
  room.take_seat(a, 0);
  room.add_bot(a, 1, "medium");
  ASSERT_FALSE(room.start(a, 0));
  if (room.state()->to_act().front() == 0) {
    ASSERT_FALSE(has_error(room.act(a, 0, games::JsonObject{{"type", "give_up"}}, 100), "stale"));
  }
  ASSERT_EQ(room.state()->to_act().front(), 1);
  auto job = room.take_bot_job(200);
  ASSERT_TRUE(job.has_value());
  auto action = job->bot->act(*job->state, job->seat);
  ASSERT_TRUE(action.has_value());
  const auto when = action->at;
  ASSERT_GT(when, job->state->now() + 1000);
  const auto version = room.version();
  EXPECT_TRUE(room.bot_moved(*job, action).empty());  // held until the clock gets there
  EXPECT_FALSE(room.bot_due(300));
  EXPECT_TRUE(room.tick(when - 1).empty());
  EXPECT_EQ(room.version(), version);
  EXPECT_FALSE(room.tick(when).empty());
  EXPECT_EQ(room.version(), version + 1);
  EXPECT_EQ(room.state()->now(), when);

  // A held move is dropped when the game moves on first; the bot thinks again.
  ASSERT_FALSE(
      has_error(room.act(a, room.version(), games::JsonObject{{"type", "accept"}}, when + 10), "stale"));
  ASSERT_FALSE(has_error(
      room.act(a, room.version(), games::JsonObject{{"type", "word"}, {"word", "bidulette"}}, when + 20),
      "stale"));
  job = room.take_bot_job(when + 30);  // the bot, as the other team, may challenge
  ASSERT_TRUE(job.has_value());
  action = job->bot->act(*job->state, job->seat);
  ASSERT_TRUE(action.has_value());
  EXPECT_TRUE(room.bot_moved(*job, action).empty());
  ASSERT_FALSE(
      has_error(room.act(a, room.version(), games::JsonObject{{"type", "captain"}}, when + 40), "stale"));
  const auto moved_on = room.version();
  EXPECT_TRUE(room.bot_due(when + 50));
  room.tick(action->at);
  EXPECT_EQ(room.version(), moved_on);  // the stale move was not played
}

TEST_F(RoomTest, AStandInsHeldMoveIsDroppedWhenItsPersonComesBack) {
  Room room("BACKH", games::testing::game("motpourmot"), *store_, 9);
  room.set_deferred_bots(true);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  room.connected(a);
  room.connected(b);
  ASSERT_FALSE(room.set_players(a, 2));
  ASSERT_FALSE(room.set_options(a, games::JsonObject{{"turn_seconds", 0}}));  // no hourglass: the seat waits
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  ASSERT_FALSE(room.start(a, 0));
  // The team that waits has its person leave; once they are gone past the
  // grace period, the other team's word calls for their answer.
  const auto active = room.state()->to_act().front();
  const MemberId stays = active == 0 ? a : b, gone = active == 0 ? b : a;
  room.disconnected(gone, 1000);
  const int64_t away = 1000 + kGraceMs;
  ASSERT_FALSE(has_error(
      room.act(stays, room.version(), games::JsonObject{{"type", "word"}, {"word", "chat"}}, away), "stale"));
  auto job = room.take_bot_job(away + 10);
  ASSERT_TRUE(job.has_value());
  EXPECT_EQ(job->seat, 1 - active);
  auto action = job->bot->act(*job->state, job->seat);
  ASSERT_TRUE(action.has_value());
  ASSERT_GT(action->at, away);  // the stand-in takes its time: the move is held
  EXPECT_TRUE(room.bot_moved(*job, action).empty());
  room.connected(gone);  // back before the move is played
  const auto version = room.version();
  EXPECT_TRUE(room.tick(action->at).empty());
  EXPECT_EQ(room.version(), version);  // they play their own turn
}

TEST_F(RoomTest, ABotPlaysForSomeoneGoneAndHandsTheSeatBack) {
  Room room("AWAY", games::testing::game("wordbank"), *store_, 8);
  const auto a = room.join("A").id;
  const auto b = room.join("B").id;
  room.connected(a);
  room.connected(b);
  room.take_seat(a, 0);
  room.take_seat(b, 1);
  ASSERT_FALSE(room.start(a, 0));
  const auto seat = room.state()->to_act().front();
  const MemberId gone = seat == 0 ? a : b;
  room.disconnected(gone, 1000);
  EXPECT_FALSE(room.summary()
                   .as_object()
                   .at("members")
                   .as_array()[static_cast<std::size_t>(gone - 1)]
                   .as_object()
                   .at("online")
                   .as_bool());
  EXPECT_TRUE(room.tick(1000 + kGraceMs - 1).empty());  // still within the grace period
  EXPECT_EQ(room.version(), 0);
  EXPECT_FALSE(room.tick(1000 + kGraceMs).empty());  // a bot plays for them
  EXPECT_EQ(room.version(), 1);
  room.connected(gone);  // back: no more stand-in
  while (!room.state()->is_terminal() && room.state()->to_act().front() != seat) {
    const MemberId other = gone == a ? b : a;
    play_for(room, other, 70'000);
  }
  const auto before = room.version();
  EXPECT_TRUE(room.tick(200'000).empty());
  EXPECT_EQ(room.version(), before);
}

TEST_F(RoomTest, AGameInProgressComesBackAfterARestart) {
  std::string token_b;
  std::string before;
  int64_t version = 0;
  {
    Room room("BACK", games::testing::game("wordbank"), *store_, 6);
    const auto a = room.join("A").id;
    const auto b = room.join("B").id;
    token_b = room.member(b)->token;
    room.set_players(a, 3);
    room.take_seat(a, 0);
    room.take_seat(b, 1);
    room.add_bot(a, 2, "easy");
    ASSERT_FALSE(room.start(a, 0));
    for (int i = 0; i < 2 && !room.state()->is_terminal(); ++i) {
      const MemberId who = room.state()->to_act().front() == 0 ? a : b;
      play_for(room, who, 1000 * (i + 1));
    }
    before = games::canonical(room.state()->serialize());
    version = room.version();
  }
  store_ = open_sqlite_store(path_);  // "restart"
  const auto stored = store_->unfinished();
  ASSERT_EQ(stored.size(), 1u);
  auto room = Room::restore(stored[0], games::testing::game("wordbank"), *store_);
  EXPECT_EQ(games::canonical(room->state()->serialize()), before);
  EXPECT_EQ(room->version(), version);
  const Member* b = room->resume(token_b);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->seat, 1);
  // The game goes on where it was, and its log keeps growing.
  if (!room->state()->is_terminal()) {
    const auto seat = room->state()->to_act().front();
    ASSERT_NE(seat, 2);
    const MemberId who = seat == 1 ? b->id : 1;  // A joined first: member 1, seat 0
    const auto out = play_for(*room, who, 60'000);
    ASSERT_FALSE(has_error(out, "stale"));
    EXPECT_GT(room->version(), version);
    EXPECT_EQ(static_cast<int64_t>(store_->load(*room->game_id())->record.actions.size()), room->version());
  }
}

}  // namespace
}  // namespace logomachie::server

namespace logomachie::server {
namespace {

// A store that refuses every append while `down`.
class DownStore final : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  bool down = false;
  int appends_tried = 0;
  using Store::append;
  void append(int64_t game, int64_t seq, const games::Action& action,
              std::optional<std::string_view> outcome) override {
    ++appends_tried;
    if (down) throw StoreError("store: connection refused (test)");
    inner_.append(game, seq, action, outcome);
  }
  std::optional<StoredGame> load(int64_t game) const override {
    if (down) throw StoreError("store: connection refused (test)");
    return inner_.load(game);
  }
};

// While the store is down a bot's move fails; the bot waits a moment before
// trying again instead of hammering the store in a loop, then plays.
TEST_F(RoomTest, ABotWaitsAfterAStoreFailureThenPlays) {
  DownStore flaky(*store_);
  Room room("BACKOFF", games::testing::game("wordbank"), flaky, 11);
  room.set_deferred_bots(true);
  const auto a = room.join("A").id;
  room.connected(a);
  room.take_seat(a, 0);
  room.add_bot(a, 1, "easy");
  room.set_options(a, games::JsonObject{{"stall_rounds", 9}});
  ASSERT_FALSE(room.start(a, 0));
  if (room.state()->to_act().front() == 0) {
    ASSERT_FALSE(has_error(room.act(a, 0, games::JsonObject{{"type", "pass"}}, 10), "stale"));
  }
  ASSERT_EQ(room.state()->to_act().front(), 1);
  const auto wall = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  flaky.down = true;
  const auto version = room.version();
  auto job = room.take_bot_job(wall());
  ASSERT_TRUE(job);
  room.bot_moved(*job, job->bot->act(*job->state, job->seat));
  EXPECT_EQ(room.version(), version);
  const int tried = flaky.appends_tried;
  EXPECT_FALSE(room.bot_due(wall()));  // not at once
  EXPECT_FALSE(room.take_bot_job(wall()));
  EXPECT_EQ(flaky.appends_tried, tried);
  flaky.down = false;
  EXPECT_TRUE(room.bot_due(wall() + 600));
  job = room.take_bot_job(wall() + 600);
  ASSERT_TRUE(job);
  room.bot_moved(*job, job->bot->act(*job->state, job->seat));
  EXPECT_EQ(room.version(), version + 1);
}

}  // namespace
}  // namespace logomachie::server
