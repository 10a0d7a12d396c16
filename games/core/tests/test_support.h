// Shared fixtures for the games tests: the lexicon and each registered game
// are built once per test binary (building a game's word indexes takes a
// moment).
#pragma once

#include <memory>
#include <string_view>

#include "games/core/game.h"
#include "lexicon/lexicon.h"

namespace logomachie::games::testing {

const lexicon::Lexicon& lexicon();
const Game& game(std::string_view name);

// Applies `body` for `actor` at time `at`; fails the test when refused.
ApplyResult must_apply(State& state, PlayerId actor, JsonObject body, int64_t at = 0);
// Applies and expects a refusal with `code`, checking the state did not change.
void must_refuse(State& state, PlayerId actor, JsonObject body, std::string_view code, int64_t at = 0);

}  // namespace logomachie::games::testing
