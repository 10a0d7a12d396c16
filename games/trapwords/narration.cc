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
      {"inondation", "Inondation"},
      {"gribouillage", "Gribouillage frénétique"},
      {"mot-interdit", "Le mot interdit"},
      {"serpent", "Serpent fantôme"},
      {"echo", "Écho"},
      {"tenebres", "Ténèbres"},
      {"desarmer", "Désarmer"},
      {"toc", "TOC"},
      {"petrification", "Pétrification"},
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
    out += (out.empty() ? "" : "\u00a0; ") + std::string("Piège\u00a0! ") + guillemets(word) + " déclenche " +
           guillemets(trap) + (word == trap ? "" : " (" + relation_words(text_field(x, "relation")) + ")");
  }
  for (const auto& r : v.at("violations").as_array()) {
    if (!out.empty()) out += ' ';
    out += text_field(r.as_object(), "reason");
  }
  return out;
}

// The end of a sentence: a period unless it already ends with « ! ».
std::string sentence(std::string text) {
  if (text.empty() || text.back() != '!') text += '.';
  return text;
}

// What a clue-giver said, as the sentence tells it after their name; no
// text under ténèbres (the event carries none).
std::string clue_words(const JsonObject& e) {
  return e.contains("text") ? "\u00a0: " + guillemets(text_field(e, "text"))
                            : std::string(" donne un indice dans le noir");
}

// The referee's verdict on a guess: traps fired, rules broken, else right or wrong.
std::string guess_verdict(const JsonObject& v) {
  auto verdict = verdict_words(v);
  if (verdict.empty())
    verdict = v.contains("correct") && v.at("correct").as_bool() ? "Trouvé\u00a0!" : "Raté.";
  return verdict;
}

// « conteste l’indice « … » (raison). », after the flagging player's name.
std::string flag_words(std::string_view reason, const std::string* clue) {
  // Appended piece by piece: `" " + guillemets(…)` set off GCC 12's
  // -Wrestrict false positive (bug 105329) inside std::string.
  std::string out = " conteste l’indice";
  if (clue) out.append(" ").append(guillemets(*clue));
  out.append(" (").append(flag_reason(reason)).append(").");
  return out;
}

std::string vote_words(const JsonObject& e) {
  const auto n = [&](std::string_view key) { return e.contains(key) ? e.at(key).to_number<int64_t>() : 0; };
  return std::string("Vote\u00a0: ") +
         (e.at("invalid").as_bool() ? "l’indice est invalide" : "l’indice tient") + " (" +
         std::to_string(n("yes")) + " pour l’annuler, " + std::to_string(n("no")) + " contre).";
}

// A table-mode judgement (`kind`: trap_hit, invalid, found, wrong), after the judge's name.
std::string judged_words(std::string_view kind, std::string_view trap) {
  if (kind == "trap_hit") return "\u00a0: «\u00a0Piège\u00a0!\u00a0» (" + guillemets(trap) + ")";
  if (kind == "invalid") return " juge l’indice invalide.";
  if (kind == "found") return "\u00a0: trouvé\u00a0!";
  return "\u00a0: raté.";
}

// A finished turn: « L’équipe bleue : « cheval », trouvé ! Le monstre est vaincu ! »
std::string turn_words(const JsonObject& t) {
  std::string line = team_name(t.at("team")) + "\u00a0: " + guillemets(text_field(t, "secret")) + ", " +
                     sentence(result_label(text_field(t, "result")));
  if (t.at("killed").as_bool()) line += " Le monstre est vaincu\u00a0!";
  if (t.at("stepped_back").as_bool()) line += " Le mot interdit la fait reculer d’une salle.";
  return line;
}

}  // namespace

std::string result_label(std::string_view result) {
  if (result == "found") return "trouvé\u00a0!";
  if (result == "trap") return "piège déclenché";
  if (result == "invalid") return "indice invalide";
  if (result == "guesses") return "plus de réponses";
  if (result == "time") return "sablier vide";
  return "l’équipe a passé";
}

std::string flag_reason(std::string_view reason) {
  if (reason == "exemple") return "c’est un exemple du mot";
  if (reason == "sonorite") return "ça joue sur le son";
  if (reason == "abreviation") return "abréviation ou sigle";
  if (reason == "private-joke") return "blague entre initiés";
  return "autre raison";
}

void tell_log_line(JsonObject& line, const std::string* flagged_clue) {
  const auto kind = text_field(line, "kind");
  std::string say, verdict;
  if (kind == "clue") {
    say = clue_words(line);
    verdict = verdict_words(line.at("verdict").as_object());
    if (verdict.empty()) verdict = "Indice accepté.";
  } else if (kind == "guess") {
    say = " propose " + guillemets(text_field(line, "text"));
    verdict = guess_verdict(line.at("verdict").as_object());
  } else if (kind == "flag") {
    say = flag_words(text_field(line, "reason"), flagged_clue);
  } else if (kind == "vote") {
    say = vote_words(line);
  } else if (kind == "give_up") {
    say = " abandonne le tour.";
  } else {
    say = judged_words(kind, text_field(line, "trap"));
  }
  line["say"] = say;
  if (!verdict.empty()) line["verdict_say"] = verdict;
}

void tell_turn(JsonObject& entry) {
  entry["say"] = turn_words(entry);
  entry["result_say"] = result_label(text_field(entry, "result"));
}

std::optional<std::string> TrapWordsGame::describe(const Json& event,
                                                   const std::vector<std::string>& names) const {
  if (!event.is_object()) return std::nullopt;
  const auto& e = event.get_object();
  const auto type = text_field(e, "type");
  const auto who = [&](std::string_view key) {
    return e.contains(key) ? seat_name(names, e.at(key)) : std::string();
  };
  const auto number = [&](std::string_view key) {
    return e.contains(key) ? static_cast<int>(e.at(key).to_number<int64_t>()) : 0;
  };
  if (type == "round_started") {
    std::string line = "Manche " + std::to_string(number("round")) +
                       "\u00a0: " + the_team(e.at("order").as_array()[0]) + " devine en premier.";
    for (const auto& r : e.at("revealed").as_array()) {
      line += " Une malédiction se révèle\u00a0: " + curse_title(text_field(r.as_object(), "curse")) + ".";
    }
    for (const auto& r : e.at("momie").as_array()) {
      line += " La momie maudit " + the_team(r.at("team")) +
              "\u00a0: " + curse_title(text_field(r.as_object(), "curse")) + ".";
    }
    const auto& fighting = e.at("fighting").as_array();
    for (std::size_t t = 0; t < fighting.size(); ++t) {
      if (fighting[t].as_bool()) {
        line += ' ';  // appended piecewise: g++ 12 warns falsely (-Wrestrict) on " " + std::string
        line += team_name(Json(t));
        line += " affronte le monstre\u00a0!";
      }
    }
    return line;
  }
  if (type == "trap_written")
    return team_name(e.at("team")) + "\u00a0: " + count(number("count"), "piège écrit", "pièges écrits") +
           ".";
  if (type == "trap_erased") return team_name(e.at("team")) + " efface un piège.";
  if (type == "forbidden_marked") return team_name(e.at("team")) + " a choisi son mot interdit.";
  if (type == "sealed")
    return team_name(e.at("team")) + " remet sa liste (" + count(number("count"), "piège", "pièges") + ").";
  if (type == "disarmed") {
    return "Désarmer\u00a0: le piège n° " + std::to_string(number("row")) + " de la liste de " +
           the_team(e.at("team")) + " est barré.";
  }
  if (type == "turn_started") {
    return "Au tour de " + the_team(e.at("team")) + "\u00a0: " + who("clue_giver") + " tient la torche" +
           (e.at("fight").as_bool() ? ", face au monstre\u00a0!" : ".");
  }
  if (type == "clue") {
    // Under ténèbres the event carries no text: the team in the dark may
    // only see the latest clue, which the boards show.
    const auto verdict = verdict_words(e.at("verdict").as_object());
    return who("player") + clue_words(e) + (verdict.empty() ? "" : ". " + verdict);
  }
  if (type == "guess") {
    return who("player") + " propose " + guillemets(text_field(e, "text")) +
           "\u00a0: " + guess_verdict(e.at("verdict").as_object());
  }
  if (type == "flagged") {
    const std::string clue(text_field(e, "clue"));
    return who("player") + flag_words(text_field(e, "reason"), &clue);
  }
  if (type == "voted") return who("player") + " a voté.";
  if (type == "vote_closed") return vote_words(e);
  if (type == "judged") return who("player") + judged_words(text_field(e, "kind"), text_field(e, "trap"));
  if (type == "turn_ended") return turn_words(e.at("turn").as_object());
  if (type == "monster_moved") {
    const int pushed = number("pushed");
    return "Personne n’a trouvé\u00a0: le monstre avance d’une salle" +
           (pushed > 0 ? " et pousse " + count(pushed, "malédiction", "malédictions") + " devant lui"
                       : std::string()) +
           ".";
  }
  if (type == "game_over") {
    const auto& w = e.at("winners").as_array();
    if (w.empty())
      return std::string("Partie terminée\u00a0: le monstre l’emporte, tout le monde a perdu\u00a0!");
    if (w.size() == 2)
      return std::string(
          "Partie terminée\u00a0: les deux équipes terrassent le monstre, tout le monde gagne\u00a0!");
    return "Partie terminée\u00a0: " + the_team(w[0]) + " terrasse le monstre et gagne\u00a0!";
  }
  return std::nullopt;
}

}  // namespace logomachie::games::trapwords
