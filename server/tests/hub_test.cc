// The hub without a network: each delivery reaches exactly its members'
// sessions, as one shared buffer; a kicked member's sessions get the news
// and then nothing more from the room.
#include "server/hub.h"

#include <gtest/gtest.h>

namespace logomachie::server {
namespace {

struct Recorder final : Subscriber {
  void send(SharedText text) override { got.push_back(std::move(text)); }
  std::vector<SharedText> got;
};

std::vector<Outbound> one(std::string room, std::optional<MemberId> member, games::JsonObject message) {
  return serialized({{std::move(room), member, std::move(message)}}, 1000);
}

TEST(Hub, DeliversToTheRightSessionsWithOneSharedBuffer) {
  Hub hub;
  auto a = std::make_shared<Recorder>(), a2 = std::make_shared<Recorder>(), b = std::make_shared<Recorder>(),
       other = std::make_shared<Recorder>();
  hub.subscribe(a, "ROOMA", 1);
  hub.subscribe(a2, "ROOMA", 1);  // the same person in a second tab
  hub.subscribe(b, "ROOMA", 2);
  hub.subscribe(other, "ROOMB", 1);
  hub.deliver(nullptr, one("ROOMA", std::nullopt, {{"type", "room"}}));
  ASSERT_EQ(a->got.size(), 1u);
  ASSERT_EQ(b->got.size(), 1u);
  EXPECT_EQ(a->got[0].get(), b->got[0].get());  // serialized once, shared
  EXPECT_TRUE(other->got.empty());
  hub.deliver(nullptr, one("ROOMA", 2, {{"type", "view"}}));
  EXPECT_EQ(a->got.size(), 1u);
  EXPECT_EQ(b->got.size(), 2u);
  // The sender's own reply, and error counting.
  EXPECT_EQ(hub.deliver(b, one("", std::nullopt, {{"type", "error"}, {"code", "stale"}})), 1u);
  EXPECT_EQ(b->got.size(), 3u);
}

TEST(Hub, ViewsAndWelcomesCarryTheServersClock) {
  const auto out = serialized({{"R", 1, games::JsonObject{{"type", "view"}, {"version", 3}}},
                               {"R", std::nullopt, games::JsonObject{{"type", "room"}}}},
                              1'700'000'000'123);
  EXPECT_NE(out[0].text->find("\"server_ms\":1700000000123"), std::string::npos);
  EXPECT_EQ(out[1].text->find("server_ms"), std::string::npos);
}

TEST(Hub, AKickedMemberHearsTheNewsThenNothing) {
  Hub hub;
  auto host = std::make_shared<Recorder>(), guest = std::make_shared<Recorder>(),
       tab = std::make_shared<Recorder>();
  hub.subscribe(host, "ROOMA", 1);
  hub.subscribe(guest, "ROOMA", 2);
  hub.subscribe(tab, "ROOMA", 2);
  auto out = one("ROOMA", 2, {{"type", "kicked"}});
  const auto summary = one("ROOMA", std::nullopt, {{"type", "room"}});
  out.insert(out.end(), summary.begin(), summary.end());
  hub.deliver(host, out);
  EXPECT_EQ(guest->got.size(), 1u);  // the news only, not the summary after it
  EXPECT_EQ(tab->got.size(), 1u);
  EXPECT_EQ(host->got.size(), 1u);
  EXPECT_EQ(hub.listeners("ROOMA"), 1u);
  hub.deliver(nullptr, one("ROOMA", std::nullopt, {{"type", "chat"}}));
  EXPECT_EQ(guest->got.size(), 1u);
  hub.unsubscribe(host, "ROOMA", 1);
  EXPECT_EQ(hub.listeners("ROOMA"), 0u);
}

}  // namespace
}  // namespace logomachie::server
