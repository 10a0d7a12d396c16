// Shared fixtures for the games tests: the lexicon and each registered game
// are built once per test binary (building a game's word indexes takes a
// moment).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/game.h"
#include "lexicon/lexicon.h"

namespace logomachie::games::testing {

const lexicon::Lexicon& lexicon();
const Game& game(std::string_view name);

// Applies `body` for `actor` at time `at`; fails the test when refused.
ApplyResult must_apply(State& state, PlayerId actor, JsonObject body, int64_t at = 0);
// Applies and expects a refusal with `code`, checking the state did not change
// and that its message is well set (typography_faults).
void must_refuse(State& state, PlayerId actor, JsonObject body, std::string_view code, int64_t at = 0);

// What breaks French typography in `text`, a text players read (a sentence,
// a refusal, a screen), one description per fault; empty when it is well
// set. French wants a non-breaking space (U+00A0, or the narrow U+202F)
// before : ; ! ? and inside « », the curly apostrophe ’ and a real minus
// sign − (U+2212). Faults: a straight apostrophe; a plain space, or none,
// between a word and : ; ! ?; « or » without a non-breaking space inside; a
// hyphen-minus used as a minus sign (before a digit, after a blank, an
// opening bracket or the start). The sources' own check is
// scripts/lint-typography.py.
std::vector<std::string> typography_faults(std::string_view text);

// Adds a test failure per fault of `text` (at most a few), naming `what`.
void expect_french_typography(std::string_view text, std::string_view what);

// A file the web client's tests read (web/tests/golden/, docs/web.md "Rules
// on both sides"): fails, naming the first line that differs, unless `path`
// holds exactly `text`; with LOGO_UPDATE_WEB_GOLDEN set
// (scripts/update-web-golden.sh) writes `text` there instead. `if_meant` says
// what to do besides regenerating when the change is deliberate.
void expect_web_golden(const std::string& path, const std::string& text, std::string_view if_meant);

// The text of a golden-vectors file: {"about": `about`, "vectors": [ … ]},
// one vector (a JSON object) per line, as the web unit tests read it.
std::string golden_vectors(std::string_view about, const std::vector<Json>& vectors);

}  // namespace logomachie::games::testing
