// Word Bank bots (levels in docs/bots.md):
//  - easy: knows the 2,000 most frequent words, picks one of its 20 best
//    passwords at random and places it from any start, in either direction;
//  - medium: knows 15,000 words and always plays the placement with the most gems;
//  - hard: knows every word and weighs its 60 best passwords, from every start
//    and direction, by the gems each leaves likely to be secured (a gem on a
//    vault counts more the fewer spaces remain: mine for me, others' against
//    me), and empties its hand only when that wins the game.
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
