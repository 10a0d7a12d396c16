// The Lettralettre solver: the highest-scoring word for a set of letters,
// exact over every common letters-only word of the lexicon (WordList).
//
// Score = letters in the word (each occurrence) + the stars of each starred
// letter used (once per card, whatever the occurrences) + the constraint's
// bonus. Order: highest score, then the longest word, then the match key in
// alphabetical order.
//
// Method: words are grouped by the set of letters they use (a 26-bit mask);
// each group lists its words longest first. A position with k allowed letters
// has at most 2^k (≤ 256 in the game) subsets, each one hash look-up (beyond
// 12 letters, the groups are scanned instead); a word's score
// depends only on its group and length, so the best unconstrained word is the
// head of the best group. With a constraint, groups are scanned by their upper
// bound and stop as soon as no remaining word can win. naive_best() scans every
// word, for tests and benchmarks.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "games/core/word_list.h"
#include "games/lettralettre/constraint.h"

namespace logomachie::games::lettralettre {

using Stars = std::array<int, 26>;

struct SolverQuery {
  std::string shown;  // allowed letters in the order dealt, taboo removed ("KEPIRA")
  Stars stars{};
  const Constraint* constraint = nullptr;  // nullptr: no constraint, no bonus
  uint32_t max_rank = kUnranked;           // bots' vocabulary
  std::size_t min_letters = 1;             // the game asks for 2 (kMinWordLetters)
};

struct Found {
  std::size_t word = 0;
  std::string_view display;
  int score = 0;
};

class Solver {
 public:
  Solver(const WordList& words, const Judge& judge);

  std::optional<Found> best(const SolverQuery& q) const;
  // Up to `limit` best words, best first (same order as best()).
  std::vector<Found> top(const SolverQuery& q, std::size_t limit) const;
  std::optional<Found> naive_best(const SolverQuery& q) const;

  // Score of a word's game letters ("KEPI") without bonus.
  static int letter_score(std::string_view letters, const Stars& stars);
  const WordList& words() const { return words_; }

 private:
  struct Group {
    uint32_t mask;
    uint32_t begin, end;  // range in order_
  };
  const WordList& words_;
  const Judge& judge_;
  std::vector<uint32_t> order_;  // word indices grouped by mask, longest first
  std::vector<Group> groups_;
  std::unordered_map<uint32_t, uint32_t> group_of_mask_;
};

uint32_t letter_mask(std::string_view letters);  // "KEPI" → bits of E, I, K, P

}  // namespace logomachie::games::lettralettre
