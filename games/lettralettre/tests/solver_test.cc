// The Lettralettre solver is exact: it agrees with a full scan of the word list.
#include <gtest/gtest.h>

#include "games/core/rng.h"
#include "games/core/tests/test_support.h"
#include "games/lettralettre/lettralettre.h"

namespace logomachie::games::lettralettre {
namespace {

const LettralettreGame& ll() {
  return dynamic_cast<const LettralettreGame&>(testing::game("lettralettre"));
}

Constraint make(std::string_view check_json, int bonus) {
  Constraint c;
  c.id = "test";
  c.text = "test";
  c.bonus = bonus;
  c.check = parse_check(parse_json(check_json).as_object());
  return c;
}

TEST(LettralettreSolver, KepiScoresSix) {
  Stars stars{};
  stars['K' - 'A'] = 2;
  EXPECT_EQ(Solver::letter_score("KEPI", stars), 6);
  // Stars count once per card, not per occurrence.
  EXPECT_EQ(Solver::letter_score("KAKI", stars), 6);
  SolverQuery q;
  q.shown = "KEPIRA";
  q.stars = stars;
  const auto best = ll().solver().best(q);
  ASSERT_TRUE(best);
  EXPECT_GE(best->score, 6);
  const auto naive = ll().solver().naive_best(q);
  ASSERT_TRUE(naive);
  EXPECT_EQ(best->display, naive->display);
  EXPECT_EQ(best->score, naive->score);
}

TEST(LettralettreSolver, AgreesWithAFullScan) {
  Rng rng(26);
  const std::vector<Constraint> constraints = {make(R"({"without":"E"})", 3),
                                               make(R"({"pos":"verb","mood":"infinitive"})", 1),
                                               make(R"({"pos":"noun","gender":"feminine"})", 1),
                                               make(R"({"double_letter":true})", 2),
                                               make(R"({"first_shown_letter":true})", 1),
                                               make(R"({"number":"plural"})", 1)};
#ifdef NDEBUG
  const int positions = 40;
#else
  const int positions = 6;
#endif
  for (int i = 0; i < positions; ++i) {
    std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    rng.shuffle(std::span(alphabet));
    SolverQuery q;
    q.shown = alphabet.substr(0, 5 + rng.below(4));
    for (auto& s : q.stars) s = static_cast<int>(rng.below(3));
    if (i % 2 == 1) q.constraint = &constraints[rng.below(constraints.size())];
    if (i % 5 == 2) q.max_rank = 4000;
    SCOPED_TRACE(q.shown);
    const auto a = ll().solver().best(q);
    const auto b = ll().solver().naive_best(q);
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) continue;
    EXPECT_EQ(a->display, b->display);
    EXPECT_EQ(a->score, b->score);
    // top() is consistent with best() and sorted.
    const auto top = ll().solver().top(q, 5);
    ASSERT_FALSE(top.empty());
    EXPECT_EQ(top.front().display, a->display);
    for (std::size_t k = 1; k < top.size(); ++k) EXPECT_GE(top[k - 1].score, top[k].score);
  }
}

TEST(LettralettreSolver, ConstraintsAreJudgedWithTheLexicon) {
  const auto& judge = ll().judge();
  const RoundLetters round{"PARTIE"};
  auto check = [](std::string_view json) { return parse_check(parse_json(json).as_object()); };
  EXPECT_TRUE(judge.satisfies(check(R"({"pos":"verb","mood":"infinitive"})"), "partir", "PARTIR", round));
  EXPECT_FALSE(judge.satisfies(check(R"({"pos":"verb","mood":"infinitive"})"), "partie", "PARTIE", round));
  EXPECT_TRUE(judge.satisfies(check(R"({"pos":"noun","gender":"feminine"})"), "partie", "PARTIE", round));
  EXPECT_TRUE(judge.satisfies(check(R"({"number":"plural"})"), "tapis", "TAPIS", round));  // invariable
  EXPECT_TRUE(judge.satisfies(check(R"({"first_shown_letter":true})"), "pari", "PARI", round));
  EXPECT_FALSE(judge.satisfies(check(R"({"uses_all_shown":true})"), "pari", "PARI", round));
  EXPECT_TRUE(judge.satisfies(check(R"({"palindrome":true})"), "été", "ETE", round));
  EXPECT_TRUE(judge.satisfies(check(R"({"alternating":true})"), "pirate", "PIRATE", round));
  EXPECT_FALSE(judge.satisfies(check(R"({"alternating":true})"), "partie", "PARTIE", round));
  EXPECT_TRUE(judge.satisfies(check(R"({"ends_with":"ER"})"), "parier", "PARIER", round));
  EXPECT_TRUE(judge.satisfies(check(R"({"min_distinct_vowels":3})"), "pirate", "PIRATE", round));
  EXPECT_THROW(check(R"({"colour":"red"})"), ActionError);
  EXPECT_THROW(check(R"({"pos":"pronoun"})"), ActionError);
}

TEST(LettralettreSolver, NothingFitsGivesNoWord) {
  // Every letter alone is a word ("q", "w"), so only an empty table or a tiny
  // vocabulary leaves nothing.
  SolverQuery q;
  q.shown = "";
  EXPECT_FALSE(ll().solver().best(q));
  EXPECT_FALSE(ll().solver().naive_best(q));
  q.shown = "QWX";
  q.max_rank = 1;  // a vocabulary of one word ("de")
  EXPECT_FALSE(ll().solver().best(q));
  EXPECT_FALSE(ll().solver().naive_best(q));
}

}  // namespace
}  // namespace logomachie::games::lettralettre
