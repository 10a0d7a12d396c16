// lexicon-audit: review lists for the family index (docs/lexicon.md,
// "Reviewing the families").
//
// Related pairs (default mode): every pair (listed word × frequent word) that
// relate() links.
//   lexicon-audit --lexicon fr.lex --frequent commonWords.json --top N
//                 [--reading noun|dominant|every] WORDS.txt…
// WORDS files hold one word per line ('#' comments allowed). The first N words
// of the frequency list (a JSON array of strings, most frequent first) are
// compared with each listed word, the listed word read as --reading (default
// noun: the decks hold nouns). Output, sorted: WORD<TAB>OTHER<TAB>RELATION for
// every related pair except a word against itself.
//
// Family candidates (--candidates): for each listed word, the frequent
// dictionary lemmas that look like members of its family (same stem, or a
// prefix such as re-, dé-, en- before it) and that relate() does NOT relate
// today; with --over-merge, also the members of its family that do not share
// its first four letters, for a look at what the rules merged.
//   lexicon-audit --candidates --lexicon fr.lex [--max-rank R] [--all]
//                 [--over-merge] [--reading R] [--cards CARDS.tsv…] WORDS.txt…
// --cards reads Mot pour Mot category cards (answers in the fifth column,
// '|'-separated; cards tagged propre or etranger are skipped), read as
// dominant. R bounds the candidate's frequency rank (Lexicon::frequency_rank;
// default 20000). --all keeps related candidates too. Output, one row per pair,
// sorted by word then rank: WORD<TAB>CANDIDATE<TAB>RANK<TAB>HOW<TAB>RELATION,
// HOW being "stem" (CANDIDATE starts with the word's stem), "prefix:P" or
// "family" (an --over-merge row).
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
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

// The word's stem for candidate search, on its match key: an infinitive loses
// -er/-ir/-re, then any word loses its final vowels ("fourchette" → fourchett,
// "bateau" → bat, "chanter" → chant); a stem shorter than three letters is
// replaced by the whole key ("mue", "fil").
std::string stem_of(const Lexicon& lex, const std::string& key) {
  std::string s = key;
  bool infinitive = false;
  for (const auto& a : lex.analyses(key)) {
    if (a.common && (a.moods & kInfinitive) && match_key(a.form) == key) infinitive = true;
  }
  if (infinitive && s.size() > 4 && (s.ends_with("er") || s.ends_with("ir") || s.ends_with("re")))
    s.resize(s.size() - 2);
  while (s.size() > 3 && std::string_view("aeiouy").find(s.back()) != std::string_view::npos) s.pop_back();
  if (s.size() < 3) s = key;
  return s;
}

bool plain_letters(std::string_view key) {
  return std::all_of(key.begin(), key.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

struct Listed {
  std::string word;
  Reading reading;
};

// The answers of Mot pour Mot category cards (data/motpourmot/categories.tsv).
void read_cards(const std::string& path, std::vector<Listed>& out) {
  std::ifstream in(path);
  if (!in) die("cannot read " + path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 5) continue;
    if (cols[2].find("propre") != std::string::npos || cols[2].find("etranger") != std::string::npos)
      continue;
    std::stringstream answers(cols[4]);
    for (std::string w; std::getline(answers, w, '|');) {
      if (!w.empty()) out.push_back({w, Reading::kDominant});
    }
  }
}

int candidates(const Lexicon& lex, const std::vector<Listed>& words, uint32_t max_rank, bool all,
               bool over_merge) {
  // Every frequent common lemma of an open class, one word of plain letters.
  struct Lemma {
    std::string key, text;
    uint32_t rank;
  };
  std::map<std::string, Lemma> by_key;
  lex.for_each_form([](std::string_view key) { return plain_letters(key); },
                    [&](std::string_view form) {
                      for (const auto& a : lex.analyses(form)) {
                        if (!a.common || !(a.pos & (kNoun | kAdjective | kVerb | kAdverb))) continue;
                        const auto k = match_key(a.lemma);
                        if (!k || !plain_letters(*k) || by_key.count(*k)) continue;
                        const auto r = lex.frequency_rank(a.lemma);
                        if (!r || *r > max_rank) continue;
                        by_key.emplace(*k, Lemma{*k, std::string(a.lemma), *r});
                      }
                    });
  std::vector<const Lemma*> sorted;
  sorted.reserve(by_key.size());
  for (const auto& [k, l] : by_key) sorted.push_back(&l);  // key order
  auto with_prefix = [&](const std::string& p, auto&& visit) {
    auto it = std::lower_bound(sorted.begin(), sorted.end(), p,
                               [](const Lemma* l, const std::string& k) { return l->key < k; });
    for (; it != sorted.end() && (*it)->key.starts_with(p); ++it) visit(**it);
  };
  static const char* const kPrefixes[] = {"re",  "r",    "de",     "des",   "dis", "en", "em", "a",
                                          "ac",  "ap",   "at",     "af",    "ar",  "in", "im", "ir",
                                          "sur", "sous", "contre", "entre", "pre", "mes"};
  struct Row {
    std::string word, candidate;
    uint32_t rank;
    std::string how, relation;
  };
  std::vector<Row> rows;
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& w : words) {
    const auto base = lex.prepare(w.word);
    if (!base || !plain_letters(base->key) || base->key.size() < 3) continue;
    const std::string stem = stem_of(lex, base->key);
    auto consider = [&](const Lemma& l, const std::string& how) {
      if (l.key == base->key || !seen.emplace(w.word, l.key).second) return;
      const auto other = lex.prepare(l.text);
      if (!other) return;
      const Relation r = lex.relate(*base, *other, w.reading);
      if (r != Relation::kUnrelated && !all && how != "family") return;
      if (r == Relation::kUnrelated && how == "family") return;
      rows.push_back({w.word, l.text, l.rank, how, std::string(to_string(r))});
    };
    with_prefix(stem, [&](const Lemma& l) { consider(l, "stem"); });
    if (stem.size() >= 4) {
      for (const char* p : kPrefixes)
        with_prefix(p + stem, [&](const Lemma& l) { consider(l, std::string("prefix:") + p); });
    }
    if (over_merge) {
      for (const auto member : lex.family_of(w.word)) {
        const auto k = match_key(member);
        if (!k || k->substr(0, 4) == base->key.substr(0, 4)) continue;
        const auto it = by_key.find(*k);
        if (it != by_key.end()) consider(it->second, "family");
      }
    }
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return std::tie(a.word, a.rank, a.candidate) < std::tie(b.word, b.rank, b.candidate);
  });
  for (const auto& r : rows) {
    std::cout << r.word << "\t" << r.candidate << "\t" << r.rank << "\t" << r.how << "\t" << r.relation
              << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string lexicon_path, frequent_path;
  std::size_t top = 5000;
  Reading reading = Reading::kNoun;
  std::vector<std::string> word_files, card_files;
  bool candidate_mode = false, all = false, over_merge = false, reading_given = false;
  uint32_t max_rank = 20000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die(a + " needs a value");
      return argv[++i];
    };
    if (a == "--lexicon")
      lexicon_path = value();
    else if (a == "--frequent")
      frequent_path = value();
    else if (a == "--top")
      top = std::stoul(value());
    else if (a == "--candidates")
      candidate_mode = true;
    else if (a == "--all")
      all = true;
    else if (a == "--over-merge")
      over_merge = true;
    else if (a == "--max-rank")
      max_rank = static_cast<uint32_t>(std::stoul(value()));
    else if (a == "--cards")
      card_files.push_back(value());
    else if (a == "--reading") {
      reading_given = true;
      const auto r = value();
      reading = r == "every" ? Reading::kEvery : r == "dominant" ? Reading::kDominant : Reading::kNoun;
    } else
      word_files.push_back(a);
  }
  if (candidate_mode) {
    if (lexicon_path.empty() || (word_files.empty() && card_files.empty())) {
      die("usage: lexicon-audit --candidates --lexicon FILE [--max-rank R] [--all] [--over-merge] [--reading "
          "R] "
          "[--cards CARDS.tsv…] WORDS…");
    }
    const Lexicon lex = Lexicon::open(lexicon_path);
    std::vector<Listed> words;
    for (const auto& file : word_files) {
      std::ifstream in(file);
      if (!in) die("cannot read " + file);
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line[0] != '#')
          words.push_back({line, reading_given ? reading : Reading::kNoun});
      }
    }
    for (const auto& file : card_files) read_cards(file, words);
    return candidates(lex, words, max_rank, all, over_merge);
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
        if (r != Relation::kUnrelated)
          rows.insert(line + "\t" + frequent[i] + "\t" + std::string(to_string(r)));
      }
    }
  }
  for (const auto& r : rows) std::cout << r << "\n";
  return 0;
}
