#include "games/core/game.h"

#include <limits>

#include "games/core/terminal.h"

namespace logomachie::games {

void check_timeout(const Action& action, std::optional<int64_t> deadline) {
  if (action.actor != kHost) throw ActionError("not_host", "Seul l’hôte signale la fin du temps.");
  if (!deadline) throw ActionError("no_timer", "Ce moment de la partie n’a pas de minuteur.");
  if (action.at < *deadline) throw ActionError("not_yet", "Le temps n’est pas encore écoulé.");
}

std::string_view Action::type() const {
  const auto* t = body.if_contains("type");
  return t && t->is_string() ? std::string_view(t->get_string()) : std::string_view();
}

Json Action::to_json() const {
  JsonObject o = body;
  o["actor"] = actor;
  o["at"] = at;
  return o;
}

Action Action::from_json(const Json& v) {
  if (!v.is_object()) throw ActionError("bad_action", "Une action doit être un objet JSON.");
  const auto& o = v.get_object();
  Action a;
  a.actor = static_cast<PlayerId>(get_int(o, "actor", kHost, 63));
  a.at = get_optional_int(o, "at", 0, std::numeric_limits<int64_t>::max() / 2).value_or(0);
  get_string(o, "type");
  a.body = o;
  a.body.erase("actor");
  a.body.erase("at");
  return a;
}

Action Action::make(PlayerId actor, int64_t at, JsonObject body) {
  Action a;
  a.actor = actor;
  a.at = at;
  a.body = std::move(body);
  return a;
}

Json Setup::to_json() const {
  JsonObject o;
  o["players"] = players;
  o["seed"] = seed;
  o["options"] = options;
  o["fixed"] = fixed;
  return o;
}

Setup Setup::from_json(const Json& v) {
  if (!v.is_object()) throw ActionError("bad_setup", "La mise en place doit être un objet JSON.");
  const auto& o = v.get_object();
  Setup s;
  s.players = static_cast<int>(get_int(o, "players", 1, 64));
  if (const auto* seed = o.if_contains("seed")) {
    if (seed->is_uint64()) {
      s.seed = seed->get_uint64();
    } else if (seed->is_int64() && seed->get_int64() >= 0) {
      s.seed = static_cast<uint64_t>(seed->get_int64());
    } else {
      throw ActionError("bad_setup", "La graine («\u00a0seed\u00a0») doit être un entier positif.");
    }
  }
  if (o.contains("options")) s.options = get_object(o, "options");
  if (o.contains("fixed")) s.fixed = get_object(o, "fixed");
  return s;
}

std::vector<Json> State::views(const std::vector<Viewer>& viewers) const {
  std::vector<Json> out;
  out.reserve(viewers.size());
  for (const auto& v : viewers) out.push_back(view(v));
  return out;
}

Json Game::tool(std::string_view name, const Json& input) const {
  (void)input;
  refuse("unknown_tool", guillemets(name) + "\u00a0: ce jeu n’a pas cet outil.");
}

std::unique_ptr<TerminalGame> Game::terminal() const {
  return nullptr;
}

}  // namespace logomachie::games
