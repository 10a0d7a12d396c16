// Golden scenarios: every tests/data/scenarios/*.json is a whole game (or the
// part of one a rule needs) replayed by its engine, with what the rulebook says
// must follow written beside it. Adding a rule's proof is adding a file.
//
// Beyond the replay format of docs/scenarios.md, a scenario may hold:
//  - "title": what it proves, in a sentence;
//  - "expect": {"/json/pointer": value, …} checked against the final
//    State::serialize() (exact JSON equality);
//  - "events": partial events that must be emitted, in this order (each listed
//    object's fields must equal those of some later event); each event also
//    carries its sentence as "say" (Game::describe, seats named « Joueur n »),
//    so a scenario may pin how a move is told;
//  - "refused": actions tried after the last accepted one, each with the
//    "code" its refusal must carry; none may change the state.
// Every event is also told by describe() and by the game's terminal screen,
// neither of which may throw (a Ténèbres clue has no text, and the terminal
// once read one).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "games/core/narration.h"
#include "games/core/registry.h"
#include "games/core/replay.h"
#include "games/core/terminal.h"
#include "test_support.h"

namespace logomachie::games {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(LOGO_SCENARIO_DIR)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

Json load(const std::string& name) {
  std::ifstream in(fs::path(LOGO_SCENARIO_DIR) / name);
  std::stringstream text;
  text << in.rdbuf();
  return boost::json::parse(text.str());
}

// Every field of `part` equals the same field of `whole` (recursively for objects).
bool matches(const Json& whole, const Json& part) {
  if (!part.is_object()) return whole == part;
  if (!whole.is_object()) return false;
  for (const auto& [key, value] : part.get_object()) {
    const auto* field = whole.get_object().if_contains(key);
    if (!field || !matches(*field, value)) return false;
  }
  return true;
}

class Scenario : public ::testing::TestWithParam<std::string> {};

TEST_P(Scenario, ReplaysAsTheRulebookSays) {
  const auto doc = load(GetParam());
  const auto& o = doc.as_object();
  const auto record = Record::from_json(doc);
  const auto& game = testing::game(record.game);
  if (const auto* title = o.if_contains("title")) RecordProperty("title", std::string(title->as_string()));

  auto state = game.new_state(record.setup);
  auto screen = game.terminal();
  if (screen) {
    screen->game = &game;
    screen->names.assign(static_cast<std::size_t>(state->players()), "");
  }
  std::vector<Json> events;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    auto result = state->apply(record.actions[i]);
    ASSERT_TRUE(result.ok()) << "action " << i + 1 << " "
                             << boost::json::serialize(record.actions[i].to_json())
                             << " refused: " << result.error->code << " " << result.error->message;
    if (screen) {
      std::ostringstream told;
      EXPECT_NO_THROW(screen->narrate(*state, result.events, told)) << "action " << i + 1;
    }
    for (auto& e : result.events) {
      Json said;
      EXPECT_NO_THROW(said = with_sentence(game, e, {})) << boost::json::serialize(e);
      events.push_back(said.is_null() ? std::move(e) : std::move(said));
    }
  }

  const auto final_state = state->serialize();
  if (const auto* expect = o.if_contains("expect")) {
    for (const auto& [pointer, value] : expect->as_object()) {
      boost::system::error_code ec;
      const auto* found = final_state.find_pointer(pointer, ec);
      ASSERT_TRUE(found) << pointer << " is not in the final state";
      EXPECT_EQ(*found, value) << pointer << " is " << boost::json::serialize(*found);
    }
  }

  if (const auto* wanted = o.if_contains("events")) {
    std::size_t next = 0;
    for (const auto& part : wanted->as_array()) {
      while (next < events.size() && !matches(events[next], part)) ++next;
      ASSERT_LT(next, events.size()) << "no event " << boost::json::serialize(part) << " (in order)";
      ++next;
    }
  }

  if (const auto* refused = o.if_contains("refused")) {
    for (const auto& tried : refused->as_array()) {
      auto body = tried.as_object();
      const std::string code(body.at("code").as_string());
      body.erase("code");
      const auto action = Action::from_json(body);
      testing::must_refuse(*state, action.actor, action.body, code, action.at);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Golden, Scenario, ::testing::ValuesIn(scenario_files()), [](const auto& info) {
  std::string name = info.param.substr(0, info.param.size() - 5);
  for (auto& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
});

// Every registered game has at least one golden scenario.
TEST(Scenario, EveryGameHasAGoldenGame) {
  const auto files = scenario_files();
  for (const auto& g : registered_games()) {
    const std::string golden = std::string(g.name) + "-golden.json";
    EXPECT_NE(std::find(files.begin(), files.end(), golden), files.end()) << "no " << golden;
  }
}

}  // namespace
}  // namespace logomachie::games
