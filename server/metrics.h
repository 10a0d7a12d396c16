// The server's Prometheus metrics (/metrics): counters and gauges the network
// side updates, rendered in the text exposition format. No network types.
// Threads: counters are atomic; any thread may update them.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace logomachie::server {

class Metrics {
 public:
  // Time to handle one message (rules, bots, durable store), in seconds.
  static constexpr std::array<double, 10> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                      0.025,  0.05,  0.1,    0.25,  1.0};
  void observe(double seconds);

  std::atomic<uint64_t> messages{0};             // WebSocket messages received
  std::atomic<uint64_t> errors{0};               // error replies sent
  std::atomic<int64_t> connections{0};           // WebSocket connections open
  std::atomic<uint64_t> accept_errors{0};        // failed accepts (out of descriptors…)
  std::atomic<uint64_t> refused_connections{0};  // over the connection cap
  std::atomic<uint64_t> idle_closed{0};          // silent peers closed by the idle timeout
  std::atomic<uint64_t> slow_closed{0};          // peers closed for not reading their messages

  // Everything in the text format, with the lobby's room count.
  std::string text(std::size_t rooms) const;
  // The main gauges and counters as JSON text (what a cluster node shares).
  std::string json(std::size_t rooms) const;

 private:
  std::array<std::atomic<uint64_t>, kBuckets.size()> latency_counts_{};
  std::atomic<uint64_t> latency_count_{0};
  std::atomic<uint64_t> latency_sum_us_{0};
};

// A cluster's numbers (/api/cluster): each node's shared snapshot (node, JSON
// text from Metrics::json) and their sums, as JSON text. A snapshot that is
// not a JSON object of numbers is listed as it came and left out of the sums.
std::string cluster_json(const std::vector<std::pair<std::string, std::string>>& nodes);

// The last cluster numbers, computed on the room threads and read by the
// network thread (/api/cluster): "" until the first.
class ClusterView {
 public:
  void set(std::string json) {
    std::lock_guard lock(mu_);
    json_ = std::move(json);
  }
  std::string get() const {
    std::lock_guard lock(mu_);
    return json_;
  }

 private:
  mutable std::mutex mu_;
  std::string json_;
};

}  // namespace logomachie::server
