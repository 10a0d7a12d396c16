// Measures Lexicon::relate on the labelled referee corpus (tests/data/referee/
// pairs-{tuning,heldout}.tsv, docs/lexicon.md "The labelled corpus") and
// writes a report with every error to <build>/referee-pairs-<part>.md.
//
// A pair's base is read as the games read it: a deck noun (base_pos N) as a
// noun, a word written by a player (-) by its dominant reading.
//
// Two scores per category: `exact` (the relation itself) and `decision`, what
// the referees act on: same word (inflection or compound: a right guess, a
// fired trap), family (derivative: a fired trap, not a right guess) or
// unrelated. The targets are on `decision`: core pairs (every category but
// `learned`) and hard pairs (`learned`).
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_lexicon.h"
#include "tests/support/tsv_table.h"

namespace logomachie::lexicon {
namespace {

struct PairRow {
  std::string base, base_pos, other, expected, category, reason;
};

std::vector<PairRow> read_pairs(const std::filesystem::path& path) {
  std::vector<PairRow> rows;
  for (auto& c : logomachie::testing::read_tsv_rows(path)) {
    c.resize(6);
    rows.push_back({c[0], c[1], c[2], c[3], c[4], c[5]});
  }
  return rows;
}

std::string decision(std::string_view relation) {
  if (relation == "inflection" || relation == "compound") return "same";
  return std::string(relation);
}

struct PairScore {
  double core = 0, hard = 0, exact = 0;
  std::size_t rows = 0;
};

PairScore evaluate_pairs(const std::string& part) {
  const auto path = std::filesystem::path(LOGO_REFEREE_CORPUS) / ("pairs-" + part + ".tsv");
  const auto rows = read_pairs(path);
  std::map<std::string, std::array<int, 3>> by_category;  // exact right, decision right, total
  std::ostringstream errors;
  int core_right = 0, core_total = 0, hard_right = 0, hard_total = 0, exact_right = 0;
  for (const auto& r : rows) {
    const Reading reading = r.base_pos == "N" ? Reading::kNoun : Reading::kDominant;
    const std::string got(to_string(testing::french().relate(r.base, r.other, reading)));
    const bool exact = got == r.expected;
    const bool decided = decision(got) == decision(r.expected);
    auto& c = by_category[r.category];
    c[0] += exact;
    c[1] += decided;
    c[2] += 1;
    exact_right += exact;
    if (r.category == "learned") {
      hard_right += decided;
      ++hard_total;
    } else {
      core_right += decided;
      ++core_total;
    }
    if (!decided) {
      errors << "| " << r.base << " | " << r.base_pos << " | " << r.other << " | " << r.expected << " | "
             << got << " | " << r.category << " | " << r.reason << " |\n";
    }
  }
  PairScore s;
  s.rows = rows.size();
  s.core = core_total ? double(core_right) / core_total : 0;
  s.hard = hard_total ? double(hard_right) / hard_total : 0;
  s.exact = rows.empty() ? 0 : double(exact_right) / rows.size();
  std::ostringstream report;
  report << std::fixed << std::setprecision(3);
  report << "# relate() on pairs-" << part << ".tsv (" << rows.size() << " pairs)\n\n";
  report << "| category | decision | exact | pairs |\n|---|---|---|---|\n";
  for (const auto& [cat, c] : by_category) {
    report << "| " << cat << " | " << double(c[1]) / c[2] << " | " << double(c[0]) / c[2] << " | " << c[2]
           << " |\n";
  }
  report << "\nCore pairs (decision): " << s.core << " of " << core_total << "; hard (learned): " << s.hard
         << " of " << hard_total << "; exact relation overall: " << s.exact << "\n\n";
  report << "Decision errors:\n\n| base | pos | other | expected | got | category | reason "
            "|\n|---|---|---|---|---|---|---|\n"
         << errors.str();
  const auto out = std::filesystem::path(LOGO_REPORT_DIR) / ("referee-pairs-" + part + ".md");
  std::ofstream(out) << report.str();
  std::cout << report.str().substr(0, report.str().find("Decision errors:"))
            << "(full report: " << out.string() << ")\n";
  return s;
}

TEST(PairsEval, TuningPart) {
  const PairScore s = evaluate_pairs("tuning");
  ASSERT_GE(s.rows, 1000u);
  EXPECT_GE(s.core, 0.90);  // tuned on: a loose floor against breakage only
}

TEST(PairsEval, HeldOutPart) {
  // Floors just under the measured values (docs/lexicon.md): a regression fails.
  // Measured 2026-11-26 (second review): core 0.971, hard 0.952 (targets:
  // 0.97 and 0.80); earlier that day 0.961/0.963 and 0.952; 2026-11-23: 0.952
  // and 0.929, before families-common.txt.
  const PairScore s = evaluate_pairs("heldout");
  ASSERT_GE(s.rows, 500u);
  EXPECT_GE(s.core, 0.965);
  EXPECT_GE(s.hard, 0.945);
}

}  // namespace
}  // namespace logomachie::lexicon

namespace logomachie::lexicon {
namespace {

// The reviewed audit of deck families (tests/data/referee/audit-decks.tsv):
// pairs the review found wrong and that were fixed must stay unrelated, and
// pairs it found right must stay related.
TEST(LexiconAudit, ReviewedDeckPairsKeepTheirVerdict) {
  int ok = 0, wrong_fixed = 0;
  for (auto& c :
       logomachie::testing::read_tsv_rows(std::filesystem::path(LOGO_REFEREE_CORPUS) / "audit-decks.tsv")) {
    c.resize(5);
    const std::string &deck = c[0], &other = c[1], &verdict = c[3], &note = c[4];
    const Relation got = testing::french().relate(deck, other, Reading::kNoun);
    if (verdict == "ok") {
      ++ok;
      EXPECT_NE(got, Relation::kUnrelated) << deck << " / " << other << " was reviewed as related";
    } else if (verdict == "wrong" && !note.starts_with("(open)")) {
      ++wrong_fixed;
      EXPECT_EQ(got, Relation::kUnrelated)
          << deck << " / " << other << " was reviewed as unrelated: " << note;
    }
  }
  EXPECT_GE(ok, 500);
  EXPECT_GE(wrong_fixed, 100);
}

}  // namespace
}  // namespace logomachie::lexicon

namespace logomachie::lexicon {
namespace {

// The reviewed family-candidate audit (tests/data/referee/audit-candidates.tsv,
// docs/lexicon.md "The family-candidate audit"): candidates judged one family
// (and family members judged right) stay related; look-alikes, doubts left out
// and blocked rule links stay unrelated. TrapWords secrets are read as nouns,
// Mot pour Mot answers and likely trap words as written alone. A verdict
// ending in -left was judged but not applied (the file's header).
TEST(LexiconAudit, ReviewedFamilyCandidatesKeepTheirVerdict) {
  int related = 0, unrelated = 0, left = 0;
  for (auto& c : logomachie::testing::read_tsv_rows(std::filesystem::path(LOGO_REFEREE_CORPUS) /
                                                    "audit-candidates.tsv")) {
    c.resize(8);
    const std::string &word = c[0], &candidate = c[1], &source = c[2], &verdict = c[6], &reason = c[7];
    const Reading reading = source == "trapwords" ? Reading::kNoun : Reading::kDominant;
    const Relation got = testing::french().relate(word, candidate, reading);
    if (verdict.ends_with("-left")) {
      ++left;  // judged, not applied: it would undo another verdict (see the file's header)
    } else if (verdict == "family" || verdict == "ok") {
      ++related;
      EXPECT_NE(got, Relation::kUnrelated)
          << word << " / " << candidate << " was judged one family: " << reason;
    } else {
      ++unrelated;
      EXPECT_EQ(got, Relation::kUnrelated)
          << word << " / " << candidate << " was judged unrelated: " << reason;
    }
  }
  EXPECT_GE(related, 250);
  EXPECT_GE(unrelated, 2000);
  EXPECT_LE(left, 400);  // verdicts the data could not honour stay few (312 of 10,840)
}

}  // namespace
}  // namespace logomachie::lexicon
