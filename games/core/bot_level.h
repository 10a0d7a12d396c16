// Bot levels shared by every game: what a level means is each game's choice
// (documented in docs/bots.md), the names are common to the CLI and server.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace logomachie::games {

enum class BotLevel { kEasy, kMedium, kHard };

// "easy" | "medium" | "hard"; throws ActionError("unknown_bot_level", …) otherwise.
BotLevel parse_level(std::string_view level);
std::string_view to_string(BotLevel level);
// What players read: « Robot facile », « Robot moyen », « Robot difficile »
// (an unknown level is named as given).
std::string bot_label(std::string_view level);

// Gives each bot seat (bot[i]) a French first name of its own in names[i], so
// that a log reads « Gaspard propose… » rather than three « Robot moyen »: the
// seat's name in a fixed list, or the next one free, so that a room, its
// replay and the terminal agree, and no bot shares a name with a person or
// another bot at the table (compared without case). Other seats keep theirs.
void name_bots(std::vector<std::string>& names, const std::vector<bool>& bot);

}  // namespace logomachie::games
