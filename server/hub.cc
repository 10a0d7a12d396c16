#include "server/hub.h"

#include <algorithm>

#include <boost/json/serialize.hpp>

namespace logomachie::server {

std::vector<Outbound> serialized(std::vector<Delivery> deliveries, int64_t now_ms) {
  std::vector<Outbound> out;
  out.reserve(deliveries.size());
  for (auto& d : deliveries) {
    auto& message = d.message.as_object();
    const auto type = message.at("type");
    if (type == "view" || type == "welcome") message["server_ms"] = now_ms;
    Outbound o;
    o.error = type == "error";
    o.kicked = type == "kicked" && d.member.has_value();
    o.room = std::move(d.room);
    o.member = d.member;
    o.text = std::make_shared<const std::string>(boost::json::serialize(d.message));
    o.after = std::move(d.after);
    o.view = type == "view";
    if (d.if_lost) o.if_lost = std::make_shared<const std::string>(boost::json::serialize(*d.if_lost));
    out.push_back(std::move(o));
  }
  return out;
}

std::vector<Held> settle(std::vector<Outbound> deliveries, std::vector<Outbound>& ready) {
  // Messages for the sender alone ("") go with the room the sender is in
  // now, the last one named (a welcome, then the room's summary, then the
  // sender's view: one group, in that order).
  std::string last_room;
  for (const auto& d : deliveries) {
    if (!d.room.empty()) last_room = d.room;
  }
  std::vector<std::string> group;  // each delivery's
  std::vector<std::string> rooms;  // in order of first appearance
  for (const auto& d : deliveries) {
    group.push_back(d.room.empty() ? last_room : d.room);
    if (std::find(rooms.begin(), rooms.end(), group.back()) == rooms.end()) rooms.push_back(group.back());
  }
  std::vector<Held> held;
  for (const auto& room : rooms) {
    // What this room's messages wait for: the last unsettled commitment
    // (commitments settle in the order they were queued).
    std::shared_ptr<Commitment> until;
    for (std::size_t i = 0; i < deliveries.size(); ++i) {
      if (group[i] == room && deliveries[i].after && !deliveries[i].after->settled())
        until = deliveries[i].after;
    }
    if (until) {
      Held h{until, {}};
      for (std::size_t i = 0; i < deliveries.size(); ++i) {
        if (group[i] == room) h.deliveries.push_back(std::move(deliveries[i]));
      }
      held.push_back(std::move(h));
      continue;
    }
    for (std::size_t i = 0; i < deliveries.size(); ++i) {
      if (group[i] != room) continue;
      auto& d = deliveries[i];
      if (d.after && d.after->lost()) {
        if (d.if_lost) {
          d.text = d.if_lost;
          d.error = true;
          d.room.clear();  // to the sender alone
          d.member.reset();
        } else if (d.view) {
          continue;  // shows what was not recorded: the room sends fresh views
        }
      }
      d.after.reset();
      ready.push_back(std::move(d));
    }
  }
  return held;
}

void Hub::subscribe(const std::shared_ptr<Subscriber>& s, const std::string& room, MemberId member) {
  members_[room][member].insert(s);
}

void Hub::unsubscribe(const std::shared_ptr<Subscriber>& s, const std::string& room,
                      std::optional<MemberId> member) {
  if (!member) return;
  auto r = members_.find(room);
  if (r == members_.end()) return;
  auto m = r->second.find(*member);
  if (m == r->second.end()) return;
  m->second.erase(s);
  if (m->second.empty()) r->second.erase(m);
  if (r->second.empty()) members_.erase(r);
}

std::size_t Hub::deliver(const std::shared_ptr<Subscriber>& sender, const std::vector<Outbound>& deliveries) {
  std::size_t errors = 0;
  for (const auto& d : deliveries) {
    if (d.error) ++errors;
    if (d.room.empty()) {
      if (sender) sender->send(d.text);
      continue;
    }
    auto room = members_.find(d.room);
    if (room == members_.end()) continue;
    if (d.kicked) {  // the last thing a kicked member hears from this room
      auto m = room->second.find(*d.member);
      if (m == room->second.end()) continue;
      const auto sessions = std::move(m->second);
      room->second.erase(m);
      if (room->second.empty()) members_.erase(room);
      for (const auto& s : sessions) s->send(d.text);
      continue;
    }
    for (const auto& [member, sessions] : room->second) {
      if (d.member && *d.member != member) continue;
      for (const auto& s : sessions) s->send(d.text);
    }
  }
  return errors;
}

std::size_t Hub::listeners(const std::string& room) const {
  auto r = members_.find(room);
  if (r == members_.end()) return 0;
  std::size_t n = 0;
  for (const auto& [member, sessions] : r->second) n += sessions.size();
  return n;
}

}  // namespace logomachie::server
