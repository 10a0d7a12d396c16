#include "test_support.h"

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <string>

#include "games/core/registry.h"

namespace logomachie::games::testing {

const lexicon::Lexicon& lexicon() {
  static const auto lex = lexicon::Lexicon::open(LOGO_LEXICON_FILE);
  return lex;
}

const Game& game(std::string_view name) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<Game>, std::less<>> games;
  std::lock_guard lock(mu);
  if (auto it = games.find(name); it != games.end()) return *it->second;
  const auto* entry = find_game(name);
  if (!entry) throw std::runtime_error("no such game: " + std::string(name));
  GameContext context;
  context.lexicon = &lexicon();
  auto [it, _] = games.emplace(std::string(name), entry->make(context));
  return *it->second;
}

ApplyResult must_apply(State& state, PlayerId actor, JsonObject body, int64_t at) {
  auto r = state.apply(Action::make(actor, at, std::move(body)));
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->code + ": " + r.error->message : "");
  return r;
}

void must_refuse(State& state, PlayerId actor, JsonObject body, std::string_view code, int64_t at) {
  const auto before = canonical(state.serialize());
  auto r = state.apply(Action::make(actor, at, std::move(body)));
  ASSERT_FALSE(r.ok()) << "expected a refusal with " << code;
  EXPECT_EQ(r.error->code, code) << r.error->message;
  EXPECT_FALSE(r.error->message.empty());
  EXPECT_TRUE(r.events.empty());
  EXPECT_EQ(before, canonical(state.serialize())) << "a refused action changed the state";
}

}  // namespace logomachie::games::testing
