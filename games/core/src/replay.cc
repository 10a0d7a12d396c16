#include "games/core/replay.h"

#include <string>

namespace logomachie::games {

Json Record::to_json() const {
  JsonObject o;
  o["game"] = game;
  o["rules_version"] = rules_version;
  o["content_version"] = content_version;
  o["setup"] = setup.to_json();
  JsonArray acts;
  for (const auto& a : actions) acts.push_back(a.to_json());
  o["actions"] = std::move(acts);
  return o;
}

Record Record::from_json(const Json& v) {
  if (!v.is_object()) throw ActionError("bad_scenario", "Le scénario doit être un objet JSON.");
  const auto& o = v.get_object();
  Record r;
  r.game = std::string(get_string(o, "game"));
  r.rules_version = static_cast<int>(get_optional_int(o, "rules_version", 0, 1 << 20).value_or(0));
  r.content_version = std::string(get_optional_string(o, "content_version").value_or(""));
  r.setup = Setup::from_json(require(o, "setup"));
  if (o.contains("actions")) {
    for (const auto& a : get_array(o, "actions")) r.actions.push_back(Action::from_json(a));
  }
  return r;
}

std::unique_ptr<State> replay(const Game& game, const Record& record) {
  const auto& info = game.info();
  if (record.game != info.name) {
    throw ActionError("wrong_game", "Ce scénario est pour " + guillemets(record.game) + ", pas pour " +
                                        guillemets(info.name) + ".");
  }
  if (record.rules_version != 0 && record.rules_version != info.rules_version) {
    throw ActionError("rules_version_mismatch", "Ce scénario suit la version " +
                                                    std::to_string(record.rules_version) +
                                                    " des règles\u00a0; cette version du jeu applique la " +
                                                    std::to_string(info.rules_version) + ".");
  }
  if (!record.content_version.empty() && record.content_version != info.content_version) {
    throw ActionError("content_version_mismatch", "Ce scénario a été joué avec un autre contenu (" +
                                                      record.content_version + ", ici " +
                                                      info.content_version + ").");
  }
  auto state = game.new_state(record.setup);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    auto result = state->apply(record.actions[i]);
    if (!result.ok()) {
      throw ActionError("replay_refused", "Action n° " + std::to_string(i + 1) + " refusée (" +
                                              result.error->code + ")\u00a0: " + result.error->message);
    }
  }
  return state;
}

}  // namespace logomachie::games
