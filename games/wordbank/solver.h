// The Word Bank solver: the password that places the most gems on a given
// circle, exact over every common letters-only word of the lexicon (WordList).
//
// Order of preference (deterministic): most gems; then most vaults closed; then
// the word's match key in alphabetical order; then, for that word, the
// placement order of best_placement() (smallest start index, clockwise first,
// earliest cards along the walk).
//
// Method: a depth-first walk of a trie of the words in alphabetical order,
// carrying for each possible start card and direction a small dynamic
// programme (last card used × gems placed → most vaults closed). A subtree is
// cut when even its best case (every remaining card whose letter occurs below
// it) cannot beat the best word found so far; the bound is taken per start and
// direction, and a start and direction that cannot beat it is dropped for the
// whole subtree (neither bounded nor stepped again there). A typical position
// visits a few thousand trie nodes instead of 400,000 words. naive_best() scans every
// word with best_placement(), for tests and benchmarks.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/word_list.h"
#include "games/wordbank/placement.h"
#include "lexicon/lexicon.h"

namespace logomachie::games::wordbank {

// Largest circle the solver handles (the game deals 7; a fixed setup may use up to 8).
inline constexpr int kMaxCircle = 8;

struct SolverQuery {
  std::span<const Slot> circle;
  int gems = 7;                       // most gems that may be placed
  uint32_t max_rank = kUnranked;      // only words at most this rank (bots' vocabulary)
  std::span<const std::string> used;  // passwords already used in the game
};

struct Solution {
  std::size_t word = 0;  // index in the WordList
  std::string_view display;
  Placement placement;
};

class Solver {
 public:
  Solver(const lexicon::Lexicon& lexicon, const WordList& words);

  std::optional<Solution> best(const SolverQuery& q) const;
  // The `limit` best words (same order as best()), each with its best placement.
  std::vector<Solution> top(const SolverQuery& q, std::size_t limit) const;
  // Full scan of every word, for tests and benchmarks; same answer as best().
  std::optional<Solution> naive_best(const SolverQuery& q) const;

  // True when `display` is excluded by a used word (same word or family).
  bool excluded(std::string_view display, std::span<const std::string> used) const;
  // The same with the used words normalised once (Lexicon::prepare).
  using PreparedWords = std::vector<lexicon::Lexicon::Prepared>;
  PreparedWords prepare(std::span<const std::string> used) const;
  bool excluded(std::string_view display, const PreparedWords& used) const;

  const WordList& words() const { return words_; }
  std::size_t trie_nodes() const { return nodes_.size(); }

 private:
  // Trie node as the search reads it (16 bytes, four to a cache line), laid
  // out breadth-first so that each node's children are contiguous from `link`:
  // the search reads a node's children from neighbouring memory.
  struct Node {
    uint32_t link = 0;    // first child
    uint32_t below = 0;   // letters (bit 0 = A) occurring strictly below this node
    uint32_t follow = 0;  // first of the node's order rows in follow_ (0 = none)
    char letter = 0;      // 'A'–'Z'
    uint8_t children = 0;
    uint8_t height = 0;  // most letters any word below still has
    bool word = false;   // a word ends here: word_at_
  };
  // Order rows ("which letters follow which below this node"): for the r-th
  // letter x of a node's `below` (alphabetical order), follow_[follow + r]
  // holds the letters that come after an x in some word below the node (both
  // strictly below it). Kept for subtrees of kFollowWords words or more, where
  // they tighten the search's bound by letter order, not only presence.
  static constexpr uint32_t kFollowWords = 8;
  std::vector<uint32_t> follow_;
  friend class Search;
  const lexicon::Lexicon& lexicon_;
  const WordList& words_;
  std::vector<Node> nodes_;         // root at 0; children contiguous from `link`
  std::vector<uint32_t> word_at_;   // per node: WordList index of the word ending there
  std::vector<uint32_t> min_rank_;  // per node: best rank in its subtree (read under a rank limit)
  int max_depth_ = 0;
};

}  // namespace logomachie::games::wordbank
