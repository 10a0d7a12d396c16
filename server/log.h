// Structured logs: one JSON object per line on stderr, e.g.
//   {"ts":"2026-11-22T05:10:00.123Z","level":"info","event":"room_created","room":"KXQPA","game":"wordbank"}
// `event` is a stable snake_case name (docs/protocol.md lists them); the other
// fields never hold a secret (no tokens, no hidden words). Thread-safe.
#pragma once

#include <iosfwd>
#include <string_view>

#include "games/core/json.h"

namespace logomachie::server {

enum class LogLevel { kInfo, kWarn, kError };

void log_event(LogLevel level, std::string_view event, games::JsonObject fields = {});
// Where the lines go (default std::clog); nullptr silences them (tests).
void set_log_stream(std::ostream* out);

}  // namespace logomachie::server
