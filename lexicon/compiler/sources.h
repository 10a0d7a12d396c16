// Readers for the lexicon compiler's inputs. Build-time only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

namespace logomachie::lexicon::compiler {

struct DictEntry {
  std::string form;
  std::string lemma;
  std::string tag;
};

// Grammalecte export (scripts/export-grammalecte.py): form TAB lemma TAB tag.
std::vector<DictEntry> read_dictionary(const std::filesystem::path& tsv);

// A zxcvbn-ts word list (a JSON array of strings, most frequent first), as
// match key -> rank (1-based; the first occurrence of a key wins).
std::unordered_map<std::string, uint32_t> read_ranked_list(const std::filesystem::path& json);

struct ThesaurusSense {
  std::string label;
  std::vector<std::string> words;
};
struct ThesaurusEntry {
  std::string headword;
  std::vector<ThesaurusSense> senses;
};

// mythes .dat file (first line: encoding, must be UTF-8).
std::vector<ThesaurusEntry> read_thesaurus(const std::filesystem::path& dat);

// Our own association lists (data/lexicon/associations.tsv): one headword per
// line, a TAB, then the words a player would say to make someone guess it,
// "|"-separated, closest first; '#' starts a comment. Both sides in display
// form (NFC, trimmed). Fails with the file and line on a malformed line, an
// empty word, a word listed twice on a line or equal to its headword, or a
// headword (by match key) given twice.
struct AssociationEntry {
  std::string headword;
  std::vector<std::string> words;
};
std::vector<AssociationEntry> read_associations(const std::filesystem::path& tsv);

// Reads a UTF-8 text file as lines, dropping '#' comments and blank lines and
// trimming; each line split on TAB (or runs of spaces when `tabs_only` is false).
std::vector<std::vector<std::string>> read_table(const std::filesystem::path& path, bool tabs_only);

// Throws std::runtime_error with the file name and line on any problem.
[[noreturn]] void fail(const std::string& message);

}  // namespace logomachie::lexicon::compiler
