// The Word Bank solver is exact: it agrees with a full scan of the word list.
#include <gtest/gtest.h>

#include "games/core/rng.h"
#include "games/core/tests/test_support.h"
#include "games/wordbank/wordbank.h"

namespace logomachie::games::wordbank {
namespace {

const WordBankGame& wb() {
  return dynamic_cast<const WordBankGame&>(testing::game("wordbank"));
}

std::vector<Slot> random_circle(Rng& rng) {
  auto deck = standard_deck();
  rng.shuffle(std::span(deck));
  const int n = 3 + static_cast<int>(rng.below(5));  // 3–7 cards (shrunk circles too)
  std::vector<Slot> circle;
  for (int i = 0; i < n; ++i) {
    const auto& c = deck[static_cast<std::size_t>(i)];
    circle.push_back({c.letter, static_cast<int>(rng.below(static_cast<uint64_t>(c.spaces) + 1))});
  }
  return circle;
}

void expect_same(const std::optional<Solution>& a, const std::optional<Solution>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->display, b->display);
  EXPECT_EQ(a->placement.cards, b->placement.cards);
  EXPECT_EQ(a->placement.direction, b->placement.direction);
  EXPECT_EQ(a->placement.closes, b->placement.closes);
}

TEST(WordBankSolver, AgreesWithAFullScan) {
  Rng rng(2026);
#ifdef NDEBUG
  const int positions = 24;
#else
  const int positions = 4;  // the full scan is slow under sanitizers
#endif
  for (int i = 0; i < positions; ++i) {
    const auto circle = random_circle(rng);
    SolverQuery q;
    q.circle = circle;
    q.gems = 1 + static_cast<int>(rng.below(8));
    const std::vector<std::string> used = {"maison", "partir"};
    if (i % 3 == 0) q.used = used;
    if (i % 4 == 1) q.max_rank = 5000;
    SCOPED_TRACE(i);
    expect_same(wb().solver().best(q), wb().solver().naive_best(q));
  }
}

TEST(WordBankSolver, FindsASevenGemPasswordOnARichCircle) {
  const std::vector<Slot> circle = {{'P', 3}, {'O', 3}, {'R', 3}, {'T', 3}, {'E', 3}, {'U', 3}, {'S', 3}};
  SolverQuery q;
  q.circle = circle;
  q.gems = 12;
  const auto best = wb().solver().best(q);
  ASSERT_TRUE(best);
  EXPECT_EQ(best->placement.gems(), 7);
  const auto letters = game_letters(best->display);
  EXPECT_EQ(check_placement(circle, letters, best->placement.cards, best->placement.direction, 12),
            PlacementFault::kNone);
}

TEST(WordBankSolver, PrefersClosingVaults) {
  // "as" and "sa" both place 2 gems; only starting on S closes the S (1 free).
  const std::vector<Slot> circle = {{'A', 3}, {'S', 1}};
  SolverQuery q;
  q.circle = circle;
  q.gems = 10;
  const auto best = wb().solver().best(q);
  ASSERT_TRUE(best);
  EXPECT_EQ(best->placement.gems(), 2);
  EXPECT_EQ(best->placement.closes, 1);
}

TEST(WordBankSolver, ExcludesUsedWordsAndTheirFamilies) {
  const std::vector<Slot> circle = {{'P', 3}, {'R', 3}, {'O', 3}, {'T', 3}, {'E', 3}, {'G', 3}, {'R', 3}};
  SolverQuery q;
  q.circle = circle;
  q.gems = 12;
  const auto first = wb().solver().best(q);
  ASSERT_TRUE(first);
  const std::vector<std::string> used = {std::string(first->display)};
  q.used = used;
  const auto second = wb().solver().best(q);
  ASSERT_TRUE(second);
  EXPECT_NE(second->display, first->display);
  EXPECT_EQ(wb().lexicon().relate(first->display, second->display), lexicon::Relation::kUnrelated);
}

TEST(WordBankSolver, NoPasswordWhenNoWordFits) {
  const std::vector<Slot> circle = {{'X', 0}, {'K', 2}};  // the X is full; no word is just "K…"?
  SolverQuery q;
  q.circle = circle;
  q.gems = 5;
  q.max_rank = 1;  // a vocabulary of one word ("de")
  EXPECT_FALSE(wb().solver().best(q));
  q.gems = 0;
  q.max_rank = kUnranked;
  EXPECT_FALSE(wb().solver().best(q));
}

}  // namespace
}  // namespace logomachie::games::wordbank
