// The conformance suite: every registered game must keep the contract of
// games/core/game.h. Random playouts with bots of mixed levels, garbage and
// out-of-turn actions thrown in, timeouts fed by a host, then:
//  - every playout ends;
//  - refused actions leave serialize() byte-identical;
//  - no view holds another viewer's secrets: neither what the engine lists
//    (secrets_hidden_from) nor, whatever the engine lists, any part of the
//    full state that the spectator does not see and the engine did not
//    declare as shown to that viewer (shown_only_to);
//  - replaying setup + accepted actions rebuilds the same state, and a Record
//    survives its JSON form;
//  - clones are independent; the same seed gives the same game;
//  - the options schema (GameInfo::options) and new_state agree;
//  - what players read is in French typography (testing::typography_faults):
//    every sentence told of every event, every refusal of garbage, every
//    terminal screen, prompt and result, every option label and refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>

#include "games/core/options.h"
#include "games/core/registry.h"
#include "games/core/replay.h"
#include "games/core/rng.h"
#include "games/core/terminal.h"
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
      Action::make(static_cast<PlayerId>(rng.below(static_cast<uint64_t>(n))), t,
                   JsonObject{{"type", "no_such_action"}}),
      Action::make(n + 3, t, JsonObject{{"type", "pass"}}),
      Action::make(kHost, t, JsonObject{{"type", "submit"}, {"word", "chat"}}),
      Action::make(static_cast<PlayerId>(rng.below(static_cast<uint64_t>(n))), t,
                   JsonObject{{"type", "password"}, {"word", JsonArray{1, 2}}, {"cards", "x"}}),
      Action::make(static_cast<PlayerId>(rng.below(static_cast<uint64_t>(n))), t,
                   JsonObject{{"type", "submit"}, {"word", std::string(2000, 'a')}, {"constraint", 7}}),
  };
  if (t > 0) out.push_back(Action::make(0, t - 1, JsonObject{{"type", "pass"}}));  // back in time
  if (!s.deadline() || *s.deadline() > t)
    out.push_back(Action::make(kHost, t, JsonObject{{"type", "timeout"}}));
  // Once the hourglass is empty, only the host's timeout may move the game on.
  if (const auto dl = s.deadline(); dl && !s.to_act().empty()) {
    for (const char* type : {"pass", "take", "give_up", "ready"}) {
      out.push_back(Action::make(s.to_act().front(), std::max(*dl, t), JsonObject{{"type", type}}));
    }
  }
  return out;
}

std::vector<Viewer> every_viewer(const State& s) {
  std::vector<Viewer> viewers = {Viewer::spectator(), Viewer::team(0), Viewer::team(1)};
  for (int p = 0; p < s.players(); ++p) viewers.push_back(Viewer::player(p));
  return viewers;
}

std::string who(const Viewer& v) {
  switch (v.kind) {
    case Viewer::Kind::kPlayer:
      return "seat " + std::to_string(v.id);
    case Viewer::Kind::kTeam:
      return "team " + std::to_string(v.id);
    case Viewer::Kind::kSpectator:
      break;
  }
  return "spectator";
}

// The parts of a JSON value worth recognising elsewhere: every string of two
// characters or more, and every array or object that holds one (numbers and
// booleans alone are too common to mean anything). A part is known by a hash
// of its content, the same whatever the order of an object's keys, computed
// bottom-up (a game's views are checked at every step of every playout).
struct Part {
  uint64_t hash = 0;
  bool has_text = false;
};

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

// Hashes `v` and calls visit(node, its part) on every node, children first.
template <class Visit>
Part parts_of(const Json& v, Visit&& visit) {
  Part part;
  if (v.is_string()) {
    part.hash =
        mix(1, std::hash<std::string_view>{}(std::string_view(v.as_string().data(), v.as_string().size())));
    part.has_text = v.as_string().size() >= 2;
  } else if (v.is_array()) {
    part.hash = 2;
    for (const auto& x : v.as_array()) {
      const auto c = parts_of(x, visit);
      part.hash = mix(part.hash, c.hash);
      part.has_text = part.has_text || c.has_text;
    }
  } else if (v.is_object()) {
    std::vector<std::pair<uint64_t, uint64_t>> fields;
    for (const auto& [k, x] : v.as_object()) {
      const auto c = parts_of(x, visit);
      fields.emplace_back(std::hash<std::string_view>{}(std::string_view(k.data(), k.size())), c.hash);
      part.has_text = part.has_text || c.has_text;
    }
    std::sort(fields.begin(), fields.end());
    part.hash = 3;
    for (const auto& [k, h] : fields) part.hash = mix(mix(part.hash, k), h);
  } else {
    part.hash = mix(4, std::hash<std::string>{}(canonical(v)));
  }
  visit(v, part);
  return part;
}

void collect_parts(const Json& v, std::set<uint64_t>& out) {
  parts_of(v, [&](const Json&, const Part& p) {
    if (p.has_text) out.insert(p.hash);
  });
}

// Whatever the engine lists as secret: every part of the full state
// (serialize) that the spectator's view does not show is private, and may
// reach a viewer's view only if the engine declares it shown to that viewer
// (State::shown_only_to: a hand, one's own word, the team's trap sheet), or
// holds such a part (a player's side of the table, with their hand in it). A
// secret an engine forgets to list fails here instead of passing unseen,
// whether it is a value (another seat's card) or an order of public values
// (the deck). `view` is the state's own view, or a leaky one
// in the test of this check. What leaks to every viewer alike (the spectator
// too) is for secrets_hidden_from to catch.
struct PrivateParts {
  std::set<uint64_t> full, seen_by_all, declared;
  // Reports the undeclared private parts of `v`, children before their parent.
  void scan(const Json& v, const std::string& viewer, std::vector<std::string>& problems) const {
    std::unordered_map<const Json*, bool> holds_declared;  // per node seen so far
    parts_of(v, [&](const Json& node, const Part& part) {
      bool holds = false;
      if (node.is_array()) {
        for (const auto& x : node.as_array()) holds = holds || holds_declared[&x];
      } else if (node.is_object()) {
        for (const auto& [k, x] : node.as_object()) holds = holds || holds_declared[&x];
      }
      if (part.has_text && declared.contains(part.hash)) holds = true;
      holds_declared[&node] = holds;
      // An object is told by its values (a private one only adds keys the
      // spectator's lacks); a string is a value; an array may be a secret by
      // its order alone (a shuffled deck).
      if (part.has_text && !holds && !node.is_object() && full.contains(part.hash) &&
          !seen_by_all.contains(part.hash)) {
        problems.push_back(viewer + " sees " + canonical(node).substr(0, 300));
      }
    });
  }
};

std::vector<std::string> undeclared_private_parts(const State& s,
                                                  const std::function<Json(const Viewer&)>& view) {
  PrivateParts parts;
  collect_parts(s.serialize(), parts.full);
  collect_parts(view(Viewer::spectator()), parts.seen_by_all);
  std::vector<std::string> problems;
  for (const auto& v : every_viewer(s)) {
    parts.declared.clear();
    for (const auto& x : s.shown_only_to(v)) collect_parts(x, parts.declared);
    parts.scan(view(v), who(v), problems);
  }
  return problems;
}

void check_views(const State& s) {
  const auto problems = undeclared_private_parts(s, [&](const Viewer& v) { return s.view(v); });
  for (std::size_t i = 0; i < std::min<std::size_t>(problems.size(), 5); ++i) {
    ADD_FAILURE() << "a view shows an undeclared private part of the state: " << problems[i];
  }
  for (const auto& v : every_viewer(s)) {
    const auto text = canonical(s.view(v));
    for (const auto& secret : s.secrets_hidden_from(v)) {
      ASSERT_EQ(text.find(secret), std::string::npos)
          << "view leaks " << secret << " in "
          << text.substr(text.find(secret) > 400 ? text.find(secret) - 400 : 0, 800);
    }
  }
  // A room asks for all its members' views at once (State::views): the same
  // answers as one by one, in order, whoever is looking.
  const auto viewers = every_viewer(s);
  const auto batch = s.views(viewers);
  ASSERT_EQ(batch.size(), viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    ASSERT_EQ(canonical(batch[i]), canonical(s.view(viewers[i]))) << who(viewers[i]);
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
    testing::expect_french_typography(*line, "the sentence of " + type);
    for (const auto& secret : secrets) {
      // Secrets are JSON texts (lists, objects); a sentence never quotes them whole.
      if (secret.size() > 2) {
        EXPECT_EQ(line->find(secret), std::string::npos) << *line;
      }
    }
  }
}

// What the terminal shows seat `step % players` and asks them (its prompt, as
// printed before any answer is typed), checked for French typography.
void check_screens(const TerminalGame& screen, const State& s, int step) {
  const PlayerId seat = step % s.players();
  std::ostringstream shown;
  screen.show(s, seat, shown);
  testing::expect_french_typography(shown.str(), "the terminal's screen");
  const auto acts = s.to_act();
  if (std::find(acts.begin(), acts.end(), seat) != acts.end()) {
    std::istringstream nothing;
    std::ostringstream asked;
    (void)screen.ask(s, seat, nothing, asked);
    testing::expect_french_typography(asked.str(), "the terminal's prompt");
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
  setup.players = info.min_players + static_cast<int>(rng.below(static_cast<uint64_t>(
                                         std::min(info.max_players, 5) - info.min_players + 1)));
  setup.seed = seed;
  out.state = game.new_state(setup);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < setup.players; ++p) {
    const auto& levels = info.bot_levels;
    bots.push_back(game.make_bot(levels[rng.below(levels.size())], seed * 31 + static_cast<uint64_t>(p)));
  }
  auto& s = *out.state;
  // The terminal's screens, read as a person at the keyboard would.
  const auto screen = game.terminal();
  if (screen) {
    screen->game = &game;
    for (int p = 0; p < setup.players; ++p) screen->names.push_back("Siège" + std::to_string(p));
  }
  for (int step = 0; step < kMaxSteps && !s.is_terminal(); ++step) {
    if (screen && with_garbage && step % 7 == 0) check_screens(*screen, s, step);
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
        testing::expect_french_typography(r.error->message, "the refusal " + r.error->code);
      }
      ++out.refused;
      continue;
    }
    check_views(s);
    if (::testing::Test::HasFailure()) break;  // one leaking state tells enough
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
    if (screen && with_garbage) {
      std::ostringstream told;
      screen->narrate(s, r.events, told);
      testing::expect_french_typography(told.str(), "the terminal's narration");
    }
  }
  if (screen && with_garbage) {
    std::ostringstream results;
    screen->results(s, results);
    testing::expect_french_typography(results.str(), "the terminal's results");
  }
  return out;
}

// The game's next move in a bots-only game: the first seat to act plays its
// bot's move, in time; the host's timeout when nobody can act. nullopt when
// neither is possible (a contract failure the caller reports).
std::optional<Action> next_move(const State& s, const std::vector<std::unique_ptr<Bot>>& bots) {
  const auto acts = s.to_act();
  if (acts.empty()) {
    if (!s.deadline()) return std::nullopt;
    return Action::make(kHost, std::max(*s.deadline(), s.now()), JsonObject{{"type", "timeout"}});
  }
  auto a = bots[static_cast<std::size_t>(acts.front())]->act(s, acts.front());
  if (!a) return std::nullopt;
  a->at = std::max(a->at, s.now());
  if (const auto d = s.deadline(); d && a->at >= *d) a->at = std::max(s.now(), *d - 1);
  return a;
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

TEST_P(Conformance, TheLeakCheckCatchesAViewThatShowsTooMuch) {
  // The check above must be able to fail, for every game: a view that
  // carries the whole state is caught in some position of a game, and where
  // seats see things the others do not, a view that carries another seat's
  // view is caught too.
  const auto& info = game().info();
  games::Setup setup;
  setup.players = std::min(info.max_players, std::max(info.min_players, 4));
  setup.seed = 21;
  auto s = game().new_state(setup);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < setup.players; ++p)
    bots.push_back(game().make_bot("medium", 40 + static_cast<uint64_t>(p)));
  int whole_state_caught = 0, seat_private = 0, other_seat_caught = 0;
  bool declares_private = false;  // some seat is shown something of its own
  for (int step = 0; step < kMaxSteps && !s->is_terminal(); ++step) {
    ASSERT_TRUE(undeclared_private_parts(*s, [&](const Viewer& v) { return s->view(v); }).empty());
    const auto with_state = [&](const Viewer& v) {
      if (v.kind != Viewer::Kind::kPlayer) return s->view(v);
      return Json(JsonObject{{"view", s->view(v)}, {"leak", s->serialize()}});
    };
    whole_state_caught += undeclared_private_parts(*s, with_state).empty() ? 0 : 1;
    // Does some seat see a private part of the state that seat 0 may not?
    std::set<uint64_t> full, public_parts, mine;
    collect_parts(s->serialize(), full);
    collect_parts(s->view(Viewer::spectator()), public_parts);
    for (const auto& x : s->shown_only_to(Viewer::player(0))) collect_parts(x, mine);
    for (int q = 0; q < s->players(); ++q)
      declares_private = declares_private || !s->shown_only_to(Viewer::player(q)).empty();
    for (int q = 1; q < s->players(); ++q) {
      std::set<uint64_t> theirs;
      for (const auto& x : s->shown_only_to(Viewer::player(q))) collect_parts(x, theirs);
      const bool secret_of_q = std::any_of(theirs.begin(), theirs.end(), [&](uint64_t part) {
        return full.contains(part) && !public_parts.contains(part) && !mine.contains(part);
      });
      if (!secret_of_q) continue;
      ++seat_private;
      const auto with_theirs = [&](const Viewer& v) {
        if (!v.is_player(0)) return s->view(v);
        return Json(JsonObject{{"view", s->view(v)}, {"leak", s->view(Viewer::player(q))}});
      };
      other_seat_caught += undeclared_private_parts(*s, with_theirs).empty() ? 0 : 1;
    }
    const auto a = next_move(*s, bots);
    ASSERT_TRUE(a.has_value());
    ASSERT_TRUE(s->apply(*a).ok());
  }
  EXPECT_GT(whole_state_caught, 0) << "a view carrying the whole state was never caught";
  EXPECT_EQ(other_seat_caught, seat_private) << "a view carrying another seat's secrets went unseen";
  if (declares_private) {
    EXPECT_GT(seat_private, 0) << "seats have secrets, yet none was ever put to the test";
  }
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
    for (int p = 0; p < setup.players; ++p)
      bots.push_back(game().make_bot("medium", seed + static_cast<uint64_t>(p)));
    for (int step = 0; step < kMaxSteps && !s->is_terminal(); ++step) {
      auto next = next_move(*s, bots);
      ASSERT_TRUE(next.has_value());
      Action a = std::move(*next);
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
      testing::expect_french_typography(e.error().message, "the refusal " + e.error().code);
      return e.error().code;
    } catch (const std::exception& e) {
      ADD_FAILURE() << name << "=" << canonical(value) << " threw " << e.what();
      return "crash";
    }
    return "ok";
  };
  const auto defaults = resolve_options(info, {}, players).json();
  const auto plain = canonical(make({})->serialize());
  EXPECT_EQ(plain, canonical(make(defaults)->serialize()))
      << "the schema's defaults are not what new_state uses";
  EXPECT_EQ(code("no_such_option", 1), "unknown_option");

  // French typography in what forms show: non-breaking spaces, curly apostrophes.
  const auto french = [&](const std::string& text) {
    testing::expect_french_typography(text, "an option's text");
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

// The typography check the suite applies must be able to fail: each kind of
// fault is caught, and well-set French passes.
TEST(Typography, TheCheckCatchesEachFaultAndPassesWellSetFrench) {
  using testing::typography_faults;
  for (const char* bad :
       {"Ce n'est pas ton tour.", "Message illisible : pas du JSON.", "Perdu !", "Vraiment ?", "Un ; deux",
        "Score: 3", "Le mot « chat » est pris.", "Le mot «\u00a0chat » est pris.",
        "Le mot « chat\u00a0» est pris.", "Léa : -3 points", "(-2)", "-1 jeton"}) {
    EXPECT_FALSE(typography_faults(bad).empty()) << bad;
  }
  for (const char* good : {"Ce n’est pas ton tour.", "Message illisible\u00a0: pas du JSON.", "Perdu\u00a0!",
                           "Le mot «\u00a0chat\u00a0» est pris.", "Léa\u00a0: \u22123 points, Tom\u00a0: +2",
                           "bouton-d’or, T-1000, 2-3 joueurs, 10 h 30", "Mot\u202f?", "[3 R] [4 B\u00a0?]"}) {
    EXPECT_TRUE(typography_faults(good).empty()) << good << ": " << typography_faults(good).front();
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace logomachie::games
