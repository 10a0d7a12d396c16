#include "families.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <numeric>
#include <set>

#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"
#include "sources.h"

namespace logomachie::lexicon::compiler {
namespace {

// Union-find over lemmas with two guards against one wrong link merging two
// whole families: blocked pairs (a component carries the block-list tokens of
// its members; +id and -id may never meet), and attested words (a component
// knows whether it holds a word of the frequency lists).
class FamilyForest {
 public:
  enum Mode {
    kAlways,         // suppletive forms and shortenings: inflections, never refused
    kUnlessBlocked,  // curated lines and links between attested words
    kNoBridge,       // links through a rare word: also refused when both sides hold attested words
  };

  explicit FamilyForest(std::size_t n) : parent_(n), attested_(n, false), tokens_(n) {
    std::iota(parent_.begin(), parent_.end(), 0u);
  }
  void set_attested(uint32_t x, bool a) { attested_[x] = a; }
  void forbid(uint32_t x, int32_t token) { tokens_[find(x)].push_back(token); }

  uint32_t find(uint32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }

  bool blocked(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    for (const int32_t t : tokens_[a]) {
      if (std::find(tokens_[b].begin(), tokens_[b].end(), -t) != tokens_[b].end()) return true;
    }
    return false;
  }

  bool unite(uint32_t a, uint32_t b, Mode mode) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (mode != kAlways && blocked(a, b)) return false;
    if (mode == kNoBridge && attested_[a] && attested_[b]) return false;
    if (b < a) std::swap(a, b);
    parent_[b] = a;  // smallest index is the root: stable family ids
    attested_[a] = attested_[a] || attested_[b];
    tokens_[a].insert(tokens_[a].end(), tokens_[b].begin(), tokens_[b].end());
    tokens_[b].clear();
    return true;
  }

 private:
  std::vector<uint32_t> parent_;
  std::vector<bool> attested_;                // per root: holds an attested word
  std::vector<std::vector<int32_t>> tokens_;  // per root: block-list tokens of its members
};

uint32_t parse_pos(const std::string& letters, const std::string& where) {
  uint32_t pos = 0;
  for (const char c : letters) {
    switch (c) {
      case 'N':
        pos |= kNoun;
        break;
      case 'A':
        pos |= kAdjective;
        break;
      case 'V':
        pos |= kVerb;
        break;
      case 'W':
        pos |= kAdverb;
        break;
      case 'B':
        pos |= kNumber;
        break;
      case '*':
        pos |= kNoun | kAdjective | kVerb | kAdverb;
        break;
      default:
        fail(where + ": unknown part of speech letter '" + std::string(1, c) + "'");
    }
  }
  return pos;
}

struct SuffixRule {
  std::string derived_end;  // match key ending of the derived word
  std::string base_end;     // ending that replaces it to form the base
  uint32_t derived_pos;
  uint32_t base_pos;
  std::size_t min_stem;
  std::string name;  // "rule 12: suffix ation er", for --links
};

// allonger = al + long + er; embellir = em + bell(e) + ir.
struct CircumfixRule {
  std::string prefix;
  std::string suffix;
  std::string base_end;
  uint32_t derived_pos;
  uint32_t base_pos;
  std::size_t min_base;
  std::string name;
};

struct PrefixRule {
  std::string prefix;
  uint32_t derived_pos;
  uint32_t base_pos;
  std::size_t min_base;
  std::string name;
};

// Whether `text` (a lemma as written) has an é just before its last letters
// spelling `end` (a light key ending): aisément before "ment", not
// décolleté before "té".
bool e_acute_before(const std::string& text, const std::string& end) {
  std::size_t chars = 0;
  for (const unsigned char c : end) chars += (c & 0xC0) != 0x80;
  std::size_t i = text.size();
  while (chars > 0 && i > 0) {
    --i;
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) --chars;
  }
  return i >= 2 && (text.compare(i - 2, 2, "é") == 0 || text.compare(i - 2, 2, "É") == 0);
}

std::string key_of(const std::string& s, const std::string& where) {
  std::string k = light_key(s);
  if (k.empty()) fail(where + ": invalid UTF-8 or empty word");
  return k;
}

}  // namespace

std::string light_key(const std::string& word) {
  const auto folded = fold_case(word);
  if (!folded) return {};
  std::string out;
  out.reserve(folded->size());
  const std::string& f = *folded;
  for (std::size_t i = 0; i < f.size();) {
    // The accented letters replaced here are two bytes in UTF-8.
    const std::string_view two = std::string_view(f).substr(i, 2);
    if (std::string_view(f).substr(i, 3) == "’") {
      out += '\'';
      i += 3;
    }  // as in match keys
    else if (two == "é" && i + 2 == f.size()) {
      out += "é";
      i += 2;
    }  // final é is a suffix of its own
    else if (two == "é" || two == "è" || two == "ë") {
      out += 'e';
      i += 2;
    } else if (two == "ç") {
      out += 'c';
      i += 2;
    } else if (two == "œ") {
      out += "oe";
      i += 2;
    } else if (two == "æ") {
      out += "ae";
      i += 2;
    } else {
      out += f[i];
      ++i;
    }
  }
  return out;
}

FamilyResult build_families(const std::vector<LemmaInfo>& lemmas,
                            const std::unordered_map<std::string, std::vector<uint32_t>>& by_key,
                            const std::unordered_map<std::string, std::vector<uint32_t>>& feminine_by_key,
                            const FamilyInputs& inputs) {
  FamilyResult result;
  const auto n = static_cast<uint32_t>(lemmas.size());
  FamilyForest forest(n);
  for (uint32_t l = 0; l < n; ++l) forest.set_attested(l, lemmas[l].attested);

  auto lemmas_with_key = [&](const std::string& key) -> const std::vector<uint32_t>* {
    const auto it = by_key.find(key);
    return it == by_key.end() ? nullptr : &it->second;
  };
  // The lemmas a word of our data files names: those spelt exactly so (case
  // folded) when there are any, else every lemma with its light key, since
  // light keys fold é/è (récréation and recréation share one).
  auto lemmas_named = [&](const std::string& word, const std::string& where) {
    std::vector<uint32_t> out;
    const auto* all = lemmas_with_key(key_of(word, where));
    if (all == nullptr) return out;
    const auto folded = fold_case(word);
    for (const uint32_t l : *all) {
      if (folded && fold_case(lemmas[l].text) == folded) out.push_back(l);
    }
    if (out.empty()) out = *all;
    return out;
  };

  // Block list: look-alike pairs that must never end up in one family, by
  // whatever chain of links (porter/port must not meet through emporter).
  {
    int32_t id = 0;
    for (const auto& row : read_table(inputs.not_related, false)) {
      if (row.size() < 2) fail(inputs.not_related.string() + ": expected two words per line");
      ++id;
      for (int side = 0; side < 2; ++side) {
        for (const uint32_t l : lemmas_named(row[side], inputs.not_related.string())) {
          forest.forbid(l, side == 0 ? id : -id);
        }
      }
    }
  }

  // Suppletive inflections and everyday shortenings: canonical lemma.
  result.canonical.resize(n);
  std::iota(result.canonical.begin(), result.canonical.end(), 0u);
  auto read_canonical = [&](const std::filesystem::path& path, const char* why) {
    if (path.empty()) return;
    for (const auto& row : read_table(path, false)) {
      if (row.size() != 2) fail(path.string() + ": expected 'WORD CANONICAL'");
      const auto from = lemmas_named(row[0], path.string());
      const auto to = lemmas_named(row[1], path.string());
      if (from.empty() || to.empty()) {
        std::cerr << "[lexicon] warning: " << why << " pair not in dictionary: " << row[0] << " " << row[1]
                  << "\n";
        continue;
      }
      for (const uint32_t f : from) {
        if (f == to.front()) continue;
        result.canonical[f] = to.front();
        if (forest.unite(f, to.front(), FamilyForest::kAlways)) result.links.push_back({f, to.front(), why});
      }
    }
  };
  read_canonical(inputs.suppletive, "suppletive");
  read_canonical(inputs.shortenings, "shortening");

  // Spelling variants: Grammalecte files the 1990 spellings as lemmas of their
  // own (chaine beside chaîne, gout beside goût, piqure, enchainer,
  // évènement beside événement), so a player who types « des chaines » or
  // « gout » without the circumflex, as phone keyboards make easy, met a lemma
  // with no family and no link to the word: a missed trap. Common lemmas whose
  // spellings differ only by é/è/ë, ç, or a circumflex on i or u, and that
  // share a part of speech, are one word: same canonical lemma, same family.
  // The reform keeps the circumflex where it tells words apart (sûr/sur,
  // mûr/mur, dû/du, jeûne/jeune, crû/cru): those are never variants, nor
  // are the verbs that only the accent of their prefix tells apart
  // (repartir/répartir, reformer/réformer, recréer/récréer…).
  {
    const auto variant_key = [](const std::string& light) {
      std::string out;
      for (std::size_t i = 0; i < light.size();) {
        const std::string_view two = std::string_view(light).substr(i, 2);
        if (two == "î") {
          out += 'i';
          i += 2;
        } else if (two == "û") {
          out += 'u';
          i += 2;
        } else {
          out += light[i];
          ++i;
        }
      }
      return out;
    };
    static const std::set<std::string> kNeverVariants = {
        "sur",   "mur",  "du",       "jeune",    "cru",         "mure",    "sure",      "jeuner",  "crument",
        "recru", "soul", "repartir", "reformer", "reformation", "recreer", "reprouver", "secreter"};
    constexpr uint32_t kOpen = kNoun | kAdjective | kVerb | kAdverb;
    std::map<std::string, std::vector<uint32_t>> by_variant;
    for (uint32_t l = 0; l < n; ++l) {
      if (!lemmas[l].common || (lemmas[l].pos & kOpen) == 0 || lemmas[l].key.empty()) continue;
      by_variant[variant_key(lemmas[l].key)].push_back(l);
    }
    for (auto& [key, group] : by_variant) {
      if (group.size() < 2 || kNeverVariants.count(key) > 0) continue;
      // The canonical spelling: an attested one, then one with more accents
      // (the traditional spelling), then the first in text order.
      auto accents = [&](uint32_t l) {
        return std::count_if(lemmas[l].text.begin(), lemmas[l].text.end(),
                             [](char c) { return (c & 0x80) != 0; });
      };
      std::sort(group.begin(), group.end(), [&](uint32_t a, uint32_t b) {
        if (lemmas[a].attested != lemmas[b].attested) return lemmas[a].attested;
        if (accents(a) != accents(b)) return accents(a) > accents(b);
        return lemmas[a].text < lemmas[b].text;
      });
      const uint32_t t = group.front();
      for (std::size_t i = 1; i < group.size(); ++i) {
        const uint32_t v = group[i];
        if ((lemmas[t].pos & lemmas[v].pos & kOpen) == 0) continue;
        if (result.canonical[v] == v) result.canonical[v] = result.canonical[t];
        if (forest.unite(v, t, FamilyForest::kUnlessBlocked)) {
          ++result.variant_links;
          result.links.push_back({v, t, "spelling variant"});
        }
      }
    }
  }

  // Curated families first: they are reviewed, so rules join them rather than
  // the other way round. Every listed lemma joins the first one found.
  for (const auto& path : inputs.families) {
    for (const auto& row : read_table(path, false)) {
      std::vector<uint32_t> members;
      for (const auto& w : row) {
        // A word written with a capital is that name (families-places.txt:
        // « Chine » the country, proper noun as it is, not « chine » of
        // chiner); any other word, its common lemmas.
        const bool name = fold_case(w).value_or(w) != w;
        const std::size_t before = members.size();
        for (const uint32_t l : lemmas_named(w, path.string())) {
          if (name ? lemmas[l].text == w : lemmas[l].common) members.push_back(l);
        }
        if (name && members.size() == before) {
          std::cerr << "[lexicon] warning: " << path.filename().string() << ": no name spelt " << w << "\n";
        }
      }
      for (std::size_t i = 1; i < members.size(); ++i) {
        if (forest.unite(members[0], members[i], FamilyForest::kUnlessBlocked)) {
          ++result.curated_links;
          result.links.push_back({members[i], members[0], "curated " + path.filename().string()});
        } else if (forest.blocked(members[0], members[i])) {
          std::cerr << "[lexicon] warning: " << path.filename().string() << " joins a blocked pair ("
                    << row.front() << ")\n";
        }
      }
    }
  }

  // Derivation rules.
  std::vector<SuffixRule> suffixes;
  std::vector<PrefixRule> prefixes;
  std::vector<CircumfixRule> circumfixes;
  {
    std::size_t line = 0;
    for (const auto& row : read_table(inputs.rules, false)) {
      ++line;
      const std::string where = inputs.rules.string() + " rule " + std::to_string(line);
      std::string name = "rule " + std::to_string(line) + ":";
      for (const auto& cell : row) name += " " + cell;
      if (row[0] == "suffix" && (row.size() == 5 || row.size() == 6)) {
        suffixes.push_back({key_of(row[1], where), row[2] == "-" ? std::string() : key_of(row[2], where),
                            parse_pos(row[3], where), parse_pos(row[4], where),
                            row.size() == 6 ? std::stoul(row[5]) : 3, name});
      } else if (row[0] == "prefix" && (row.size() == 4 || row.size() == 5)) {
        prefixes.push_back({key_of(row[1], where), parse_pos(row[2], where), parse_pos(row[3], where),
                            row.size() == 5 ? std::stoul(row[4]) : 4, name});
      } else if (row[0] == "circumfix" && (row.size() == 6 || row.size() == 7)) {
        circumfixes.push_back({key_of(row[1], where), key_of(row[2], where),
                               row[3] == "-" ? std::string() : key_of(row[3], where),
                               parse_pos(row[4], where), parse_pos(row[5], where),
                               row.size() == 7 ? std::stoul(row[6]) : 3, name});
      } else {
        fail(where +
             ": expected 'suffix DERIVED BASE DPOS BPOS [MIN_STEM]' or 'prefix P DPOS BPOS [MIN_BASE]'");
      }
    }
  }

  // Every candidate link a rule proposes, in rule order.
  std::vector<FamilyLink> candidates;
  // Each returns how many links it proposed.
  auto propose = [&](uint32_t derived, const std::string& base_key, uint32_t base_pos, const std::string& why,
                     const std::string& suffix = {}) {
    std::vector<uint32_t> bases;
    if (const auto* ls = lemmas_with_key(base_key)) bases = *ls;
    if ((base_pos & kAdjective) != 0) {
      // blanchir ← blanche ← blanc, even though "blanche" is also a noun lemma.
      if (const auto it = feminine_by_key.find(base_key); it != feminine_by_key.end()) {
        bases.insert(bases.end(), it->second.begin(), it->second.end());
      }
    }
    std::size_t proposed = 0;
    for (const uint32_t b : bases) {
      if (b == derived || !lemmas[b].common || (lemmas[b].pos & base_pos) == 0) continue;
      candidates.push_back({derived, b, why, suffix});
      ++proposed;
    }
    return proposed;
  };
  for (uint32_t l = 0; l < n; ++l) {
    const LemmaInfo& info = lemmas[l];
    if (!info.common) continue;
    const std::string& k = info.key;
    if (k.find_first_of(" -'") != std::string::npos) continue;  // compounds: handled at run time
    for (const SuffixRule& r : suffixes) {
      if ((info.pos & r.derived_pos) == 0) continue;
      if (k.size() < r.derived_end.size() + r.min_stem || !k.ends_with(r.derived_end)) continue;
      const std::string stem = k.substr(0, k.size() - r.derived_end.size());
      if (propose(l, stem + r.base_end, r.base_pos, r.name, r.derived_end) > 0 || !r.base_end.empty())
        continue;
      if ((r.derived_pos & kVerb) != 0) continue;  // dégréer is gréer's, not degré + er
      // Only when the plain base is not a word (secrètement is secrète's,
      // never sécrété's): a base ending in é keeps it in its key (a final é
      // is a suffix of its own) while the derived word's key folds it, so
      // aisément, spontanément and forcément (forcé, the participle used as
      // an adjective) are found with the é put back.
      if (stem.ends_with('e') && e_acute_before(lemmas[l].text, r.derived_end)) {
        propose(l, stem.substr(0, stem.size() - 1) + "é", r.base_pos, r.name, r.derived_end);
      }
    }
    for (const PrefixRule& r : prefixes) {
      if ((info.pos & r.derived_pos) == 0) continue;
      if (k.size() < r.prefix.size() + r.min_base || !k.starts_with(r.prefix)) continue;
      propose(l, k.substr(r.prefix.size()), r.base_pos, r.name);
    }
    for (const CircumfixRule& r : circumfixes) {
      if ((info.pos & r.derived_pos) == 0) continue;
      if (k.size() < r.prefix.size() + r.suffix.size() + r.min_base || !k.starts_with(r.prefix) ||
          !k.ends_with(r.suffix)) {
        continue;
      }
      propose(l, k.substr(r.prefix.size(), k.size() - r.prefix.size() - r.suffix.size()) + r.base_end,
              r.base_pos, r.name);
    }
  }

  // A noun or adjective spelt as a past participle is of its verb's family
  // (relevé ← relever, pensée ← penser, établi ← établir); look-alikes
  // (été/être, marché/marcher, cité/citer) are in not-related.tsv.
  for (const auto& [noun, verb] : inputs.participles) candidates.push_back({noun, verb, "participle"});

  // Links between two attested words first; then links through rare words,
  // which may join a family but never bridge two families of attested words
  // (vent … contreventer, venter, ventage … vente).
  for (const int pass : {0, 1}) {
    for (const FamilyLink& c : candidates) {
      const bool both_attested = lemmas[c.a].attested && lemmas[c.b].attested;
      if (both_attested != (pass == 0)) continue;
      if (forest.blocked(c.a, c.b)) {
        ++result.blocked_links;
        continue;
      }
      if (forest.unite(c.a, c.b, pass == 0 ? FamilyForest::kUnlessBlocked : FamilyForest::kNoBridge)) {
        ++result.rule_links;
        result.links.push_back(c);
      }
    }
  }

  // Siblings through a rare base: two attested words that learned suffix
  // rules derive from the same rare lemma are one family (narrateur and
  // narration from narrer, exportateur and exportation from exporter), though
  // neither link alone may bridge. Only the suffixes of agents, actions and
  // doctrines: with the short ones (-e, -ant, -able, -age, -ade) half the
  // siblings were look-alikes (mouche and mouchoir from moucher, potable and
  // potage from poter).
  {
    static const std::set<std::string> kLearned = {"ateur", "atrice", "ation",  "tion",     "sion",   "ution",
                                                   "eur",   "euse",   "isseur", "issement", "issant", "ement",
                                                   "if",    "atif",   "ive",    "isme",     "iste",   "ique",
                                                   "oire",  "ment",   "emment", "ité",      "té"};
    std::map<uint32_t, std::vector<uint32_t>> by_base;  // rare base → attested derived words
    for (const FamilyLink& c : candidates) {
      if (lemmas[c.b].attested || !lemmas[c.a].attested || !kLearned.contains(c.suffix)) continue;
      if (forest.blocked(c.a, c.b)) continue;  // a block against the base holds for its siblings
      by_base[c.b].push_back(c.a);
    }
    for (const auto& [base, derived] : by_base) {
      for (std::size_t i = 1; i < derived.size(); ++i) {
        if (forest.blocked(derived[0], base) || forest.blocked(derived[i], base)) continue;
        if (forest.unite(derived[0], derived[i], FamilyForest::kUnlessBlocked)) {
          ++result.rule_links;
          result.links.push_back({derived[0], derived[i], "siblings of " + lemmas[base].text});
        }
      }
    }
  }

  result.family.resize(n);
  for (uint32_t l = 0; l < n; ++l) result.family[l] = forest.find(l);
  return result;
}

}  // namespace logomachie::lexicon::compiler
