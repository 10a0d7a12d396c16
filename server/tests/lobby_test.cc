// The protocol without a network: create, join, resume, seats, bots, start,
// act, chat, bad input, join-code guessing, restore after a restart.
#include "server/lobby.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "games/core/tests/test_support.h"

namespace logomachie::server {
namespace {

namespace fs = std::filesystem;

// Every registered game, built once per test process (a test that restarts
// the server builds several lobbies over the same games, as a restarted
// process would over the same data).
std::vector<const games::Game*> all_games() {
  std::vector<const games::Game*> out;
  for (const auto& e : games::registered_games()) out.push_back(&games::testing::game(e.name));
  return out;
}

class LobbyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ =
        fs::temp_directory_path() / ("logomachie-lobby-" + std::to_string(::getpid()) + "-" +
                                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    fs::remove(path_);
    store_ = open_sqlite_store(path_);
    lobby_ = std::make_unique<Lobby>(all_games(), *store_);
  }
  void TearDown() override {
    lobby_.reset();
    store_.reset();
    for (const auto* suffix : {"", "-wal", "-shm"}) fs::remove(path_.string() + suffix);
  }

  std::vector<Delivery> send(Connection& c, const games::JsonObject& m, int64_t now = 0) {
    return lobby_->handle(c, games::canonical(m), now);
  }
  static const games::JsonObject* find(const std::vector<Delivery>& out, std::string_view type) {
    for (const auto& d : out) {
      if (d.message.as_object().at("type").as_string() == type) return &d.message.as_object();
    }
    return nullptr;
  }
  // The code of the error in `out` ("" when none); its message must be in
  // French typography, as everything players read.
  static std::string error_code(const std::vector<Delivery>& out) {
    const auto* e = find(out, "error");
    if (!e) return "";
    const std::string code(e->at("code").as_string());
    games::testing::expect_french_typography(std::string(e->at("message").as_string()),
                                             "the server's error " + code);
    return code;
  }

  // Léa hosts a Word Bank room, Tom joins and sits, the game starts.
  struct TwoPlaying {
    std::string code;
    int guest_id = 0;
  };
  TwoPlaying start_two(Connection& host, Connection& guest) {
    auto out = send(host, {{"type", "create"}, {"game", "wordbank"}, {"name", "Léa"}});
    TwoPlaying t{std::string(find(out, "welcome")->at("room").as_string())};
    out = send(guest, {{"type", "join"}, {"room", t.code}, {"name", "Tom"}});
    t.guest_id = find(out, "welcome")->at("member").to_number<int>();
    EXPECT_EQ(error_code(send(guest, {{"type", "seat"}, {"seat", 1}})), "");
    EXPECT_EQ(error_code(send(host, {{"type", "start"}}, 10)), "");
    return t;
  }

  fs::path path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Lobby> lobby_;
};

TEST_F(LobbyTest, CreateJoinSeatBotStartAndPlay) {
  Connection host, friend_;
  auto out = send(host, {{"v", 1}, {"type", "create"}, {"game", "wordbank"}, {"name", "Léa"}});
  const auto* w = find(out, "welcome");
  ASSERT_NE(w, nullptr);
  const std::string code(w->at("room").as_string());
  EXPECT_EQ(code.size(), 5u);
  EXPECT_EQ(w->at("token").as_string().size(), 32u);
  ASSERT_NE(find(out, "room"), nullptr);
  // The host is seated at once (the first seat), not left watching.
  EXPECT_EQ(find(out, "room")->at("seats").as_array()[0].as_object().at("member"), w->at("member"));
  EXPECT_EQ(find(out, "room")->at("seats").as_array()[0].as_object().at("name"), "Léa");
  out = send(friend_, {{"type", "join"}, {"room", code}, {"name", "Tom"}});
  ASSERT_NE(find(out, "welcome"), nullptr);
  EXPECT_EQ(find(out, "room")->at("members").as_array().size(), 2u);
  EXPECT_TRUE(find(out, "room")->at("members").as_array()[1].as_object().at("online").as_bool());
  {
    Connection tab;  // the same person in a second tab, then closing it: still online
    const auto token = std::string(find(out, "welcome")->at("token").as_string());
    send(tab, {{"type", "resume"}, {"room", code}, {"token", token}});
    const auto closed = lobby_->disconnect(tab, 0);
    EXPECT_TRUE(find(closed, "room")->at("members").as_array()[1].as_object().at("online").as_bool());
  }
  EXPECT_EQ(error_code(send(friend_, {{"type", "players"}, {"players", 3}})), "not_host");
  EXPECT_EQ(error_code(send(host, {{"type", "players"}, {"players", 3}})), "");
  EXPECT_EQ(error_code(send(host, {{"type", "seat"}, {"seat", 0}})), "");
  EXPECT_EQ(error_code(send(friend_, {{"type", "seat"}, {"seat", 1}})), "");
  EXPECT_EQ(error_code(send(host, {{"type", "bot"}, {"seat", 2}, {"level", "easy"}})), "");
  out = send(host, {{"type", "start"}}, 5000);
  ASSERT_EQ(error_code(out), "");
  EXPECT_EQ(find(out, "room")->at("status"), "playing");
  // Play the game through "act" until it ends, each move chosen by a helper bot.
  Room* room = lobby_->room(code);
  auto helper = room->game().make_bot("medium", 3);
  for (int guard = 0; guard < 100 && !room->state()->is_terminal(); ++guard) {
    const auto seat = room->state()->to_act().front();
    auto& c = seat == 0 ? host : friend_;
    const auto action = helper->act(*room->state(), seat);
    out = send(c, {{"type", "act"}, {"version", room->version()}, {"action", action->body}}, 6000 + guard);
    ASSERT_EQ(error_code(out), "") << games::canonical(out.front().message);
  }
  EXPECT_TRUE(room->state()->is_terminal());

  // The finished game is kept with its log: a replay step by step.
  const auto replay = lobby_->replay_json(*room->game_id());
  ASSERT_TRUE(replay.has_value());
  const auto& r = replay->as_object();
  EXPECT_EQ(r.at("game"), "wordbank");
  // A bot goes by a first name, the same in the room and in its replay.
  const auto seat_names = room->summary().as_object().at("seats").as_array();
  ASSERT_EQ(seat_names.size(), 3u);
  const auto bot_name = seat_names[2].as_object().at("name");
  EXPECT_TRUE(bot_name.is_string() && !bot_name.as_string().empty() && bot_name != "Léa" &&
              bot_name != "Tom");
  EXPECT_EQ(r.at("names"), (boost::json::array{"Léa", "Tom", bot_name}));
  const auto& steps = r.at("steps").as_array();
  ASSERT_EQ(static_cast<int64_t>(steps.size()), room->version() + 1);
  EXPECT_TRUE(steps.front().as_object().at("action").is_null());
  EXPECT_EQ(steps.back().as_object().at("view"), room->state()->view(games::Viewer::spectator()));
  EXPECT_FALSE(lobby_->replay_json(*room->game_id() + 100).has_value());
  // Computed once, then served from the cache.
  const auto text = lobby_->replay_text(*room->game_id());
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(*text, games::canonical(*replay));
  EXPECT_EQ(lobby_->replay_text(*room->game_id()).get(), text.get());
  EXPECT_EQ(lobby_->replay_text(*room->game_id() + 100), nullptr);
  // Each event comes with its French sentence, naming the seats as the room does.
  int said = 0;
  for (const auto& step : steps) {
    for (const auto& e : step.at("events").as_array()) {
      if (const auto* say = e.as_object().if_contains("say")) {
        ++said;
        const std::string line(say->as_string());
        EXPECT_EQ(line.find("Joueur "), std::string::npos) << line;
      }
    }
  }
  EXPECT_GE(said, static_cast<int>(steps.size()) - 1);
}

TEST_F(LobbyTest, RoomsPlayInParallelOnSeveralThreads) {
  // The server handles rooms on a pool of threads: four games at once, with
  // the hourglass ticking beside them, all finish and are all stored.
  constexpr int kRooms = 4;
  std::vector<std::string> codes(kRooms);
  std::vector<std::thread> threads;
  std::atomic<bool> done = false;
  std::thread ticker([&] {
    while (!done) lobby_->tick(0);
  });
  for (int i = 0; i < kRooms; ++i) {
    threads.emplace_back([&, i] {
      Connection c;
      auto out = send(c, {{"type", "create"}, {"game", "wordbank"}, {"name", "P" + std::to_string(i)}});
      codes[i] = std::string(find(out, "welcome")->at("room").as_string());
      send(c, {{"type", "seat"}, {"seat", 0}});
      send(c, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
      send(c, {{"type", "start"}});
      auto helper = games::testing::game("wordbank").make_bot("easy", 100 + i);
      for (int guard = 0; guard < 500; ++guard) {
        c.allowance = kRateBurst;  // not testing the rate limit here
        out = send(c, {{"type", "view"}});
        const auto* v = find(out, "view");
        if (!v || v->at("over").as_bool()) break;
        const auto state = lobby_->room(codes[i])->state()->clone();  // a copy, read by this thread only
        if (state->to_act().empty() || state->to_act().front() != 0) continue;
        const auto action = helper->act(*state, 0);
        send(c, {{"type", "act"}, {"version", v->at("version")}, {"action", action->body}});
      }
    });
  }
  for (auto& t : threads) t.join();
  done = true;
  ticker.join();
  EXPECT_EQ(lobby_->rooms(), static_cast<std::size_t>(kRooms));
  std::size_t finished = 0;
  for (const auto& g : store_->recent(10)) finished += g.finished ? 1 : 0;
  EXPECT_EQ(finished, static_cast<std::size_t>(kRooms));
}

TEST_F(LobbyTest, OnlyFinishedGamesCanBeReplayed) {
  const auto list = lobby_->games_json().as_object().at("games").as_array();
  ASSERT_EQ(list.size(), games::registered_games().size());
  EXPECT_EQ(list[0].as_object().at("name"), "wordbank");
  EXPECT_EQ(list[0].as_object().at("max_players"), 5);
  Connection host;
  auto out = send(host, {{"type", "create"}, {"game", "lettralettre"}, {"name", "Léa"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  send(host, {{"type", "seat"}, {"seat", 0}});
  send(host, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
  ASSERT_EQ(error_code(send(host, {{"type", "start"}})), "");
  // In progress: its log may hold words still secret, so no replay yet.
  EXPECT_FALSE(lobby_->replay_json(*lobby_->room(code)->game_id()).has_value());
  EXPECT_TRUE(lobby_->recent_json(10).as_object().at("games").as_array().empty());
}

TEST_F(LobbyTest, BadInputGetsATypedErrorAndChangesNothing) {
  Connection c;
  EXPECT_EQ(error_code(lobby_->handle(c, "{nope", 0)), "bad_json");
  EXPECT_EQ(error_code(lobby_->handle(c, "[1,2]", 0)), "bad_message");
  EXPECT_EQ(error_code(lobby_->handle(c, std::string(20000, ' '), 0)), "too_large");
  EXPECT_EQ(error_code(send(c, {{"type", 5}})), "bad_field");
  EXPECT_EQ(error_code(send(c, {{"v", 2}, {"type", "create"}, {"game", "wordbank"}})), "bad_version");
  EXPECT_EQ(error_code(send(c, {{"type", "create"}, {"game", "chess"}})), "unknown_game");
  EXPECT_EQ(error_code(send(c, {{"type", "start"}})), "not_in_room");
  EXPECT_EQ(lobby_->rooms(), 0u);
  send(c, {{"type", "create"}, {"game", "lettralettre"}});
  EXPECT_EQ(error_code(send(c, {{"type", "dance"}})), "unknown_message");
  EXPECT_EQ(error_code(send(c, {{"type", "act"}, {"version", 0}, {"action", {{"type", "take"}}}})),
            "not_started");
  EXPECT_EQ(error_code(send(c, {{"type", "chat"}, {"text", std::string(400, 'a')}})), "bad_chat");
  EXPECT_EQ(error_code(lobby_->handle(c, "{\"type\":\"chat\",\"text\":\"\xff\"}", 0)),
            "bad_json");  // not UTF-8
  const auto out = send(c, {{"type", "chat"}, {"text", "<b>salut</b>"}});
  ASSERT_NE(find(out, "chat"), nullptr);
  EXPECT_EQ(find(out, "chat")->at("text"), "<b>salut</b>");  // kept as text: the client escapes it
}

TEST_F(LobbyTest, TheHostLocksKicksAndPlaysAgain) {
  Connection host, guest, late;
  auto out = send(host, {{"type", "create"}, {"game", "wordbank"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  out = send(guest, {{"type", "join"}, {"room", code}});
  const auto guest_id = find(out, "welcome")->at("member").to_number<int>();
  const std::string token(find(out, "welcome")->at("token").as_string());
  EXPECT_EQ(error_code(send(guest, {{"type", "lock"}})), "not_host");
  EXPECT_EQ(error_code(send(host, {{"type", "lock"}, {"locked", true}})), "");
  EXPECT_EQ(error_code(send(late, {{"type", "join"}, {"room", code}})), "room_locked");
  out = send(host, {{"type", "kick"}, {"member", guest_id}});
  ASSERT_NE(find(out, "kicked"), nullptr);
  EXPECT_EQ(find(out, "room")->at("members").as_array().size(), 1u);
  Connection again;  // a reload of the kicked player's page: told, not let back in
  EXPECT_EQ(error_code(send(again, {{"type", "resume"}, {"room", code}, {"token", token}})), "kicked");
  EXPECT_EQ(error_code(send(again, {{"type", "resume"}, {"room", code}, {"token", std::string(32, 'a')}})),
            "bad_token");
  EXPECT_EQ(error_code(send(host, {{"type", "kick"}, {"member", 1}})), "bad_member");
  // Play again in the same room: a finished game, then a new one.
  send(host, {{"type", "seat"}, {"seat", 0}});
  send(host, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
  ASSERT_EQ(error_code(send(host, {{"type", "start"}}, 10)), "");
  Room* room = lobby_->room(code);
  const auto first_game = room->game_id();
  auto helper = room->game().make_bot("medium", 5);
  for (int guard = 0; guard < 100 && !room->state()->is_terminal(); ++guard) {
    const auto action = helper->act(*room->state(), 0);
    ASSERT_EQ(error_code(send(host, {{"type", "act"}, {"version", room->version()}, {"action", action->body}},
                              20 + guard)),
              "");
  }
  ASSERT_TRUE(room->state()->is_terminal());
  ASSERT_EQ(error_code(send(host, {{"type", "start"}}, 500)), "");
  EXPECT_NE(room->game_id(), first_game);
  EXPECT_FALSE(room->state()->is_terminal());
  EXPECT_TRUE(store_->load(*first_game)->finished);
}

TEST_F(LobbyTest, APeekSaysTheRoomExistsBeforeTheNameFormAndCountsAsAGuess) {
  Connection owner, visitor;
  auto out = send(owner, {{"type", "create"}, {"game", "motpourmot"}, {"name", "Léa"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  std::string lower = code;
  for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  out = send(visitor, {{"type", "peek"}, {"room", lower}});
  const auto* peek = find(out, "peek");
  ASSERT_NE(peek, nullptr);
  EXPECT_EQ(peek->at("room").as_string(), code);
  EXPECT_EQ(peek->at("game"), "motpourmot");
  EXPECT_EQ(peek->at("status"), "lobby");
  EXPECT_EQ(peek->at("locked"), false);
  EXPECT_EQ(peek->size(), 5u) << "a peek tells nothing about the people inside";
  EXPECT_FALSE(visitor.member.has_value());  // peeking is not joining
  EXPECT_EQ(lobby_->room(code)->members(), 1u);
  // A wrong code is refused, and peeking cannot try codes faster than joining.
  Connection guesser;
  for (int i = 0; i < kMaxFailedJoins; ++i)
    EXPECT_EQ(error_code(send(guesser, {{"type", "peek"}, {"room", "ZZZZZ"}})), "unknown_room");
  EXPECT_EQ(error_code(send(guesser, {{"type", "peek"}, {"room", code}})), "too_many_tries");
}

TEST_F(LobbyTest, AKickedPlayersSeatKeepsTheirNameAndTheHostCanCloseTheRoomMidGame) {
  Connection host, guest, late;
  const auto [code, guest_id] = start_two(host, guest);
  auto out = send(host, {{"type", "kick"}, {"member", guest_id}}, 20);
  ASSERT_NE(find(out, "kicked"), nullptr);
  const auto& seats = find(out, "room")->at("seats").as_array();
  EXPECT_EQ(seats[1].as_object().at("name"), "Tom");  // not « Place 2 » in the results
  EXPECT_EQ(seats[0].as_object().at("name"), "Léa");
  // Closing the room to newcomers works during the game too.
  EXPECT_EQ(error_code(send(host, {{"type", "lock"}, {"locked", true}}, 30)), "");
  EXPECT_EQ(error_code(send(late, {{"type", "join"}, {"room", code}}, 40)), "room_locked");
  out = send(late, {{"type", "peek"}, {"room", code}}, 50);
  ASSERT_NE(find(out, "peek"), nullptr);
  EXPECT_EQ(find(out, "peek")->at("locked"), true);  // the join page can say so before asking a name
  EXPECT_EQ(find(out, "peek")->at("status"), "playing");
}

TEST_F(LobbyTest, AViewSaysWhetherItsViewerIsExpectedToActAndNothingAboutOthers) {
  Connection host, guest;
  const auto [code, guest_id] = start_two(host, guest);
  Room* room = lobby_->room(code);
  const auto seats = room->state()->to_act();
  ASSERT_EQ(seats.size(), 1u);  // Word Bank: one player at a time
  const auto turn_of = [&](int member) { return room->view_for(member).as_object().contains("your_turn"); };
  const int host_id = 1;
  EXPECT_EQ(turn_of(host_id), seats.front() == 0);
  EXPECT_EQ(turn_of(guest_id), seats.front() == 1);
}

TEST_F(LobbyTest, APlayerMayAskTheGamesPlayerToolsButNotItsSolver) {
  Connection host, guest, watcher;
  const auto ask_as = [&](Connection& c, const char* tool, games::JsonObject input) {
    return send(c, {{"type", "ask"}, {"tool", tool}, {"input", std::move(input)}, {"id", 7}});
  };
  const auto ask = [&](const char* tool, games::JsonObject input) {
    return ask_as(host, tool, std::move(input));
  };
  const auto refusal = [&](const std::vector<Delivery>& replies) -> std::string {
    const auto* a = find(replies, "answer");
    if (!a || !a->contains("error")) return "";
    EXPECT_EQ(a->at("id"), 7);
    EXPECT_FALSE(a->contains("answer"));
    return std::string(a->at("error").as_object().at("code").as_string());
  };
  {  // Before the game, nobody asks.
    auto out = send(host, {{"type", "create"}, {"game", "wordbank"}});
    EXPECT_EQ(refusal(ask("judge", {{"word", "maison"}, {"used", games::JsonArray{}}})), "not_playing");
  }
  const auto [code, guest_id] = start_two(host, guest);
  send(watcher, {{"type", "join"}, {"room", code}, {"name", "Zoé"}});
  EXPECT_EQ(refusal(ask_as(watcher, "judge", {{"word", "maison"}, {"used", games::JsonArray{}}})),
            "not_playing");
  auto out = ask("judge", {{"word", "protecteur"}, {"used", games::JsonArray{"protéger"}}});
  const auto* answer = find(out, "answer");
  ASSERT_NE(answer, nullptr) << games::canonical(out.front().message);
  EXPECT_EQ(answer->at("id"), 7);
  EXPECT_EQ(answer->at("answer").as_object().at("ok"), false);
  EXPECT_EQ(answer->at("answer").as_object().at("reason"), "same_family");
  out = ask("judge", {{"word", "zorglubette"}, {"used", games::JsonArray{}}});
  EXPECT_EQ(find(out, "answer")->at("answer").as_object().at("reason"), "unknown_word");
  out = ask("judge", {{"word", "maison"}, {"used", games::JsonArray{"château"}}});
  EXPECT_EQ(find(out, "answer")->at("answer").as_object().at("ok"), true);
  // The solver would play for the player: not offered.
  EXPECT_EQ(refusal(ask("solve", {{"circle", games::JsonArray{}}})), "unknown_tool");
  // Used words are words already played, not a costly made-up list.
  EXPECT_EQ(refusal(ask("judge",
                        {{"word", "maison"}, {"used", games::JsonArray{std::string(300, 'a') + " b c d"}}})),
            "bad_used");
  EXPECT_EQ(refusal(ask("judge", {{"used", games::JsonArray{}}})), "bad_field");
}

TEST_F(LobbyTest, AKickedTokenTriedFromAnotherRoomLeavesThatConnectionWhereItWas) {
  // Tom was sent away from room B; later, in room A, his tab goes back to B
  // with the token it kept: told, and still Tom of room A.
  Connection host_b, tom, host_a;
  auto out = send(host_b, {{"type", "create"}, {"game", "wordbank"}});
  const std::string b(find(out, "welcome")->at("room").as_string());
  out = send(tom, {{"type", "join"}, {"room", b}, {"name", "Tom"}});
  const std::string token(find(out, "welcome")->at("token").as_string());
  const auto tom_in_b = find(out, "welcome")->at("member").to_number<int>();
  send(host_b, {{"type", "kick"}, {"member", tom_in_b}});
  out = send(host_a, {{"type", "create"}, {"game", "wordbank"}});
  const std::string a(find(out, "welcome")->at("room").as_string());
  ASSERT_EQ(error_code(send(tom, {{"type", "join"}, {"room", a}, {"name", "Tom"}}, 1000)), "");
  const auto tom_in_a = *tom.member;
  EXPECT_EQ(error_code(send(tom, {{"type", "resume"}, {"room", b}, {"token", token}}, 2000)), "kicked");
  ASSERT_TRUE(tom.member.has_value());
  EXPECT_EQ(*tom.member, tom_in_a);
  EXPECT_EQ(tom.room, a);
  // When his tab closes, room A hears he left (the stand-in and expiry count on it).
  const auto closed = lobby_->disconnect(tom, 3000);
  const auto* summary = find(closed, "room");
  ASSERT_NE(summary, nullptr);
  for (const auto& m : summary->at("members").as_array()) {
    if (m.as_object().at("id").to_number<int>() == static_cast<int>(tom_in_a)) {
      EXPECT_FALSE(m.as_object().at("online").as_bool());
    }
  }
}

TEST_F(LobbyTest, FloodingIsRateLimited) {
  Connection c;
  send(c, {{"type", "create"}, {"game", "wordbank"}}, 0);
  int refused = 0;
  for (int i = 0; i < 100; ++i) {
    if (error_code(send(c, {{"type", "view"}}, 0)) == "rate_limited") ++refused;
  }
  EXPECT_EQ(refused, 100 - static_cast<int>(kRateBurst) + 1);    // the burst, then nothing
  EXPECT_EQ(error_code(send(c, {{"type", "view"}}, 1000)), "");  // a second later: allowed again
}

TEST_F(LobbyTest, GuessingJoinCodesIsThrottled) {
  Connection guesser;
  for (int i = 0; i < kMaxFailedJoins; ++i) {
    EXPECT_EQ(error_code(send(guesser, {{"type", "join"}, {"room", "ZZZZZ"}})), "unknown_room");
  }
  Connection owner;
  const auto out = send(owner, {{"type", "create"}, {"game", "wordbank"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  EXPECT_EQ(error_code(send(guesser, {{"type", "join"}, {"room", code}})), "too_many_tries");
  Connection other;
  EXPECT_EQ(error_code(send(other, {{"type", "join"}, {"room", code}})),
            "");  // codes are case-insensitive too
}

TEST_F(LobbyTest, GuessingFromManyConnectionsOfOneAddressIsThrottled) {
  Connection owner;
  const auto out = send(owner, {{"type", "create"}, {"game", "wordbank"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  // Fresh connections from one address, each under its own limit.
  int wrong = 0;
  for (int i = 0; wrong < kMaxFailedJoinsPerAddress; ++i) {
    Connection c;
    c.address = "203.0.113.7";
    for (int k = 0; k < kMaxFailedJoins - 1 && wrong < kMaxFailedJoinsPerAddress; ++k, ++wrong) {
      ASSERT_EQ(error_code(send(c, {{"type", "join"}, {"room", "ZZZZZ"}}, 1000)), "unknown_room");
    }
  }
  Connection fresh;
  fresh.address = "203.0.113.7";
  EXPECT_EQ(error_code(send(fresh, {{"type", "join"}, {"room", code}}, 2000)), "too_many_tries");
  Connection neighbour;  // another address is not punished
  neighbour.address = "203.0.113.8";
  EXPECT_EQ(error_code(send(neighbour, {{"type", "join"}, {"room", code}}, 2000)), "");
  // The window passes: the address may try again.
  EXPECT_EQ(error_code(send(fresh, {{"type", "join"}, {"room", code}}, 2000 + kFailedJoinWindowMs)), "");
}

TEST_F(LobbyTest, OneConnectionIsOneMemberOfARoom) {
  Connection host, guest;
  auto out = send(host, {{"type", "create"}, {"game", "wordbank"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  EXPECT_EQ(error_code(send(host, {{"type", "join"}, {"room", code}})), "already_in_room");
  send(guest, {{"type", "join"}, {"room", code}});
  for (int i = 0; i < 40; ++i)
    EXPECT_EQ(error_code(send(guest, {{"type", "join"}, {"room", code}}, 10'000 * i)), "already_in_room");
  EXPECT_EQ(lobby_->room(code)->members(), 2u);
}

TEST_F(LobbyTest, GoingBackAndForthBetweenRoomsDoesNotFillOne) {
  Connection host_a, host_b, guest;
  const std::string a(
      find(send(host_a, {{"type", "create"}, {"game", "wordbank"}}), "welcome")->at("room").as_string());
  const std::string b(
      find(send(host_b, {{"type", "create"}, {"game", "wordbank"}}), "welcome")->at("room").as_string());
  auto first = send(guest, {{"type", "join"}, {"room", a}, {"name", "Léa"}});
  const auto me = find(first, "welcome")->at("member").as_int64();
  for (int i = 1; i <= 40; ++i) {
    ASSERT_EQ(error_code(send(guest, {{"type", "join"}, {"room", b}}, 10'000 * i)), "");
    const auto back = send(guest, {{"type", "join"}, {"room", a}}, 10'000 * i + 5'000);
    ASSERT_EQ(error_code(back), "");
    EXPECT_EQ(find(back, "welcome")->at("member").as_int64(), me);  // the same person, back
  }
  EXPECT_EQ(lobby_->room(a)->members(), 2u);
  EXPECT_EQ(lobby_->room(b)->members(), 2u);
}

TEST_F(LobbyTest, ANewRoomUnderAnOldCodeIsNotTheOldRoom) {
  // A connection remembers who it was in each room it visited; a room that
  // closed may see its code given to a new one, where that memory must not
  // make the connection somebody else (with their token).
  Connection host, visitor;
  auto out = send(host, {{"type", "create"}, {"game", "wordbank"}, {"name", "Léa"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  const std::string host_token(find(out, "welcome")->at("token").as_string());
  visitor.rooms_visited.push_back({code, 1, "the token of a room long closed"});
  out = send(visitor, {{"type", "join"}, {"room", code}, {"name", "Tom"}});
  ASSERT_EQ(error_code(out), "");
  EXPECT_NE(find(out, "welcome")->at("member").as_int64(), 1);
  EXPECT_NE(find(out, "welcome")->at("token").as_string(), host_token);
  EXPECT_EQ(find(out, "welcome")->at("name").as_string(), "Tom");
}

TEST_F(LobbyTest, ManyConnectionsOfOneAddressCannotFillARoom) {
  Connection host;
  const std::string code(
      find(send(host, {{"type", "create"}, {"game", "wordbank"}}), "welcome")->at("room").as_string());
  std::vector<Connection> household(kMaxMembersPerAddress + 3);
  std::size_t in = 0;
  for (auto& c : household) {
    c.address = "198.51.100.4";
    if (error_code(send(c, {{"type", "join"}, {"room", code}})) == "") ++in;
  }
  EXPECT_EQ(in, kMaxMembersPerAddress);
  Connection extra;
  extra.address = "198.51.100.4";
  EXPECT_EQ(error_code(send(extra, {{"type", "join"}, {"room", code}})), "too_many_here");
  Connection neighbour;  // another address still gets in
  neighbour.address = "198.51.100.5";
  EXPECT_EQ(error_code(send(neighbour, {{"type", "join"}, {"room", code}})), "");
}

TEST_F(LobbyTest, KickedMembersHearNothingMoreAndLeaveTheCount) {
  Connection host;
  auto out = send(host, {{"type", "create"}, {"game", "wordbank"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  std::vector<Connection> guests(kMaxMembersPerRoom - 1);
  std::vector<int> ids;
  for (auto& g : guests) {
    out = send(g, {{"type", "join"}, {"room", code}});
    ids.push_back(find(out, "welcome")->at("member").to_number<int>());
  }
  Connection late;
  EXPECT_EQ(error_code(send(late, {{"type", "join"}, {"room", code}})), "room_full");
  out = send(host, {{"type", "kick"}, {"member", ids[0]}});
  ASSERT_NE(find(out, "kicked"), nullptr);
  // The kicked connection is nobody in the room: no chat, no seat, no view.
  auto& kicked = guests[0];
  EXPECT_EQ(error_code(send(kicked, {{"type", "chat"}, {"text", "je reste"}}, 1000)), "kicked");
  EXPECT_FALSE(kicked.member.has_value());
  EXPECT_EQ(error_code(send(kicked, {{"type", "seat"}, {"seat", 0}}, 1000)), "not_in_room");
  // Their place is free for a newcomer.
  EXPECT_EQ(error_code(send(late, {{"type", "join"}, {"room", code}}, 2000)), "");
  EXPECT_EQ(lobby_->room(code)->members(), kMaxMembersPerRoom);
}

TEST_F(LobbyTest, ChatRefusesControlCharacters) {
  Connection c;
  send(c, {{"type", "create"}, {"game", "wordbank"}});
  for (const std::string& bad :
       {std::string("a\0b", 3), std::string("ligne\nligne"), std::string("\x1b[31mrouge")}) {
    EXPECT_EQ(error_code(send(c, {{"type", "chat"}, {"text", bad}})), "bad_chat") << bad;
  }
  EXPECT_EQ(error_code(send(c, {{"type", "chat"}, {"text", "Bien joué\u00a0!"}})), "");
}

TEST_F(LobbyTest, ResumingWithTheTokenAfterARestart) {
  std::string code, token;
  int64_t version = 0;
  {
    Connection host, guest;
    auto out = send(host, {{"type", "create"}, {"game", "wordbank"}, {"name", "Léa"}});
    code = std::string(find(out, "welcome")->at("room").as_string());
    out = send(guest, {{"type", "join"}, {"room", code}, {"name", "Tom"}});
    token = std::string(find(out, "welcome")->at("token").as_string());
    send(host, {{"type", "seat"}, {"seat", 0}});
    send(guest, {{"type", "seat"}, {"seat", 1}});
    ASSERT_EQ(error_code(send(host, {{"type", "start"}}, 100)), "");
    Room* room = lobby_->room(code);
    const auto seat = room->state()->to_act().front();
    ASSERT_EQ(error_code(send(seat == 0 ? host : guest,
                              {{"type", "act"}, {"version", 0}, {"action", {{"type", "pass"}}}}, 200)),
              "");
    version = room->version();
  }
  // Restart: a new lobby over the same store.
  lobby_ = std::make_unique<Lobby>(all_games(), *store_);
  EXPECT_EQ(lobby_->restore(1000), 1u);
  Connection back;
  EXPECT_EQ(error_code(send(back, {{"type", "resume"}, {"room", code}, {"token", "wrong"}})), "bad_token");
  const auto out = send(back, {{"type", "resume"}, {"room", code}, {"token", token}});
  const auto* w = find(out, "welcome");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->at("name"), "Tom");
  EXPECT_FALSE(w->contains("token"));
  const auto* view = find(out, "view");
  ASSERT_NE(view, nullptr);
  EXPECT_EQ(view->at("version"), version);
  EXPECT_EQ(view->at("view").as_object().at("you"), 1);
}

TEST_F(LobbyTest, ARestartBringsBackEveryRoomAsPlayersLeftIt) {
  std::string waiting, ended, guest_token;
  std::string before_waiting, before_ended_view;
  {
    // A room still in the lobby: seats, a bot, options, the lock.
    Connection host, guest;
    auto out = send(host, {{"type", "create"}, {"game", "wordbank"}, {"name", "Léa"}});
    waiting = std::string(find(out, "welcome")->at("room").as_string());
    out = send(guest, {{"type", "join"}, {"room", waiting}, {"name", "Tom"}});
    guest_token = std::string(find(out, "welcome")->at("token").as_string());
    send(host, {{"type", "players"}, {"players", 3}});
    send(host, {{"type", "seat"}, {"seat", 0}});
    send(guest, {{"type", "seat"}, {"seat", 2}});
    send(host, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
    send(host, {{"type", "options"}, {"options", {{"turn_seconds", 45}}}});
    send(host, {{"type", "lock"}, {"locked", true}});
    before_waiting = games::canonical(lobby_->room(waiting)->summary());
    // A room whose game just ended: its results are still on screen.
    Connection solo;
    out = send(solo, {{"type", "create"}, {"game", "wordbank"}});
    ended = std::string(find(out, "welcome")->at("room").as_string());
    send(solo, {{"type", "seat"}, {"seat", 0}});
    send(solo, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
    ASSERT_EQ(error_code(send(solo, {{"type", "start"}}, 10)), "");
    Room* room = lobby_->room(ended);
    auto helper = room->game().make_bot("medium", 5);
    for (int guard = 0; guard < 200 && !room->state()->is_terminal(); ++guard) {
      const auto action = helper->act(*room->state(), 0);
      ASSERT_EQ(
          error_code(send(solo, {{"type", "act"}, {"version", room->version()}, {"action", action->body}},
                          20 + guard)),
          "");
    }
    ASSERT_TRUE(room->state()->is_terminal());
    before_ended_view = games::canonical(room->view_for(1));
  }
  lobby_.reset();
  store_.reset();
  store_ = open_sqlite_store(path_);
  lobby_ = std::make_unique<Lobby>(all_games(), *store_);
  EXPECT_EQ(lobby_->restore(5000), 2u);
  // Nobody is connected yet; otherwise everything is as it was.
  auto offline = [](std::string summary) {
    for (std::size_t at; (at = summary.find("\"online\":true")) != std::string::npos;)
      summary.replace(at, 13, "\"online\":false");
    return summary;
  };
  EXPECT_EQ(games::canonical(lobby_->room(waiting)->summary()), offline(before_waiting));
  EXPECT_EQ(lobby_->room(ended)->summary().as_object().at("status"), "over");
  EXPECT_EQ(games::canonical(lobby_->room(ended)->view_for(1)), before_ended_view);
  Connection back, stranger;
  const auto out = send(back, {{"type", "resume"}, {"room", waiting}, {"token", guest_token}}, 6000);
  ASSERT_NE(find(out, "welcome"), nullptr);
  EXPECT_EQ(find(out, "welcome")->at("name"), "Tom");
  EXPECT_EQ(error_code(send(stranger, {{"type", "join"}, {"room", waiting}}, 6000)), "room_locked");
}

TEST_F(LobbyTest, EmptyRoomsCloseButGamesUnderWayStay) {
  Connection host, player;
  auto out = send(host, {{"type", "create"}, {"game", "wordbank"}}, 0);
  const std::string idle(find(out, "welcome")->at("room").as_string());
  out = send(player, {{"type", "create"}, {"game", "wordbank"}}, 0);
  const std::string busy(find(out, "welcome")->at("room").as_string());
  send(player, {{"type", "seat"}, {"seat", 0}}, 0);
  send(player, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}}, 0);
  ASSERT_EQ(error_code(send(player, {{"type", "start"}}, 0)), "");
  lobby_->disconnect(host, 1000);
  lobby_->disconnect(player, 1000);
  lobby_->tick(1000 + kRoomIdleMs - 1);
  EXPECT_EQ(lobby_->rooms(), 2u);
  lobby_->tick(1000 + kRoomIdleMs);
  EXPECT_EQ(lobby_->rooms(), 1u);  // the idle lobby closed; the game waits for its players
  EXPECT_EQ(lobby_->room(idle), nullptr);
  EXPECT_NE(lobby_->room(busy), nullptr);
  Connection late;
  EXPECT_EQ(error_code(send(late, {{"type", "join"}, {"room", idle}}, 2000 + kRoomIdleMs)), "unknown_room");
  // Gone from the store too: a restart does not bring it back.
  for (const auto& saved : store_->rooms()) EXPECT_NE(saved.code, idle);
}

TEST_F(LobbyTest, AFinishedRoomClosesWhenLeftButItsReplayStays) {
  Connection solo;
  auto out = send(solo, {{"type", "create"}, {"game", "wordbank"}});
  const std::string code(find(out, "welcome")->at("room").as_string());
  send(solo, {{"type", "seat"}, {"seat", 0}});
  send(solo, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
  ASSERT_EQ(error_code(send(solo, {{"type", "start"}}, 10)), "");
  Room* room = lobby_->room(code);
  auto helper = room->game().make_bot("medium", 5);
  for (int guard = 0; guard < 200 && !room->state()->is_terminal(); ++guard) {
    const auto action = helper->act(*room->state(), 0);
    ASSERT_EQ(error_code(send(solo, {{"type", "act"}, {"version", room->version()}, {"action", action->body}},
                              20 + guard)),
              "");
  }
  ASSERT_TRUE(room->state()->is_terminal());
  const auto game_id = room->view_for(1).as_object().at("game_id").as_int64();
  lobby_->disconnect(solo, 1000);
  lobby_->tick(1000 + kRoomIdleMs);
  EXPECT_EQ(lobby_->room(code), nullptr);                 // nobody left and no game under way: closed
  ASSERT_TRUE(lobby_->replay_json(game_id).has_value());  // the game itself stays, for its replay
  const auto recent = games::canonical(lobby_->recent_json(20));
  EXPECT_NE(recent.find("\"id\":" + std::to_string(game_id)), std::string::npos);
}

TEST_F(LobbyTest, OneAddressCannotOpenEveryRoom) {
  for (int i = 0; i < kMaxRoomsPerAddress; ++i) {
    Connection c;
    c.address = "198.51.100.4";
    ASSERT_EQ(error_code(send(c, {{"type", "create"}, {"game", "wordbank"}})), "");
  }
  Connection more;
  more.address = "198.51.100.4";
  EXPECT_EQ(error_code(send(more, {{"type", "create"}, {"game", "wordbank"}})), "too_many_rooms");
  Connection other;
  other.address = "198.51.100.5";
  EXPECT_EQ(error_code(send(other, {{"type", "create"}, {"game", "wordbank"}})), "");
  // The cap on all rooms is a setting.
  lobby_->set_max_rooms(lobby_->rooms());
  Connection last;
  EXPECT_EQ(error_code(send(last, {{"type", "create"}, {"game", "wordbank"}})), "too_many_rooms");
}

// The transport asks whether a bot is due before waking a room thread for it.
TEST_F(LobbyTest, ABotIsDueOnlyOnItsTurnAndWhileNoJobIsOut) {
  lobby_ = std::make_unique<Lobby>(all_games(), *store_);
  lobby_->set_deferred_bots(true);
  Connection host;
  send(host, {{"type", "create"}, {"game", "wordbank"}, {"name", "A"}});
  const auto code = host.room;
  send(host, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
  ASSERT_EQ(error_code(send(host, {{"type", "start"}})), "");
  EXPECT_FALSE(lobby_->bot_due("NOPE", 0));
  auto* room = lobby_->room(code);
  if (room->state()->to_act().front() == 0) {
    EXPECT_FALSE(lobby_->bot_due(code, 0));  // the person's turn
    send(host, {{"type", "act"}, {"version", room->version()}, {"action", {{"type", "pass"}}}});
  }
  ASSERT_TRUE(lobby_->bot_due(code, 0));
  auto job = lobby_->take_bot_job(code, 0);
  ASSERT_TRUE(job);
  EXPECT_FALSE(lobby_->bot_due(code, 0));  // one job out at a time
  lobby_->bot_moved(code, *job, job->bot->act(*job->state, job->seat));
  EXPECT_FALSE(lobby_->bot_due(code, 0));  // the person's turn again
}

TEST_F(LobbyTest, AnActionsIdComesBackAsAnAckOrWithItsRefusal) {
  Connection host;
  auto out = send(host, {{"type", "create"}, {"game", "wordbank"}});
  send(host, {{"type", "seat"}, {"seat", 0}});
  send(host, {{"type", "bot"}, {"seat", 1}, {"level", "easy"}});
  ASSERT_EQ(error_code(send(host, {{"type", "start"}}, 10)), "");
  const std::string code(find(out, "welcome")->at("room").as_string());
  Room* room = lobby_->room(code);
  // Make it the host's turn (the inline bot plays its own at once).
  ASSERT_EQ(room->state()->to_act().front(), 0);
  const auto version = room->version();
  out = send(host, {{"type", "act"}, {"version", version}, {"action", {{"type", "pass"}}}, {"id", 41}}, 20);
  const auto* view = find(out, "view");
  ASSERT_NE(view, nullptr);
  EXPECT_EQ(view->at("ack"), 41);
  out = send(host, {{"type", "act"}, {"version", version}, {"action", {{"type", "pass"}}}, {"id", 42}}, 30);
  ASSERT_EQ(error_code(out), "stale");
  EXPECT_EQ(find(out, "error")->at("id"), 42);
  EXPECT_FALSE(find(out, "view")->contains("ack"));  // the current view, not an acceptance
}

TEST_F(LobbyTest, AnOutageCostsNoTimeOnTheHourglass) {
  constexpr int64_t kStart = 1'000'000, kTurn = 30'000, kDown = 3'600'000;
  std::string code;
  {
    Connection host, guest;
    auto out = send(host, {{"type", "create"}, {"game", "wordbank"}});
    code = std::string(find(out, "welcome")->at("room").as_string());
    send(guest, {{"type", "join"}, {"room", code}});
    send(host, {{"type", "seat"}, {"seat", 0}});
    send(guest, {{"type", "seat"}, {"seat", 1}});
    send(host, {{"type", "options"}, {"options", {{"turn_seconds", 30}}}});
    ASSERT_EQ(error_code(send(host, {{"type", "start"}}, kStart)), "");
    lobby_->tick(kStart + 10'000);  // the server runs 10 s of the turn, then dies
  }
  // An hour later, on another process: the store's heartbeat says when it stopped.
  lobby_.reset();
  store_.reset();
  store_ = open_sqlite_store(path_);
  lobby_ = std::make_unique<Lobby>(all_games(), *store_);
  const int64_t back = kStart + 10'000 + kDown;
  ASSERT_EQ(lobby_->restore(back), 1u);
  EXPECT_TRUE(lobby_->tick(back).empty());  // nothing fired on restart
  EXPECT_EQ(lobby_->room(code)->version(), 0);
  const auto left = kTurn - 10'000;  // the 20 s that were left
  EXPECT_EQ(lobby_->room(code)->view_for(1).as_object().at("deadline_ms"), back + left);
  lobby_->tick(back + left - 1);
  EXPECT_EQ(lobby_->room(code)->version(), 0);
  lobby_->tick(back + left);
  EXPECT_EQ(lobby_->room(code)->version(), 1);  // the timeout, when its time came
  // A second restart does not count the first outage again.
  lobby_.reset();
  store_.reset();
  store_ = open_sqlite_store(path_);
  lobby_ = std::make_unique<Lobby>(all_games(), *store_);
  ASSERT_EQ(lobby_->restore(back + left + 1000), 1u);
  // The timeout started the next turn at game time kTurn, 1 ms after the
  // last heartbeat (tick(back + left - 1)): that millisecond is all the
  // next turn had used; it resumes with the rest.
  EXPECT_EQ(lobby_->room(code)->view_for(1).as_object().at("deadline_ms"), back + left + 1000 + kTurn + 1);
}

}  // namespace
}  // namespace logomachie::server
