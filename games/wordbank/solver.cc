#include "games/wordbank/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "lexicon/lexicon.h"

namespace logomachie::games::wordbank {
namespace {

constexpr int kMaxCircle = 12;           // the game uses 7; the CLI accepts up to 12
constexpr int kValueScale = 16;          // value = gems × 16 + vaults closed

uint32_t bit(char letter) { return 1u << (letter - 'A'); }

std::string upper(std::string_view key) {
  std::string s(key);
  for (auto& c : s) c = static_cast<char>(c - 'a' + 'A');
  return s;
}

}  // namespace

Solver::Solver(const lexicon::Lexicon& lexicon, const WordList& words) : lexicon_(lexicon), words_(words) {
  nodes_.emplace_back();  // root
  std::vector<uint32_t> parent{0};
  std::vector<uint32_t> path{0};
  std::string_view prev;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    const auto key = words_.key(i);
    std::size_t lcp = 0;
    while (lcp < prev.size() && lcp < key.size() && prev[lcp] == key[lcp]) ++lcp;
    for (std::size_t d = lcp; d < key.size(); ++d) {
      const auto idx = static_cast<uint32_t>(nodes_.size());
      if (d == lcp && prev.size() > lcp) nodes_[path[d + 1]].next_sibling = idx;
      Node n;
      n.letter = static_cast<char>(key[d] - 'a' + 'A');
      nodes_.push_back(n);
      parent.push_back(path[d]);
      path.resize(d + 1);
      path.push_back(idx);
    }
    path.resize(key.size() + 1);
    nodes_[path[key.size()]].word = static_cast<int32_t>(i);
    nodes_[path[key.size()]].min_rank = words_.rank(i);
    max_depth_ = std::max(max_depth_, static_cast<int>(key.size()));
    prev = key;
  }
  for (std::size_t i = nodes_.size(); i-- > 1;) {
    auto& p = nodes_[parent[i]];
    p.below |= nodes_[i].below | bit(nodes_[i].letter);
    p.min_rank = std::min(p.min_rank, nodes_[i].min_rank);
  }
}

bool Solver::excluded(std::string_view display, std::span<const std::string> used) const {
  for (const auto& u : used) {
    if (lexicon_.relate(u, display) != lexicon::Relation::kUnrelated) return true;
  }
  return false;
}

// One search over the trie (see solver.h).
class Search {
 public:
  Search(const Solver& solver, const SolverQuery& q, std::size_t limit)
      : s_(solver), q_(q), limit_(limit), n_(static_cast<int>(q.circle.size())) {}

  std::vector<std::pair<int, uint32_t>> run() {  // (value, word) best first
    if (n_ == 0 || n_ > kMaxCircle || q_.gems <= 0 || limit_ == 0) return {};
    k_max_ = std::min(q_.gems, n_);
    stride_ = (kMaxCircle) * (k_max_ + 1);
    for (uint32_t child = 1; child != 0 && child < s_.nodes_.size(); child = s_.nodes_[child].next_sibling) {
      const char letter = s_.nodes_[child].letter;
      set_up_combos(letter);
      if (combos_.empty()) continue;
      layers_.assign(static_cast<std::size_t>(s_.max_depth_ + 2) * combos_.size() * stride_, -1);
      int8_t* first = layer(1);
      for (std::size_t c = 0; c < combos_.size(); ++c) {
        first[c * stride_ + 0 * (k_max_ + 1) + 1] = static_cast<int8_t>(combos_[c].start_closes);
      }
      visit(child, 1);
    }
    return found_;
  }

 private:
  struct Combo {
    int start = 0;
    int start_closes = 0;
    int m = 0;                                 // cards after the start, walking order
    std::array<char, kMaxCircle> letter{};     // index 1..m
    std::array<int8_t, kMaxCircle> closes{};
  };

  int8_t* layer(int depth) { return layers_.data() + static_cast<std::size_t>(depth) * combos_.size() * stride_; }
  int8_t& cell(int8_t* base, std::size_t combo, int j, int k) {
    return base[combo * stride_ + static_cast<std::size_t>(j) * (k_max_ + 1) + static_cast<std::size_t>(k)];
  }

  void set_up_combos(char letter) {
    combos_.clear();
    for (int s = 0; s < n_; ++s) {
      const auto& slot = q_.circle[static_cast<std::size_t>(s)];
      if (slot.letter != letter || slot.free <= 0) continue;
      for (int dir = 0; dir < 2; ++dir) {
        Combo c;
        c.start = s;
        c.start_closes = slot.free == 1 ? 1 : 0;
        for (int k = 1; k < n_; ++k) {
          const int idx = dir == 0 ? (s + k) % n_ : (s - k + n_) % n_;
          const auto& card = q_.circle[static_cast<std::size_t>(idx)];
          if (card.free <= 0) continue;
          ++c.m;
          c.letter[static_cast<std::size_t>(c.m)] = card.letter;
          c.closes[static_cast<std::size_t>(c.m)] = card.free == 1 ? 1 : 0;
        }
        combos_.push_back(c);
      }
    }
  }

  // Consumes `letter` in the programme copied into `base`.
  void step(int8_t* base, char letter) {
    for (std::size_t c = 0; c < combos_.size(); ++c) {
      const auto& combo = combos_[c];
      for (int jp = combo.m; jp >= 1; --jp) {
        if (combo.letter[static_cast<std::size_t>(jp)] != letter) continue;
        const int gain = combo.closes[static_cast<std::size_t>(jp)];
        for (int j = 0; j < jp; ++j) {
          for (int k = 1; k < k_max_; ++k) {
            const int8_t v = cell(base, c, j, k);
            if (v < 0) continue;
            int8_t& to = cell(base, c, jp, k + 1);
            to = std::max<int8_t>(to, static_cast<int8_t>(v + gain));
          }
        }
      }
    }
  }

  int value(int8_t* base) {
    int best = 0;
    for (std::size_t c = 0; c < combos_.size(); ++c) {
      for (int j = 0; j <= combos_[c].m; ++j) {
        for (int k = 1; k <= k_max_; ++k) {
          const int8_t v = cell(base, c, j, k);
          if (v >= 0) best = std::max(best, k * kValueScale + v);
        }
      }
    }
    return best;
  }

  // The best value any word below could reach, given the letters `mask` it may still use.
  int bound(int8_t* base, uint32_t mask) {
    int best = 0;
    for (std::size_t c = 0; c < combos_.size(); ++c) {
      const auto& combo = combos_[c];
      for (int j = 0; j <= combo.m; ++j) {
        int more = 0;
        int closable = 0;
        for (int jp = j + 1; jp <= combo.m; ++jp) {
          if (mask & bit(combo.letter[static_cast<std::size_t>(jp)])) {
            ++more;
            closable += combo.closes[static_cast<std::size_t>(jp)];
          }
        }
        for (int k = 1; k <= k_max_; ++k) {
          const int8_t v = cell(base, c, j, k);
          if (v < 0) continue;
          const int r = std::min(more, k_max_ - k);
          best = std::max(best, (k + r) * kValueScale + v + std::min(r, closable));
        }
      }
    }
    return best;
  }

  bool can_improve(int ub) const {
    if (ub < kValueScale) return false;
    if (found_.size() < limit_) return true;
    return ub > found_.back().first;  // a tie loses: later words sort after
  }

  void consider(uint32_t word, int v) {
    if (!can_improve(v)) return;
    if (s_.words_.rank(word) > q_.max_rank) return;
    if (!q_.used.empty() && s_.excluded(s_.words_.display(word), q_.used)) return;
    auto it = std::find_if(found_.begin(), found_.end(), [&](const auto& f) { return f.first < v; });
    found_.insert(it, {v, word});
    if (found_.size() > limit_) found_.pop_back();
  }

  void visit(uint32_t node, int depth) {
    const auto& nd = s_.nodes_[node];
    if (nd.min_rank > q_.max_rank) return;
    int8_t* here = layer(depth);
    if (nd.word >= 0) consider(static_cast<uint32_t>(nd.word), value(here));
    if (nd.below == 0) return;
    if (!can_improve(bound(here, nd.below))) return;
    const std::size_t bytes = combos_.size() * stride_;
    for (uint32_t child = node + 1; child != 0; child = s_.nodes_[child].next_sibling) {
      const auto& ch = s_.nodes_[child];
      if (ch.min_rank > q_.max_rank) continue;
      if (!can_improve(bound(here, ch.below | bit(ch.letter)))) continue;
      int8_t* next = layer(depth + 1);
      std::memcpy(next, here, bytes);
      step(next, ch.letter);
      visit(child, depth + 1);
    }
  }

  const Solver& s_;
  const SolverQuery& q_;
  std::size_t limit_;
  int n_;
  int k_max_ = 0;
  std::size_t stride_ = 0;
  std::vector<Combo> combos_;
  std::vector<int8_t> layers_;
  std::vector<std::pair<int, uint32_t>> found_;
};

namespace {

std::vector<Solution> finish(const WordList& words, const SolverQuery& q,
                             const std::vector<std::pair<int, uint32_t>>& found) {
  std::vector<Solution> out;
  for (const auto& [v, w] : found) {
    auto p = best_placement(q.circle, upper(words.key(w)), q.gems);
    if (!p) continue;  // cannot happen: the search only keeps placeable words
    out.push_back({w, words.display(w), std::move(*p)});
  }
  return out;
}

}  // namespace

std::vector<Solution> Solver::top(const SolverQuery& q, std::size_t limit) const {
  Search search(*this, q, limit);
  return finish(words_, q, search.run());
}

std::optional<Solution> Solver::best(const SolverQuery& q) const {
  auto all = top(q, 1);
  if (all.empty()) return std::nullopt;
  return std::move(all.front());
}

std::optional<Solution> Solver::naive_best(const SolverQuery& q) const {
  std::optional<Solution> best;
  int best_value = 0;
  if (q.circle.empty() || static_cast<int>(q.circle.size()) > kMaxCircle) return best;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_.rank(i) > q.max_rank) continue;
    auto p = best_placement(q.circle, upper(words_.key(i)), q.gems);
    if (!p) continue;
    const int v = p->gems() * kValueScale + p->closes;
    if (v <= best_value) continue;  // ties keep the alphabetically first
    if (!q.used.empty() && excluded(words_.display(i), q.used)) continue;
    best_value = v;
    best = Solution{i, words_.display(i), std::move(*p)};
  }
  return best;
}

}  // namespace logomachie::games::wordbank
