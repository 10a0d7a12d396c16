// Le Tapécho bots (levels in docs/bots.md). A bot sees its hand and the
// table, never another hidden hand:
//  - easy plays a random legal action and reacts one time in two;
//  - medium plays its best atout, else its worst handicap on the leader (the
//    opponent with most points on the table; never on a teammate), with an
//    attack when it holds one, else sheds a card it cannot use; it always
//    parries attacks and races a hors contexte on an opponent's
//    off-context atout or a handicap put on its side;
//  - hard shortlists its plays by the same values (each attack valued by
//    what it does), then, for each, plays the game to its end a few times
//    with medium bots in worlds where the cards it cannot see are dealt
//    anew, and picks the play that leaves its team furthest ahead; it keeps
//    its défenses and only contests cards worth 2 points or more.
// Bots date their moves a second or two after the position, like people.
#pragma once

#include <cstdint>
#include <memory>

#include "games/core/bot_level.h"
#include "games/core/game.h"

namespace logomachie::games::tapecho {

class TapechoGame;

std::unique_ptr<Bot> make_tapecho_bot(const TapechoGame& game, BotLevel level, uint64_t seed);

}  // namespace logomachie::games::tapecho
