// Bot levels shared by every game: what a level means is each game's choice
// (documented in docs/bots.md), the names are common to the CLI and server.
#pragma once

#include <string>
#include <string_view>

namespace logomachie::games {

enum class BotLevel { kEasy, kMedium, kHard };

// "easy" | "medium" | "hard"; throws ActionError("unknown_bot_level", …) otherwise.
BotLevel parse_level(std::string_view level);
std::string_view to_string(BotLevel level);
// What players read: « Robot facile », « Robot moyen », « Robot difficile »
// (an unknown level is named as given).
std::string bot_label(std::string_view level);

}  // namespace logomachie::games
