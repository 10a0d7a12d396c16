// A game's options against its schema (GameInfo::options, game.h): one
// validator every engine calls at the start of new_state, the schema's JSON
// form (served at /api/games), and helpers to write suggested values.
//
// resolve_options refuses, with the codes every game used before the schema:
//  - a key the game does not declare: "unknown_option";
//  - a value of the wrong type, an integer out of [min, max], a value not
//    among a closed choice's, a seat list of the wrong length: "bad_option".
// A null value counts as absent. What the schema cannot say (a timer another
// option needs, enough letters for the target, balanced seats) each engine
// still checks after resolving.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/game.h"

namespace logomachie::games {

// A setup's options, checked, every option with a default present.
class ResolvedOptions {
 public:
  ResolvedOptions(const GameInfo& info, JsonObject values) : info_(&info), values_(std::move(values)) {}

  // The value of a declared option of that kind (std::logic_error otherwise:
  // a programming error, not a player's).
  int integer(std::string_view name) const;
  bool flag(std::string_view name) const;
  std::string_view text(std::string_view name) const;  // kChoice or kText, string values
  // The value as given or defaulted; nullptr when absent with no default.
  const Json* find(std::string_view name) const;
  const JsonObject& json() const { return values_; }

 private:
  const Json& at(std::string_view name, OptionSpec::Kind kind) const;

  const GameInfo* info_;
  JsonObject values_;
};

// Throws ActionError("unknown_option" | "bad_option", French message).
ResolvedOptions resolve_options(const GameInfo& info, const JsonObject& options, int players);

// The schema as JSON: [{"name","label","kind","default",…}], docs/protocol.md.
Json options_json(const GameInfo& info);

// Declaring a schema: int_option("turn_seconds", "Sablier", 30, 0, 600,
// seconds({30, 60})).with_help("…"), and so on.
OptionSpec int_option(std::string name, std::string label, int64_t fallback, int64_t min, int64_t max,
                      std::vector<OptionValue> suggested = {});
OptionSpec bool_option(std::string name, std::string label, bool fallback);
// `fallback` null: no default (then say what absent means: with_unset).
OptionSpec choice_option(std::string name, std::string label, Json fallback,
                         std::vector<OptionValue> choices);
// `max`: the most characters (0: no limit).
OptionSpec text_option(std::string name, std::string label, const std::string& fallback, int64_t max,
                       std::vector<OptionValue> suggested = {});
// One of `choices` per seat; by default `pattern` repeated over the seats.
OptionSpec seats_option(std::string name, std::string label, JsonArray pattern,
                        std::vector<OptionValue> choices);

// Suggested durations: "sans limite" (or `zero`) for 0, "45 secondes",
// "1 minute", "3 minutes".
std::vector<OptionValue> seconds(std::initializer_list<int> values, std::string_view zero = "sans limite");
// Suggested counts: "1 jeton", "8 jetons".
std::vector<OptionValue> counted(std::initializer_list<int> values, std::string_view one,
                                 std::string_view many);

}  // namespace logomachie::games
