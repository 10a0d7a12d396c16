#include "games/core/bot_level.h"

#include <string>

#include "games/core/json.h"

namespace logomachie::games {

BotLevel parse_level(std::string_view level) {
  if (level == "easy") return BotLevel::kEasy;
  if (level == "medium") return BotLevel::kMedium;
  if (level == "hard") return BotLevel::kHard;
  throw ActionError("unknown_bot_level",
                    "Niveau de robot inconnu\u00a0: " + guillemets(level) + " (easy, medium ou hard).");
}

std::string_view to_string(BotLevel level) {
  switch (level) {
    case BotLevel::kEasy: return "easy";
    case BotLevel::kMedium: return "medium";
    case BotLevel::kHard: return "hard";
  }
  return "medium";
}

std::string bot_label(std::string_view level) {
  if (level == "easy") return "Robot facile";
  if (level == "medium") return "Robot moyen";
  if (level == "hard") return "Robot difficile";
  return "Robot " + std::string(level);
}

}  // namespace logomachie::games
