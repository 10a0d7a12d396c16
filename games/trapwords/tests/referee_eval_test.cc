// Measures the TrapWords referee on the labelled clues and guesses of the
// referee corpus (tests/data/referee/{clues,guesses}-{tuning,heldout}.tsv,
// written by French speakers before any run; docs/lexicon.md) and writes a
// report with every error to <build>/referee-{clues,guesses}-<part>.md.
//
// Clues: `expected` is pass, trap:A|B (the traps that fire), secret (the
// secret word or its family, no trap) or invalid (a proper noun or a
// pictogram, no trap). Scores: wrong fires (a trap fired on a clue that
// should fire none, over those clues), missed fires (an expected trap that
// did not fire, over the clues that should fire one), and the whole verdict.
// Guesses: correct or wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/core/tests/test_support.h"
#include "games/trapwords/referee.h"
#include "tests/support/tsv_table.h"

namespace logomachie::games::trapwords {
namespace {

using logomachie::testing::read_tsv_rows;

std::vector<std::string> split_bar(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= s.size()) {
    const std::size_t j = std::min(s.find('|', i), s.size());
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

const Referee& referee() {
  static const Referee r(testing::lexicon());
  return r;
}

struct ClueScore {
  std::size_t rows = 0, should_pass = 0, wrong_fires = 0, should_fire = 0, missed = 0, verdicts_right = 0;
  std::size_t traps_refused = 0;  // traps the game's sheet would have refused
  double wrong_fire_rate() const { return should_pass ? double(wrong_fires) / should_pass : 0; }
  double missed_rate() const { return should_fire ? double(missed) / should_fire : 0; }
  double agreement() const { return rows ? double(verdicts_right) / rows : 0; }
};

ClueScore evaluate_clues(const std::string& part) {
  const auto rows = read_tsv_rows(std::filesystem::path(LOGO_REFEREE_CORPUS) / ("clues-" + part + ".tsv"));
  ClueScore s;
  std::map<std::string, std::array<int, 2>> by_category;  // right, total
  std::ostringstream errors;
  for (const auto& r : rows) {
    if (r.size() < 5) continue;
    ++s.rows;
    const auto& [secret, traps_cell, text, expected, category] = std::tie(r[0], r[1], r[2], r[3], r[4]);
    // The game's trap sheet refuses some traps (pronoun-like words, words of
    // every sentence, the secret's own family: rules 8 and 9 of the README):
    // the referee never meets them, so they are left out here too.
    std::vector<std::string> traps;
    for (auto& t : split_bar(traps_cell)) {
      const bool refused =
          referee().refuse_trap(t).has_value() ||
          testing::lexicon().relate(secret, t, lexicon::Reading::kNoun) != lexicon::Relation::kUnrelated;
      if (refused) {
        ++s.traps_refused;
      } else {
        traps.push_back(std::move(t));
      }
    }
    const auto v = referee().judge_clue(secret, traps, text, {});
    std::set<std::string> fired, want;
    for (const auto& f : v.fired) fired.insert(f.trap);
    if (expected.starts_with("trap:")) {
      for (auto& t : split_bar(std::string_view(expected).substr(5))) {
        if (std::find(traps.begin(), traps.end(), t) != traps.end()) want.insert(std::move(t));
      }
    }
    bool secret_violation = false, invalid_violation = false;
    for (const auto& x : v.violations) {
      secret_violation = secret_violation || x.rule == "secret-family";
      invalid_violation = invalid_violation || x.rule == "proper-noun" || x.rule == "pictogram";
    }
    bool right = fired == want;
    if (want.empty()) {
      ++s.should_pass;
      if (!fired.empty()) ++s.wrong_fires;
      if (expected == "pass") right = right && !secret_violation && !invalid_violation;
      if (expected == "secret") right = right && secret_violation;
      if (expected == "invalid") right = right && invalid_violation;
    } else {
      ++s.should_fire;
      if (!std::includes(fired.begin(), fired.end(), want.begin(), want.end())) ++s.missed;
    }
    s.verdicts_right += right;
    auto& c = by_category[category];
    c[0] += right;
    c[1] += 1;
    if (!right) {
      std::string got;
      for (const auto& f : v.fired) got += (got.empty() ? "trap:" : "|") + f.trap + "(" + f.word + ")";
      for (const auto& x : v.violations) got += (got.empty() ? "" : " ") + x.rule + "(" + x.word + ")";
      errors << "| " << secret << " | " << traps_cell << " | " << text << " | " << expected << " | "
             << (got.empty() ? "pass" : got) << " | " << category << " |\n";
    }
  }
  std::ostringstream report;
  report << std::fixed << std::setprecision(3);
  report << "# TrapWords referee on clues-" << part << ".tsv (" << s.rows << " clues)\n\n";
  report << "| category | verdict right | clues |\n|---|---|---|\n";
  for (const auto& [cat, c] : by_category)
    report << "| " << cat << " | " << double(c[0]) / c[1] << " | " << c[1] << " |\n";
  report << "\nWrong fires: " << s.wrong_fires << " of " << s.should_pass
         << " clues that should fire no trap (" << s.wrong_fire_rate() << "); missed fires: " << s.missed
         << " of " << s.should_fire << " (" << s.missed_rate() << "); whole verdict right: " << s.agreement()
         << "; traps left out as the game's sheet refuses them: " << s.traps_refused << "\n\n";
  report << "Errors:\n\n| secret | traps | clue | expected | got | category |\n|---|---|---|---|---|---|\n"
         << errors.str();
  const auto out = std::filesystem::path(LOGO_REPORT_DIR) / ("referee-clues-" + part + ".md");
  std::ofstream(out) << report.str();
  std::cout << report.str().substr(0, report.str().find("Errors:")) << "(full report: " << out.string()
            << ")\n";
  return s;
}

double evaluate_guesses(const std::string& part, std::size_t& count) {
  const auto rows = read_tsv_rows(std::filesystem::path(LOGO_REFEREE_CORPUS) / ("guesses-" + part + ".tsv"));
  std::map<std::string, std::array<int, 2>> by_category;
  std::ostringstream errors;
  int right_total = 0;
  count = 0;
  for (const auto& r : rows) {
    if (r.size() < 4) continue;
    ++count;
    const bool want = r[2] == "correct";
    const bool got = referee().judge_guess(r[0], r[1], {}, {}).correct;
    right_total += got == want;
    auto& c = by_category[r[3]];
    c[0] += got == want;
    c[1] += 1;
    if (got != want) errors << "| " << r[0] << " | " << r[1] << " | " << r[2] << " | " << r[3] << " |\n";
  }
  const double accuracy = count ? double(right_total) / count : 0;
  std::ostringstream report;
  report << std::fixed << std::setprecision(3);
  report << "# TrapWords guesses on guesses-" << part << ".tsv (" << count << " guesses)\n\n";
  report << "| category | right | guesses |\n|---|---|---|\n";
  for (const auto& [cat, c] : by_category)
    report << "| " << cat << " | " << double(c[0]) / c[1] << " | " << c[1] << " |\n";
  report << "\nGuesses judged right: " << accuracy << "\n\n";
  report << "Errors:\n\n| secret | guess | expected | category |\n|---|---|---|---|\n" << errors.str();
  const auto out = std::filesystem::path(LOGO_REPORT_DIR) / ("referee-guesses-" + part + ".md");
  std::ofstream(out) << report.str();
  std::cout << report.str().substr(0, report.str().find("Errors:")) << "(full report: " << out.string()
            << ")\n";
  return accuracy;
}

TEST(RefereeEval, TuningPart) {
  // Measured, not gated: rules and lists are tuned on this part.
  const auto clues = evaluate_clues("tuning");
  EXPECT_GE(clues.rows, 500u);
  EXPECT_GE(clues.agreement(), 0.85);  // a loose floor against breakage only
  std::size_t guesses = 0;
  evaluate_guesses("tuning", guesses);
  EXPECT_GE(guesses, 150u);
}

// Measured, not gated: the tuning-only clue files written later, each
// around tuning-side secrets no older clue file uses, before any run on it
// (docs/lexicon.md, « The labelled corpus »): tuning-extra by a helper that
// had read our docs (2026-11-26); tuning-extra2 (look-alikes and other
// readings first), -extra3 (slips into a trap's family first) and -extra4
// (numbers, separators, accents, learned stems, readings, shortenings) by
// helpers that read only the rulebook and a brief (2026-11-27), and
// -extra5 the same way after round 6 (its first run measured round 6 on
// new clues). Tuning
// only: they have no held-out counterpart. The floors are loose, against
// breakage only.
TEST(RefereeEval, TuningExtraParts) {
  struct Part {
    const char* name;
    std::size_t min_rows;
    double min_agreement;
  };
  for (const Part& part :
       {Part{"tuning-extra", 300, 0.80}, Part{"tuning-extra2", 500, 0.75}, Part{"tuning-extra3", 500, 0.75},
        Part{"tuning-extra4", 250, 0.75}, Part{"tuning-extra5", 250, 0.75}}) {
    SCOPED_TRACE(part.name);
    const auto clues = evaluate_clues(part.name);
    EXPECT_GE(clues.rows, part.min_rows);
    EXPECT_GE(clues.agreement(), part.min_agreement);
  }
}

TEST(RefereeEval, HeldOutPart) {
  // Floors just under the measured values (docs/lexicon.md): a regression
  // fails CI; the targets of the issue are recorded beside them.
  // Measured after the family-candidate audit: wrong fires 0.024 (5 of 205),
  // missed fires 0.072 (11 of 153; 0.085 before), whole verdict 0.930,
  // guesses 0.984; unchanged after the noun-group reading and the senses
  // (2026-11-26), which moved the tuning part only, and after round 4
  // (2026-11-27: 5 of 206, 11 of 152, the same). Targets: wrong fires
  // ≤ 0.01, missed ≤ 0.05, guesses ≥ 0.98 (docs/lexicon.md).
  const auto clues = evaluate_clues("heldout");
  ASSERT_GE(clues.rows, 250u);
  EXPECT_LE(clues.wrong_fire_rate(), 0.03);
  EXPECT_LE(clues.missed_rate(), 0.08);
  EXPECT_GE(clues.agreement(), 0.92);
  std::size_t guesses = 0;
  const double g = evaluate_guesses("heldout", guesses);
  ASSERT_GE(guesses, 80u);
  EXPECT_GE(g, 0.975);
}

}  // namespace
}  // namespace logomachie::games::trapwords

namespace logomachie::games::trapwords {
namespace {

// The form audit (tests/data/referee/audit-forms.tsv, docs/lexicon.md "The
// form audit"): the wrong fires it fixed stay fixed on their clue, and the
// right pairs with a clue keep firing.
TEST(TrapWordsReferee, FormAuditVerdictsHold) {
  std::size_t fixed = 0, right = 0;
  for (auto& c : read_tsv_rows(std::filesystem::path(LOGO_REFEREE_CORPUS) / "audit-forms.tsv")) {
    c.resize(10);
    const std::string &trap = c[0], &form = c[2], &verdict = c[5], &text = c[6], &now = c[8];
    if (text == "-") continue;
    const std::vector<std::string> traps{trap};
    const auto v = referee().judge_clue("nuage", traps, text, {});
    if (verdict == "wrong" && now == "pass") {
      ++fixed;
      EXPECT_TRUE(v.fired.empty()) << trap << " / " << form << ": « " << text << " » was judged a wrong fire";
    } else if (verdict == "right") {
      ++right;
      EXPECT_FALSE(v.fired.empty()) << trap << " / " << form << ": « " << text << " » should fire";
    }
  }
  EXPECT_GE(fixed, 1000u);
  EXPECT_GE(right, 150u);
}

}  // namespace
}  // namespace logomachie::games::trapwords
