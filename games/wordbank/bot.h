// Word Bank bots (levels in docs/bots.md):
//  - easy: knows the 3,000 most frequent words and picks at random among its
//    15 best passwords;
//  - medium: knows 15,000 words and always plays the placement with the most gems;
//  - hard: knows every word and weighs its 60 best passwords and every start and
//    direction by what they secure for itself, what they hand to others (vaults
//    left one gem from closing), and whether emptying its hand wins the game.
#pragma once

#include <cstdint>
#include <memory>

#include "games/core/bot_level.h"
#include "games/core/game.h"

namespace logomachie::games::wordbank {

class WordBankGame;
class WordBankState;
struct Placement;

std::unique_ptr<Bot> make_wordbank_bot(const WordBankGame& game, BotLevel level, uint64_t seed);

// The hard bot's evaluation of `placement` for the current player (higher is
// better); exposed for tests.
double evaluate_placement(const WordBankState& state, const Placement& placement);

}  // namespace logomachie::games::wordbank
