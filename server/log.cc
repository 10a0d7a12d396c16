#include "server/log.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <mutex>

#include <boost/json/serialize.hpp>

namespace logomachie::server {
namespace {

std::mutex g_mutex;
std::ostream* g_out = &std::clog;

std::string utc_now() {
  const auto now = std::chrono::system_clock::now();
  const auto t = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];  // room for any int the compiler imagines in each field
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

std::string_view level_name(LogLevel l) {
  switch (l) {
    case LogLevel::kInfo:
      return "info";
    case LogLevel::kWarn:
      return "warn";
    case LogLevel::kError:
      return "error";
  }
  return "info";
}

}  // namespace

// NOLINTNEXTLINE(performance-unnecessary-value-param): taken by value to move its values out
void log_event(LogLevel level, std::string_view event, games::JsonObject fields) {
  games::JsonObject line{{"ts", utc_now()}, {"level", level_name(level)}, {"event", event}};
  for (auto& [k, v] : fields) line[k] = std::move(v);
  const auto text = boost::json::serialize(line);
  std::lock_guard lock(g_mutex);
  if (!g_out) return;
  *g_out << text << '\n' << std::flush;
}

void set_log_stream(std::ostream* out) {
  std::lock_guard lock(g_mutex);
  g_out = out;
}

}  // namespace logomachie::server
