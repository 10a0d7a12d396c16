// Plain HTTP answers without a network (server/router.h).
#include "server/router.h"

#include <gtest/gtest.h>

#include "games/core/options.h"
#include "games/core/registry.h"
#include "games/core/tests/test_support.h"
#include "server/lobby.h"
#include "server/metrics.h"
#include "server/static_files.h"
#include "server/tests/no_store.h"

namespace logomachie::server {
namespace {

TEST(Router, AnswersEachPathWithItsStatus) {
  NoStore store;
  Lobby lobby(std::vector<const games::Game*>{}, store);
  Metrics metrics;
  StaticFiles web;
  const RouterContext context{lobby, metrics, web};
  EXPECT_EQ(route(context, "GET", "/healthz").status, 200);
  EXPECT_EQ(route(context, "GET", "/healthz").body, "ok\n");
  EXPECT_EQ(route(context, "POST", "/healthz").status, 405);
  EXPECT_EQ(route(context, "GET", "/api/nope").status, 404);
  EXPECT_EQ(route(context, "GET", "/api/replays/12x").status, 404);
  EXPECT_EQ(route(context, "GET", "/api/replays").cache_control, "no-store");
  // The WebSocket's address asked as a page (or with a query) is not the home page.
  EXPECT_EQ(route(context, "GET", "/ws").status, 426);
  EXPECT_EQ(route(context, "GET", "/ws?x=1").status, 426);
  EXPECT_EQ(route(context, "GET", "/").status, 200);  // no web client built: a short note
  // What reads finished games from the store runs off the network thread, rate-limited.
  EXPECT_TRUE(is_replay_target("/api/replays/3"));
  EXPECT_TRUE(is_replay_target("/api/replays"));
  EXPECT_TRUE(is_replay_target("/api/replays?page=2"));
  EXPECT_FALSE(is_replay_target("/api/replaysx"));
  EXPECT_FALSE(is_replay_target("/api/games"));
}

// /api/games carries each game's options schema: the web client draws its
// options forms from it (docs/protocol.md).
TEST(Router, TheGamesListCarriesEachGamesOptions) {
  NoStore store;
  std::vector<const games::Game*> list;
  for (const auto& g : games::registered_games()) list.push_back(&games::testing::game(g.name));
  Lobby lobby(list, store);
  Metrics metrics;
  StaticFiles web;
  const auto reply = route(RouterContext{lobby, metrics, web}, "GET", "/api/games");
  ASSERT_EQ(reply.status, 200);
  const auto served = games::parse_json(reply.body).as_object().at("games").as_array();
  ASSERT_EQ(served.size(), list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& info = list[i]->info();
    const auto& g = served[i].as_object();
    EXPECT_EQ(g.at("name").as_string(), info.name);
    ASSERT_TRUE(g.contains("options")) << info.name;
    EXPECT_EQ(games::canonical(g.at("options")), games::canonical(games::options_json(info)));
    EXPECT_EQ(g.at("options").as_array().size(), info.options.size());
    EXPECT_FALSE(info.options.empty()) << info.name << " declares no option";
  }
  // One option in full: Word Bank's hourglass.
  const auto& turn = served[0].as_object().at("options").as_array()[0].as_object();
  EXPECT_EQ(turn.at("name").as_string(), "turn_seconds");
  EXPECT_EQ(turn.at("kind").as_string(), "int");
  EXPECT_EQ(turn.at("default").as_int64(), 0);
  EXPECT_EQ(turn.at("min").as_int64(), 0);
  EXPECT_EQ(turn.at("max").as_int64(), 3600);
  EXPECT_EQ(turn.at("suggested").as_array()[0].as_object().at("label").as_string(), "sans sablier");
}

TEST(Router, MetricsCountWhatTheServerSurvived) {
  NoStore store;
  Lobby lobby(std::vector<const games::Game*>{}, store);
  Metrics metrics;
  StaticFiles web;
  metrics.accept_errors += 3;
  metrics.idle_closed += 2;
  metrics.observe(0.002);
  const auto text = route(RouterContext{lobby, metrics, web}, "GET", "/metrics").body;
  EXPECT_NE(text.find("logomachie_accept_errors_total 3\n"), std::string::npos);
  EXPECT_NE(text.find("logomachie_idle_closed_total 2\n"), std::string::npos);
  EXPECT_NE(text.find("logomachie_message_seconds_bucket{le=\"0.0025\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("logomachie_message_seconds_bucket{le=\"0.001\"} 0\n"), std::string::npos);
  EXPECT_NE(text.find("logomachie_rooms 0\n"), std::string::npos);
}

}  // namespace
}  // namespace logomachie::server

namespace logomachie::server {
namespace {

TEST(ClientAddress, OnlyATrustedProxyNamesTheClient) {
  const std::vector<std::string> lb{"127.0.0.1"};
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.7", lb), "203.0.113.7");
  // The client may write its own X-Forwarded-For: the proxy appends the real one last.
  EXPECT_EQ(client_address("127.0.0.1", "10.0.0.1, 203.0.113.7", lb), "203.0.113.7");
  EXPECT_EQ(client_address("127.0.0.1", "2001:db8::1", lb), "2001:db8::1");
  // Anyone else's header is ignored, as is a header that is no address.
  EXPECT_EQ(client_address("198.51.100.2", "203.0.113.7", lb), "198.51.100.2");
  EXPECT_EQ(client_address("127.0.0.1", "", lb), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.7, <script>", lb), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.7", {}), "127.0.0.1");
}

}  // namespace
}  // namespace logomachie::server

namespace logomachie::server {
namespace {

TEST(ClusterNumbers, SumsEveryNodesNumbers) {
  Metrics a;
  a.messages = 5;
  a.connections = 2;
  Metrics b;
  b.messages = 7;
  const auto json =
      games::parse_json(cluster_json({{"n1", a.json(3)}, {"n2", b.json(1)}, {"n3", "not json"}}));
  const auto& total = json.as_object().at("total").as_object();
  EXPECT_EQ(total.at("messages").as_int64(), 12);
  EXPECT_EQ(total.at("rooms").as_int64(), 4);
  EXPECT_EQ(total.at("connections").as_int64(), 2);
  EXPECT_EQ(json.as_object().at("nodes").as_array().size(), 3u);
}

TEST(ClusterNumbers, OnlyAClusterNodeAnswers) {
  NoStore store;
  Lobby lobby(std::vector<const games::Game*>{}, store);
  Metrics metrics;
  StaticFiles web;
  EXPECT_EQ(route(RouterContext{lobby, metrics, web}, "GET", "/api/cluster").status, 404);
  ClusterView view;
  view.set(R"({"nodes":[],"total":{}})");
  const auto reply = route(RouterContext{lobby, metrics, web, &view}, "GET", "/api/cluster");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.body, R"({"nodes":[],"total":{}})");
}

}  // namespace
}  // namespace logomachie::server
