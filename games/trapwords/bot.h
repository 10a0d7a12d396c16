// TrapWords bots (levels in docs/bots.md). They know the lexicon, its
// thesaurus (mythes-fr), our own word associations (data/lexicon/
// associations.tsv, for the words the thesaurus lacks) and its frequency
// ranks, and play every role:
//  - trap-writer: predicts what a clue-giver would say for the opponents'
//    word (`associations`: its synonyms, the thesaurus headwords that list
//    it, our associations for it, the most frequent first, weighed by a
//    taste of each bot's own so that no two bots think alike) and writes
//    the best predictions;
//  - clue-giver: gives one associated word at a time, checked first with the
//    referee against its curses and monster, skipping the words it expects
//    the opponents to have trapped (medium skips a few, hard skips as many
//    as the opponents wrote and more);
//  - guesser: ranks the words the clues point to (`guess_candidates`), nouns
//    and frequent words first, the book's words favoured (players know the
//    book's theme; hard bots know its words best); under « toc » it says the
//    phrase;
//  - opponent: never flags (the referee judged what it can) and, when a
//    teammate flags a clue, gives the clue the benefit of the doubt.
// Bots date their moves a few seconds after the position, like people (a
// host may hold the move until then: server/room.h), never past the sand.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/bot_level.h"
#include "games/core/game.h"

namespace logomachie::lexicon {
class Lexicon;
}

namespace logomachie::games::trapwords {

class TrapWordsGame;

std::unique_ptr<Bot> make_trapwords_bot(const TrapWordsGame& game, BotLevel level, uint64_t seed);

struct Scored {
  std::string word;
  double score = 0;
};

// Words a clue-giver is likely to say for `secret`, best first: common
// single words around it (its thesaurus synonyms, the headwords listing it,
// our own associations for it and the headwords whose associations hold
// it: Lexicon::associations and association_heads; then one hop further
// when that is thin — a word two hops away must be reached through at least
// two of the secret's neighbours, so that one polysemous neighbour cannot
// pull in its other sense), never of its family, nor one `unsayable`
// refuses (when given), weighted by frequency. At most `limit`.
std::vector<Scored> associations(const lexicon::Lexicon& lex, std::string_view secret, std::size_t limit,
                                 const std::function<bool(std::string_view)>& unsayable = {});

// What the clues point to, best first: the neighbours (thesaurus and
// associations) of each clue word, summed over the clues, never a word of a
// clue's family (a clue cannot be of the secret's family) nor one already
// guessed wrong; nouns and frequent words first; words of `book` (when
// given) weigh `book_weight` times more. At most `limit`.
std::vector<Scored> guess_candidates(const lexicon::Lexicon& lex, std::span<const std::string> clues,
                                     std::span<const std::string> wrong, const std::vector<std::string>* book,
                                     double book_weight, std::size_t limit);

}  // namespace logomachie::games::trapwords
