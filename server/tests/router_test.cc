// Plain HTTP answers without a network (server/router.h).
#include <gtest/gtest.h>

#include "games/core/tests/test_support.h"
#include "server/lobby.h"
#include "server/metrics.h"
#include "server/router.h"
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
  EXPECT_TRUE(is_replay_target("/api/replays/3"));
  EXPECT_FALSE(is_replay_target("/api/replays"));
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
