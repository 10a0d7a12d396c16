#include "games/wordbank/placement.h"

#include <algorithm>
#include <bit>

namespace logomachie::games::wordbank {
namespace {

int steps(int from, int to, int n, Direction d) {
  const int diff = d == Direction::kClockwise ? to - from : from - to;
  return ((diff % n) + n) % n;
}

// Can `chosen` (circle indices after the start, in walking order) take the
// word's letters after the first, in order? Greedy earliest match is exact for
// a fixed card sequence.
bool follows_word(std::span<const Slot> circle, std::string_view letters, std::span<const int> chosen) {
  std::size_t p = 1;
  for (int c : chosen) {
    while (p < letters.size() && letters[p] != circle[static_cast<std::size_t>(c)].letter) ++p;
    if (p == letters.size()) return false;
    ++p;
  }
  return true;
}

// Best placement from one start in one direction (see best_placement's order).
std::optional<Placement> best_from(std::span<const Slot> circle, std::string_view letters, int gems,
                                   int start, Direction dir) {
  const int n = static_cast<int>(circle.size());
  // Candidate cards along the walk: a free space and a letter the word still has.
  std::vector<int> walk;
  for (int k = 1; k < n; ++k) {
    const int c = dir == Direction::kClockwise ? (start + k) % n : (start - k + n) % n;
    const auto& slot = circle[static_cast<std::size_t>(c)];
    if (slot.free > 0 && letters.find(slot.letter, 1) != std::string_view::npos) walk.push_back(c);
  }
  const int m = static_cast<int>(walk.size());
  std::optional<Placement> best;
  std::vector<int> chosen;
  // Most cards first: the first count with a valid placement holds the best
  // one (then most vaults closed, then the earliest cards).
  for (int extra = std::min(m, gems - 1); extra >= 0 && !best; --extra) {
    for (uint32_t mask = 0; mask < (1u << m); ++mask) {
      if (std::popcount(mask) != extra) continue;
      chosen.clear();
      for (int i = 0; i < m; ++i) {
        if (mask >> i & 1u) chosen.push_back(walk[static_cast<std::size_t>(i)]);
      }
      if (!follows_word(circle, letters, chosen)) continue;
      int closes = circle[static_cast<std::size_t>(start)].free == 1 ? 1 : 0;
      for (int c : chosen) closes += circle[static_cast<std::size_t>(c)].free == 1 ? 1 : 0;
      bool better = !best || closes > best->closes;
      if (best && closes == best->closes) {
        // Earliest cards along the walk: compare walking distances.
        for (std::size_t i = 0; i < chosen.size(); ++i) {
          const int a = steps(start, chosen[i], n, dir);
          const int b = steps(start, best->cards[i + 1], n, dir);
          if (a != b) {
            better = a < b;
            break;
          }
        }
      }
      if (better) {
        Placement p;
        p.start = start;
        p.direction = dir;
        p.cards.push_back(start);
        p.cards.insert(p.cards.end(), chosen.begin(), chosen.end());
        p.closes = closes;
        best = std::move(p);
      }
    }
  }
  return best;
}

bool ranks_before(const Placement& a, const Placement& b) {
  if (a.gems() != b.gems()) return a.gems() > b.gems();
  return a.closes > b.closes;  // equal: keep the earlier (start, direction)
}

}  // namespace

std::string_view to_string(Direction d) {
  return d == Direction::kClockwise ? "cw" : "ccw";
}

PlacementFault check_placement(std::span<const Slot> circle, std::string_view letters,
                               std::span<const int> cards, Direction direction, int gems) {
  const int n = static_cast<int>(circle.size());
  if (cards.empty()) return PlacementFault::kNoCards;
  for (int c : cards) {
    if (c < 0 || c >= n) return PlacementFault::kBadIndex;
  }
  const int start = cards[0];
  if (letters.empty() || circle[static_cast<std::size_t>(start)].letter != letters[0]) {
    return PlacementFault::kWrongStart;
  }
  if (static_cast<int>(cards.size()) > gems) return PlacementFault::kTooManyGems;
  for (int c : cards) {
    if (circle[static_cast<std::size_t>(c)].free <= 0) return PlacementFault::kFull;
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    for (std::size_t k = 0; k < i; ++k) {
      if (cards[i] == cards[k]) return PlacementFault::kSameCard;
    }
  }
  int last = 0;
  for (std::size_t i = 1; i < cards.size(); ++i) {
    const int s = steps(start, cards[i], n, direction);
    if (s <= last) return PlacementFault::kOffLap;  // 0 = the start card again
    last = s;
  }
  if (!follows_word(circle, letters, cards.subspan(1))) return PlacementFault::kOutOfOrder;
  return PlacementFault::kNone;
}

std::vector<Placement> placements_by_start(std::span<const Slot> circle, std::string_view letters, int gems) {
  std::vector<Placement> out;
  if (letters.empty() || gems <= 0) return out;
  for (int s = 0; s < static_cast<int>(circle.size()); ++s) {
    const auto& slot = circle[static_cast<std::size_t>(s)];
    if (slot.letter != letters[0] || slot.free <= 0) continue;
    for (auto dir : {Direction::kClockwise, Direction::kCounterClockwise}) {
      if (auto p = best_from(circle, letters, gems, s, dir)) out.push_back(std::move(*p));
    }
  }
  return out;
}

std::optional<Placement> best_placement(std::span<const Slot> circle, std::string_view letters, int gems) {
  std::optional<Placement> best;
  for (auto& p : placements_by_start(circle, letters, gems)) {
    if (!best || ranks_before(p, *best)) best = std::move(p);
  }
  return best;
}

}  // namespace logomachie::games::wordbank
