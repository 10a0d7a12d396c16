// Golden views for the web client: real views of every registered game,
// written as TypeScript (web/tests/golden/<game>.ts) that the web build's
// type check (`tsc --noEmit`, web/tsconfig.json includes tests/golden) reads
// against the game's view type (`ViewOf<'game'>`, web/src/games/index.ts).
// A field renamed, added or dropped on one side fails one of the two checks:
//  - here, when the engine's views no longer match the committed samples;
//  - in tsc, when the committed samples no longer fit the client's types
//    (an object literal with a field the type does not declare, or without
//    one it requires).
// Regenerate after a deliberate change (a new field, a rule, a bot's move):
//   scripts/update-web-golden.sh
// which runs this test with LOGO_UPDATE_WEB_GOLDEN=1 (it then writes the
// files instead of comparing), then the web type check.
//
// Which views: medium bots play a few seeded games of each game (its fewest
// and a middling number of seats, and each value of each choice or yes/no
// option the bots can play), and a view is kept when it shows a shape no
// kept view showed yet for its kind of viewer (a field, or a field's JSON
// kind: null, a number, a string…, array elements merged). So the samples
// cover every field the engine sent in those games, phase by phase, seat by
// seat, in a few views each. Likewise the outcomes' details.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/core/options.h"
#include "games/core/registry.h"
#include "games/core/self_play.h"
#include "test_support.h"

namespace logomachie::games {
namespace {

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : registered_games()) names.emplace_back(g.name);
  return names;
}

const char* kind_of(const Json& v) {
  switch (v.kind()) {
    case boost::json::kind::null:
      return "null";
    case boost::json::kind::bool_:
      return "bool";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
    case boost::json::kind::double_:
      return "number";
    case boost::json::kind::string:
      return "string";
    case boost::json::kind::array:
      return "array";
    case boost::json::kind::object:
      return "object";
  }
  return "?";
}

// Every path of `v` with the kind found there ("turn.flag.votes[]:null").
void shapes(const Json& v, const std::string& path, std::set<std::string>& out) {
  out.insert(path + ":" + kind_of(v));
  if (v.is_object()) {
    for (const auto& [key, x] : v.as_object()) shapes(x, path + "." + std::string(key), out);
  } else if (v.is_array()) {
    for (const auto& x : v.as_array()) shapes(x, path + "[]", out);
  }
}

// Keeps `v` when it shows a shape `seen` lacks.
void keep_if_new(const Json& v, std::set<std::string>& seen, std::vector<Json>& kept) {
  std::set<std::string> mine;
  shapes(v, "", mine);
  bool fresh = false;
  for (const auto& s : mine) fresh = seen.insert(s).second || fresh;
  if (fresh) kept.push_back(v);
}

// JSON as readable TypeScript: canonical (keys sorted), a value on one line
// when it fits in `width`, else one member per line.
void pretty(const Json& v, int indent, std::string& out) {
  const std::string flat = canonical(v);
  const bool nested = v.is_object() ? !v.as_object().empty() : v.is_array() && !v.as_array().empty();
  if (!nested || indent + flat.size() <= 110) {
    out += flat;
    return;
  }
  const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
  if (v.is_array()) {
    out += "[\n";
    for (const auto& x : v.as_array()) {
      out += pad;
      pretty(x, indent + 2, out);
      out += ",\n";
    }
  } else {
    // Sorted keys, as canonical() puts them.
    std::vector<std::string> keys;
    for (const auto& [key, x] : v.as_object()) keys.emplace_back(key);
    std::sort(keys.begin(), keys.end());
    out += "{\n";
    for (const auto& key : keys) {
      out += pad + canonical(Json(key)) + ": ";
      pretty(v.as_object().at(key), indent + 2, out);
      out += ",\n";
    }
  }
  out += std::string(static_cast<std::size_t>(indent), ' ') + (v.is_array() ? "]" : "}");
}

std::string list(const std::vector<Json>& values) {
  std::string out = "[\n";
  for (const auto& v : values) {
    out += "  ";
    pretty(v, 2, out);
    out += ",\n";
  }
  return out + "]";
}

// The setups played: the fewest seats and a middling table, then each other
// value of each choice or yes/no option (the rest at their defaults), when
// bots may play it.
std::vector<Setup> setups(const Game& game) {
  const auto& info = game.info();
  std::vector<Setup> out;
  auto add = [&](int players, JsonObject options) {
    Setup s;
    s.players = players;
    s.seed = out.size() + 1;
    s.options = std::move(options);
    try {
      (void)game.new_state(s);
    } catch (const ActionError&) {
      return;  // not a valid table (an option needing more seats)
    }
    if (game.check_bots(s, std::vector<bool>(static_cast<std::size_t>(players), true))) return;
    out.push_back(std::move(s));
  };
  const int fewest = info.min_players;
  const int middling = std::max(fewest, std::min(info.max_players, 4));
  add(fewest, {});
  if (middling != fewest) add(middling, {});
  for (const auto& spec : info.options) {
    std::vector<Json> values;
    if (spec.kind == OptionSpec::Kind::kBool) values = {Json(true), Json(false)};
    if (spec.kind == OptionSpec::Kind::kChoice) {
      for (const auto& c : spec.choices) values.push_back(c.value);
    }
    for (const auto& value : values) {
      if (value == spec.default_value) continue;
      add(middling, JsonObject{{spec.name, value}});
    }
  }
  return out;
}

struct Samples {
  std::vector<Json> player, spectator, details;
};

Samples samples(const Game& game) {
  Samples out;
  std::set<std::string> seen_player, seen_spectator, seen_details;
  for (const auto& setup : setups(game)) {
    const auto played = self_play(game, setup, "medium", 4000);
    auto state = game.new_state(setup);
    auto look = [&] {
      for (int p = 0; p < state->players(); ++p)
        keep_if_new(state->view(Viewer::player(p)), seen_player, out.player);
      keep_if_new(state->view(Viewer::spectator()), seen_spectator, out.spectator);
    };
    look();
    for (const auto& action : played.record.actions) {
      if (!state->apply(action).ok()) break;
      look();
    }
    if (state->is_terminal()) keep_if_new(state->outcome().details, seen_details, out.details);
  }
  return out;
}

std::string golden_text(const std::string& name, const Samples& s) {
  std::ostringstream out;
  const std::string quoted = "'" + name + "'";
  out << "// Generated by games_tests (WebGolden." << name << ", games/core/tests/web_golden_test.cc):\n"
      << "// real views of " << name << ", checked against the client's types by `tsc --noEmit`.\n"
      << "// Do not edit; regenerate with scripts/update-web-golden.sh.\n"
      << "import type { DetailsOf, ViewOf } from '../../src/games';\n\n"
      << "export const player: ViewOf<" << quoted << ">[] = " << list(s.player) << ";\n\n"
      << "export const spectator: ViewOf<" << quoted << ">[] = " << list(s.spectator) << ";\n\n"
      << "export const details: DetailsOf<" << quoted << ">[] = " << list(s.details) << ";\n";
  return out.str();
}

class WebGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(WebGolden, TheCommittedViewsAreTheEngines) {
  const auto& game = testing::game(GetParam());
  const auto s = samples(game);
  EXPECT_FALSE(s.player.empty());
  EXPECT_FALSE(s.spectator.empty());
  EXPECT_FALSE(s.details.empty()) << "no bot game of " << GetParam() << " finished";
  const auto text = golden_text(GetParam(), s);
  const std::string path = std::string(LOGO_WEB_GOLDEN_DIR) + "/" + GetParam() + ".ts";
  testing::expect_web_golden(path, text, "then check the web types (ctest web_types)");
}

// Every player tool a game offers (Game::player_tools, the server's `ask`)
// has real answers in web/tests/golden/<game>-tools.ts, typed there with the
// client's declaration of the tool (its `ClientGame`'s tools): written by the
// game's own test (its questions are the game's), checked here for every
// registered game, so a tool added on the C++ side without its types fails.
TEST_P(WebGolden, EveryPlayerToolHasTypedAnswers) {
  const auto& game = testing::game(GetParam());
  if (game.player_tools().empty()) return;
  const std::string path = std::string(LOGO_WEB_GOLDEN_DIR) + "/" + GetParam() + "-tools.ts";
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing: a test of " << GetParam()
                  << " writes its player tools' answers there (as games/wordbank/tests/tools_golden_test.cc)";
  std::stringstream text;
  text << in.rdbuf();
  for (const auto tool : game.player_tools()) {
    EXPECT_NE(text.str().find("export const " + std::string(tool) + ": "), std::string::npos)
        << path << " has no answers of " << tool;
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, WebGolden, ::testing::ValuesIn(game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace logomachie::games
