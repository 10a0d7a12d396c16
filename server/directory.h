// Which node of a cluster serves which room (docs/scaling.md). A room is live
// on exactly one node at a time: that node holds the room's lease in the
// directory and renews it while it serves the room; a node that stops
// renewing (crashed, paused, cut off) loses its rooms when their leases
// expire, and the next node a player of the room reaches takes them over.
// The lease only routes players: what keeps a stale node from writing is the
// store's fence (Store::claim_room), checked inside every write.
//
// Redis is the directory of a cluster (open_redis_directory); a single
// server has none. Every method may be called from any thread; a directory
// that cannot be reached throws DirectoryError (callers keep what they serve,
// and refuse to take anything over until it answers again).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace logomachie::server {

class DirectoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Directory {
 public:
  virtual ~Directory() = default;
  // This node's name.
  virtual const std::string& node() const = 0;
  // Takes (or keeps) the lease on room `code` for this node: nullopt when it
  // is this node's now, else the name of the node that holds it.
  virtual std::optional<std::string> acquire(std::string_view code) = 0;
  // Renews this node's leases on `codes` (taking back any that expired while
  // nobody else took it) and returns the codes another node holds now.
  virtual std::vector<std::string> renew(const std::vector<std::string>& codes) = 0;
  // Gives up this node's lease on `code` (the room closed or moved).
  virtual void release(std::string_view code) = 0;
  // This node's own heartbeat (renewed with the leases), and another's.
  virtual void beat() = 0;
  virtual bool alive(std::string_view node) = 0;
  // Publishes this node's numbers (JSON text, kept for one lease) and
  // returns every live node's, this one's included: (node, JSON text).
  virtual std::vector<std::pair<std::string, std::string>> share(std::string_view snapshot) = 0;
  // How long a lease lasts without renewal.
  virtual int64_t lease_ms() const = 0;
};

// Connects to Redis at `url` (redis://host:port) for node `node`.
std::unique_ptr<Directory> open_redis_directory(const std::string& url, const std::string& node,
                                                int64_t lease_ms);

}  // namespace logomachie::server
