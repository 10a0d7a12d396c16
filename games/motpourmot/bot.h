// Mot pour Mot bots (levels in docs/bots.md). A bot knows the category
// deck's answers and the lexicon:
//  - as captain, it plays the answer it knows that pulls and captures the most
//    for its team and denies the other team's near-captures (board value,
//    `board_value`); easy knows 40 % of each card's answers and picks among
//    its five best with a typo now and then; medium knows 70 % and picks the
//    best; hard knows them all and picks the best;
//  - as an opponent, it asks for a spelling check when the dictionary and the
//    card both ignore the word, and contests the category when it is sure the
//    word belongs to other cards and not this one (medium and hard);
//  - it votes from its lists, the lexicon's inflections and the thesaurus,
//    giving the benefit of the doubt to words it does not know.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "games/core/bot_level.h"
#include "games/core/game.h"

namespace logomachie::games::motpourmot {

class MotPourMotGame;
class MotPourMotState;
struct Category;

std::unique_ptr<Bot> make_motpourmot_bot(const MotPourMotGame& game, BotLevel level, uint64_t seed);

// How good the tiles' positions are for `team`: captured tiles and tiles one
// pull from capture count most, for either side (so denying counts too); a
// won game outweighs everything.
double board_value(const std::vector<int>& position, int team, int target);

// Whether a bot believes `word` fits `category`: one of its answers (or an
// inflection of one, "olives" for "olive"), or a thesaurus synonym of one.
bool fits_category(const MotPourMotGame& game, const Category& category, std::string_view word);

// Whether a bot is sure `word` does not fit `category`: it does not fit, and
// the deck lists it for other cards ("chat" for « Un légume vert »). A word
// the deck does not know is given the benefit of the doubt.
bool clearly_off(const MotPourMotGame& game, const Category& category, std::string_view word);

}  // namespace logomachie::games::motpourmot
