// Build-time derivational family index.
//
// No packaged resource gives French word families, so the compiler builds one
// (docs/lexicon.md explains the design and its measured quality):
//  1. derivation rules (data/lexicon/derivation-rules.tsv): suffix rules
//     "chanteur = chant + eur ← chanter" and prefix rules "refaire ← faire",
//     applied on match keys (so é/è/e alternations need no special case), each
//     linking a derived lemma to an existing base lemma of the right part of speech;
//  2. curated families (data/lexicon/families.txt) for learned stems and
//     alternations no rule can see (œil, oculaire; père, paternel);
//  3. a block list (data/lexicon/not-related.tsv) of look-alike pairs that must
//     never share a family, whatever chain of links would join them
//     (porter/port, verser/vers);
//  4. suppletive inflections (data/lexicon/suppletive.tsv): lemmas Grammalecte
//     files separately but that are inflections (yeux → œil), and spelling
//     variants it files as lemmas of their own (chaine, gout: the 1990 spellings).
// Links are merged with union-find; a family is a connected component. A link
// through a rare word (not in the frequency lists) may join a family but never
// bridges two families of attested words: chains of rare words were the main
// source of wrong merges (vent, venter, ventage, vente).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace logomachie::lexicon::compiler {

// The key derivation rules work on: lowercase, with é/è/ë folded to e (but a
// word-final é kept: piété is not piéter's stem + e), ç to
// c and ligatures expanded (the alternations of French derivation: créer/création,
// achever/achèvement, glace/glaçon), but other accents kept, because there they
// tell words apart (mur/mûr, sur/sûr, mat/mât, rêver/re+ver). Empty on invalid UTF-8.
std::string light_key(const std::string& word);

struct LemmaInfo {
  std::string text;  // the lemma as the dictionary writes it
  std::string key;   // light_key of the lemma
  uint32_t pos = 0;  // union of PosSet bits of its common analyses
  bool common = false;
  bool attested = false;  // the lemma itself is in the frequency lists (see build_families)
};

struct FamilyInputs {
  std::filesystem::path rules;                  // derivation-rules.tsv
  std::vector<std::filesystem::path> families;  // families.txt, families-decks.txt
  std::filesystem::path not_related;            // not-related.tsv
  std::filesystem::path suppletive;             // suppletive.tsv
  std::filesystem::path
      shortenings;  // shortenings.tsv (optional): clipped words, inflections of the long one
  // Nouns and adjectives spelt as a verb's past participle (relevé, pensée,
  // établi): (noun or adjective lemma, verb lemma). Proposed like rule links.
  std::vector<std::pair<uint32_t, uint32_t>> participles;
};

// One link that joined two lemmas, for review (`lexicon-compile --links`).
struct FamilyLink {
  uint32_t a = 0, b = 0;  // lemma indices (derived, base for rules)
  std::string why;        // "rule 12: suffix ation er", "curated", "suppletive"…
  std::string suffix;     // a suffix rule's derived ending (light key), else ""
};

struct FamilyResult {
  std::vector<uint32_t> family;     // per lemma: family id (a lemma index)
  std::vector<FamilyLink> links;    // every link that merged two families, in order
  std::vector<uint32_t> canonical;  // per lemma: lemma that its forms inflect (itself mostly)
  std::size_t rule_links = 0;
  std::size_t curated_links = 0;
  std::size_t variant_links = 0;  // spelling variants (chaine/chaîne) joined
  std::size_t blocked_links = 0;
};

// `by_key`: lemma indices by lemma light key. `feminine_by_key`: lemma
// indices by the light key of their other singular adjective forms (rules often
// build on the feminine, douceur ← douce ← doux, or on a participle used as an
// adjective, impoli ← poli ← polir).
FamilyResult build_families(const std::vector<LemmaInfo>& lemmas,
                            const std::unordered_map<std::string, std::vector<uint32_t>>& by_key,
                            const std::unordered_map<std::string, std::vector<uint32_t>>& feminine_by_key,
                            const FamilyInputs& inputs);

}  // namespace logomachie::lexicon::compiler
