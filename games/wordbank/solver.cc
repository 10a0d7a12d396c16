#include "games/wordbank/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>

#include "lexicon/lexicon.h"

namespace logomachie::games::wordbank {
namespace {

constexpr int kValueScale = 16;  // value = gems × 16 + vaults closed
constexpr int kLazyRounds = 2;   // searches with banned words before checking eagerly

uint32_t bit(char letter) {
  return 1u << (letter - 'A');
}

std::string upper(std::string_view key) {
  std::string s(key);
  for (auto& c : s) c = static_cast<char>(c - 'a' + 'A');
  return s;
}

// The trie while it is built: nodes in preorder, `link` = next sibling.
struct BuildNode {
  uint32_t link = 0;
  uint32_t below = 0;
  int32_t word = -1;
  uint32_t min_rank = kUnranked;
  uint32_t follow = 0;  // index in the build's order table (0 = none)
  char letter = 0;
  uint8_t height = 0;
};

// follow[x]: letters that come after an x in some word below a node (both
// strictly below it).
using Follow = std::array<uint32_t, 26>;

// The trie of `words` (sorted by key) in preorder; `max_depth`: longest key.
std::vector<BuildNode> build_trie(const WordList& words, int* max_depth) {
  std::vector<BuildNode> nodes(1);  // root
  std::vector<uint32_t> parent{0};
  std::vector<uint32_t> path{0};
  std::string_view prev;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto key = words.key(i);
    std::size_t lcp = 0;
    while (lcp < prev.size() && lcp < key.size() && prev[lcp] == key[lcp]) ++lcp;
    for (std::size_t d = lcp; d < key.size(); ++d) {
      const auto idx = static_cast<uint32_t>(nodes.size());
      if (d == lcp && prev.size() > lcp) nodes[path[d + 1]].link = idx;
      BuildNode n;
      n.letter = static_cast<char>(key[d] - 'a' + 'A');
      nodes.push_back(n);
      parent.push_back(path[d]);
      path.resize(d + 1);
      path.push_back(idx);
    }
    path.resize(key.size() + 1);
    nodes[path[key.size()]].word = static_cast<int32_t>(i);
    nodes[path[key.size()]].min_rank = words.rank(i);
    *max_depth = std::max(*max_depth, static_cast<int>(key.size()));
    prev = key;
  }
  for (std::size_t i = nodes.size(); i-- > 1;) {
    auto& p = nodes[parent[i]];
    p.below |= nodes[i].below | bit(nodes[i].letter);
    p.min_rank = std::min(p.min_rank, nodes[i].min_rank);
    p.height = std::max<uint8_t>(p.height, static_cast<uint8_t>(std::min(255, nodes[i].height + 1)));
  }
  return nodes;
}

// Fills `out` with the order masks of `node`'s subtree and keeps them in
// `table` (as the node's `follow`) when it holds `min_words` words or more;
// returns its number of words.
uint32_t compute_follow(std::vector<BuildNode>& nodes, uint32_t node, uint32_t min_words,
                        std::vector<Follow>& table, Follow& out) {
  Follow mine{};
  uint32_t count = nodes[node].word >= 0 ? 1 : 0;
  if (nodes[node].below != 0) {
    for (uint32_t child = node + 1; child != 0; child = nodes[child].link) {
      Follow below{};
      count += compute_follow(nodes, child, min_words, table, below);
      for (std::size_t x = 0; x < 26; ++x) mine[x] |= below[x];
      mine[static_cast<std::size_t>(nodes[child].letter - 'A')] |= nodes[child].below;
    }
  }
  if (count >= min_words && node != 0) {
    nodes[node].follow = static_cast<uint32_t>(table.size());
    table.push_back(mine);
  }
  out = mine;
  return count;
}

}  // namespace

Solver::Solver(const lexicon::Lexicon& lexicon, const WordList& words) : lexicon_(lexicon), words_(words) {
  auto built = build_trie(words_, &max_depth_);
  std::vector<Follow> follows(1);  // index 0: none
  Follow root_follow{};
  compute_follow(built, 0, kFollowWords, follows, root_follow);
  // Lay out breadth-first: children blocks become contiguous, and so do
  // siblings' order rows.
  nodes_.reserve(built.size());
  word_at_.reserve(built.size());
  min_rank_.reserve(built.size());
  follow_.assign(1, 0);            // offset 0: none
  std::vector<uint32_t> queue{0};  // build indices, in the new order
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const auto& b = built[queue[q]];
    Node n;
    n.link = static_cast<uint32_t>(queue.size());
    n.below = b.below;
    n.letter = b.letter;
    n.height = b.height;
    n.word = b.word >= 0;
    if (b.below != 0) {
      for (uint32_t child = queue[q] + 1; child != 0; child = built[child].link) {
        queue.push_back(child);
        ++n.children;
      }
    }
    if (b.follow) {
      n.follow = static_cast<uint32_t>(follow_.size());
      for (uint32_t x = b.below; x; x &= x - 1) follow_.push_back(follows[b.follow][std::countr_zero(x)]);
    }
    nodes_.push_back(n);
    word_at_.push_back(static_cast<uint32_t>(std::max(b.word, 0)));
    min_rank_.push_back(b.min_rank);
  }
}

Solver::PreparedWords Solver::prepare(std::span<const std::string> used) const {
  PreparedWords out;
  for (const auto& u : used) {
    if (auto p = lexicon_.prepare(u)) out.push_back(std::move(*p));
  }
  return out;
}

bool Solver::excluded(std::string_view display, const PreparedWords& used) const {
  if (used.empty()) return false;
  const auto word = lexicon_.prepare(display);
  if (!word) return false;
  for (const auto& u : used) {
    if (lexicon_.relate(u, *word, lexicon::Reading::kDominant) != lexicon::Relation::kUnrelated) return true;
  }
  return false;
}

bool Solver::excluded(std::string_view display, std::span<const std::string> used) const {
  for (const auto& u : used) {
    if (lexicon_.relate(u, display, lexicon::Reading::kDominant) != lexicon::Relation::kUnrelated)
      return true;
  }
  return false;
}

// One search over the trie (see solver.h).
//
// The programme of one start and direction, after some letters of a word:
//   best[j] = the best value (gems × 16 + vaults closed) of a placement whose
//             last gem is on the j-th card of the walk (0 = the start card);
//   v[j][k] = vaults closed by such a placement with exactly k gems, kept only
//             when the gems in hand may run out before the walk does
//             ("capped"); otherwise best[] alone is the whole programme.
class Search {
 public:
  // `eager` (when not null): check every candidate against these used words
  // (slow: relate() per used word); otherwise the caller verifies the results.
  // `banned`: words known to be excluded (skipped without asking).
  Search(const Solver& solver, const SolverQuery& q, std::size_t limit, const Solver::PreparedWords* eager,
         const std::vector<uint32_t>& banned)
      : s_(solver),
        q_(q),
        limit_(limit),
        n_(static_cast<int>(q.circle.size())),
        eager_(eager),
        banned_(banned) {}

  std::vector<std::pair<int, uint32_t>> run() {  // (value, word) best first
    if (n_ == 0 || n_ > kMaxCircle || q_.gems <= 0 || limit_ == 0) return {};
    k_max_ = std::min(q_.gems, n_);
    capped_ = k_max_ < n_;
    state_bytes_ = capped_ ? sizeof(ComboState) : offsetof(ComboState, v);
    int free_cards = 0;
    int closable = 0;
    for (const auto& slot : q_.circle) {
      free_cards += slot.free > 0 ? 1 : 0;
      closable += slot.free == 1 ? 1 : 0;
    }
    const int most = std::min(k_max_, free_cards);
    ceiling_ = most * kValueScale + std::min(most, closable);
    const auto& root = s_.nodes_[0];
    for (uint32_t child = root.link; child < root.link + root.children && !done_; ++child) {
      const char letter = s_.nodes_[child].letter;
      set_up_combos(letter);
      if (combos_.empty()) continue;
      layers_.resize(static_cast<std::size_t>(s_.max_depth_ + 2) * combos_.size());
      ComboState* first = layer(1);
      for (std::size_t c = 0; c < combos_.size(); ++c) {
        first[c].clear();
        first[c].reach = 1;
        first[c].best[0] = static_cast<int16_t>(kValueScale + combos_[c].start_closes);
        first[c].v[0][1] = static_cast<int8_t>(combos_[c].start_closes);
      }
      visit(child, 1, first, static_cast<ComboSet>((1ull << combos_.size()) - 1), Checked::kNone);
    }
    return found_;
  }

 private:
  using ComboSet = uint32_t;  // bit c: combos_[c]
  // Which of a node's bounds its `live` combos already passed.
  enum class Checked : uint8_t { kNone, kPlain, kAll };
  struct ComboState {
    uint32_t reach;  // bit j: best[j] is reachable
    std::array<int16_t, kMaxCircle> best;
    std::array<std::array<int8_t, kMaxCircle + 1>, kMaxCircle> v;  // capped only
    void clear() {
      reach = 0;
      best.fill(-1);
      for (auto& row : v) row.fill(-1);
    }
  };
  struct Combo {
    int start = 0;
    int start_closes = 0;
    int m = 0;                                          // cards after the start, walking order 1..m
    uint16_t closes = 0;                                // bit j: the j-th card would close
    std::array<uint16_t, 26> cards{};                   // bit j: the j-th card bears this letter
    std::array<char, kMaxCircle + 1> letter{};          // letter of the j-th card
    std::array<uint32_t, kMaxCircle + 1> letter_bit{};  // bit(letter of the j-th card)
    uint32_t letters = 0;                               // letters on the walk
  };

  ComboState* layer(int depth) { return layers_.data() + static_cast<std::size_t>(depth) * combos_.size(); }

  void set_up_combos(char letter) {
    combos_.clear();
    walk_letters_ = 0;
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
          c.cards[static_cast<std::size_t>(card.letter - 'A')] |= static_cast<uint16_t>(1u << c.m);
          c.letter[static_cast<std::size_t>(c.m)] = card.letter;
          c.letter_bit[static_cast<std::size_t>(c.m)] = bit(card.letter);
          if (card.free == 1) c.closes |= static_cast<uint16_t>(1u << c.m);
          c.letters |= bit(card.letter);
        }
        walk_letters_ |= c.letters;
        combos_.push_back(c);
      }
    }
  }

  // Consumes `letter` in the states of the combos in `live` (copies of the
  // parent's).
  void step(ComboState* state, ComboSet live, char letter) const {
    for (; live; live &= live - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(live));
      const auto& combo = combos_[c];
      auto& st = state[c];
      uint32_t cards = combo.cards[static_cast<std::size_t>(letter - 'A')];
      // Highest card first: a card's new values read only lower cards' values.
      while (cards) {
        const int jp = 31 - std::countl_zero(cards);
        cards &= ~(1u << jp);
        const int gain = (combo.closes >> jp) & 1;
        auto& to = st.best[static_cast<std::size_t>(jp)];
        for (uint32_t from = st.reach & ((1u << jp) - 1); from; from &= from - 1) {
          const int j = std::countr_zero(from);
          if (!capped_) {
            to = std::max<int16_t>(
                to, static_cast<int16_t>(st.best[static_cast<std::size_t>(j)] + kValueScale + gain));
            continue;
          }
          const auto& row = st.v[static_cast<std::size_t>(j)];
          auto& out = st.v[static_cast<std::size_t>(jp)];
          for (int k = 1; k < k_max_; ++k) {
            const int8_t v = row[static_cast<std::size_t>(k)];
            if (v < 0) continue;
            const auto nv = static_cast<int8_t>(v + gain);
            if (nv > out[static_cast<std::size_t>(k) + 1]) {
              out[static_cast<std::size_t>(k) + 1] = nv;
              to = std::max<int16_t>(to, static_cast<int16_t>((k + 1) * kValueScale + nv));
            }
          }
        }
        if (to >= 0) st.reach |= 1u << jp;
      }
    }
  }

  // The value of the word read so far, over the combos in `live`.
  int value(const ComboState* state, ComboSet live) const {
    int best = 0;
    for (; live; live &= live - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(live));
      for (uint32_t js = state[c].reach; js; js &= js - 1) {
        best = std::max<int>(best, state[c].best[static_cast<std::size_t>(std::countr_zero(js))]);
      }
    }
    return best;
  }

  // Best value reachable from card j with `more` cards still possible and
  // `closable` of them able to close.
  int extend(const ComboState& st, int j, int more, int closable) const {
    if (!capped_) return st.best[static_cast<std::size_t>(j)] + more * kValueScale + std::min(more, closable);
    int best = 0;
    const auto& row = st.v[static_cast<std::size_t>(j)];
    for (int k = 1; k <= k_max_; ++k) {
      if (row[static_cast<std::size_t>(k)] < 0) continue;
      const int r = std::min(more, k_max_ - k);
      best = std::max(best, (k + r) * kValueScale + row[static_cast<std::size_t>(k)] + std::min(r, closable));
    }
    return best;
  }

  // The best value a word below could reach through `combo`, given the letters
  // `mask` it may still use and at most `height` more letters.
  int bound(const Combo& combo, const ComboState& st, uint32_t mask, int height) const {
    int best = 0;
    uint32_t usable = 0;
    for (uint32_t l = combo.letters & mask; l; l &= l - 1)
      usable |= combo.cards[static_cast<std::size_t>(std::countr_zero(l))];
    for (uint32_t js = st.reach; js; js &= js - 1) {
      const int j = std::countr_zero(js);
      const uint32_t after = usable & ~((2u << j) - 1);
      best = std::max(
          best, extend(st, j, std::min(height, std::popcount(after)), std::popcount(after & combo.closes)));
    }
    return best;
  }

  // The combos of `among` whose bound() can still beat the results.
  ComboSet passing(const ComboState* state, ComboSet among, uint32_t mask, int height) const {
    ComboSet out = 0;
    for (; among; among &= among - 1) {
      const int c = std::countr_zero(among);
      const auto cc = static_cast<std::size_t>(c);
      if (can_improve(bound(combos_[cc], state[cc], mask, height))) out |= 1u << c;
    }
    return out;
  }

  // A tighter bound through `combo` for big subtrees: cards matched one after
  // the other by a word must have their letters in that word's order, so only
  // chains of cards whose letters follow each other below this node count.
  int order_bound(const Combo& combo, const ComboState& st, const Solver::Node& nd) const {
    const uint32_t* follow = &s_.follow_[nd.follow];  // one row per letter of nd.below
    // gain[i]: the most value (16 per card + vaults closed) of a chain starting
    // at card i; its card count is gain[i] / 16, since a chain closes at most
    // one vault per card and never 16. gain_after[j]: the most after card j.
    std::array<int, kMaxCircle + 1> gain{}, gain_after{};
    uint32_t usable = 0;  // cards whose letter occurs below, from i + 1 on
    int most = 0;
    for (int i = combo.m; i >= 1; --i) {
      const auto ii = static_cast<std::size_t>(i);
      if (nd.below & combo.letter_bit[ii]) {
        const uint32_t next_letters = follow[std::popcount(nd.below & (combo.letter_bit[ii] - 1))];
        int next = 0;
        for (uint32_t ks = usable; ks; ks &= ks - 1) {
          const auto kk = static_cast<std::size_t>(std::countr_zero(ks));
          if (next_letters & combo.letter_bit[kk]) next = std::max(next, gain[kk]);
        }
        gain[ii] = kValueScale + ((combo.closes >> i) & 1) + next;
        usable |= 1u << i;
        most = std::max(most, gain[ii]);
      }
      gain_after[ii - 1] = most;
    }
    int best = 0;
    for (uint32_t js = st.reach; js; js &= js - 1) {
      const int j = std::countr_zero(js);
      const auto jj = static_cast<std::size_t>(j);
      const int chain = gain_after[jj] / kValueScale;
      if (!capped_ && chain <= nd.height) {
        best = std::max(best, st.best[jj] + gain_after[jj]);
        continue;
      }
      const int more = std::min<int>(nd.height, chain);
      best = std::max(best, extend(st, j, more, std::popcount(usable & ~((2u << j) - 1) & combo.closes)));
    }
    return best;
  }

  // The combos of `among` whose order_bound() can still beat the results.
  ComboSet order_passing(const ComboState* state, ComboSet among, const Solver::Node& nd) const {
    ComboSet out = 0;
    for (; among; among &= among - 1) {
      const int c = std::countr_zero(among);
      const auto cc = static_cast<std::size_t>(c);
      if (can_improve(order_bound(combos_[cc], state[cc], nd))) out |= 1u << c;
    }
    return out;
  }

  bool can_improve(int ub) const {
    if (ub < kValueScale || done_) return false;
    if (found_.size() < limit_) return true;
    return ub > found_.back().first;  // a tie loses: later words sort after
  }

  void consider(uint32_t word, int v) {
    if (!can_improve(v)) return;
    if (s_.words_.rank(word) > q_.max_rank) return;
    if (std::find(banned_.begin(), banned_.end(), word) != banned_.end()) return;
    if (eager_ && s_.excluded(s_.words_.display(word), *eager_)) return;
    auto it = std::find_if(found_.begin(), found_.end(), [&](const auto& f) { return f.first < v; });
    found_.insert(it, {v, word});
    if (found_.size() > limit_) found_.pop_back();
    // Nothing can beat the best value the circle allows: stop everything.
    done_ = found_.size() == limit_ && found_.back().first >= ceiling_;
  }

  // `here`: the programme after the node's letter, valid for the combos in
  // `live` (the others cannot place a word of this subtree above the results);
  // children write theirs into layer(depth + 1). `checked`: the bounds of this
  // node (on `here`) that `live` already passed.
  void visit(uint32_t node, int depth, const ComboState* here, ComboSet live, Checked checked) {
    const auto& nd = s_.nodes_[node];
    if (ranked_ && s_.min_rank_[node] > q_.max_rank) return;
    if (nd.word) {
      const int v = value(here, live);
      if (can_improve(v)) consider(s_.word_at_[node], v);  // reads word_at_ only then
    }
    if (nd.below == 0) return;
    if (checked == Checked::kNone) live = passing(here, live, nd.below, nd.height);
    if (live && nd.follow && checked != Checked::kAll) live = order_passing(here, live, nd);
    if (!live) return;
    for (uint32_t child = nd.link; child < nd.link + nd.children && !done_; ++child) {
      const auto& ch = s_.nodes_[child];
      if (ranked_ && s_.min_rank_[child] > q_.max_rank) continue;
      const bool on_walk = walk_letters_ & bit(ch.letter);
      // A child off every walk leaves the programme unchanged: its plain bound
      // (its letters below, its height) is the child's own, computed once. An
      // only child on a walk has the bound this node just passed.
      ComboSet child_live = live;
      if (!on_walk) {
        if (nd.children > 1) child_live = passing(here, live, ch.below, ch.height);
      } else if (nd.children > 1) {
        child_live = passing(here, live, ch.below | bit(ch.letter), ch.height + 1);
      }
      if (!child_live) continue;
      // Start the child's memory loads while its programme is computed.
      __builtin_prefetch(&s_.nodes_[ch.link]);
      if (ch.follow) {
        __builtin_prefetch(&s_.follow_[ch.follow]);
        __builtin_prefetch(reinterpret_cast<const char*>(&s_.follow_[ch.follow]) + 64);
      }
      if (!on_walk) {
        visit(child, depth, here, child_live, off_walk_checks(nd, ch));
        continue;
      }
      ComboState* next = layer(depth + 1);
      for (ComboSet cs = child_live; cs; cs &= cs - 1) {
        const auto c = static_cast<std::size_t>(std::countr_zero(cs));
        std::memcpy(&next[c], &here[c], state_bytes_);
      }
      step(next, child_live, ch.letter);
      visit(child, depth + 1, next, child_live, Checked::kNone);
    }
  }

  // The bounds a child `ch` of `nd` off every walk has passed with `nd`'s
  // programme: its plain bound when `nd` has several children (checked in
  // the loop); both when it is the only child and its height does not limit
  // the bounds (no chain of cards is longer than the walk): it then has the
  // same letters on the walks, in the same orders, as `nd`.
  Checked off_walk_checks(const Solver::Node& nd, const Solver::Node& ch) const {
    if (nd.children > 1) return Checked::kPlain;
    return ch.height >= n_ - 1 ? Checked::kAll : Checked::kNone;
  }

  const Solver& s_;
  const SolverQuery& q_;
  std::size_t limit_;
  int n_;
  const Solver::PreparedWords* eager_;
  const std::vector<uint32_t>& banned_;
  int k_max_ = 0;
  bool capped_ = false;
  bool ranked_ = q_.max_rank != kUnranked;  // some words are out of the vocabulary
  std::size_t state_bytes_ = 0;
  uint32_t walk_letters_ = 0;  // letters on any walk of the current combos
  int ceiling_ = 0;            // no word can score more
  bool done_ = false;
  std::vector<Combo> combos_;
  std::vector<ComboState> layers_;
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
  // Most answers are not related to any used word: search without the family
  // test and verify the answers; a related answer is banned and the search
  // runs again, and after a few rounds every candidate is checked as found.
  std::vector<uint32_t> banned;
  auto found = Search(*this, q, limit, nullptr, banned).run();
  if (q.used.empty()) return finish(words_, q, found);
  const auto used = prepare(q.used);
  for (int round = 0; round < kLazyRounds; ++round) {
    const auto before = banned.size();
    for (const auto& f : found) {
      if (excluded(words_.display(f.second), used)) banned.push_back(f.second);
    }
    if (banned.size() == before) return finish(words_, q, found);
    found = Search(*this, q, limit, nullptr, banned).run();
  }
  return finish(words_, q, Search(*this, q, limit, &used, banned).run());
}

std::optional<Solution> Solver::best(const SolverQuery& q) const {
  auto all = top(q, 1);
  if (all.empty()) return std::nullopt;
  return std::move(all.front());
}

std::optional<Solution> Solver::naive_best(const SolverQuery& q) const {
  const auto used = prepare(q.used);
  std::optional<Solution> best;
  int best_value = 0;
  if (q.circle.empty() || static_cast<int>(q.circle.size()) > kMaxCircle) return best;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_.rank(i) > q.max_rank) continue;
    auto p = best_placement(q.circle, upper(words_.key(i)), q.gems);
    if (!p) continue;
    const int v = p->gems() * kValueScale + p->closes;
    if (v <= best_value) continue;  // ties keep the alphabetically first
    if (!q.used.empty() && excluded(words_.display(i), used)) continue;
    best_value = v;
    best = Solution{i, words_.display(i), std::move(*p)};
  }
  return best;
}

}  // namespace logomachie::games::wordbank
