#include "games/lettralettre/solver.h"

#include <algorithm>
#include <bit>

namespace logomachie::games::lettralettre {
namespace {

constexpr int kSubsetLetters = 12;  // above: scan the letter-set groups instead of subsets

std::string upper(std::string_view key) {
  std::string s(key);
  for (auto& c : s) c = static_cast<char>(c - 'a' + 'A');
  return s;
}

int mask_stars(uint32_t mask, const Stars& stars) {
  int s = 0;
  for (; mask; mask &= mask - 1) s += stars[static_cast<std::size_t>(std::countr_zero(mask))];
  return s;
}

struct Candidate {
  int score;
  std::size_t length;
  std::size_t word;
  std::string_view key;
  std::string_view display = {};
};

bool better(const Candidate& a, const Candidate& b) {
  if (a.score != b.score) return a.score > b.score;
  if (a.length != b.length) return a.length > b.length;
  return a.key < b.key;
}

}  // namespace

uint32_t letter_mask(std::string_view letters) {
  uint32_t m = 0;
  for (char c : letters) {
    if (c >= 'A' && c <= 'Z') m |= 1u << (c - 'A');
  }
  return m;
}

int Solver::letter_score(std::string_view letters, const Stars& stars) {
  return static_cast<int>(letters.size()) + mask_stars(letter_mask(letters), stars);
}

Solver::Solver(const WordList& words, const Judge& judge) : words_(words), judge_(judge) {
  std::vector<uint32_t> masks(words_.size());
  order_.resize(words_.size());
  for (std::size_t i = 0; i < words_.size(); ++i) {
    masks[i] = letter_mask(upper(words_.key(i)));
    order_[i] = static_cast<uint32_t>(i);
  }
  std::sort(order_.begin(), order_.end(), [&](uint32_t a, uint32_t b) {
    if (masks[a] != masks[b]) return masks[a] < masks[b];
    if (words_.key(a).size() != words_.key(b).size()) return words_.key(a).size() > words_.key(b).size();
    return a < b;  // WordList is in key order
  });
  for (uint32_t i = 0; i < order_.size();) {
    uint32_t j = i;
    while (j < order_.size() && masks[order_[j]] == masks[order_[i]]) ++j;
    group_of_mask_.emplace(masks[order_[i]], static_cast<uint32_t>(groups_.size()));
    groups_.push_back({masks[order_[i]], i, j});
    i = j;
  }
}

std::vector<Found> Solver::top(const SolverQuery& q, std::size_t limit) const {
  std::vector<Found> out;
  if (limit == 0) return out;
  const uint32_t allowed = letter_mask(q.shown);
  const int bonus = q.constraint ? q.constraint->bonus : 0;
  const RoundLetters round{q.shown};
  // Every non-empty subset of the allowed letters that some word uses.
  struct Bound {
    int bound;
    const Group* group;
    int stars;
  };
  std::vector<Bound> bounds;
  auto add = [&](const Group& g) {
    const int stars = mask_stars(g.mask, q.stars);
    const auto longest = static_cast<int>(words_.key(order_[g.begin]).size());
    bounds.push_back({longest + stars + bonus, &g, stars});
  };
  if (std::popcount(allowed) <= kSubsetLetters) {
    for (uint32_t sub = allowed; sub; sub = (sub - 1) & allowed) {
      if (const auto it = group_of_mask_.find(sub); it != group_of_mask_.end()) add(groups_[it->second]);
    }
  } else {  // 2^k subsets would outnumber the groups themselves
    for (const auto& g : groups_) {
      if ((g.mask & ~allowed) == 0) add(g);
    }
  }
  std::sort(bounds.begin(), bounds.end(), [](const Bound& a, const Bound& b) { return a.bound > b.bound; });
  std::vector<Candidate> found;  // best first, at most `limit`
  auto worst = [&]() -> const Candidate* { return found.size() < limit ? nullptr : &found.back(); };
  std::string letters;
  for (const auto& b : bounds) {
    if (const auto* w = worst(); w && b.bound < w->score) break;
    for (uint32_t i = b.group->begin; i < b.group->end; ++i) {
      const uint32_t word = order_[i];
      const auto key = words_.key(word);
      const int score = static_cast<int>(key.size()) + b.stars + bonus;
      const Candidate c{score, key.size(), word, key, words_.display(word)};
      // Later words of a group are shorter or sort after: none can win either.
      if (const auto* w = worst(); w && !better(c, *w)) break;
      if (words_.rank(word) > q.max_rank) continue;
      if (key.size() < q.min_letters) break;  // the rest of the group is shorter still
      Candidate accepted = c;
      if (q.constraint) {
        letters = upper(key);
        const auto form = judge_.satisfied_by(q.constraint->check, words_.display(word), letters, round, {});
        if (!form) continue;
        accepted.display = form->empty() ? words_.display(word) : *form;  // "dû" for « un adjectif »
      }
      found.insert(
          std::find_if(found.begin(), found.end(), [&](const Candidate& f) { return better(accepted, f); }),
          accepted);
      if (found.size() > limit) found.pop_back();
    }
  }
  for (const auto& c : found) out.push_back({c.word, c.display, c.score});
  return out;
}

std::optional<Found> Solver::best(const SolverQuery& q) const {
  auto t = top(q, 1);
  if (t.empty()) return std::nullopt;
  return t.front();
}

std::optional<Found> Solver::naive_best(const SolverQuery& q) const {
  const uint32_t allowed = letter_mask(q.shown);
  const int bonus = q.constraint ? q.constraint->bonus : 0;
  const RoundLetters round{q.shown};
  std::optional<Candidate> best;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_.rank(i) > q.max_rank || words_.key(i).size() < q.min_letters) continue;
    const auto letters = upper(words_.key(i));
    const uint32_t m = letter_mask(letters);
    if ((m & ~allowed) != 0) continue;
    const Candidate c{letter_score(letters, q.stars) + bonus, letters.size(), i, words_.key(i), {}};
    if (best && !better(c, *best)) continue;
    std::optional<std::string_view> form;
    if (q.constraint &&
        !(form = judge_.satisfied_by(q.constraint->check, words_.display(i), letters, round, {})))
      continue;
    best = c;
    best->display = form && !form->empty() ? *form : words_.display(i);
  }
  if (!best) return std::nullopt;
  return Found{best->word, best->display, best->score};
}

}  // namespace logomachie::games::lettralettre
