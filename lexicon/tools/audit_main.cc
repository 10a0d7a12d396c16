// lexicon-audit: every pair (listed word × frequent word) that relate() links,
// for review (docs/lexicon.md, "Reviewing the families").
//
// Usage: lexicon-audit --lexicon fr.lex --frequent commonWords.json --top N
//                      [--reading noun|dominant|every] WORDS.txt…
// WORDS files hold one word per line ('#' comments allowed). The first N words
// of the frequency list (a JSON array of strings, most frequent first) are
// compared with each listed word, the listed word read as --reading (default
// noun: the decks hold nouns). Output, sorted: WORD<TAB>OTHER<TAB>RELATION for
// every related pair except a word against itself.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

using namespace logomachie::lexicon;

namespace {

[[noreturn]] void die(const std::string& m) {
  std::cerr << "lexicon-audit: " << m << "\n";
  std::exit(2);
}

// The strings of a flat JSON array, in order (the zxcvbn lists are plain).
std::vector<std::string> read_json_strings(const std::string& path) {
  std::ifstream in(path);
  if (!in) die("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '"') continue;
    std::string s;
    for (++i; i < text.size() && text[i] != '"'; ++i) {
      if (text[i] == '\\' && i + 1 < text.size()) ++i;
      s += text[i];
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string lexicon_path, frequent_path;
  std::size_t top = 5000;
  Reading reading = Reading::kNoun;
  std::vector<std::string> word_files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die(a + " needs a value");
      return argv[++i];
    };
    if (a == "--lexicon") lexicon_path = value();
    else if (a == "--frequent") frequent_path = value();
    else if (a == "--top") top = std::stoul(value());
    else if (a == "--reading") {
      const auto r = value();
      reading = r == "every" ? Reading::kEvery : r == "dominant" ? Reading::kDominant : Reading::kNoun;
    } else word_files.push_back(a);
  }
  if (lexicon_path.empty() || frequent_path.empty() || word_files.empty()) {
    die("usage: lexicon-audit --lexicon FILE --frequent JSON [--top N] [--reading R] WORDS…");
  }
  const Lexicon lex = Lexicon::open(lexicon_path);
  std::vector<std::string> frequent;
  for (auto& w : read_json_strings(frequent_path)) {
    if (frequent.size() >= top) break;
    if (lex.contains(w)) frequent.push_back(std::move(w));
  }
  std::vector<Lexicon::Prepared> others;
  for (const auto& w : frequent) {
    if (auto p = lex.prepare(w)) others.push_back(std::move(*p));
  }
  std::set<std::string> rows;
  for (const auto& file : word_files) {
    std::ifstream in(file);
    if (!in) die("cannot read " + file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const auto base = lex.prepare(line);
      if (!base) continue;
      for (std::size_t i = 0; i < others.size(); ++i) {
        if (others[i].key == base->key) continue;
        const Relation r = lex.relate(*base, others[i], reading);
        if (r != Relation::kUnrelated) rows.insert(line + "\t" + frequent[i] + "\t" + std::string(to_string(r)));
      }
    }
  }
  for (const auto& r : rows) std::cout << r << "\n";
  return 0;
}
