// The conformance suite: every registered game must keep the contract of
// games/core/game.h. Random playouts with bots of mixed levels, garbage and
// out-of-turn actions thrown in, timeouts fed by a host, then:
//  - every playout ends;
//  - refused actions leave serialize() byte-identical;
//  - no view holds another viewer's secrets;
//  - replaying setup + accepted actions rebuilds the same state, and a Record
//    survives its JSON form;
//  - clones are independent; the same seed gives the same game;
//  - the options schema (GameInfo::options) and new_state agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "games/core/options.h"
#include "games/core/registry.h"
#include "games/core/replay.h"
#include "games/core/rng.h"
#include "test_support.h"

namespace logomachie::games {
namespace {

#ifdef NDEBUG
constexpr int kPlayouts = 40;
#else
constexpr int kPlayouts = 3;  // sanitizers are slow; release runs the full set
#endif
constexpr int kMaxSteps = 4000;

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : registered_games()) names.emplace_back(g.name);
  return names;
}

class Conformance : public ::testing::TestWithParam<std::string> {
 protected:
  const Game& game() { return testing::game(GetParam()); }
};

// Actions no engine may accept, whatever the state.
std::vector<Action> garbage(const State& s, Rng& rng) {
  const int n = s.players();
  const auto t = s.now();
  std::vector<Action> out = {
      Action::make(static_cast<PlayerId>(rng.below(static_cast<uint64_t>(n))), t, JsonObject{{"type", "no_such_action"}}),
      Action::make(n + 3, t, JsonObject{{"type", "pass"}}),
      Action::make(kHost, t, JsonObject{{"type", "submit"}, {"word", "chat"}}),
      Action::make(static_cast<PlayerId>(rng.below(static_cast<uint64_t>(n))), t,
                   JsonObject{{"type", "password"}, {"word", JsonArray{1, 2}}, {"cards", "x"}}),
      Action::make(static_cast<PlayerId>(rng.below(static_cast<uint64_t>(n))), t,
                   JsonObject{{"type", "submit"}, {"word", std::string(2000, 'a')}, {"constraint", 7}}),
  };
  if (t > 0) out.push_back(Action::make(0, t - 1, JsonObject{{"type", "pass"}}));  // back in time
  if (!s.deadline() || *s.deadline() > t) out.push_back(Action::make(kHost, t, JsonObject{{"type", "timeout"}}));
  // Once the hourglass is empty, only the host's timeout may move the game on.
  if (const auto dl = s.deadline(); dl && !s.to_act().empty()) {
    for (const char* type : {"pass", "take", "give_up", "ready"}) {
      out.push_back(Action::make(s.to_act().front(), std::max(*dl, t), JsonObject{{"type", type}}));
    }
  }
  return out;
}

void check_views(const State& s) {
  std::vector<Viewer> viewers = {Viewer::spectator()};
  for (int p = 0; p < s.players(); ++p) viewers.push_back(Viewer::player(p));
  for (const auto& v : viewers) {
    const auto text = canonical(s.view(v));
    for (const auto& secret : s.secrets_hidden_from(v)) {
      ASSERT_EQ(text.find(secret), std::string::npos) << "view leaks " << secret << " in " << text.substr(text.find(secret) > 400 ? text.find(secret) - 400 : 0, 800);
    }
  }
}

// Every event reads as one French sentence (Game::describe), whatever its
// optional fields, and the sentence names no secret of the state before it.
void check_narration(const Game& game, const State& s, const std::vector<Json>& events,
                     const std::vector<std::string>& secrets, std::map<std::string, bool>& described) {
  std::vector<std::string> names;
  for (int p = 0; p < s.players(); ++p) names.push_back("Siège" + std::to_string(p));
  for (const auto& e : events) {
    std::optional<std::string> line;
    try {
      line = game.describe(e, names);
    } catch (const std::exception& x) {
      ADD_FAILURE() << "describe threw " << x.what() << " on " << canonical(e);
      continue;
    }
    const auto type = std::string(e.at("type").as_string());
    described[type] = described[type] || line.has_value();
    if (!line) continue;
    EXPECT_FALSE(line->empty()) << type;
    EXPECT_EQ(line->find("Joueur "), std::string::npos) << "a seat without a name in " << *line;
    for (const auto& secret : secrets) {
      // Secrets are JSON texts (lists, objects); a sentence never quotes them whole.
      if (secret.size() > 2) {
        EXPECT_EQ(line->find(secret), std::string::npos) << *line;
      }
    }
  }
}

struct Playout {
  std::map<std::string, bool> described;  // per event type seen: told at least once
  Record record;
  std::unique_ptr<State> state;
  int refused = 0;
};

Playout play(const Game& game, uint64_t seed, bool with_garbage) {
  Rng rng(seed);
  const auto& info = game.info();
  Playout out;
  out.record.game = info.name;
  out.record.rules_version = info.rules_version;
  out.record.content_version = info.content_version;
  auto& setup = out.record.setup;
  setup.players = info.min_players + static_cast<int>(rng.below(static_cast<uint64_t>(std::min(info.max_players, 5) - info.min_players + 1)));
  setup.seed = seed;
  out.state = game.new_state(setup);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < setup.players; ++p) {
    const auto& levels = info.bot_levels;
    bots.push_back(game.make_bot(levels[rng.below(levels.size())], seed * 31 + static_cast<uint64_t>(p)));
  }
  auto& s = *out.state;
  for (int step = 0; step < kMaxSteps && !s.is_terminal(); ++step) {
    if (with_garbage && rng.chance(1, 4)) {
      const auto junk = garbage(s, rng);
      const auto& a = junk[rng.below(junk.size())];
      const auto before = canonical(s.serialize());
      const auto r = s.apply(a);
      EXPECT_FALSE(r.ok()) << "accepted garbage " << canonical(a.to_json());
      EXPECT_EQ(before, canonical(s.serialize())) << "refused action changed the state";
      if (!r.ok()) {
        EXPECT_FALSE(r.error->code.empty());
        EXPECT_FALSE(r.error->message.empty());
      }
      ++out.refused;
      continue;
    }
    check_views(s);
    const auto acts = s.to_act();
    const auto deadline = s.deadline();
    Action a;
    if (acts.empty() || (deadline && rng.chance(1, 8))) {
      EXPECT_TRUE(deadline.has_value()) << "nobody can act and there is no deadline";
      if (!deadline) break;
      a = Action::make(kHost, std::max(*deadline, s.now()), JsonObject{{"type", "timeout"}});
    } else {
      const PlayerId p = acts[rng.below(acts.size())];
      auto chosen = bots[static_cast<std::size_t>(p)]->act(s, p);
      EXPECT_TRUE(chosen.has_value()) << "a bot expected to act did nothing";
      if (!chosen) break;
      a = std::move(*chosen);
      a.at = s.now() + static_cast<int64_t>(rng.below(3000));
      if (deadline && a.at >= *deadline) a.at = std::max(s.now(), *deadline - 1);
    }
    const auto secrets = s.secrets_hidden_from(Viewer::spectator());
    const auto r = s.apply(a);
    EXPECT_TRUE(r.ok()) << canonical(a.to_json()) << " refused: " << (r.error ? r.error->message : "");
    if (!r.ok()) break;
    out.record.actions.push_back(a);
    check_narration(game, s, r.events, secrets, out.described);
  }
  return out;
}

TEST_P(Conformance, RandomPlayoutsFinishAndKeepTheContract) {
  std::map<std::string, bool> described;
  for (int i = 0; i < kPlayouts; ++i) {
    SCOPED_TRACE("seed " + std::to_string(1000 + i));
    auto p = play(game(), 1000 + static_cast<uint64_t>(i), true);
    for (const auto& [type, told] : p.described) described[type] = described[type] || told;
    ASSERT_TRUE(p.state->is_terminal()) << "the playout did not finish";
    const auto o = p.state->outcome();
    ASSERT_EQ(o.rank.size(), static_cast<std::size_t>(p.state->players()));
    EXPECT_EQ(*std::min_element(o.rank.begin(), o.rank.end()), 1);
    EXPECT_TRUE(p.state->to_act().empty());
    // Replay: setup + accepted actions rebuild the same state, also through JSON.
    const auto replayed = replay(game(), Record::from_json(parse_json(canonical(p.record.to_json()))));
    EXPECT_EQ(canonical(replayed->serialize()), canonical(p.state->serialize()));
  }
  // Every kind of event the games emit is told to the players (screens share
  // these sentences: terminal, web log, replays).
  for (const auto& [type, told] : described) EXPECT_TRUE(told) << "no sentence for the event " << type;
}

TEST_P(Conformance, OnlyTheFieldsTheRulesReadAreKept) {
  // Every accepted action, sent with fields of its own besides: the engine
  // reports the body without them, and that body plays exactly the same
  // (the server stores it, so nothing a client makes up is kept forever).
  const auto& info = game().info();
  for (uint64_t seed : {11u, 12u}) {
    games::Setup setup;
    setup.players = std::min(info.max_players, std::max(info.min_players, 4));
    setup.seed = seed;
    auto s = game().new_state(setup);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < setup.players; ++p) bots.push_back(game().make_bot("medium", seed + static_cast<uint64_t>(p)));
    for (int step = 0; step < kMaxSteps && !s->is_terminal(); ++step) {
      const auto acts = s->to_act();
      Action a;
      if (acts.empty()) {
        ASSERT_TRUE(s->deadline().has_value());
        a = Action::make(kHost, std::max(*s->deadline(), s->now()), JsonObject{{"type", "timeout"}});
      } else {
        auto chosen = bots[static_cast<std::size_t>(acts.front())]->act(*s, acts.front());
        ASSERT_TRUE(chosen.has_value());
        a = std::move(*chosen);
        a.at = std::max(a.at, s->now());
        if (const auto d = s->deadline(); d && a.at >= *d) a.at = std::max(s->now(), *d - 1);
      }
      a.body["zz_note"] = "rien à voir";
      a.body["zz_blob"] = JsonObject{{"x", 1}};
      auto before = s->clone();
      const auto r = s->apply(a);
      ASSERT_TRUE(r.ok()) << canonical(a.to_json()) << ": " << (r.error ? r.error->message : "");
      ASSERT_TRUE(r.parsed_body.has_value()) << canonical(a.to_json());
      EXPECT_FALSE(r.parsed_body->contains("zz_note"));
      EXPECT_FALSE(r.parsed_body->contains("zz_blob"));
      Action pruned = a;
      pruned.body = *r.parsed_body;
      const auto again = before->apply(pruned);
      ASSERT_TRUE(again.ok()) << "the fields read do not replay: " << canonical(pruned.to_json());
      EXPECT_EQ(canonical(before->serialize()), canonical(s->serialize())) << canonical(pruned.to_json());
      EXPECT_FALSE(again.parsed_body.has_value());  // nothing left to leave out
    }
  }
}

TEST_P(Conformance, SameSeedSameGame) {
  const auto a = play(game(), 77, false);
  const auto b = play(game(), 77, false);
  EXPECT_EQ(canonical(a.state->serialize()), canonical(b.state->serialize()));
  EXPECT_EQ(canonical(a.record.to_json()), canonical(b.record.to_json()));
}

TEST_P(Conformance, ClonesAreIndependent) {
  games::Setup setup;
  setup.players = game().info().min_players;
  setup.seed = 5;
  auto s = game().new_state(setup);
  const auto before = canonical(s->serialize());
  auto c = s->clone();
  auto bot = game().make_bot("medium", 1);
  const auto p = c->to_act().front();
  auto a = bot->act(*c, p);
  ASSERT_TRUE(a);
  ASSERT_TRUE(c->apply(*a).ok());
  EXPECT_EQ(before, canonical(s->serialize()));
  EXPECT_NE(before, canonical(c->serialize()));
}

TEST_P(Conformance, InfoAndSetupErrorsAreTyped) {
  const auto& info = game().info();
  EXPECT_FALSE(info.title.empty());
  EXPECT_EQ(info.content_version.size(), 16u);
  EXPECT_GE(info.max_players, info.min_players);
  games::Setup bad;
  bad.players = info.max_players + 1;
  try {
    game().new_state(bad);
    ADD_FAILURE() << "too many players accepted";
  } catch (const ActionError& e) {
    EXPECT_EQ(e.error().code, "bad_players");
  }
  EXPECT_THROW(game().make_bot("grandmaster", 1), ActionError);
}

// The schema is what new_state does: its defaults are what an absent option
// means, every value it declares or suggests is accepted, every option is
// read, and what it rules out is refused with a typed error.
TEST_P(Conformance, TheOptionsSchemaIsWhatTheEngineDoes) {
  const auto& info = game().info();
  const int players = info.default_players > 0 ? info.default_players : info.min_players;
  const auto make = [&](JsonObject options) {
    games::Setup setup;
    setup.players = players;
    setup.seed = 3;
    setup.options = std::move(options);
    return game().new_state(setup);
  };
  const auto code = [&](const std::string& name, const Json& value) -> std::string {
    try {
      make(JsonObject{{name, value}});
    } catch (const ActionError& e) {
      EXPECT_FALSE(e.error().message.empty());
      return e.error().code;
    } catch (const std::exception& e) {
      ADD_FAILURE() << name << "=" << canonical(value) << " threw " << e.what();
      return "crash";
    }
    return "ok";
  };
  const auto defaults = resolve_options(info, {}, players).json();
  const auto plain = canonical(make({})->serialize());
  EXPECT_EQ(plain, canonical(make(defaults)->serialize())) << "the schema's defaults are not what new_state uses";
  EXPECT_EQ(code("no_such_option", 1), "unknown_option");

  // French typography in what forms show: non-breaking spaces, curly apostrophes.
  const auto french = [&](const std::string& text) {
    EXPECT_EQ(text.find('\''), std::string::npos) << text;
    for (const char* bad : {" :", " ;", " !", " ?", "« ", " »"}) EXPECT_EQ(text.find(bad), std::string::npos) << text;
  };
  std::set<std::string> names;
  for (const auto& spec : info.options) {
    SCOPED_TRACE(spec.name);
    EXPECT_TRUE(names.insert(spec.name).second) << "declared twice";
    EXPECT_FALSE(spec.label.empty());
    french(spec.label);
    french(spec.help);
    french(spec.unset);
    for (const auto& v : spec.choices) french(v.label);
    for (const auto& v : spec.suggested) french(v.label);
    if (spec.default_value.is_null()) {
      EXPECT_FALSE(spec.unset.empty()) << "say what an absent value means";
    } else {
      EXPECT_EQ(code(spec.name, defaults.at(spec.name)), "ok");
    }
    std::vector<Json> accepted;
    for (const auto& v : spec.choices) {
      if (spec.kind == OptionSpec::Kind::kSeats) continue;  // one per seat: below
      EXPECT_EQ(code(spec.name, v.value), "ok") << canonical(v.value);
      accepted.push_back(v.value);
    }
    for (const auto& v : spec.suggested) {
      EXPECT_EQ(code(spec.name, v.value), "ok") << canonical(v.value);
      EXPECT_FALSE(v.label.empty());
      accepted.push_back(v.value);
    }
    if (!spec.suggested.empty() && !spec.default_value.is_null()) {
      const bool offered = std::any_of(spec.suggested.begin(), spec.suggested.end(),
                                       [&](const OptionValue& v) { return v.value == spec.default_value; });
      EXPECT_TRUE(offered) << "a form offers the default among the suggested values";
    }
    switch (spec.kind) {
      case OptionSpec::Kind::kInt:
        EXPECT_LE(spec.min, spec.max);
        EXPECT_EQ(code(spec.name, spec.min), "ok");
        EXPECT_EQ(code(spec.name, spec.max), "ok");
        EXPECT_EQ(code(spec.name, spec.min - 1), "bad_option");
        EXPECT_EQ(code(spec.name, spec.max + 1), "bad_option");
        EXPECT_EQ(code(spec.name, "30"), "bad_option");
        accepted.push_back(spec.min);
        accepted.push_back(spec.max);
        break;
      case OptionSpec::Kind::kBool:
        EXPECT_EQ(code(spec.name, "oui"), "bad_option");
        accepted.push_back(!spec.default_value.as_bool());
        break;
      case OptionSpec::Kind::kChoice:
        EXPECT_FALSE(spec.choices.empty());
        EXPECT_EQ(code(spec.name, "pas-une-valeur"), "bad_option");
        EXPECT_EQ(code(spec.name, JsonObject{{"x", 1}}), "bad_option");
        break;
      case OptionSpec::Kind::kText:
        EXPECT_EQ(code(spec.name, 42), "bad_option");
        break;
      case OptionSpec::Kind::kSeats: {
        ASSERT_FALSE(spec.choices.empty());
        JsonArray same(static_cast<std::size_t>(players) + 1, spec.choices.front().value);
        EXPECT_EQ(code(spec.name, same), "bad_option");
        EXPECT_EQ(code(spec.name, "H"), "bad_option");
        // Each seat may take each value (the engine may ask for balance:
        // the value swaps places with the next seat's).
        for (const auto& c : spec.choices) {
          auto seats = defaults.at(spec.name).as_array();
          for (std::size_t p = 0; p < seats.size(); ++p) {
            if (seats[p] == c.value) continue;
            auto changed = seats;
            changed[p] = c.value;
            for (std::size_t q = 0; q < seats.size(); ++q) {
              if (q != p && changed[q] == c.value) {
                changed[q] = seats[p];
                break;
              }
            }
            EXPECT_EQ(code(spec.name, changed), "ok") << canonical(changed);
            accepted.push_back(changed);
          }
        }
        break;
      }
    }
    // The engine reads the option: some other value changes the game.
    bool differs = false;
    const Json* fallback = defaults.if_contains(spec.name);
    for (const auto& v : accepted) {
      if (fallback && v == *fallback) continue;
      differs = differs || canonical(make(JsonObject{{spec.name, v}})->serialize()) != plain;
    }
    EXPECT_TRUE(differs) << "no declared value changes the game";
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace logomachie::games
