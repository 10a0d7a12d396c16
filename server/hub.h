// Who listens to which room, and delivering the lobby's replies to them: the
// "shared state" of the server's network side, without any network type.
// A transport session implements Subscriber; the hub never owns a session
// beyond its subscriptions.
//
// Threads: used from the network thread only.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/lobby.h"

namespace logomachie::server {

// One text frame, serialized once and shared by every session it goes to.
using SharedText = std::shared_ptr<const std::string>;

// A delivery already serialized (on the room threads, not the network thread).
struct Outbound {
  std::string room;
  std::optional<MemberId> member;
  SharedText text;
  bool error = false;
  // A `kicked` message: the last one the member's sessions get from the room
  // (the lobby refuses anything more from that member).
  bool kicked = false;
  // Delivery::after and if_lost: held until `after` settles; if it is lost,
  // a view is dropped and `if_lost` goes instead, when set.
  std::shared_ptr<Commitment> after;
  bool view = false;
  SharedText if_lost;
};

// Serializes the lobby's deliveries (call it off the network thread). Views
// and welcomes are stamped with the server's clock (`server_ms`, wall time
// `now_ms`), from which clients correct their own clock's offset before
// drawing an hourglass against `deadline_ms`.
std::vector<Outbound> serialized(std::vector<Delivery> deliveries, int64_t now_ms);

// Splits `deliveries` into what may leave now and what waits: `ready`
// receives, in order, every delivery of the rooms whose commitments have
// settled (views of lost actions dropped or replaced by `if_lost`); the
// rest is returned with the commitment they wait for (the latest queued,
// so the others have settled by then), room by room in their order.
struct Held {
  std::shared_ptr<Commitment> until;
  std::vector<Outbound> deliveries;
};
std::vector<Held> settle(std::vector<Outbound> deliveries, std::vector<Outbound>& ready);

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Queues a text frame for the peer (never blocks).
  virtual void send(SharedText text) = 0;
};

class Hub {
 public:
  void subscribe(const std::shared_ptr<Subscriber>& s, const std::string& room, MemberId member);
  void unsubscribe(const std::shared_ptr<Subscriber>& s, const std::string& room,
                   std::optional<MemberId> member);
  // Sends each delivery to its sessions (the sender's own replies to `sender`);
  // returns how many were errors.
  std::size_t deliver(const std::shared_ptr<Subscriber>& sender, const std::vector<Outbound>& deliveries);
  // Sessions listening to `room` (all members), for tests and metrics.
  std::size_t listeners(const std::string& room) const;

 private:
  std::map<std::string, std::map<MemberId, std::set<std::shared_ptr<Subscriber>>>> members_;
};

}  // namespace logomachie::server
