// hunspell-check AFF DIC: the Hunspell baseline for `logomachie lexicon check`.
//
// Same contract as the real command: reads words on stdin, one per line, and
// writes `1` (a word) or `0` per line on stdout; exit status 0 (1 on an I/O
// error, 2 on bad usage or an unreadable dictionary). Lines are trimmed the way
// `lexicon check` trims them (a trailing CR, spaces and tabs at either end);
// an empty line is not a word. Output is buffered and written in large blocks,
// so that the timing measures the spell checker rather than the pipe.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>

#include <hunspell/hunspell.hxx>

namespace {

std::string_view trim_line(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) {
    line.remove_suffix(1);
  }
  return line;
}

bool flush(std::string& out) {
  if (out.empty()) return true;
  const bool ok = std::fwrite(out.data(), 1, out.size(), stdout) == out.size();
  out.clear();
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: hunspell-check AFF DIC < words > verdicts\n";
    return 2;
  }
  for (int i = 1; i <= 2; ++i) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(argv[i], ec)) {
      std::cerr << "hunspell-check: cannot read " << argv[i] << "\n";
      return 2;
    }
  }
  Hunspell speller(argv[1], argv[2]);

  std::ios::sync_with_stdio(false);
  std::string line;
  std::string word;
  std::string out;
  out.reserve(1 << 20);
  while (std::getline(std::cin, line)) {
    const std::string_view trimmed = trim_line(line);
    bool ok = false;
    if (!trimmed.empty()) {
      word.assign(trimmed);
      ok = speller.spell(word);
    }
    out += ok ? "1\n" : "0\n";
    if (out.size() >= (1 << 20) && !flush(out)) return 1;
  }
  if (std::cin.bad()) {
    std::cerr << "hunspell-check: read error\n";
    return 1;
  }
  if (!flush(out) || std::fflush(stdout) != 0) return 1;
  return 0;
}
