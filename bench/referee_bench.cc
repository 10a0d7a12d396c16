// TrapWords referee throughput: clues judged per second on one core, over
// every clue of the labelled corpus (tests/data/referee/clues-*.tsv), each
// judged against its own secret and traps. Prints a Markdown line.
//
//   build/release/bench/referee_bench [ROUNDS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/trapwords/referee.h"
#include "lexicon/lexicon.h"
#include "tests/support/tsv_table.h"

using namespace logomachie;

namespace {

struct Clue {
  std::string secret, text;
  std::vector<std::string> traps;
};

std::vector<Clue> read_clues(const std::filesystem::path& dir) {
  std::vector<Clue> out;
  for (const char* part : {"tuning", "heldout"}) {
    for (auto& cells : testing::read_tsv_rows(dir / (std::string("clues-") + part + ".tsv"))) {
      cells.resize(3);
      Clue c{cells[0], cells[2], {}};
      std::istringstream ts(cells[1]);
      for (std::string t; std::getline(ts, t, '|');) c.traps.push_back(t);
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
  const auto lex = lexicon::Lexicon::open(LOGO_LEXICON_FILE);
  const games::trapwords::Referee referee(lex);
  const auto clues = read_clues(LOGO_REFEREE_CORPUS);
  if (clues.empty()) {
    std::fprintf(stderr, "referee_bench: no clues under %s\n", LOGO_REFEREE_CORPUS);
    return 1;
  }
  std::size_t fired = 0;
  for (const auto& c : clues)
    fired += referee.judge_clue(c.secret, c.traps, c.text, {}).fired.size();  // warm-up
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < rounds; ++r) {
    for (const auto& c : clues) fired += referee.judge_clue(c.secret, c.traps, c.text, {}).fired.size();
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double n = static_cast<double>(clues.size()) * rounds;
  std::printf(
      "| TrapWords referee, %zu corpus clues × %d rounds, one thread | %.0f clues/s (%.1f µs/clue) | ≥ 5,000 "
      "clues/s |\n",
      clues.size(), rounds, n / s, 1e6 * s / n);
  return fired == 0 ? 1 : 0;
}
