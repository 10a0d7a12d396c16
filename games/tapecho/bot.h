// Le Tapécho bots (levels in docs/bots.md). A bot sees its hand and the table:
//  - easy plays a random legal action and reacts one time in two;
//  - medium plays its best atout, else its worst handicap on the leader
//    (with an attack on the leader when it holds one), else sheds the card
//    that would cost most in hand; it always parries attacks and races a
//    hors contexte on any off-context card of another player;
//  - hard does the same, keeps a défense for itself, and only spends a hors
//    contexte on cards worth 2 points or more.
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
