// Mot pour Mot's events in French, one sentence each (Game::describe).
#include "games/core/narration.h"

#include "games/motpourmot/motpourmot.h"

namespace logomachie::games::motpourmot {

namespace {

constexpr const char* kTeamNames[] = {"L’équipe bleue", "L’équipe rouge"};

std::string team_name(const Json& t) {
  const auto i = t.is_int64() ? t.get_int64() : t.is_uint64() ? static_cast<int64_t>(t.get_uint64()) : -1;
  return i == 0 || i == 1 ? kTeamNames[i] : "Une équipe";
}

}  // namespace

std::optional<std::string> MotPourMotGame::describe(const Json& event,
                                                    const std::vector<std::string>& names) const {
  if (!event.is_object()) return std::nullopt;
  const auto& e = event.get_object();
  const auto type = text_field(e, "type");
  const auto who = [&](std::string_view key) {
    return e.contains(key) ? seat_name(names, e.at(key)) : std::string();
  };
  if (type == "turn_started") {
    return team_name(e.at("team")) + " tire la catégorie " +
           guillemets(text_field(e.at("category").as_object(), "text")) + ".";
  }
  if (type == "word_played") {
    std::string caught;
    for (const auto& step : e.at("steps").as_array()) {
      if (step.at("captured").as_bool())
        caught += (caught.empty() ? "" : ", ") + std::string(step.at("letter").as_string());
    }
    return team_name(e.at("team")) + " joue " + guillemets(text_field(e, "word")) +
           (caught.empty() ? "" : " et capture " + caught) + ".";
  }
  if (type == "proposal") return who("player") + " propose " + guillemets(text_field(e, "word")) + ".";
  if (type == "captain") return who("player") + " devient capitaine.";
  if (type == "challenged") {
    return who("player") + (text_field(e, "kind") == "spelling" ? " demande de vérifier l’orthographe."
                                                                : " conteste la catégorie.");
  }
  if (type == "spelling_checked") {
    const auto& correct = e.at("correct");
    if (correct.is_null())
      return std::string("Le dictionnaire ne connaît pas ce nom\u00a0: les contestataires votent.");
    return correct.as_bool()
               ? std::string("Le mot est bien écrit\u00a0: les contestataires passeront leur prochain tour.")
               : std::string("Le mot est mal écrit\u00a0: il est annulé.");
  }
  if (type == "challenge_open") {
    return text_field(e, "left") == "category" ? std::string("La catégorie peut encore être contestée.")
                                               : std::string("L’orthographe peut encore être vérifiée.");
  }
  if (type == "vote_started") {
    return text_field(e, "about") == "spelling"
               ? std::string("Vote\u00a0: ce nom est-il bien écrit\u00a0?")
               : std::string("Vote\u00a0: le mot respecte-t-il la catégorie\u00a0?");
  }
  if (type == "voted")
    return who("player") + (e.at("valid").as_bool() ? " vote pour le mot." : " vote contre le mot.");
  if (type == "vote_closed") {
    const auto valid = e.at("valid").to_number<int64_t>(), invalid = e.at("invalid").to_number<int64_t>();
    return "Vote\u00a0: " + std::to_string(valid) + " pour, " + std::to_string(invalid) +
           " contre\u00a0: " + (invalid > valid ? "le mot est annulé." : "le mot reste.");
  }
  if (type == "turn_ended") {
    const auto& t = e.at("turn").as_object();
    const auto result = text_field(t, "result");
    if (result == "reverted")
      return std::string("Le mot est annulé\u00a0: les lettres reviennent à leur place.");
    if (result == "time_up") return std::string("Le sablier est vide\u00a0!");
    if (result == "gave_up") return team_name(t.at("team")) + " passe.";
    return std::nullopt;  // a word that stands was told when played
  }
  if (type == "game_over") return "Partie terminée\u00a0: " + team_name(e.at("winner")) + " gagne\u00a0!";
  return std::nullopt;
}

}  // namespace logomachie::games::motpourmot
