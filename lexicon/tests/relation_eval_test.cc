// Measures Lexicon::relate on the labelled sets in tests/data/ and writes a
// report (per-class precision/recall, per-kind accuracy, every error) to
// <build>/relation-eval-<set>.md. docs/lexicon.md quotes these numbers.
//
// relations.tsv is the development set (rules were tuned while looking at it);
// relations-heldout.tsv was written separately and is not used for tuning.
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

namespace logomachie::lexicon {
namespace {

struct Row {
  std::string base, other, expected, kind;
};

std::vector<Row> read_rows(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    Row r;
    std::getline(ls, r.base, '\t');
    std::getline(ls, r.other, '\t');
    std::getline(ls, r.expected, '\t');
    std::getline(ls, r.kind, '\t');
    rows.push_back(r);
  }
  return rows;
}

struct Score {
  double accuracy_regular = 0;             // kind "regular" rows (productive morphology)
  double accuracy_regular_derivative = 0;  // derivative rows of kind "regular" (the target)
  double accuracy_all = 0;
  int false_derivative_lookalikes = 0;
  std::size_t rows = 0;
};

Score evaluate(const std::string& name, const std::filesystem::path& path) {
  const auto rows = read_rows(path);
  const std::array<std::string, 4> classes = {"inflection", "compound", "derivative", "unrelated"};
  std::map<std::string, std::map<std::string, int>> confusion;  // expected -> got -> n
  std::map<std::string, std::pair<int, int>> by_kind;           // kind -> (right, total)
  std::ostringstream errors;
  Score score;
  score.rows = rows.size();
  int right = 0;
  for (const Row& r : rows) {
    const std::string got(to_string(testing::french().relate(r.base, r.other)));
    ++confusion[r.expected][got];
    auto& k = by_kind[r.kind];
    auto& ek = by_kind[r.expected + "/" + r.kind];
    ++k.second;
    ++ek.second;
    if (got == r.expected) {
      ++k.first;
      ++ek.first;
      ++right;
    } else {
      errors << "| " << r.base << " | " << r.other << " | " << r.expected << " | " << got << " | " << r.kind
             << " |\n";
      if (r.kind == "lookalike" && got == "derivative") ++score.false_derivative_lookalikes;
    }
  }
  std::ostringstream report;
  report << std::fixed << std::setprecision(3);
  report << "# relate() on " << path.filename().string() << " (" << rows.size() << " pairs)\n\n";
  report << "| class | precision | recall | support |\n|---|---|---|---|\n";
  for (const auto& c : classes) {
    int tp = confusion[c][c], predicted = 0, support = 0;
    for (const auto& e : classes) predicted += confusion[e][c];
    for (const auto& g : classes) support += confusion[c][g];
    report << "| " << c << " | " << (predicted ? double(tp) / predicted : 0.0) << " | "
           << (support ? double(tp) / support : 0.0) << " | " << support << " |\n";
  }
  report << "\n| kind (or expected/kind) | accuracy | pairs |\n|---|---|---|\n";
  for (const auto& [kind, rt] : by_kind) {
    report << "| " << kind << " | " << double(rt.first) / rt.second << " | " << rt.second << " |\n";
  }
  score.accuracy_all = rows.empty() ? 0 : double(right) / rows.size();
  if (by_kind.count("regular"))
    score.accuracy_regular = double(by_kind["regular"].first) / by_kind["regular"].second;
  if (by_kind.count("derivative/regular")) {
    score.accuracy_regular_derivative =
        double(by_kind["derivative/regular"].first) / by_kind["derivative/regular"].second;
  }
  report << "\nOverall accuracy: " << score.accuracy_all
         << "; look-alikes judged derivative: " << score.false_derivative_lookalikes << "\n\n";
  report << "Errors:\n\n| base | other | expected | got | kind |\n|---|---|---|---|---|\n" << errors.str();
  const auto out = std::filesystem::path(LOGO_REPORT_DIR) / ("relation-eval-" + name + ".md");
  std::ofstream(out) << report.str();
  std::cout << report.str().substr(0, report.str().find("Errors:")) << "(full report: " << out.string()
            << ")\n";
  return score;
}

TEST(RelationEval, DevelopmentSet) {
  const Score s = evaluate("dev", LOGO_RELATIONS_TSV);
  ASSERT_GE(s.rows, 300u);
  EXPECT_GE(s.accuracy_regular, 0.95);
  EXPECT_GE(s.accuracy_regular_derivative, 0.90);
  EXPECT_LE(s.false_derivative_lookalikes, 0);
}

TEST(RelationEval, HeldOutSet) {
  const std::filesystem::path heldout =
      std::filesystem::path(LOGO_RELATIONS_TSV).parent_path() / "relations-heldout.tsv";
  const Score s = evaluate("heldout", heldout);
  ASSERT_GE(s.rows, 150u);
  // Looser bounds: this set measures generalisation; see docs/lexicon.md.
  EXPECT_GE(s.accuracy_regular, 0.80);
  EXPECT_LE(s.false_derivative_lookalikes, 2);
}

}  // namespace
}  // namespace logomachie::lexicon
