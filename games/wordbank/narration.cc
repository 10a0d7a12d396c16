// Word Bank's events in French, one sentence each (Game::describe): the
// terminal, the web log and replays all tell the game with these.
#include "games/core/narration.h"

#include "games/wordbank/wordbank.h"

namespace logomachie::games::wordbank {

std::optional<std::string> WordBankGame::describe(const Json& event,
                                                  const std::vector<std::string>& names) const {
  if (!event.is_object()) return std::nullopt;
  const auto& e = event.get_object();
  const auto type = text_field(e, "type");
  const auto who = [&](std::string_view key) {
    return e.contains(key) ? seat_name(names, e.at(key)) : std::string();
  };
  if (type == "password_accepted") {
    const int gems = e.contains("cards") ? static_cast<int>(e.at("cards").as_array().size()) : 0;
    return who("player") + " joue " + guillemets(text_field(e, "word")) +
           "\u00a0: " + count(gems, "pierre posée", "pierres posées") + ".";
  }
  if (type == "password_refused") return who("player") + "\u00a0: " + std::string(text_field(e, "message"));
  if (type == "turn_lost") {
    return who("player") + (text_field(e, "reason") == "timeout" ? " n’a pas joué à temps\u00a0: tour perdu."
                                                                 : " passe son tour.");
  }
  if (type == "vault_closed") {
    const int gems = e.contains("gems") ? static_cast<int>(e.at("gems").as_array().size()) : 0;
    return who("player") + " ferme le coffre " + std::string(text_field(e, "letter")) +
           "\u00a0: " + count(gems, "pierre", "pierres") + " à l’abri.";
  }
  if (type == "vault_dealt") {
    const int spaces = e.contains("spaces") ? static_cast<int>(e.at("spaces").to_number<int64_t>()) : 0;
    return "Nouveau coffre\u00a0: " + std::string(text_field(e, "letter")) + " (" +
           count(spaces, "place", "places") + ").";
  }
  if (type == "circle_shrunk") {
    const int size = e.contains("size") ? static_cast<int>(e.at("size").to_number<int64_t>()) : 0;
    return "La pioche est vide\u00a0: le cercle n’a plus que " + count(size, "coffre", "coffres") + ".";
  }
  if (type == "game_over") {
    const auto reason = text_field(e, "reason");
    if (reason == "no_gems")
      return std::string(
          "Partie terminée\u00a0: un joueur n’a plus de pierre devant lui. Le moins de pierres restantes "
          "gagne.");
    if (reason == "circle_empty")
      return std::string(
          "Partie terminée\u00a0: il n’y a plus de coffre. Le moins de pierres restantes gagne.");
    return std::string(
        "Partie terminée\u00a0: plus personne ne trouve de mot. Le moins de pierres restantes gagne.");
  }
  return std::nullopt;
}

}  // namespace logomachie::games::wordbank
