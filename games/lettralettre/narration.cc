// Lettralettre's events in French, one sentence each (Game::describe).
#include "games/core/narration.h"

#include "games/lettralettre/lettralettre.h"

namespace logomachie::games::lettralettre {

namespace {

std::string letters_of(const JsonObject& e, std::string_view key) {
  std::string out;
  if (const auto* v = e.if_contains(key); v && v->is_array()) {
    for (const auto& l : v->get_array()) {
      if (!out.empty()) out += ' ';
      if (l.is_string()) out += l.get_string();
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> LettralettreGame::describe(const Json& event,
                                                      const std::vector<std::string>& names) const {
  if (!event.is_object()) return std::nullopt;
  const auto& e = event.get_object();
  const auto type = text_field(e, "type");
  const auto who = [&](std::string_view key) {
    return e.contains(key) ? seat_name(names, e.at(key)) : std::string();
  };
  const auto card = [&](std::string_view key) {
    const auto* c = find_constraint(text_field(e, key));
    return guillemets(c ? c->text : std::string(text_field(e, key)));
  };
  if (type == "constraint_shown")
    return "Carte contrainte proposée à " + who("player") + "\u00a0: " + card("card") + ".";
  if (type == "constraint_taken") {
    const int tokens = e.contains("tokens") ? static_cast<int>(e.at("tokens").to_number<int64_t>()) : 0;
    return who("player") + " prend " + card("card") +
           (tokens > 0 ? " et " + count(tokens, "jeton", "jetons") : "") + ".";
  }
  if (type == "constraint_passed") return who("player") + " passe et pose un jeton sur la carte.";
  if (type == "auction_over") return std::string("Fin des enchères\u00a0: chacun a ses deux contraintes.");
  if (type == "round_dealt") {
    const auto taboo = letters_of(e, "taboo");
    return "Manche " + std::to_string(e.at("round").to_number<int64_t>()) + ", donnée par " + who("dealer") +
           "\u00a0: " + letters_of(e, "letters") + " (taboues\u00a0: " + (taboo.empty() ? "aucune" : taboo) +
           ").";
  }
  if (type == "word_submitted") return who("player") + " a posé son mot.";
  if (type == "gave_up") return who("player") + " abandonne la manche.";
  if (type == "round_scored") {
    const auto& r = e.at("result").as_object();
    const auto round = std::to_string(r.at("round").to_number<int64_t>());
    std::string winners;
    const auto& w = r.at("winners").as_array();
    for (std::size_t i = 0; i < w.size(); ++i) {
      winners += (i == 0 ? "" : i + 1 == w.size() ? " et " : ", ") + seat_name(names, w[i]);
    }
    if (winners.empty())
      return "Manche " + round + "\u00a0: personne ne marque, tout le monde paie un jeton.";
    return "Manche " + round + " gagnée par " + winners +
           (w.size() > 1 ? "\u00a0: deux jetons chacun." : "\u00a0: deux jetons.");
  }
  if (type == "game_over") return std::string("Partie terminée\u00a0!");
  return std::nullopt;
}

}  // namespace logomachie::games::lettralettre
