// Lettralettre's command-line tool: `logomachie solve lettralettre` (docs/solvers.md).
#include "games/core/json.h"
#include "games/lettralettre/lettralettre.h"

namespace logomachie::games::lettralettre {

namespace {

const JsonObject& as_object(const Json& v) {
  if (!v.is_object()) refuse("bad_input", "Chaque ligne est un objet JSON.");
  return v.get_object();
}

char letter_of(const Json& v) {
  if (v.is_string() && v.get_string().size() == 1) {
    char c = v.get_string()[0];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') return c;
  }
  refuse("bad_letter", "Une lettre est un texte d’un caractère, de A à Z.");
}

}  // namespace

std::vector<std::string_view> LettralettreGame::tools() const {
  return {"solve"};
}

// {"letters":[…],"taboo":[…],"stars":{…},"constraint":id|{check,bonus}|null} → the best word.
Json LettralettreGame::tool(std::string_view name, const Json& input) const {
  if (name != "solve") return Game::tool(name, input);
  const auto& o = as_object(input);
  std::string taboo;
  if (o.contains("taboo") && !o.at("taboo").is_null()) {
    for (const auto& l : get_array(o, "taboo")) taboo += letter_of(l);
  }
  SolverQuery q;
  q.min_letters = kMinWordLetters;  // the game refuses one-letter words
  for (const auto& l : get_array(o, "letters")) {
    const char c = letter_of(l);
    if (taboo.find(c) == std::string::npos && q.shown.find(c) == std::string::npos) q.shown += c;
  }
  if (o.contains("stars") && !o.at("stars").is_null()) {
    const auto& stars = get_object(o, "stars");
    for (const auto& kv : stars) {
      const char c = letter_of(Json(kv.key()));
      q.stars[static_cast<std::size_t>(c - 'A')] = static_cast<int>(get_int(stars, kv.key(), 0, 100));
    }
  }
  Constraint inline_constraint;
  if (const auto* c = o.if_contains("constraint"); c && !c->is_null()) {
    if (c->is_string()) {
      q.constraint = find_constraint(c->get_string());
      if (!q.constraint)
        refuse("unknown_constraint", "Carte contrainte inconnue\u00a0: " + guillemets(c->get_string()) + ".");
    } else if (c->is_object()) {
      inline_constraint.id = "inline";
      inline_constraint.bonus =
          static_cast<int>(get_optional_int(c->get_object(), "bonus", -100, 100).value_or(0));
      inline_constraint.check = parse_check(get_object(c->get_object(), "check"));
      if (!inline_constraint.check.theme.empty() && !judge().knows_theme(inline_constraint.check.theme)) {
        refuse("unknown_theme", "Thème inconnu\u00a0: " + guillemets(inline_constraint.check.theme) + ".");
      }
      q.constraint = &inline_constraint;
    } else {
      refuse("bad_constraint",
             "«\u00a0constraint\u00a0» vaut null, l’identifiant d’une carte ou {\"check\":{…},\"bonus\":n}.");
    }
  }
  const auto best = solver().best(q);
  if (!best) return JsonObject{{"word", nullptr}, {"score", 0}};
  return JsonObject{{"word", best->display}, {"score", best->score}};
}

}  // namespace logomachie::games::lettralettre
