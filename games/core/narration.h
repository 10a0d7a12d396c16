// Helpers for Game::describe: building the French sentence of an event.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/core/json.h"

namespace logomachie::games {

class Game;

// `event` with its sentence (Game::describe) added as "say", for clients that
// show a log (web, replays); unchanged when the game has nothing to say.
Json with_sentence(const Game& game, const Json& event, const std::vector<std::string>& names);

// The name of the seat held in `seat` (a JSON number); « Joueur n » when
// `names` has no entry for it.
std::string seat_name(const std::vector<std::string>& names, const Json& seat);

// « 1 pierre », « 3 pierres », « −2 points »: French counts 0 and ±1 in the
// singular; a negative count takes a real minus sign (number_text).
std::string count(int n, std::string_view one, std::string_view many);

// French typography for numbers players read: « 3 », « −2 » (U+2212, a real
// minus sign, never the hyphen-minus of std::to_string), « 0 ». Every number
// that may be negative (a score, a total) is written with this or
// signed_number, in narration and on terminal screens alike.
std::string number_text(int n);

// « +3 », « −2 » (a real minus sign), « 0 ».
std::string signed_number(int n);

// A string field of an event, "" when absent or not a string.
std::string_view text_field(const JsonObject& event, std::string_view key);

}  // namespace logomachie::games
