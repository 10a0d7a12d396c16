#include "server/metrics.h"

#include <cstdio>

#include "games/core/json.h"

namespace logomachie::server {

void Metrics::observe(double seconds) {
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    if (seconds <= kBuckets[i]) ++latency_counts_[i];
  }
  ++latency_count_;
  latency_sum_us_ += static_cast<uint64_t>(seconds * 1e6);
}

namespace {

void metric(std::string& out, const char* name, const char* type, const char* help, double value) {
  char line[256];
  std::snprintf(line, sizeof line, "# HELP %s %s\n# TYPE %s %s\n%s %.15g\n", name, help, name, type, name,
                value);
  out += line;
}

}  // namespace

std::string Metrics::text(std::size_t rooms) const {
  std::string out;
  out +=
      "# HELP logomachie_message_seconds Time to handle a message, store included.\n"
      "# TYPE logomachie_message_seconds histogram\n";
  char line[128];
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    std::snprintf(line, sizeof line, "logomachie_message_seconds_bucket{le=\"%g\"} %llu\n", kBuckets[i],
                  static_cast<unsigned long long>(latency_counts_[i].load()));
    out += line;
  }
  const auto count = static_cast<unsigned long long>(latency_count_.load());
  std::snprintf(line, sizeof line, "logomachie_message_seconds_bucket{le=\"+Inf\"} %llu\n", count);
  out += line;
  std::snprintf(line, sizeof line,
                "logomachie_message_seconds_sum %.6f\nlogomachie_message_seconds_count %llu\n",
                static_cast<double>(latency_sum_us_.load()) / 1e6, count);
  out += line;
  metric(out, "logomachie_rooms", "gauge", "Rooms open.", static_cast<double>(rooms));
  metric(out, "logomachie_connections", "gauge", "WebSocket connections open.",
         static_cast<double>(connections.load()));
  metric(out, "logomachie_messages_total", "counter", "Messages received.",
         static_cast<double>(messages.load()));
  metric(out, "logomachie_errors_total", "counter", "Error replies sent.",
         static_cast<double>(errors.load()));
  metric(out, "logomachie_accept_errors_total", "counter",
         "Connections that could not be accepted (out of file descriptors...).",
         static_cast<double>(accept_errors.load()));
  metric(out, "logomachie_refused_connections_total", "counter",
         "Connections refused over the connection cap.", static_cast<double>(refused_connections.load()));
  metric(out, "logomachie_idle_closed_total", "counter", "Silent WebSocket peers closed by the idle timeout.",
         static_cast<double>(idle_closed.load()));
  metric(out, "logomachie_slow_closed_total", "counter",
         "WebSocket peers closed for not reading their messages.", static_cast<double>(slow_closed.load()));
  return out;
}

std::string Metrics::json(std::size_t rooms) const {
  return games::canonical(games::JsonObject{
      {"rooms", rooms},
      {"connections", connections.load()},
      {"messages", messages.load()},
      {"errors", errors.load()},
      {"refused_connections", refused_connections.load()},
      {"slow_closed", slow_closed.load()},
  });
}

std::string cluster_json(const std::vector<std::pair<std::string, std::string>>& nodes) {
  games::JsonObject total;
  games::JsonArray list;
  for (const auto& [node, text] : nodes) {
    games::Json numbers;
    try {
      numbers = games::parse_json(text);
    } catch (const games::ActionError&) {
      numbers = text;
    }
    games::JsonObject entry{{"node", node}, {"metrics", numbers}};
    list.push_back(std::move(entry));
    if (!numbers.is_object()) continue;
    for (const auto& [key, value] : numbers.as_object()) {
      if (!value.is_int64() && !value.is_uint64()) continue;
      const int64_t add = value.is_int64() ? value.as_int64() : static_cast<int64_t>(value.as_uint64());
      auto* sum = total.if_contains(key);
      total[key] = (sum && sum->is_int64() ? sum->as_int64() : 0) + add;
    }
  }
  return games::canonical(games::JsonObject{{"nodes", std::move(list)}, {"total", std::move(total)}});
}

}  // namespace logomachie::server
