// TrapWords' command-line tool: `logomachie referee trapwords`, the referee on
// JSON Lines (games/trapwords/README.md).
#include "games/core/json.h"
#include "games/trapwords/trapwords.h"

namespace logomachie::games::trapwords {

namespace {

// An optional array of strings (absent or null = empty).
std::vector<std::string> strings(const JsonObject& o, std::string_view field) {
  std::vector<std::string> out;
  const auto* v = o.if_contains(field);
  if (!v || v->is_null()) return out;
  if (!v->is_array()) refuse("bad_field", guillemets(field) + " est une liste de textes.");
  for (const auto& item : v->get_array()) {
    if (!item.is_string()) refuse("bad_field", guillemets(field) + " est une liste de textes.");
    out.emplace_back(item.get_string());
  }
  return out;
}

Constraints constraints(const JsonObject& o) {
  Constraints c;
  for (const auto& id : strings(o, "curses")) {
    const auto curse = parse_curse(id);
    if (!curse) refuse("unknown_curse", "Malédiction inconnue\u00a0: " + guillemets(id) + ".");
    c.curses.push_back(*curse);
  }
  if (const auto* m = o.if_contains("monster"); m && !m->is_null()) {
    if (!m->is_string())
      refuse("bad_field", "«\u00a0monster\u00a0» vaut null ou l’identifiant d’un monstre.");
    c.monster = parse_monster(m->get_string());
    if (!c.monster) refuse("unknown_monster", "Monstre inconnu\u00a0: " + guillemets(m->get_string()) + ".");
  }
  return c;
}

JsonArray fired_json(const std::vector<Fired>& fired) {
  JsonArray a;
  for (const auto& f : fired) {
    a.push_back(JsonObject{{"trap", f.trap}, {"word", f.word}, {"relation", lexicon::to_string(f.relation)}});
  }
  return a;
}

JsonArray violations_json(const std::vector<Violation>& violations) {
  JsonArray a;
  for (const auto& v : violations)
    a.push_back(JsonObject{{"rule", v.rule}, {"word", v.word}, {"reason", v.reason}});
  return a;
}

}  // namespace

std::vector<std::string_view> TrapWordsGame::tools() const {
  return {"referee"};
}

// {"secret","traps","clue"|"guess","history","curses","monster"} → the verdict.
Json TrapWordsGame::tool(std::string_view name, const Json& value) const {
  if (name != "referee") return Game::tool(name, value);
  if (!value.is_object()) refuse("bad_input", "Chaque ligne est un objet JSON.");
  const auto& o = value.get_object();
  const auto secret = std::string(get_string(o, "secret"));
  const auto traps = strings(o, "traps");
  const auto c = constraints(o);
  const bool clue = o.contains("clue"), guess = o.contains("guess");
  if (clue == guess)
    refuse("bad_input",
           "Une ligne juge soit un indice («\u00a0clue\u00a0»), soit une proposition («\u00a0guess\u00a0»).");
  JsonObject out;
  if (clue) {
    const auto verdict = referee_.judge_clue(secret, traps, get_string(o, "clue"), c, strings(o, "history"));
    out["ok"] = verdict.ok();
    out["fired"] = fired_json(verdict.fired);
    out["violations"] = violations_json(verdict.violations);
  } else {
    const auto verdict = referee_.judge_guess(secret, get_string(o, "guess"), traps, c);
    out["correct"] = verdict.correct;
    out["fired"] = fired_json(verdict.fired);
    out["violations"] = violations_json(verdict.violations);
  }
  return out;
}

}  // namespace logomachie::games::trapwords
