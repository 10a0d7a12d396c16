// Lettralettre bots (levels in docs/bots.md):
//  - easy: knows the 3,000 most frequent words, plays one of its 3 best, takes
//    a constraint card on a coin toss;
//  - medium: knows 15,000 words, plays its best, takes well-rewarded cards or
//    a pot of 2 tokens;
//  - hard: knows every word and bids from each card's expected score,
//    estimated by simulating deals (LettralettreGame::expected_score).
#pragma once

#include <cstdint>
#include <memory>

#include "games/core/bot_level.h"
#include "games/core/game.h"

namespace logomachie::games::lettralettre {

class LettralettreGame;

std::unique_ptr<Bot> make_lettralettre_bot(const LettralettreGame& game, BotLevel level, uint64_t seed);

}  // namespace logomachie::games::lettralettre
