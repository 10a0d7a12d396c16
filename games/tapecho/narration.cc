// Le Tapécho's events in French, one sentence each (Game::describe).
#include "games/core/narration.h"

#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {

namespace {

// What a landed attack did, `a` attacking `t` (`stolen`: vol-atout kept the atout).
std::string landed(std::string_view effect, bool stolen, const std::string& a, const std::string& t) {
  if (effect == "vol-atout") {
    return stolen ? a + " pique le dernier atout de " + t
                  : "le dernier atout de " + t + " part à la défausse (il ne va pas à " + a + ")";
  }
  if (effect == "defausse-atout") return "le dernier atout de " + t + " part à la défausse";
  if (effect == "passe-tour") return t + " passera son prochain tour";
  if (effect == "pioche-deux") return t + " pioche deux cartes";
  if (effect == "echange-main") return a + " et " + t + " échangent leurs mains";
  if (effect == "donne-carte") return a + " refile une carte à " + t;
  if (effect == "main-ouverte") return t + " joue main ouverte jusqu’à la fin de son prochain tour";
  if (effect == "transfert-handicap") return "le dernier handicap de " + a + " passe chez " + t;
  if (effect == "atout-bloque") return t + " ne pourra pas poser d’atout à son prochain tour";
  if (effect == "double-handicap") return "le dernier handicap de " + t + " comptera double";
  if (effect == "lien")
    return "lien entre " + a + " et " + t + "\u00a0: à la fin, " + t + " cédera 3 points à " + a;
  return std::string(effect);
}

// Why a landed attack did nothing.
std::string fizzled(std::string_view effect, const std::string& a, const std::string& t) {
  if (effect == "vol-atout" || effect == "defausse-atout") return t + " n’avait pas d’atout à perdre";
  if (effect == "pioche-deux") return "plus une carte à piocher pour " + t;
  if (effect == "donne-carte") return a + " n’avait plus de carte à refiler";
  if (effect == "transfert-handicap") return a + " n’avait pas de handicap qui aille à " + t;
  if (effect == "double-handicap") return t + " n’avait pas de handicap à doubler (ou il compte déjà double)";
  return "rien ne se passe";
}

}  // namespace

std::optional<std::string> TapechoGame::describe(const Json& event,
                                                 const std::vector<std::string>& names) const {
  if (!event.is_object()) return std::nullopt;
  const auto& e = event.get_object();
  const auto type = text_field(e, "type");
  const auto who = [&](std::string_view key) {
    return e.contains(key) ? seat_name(names, e.at(key)) : std::string();
  };
  const auto card = [&](std::string_view key) {
    const int i = card_index(text_field(e, key));
    return i < 0 ? std::string("une carte") : guillemets(cards_[static_cast<std::size_t>(i)].text);
  };
  const auto card_points = [&](std::string_view key) {
    const int i = card_index(text_field(e, key));
    return i < 0 ? std::string() : " (" + signed_number(cards_[static_cast<std::size_t>(i)].points) + ")";
  };
  if (type == "game_started") {
    const auto* ctx = find_context(text_field(e, "context"));
    return "Partie " + std::to_string(e.at("game").to_number<int64_t>()) +
           ", contexte\u00a0: " + guillemets(ctx ? ctx->name : std::string(text_field(e, "context"))) + ". " +
           who("first") + " commence.";
  }
  if (type == "turn") return "Au tour de " + who("player") + ".";
  if (type == "atout") {
    return e.contains("target")
               ? who("player") + " offre " + card("card") + card_points("card") + " à " + who("target") + "."
               : who("player") + " pose " + card("card") + card_points("card") + ".";
  }
  if (type == "handicap")
    return who("player") + " inflige " + card("card") + card_points("card") + " à " + who("target") + ".";
  if (type == "attack") return who("player") + " attaque " + who("target") + "\u00a0: " + card("card") + ".";
  if (type == "attack_landed") {
    const auto effect = text_field(e, "effect");
    const auto* effective = e.if_contains("effective");
    if (effective && effective->is_bool() && !effective->get_bool()) {
      return "L’attaque tombe à plat\u00a0: " + fizzled(effect, who("attacker"), who("target")) + ".";
    }
    const auto* stolen = e.if_contains("stolen");
    return "L’attaque porte\u00a0: " +
           landed(effect, stolen && stolen->is_bool() && stolen->get_bool(), who("attacker"), who("target")) +
           ".";
  }
  if (type == "defended") {
    const int i = card_index(text_field(e, "against"));
    const bool hors = i >= 0 && cards_[static_cast<std::size_t>(i)].kind == Kind::kHorsContexte;
    return who("player") + " pare " +
           (hors ? std::string("le «\u00a0Hors contexte\u00a0»") : card("against")) +
           " avec sa défense\u00a0!";
  }
  if (type == "hors_contexte")
    return who("player") + " crie «\u00a0Hors contexte\u00a0!\u00a0» contre " + card("against") + ".";
  if (type == "cancelled") return "La carte " + card("card") + " est annulée\u00a0: hors contexte.";
  if (type == "swapped") return who("player") + " défausse une carte et en pioche deux.";
  if (type == "passed") return who("player") + " n’a rien à jouer et passe.";
  if (type == "time_up") return "Temps écoulé\u00a0: " + who("player") + " n’a rien joué.";
  if (type == "turn_skipped") return who("player") + " saute son tour.";
  if (type == "stuck") return std::string("Plus personne ne peut jouer\u00a0: la partie s’arrête là.");
  if (type == "game_ended") {
    const auto& r = e.at("result").as_object();
    std::string line = "Fin de la partie " + std::to_string(r.at("game").to_number<int64_t>()) + "\u00a0:";
    const auto& scores = r.at("scores").as_array();
    for (std::size_t p = 0; p < scores.size(); ++p) {
      line += (p ? ", " : " ") + seat_name(names, Json(p)) + " " +
              signed_number(static_cast<int>(scores[p].to_number<int64_t>()));
    }
    return line + ". " + seat_name(names, r.at("winner")) + " séduit le plus.";
  }
  if (type == "match_over") return std::string("C’est fini\u00a0: place aux scores\u00a0!");
  return std::nullopt;
}

}  // namespace logomachie::games::tapecho
