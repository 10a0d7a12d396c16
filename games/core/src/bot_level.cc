#include "games/core/bot_level.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "games/core/json.h"
#include "lexicon/normalize.h"

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
    case BotLevel::kEasy:
      return "easy";
    case BotLevel::kMedium:
      return "medium";
    case BotLevel::kHard:
      return "hard";
  }
  return "medium";
}

std::string bot_label(std::string_view level) {
  if (level == "easy") return "Robot facile";
  if (level == "medium") return "Robot moyen";
  if (level == "hard") return "Robot difficile";
  return "Robot " + std::string(level);
}

namespace {

// Old-fashioned French first names, one per initial, so that no two sound alike.
constexpr std::array<std::string_view, 20> kBotNames{
    "Arsène",   "Bérénice", "Célestin",  "Dalila",   "Edmond",   "Félicie", "Gaspard",
    "Hortense", "Isidore",  "Joséphine", "Lucien",   "Mireille", "Norbert", "Ophélie",
    "Prosper",  "Rosalie",  "Sidonie",   "Théodore", "Ursule",   "Victor"};

// Names compared as a French reader would: case and accents aside
// (« CÉLESTIN », « celestin » and « Célestin » are one name).
std::string folded(std::string_view s) {
  if (auto key = lexicon::match_key(s)) return *key;
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

void name_bots(std::vector<std::string>& names, const std::vector<bool>& bot) {
  std::vector<std::string> taken;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i >= bot.size() || !bot[i]) taken.push_back(folded(names[i]));
  }
  for (std::size_t i = 0; i < names.size() && i < bot.size(); ++i) {
    if (!bot[i]) continue;
    for (std::size_t k = 0; k < kBotNames.size(); ++k) {
      const auto candidate = kBotNames[(i + k) % kBotNames.size()];
      if (std::find(taken.begin(), taken.end(), folded(candidate)) != taken.end()) continue;
      names[i] = std::string(candidate);
      break;
    }
    for (int n = static_cast<int>(i) + 1; names[i].empty();
         n += static_cast<int>(names.size())) {  // more bots than names
      const auto candidate = "Robot " + std::to_string(n);
      if (std::find(taken.begin(), taken.end(), folded(candidate)) == taken.end()) names[i] = candidate;
    }
    taken.push_back(folded(names[i]));
  }
}

}  // namespace logomachie::games
