// Binary layout of the compiled lexicon file (fr.lex).
//
// Internal to the lexicon library and its compiler; games never see it.
// The file is a header followed by sections of plain little-endian structs,
// each 8-byte aligned, all referenced by offset so that the file can be
// memory-mapped and used in place with no parsing at load time.
//
// The structs are packed tight on purpose: the whole file must stay under the
// 48 MB resident-memory budget (docs/benchmarks.md).
// Invariants the compiler guarantees and the loader checks cheaply:
//  - every section lies inside the file and is aligned for its element type;
//  - strings are UTF-8, NFC; `key` strings are match keys (see normalize.h);
//  - groups are sorted by key bytes (so prefix search is a binary search);
//  - forms are stored contiguously per group, analyses contiguously per form;
//  - the hash table size is a power of two and holds every group once.
// Bump kFormatVersion whenever a struct or the meaning of a field changes.
#pragma once

#include <cstdint>

namespace logomachie::lexicon::format {

inline constexpr char kMagic[8] = {'L', 'O', 'G', 'O', 'L', 'E', 'X', '\0'};
inline constexpr uint32_t kFormatVersion = 8;

struct StrRef {
  uint32_t offset;  // into the strings section
  uint32_t length;  // bytes
};

enum Section : uint32_t {
  kStrings,     // char[]
  kGroups,      // Group[]  (one per distinct match key), sorted by key
  kHash,        // uint32_t[] open addressing, see make_slot() in hash.h
  kForms,       // Form[]
  kAnalyses,    // Analysis[]
  kLemmas,      // Lemma[] sorted by text bytes
  kLemmaForms,  // uint32_t[] form indices, per lemma
  kLemmaParts,  // uint32_t[] lemma indices (parts of solid compounds)
  kTags,        // Tag[]
  kSynEntries,  // SynEntry[] thesaurus headwords, sorted by key
  kSynSenses,   // SynSense[]
  kSynWords,    // StrRef[] the synonyms themselves
  kSynReverse,  // SynReverse[] (key of a listed word, entry), sorted by key
  // Our own association lists (data/lexicon/associations.tsv), kept apart
  // from the thesaurus: they are evocations, not synonyms, and relate()
  // never reads them.
  kAssocEntries,  // AssocEntry[] headwords, sorted by key
  kAssocWords,    // StrRef[] the associated words, closest first per entry
  kAssocReverse,  // SynReverse[] (key of a listed word, AssocEntry that lists it), sorted by key
  kSectionCount
};

struct SectionRef {
  uint64_t offset;
  uint64_t size;  // bytes
};

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t section_count;
  uint64_t file_size;
  uint64_t source_digest;  // digest of all inputs, for "rebuild only when inputs change"
  SectionRef sections[kSectionCount];
};

enum GroupFlags : uint32_t {
  kGroupHasCommon = 1u << 0,  // at least one form is a common word (docs/lexicon.md)
  kGroupHasProper = 1u << 1,  // at least one form is a proper noun
};

struct Group {
  StrRef key;
  uint32_t forms_begin;
  uint16_t forms_count;
  uint16_t flags;      // GroupFlags
  uint32_t freq_rank;  // 1 = most frequent (OpenSubtitles list); 0 = unranked
};
static_assert(sizeof(Group) == 20);

enum FormFlags : uint32_t {
  kFormCommon = 1u << 0,
  kFormProper = 1u << 1,
  kLemmaAttested = 1u << 2,      // Lemma::flags only: the headword is in the frequency lists
  kLemmaModifierHead = 1u << 3,  // Lemma::flags only: a solid compound whose head modifies the rest
                                 // (mal+aise, bon+jour): the head said alone is not heard in it
};

struct Form {
  StrRef text;  // display form, as the dictionary writes it
  uint32_t analyses_begin;
  uint16_t analyses_count;
  uint16_t flags;  // FormFlags
};
static_assert(sizeof(Form) == 16);

struct Analysis {
  uint32_t lemma;  // index into Lemmas
  uint32_t tag;    // index into Tags
};

struct Lemma {
  StrRef text;
  uint32_t family;       // same value = same derivational family
  uint32_t canonical;    // lemma index that inflections are filed under (œil for yeux)
  uint32_t forms_begin;  // into LemmaForms
  uint32_t forms_count;
  uint32_t parts_begin;  // into LemmaParts (solid compounds: portefeuille -> porte, feuille)
  uint32_t parts_count;
  uint32_t freq_rank;  // best rank among its forms; 0 = unranked
  uint32_t flags;      // FormFlags of the lemma itself (common/proper), kLemmaAttested
};

struct Tag {
  StrRef raw;          // Grammalecte tag, e.g. ":V1_it_q__a:Ip:Sp:2s"
  uint32_t pos;        // PosSet bits (lexicon.h)
  uint16_t moods;      // MoodSet bits
  uint8_t persons;     // PersonSet bits
  uint8_t gender;      // Gender
  uint8_t number;      // Number
  uint8_t verb_group;  // 0 when not a verb
  uint8_t common;      // 1 when this tag makes a lowercase form a common word
  uint8_t proper;      // 1 for proper nouns
};

struct SynEntry {
  StrRef headword;
  StrRef key;
  uint32_t senses_begin;
  uint32_t senses_count;
};

struct SynSense {
  StrRef label;  // part of speech as the thesaurus writes it, e.g. "(Nom)"
  uint32_t words_begin;
  uint32_t words_count;
};

struct SynReverse {
  StrRef key;      // match key of a word listed as a synonym
  uint32_t entry;  // SynEntry that lists it
};
static_assert(sizeof(SynReverse) == 12);

struct AssocEntry {
  StrRef headword;
  StrRef key;
  uint32_t words_begin;  // into AssocWords
  uint32_t words_count;
};
static_assert(sizeof(AssocEntry) == 24);

}  // namespace logomachie::lexicon::format
