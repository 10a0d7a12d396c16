#include "server/lobby.h"

#include <algorithm>
#include <random>

#include "games/core/bot_level.h"
#include "games/core/json.h"
#include "games/core/narration.h"
#include "games/core/options.h"
#include "games/core/replay.h"
#include "lexicon/normalize.h"
#include "server/log.h"

namespace logomachie::server {
namespace {

Delivery to_sender(games::Json message) {
  return {"", std::nullopt, std::move(message)};
}

Delivery error_to_sender(std::string code, std::string message) {
  return to_sender(
      games::JsonObject{{"type", "error"}, {"code", std::move(code)}, {"message", std::move(message)}});
}

Delivery unavailable() {
  return error_to_sender("unavailable",
                         "Le serveur est momentanément indisponible\u00a0: réessaie dans un instant.");
}

// Locks a room and, when the connection comes from another room, that one
// too (std::lock: no deadlock whatever the order two connections take).
template <class Slot>
class RoomLock {
 public:
  RoomLock(Slot& target, Slot* previous)
      : target_(target), previous_(previous == &target ? nullptr : previous) {
    if (previous_) {
      std::lock(target_.mutex, previous_->mutex);
    } else {
      target_.mutex.lock();
    }
  }
  ~RoomLock() {
    target_.mutex.unlock();
    if (previous_) previous_->mutex.unlock();
  }
  RoomLock(const RoomLock&) = delete;
  RoomLock& operator=(const RoomLock&) = delete;
  // The room left behind, when it is another one.
  auto* previous() const { return previous_ ? previous_->room.get() : nullptr; }

 private:
  Slot& target_;
  Slot* previous_;
};

// Sent away by the host: this connection is nobody in the room any more.
Delivery kicked_error(Connection& c) {
  c.member.reset();
  return error_to_sender("kicked", "L’hôte t’a demandé de quitter la salle.");
}

std::size_t utf8_chars(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

}  // namespace

Lobby::Lobby(std::vector<std::unique_ptr<games::Game>> games, Store& store)
    : owned_(std::move(games)), store_(store) {
  for (const auto& g : owned_) games_.push_back(g.get());
}

Lobby::Lobby(std::vector<const games::Game*> games, Store& store) : games_(std::move(games)), store_(store) {}

const games::Game* Lobby::find(std::string_view name) const {
  for (const auto& g : games_) {
    if (g->info().name == name) return g;
  }
  return nullptr;
}

Room* Lobby::room(const std::string& code) {
  const auto s = slot(code);
  return s ? s->room.get() : nullptr;
}

std::shared_ptr<Lobby::RoomSlot> Lobby::slot(const std::string& code) const {
  std::lock_guard lock(rooms_mutex_);
  const auto it = rooms_.find(code);
  return it == rooms_.end() ? nullptr : it->second;
}

std::size_t Lobby::rooms() const {
  std::lock_guard lock(rooms_mutex_);
  return rooms_.size();
}

std::size_t Lobby::restore(int64_t now_ms) {
  // A cluster node serves the rooms its players bring it (adopt).
  if (directory_) return 0;
  // The server was down since its last heartbeat: no hourglass ran meanwhile.
  const auto alive = store_.alive_before_open();
  const int64_t downtime = alive ? std::max<int64_t>(0, now_ms - *alive) : 0;
  std::size_t n = 0;
  auto add = [&](const std::string& code, std::unique_ptr<Room> room) {
    prepare(*room);
    room->touch(now_ms);  // nobody is back yet: the room may expire if nobody comes
    auto s = std::make_shared<RoomSlot>();
    s->room = std::move(room);
    std::lock_guard lock(rooms_mutex_);
    rooms_[code] = std::move(s);
    ++n;
  };
  // Every saved room: in the lobby, playing, or showing a finished game's results.
  for (const auto& saved : store_.rooms()) {
    const auto* game = find(saved.game);
    if (!game) continue;  // a game this program no longer offers
    try {
      store_.claim_room(saved.code, false);  // before any write about it
      std::optional<StoredGame> stored;
      if (saved.game_id) stored = store_.load(*saved.game_id);
      add(saved.code, Room::restore(saved, stored, *game, store_, downtime));
    } catch (const std::exception& e) {  // a damaged room must not keep the others down
      log_event(LogLevel::kError, "restore_failed", {{"room", saved.code}, {"what", e.what()}});
    }
  }
  // Games in progress whose room was never saved (stores of schema 1).
  for (const auto& stored : store_.unfinished()) {
    const auto* game = find(stored.record.game);
    if (!game || slot(stored.room)) continue;
    try {
      store_.claim_room(stored.room, false);
      add(stored.room, Room::restore(stored, *game, store_, downtime));
    } catch (const std::exception& e) {
      log_event(LogLevel::kError, "restore_failed",
                {{"room", stored.room}, {"id", stored.id}, {"what", e.what()}});
    }
  }
  return n;
}

std::string Lobby::claim_new_code() {
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::string code;
    {
      std::lock_guard lock(rooms_mutex_);
      code = new_code();
    }
    // Unique in the cluster: nobody holds its lease, and the store has no
    // room under it (a room whose node died keeps its code until it expires).
    if (directory_ && directory_->acquire(code)) continue;
    if (store_.claim_room(code, true)) return code;
    if (directory_) directory_->release(code);
  }
  return "";
}

std::shared_ptr<Lobby::RoomSlot> Lobby::adopt(const std::string& code, int64_t now_ms,
                                              std::optional<Delivery>& refusal) {
  std::lock_guard adopting(adopt_mutex_);
  if (auto s = slot(code)) return s;  // taken over by another connection meanwhile
  try {
    if (!store_.room(code)) return nullptr;  // no such room (refusal left empty: a failed join)
    if (const auto holder = directory_->acquire(code)) {
      // Served by another node: go there. Its node stopped beating (crashed,
      // paused): the lease expires within its life, then this node can take it.
      const int64_t retry_ms = std::max<int64_t>(200, directory_->lease_ms() / 4);
      games::JsonObject moved{{"type", "moved"}, {"room", code}, {"retry_ms", retry_ms}};
      if (directory_->alive(*holder)) moved["node"] = *holder;
      refusal = to_sender(std::move(moved));
      return nullptr;
    }
    const auto claim = store_.claim_room(code, false);
    // Read after the claim: whatever the previous node stored before it is there.
    const auto saved = store_.room(code);
    const auto* game = saved ? find(saved->game) : nullptr;
    if (!game) {
      store_.unclaim_room(code);
      directory_->release(code);
      return nullptr;
    }
    std::optional<StoredGame> stored;
    if (saved->game_id) stored = store_.load(*saved->game_id);
    // No hourglass ran since the previous node's last heartbeat.
    const int64_t downtime =
        claim && claim->previous_alive_ms ? std::max<int64_t>(0, now_ms - *claim->previous_alive_ms) : 0;
    auto s = std::make_shared<RoomSlot>();
    s->room = Room::restore(*saved, stored, *game, store_, downtime);
    prepare(*s->room);
    s->room->touch(now_ms);
    {
      std::lock_guard lock(rooms_mutex_);
      rooms_[code] = s;
    }
    log_event(LogLevel::kInfo, "room_adopted",
              {{"room", code}, {"epoch", claim ? claim->epoch : 0}, {"paused_ms", downtime}});
    return s;
  } catch (const std::exception& e) {  // StoreError, DirectoryError: try again later
    log_event(LogLevel::kError, "adopt_failed", {{"room", code}, {"what", e.what()}});
    refusal = unavailable();
    return nullptr;
  }
}

void Lobby::adopt_orphans(int64_t now_ms) {
  // A node is silent once it missed two leases' worth of heartbeats; a few
  // rooms per sweep, in random order, so the live nodes share them.
  constexpr std::size_t kPerSweep = 20;
  std::vector<std::string> codes;
  try {
    codes = store_.orphaned_rooms(now_ms - 2 * directory_->lease_ms(), kPerSweep);
  } catch (const StoreError& e) {
    log_event(LogLevel::kWarn, "orphans_failed", {{"what", e.what()}});
    return;
  }
  for (const auto& code : codes) {
    if (slot(code)) continue;
    std::optional<Delivery> refusal;  // served elsewhere meanwhile, or unreachable: another sweep will see
    adopt(code, now_ms, refusal);
  }
}

bool Lobby::forget(const std::string& code, const std::shared_ptr<RoomSlot>& s) {
  {
    std::lock_guard lock(s->mutex);
    if (s->closed) return false;  // another thread let it go first
    s->closed = true;
    // Its last moves settle before the claim goes (a room handed over with
    // appends in flight would lose them to the fence).
    if (auto pending = s->room->pending()) pending->wait();
  }
  std::lock_guard lock(rooms_mutex_);
  if (auto it = rooms_.find(code); it != rooms_.end() && it->second == s) rooms_.erase(it);
  if (auto it = rooms_by_address_.find(s->address); it != rooms_by_address_.end() && --it->second <= 0) {
    rooms_by_address_.erase(it);
  }
  return true;
}

void Lobby::keep_leases(std::vector<Delivery>& out) {
  std::vector<std::string> codes;
  {
    std::lock_guard lock(rooms_mutex_);
    for (const auto& [code, s] : rooms_) codes.push_back(code);
  }
  std::vector<std::string> lost;
  try {
    directory_->beat();
    lost = directory_->renew(codes);
  } catch (const DirectoryError& e) {
    // Keep serving: the store's fences keep writes safe meanwhile.
    log_event(LogLevel::kWarn, "lease_renewal_failed", {{"what", e.what()}});
    return;
  }
  for (const auto& code : lost) {
    const auto s = slot(code);
    if (!s) continue;
    if (auto moved = let_go(code, s, false)) {
      out.push_back(std::move(*moved));
      log_event(LogLevel::kWarn, "room_lost", {{"room", code}});
    }
  }
  // Rooms whose claim a fenced write ended while the lease stayed ours (a
  // renewal can take back a lease whose room another node claimed since):
  // a write outside the actions (a room saved, a game dealt) says so only
  // here.
  for (const auto& code : codes) {
    if (std::find(lost.begin(), lost.end(), code) != lost.end() || store_.holds_claim(code)) continue;
    if (const auto s = slot(code)) {
      if (auto moved = let_go(code, s, true)) {
        out.push_back(std::move(*moved));
        log_event(LogLevel::kWarn, "room_fenced", {{"room", code}});
      }
    }
  }
}

std::optional<Delivery> Lobby::let_go(const std::string& code, const std::shared_ptr<RoomSlot>& s,
                                      bool release_lease) {
  if (!forget(code, s)) return std::nullopt;  // let go already, by another thread
  store_.unclaim_room(code);
  if (release_lease) {
    try {
      directory_->release(code);
    } catch (const DirectoryError& e) {  // it expires on its own
      log_event(LogLevel::kWarn, "release_failed", {{"room", code}, {"what", e.what()}});
    }
  }
  // Everyone there reconnects to whichever node serves the room now.
  return Delivery{code, std::nullopt, games::JsonObject{{"type", "moved"}, {"room", code}, {"retry_ms", 0}}};
}

void Lobby::release_all() {
  if (!directory_) return;
  std::vector<std::pair<std::string, std::shared_ptr<RoomSlot>>> all;
  {
    std::lock_guard lock(rooms_mutex_);
    all.assign(rooms_.begin(), rooms_.end());
  }
  for (const auto& [code, s] : all) {
    forget(code, s);
    try {
      store_.unclaim_room(code);
      directory_->release(code);
    } catch (const std::exception& e) {
      log_event(LogLevel::kWarn, "release_failed", {{"room", code}, {"what", e.what()}});
    }
  }
}

std::string Lobby::new_code() {
  static constexpr std::string_view kLetters =
      "ABCDEFGHJKLMNPQRSTUVWXYZ";  // no I or O: read aloud without doubt
  std::random_device device;
  while (true) {
    std::string code;
    for (int i = 0; i < 5; ++i) code += kLetters[device() % kLetters.size()];
    if (!rooms_.contains(code)) return code;
  }
}

std::vector<Delivery> Lobby::welcome(Connection& c, Room& room, const Member& m, bool with_token,
                                     int64_t now_ms, Room* previous) {
  std::vector<Delivery> out;
  const bool same = c.member && !previous && *c.member == m.id;
  if (c.member && !same) {  // this connection was someone else until now
    Room& before = previous ? *previous : room;
    before.disconnected(*c.member, now_ms);
    if (previous) out.push_back({previous->code(), std::nullopt, previous->summary()});
  }
  if (!same) room.connected(m.id);
  c.room = room.code();
  c.member = m.id;
  std::erase_if(c.rooms_visited, [&](const Connection::Visited& v) { return v.room == c.room; });
  if (c.rooms_visited.size() >= kMaxRoomsPerConnection) c.rooms_visited.erase(c.rooms_visited.begin());
  c.rooms_visited.push_back({c.room, m.id, m.token});
  games::JsonObject w{{"type", "welcome"},   {"v", kProtocolVersion},
                      {"room", room.code()}, {"game", room.game().info().name},
                      {"member", m.id},      {"name", m.name}};
  if (with_token) w["token"] = m.token;
  out.push_back(to_sender(std::move(w)));
  out.push_back({room.code(), std::nullopt, room.summary()});
  if (room.state()) out.push_back(to_sender(room.view_for(m.id)));
  return out;
}

std::vector<Delivery> Lobby::handle(Connection& c, std::string_view text, int64_t now_ms) {
  if (c.allowance < 0) {
    c.allowance = kRateBurst;
  } else {
    c.allowance =
        std::min(kRateBurst, c.allowance + kRatePerSecond * static_cast<double>(now_ms - c.last_ms) / 1000.0);
  }
  c.last_ms = now_ms;
  if (c.allowance < 1)
    return {error_to_sender("rate_limited", "Doucement\u00a0: trop de messages d’un coup.")};
  c.allowance -= 1;
  if (text.size() > kMaxMessageBytes) return {error_to_sender("too_large", "Message trop long.")};
  games::Json parsed;
  try {
    parsed = games::parse_json(text);
  } catch (const games::ActionError& e) {
    return {error_to_sender(e.error().code, e.error().message)};
  }
  if (!parsed.is_object()) return {error_to_sender("bad_message", "Un message est un objet JSON.")};
  const auto& o = parsed.get_object();
  try {
    if (const auto* v = o.if_contains("v"); v && !(v->is_int64() && v->get_int64() == kProtocolVersion)) {
      return {error_to_sender("bad_version",
                              "Version du protocole non prise en charge\u00a0: recharge la page.")};
    }
    const auto type = games::get_string(o, "type");
    // The room this connection was in, locked together with the one it enters.
    const auto previous = c.member ? slot(c.room) : nullptr;
    if (type == "create") {
      const auto* game = find(games::get_string(o, "game"));
      if (!game) return {error_to_sender("unknown_game", "Ce jeu n’existe pas ici.")};
      auto s = std::make_shared<RoomSlot>();
      {
        std::lock_guard lock(rooms_mutex_);
        if (rooms_.size() >= max_rooms_)
          return {error_to_sender("too_many_rooms", "Trop de salles ouvertes\u00a0: réessaie plus tard.")};
        if (!c.address.empty() && rooms_by_address_[c.address] >= kMaxRoomsPerAddress) {
          return {error_to_sender(
              "too_many_rooms",
              "Tu as déjà ouvert beaucoup de salles\u00a0: rejoins-en une ou attends un peu.")};
        }
      }
      std::string code;
      try {
        code = claim_new_code();
      } catch (const std::exception& e) {  // StoreError, DirectoryError
        log_event(LogLevel::kError, "claim_failed", {{"what", e.what()}});
      }
      if (code.empty()) return {unavailable()};
      {
        std::lock_guard lock(rooms_mutex_);
        std::random_device device;
        s->room = std::make_unique<Room>(code, *game, store_, (uint64_t{device()} << 32) | device());
        prepare(*s->room);
        s->room->touch(now_ms);
        s->address = c.address;
        if (!c.address.empty()) ++rooms_by_address_[c.address];
        rooms_[code] = s;
      }
      RoomLock lock(*s, previous.get());
      const auto& m = s->room->join(games::get_optional_string(o, "name").value_or(""), c.address);
      s->room->take_seat(m.id, 0);  // the host plays: « M’asseoir ici » was a step every host missed
      s->room->save();
      log_event(LogLevel::kInfo, "room_created", {{"room", code}, {"game", game->info().name}});
      return after_pending(welcome(c, *s->room, m, true, now_ms, lock.previous()), *s->room);
    }
    if (type == "join" || type == "resume" || type == "peek") {
      if (c.failed_joins >= kMaxFailedJoins || address_throttled(c.address, now_ms)) {
        return {error_to_sender("too_many_tries",
                                "Trop de codes essayés\u00a0: recharge la page pour recommencer.")};
      }
      std::string code(games::get_string(o, "room"));
      for (auto& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      auto s = slot(code);
      if (!s && directory_) {
        std::optional<Delivery> refusal;
        s = adopt(code, now_ms, refusal);
        if (refusal) return {*refusal};  // elsewhere, moving, unreachable (an unknown code has none)
      }
      if (!s) {
        failed_join(c, now_ms);
        return {error_to_sender("unknown_room", "Aucune salle ne porte ce code.")};
      }
      RoomLock lock(*s, previous.get());
      if (s->closed) {  // expired while we were looking it up
        failed_join(c, now_ms);
        return {error_to_sender("unknown_room", "Aucune salle ne porte ce code.")};
      }
      Room& r = *s->room;
      if (type == "peek") {
        // Before the name form: the code names a room (a wrong code counts as
        // a failed join, so peeking cannot enumerate codes faster than joining).
        return {to_sender(r.peek())};
      }
      if (type == "resume") {
        const auto token = games::get_string(o, "token");
        // A reload does not bring a kicked player back. Told, and nothing else
        // changes: this connection may be somebody in another room.
        if (r.kicked(token)) return {error_to_sender("kicked", "L’hôte t’a demandé de quitter la salle.")};
        const Member* m = r.resume(token);
        if (!m) {
          failed_join(c, now_ms);
          return {error_to_sender("bad_token", "Ce jeton ne correspond à personne dans cette salle.")};
        }
        return after_pending(welcome(c, r, *m, false, now_ms, lock.previous()), r);
      }
      // One member per connection and room: a second join would let one
      // connection fill the room (a second person on the same phone uses a
      // second tab, which is a second connection).
      if (c.member && c.room == code) {
        const Member* me = r.member(*c.member);
        if (me && me->kicked) return {kicked_error(c)};
        return {error_to_sender("already_in_room", "Tu es déjà dans cette salle.")};
      }
      const auto visited = std::find_if(c.rooms_visited.begin(), c.rooms_visited.end(),
                                        [&](const Connection::Visited& v) { return v.room == code; });
      if (visited != c.rooms_visited.end()) {
        // Back from another room: the same person as before (if this is
        // still that room: a closed room's code may name a new one).
        const Member* me = r.member(visited->member);
        if (me && me->token == visited->token) {
          if (me->kicked) return {error_to_sender("kicked", "L’hôte t’a demandé de quitter la salle.")};
          return after_pending(welcome(c, r, *me, true, now_ms, lock.previous()), r);
        }
        c.rooms_visited.erase(visited);
      }
      if (r.members() >= kMaxMembersPerRoom) return {error_to_sender("room_full", "La salle est pleine.")};
      if (!c.address.empty() && r.members_from(c.address) >= kMaxMembersPerAddress) {
        return {error_to_sender("too_many_here",
                                "Trop de monde est déjà entré dans cette salle depuis ta connexion.")};
      }
      if (r.locked()) return {error_to_sender("room_locked", "La salle est fermée aux nouveaux venus.")};
      const auto& m = r.join(games::get_optional_string(o, "name").value_or(""), c.address);
      r.save();
      return after_pending(welcome(c, r, m, true, now_ms, lock.previous()), r);
    }
    if (!previous) return {error_to_sender("not_in_room", "Rejoins d’abord une salle.")};
    std::lock_guard lock(previous->mutex);
    if (previous->closed) {
      c.member.reset();
      return {error_to_sender("not_in_room", "Rejoins d’abord une salle.")};
    }
    return after_pending(in_room(c, *previous->room, type, o, now_ms), *previous->room);
  } catch (const games::ActionError& e) {
    return {error_to_sender(e.error().code, e.error().message)};
  }
}

std::vector<Delivery> Lobby::in_room(Connection& c, Room& r, std::string_view type,
                                     const games::JsonObject& o, int64_t now_ms) {
  const MemberId who = *c.member;
  if (const Member* me = r.member(who); !me || me->kicked) return {kicked_error(c)};
  auto after = [&](std::optional<games::Error> e) -> std::vector<Delivery> {
    if (e) return {error_to_sender(e->code, e->message)};
    r.save();  // what everyone now sees is what a restart brings back
    return {{c.room, std::nullopt, r.summary()}};
  };
  if (type == "seat") return after(r.take_seat(who, static_cast<int>(games::get_int(o, "seat", 0, 63))));
  if (type == "unseat") return after(r.leave_seat(who));
  if (type == "bot") {
    return after(
        r.add_bot(who, static_cast<int>(games::get_int(o, "seat", 0, 63)), games::get_string(o, "level")));
  }
  if (type == "unbot") return after(r.remove_bot(who, static_cast<int>(games::get_int(o, "seat", 0, 63))));
  if (type == "players")
    return after(r.set_players(who, static_cast<int>(games::get_int(o, "players", 1, 64))));
  if (type == "options") return after(r.set_options(who, games::get_object(o, "options")));
  if (type == "lock") return after(r.lock(who, games::get_bool(o, "locked", true)));
  if (type == "kick") {
    const auto target = static_cast<MemberId>(games::get_int(o, "member", 1, 1 << 20));
    if (auto e = r.kick(who, target)) return {error_to_sender(e->code, e->message)};
    r.save();
    return {{c.room, target,
             games::JsonObject{{"type", "kicked"}, {"message", "L’hôte t’a demandé de quitter la salle."}}},
            {c.room, std::nullopt, r.summary()}};
  }
  if (type == "start") {
    if (auto e = r.start(who, now_ms)) return {error_to_sender(e->code, e->message)};
    r.save();
    std::vector<Delivery> out{{c.room, std::nullopt, r.summary()}};
    for (MemberId id = 1; r.member(id); ++id) {
      if (!r.member(id)->kicked) out.push_back({c.room, id, r.view_for(id)});
    }
    return out;
  }
  if (type == "act") {
    // An optional request id: echoed as `id` on a refusal, or as `ack` on the
    // sender's own view when the action was accepted, so that a client keeps
    // what the player typed until it knows.
    const auto id = games::get_optional_int(o, "id", 0, INT64_MAX / 2);
    const auto game = games::get_optional_int(o, "game", 0, INT64_MAX / 2);
    auto replies = r.act(who, games::get_int(o, "version", 0, INT64_MAX / 2), games::get_object(o, "action"),
                         now_ms, game);
    bool refused = false;
    for (auto& m : replies) refused = refused || (m.to == who && m.message.as_object().at("type") == "error");
    std::vector<Delivery> out;
    for (auto& m : replies) {
      if (id && m.to == who) {
        auto& message = m.message.as_object();
        if (message.at("type") == "error") message["id"] = *id;
        if (!refused && message.at("type") == "view") message["ack"] = *id;
      }
      Delivery d{c.room, m.to, std::move(m.message)};
      if (!refused && m.to == who && r.pending()) {
        // Accepted, not yet durable: if the store loses it, the sender hears so.
        auto lost = error_to_sender("store_failed", kNotRecorded).message;
        if (id) lost.as_object()["id"] = *id;
        d.if_lost = std::move(lost);
      }
      out.push_back(std::move(d));
    }
    return out;
  }
  if (type == "ask") {
    // A question to one of the game's player tools (Word Bank's judgement of a
    // typed word, for its preview): answered to the sender only, changes
    // nothing. A refused question is an answer with `error` (not an `error`
    // message: its id would be taken for an action's).
    const auto id = games::get_optional_int(o, "id", 0, INT64_MAX / 2);
    games::JsonObject reply{{"type", "answer"}};
    try {
      const Member* me = r.member(who);
      if (!me || !me->seat || !r.state() || r.state()->is_terminal()) {
        throw games::ActionError("not_playing",
                                 "Seuls les joueurs d’une partie en cours posent ces questions.");
      }
      const auto tool = games::get_string(o, "tool");
      const auto allowed = r.game().player_tools();
      if (std::find(allowed.begin(), allowed.end(), tool) == allowed.end()) {
        throw games::ActionError("unknown_tool", "Ce jeu ne répond pas à cette question.");
      }
      reply["answer"] = r.game().tool(tool, games::require(o, "input"));
    } catch (const games::ActionError& e) {
      reply["error"] = games::JsonObject{{"code", e.error().code}, {"message", e.error().message}};
    }
    if (id) reply["id"] = *id;
    return {to_sender(std::move(reply))};
  }
  if (type == "view") return {to_sender(r.view_for(who))};
  if (type == "chat") {
    const auto text_field = games::get_string(o, "text");
    const bool control = std::any_of(text_field.begin(), text_field.end(), [](char ch) {
      return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F;  // NUL, line breaks, escapes…
    });
    if (text_field.empty() || control || utf8_chars(text_field) > kMaxChatChars ||
        !lexicon::is_valid_utf8(text_field)) {
      return {error_to_sender("bad_chat", "Un message de 1 à 300 caractères, s’il te plaît.")};
    }
    return {{c.room, std::nullopt,
             games::JsonObject{
                 {"type", "chat"}, {"member", who}, {"name", r.member(who)->name}, {"text", text_field}}}};
  }
  return {
      error_to_sender("unknown_message", "Type de message inconnu\u00a0: " + games::guillemets(type) + ".")};
}

bool Lobby::address_throttled(const std::string& address, int64_t now_ms) const {
  if (address.empty()) return false;
  std::lock_guard lock(failures_mutex_);
  const auto it = failures_.find(address);
  return it != failures_.end() && now_ms - it->second.since_ms < kFailedJoinWindowMs &&
         it->second.count >= kMaxFailedJoinsPerAddress;
}

void Lobby::failed_join(Connection& c, int64_t now_ms) {
  ++c.failed_joins;
  if (c.address.empty()) return;
  std::lock_guard lock(failures_mutex_);
  if (failures_.size() > 100'000) {  // forget the stale entries rather than grow without end
    std::erase_if(failures_,
                  [&](const auto& e) { return now_ms - e.second.since_ms >= kFailedJoinWindowMs; });
  }
  auto& f = failures_[c.address];
  if (now_ms - f.since_ms >= kFailedJoinWindowMs) f = {0, now_ms};
  ++f.count;
}

std::vector<Delivery> Lobby::disconnect(Connection& c, int64_t now_ms) {
  const auto s = c.member ? slot(c.room) : nullptr;
  if (!s) return {};
  std::lock_guard lock(s->mutex);
  s->room->disconnected(*c.member, now_ms);
  c.member.reset();
  return {{c.room, std::nullopt, s->room->summary()}};
}

std::vector<Delivery> Lobby::tick(int64_t now_ms, std::vector<std::string>* bots_due) {
  std::vector<std::pair<std::string, std::shared_ptr<RoomSlot>>> all;
  {
    std::lock_guard lock(rooms_mutex_);
    all.assign(rooms_.begin(), rooms_.end());
  }
  if (now_ms - last_beat_ms_ >= 1000) {
    last_beat_ms_ = now_ms;
    try {
      store_.mark_alive(now_ms);
    } catch (const StoreError& e) {
      log_event(LogLevel::kWarn, "heartbeat_failed", {{"what", e.what()}});
    }
  }
  std::vector<Delivery> out;
  if (directory_ && now_ms - last_lease_ms_ >= directory_->lease_ms() / 3) {
    last_lease_ms_ = now_ms;
    keep_leases(out);
    if (now_ms - last_sweep_ms_ >= directory_->lease_ms()) {
      last_sweep_ms_ = now_ms;
      adopt_orphans(now_ms);
    }
    std::lock_guard lock(rooms_mutex_);
    std::erase_if(all, [&](const auto& e) { return !rooms_.contains(e.first); });
  }
  std::vector<std::pair<std::string, std::shared_ptr<RoomSlot>>> expired;
  for (auto& [code, s] : all) {
    std::lock_guard lock(s->mutex);
    if (s->closed) continue;
    std::vector<Delivery> ticked;
    for (auto& m : s->room->tick(now_ms)) ticked.push_back({code, m.to, std::move(m.message)});
    for (auto& d : after_pending(std::move(ticked), *s->room)) out.push_back(std::move(d));
    if (bots_due && s->room->bot_due(now_ms)) bots_due->push_back(code);
    // Nobody there for a while, and no game under way: the room goes (a
    // finished game stays in the store, for its replay).
    const auto* state = s->room->state();
    const auto empty = s->room->empty_since();
    if ((!state || state->is_terminal()) && empty && now_ms - *empty >= kRoomIdleMs) {
      s->closed = true;
      expired.emplace_back(code, s);
    }
  }
  for (const auto& [code, s] : expired) {
    {
      std::lock_guard lock(rooms_mutex_);
      rooms_.erase(code);
      if (auto it = rooms_by_address_.find(s->address); it != rooms_by_address_.end() && --it->second <= 0) {
        rooms_by_address_.erase(it);
      }
    }
    try {
      store_.drop_room(code);
      if (directory_) directory_->release(code);
    } catch (const std::exception& e) {  // StoreError, DirectoryError: the lease expires by itself
      log_event(LogLevel::kError, "store_failed", {{"room", code}, {"what", e.what()}});
    }
    log_event(LogLevel::kInfo, "room_expired", {{"room", code}});
  }
  return out;
}

std::optional<BotJob> Lobby::take_bot_job(const std::string& code, int64_t now_ms) {
  const auto s = slot(code);
  if (!s) return std::nullopt;
  std::lock_guard lock(s->mutex);
  return s->room->take_bot_job(now_ms);
}

std::vector<Delivery> Lobby::bot_moved(const std::string& code, const BotJob& job,
                                       std::optional<games::Action> action) {
  const auto s = slot(code);
  if (!s) return {};
  std::lock_guard lock(s->mutex);
  std::vector<Delivery> out;
  for (auto& m : s->room->bot_moved(job, std::move(action)))
    out.push_back({code, m.to, std::move(m.message)});
  return after_pending(std::move(out), *s->room);
}

bool Lobby::bot_due(const std::string& code, int64_t now_ms) const {
  const auto s = slot(code);
  if (!s) return false;
  std::lock_guard lock(s->mutex);
  return !s->closed && s->room->bot_due(now_ms);
}

std::vector<Delivery> Lobby::roll_back(const std::string& code) {
  const auto s = slot(code);
  if (!s) return {};
  if (directory_ && !store_.holds_claim(code)) {
    // Fenced: another node claimed the room since (this node's lease ran
    // out, then perhaps came back to it, docs/scaling.md). Serving it on
    // would refuse every move: this node lets it go, lease included, and its
    // players find the room wherever the next claim puts it.
    auto moved = let_go(code, s, true);
    if (!moved) return {};
    log_event(LogLevel::kWarn, "room_fenced", {{"room", code}});
    return {std::move(*moved)};
  }
  std::lock_guard lock(s->mutex);
  if (s->closed) return {};
  std::vector<Delivery> out;
  for (auto& m : s->room->roll_back()) out.push_back({code, m.to, std::move(m.message)});
  return after_pending(std::move(out), *s->room);
}

void Lobby::prepare(Room& room) const {
  room.set_deferred_bots(deferred_bots_);
  if (on_lost_) {
    room.set_async_store(
        [on_lost = on_lost_, code = room.code()](const std::shared_ptr<Commitment>&) { on_lost(code); });
  }
}

std::vector<Delivery> Lobby::after_pending(std::vector<Delivery> out, const Room& room) {
  if (auto pending = room.pending()) {
    for (auto& d : out) {
      if (d.room.empty() || d.room == room.code()) d.after = pending;
    }
  }
  return out;
}

}  // namespace logomachie::server

namespace logomachie::server {

games::Json Lobby::games_json() const {
  games::JsonArray list;
  for (const auto& g : games_) {
    const auto& info = g->info();
    games::JsonArray levels;
    for (const auto& l : info.bot_levels) levels.push_back(games::Json(l));
    list.push_back(games::JsonObject{{"name", info.name},
                                     {"title", info.title},
                                     {"min_players", info.min_players},
                                     {"max_players", info.max_players},
                                     {"bot_levels", std::move(levels)},
                                     {"options", games::options_json(info)}});
  }
  return games::JsonObject{{"games", std::move(list)}};
}

games::Json Lobby::recent_json(std::size_t limit) const {
  games::JsonArray list;
  for (const auto& g : store_.recent(limit * 4)) {
    if (!g.finished || list.size() >= limit) continue;
    list.push_back(games::JsonObject{{"id", g.id},
                                     {"game", g.game},
                                     {"room", g.room},
                                     {"actions", g.actions},
                                     {"created_ms", g.created_ms}});
  }
  return games::JsonObject{{"games", std::move(list)}};
}

std::shared_ptr<const std::string> Lobby::replay_text(int64_t id) const {
  {
    std::lock_guard lock(replays_mutex_);
    for (auto it = replays_.begin(); it != replays_.end(); ++it) {
      if (it->first != id) continue;
      auto text = it->second;
      std::rotate(it, it + 1, replays_.end());  // most recently used last
      return text;
    }
  }
  const auto replay = replay_json(id);  // outside the lock: replaying takes a while
  if (!replay) return nullptr;
  auto text = std::make_shared<const std::string>(games::canonical(*replay));
  std::lock_guard lock(replays_mutex_);
  if (replays_.size() >= kReplayCacheSize) replays_.erase(replays_.begin());
  replays_.emplace_back(id, text);
  return text;
}

std::optional<games::Json> Lobby::replay_json(int64_t id) const {
  const auto stored = store_.load(id);
  if (!stored || !stored->finished) return std::nullopt;
  const auto* game = find(stored->record.game);
  if (!game) return std::nullopt;
  // Seat names from the room's data.
  games::JsonArray names;
  std::vector<std::string> seat_names;  // for the events' sentences
  try {
    const auto meta = games::parse_json(stored->meta).as_object();
    std::map<int64_t, std::string> by_member;
    for (const auto& m : games::get_array(meta, "members")) {
      by_member[m.as_object().at("id").to_number<int64_t>()] =
          std::string(m.as_object().at("name").as_string());
    }
    std::vector<bool> bot;  // named as the room named them (Room::seat_names)
    for (const auto& s : games::get_array(meta, "seats")) {
      const auto& o = s.as_object();
      const auto* m = o.if_contains("member");
      seat_names.push_back(m ? by_member[m->to_number<int64_t>()] : "");
      bot.push_back(!m);
    }
    games::name_bots(seat_names, bot);
    for (const auto& n : seat_names) names.push_back(games::Json(n));
  } catch (const std::exception&) {
    names.clear();  // old or damaged data: the client numbers the seats
    seat_names.clear();
  }
  for (int p = static_cast<int>(seat_names.size()); p < stored->record.setup.players; ++p) {
    seat_names.push_back("Joueur " + std::to_string(p + 1));
  }
  games::JsonArray steps;
  games::Json outcome = nullptr;
  try {
    auto state = game->new_state(stored->record.setup);
    const auto spectator = games::Viewer::spectator();
    steps.push_back(games::JsonObject{
        {"action", nullptr}, {"events", games::JsonArray{}}, {"view", state->view(spectator)}});
    for (const auto& action : stored->record.actions) {
      auto result = state->apply(action);
      if (!result.ok()) return std::nullopt;  // a log this program cannot replay
      games::JsonArray events;
      for (const auto& e : result.events) events.push_back(games::with_sentence(*game, e, seat_names));
      steps.push_back(games::JsonObject{
          {"action", action.to_json()}, {"events", std::move(events)}, {"view", state->view(spectator)}});
    }
    if (state->is_terminal()) {
      const auto o = state->outcome();
      games::JsonArray rank;
      for (int r : o.rank) rank.push_back(r);
      outcome = games::JsonObject{{"rank", std::move(rank)}, {"details", o.details}};
    }
  } catch (const games::ActionError&) {
    return std::nullopt;
  }
  return games::JsonObject{{"id", stored->id},
                           {"game", stored->record.game},
                           {"title", game->info().title},
                           {"room", stored->room},
                           {"names", std::move(names)},
                           {"created_ms", stored->created_ms},
                           {"finished_ms", stored->finished_ms},
                           {"outcome", std::move(outcome)},
                           {"steps", std::move(steps)}};
}

}  // namespace logomachie::server
