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
//   lexicon-audit --candidates --lexicon fr.lex [--max-rank R] [--unranked] [--all]
//                 [--over-merge] [--reading R] [--cards CARDS.tsv…] WORDS.txt…
// --cards reads Mot pour Mot category cards (answers in the fifth column,
// '|'-separated; cards tagged propre or etranger are skipped), read as
// dominant. R bounds the candidate's frequency rank (Lexicon::frequency_rank;
// default 20000; --unranked adds the lemmas no frequency list has, printed with
// rank 999999). --all keeps related candidates too. Output, one row per pair,
// sorted by word then rank: WORD<TAB>CANDIDATE<TAB>RANK<TAB>HOW<TAB>RELATION,
// HOW being "stem" (CANDIDATE starts with the word's stem), "prefix:P" or
// "family" (an --over-merge row).
//
// Forms (--forms): the forms of a clue that fire likely trap words. Traps are
// the thesaurus neighbours of each listed word (a deck secret) and the
// --lemmas N most frequent noun, verb and adjective lemmas; forms are the
// --top N most frequent forms of the frequency list, whatever their kind
// (conjugated verbs, plurals, feminines, function words). Each trap is read as
// written alone on a list (Reading::kDominant), each form as a clue's word
// with no cue around it (kEvery), then as the sentence may read it (after a
// determiner, a pronoun, as a function word).
//   lexicon-audit --forms --lexicon fr.lex --frequent commonWords.json
//                 [--top N] [--lemmas N] [--all] WORDS.txt…
// Output, one row per related pair whose form is not spelt as the trap,
// sorted by trap: TRAP<TAB>SOURCE<TAB>FORM<TAB>FORM_RANK<TAB>RELATION<TAB>
// NOMINAL<TAB>VERB<TAB>FUNCTION<TAB>FLAGS<TAB>READINGS. SOURCE is
// "synonym:SECRET" or "frequent:RANK"; NOMINAL, VERB, FUNCTION the relation
// when the sentence reads the form as a noun or adjective, as a verb, as a
// function word; READINGS the form's attested readings (lemma/pos). FLAGS
// (comma-separated) name what a table may hear otherwise: "homograph" (the
// form has an attested reading whose lemma is not of the trap's family: bois
// for boire), "class" (the trap has a noun reading but the form relates
// through adjective or adverb readings only: fine for fin), "grammar" (the
// form has a function-word reading), "verb" (the form is a conjugated form
// or participle of a light verb, être, avoir, faire…, and relates to the trap
// as a derivative: vient for intervention), "nocommon"
// (none of the form's attested common readings is of the trap's family: the
// link goes through a symbol or a rare reading). Without --all
// only flagged rows are printed. A summary line (traps, forms, related and
// flagged pairs) goes to stderr.
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

// A lemma the frequency lists lack (with --unranked): printed with this rank.
constexpr uint32_t kUnranked = 999999;

int candidates(const Lexicon& lex, const std::vector<Listed>& words, uint32_t max_rank, bool all,
               bool over_merge, bool unranked) {
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
                        auto r = lex.frequency_rank(a.lemma);
                        if (!r && unranked) r = kUnranked;  // listed after every ranked lemma
                        if (!r || (*r > max_rank && *r != kUnranked)) continue;
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

// --forms: see the file comment.
std::string pos_label(const Analysis& a) {
  if (a.pos & kVerb) {
    if (a.moods & kInfinitive) return "V:inf";
    if (a.moods & kPastParticiple) return "V:ppas";
    if (a.moods & kPresentParticiple) return "V:ppre";
    return "V";
  }
  std::string out;
  if (a.pos & kNoun) out += "N";
  if (a.pos & kAdjective) out += "A";
  if (a.pos & kAdverb) out += "W";
  if (a.pos & kGrammatical) out += "G";
  if (a.pos & kNumber) out += "B";
  if (a.pos & kInterjection) out += "J";
  return out.empty() ? "?" : out;
}

// A lemma a table knows: in the subtitles list or high in the Wikipedia list
// (the lexicon's own "attested" test, approximated by its frequency rank).
bool attested(const Lexicon& lex, std::string_view lemma) {
  const auto r = lex.frequency_rank(lemma);
  return r && *r <= 48000;
}

int forms(const Lexicon& lex, const std::vector<std::string>& secrets, const std::string& frequent_path,
          std::size_t top, std::size_t top_lemmas, bool all) {
  // Traps: thesaurus neighbours of each secret, then the most frequent lemmas.
  std::map<std::string, std::string> traps;  // trap → source
  for (const auto& secret : secrets) {
    for (const auto& sense : lex.synonyms(secret)) {
      for (const auto w : sense.words) {
        const auto k = match_key(w);
        if (!k || !plain_letters(*k) || k->size() < 2 || !lex.contains(w)) continue;
        traps.emplace(std::string(w), "synonym:" + secret);
      }
    }
  }
  std::map<std::string, std::pair<uint32_t, std::string>> lemmas;  // key → rank, lemma
  lex.for_each_form([](std::string_view key) { return plain_letters(key); },
                    [&](std::string_view form) {
                      for (const auto& a : lex.analyses(form)) {
                        if (!a.common || !(a.pos & (kNoun | kAdjective | kVerb))) continue;
                        const auto k = match_key(a.lemma);
                        if (!k || !plain_letters(*k) || lemmas.count(*k)) continue;
                        if (const auto r = lex.frequency_rank(a.lemma))
                          lemmas.emplace(*k, std::pair{*r, std::string(a.lemma)});
                      }
                    });
  std::vector<std::pair<uint32_t, std::string>> by_rank;
  by_rank.reserve(lemmas.size());
  for (const auto& [k, v] : lemmas) by_rank.push_back(v);
  std::sort(by_rank.begin(), by_rank.end());
  for (std::size_t i = 0; i < by_rank.size() && i < top_lemmas; ++i)
    traps.emplace(by_rank[i].second, "frequent:" + std::to_string(by_rank[i].first));
  // Forms: the most frequent known forms.
  std::vector<std::pair<std::string, Lexicon::Prepared>> others;
  for (auto& w : read_json_strings(frequent_path)) {
    if (others.size() >= top) break;
    if (!lex.contains(w)) continue;
    if (auto p = lex.prepare(w)) others.emplace_back(std::move(w), std::move(*p));
  }
  static const std::set<std::string> kLightVerbs = {"être",  "avoir",   "faire",   "aller",  "dire",
                                                    "voir",  "pouvoir", "vouloir", "savoir", "devoir",
                                                    "venir", "prendre", "mettre",  "tenir",  "falloir"};
  std::size_t related = 0, flagged = 0;
  for (const auto& [trap, source] : traps) {
    const auto base = lex.prepare(trap);
    if (!base) continue;
    bool trap_noun = false, trap_infinitive = false;
    for (const auto& a : lex.analyses(trap)) {
      if (!a.common || match_key(a.form) != base->key) continue;
      trap_noun = trap_noun || a.pos == kNoun;
      trap_infinitive = trap_infinitive || (a.moods & kInfinitive);
    }
    const auto family = lex.family_of(trap);
    const std::set<std::string> members(family.begin(), family.end());
    for (std::size_t i = 0; i < others.size(); ++i) {
      const auto& [form, other] = others[i];
      if (other.key == base->key) continue;
      const Relation r = lex.relate(*base, other, Reading::kDominant);
      if (r == Relation::kUnrelated) continue;
      ++related;
      std::vector<std::string> flags;
      std::set<std::string> readings;
      bool homograph = false, grammar = false, pure_noun = false, adjective = false, light = false,
           common_member = false;
      for (const auto& a : lex.analyses(form)) {
        if (!a.common || !attested(lex, a.lemma)) continue;
        readings.insert(std::string(a.lemma) + "/" + pos_label(a));
        const bool in_family = members.count(std::string(a.lemma)) > 0;
        const bool compound = a.lemma.find_first_of(" -'") != std::string_view::npos;
        common_member = common_member || in_family || compound;
        if (!in_family && !compound) homograph = true;
        if (a.pos & kGrammatical) grammar = true;
        if (in_family && a.pos == kNoun) pure_noun = true;
        if (in_family && (a.pos & (kAdjective | kAdverb))) adjective = true;
        if (in_family && (a.pos & kVerb) && kLightVerbs.count(std::string(a.lemma)) &&
            r != Relation::kInflection)
          light = true;
      }
      if (homograph) flags.push_back("homograph");
      if (r == Relation::kInflection && trap_noun && !trap_infinitive && adjective && !pure_noun)
        flags.push_back("class");
      // Related through none of its common readings: a symbol or unit
      // reading ("as" and "es" both read as a unit of "s").
      if (!common_member) flags.push_back("nocommon");
      if (grammar) flags.push_back("grammar");
      if (light) flags.push_back("verb");
      if (!flags.empty()) ++flagged;
      if (flags.empty() && !all) continue;
      std::string joined_flags, joined_readings;
      for (const auto& f : flags) joined_flags += (joined_flags.empty() ? "" : ",") + f;
      for (const auto& x : readings) joined_readings += (joined_readings.empty() ? "" : " ") + x;
      std::cout << trap << "\t" << source << "\t" << form << "\t" << i + 1 << "\t" << to_string(r) << "\t"
                << to_string(lex.relate(*base, other, Reading::kDominant, Reading::kNominal)) << "\t"
                << to_string(lex.relate(*base, other, Reading::kDominant, Reading::kVerb)) << "\t"
                << to_string(lex.relate(*base, other, Reading::kDominant, Reading::kFunction)) << "\t"
                << (joined_flags.empty() ? "-" : joined_flags) << "\t" << joined_readings << "\n";
    }
  }
  std::cerr << traps.size() << " traps, " << others.size() << " forms, " << related << " related pairs, "
            << flagged << " flagged\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string lexicon_path, frequent_path;
  std::size_t top = 5000;
  Reading reading = Reading::kNoun;
  std::vector<std::string> word_files, card_files;
  std::size_t top_lemmas = 3000;
  bool forms_mode = false;
  bool candidate_mode = false, all = false, over_merge = false, unranked = false, reading_given = false;
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
    else if (a == "--forms")
      forms_mode = true;
    else if (a == "--lemmas")
      top_lemmas = std::stoul(value());
    else if (a == "--all")
      all = true;
    else if (a == "--over-merge")
      over_merge = true;
    else if (a == "--unranked")
      unranked = true;
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
  if (forms_mode) {
    if (lexicon_path.empty() || frequent_path.empty()) {
      die("usage: lexicon-audit --forms --lexicon FILE --frequent JSON [--top N] [--lemmas N] [--all] "
          "WORDS…");
    }
    const Lexicon lex = Lexicon::open(lexicon_path);
    std::vector<std::string> secrets;
    for (const auto& file : word_files) {
      std::ifstream in(file);
      if (!in) die("cannot read " + file);
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line[0] != '#') secrets.push_back(line);
      }
    }
    return forms(lex, secrets, frequent_path, top, top_lemmas, all);
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
    return candidates(lex, words, max_rank, all, over_merge, unranked);
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
