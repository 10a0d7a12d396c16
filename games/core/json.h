// JSON at the engine boundary: actions, events, views and setups are Boost.JSON
// values. This header keeps the include light and adds typed accessors that
// turn a malformed field into an ActionError (a stable code + French message).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/string.hpp>
#include <boost/json/value.hpp>

namespace logomachie::games {

using Json = boost::json::value;
using JsonObject = boost::json::object;
using JsonArray = boost::json::array;

// A refusal a player can read: `code` is stable (snake_case, part of the
// protocol), `message` is French and may name the offending value.
struct Error {
  std::string code;
  std::string message;
};

// Thrown inside engines while validating. State::apply catches it and returns
// the Error, so it never escapes apply(); Game::new_state, Game::make_bot and
// the JSON parsers throw it to their caller by design.
class ActionError : public std::runtime_error {
 public:
  ActionError(std::string code, std::string message)
      : std::runtime_error(message), error_{std::move(code), std::move(message)} {}
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
};

// Throws ActionError(code, message): the one way engines refuse.
[[noreturn]] void refuse(std::string code, std::string message);

// `s` between French quotation marks, for messages: « s », with the
// non-breaking spaces (U+00A0) French typography puts inside them, so a
// quotation mark never wraps alone onto a line. Every « … » built around a
// value goes through here (scripts/lint-typography.py flags one built by hand).
std::string guillemets(std::string_view s);

// A JSON array of strings.
JsonArray string_array(const std::vector<std::string>& items);

// Typed field access; each throws ActionError("bad_field", …) naming the field.
// find_field is if_contains for engines (nullptr when absent); use these
// helpers, not the object's own accessors, on an action's body: what they
// read is what the server keeps of the action (FieldLog below).
const Json* find_field(const JsonObject& o, std::string_view key);
const Json& require(const JsonObject& o, std::string_view key);
std::string_view get_string(const JsonObject& o, std::string_view key);
std::optional<std::string_view> get_optional_string(const JsonObject& o, std::string_view key);
int64_t get_int(const JsonObject& o, std::string_view key, int64_t min, int64_t max);
std::optional<int64_t> get_optional_int(const JsonObject& o, std::string_view key, int64_t min, int64_t max);
bool get_bool(const JsonObject& o, std::string_view key, bool fallback);
const JsonArray& get_array(const JsonObject& o, std::string_view key);
const JsonObject& get_object(const JsonObject& o, std::string_view key);

// Records the keys looked up in one object through the helpers above, on
// this thread, while it lives (nests). The engine envelope watches each
// action's body, so that the server stores only the fields the rules read:
// whatever else a client sends is not kept forever nor shown in replays.
class FieldLog {
 public:
  explicit FieldLog(const JsonObject& watched);
  ~FieldLog();
  FieldLog(const FieldLog&) = delete;
  FieldLog& operator=(const FieldLog&) = delete;
  const std::vector<std::string>& keys() const { return keys_; }
  // Called by the helpers.
  static void note(const JsonObject& o, std::string_view key);

 private:
  const JsonObject* watched_;
  FieldLog* previous_;
  std::vector<std::string> keys_;
};

// `body` reduced to "type" and the keys `read` noted; nullopt when that is
// all it holds already.
std::optional<JsonObject> only_fields_read(const JsonObject& body, const FieldLog& read);

// Canonical text of a value (object keys sorted) so that equal states compare
// byte-identical whatever the insertion order.
std::string canonical(const Json& v);

// Parses `text` as JSON; throws ActionError("bad_json", …) when malformed.
Json parse_json(std::string_view text);

}  // namespace logomachie::games
