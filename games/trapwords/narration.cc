// TrapWords' events in French, one sentence each (Game::describe).
#include "games/core/narration.h"
#include "games/trapwords/trapwords.h"

namespace logomachie::games::trapwords {

namespace {

constexpr const char* kTeamNames[] = {"L’équipe bleue", "L’équipe rouge"};
constexpr const char* kTheTeams[] = {"l’équipe bleue", "l’équipe rouge"};

int index_of(const Json& v) {
  if (v.is_int64()) return static_cast<int>(v.get_int64());
  if (v.is_uint64()) return static_cast<int>(v.get_uint64());
  return -1;
}
std::string team_name(const Json& t) {
  const int i = index_of(t);
  return i == 0 || i == 1 ? kTeamNames[i] : "Une équipe";
}
std::string the_team(const Json& t) {
  const int i = index_of(t);
  return i == 0 || i == 1 ? kTheTeams[i] : "une équipe";
}

std::string curse_title(std::string_view id) {
  static const std::pair<std::string_view, std::string_view> kNames[] = {
      {"inondation", "Inondation"},   {"gribouillage", "Gribouillage frénétique"}, {"mot-interdit", "Le mot interdit"},
      {"serpent", "Serpent fantôme"}, {"echo", "Écho"},                            {"tenebres", "Ténèbres"},
      {"desarmer", "Désarmer"},       {"toc", "TOC"},                              {"petrification", "Pétrification"},
      {"faible", "Faible d’esprit"},
  };
  for (const auto& [k, v] : kNames) {
    if (k == id) return std::string(v);
  }
  return std::string(id);
}

std::string relation_words(std::string_view relation) {
  if (relation == "inflection") return "autre forme du mot";
  if (relation == "compound") return "mot composé";
  if (relation == "derivative") return "même famille";
  return std::string(relation);
}

// What the referee said of a clue or a guess: traps fired, then rules broken.
std::string verdict_words(const JsonObject& v) {
  std::string out;
  for (const auto& f : v.at("fired").as_array()) {
    const auto& x = f.as_object();
    const auto word = text_field(x, "word"), trap = text_field(x, "trap");
    out += (out.empty() ? "" : " ; ") + std::string("Piège ! « ") + std::string(word) + " » déclenche « " +
           std::string(trap) + " »" + (word == trap ? "" : " (" + relation_words(text_field(x, "relation")) + ")");
  }
  for (const auto& r : v.at("violations").as_array()) {
    if (!out.empty()) out += ' ';
    out += text_field(r.as_object(), "reason");
  }
  return out;
}

std::string result_words(std::string_view result) {
  if (result == "found") return "trouvé !";
  if (result == "trap") return "piège déclenché.";
  if (result == "invalid") return "indice invalide.";
  if (result == "guesses") return "plus de réponses.";
  if (result == "time") return "sablier vide.";
  return "l’équipe a passé.";
}

std::string flag_reason(std::string_view reason) {
  if (reason == "exemple") return "c’est un exemple du mot";
  if (reason == "sonorite") return "ça joue sur le son";
  if (reason == "abreviation") return "abréviation ou sigle";
  if (reason == "private-joke") return "blague entre initiés";
  return "autre raison";
}

}  // namespace

std::optional<std::string> TrapWordsGame::describe(const Json& event, const std::vector<std::string>& names) const {
  if (!event.is_object()) return std::nullopt;
  const auto& e = event.get_object();
  const auto type = text_field(e, "type");
  const auto who = [&](std::string_view key) { return e.contains(key) ? seat_name(names, e.at(key)) : std::string(); };
  const auto number = [&](std::string_view key) { return e.contains(key) ? static_cast<int>(e.at(key).to_number<int64_t>()) : 0; };
  if (type == "round_started") {
    std::string line = "Manche " + std::to_string(number("round")) + " : " + the_team(e.at("order").as_array()[0]) +
                       " devine en premier.";
    for (const auto& r : e.at("revealed").as_array()) {
      line += " Une malédiction se révèle : " + curse_title(text_field(r.as_object(), "curse")) + ".";
    }
    for (const auto& r : e.at("momie").as_array()) {
      line += " La momie maudit " + the_team(r.at("team")) + " : " + curse_title(text_field(r.as_object(), "curse")) + ".";
    }
    const auto& fighting = e.at("fighting").as_array();
    for (std::size_t t = 0; t < fighting.size(); ++t) {
      if (fighting[t].as_bool()) {
        line += ' ';  // appended piecewise: g++ 12 warns falsely (-Wrestrict) on " " + std::string
        line += team_name(Json(t));
        line += " affronte le monstre !";
      }
    }
    return line;
  }
  if (type == "trap_written") return team_name(e.at("team")) + " : " + count(number("count"), "piège écrit", "pièges écrits") + ".";
  if (type == "trap_erased") return team_name(e.at("team")) + " efface un piège.";
  if (type == "forbidden_marked") return team_name(e.at("team")) + " a choisi son mot interdit.";
  if (type == "sealed") return team_name(e.at("team")) + " remet sa liste (" + count(number("count"), "piège", "pièges") + ").";
  if (type == "disarmed") {
    return "Désarmer : le piège n° " + std::to_string(number("row")) + " de la liste de " + the_team(e.at("team")) + " est barré.";
  }
  if (type == "turn_started") {
    return "Au tour de " + the_team(e.at("team")) + " : " + who("clue_giver") + " tient la torche" +
           (e.at("fight").as_bool() ? ", face au monstre !" : ".");
  }
  if (type == "clue") {
    const auto verdict = verdict_words(e.at("verdict").as_object());
    // Under ténèbres the event carries no text: the team in the dark may
    // only see the latest clue, which the boards show.
    const auto text = text_field(e, "text");
    return who("player") + (e.contains("text") ? " : « " + std::string(text) + " »" : std::string(" donne un indice dans le noir")) +
           (verdict.empty() ? "" : ". " + verdict);
  }
  if (type == "guess") {
    const auto& v = e.at("verdict").as_object();
    auto verdict = verdict_words(v);
    if (verdict.empty()) verdict = v.contains("correct") && v.at("correct").as_bool() ? "Trouvé !" : "Raté.";
    return who("player") + " propose « " + std::string(text_field(e, "text")) + " » : " + verdict;
  }
  if (type == "flagged") {
    return who("player") + " conteste l’indice « " + std::string(text_field(e, "clue")) + " » (" +
           flag_reason(text_field(e, "reason")) + ").";
  }
  if (type == "voted") return who("player") + " a voté.";
  if (type == "vote_closed") {
    return std::string("Vote : ") + (e.at("invalid").as_bool() ? "l’indice est invalide" : "l’indice tient") + " (" +
           std::to_string(number("yes")) + " pour l’annuler, " + std::to_string(number("no")) + " contre).";
  }
  if (type == "judged") {
    const auto kind = text_field(e, "kind");
    if (kind == "trap_hit") return who("player") + " : « Piège ! » (« " + std::string(text_field(e, "trap")) + " »)";
    if (kind == "invalid") return who("player") + " juge l’indice invalide.";
    if (kind == "found") return who("player") + " : trouvé !";
    return who("player") + " : raté.";
  }
  if (type == "turn_ended") {
    const auto& t = e.at("turn").as_object();
    std::string line = team_name(t.at("team")) + " : « " + std::string(text_field(t, "secret")) + " », " +
                       result_words(text_field(t, "result"));
    if (t.at("killed").as_bool()) line += " Le monstre est vaincu !";
    if (t.at("stepped_back").as_bool()) line += " Le mot interdit la fait reculer d’une salle.";
    return line;
  }
  if (type == "monster_moved") {
    const int pushed = number("pushed");
    return "Personne n’a trouvé : le monstre avance d’une salle" +
           (pushed > 0 ? " et pousse " + count(pushed, "malédiction", "malédictions") + " devant lui" : std::string()) + ".";
  }
  if (type == "game_over") {
    const auto& w = e.at("winners").as_array();
    if (w.empty()) return std::string("Partie terminée : le monstre l’emporte, tout le monde a perdu !");
    if (w.size() == 2) return std::string("Partie terminée : les deux équipes terrassent le monstre, tout le monde gagne !");
    return "Partie terminée : " + the_team(w[0]) + " terrasse le monstre et gagne !";
  }
  return std::nullopt;
}

}  // namespace logomachie::games::trapwords
