#include "server/room.h"

#include <algorithm>
#include <chrono>
#include <random>

#include "games/core/bot_level.h"
#include "games/core/narration.h"
#include "games/core/replay.h"
#include "server/log.h"

namespace logomachie::server {
namespace {

games::Error error(std::string code, std::string message) {
  return {std::move(code), std::move(message)};
}

games::Json error_message(const games::Error& e) {
  return games::JsonObject{{"type", "error"}, {"code", e.code}, {"message", e.message}};
}

// A secret nobody can guess: 128 bits from the operating system.
std::string new_token() {
  std::random_device device;
  std::string out;
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 4; ++i) {
    const uint32_t w = device();
    for (int k = 0; k < 8; ++k) out += kHex[(w >> (4 * k)) & 0xF];
  }
  return out;
}

// Trimmed, at most 24 characters (UTF-8 aware), never empty.
std::string clean_name(std::string_view name, std::size_t index) {
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.remove_prefix(1);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
  std::string out;
  int chars = 0;
  for (std::size_t i = 0; i < name.size() && chars < 24;) {
    const auto c = static_cast<unsigned char>(name[i]);
    const std::size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    if (c < 0x20 || i + len > name.size()) break;  // control characters or a cut sequence end the name
    out.append(name.substr(i, len));
    i += len;
    ++chars;
  }
  return out.empty() ? "Joueur " + std::to_string(index + 1) : out;
}

// Bots wait this long after a store failure before playing again.
constexpr int64_t kStoreRetryMs = 500;

// The keys a view message may carry: type, version, game_id, view,
// deadline_ms, over, your_turn, outcome, events, ack, server_ms.
constexpr std::size_t kViewMessageKeys = 11;

int64_t wall_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Room::Room(std::string code, const games::Game& game, Store& store, uint64_t seed)
    : code_(std::move(code)),
      game_(game),
      store_(store),
      rng_(seed),
      players_(game.info().default_players ? game.info().default_players : game.info().min_players),
      seats_(static_cast<std::size_t>(players_)) {}

const Member& Room::join(std::string_view name, std::string_view address) {
  Member m;
  m.address = address;
  m.id = static_cast<MemberId>(members_.size()) + 1;
  m.name = clean_name(name, members_.size());
  m.token = new_token();
  if (members_.empty()) host_ = m.id;
  members_.push_back(std::move(m));
  if (game_id_) {
    try {
      store_.set_meta(*game_id_, meta());  // a spectator joining mid-game can come back after a restart
    } catch (const StoreError&) {
      // kept in memory; saved again with the next change
    }
  }
  return members_.back();
}

const Member* Room::resume(std::string_view token) const {
  for (const auto& m : members_) {
    if (!token.empty() && m.token == token && !m.kicked) return &m;
  }
  return nullptr;
}

void Room::note_round() {
  auto key = state_->round_key();
  if (round_key_ && *round_key_ == key) return;
  round_key_ = std::move(key);
  round_since_ = version();
}

const char* Room::status() const {
  return !state_ ? "lobby" : state_->is_terminal() ? "over" : "playing";
}

bool Room::kicked(std::string_view token) const {
  return !token.empty() && std::any_of(members_.begin(), members_.end(),
                                       [&](const Member& m) { return m.kicked && m.token == token; });
}

games::Json Room::peek() const {
  return games::JsonObject{{"type", "peek"},
                           {"room", code_},
                           {"game", game_.info().name},
                           {"locked", locked_},
                           {"status", status()}};
}

std::optional<games::Error> Room::lock(MemberId who, bool locked) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut faire ça.");
  locked_ = locked;
  return std::nullopt;
}

std::optional<games::Error> Room::kick(MemberId who, MemberId target) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut faire ça.");
  if (target == who) return error("bad_member", "L’hôte ne peut pas se renvoyer lui-même.");
  auto it = std::find_if(members_.begin(), members_.end(),
                         [&](const Member& m) { return m.id == target && !m.kicked; });
  if (it == members_.end()) return error("unknown_member", "Ce joueur n’est pas dans la salle.");
  it->kicked = true;
  it->connections = 0;
  it->offline_since = 1;  // long gone: a bot plays their seat at once during a game
  if (!state_) {
    for (auto& s : seats_) {
      if (s.member == target) s.member.reset();
    }
    it->seat.reset();
  }
  if (game_id_) {
    try {
      store_.set_meta(*game_id_, meta());
    } catch (const StoreError&) {}
  }
  return std::nullopt;
}

std::size_t Room::members() const {
  return static_cast<std::size_t>(
      std::count_if(members_.begin(), members_.end(), [](const Member& m) { return !m.kicked; }));
}

std::size_t Room::members_from(std::string_view address) const {
  return static_cast<std::size_t>(std::count_if(
      members_.begin(), members_.end(), [&](const Member& m) { return !m.kicked && m.address == address; }));
}

const Member* Room::member(MemberId id) const {
  for (const auto& m : members_) {
    if (m.id == id) return &m;
  }
  return nullptr;
}

std::optional<games::Error> Room::take_seat(MemberId who, int seat) {
  if (!member(who)) return error("unknown_member", "Ce joueur n’est pas dans la salle.");
  if (state_) return error("game_started", "La partie a commencé\u00a0: les places sont prises.");
  if (seat < 0 || seat >= players_) return error("bad_seat", "Cette place n’existe pas.");
  auto& s = seats_[static_cast<std::size_t>(seat)];
  if ((s.member && *s.member != who) || !s.bot.empty())
    return error("seat_taken", "Cette place est déjà prise.");
  leave_seat(who);
  s.member = who;
  for (auto& m : members_) {
    if (m.id == who) m.seat = seat;
  }
  return std::nullopt;
}

std::optional<games::Error> Room::leave_seat(MemberId who) {
  if (state_) return error("game_started", "La partie a commencé\u00a0: on ne quitte pas sa place en route.");
  for (auto& s : seats_) {
    if (s.member == who) s.member.reset();
  }
  for (auto& m : members_) {
    if (m.id == who) m.seat.reset();
  }
  return std::nullopt;
}

std::optional<games::Error> Room::add_bot(MemberId who, int seat, std::string_view level) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut faire ça.");
  if (state_) return error("game_started", "La partie a commencé.");
  if (seat < 0 || seat >= players_) return error("bad_seat", "Cette place n’existe pas.");
  auto& s = seats_[static_cast<std::size_t>(seat)];
  if (s.member || !s.bot.empty()) return error("seat_taken", "Cette place est déjà prise.");
  const auto& levels = game_.info().bot_levels;
  if (std::find(levels.begin(), levels.end(), level) == levels.end()) {
    return error("unknown_bot_level", "Niveau de robot inconnu\u00a0: " + games::guillemets(level) + ".");
  }
  s.bot = std::string(level);
  return std::nullopt;
}

std::optional<games::Error> Room::remove_bot(MemberId who, int seat) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut faire ça.");
  if (state_) return error("game_started", "La partie a commencé.");
  if (seat < 0 || seat >= players_ || seats_[static_cast<std::size_t>(seat)].bot.empty()) {
    return error("bad_seat", "Il n’y a pas de robot à cette place.");
  }
  seats_[static_cast<std::size_t>(seat)].bot.clear();
  return std::nullopt;
}

std::optional<games::Error> Room::set_players(MemberId who, int players) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut faire ça.");
  if (state_) return error("game_started", "La partie a commencé.");
  const auto& info = game_.info();
  if (players < info.min_players || players > info.max_players) {
    return error("bad_players", info.title + " se joue de " + std::to_string(info.min_players) + " à " +
                                    std::to_string(info.max_players) + " joueurs.");
  }
  for (int s = players; s < players_; ++s) {  // seats that disappear free their people
    if (const auto m = seats_[static_cast<std::size_t>(s)].member) {
      for (auto& mem : members_) {
        if (mem.id == *m) mem.seat.reset();
      }
    }
  }
  players_ = players;
  seats_.resize(static_cast<std::size_t>(players));
  return std::nullopt;
}

std::optional<games::Error> Room::set_options(MemberId who, const games::JsonObject& options) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut faire ça.");
  if (state_) return error("game_started", "La partie a commencé.");
  games::Setup trial;
  trial.players = players_;
  trial.options = options;
  try {
    game_.new_state(trial);  // the game validates its own options
  } catch (const games::ActionError& e) {
    return e.error();
  }
  options_ = options;
  return std::nullopt;
}

std::optional<games::Error> Room::start(MemberId who, int64_t now_ms) {
  if (!is_host(who)) return error("not_host", "Seul l’hôte de la salle peut lancer la partie.");
  if (state_ && !state_->is_terminal()) return error("game_started", "La partie est déjà lancée.");
  for (const auto& s : seats_) {
    if (!s.member && s.bot.empty())
      return error("seats_empty", "Il reste des places vides\u00a0: ajoute un robot ou attends un ami.");
  }
  games::Record record;
  record.game = game_.info().name;
  record.rules_version = game_.info().rules_version;
  record.content_version = game_.info().content_version;
  record.setup.players = players_;
  record.setup.seed = rng_.next();
  record.setup.options = options_;
  std::unique_ptr<games::State> state;
  std::vector<std::shared_ptr<games::Bot>> bots(seats_.size());
  try {
    std::vector<bool> is_bot;
    for (const auto& s : seats_) is_bot.push_back(!s.bot.empty());
    if (auto refused = game_.check_bots(record.setup, is_bot)) return refused;
    state = game_.new_state(record.setup);
    for (std::size_t s = 0; s < seats_.size(); ++s) {
      if (!seats_[s].bot.empty()) bots[s] = game_.make_bot(seats_[s].bot, record.setup.seed + s);
    }
  } catch (const games::ActionError& e) {
    return e.error();
  }
  std::optional<int64_t> id;
  try {
    id = store_.create_game(code_, record, meta());
    log_event(LogLevel::kInfo, "game_started",
              {{"room", code_}, {"game", record.game}, {"id", *id}, {"players", players_}});
  } catch (const StoreError& e) {
    log_event(LogLevel::kError, "store_failed", {{"room", code_}, {"what", e.what()}});
    return error("store_failed", "La partie n’a pas pu être enregistrée\u00a0: réessaie dans un instant.");
  }
  if (!unsynced_.empty()) {
    // The last game's final moves were queued before the new game's row, so
    // they have settled (a store that does not queue both is waited for):
    // if the store lost the end, that game goes on and this deal is dropped.
    unsynced_.back().commitment->wait();
    if (std::any_of(unsynced_.begin(), unsynced_.end(),
                    [](const Unsynced& u) { return u.commitment->lost(); })) {
      roll_back();
      try {
        // Never played: finished at once, so no restart brings it back.
        store_.finish(*id, R"({"abandoned":true})");
      } catch (const StoreError& e) {
        log_event(LogLevel::kError, "store_failed", {{"room", code_}, {"id", *id}, {"what", e.what()}});
      }
      return error("store_failed", kNotRecorded);
    }
    unsynced_.clear();
  }
  started_ms_ = now_ms;
  game_id_ = id;
  record_ = std::move(record);
  state_ = std::move(state);
  round_key_.reset();  // a new game: versions start again from 0
  note_round();
  bots_ = std::move(bots);
  stand_in_.reset();
  ++generation_;
  std::vector<games::Json> events;
  if (!deferred_bots_) play_bots(events);  // a bot may have the first move
  return std::nullopt;
}

int64_t Room::game_time(int64_t now_ms) const {
  return std::max(state_ ? state_->now() : 0, now_ms - started_ms_);
}

std::vector<Outgoing> Room::act(MemberId who, int64_t version, const games::JsonObject& body, int64_t now_ms,
                                std::optional<int64_t> game) {
  const Member* m = member(who);
  auto refuse = [&](const games::Error& e) { return std::vector<Outgoing>{{who, error_message(e)}}; };
  if (!m || m->kicked) return refuse(error("unknown_member", "Ce joueur n’est pas dans la salle."));
  if (!state_) return refuse(error("not_started", "La partie n’a pas commencé."));
  if (!m->seat) return refuse(error("not_seated", "Les spectateurs regardent sans jouer."));
  const auto& independent = game_.info().independent_actions;
  const auto type = body.if_contains("type");
  // An independent action (a trap beside a teammate's, a vote) may come from
  // an older view, as long as it belongs to the same moment (State::round_key):
  // a vote sent during one vote never counts in the next.
  const bool fresh_enough =
      type && type->is_string() && version < this->version() && version >= round_since_ &&
      std::find(independent.begin(), independent.end(), type->get_string()) != independent.end();
  // Versions start again from 0 with each game: the game's id tells a late
  // action of the previous game (« Rejouer » came in between) from one of
  // this game that fits its version.
  const bool other_game = game && game != game_id_;
  if ((version != this->version() && !fresh_enough) || other_game) {
    auto out = refuse(error("stale", "La partie a avancé pendant ce temps\u00a0: voici où elle en est."));
    out.push_back({who, view_for(who)});
    return out;
  }
  games::Action action;
  action.actor = *m->seat;
  action.at = game_time(now_ms);
  action.body = body;
  action.body.erase("actor");
  action.body.erase("at");
  return accept(action, who);
}

std::vector<Outgoing> Room::tick(int64_t now_ms) {
  drop_durable();  // the states kept for a rollback are not needed any more
  if (!state_ || state_->is_terminal()) return {};
  const auto deadline = state_->deadline();
  if (deadline && game_time(now_ms) >= *deadline) {
    return accept(games::Action::make(games::kHost, *deadline, games::JsonObject{{"type", "timeout"}}),
                  std::nullopt);
  }
  for (const auto seat : state_->to_act()) {
    const auto who = seats_[static_cast<std::size_t>(seat)].member;
    auto it =
        std::find_if(members_.begin(), members_.end(), [&](const Member& x) { return who && x.id == *who; });
    if (it != members_.end() && it->connections == 0 && it->offline_since == 0) {
      it->offline_since = now_ms;  // never seen (e.g. after a restart): grace starts now
    }
  }
  // The game moved on, or the person a stand-in played for is back: the
  // held move is dropped.
  if (held_ && (!held_current() || (!bots_[static_cast<std::size_t>(held_->action.actor)] &&
                                    !stood_in(held_->action.actor, now_ms)))) {
    held_.reset();
  }
  if (held_ && game_time(now_ms) >= held_->action.at) {
    const auto action = std::move(held_->action);
    held_.reset();
    return accept(action, std::nullopt);
  }
  if (deferred_bots_) return {};  // the host asks take_bot_job() for stand-ins too
  if (!stand_in_ && bot_due(now_ms)) stand_in_ = game_.make_bot("medium", record_.setup.seed ^ 0x5eed);
  const auto [seat, bot] = due_bot(now_ms);
  if (!bot) return {};
  auto action = bot->act(*state_, seat);
  if (!action) return {};
  action->at = game_time(now_ms);
  return accept(*action, std::nullopt);
}

bool Room::stood_in(int seat, int64_t now_ms) const {
  const auto& s = seats_[static_cast<std::size_t>(seat)];
  if (!s.member) return false;
  const Member* m = member(*s.member);
  return m && m->connections == 0 && m->offline_since != 0 && now_ms - m->offline_since >= kGraceMs;
}

std::pair<int, std::shared_ptr<games::Bot>> Room::due_bot(int64_t now_ms) const {
  if (!state_ || state_->is_terminal()) return {0, nullptr};
  for (const auto seat : state_->to_act()) {
    if (const auto& bot = bots_[static_cast<std::size_t>(seat)]) return {seat, bot};
    if (stood_in(seat, now_ms)) return {seat, stand_in_};  // may be null until created (see take_bot_job)
  }
  return {0, nullptr};
}

bool Room::bot_due(int64_t now_ms) const {
  if (bot_out_ || held_current() || !state_ || state_->is_terminal()) return false;
  // The store just failed: not in a loop while it is down (tests on a made-up clock never wait).
  if (store_failed_ms_ && now_ms >= store_failed_ms_ && now_ms - store_failed_ms_ < kStoreRetryMs)
    return false;
  for (const auto seat : state_->to_act()) {
    if (bots_[static_cast<std::size_t>(seat)] || stood_in(seat, now_ms)) return true;
  }
  return false;
}

std::optional<BotJob> Room::take_bot_job(int64_t now_ms) {
  if (!bot_due(now_ms)) return std::nullopt;
  if (!stand_in_) stand_in_ = game_.make_bot("medium", record_.setup.seed ^ 0x5eed);
  const auto [seat, bot] = due_bot(now_ms);
  if (!bot) return std::nullopt;
  BotJob job;
  job.seat = seat;
  job.version = version();
  job.generation = generation_;
  job.bot = bot;
  job.state = state_->clone();
  // A seat's own bot plays at once (the clock of the last move, as inline);
  // a stand-in plays at the wall clock.
  job.at = bot == bots_[static_cast<std::size_t>(seat)] ? state_->now() : game_time(now_ms);
  bot_out_ = true;
  return job;
}

std::vector<Outgoing> Room::bot_moved(const BotJob& job, std::optional<games::Action> action) {
  bot_out_ = false;
  if (!action || job.generation != generation_ || job.version != version() || !state_) return {};
  action->actor = job.seat;
  const int64_t wanted = action->at;
  action->at = std::max(job.at, state_->now());
  if (wanted > action->at) {  // the bot takes its time: tick() plays it then
    action->at = wanted;
    held_ = HeldMove{version(), generation_, std::move(*action)};
    return {};
  }
  return accept(*action, std::nullopt);
}

void Room::connected(MemberId who) {
  for (auto& m : members_) {
    if (m.id == who) ++m.connections;
  }
}

void Room::disconnected(MemberId who, int64_t now_ms) {
  for (auto& m : members_) {
    if (m.id == who && m.connections > 0 && --m.connections == 0) m.offline_since = now_ms;
  }
  last_activity_ms_ = std::max(last_activity_ms_, now_ms);
}

std::optional<int64_t> Room::empty_since() const {
  for (const auto& m : members_) {
    if (m.connections > 0) return std::nullopt;
  }
  return last_activity_ms_;
}

std::vector<Outgoing> Room::accept(const games::Action& action, std::optional<MemberId> sender) {
  std::vector<games::Json> events;
  if (store_suspect_) {
    const auto before = version();
    if (auto e = catch_up_with_store(events)) {
      if (sender) return {{*sender, error_message(*e)}};
      return {};
    }
    if (version() != before) {
      // The store had kept the move it reported failed: everyone gets it
      // now, and this action, made against the position before it, is stale.
      auto out = views(events);
      if (sender) {
        out.push_back(
            {*sender, error_message(error(
                          "stale", "La partie a avancé pendant ce temps\u00a0: voici où elle en est."))});
      }
      return out;
    }
  }
  if (auto error_out = apply_and_store(action, events)) {
    if (sender) return {{*sender, error_message(*error_out)}};
    return {};
  }
  if (!deferred_bots_) play_bots(events);
  return views(events);
}

std::optional<games::Error> Room::apply_and_store(const games::Action& action,
                                                  std::vector<games::Json>& events) {
  // All or nothing, durable before acknowledged: apply on a copy, append to
  // the store, then keep the copy.
  auto next = state_->clone();
  auto result = next->apply(action);
  if (!result.ok()) return *result.error;
  // Keep only the fields the rules read (whatever else a client sent is not
  // stored forever nor shown in replays), once checked to play the same.
  const games::Action* kept = &action;
  games::Action pruned;
  if (result.parsed_body) {
    pruned = action;
    pruned.body = *result.parsed_body;
    auto check = state_->clone();
    const auto again = check->apply(pruned);
    if (again.ok() && games::canonical(check->serialize()) == games::canonical(next->serialize())) {
      kept = &pruned;
    } else {
      log_event(LogLevel::kWarn, "unread_fields_matter", {{"room", code_}, {"type", action.type()}});
    }
  }
  try {
    // The last move and the game's end: one transaction.
    std::optional<std::string> outcome;
    if (next->is_terminal()) outcome = games::canonical(next->outcome().details);
    if (on_lost_) {
      // Asynchronous: queued; the room goes on, its messages wait (pending()).
      drop_durable();
      auto commitment = std::make_shared<Commitment>();
      store_.append_async(*game_id_, version(), *kept, outcome, commitment);
      commitment->when_settled(
          [on_lost = on_lost_, c = std::weak_ptr<Commitment>(commitment)](bool durable, const std::string&) {
            if (auto lost = c.lock(); lost && !durable) on_lost(lost);
          });
      latest_ = commitment;
      unsynced_.push_back({std::move(commitment), std::move(state_), version(), round_key_, round_since_});
    } else {
      store_.append(*game_id_, version(), *kept, outcome);
    }
    if (outcome)
      log_event(LogLevel::kInfo, "game_over",
                {{"room", code_}, {"id", *game_id_}, {"actions", version() + 1}});
  } catch (const StoreError& e) {
    // Most failures store nothing, but one that came after the write (a
    // sync error, a lost reply) may have kept the action: the next action
    // first asks the store what it holds.
    store_suspect_ = true;
    store_failed_ms_ = wall_now_ms();
    log_event(LogLevel::kError, "store_failed", {{"room", code_}, {"id", *game_id_}, {"what", e.what()}});
    return error("store_failed", kNotRecorded);
  }
  state_ = std::move(next);
  record_.actions.push_back(*kept);
  note_round();
  for (auto& e : result.events) events.push_back(std::move(e));
  return std::nullopt;
}

void Room::drop_durable() {
  while (!unsynced_.empty() && unsynced_.front().commitment->durable()) unsynced_.pop_front();
}

std::shared_ptr<Commitment> Room::pending() const {
  // Writes settle in queue order: the last one settles last.
  if (!latest_ || latest_->durable()) return nullptr;
  return latest_;
}

std::vector<Outgoing> Room::roll_back() {
  // Commitments settle in queue order: the first lost one has only durable
  // ones before it.
  auto lost = std::find_if(unsynced_.begin(), unsynced_.end(),
                           [](const Unsynced& u) { return u.commitment->lost(); });
  if (lost == unsynced_.end()) return {};
  log_event(LogLevel::kError, "store_failed",
            {{"room", code_},
             {"id", *game_id_},
             {"what", lost->commitment->error()},
             {"undone", static_cast<int64_t>(unsynced_.end() - lost)}});
  state_ = std::move(lost->before);
  record_.actions.resize(static_cast<std::size_t>(lost->version));
  round_key_ = lost->round_key;
  round_since_ = lost->round_since;
  unsynced_.clear();
  latest_.reset();
  held_.reset();
  ++generation_;  // bot jobs thought on the lost line of play are dropped
  // The store may have kept what it reported lost: the next action asks it.
  store_suspect_ = true;
  store_failed_ms_ = wall_now_ms();
  return views({});
}

std::optional<games::Error> Room::catch_up_with_store(std::vector<games::Json>& events) {
  std::optional<StoredGame> stored;
  try {
    stored = store_.load(*game_id_);
  } catch (const StoreError& e) {
    log_event(LogLevel::kError, "store_failed", {{"room", code_}, {"id", *game_id_}, {"what", e.what()}});
  }
  if (!stored) {
    store_failed_ms_ = wall_now_ms();
    return error("store_failed", kNotRecorded);
  }
  // Actions the store kept though it reported a failure: they were accepted
  // by the engine then, so they are played now, and everyone hears of them.
  for (std::size_t i = record_.actions.size(); i < stored->record.actions.size(); ++i) {
    const auto& action = stored->record.actions[i];
    auto result = state_->apply(action);
    if (!result.ok()) break;  // never: the log only holds accepted actions
    record_.actions.push_back(action);
    note_round();
    for (auto& e : result.events) events.push_back(std::move(e));
  }
  store_suspect_ = false;
  return std::nullopt;
}

void Room::play_bots(std::vector<games::Json>& events) {
  // Bounded: a game never needs thousands of bot moves in a row.
  for (int guard = 0; guard < 10000 && !state_->is_terminal(); ++guard) {
    bool moved = false;
    for (const auto seat : state_->to_act()) {
      auto& bot = bots_[static_cast<std::size_t>(seat)];
      if (!bot) continue;
      auto action = bot->act(*state_, seat);
      if (!action) continue;
      action->at = state_->now();
      if (apply_and_store(*action, events)) continue;  // refused: the bot waits (never happens)
      moved = true;
      break;  // the set of seats to act may have changed
    }
    if (!moved) return;
  }
}

std::vector<std::string> Room::seat_names() const {
  std::vector<std::string> names;
  std::vector<bool> bot;
  for (const auto& s : seats_) {
    std::string name;
    if (s.member) {
      if (const Member* m = member(*s.member)) name = m->name;  // a kicked player's seat keeps their name
    }
    names.push_back(std::move(name));
    bot.push_back(!s.member && !s.bot.empty());
  }
  games::name_bots(names, bot);
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) names[i] = "Place " + std::to_string(i + 1);
  }
  return names;
}

std::vector<Outgoing> Room::views(const std::vector<games::Json>& events) const {
  std::vector<Outgoing> out;
  games::JsonArray list;
  const auto names = seat_names();
  for (const auto& e : events) list.push_back(games::with_sentence(game_, e, names));
  std::vector<const Member*> to;
  std::vector<games::Viewer> viewers;
  for (const auto& m : members_) {
    if (m.kicked) continue;  // sent away: nothing more to see
    to.push_back(&m);
    viewers.push_back(viewer_of(&m));
  }
  // Every member's view in one call: an engine builds what they share once.
  auto seen = state_ ? state_->views(viewers) : std::vector<games::Json>(to.size());
  for (std::size_t i = 0; i < to.size(); ++i) {
    auto v = view_message(to[i], std::move(seen[i]));
    // The last member takes the list itself, the others a copy.
    v.as_object()["events"] = i + 1 < to.size() ? games::Json(list) : games::Json(std::move(list));
    out.push_back({to[i]->id, std::move(v)});
  }
  return out;
}

games::Viewer Room::viewer_of(const Member* m) {
  return m && m->seat ? games::Viewer::player(*m->seat) : games::Viewer::spectator();
}

games::Json Room::view_for(MemberId who) const {
  const Member* m = member(who);
  return view_message(m, state_ ? state_->view(viewer_of(m)) : games::Json());
}

games::Json Room::view_message(const Member* m, games::Json view) const {
  // Room for every key a view message gets, here and later (events, the
  // sender's ack, the server's clock): the object never reallocates as it
  // grows.
  games::JsonObject out(kViewMessageKeys);
  out.emplace("type", "view");
  out.emplace("version", version());
  if (!state_) return out;
  // Which game the version counts in (an `act` may name it), and once over
  // the replay link (/games/<id>; replays exist only for finished games).
  if (game_id_) out["game_id"] = *game_id_;
  out["view"] = std::move(view);
  if (const auto d = state_->deadline())
    out["deadline_ms"] = started_ms_ + *d;  // wall clock, for hourglasses
  out["over"] = state_->is_terminal();
  if (m && m->seat && !state_->is_terminal()) {
    // Only whether this viewer is expected to act (for the turn alert), not who else is.
    const auto seats = state_->to_act();
    if (std::find(seats.begin(), seats.end(), *m->seat) != seats.end()) out["your_turn"] = true;
  }
  if (state_->is_terminal()) {
    const auto outcome = state_->outcome();
    games::JsonArray rank;
    for (int r : outcome.rank) rank.push_back(r);
    out["outcome"] = games::JsonObject{{"rank", std::move(rank)}, {"details", outcome.details}};
  }
  return out;
}

games::JsonArray Room::members_json(bool for_store) const {
  games::JsonArray out;
  for (const auto& m : members_) {
    if (m.kicked && !for_store) continue;
    games::JsonObject o{{"id", m.id}, {"name", m.name}};
    if (for_store) {
      o["token"] = m.token;  // secrets stay in the store, never in a message
      if (m.kicked) o["kicked"] = true;
    } else {
      o["host"] = m.id == host_;
      o["online"] = m.connections > 0;
    }
    if (m.seat) o["seat"] = *m.seat;
    out.push_back(std::move(o));
  }
  return out;
}

games::JsonArray Room::seats_json(bool for_store) const {
  games::JsonArray out;
  const auto names = for_store ? std::vector<std::string>{} : seat_names();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto& s = seats_[i];
    games::JsonObject o;
    if (s.member) o["member"] = *s.member;
    if (!s.bot.empty()) o["bot"] = s.bot;
    if (!for_store && (s.member || !s.bot.empty()))
      o["name"] = names[i];  // what the game's sentences call it
    out.push_back(std::move(o));
  }
  return out;
}

games::Json Room::summary() const {
  return games::JsonObject{{"type", "room"},
                           {"code", code_},
                           {"game", game_.info().name},
                           {"players", players_},
                           {"members", members_json(false)},
                           {"seats", seats_json(false)},
                           {"options", options_},
                           {"locked", locked_},
                           {"status", status()}};
}

std::string Room::meta() const {
  return games::canonical(games::JsonObject{{"members", members_json(true)},
                                            {"seats", seats_json(true)},
                                            {"host", host_},
                                            {"started_ms", started_ms_},
                                            {"rng", rng_.to_hex()},
                                            {"players", players_},
                                            {"options", options_},
                                            {"locked", locked_}});
}

void Room::save() const {
  StoredRoom row{code_, game_.info().name, meta(), game_id_, 0};
  if (on_lost_) {
    // Queued behind this room's actions. What the room sends next waits for
    // `marker`, which stands for the save and for the action before it: a
    // failed save is only logged (saved again with the next change), but a
    // lost action still holds back the views that show it.
    auto saved = std::make_shared<Commitment>();
    auto marker = std::make_shared<Commitment>();
    auto before = unsynced_.empty() ? nullptr : unsynced_.back().commitment;
    saved->when_settled([marker, before, code = code_](bool durable, const std::string& error) {
      if (!durable) log_event(LogLevel::kError, "store_failed", {{"room", code}, {"what", error}});
      marker->settle(!before || before->durable());
    });
    latest_ = marker;
    try {
      store_.save_room_async(row, saved);
    } catch (const StoreError& e) {
      saved->settle(false, e.what());
    }
    return;
  }
  try {
    store_.save_room(row);
  } catch (const StoreError& e) {
    // kept in memory; saved again with the next change
    log_event(LogLevel::kError, "store_failed", {{"room", code_}, {"what", e.what()}});
  }
}

void Room::load_meta(std::string_view text) {
  const auto meta = games::parse_json(text).as_object();
  members_.clear();
  for (const auto& mv : games::get_array(meta, "members")) {
    const auto& o = mv.as_object();
    Member m;
    m.id = static_cast<MemberId>(games::get_int(o, "id", 1, 1 << 20));
    m.name = std::string(games::get_string(o, "name"));
    m.token = std::string(games::get_string(o, "token"));
    if (o.contains("seat")) m.seat = static_cast<int>(games::get_int(o, "seat", 0, 63));
    m.kicked = games::get_bool(o, "kicked", false);
    if (m.kicked) m.offline_since = 1;
    members_.push_back(std::move(m));
  }
  host_ = static_cast<MemberId>(games::get_int(meta, "host", 0, 1 << 20));
  started_ms_ = games::get_int(meta, "started_ms", 0, INT64_MAX / 2);
  rng_ = games::Rng::from_hex(games::get_string(meta, "rng"));
  // Saved since schema 2 (a game's own setup has them too).
  if (meta.contains("players")) {
    players_ =
        static_cast<int>(games::get_int(meta, "players", game_.info().min_players, game_.info().max_players));
  }
  if (meta.contains("options")) options_ = games::get_object(meta, "options");
  locked_ = games::get_bool(meta, "locked", false);
  seats_.clear();
  for (const auto& sv : games::get_array(meta, "seats")) {
    const auto& o = sv.as_object();
    Seat seat;
    if (o.contains("member")) seat.member = static_cast<MemberId>(games::get_int(o, "member", 1, 1 << 20));
    if (o.contains("bot")) seat.bot = std::string(games::get_string(o, "bot"));
    seats_.push_back(std::move(seat));
  }
  seats_.resize(static_cast<std::size_t>(players_));
}

void Room::load_game(const StoredGame& stored) {
  players_ = stored.record.setup.players;
  options_ = stored.record.setup.options;
  seats_.resize(static_cast<std::size_t>(players_));
  bots_.clear();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto& bot = seats_[i].bot;
    bots_.push_back(bot.empty() ? nullptr : game_.make_bot(bot, stored.record.setup.seed + i));
  }
  record_ = stored.record;
  state_ = games::replay(game_, stored.record);
  round_key_.reset();
  note_round();  // from now: a late action sent before the restart is stale
  game_id_ = stored.id;
  generation_ = 1;
}

void Room::pause_clock(int64_t downtime_ms) {
  if (downtime_ms <= 0 || !state_ || state_->is_terminal()) return;
  // Game time is wall time since the start: start later by the downtime,
  // and keep it so (a second restart must not count this outage again).
  started_ms_ += downtime_ms;
  try {
    store_.set_meta(*game_id_, meta());
  } catch (const StoreError&) {
    // kept in memory; saved again with the next change
  }
  save();
}

std::unique_ptr<Room> Room::restore(const StoredGame& stored, const games::Game& game, Store& store,
                                    int64_t downtime_ms) {
  auto room = std::make_unique<Room>(stored.room, game, store, 0);
  room->load_meta(stored.meta);
  room->load_game(stored);
  room->pause_clock(downtime_ms);
  return room;
}

std::unique_ptr<Room> Room::restore(const StoredRoom& saved, const std::optional<StoredGame>& stored,
                                    const games::Game& game, Store& store, int64_t downtime_ms) {
  auto room = std::make_unique<Room>(saved.code, game, store, 0);
  room->load_meta(saved.meta);  // the newest: saved after every change
  if (stored) room->load_game(*stored);
  room->pause_clock(downtime_ms);
  return room;
}

}  // namespace logomachie::server
