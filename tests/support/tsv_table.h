// Reads the labelled TSV tables of tests/data/ for the evaluation tests and
// benchmarks: blank lines and lines starting with '#' are skipped, the first
// remaining line is the header (skipped too), every other line is split on tabs.
// Header-only and dependency-free so that lexicon, games and bench can share it.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace logomachie::testing {

inline std::vector<std::vector<std::string>> read_tsv_rows(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> cells;
    std::istringstream ls(line);
    for (std::string cell; std::getline(ls, cell, '\t');) cells.push_back(cell);
    rows.push_back(std::move(cells));
  }
  return rows;
}

}  // namespace logomachie::testing
