// The words solvers and bots search: every word of the letter games
// (is_letters_game_word) written with letters only (no hyphen, apostrophe or space), as its match key folded
// to a–z ("cœur" → "coeur", "élève" → "eleve"), with one display form and its
// frequency rank. Sorted by key; built once per Game from the lexicon.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace logomachie::lexicon {
class Lexicon;
}

namespace logomachie::games {

inline constexpr uint32_t kUnranked = std::numeric_limits<uint32_t>::max();

class WordList {
 public:
  explicit WordList(const lexicon::Lexicon& lexicon);

  std::size_t size() const { return entries_.size(); }
  std::string_view key(std::size_t i) const {
    return {keys_.data() + entries_[i].key_offset, entries_[i].key_size};
  }
  // The lexicon's display form (lowercase, accented): the first lowercase
  // common form sharing the key, in the lexicon's order.
  std::string_view display(std::size_t i) const { return entries_[i].display; }
  // Frequency rank (1 = most frequent) or kUnranked.
  uint32_t rank(std::size_t i) const { return entries_[i].rank; }

 private:
  struct Entry {
    uint32_t key_offset;
    uint32_t key_size;
    uint32_t rank;
    std::string_view display;  // points into the lexicon's mapping
  };
  std::string keys_;
  std::vector<Entry> entries_;
};

// The letter games' word policy (Lettralettre, Word Bank; docs/lexicon.md,
// « Words of the letter games »): a common word of the lexicon (so never a
// numeral, symbol or abbreviation), but neither a letter's name (« k », whose
// only readings are the letter as a noun) nor a sound spelled out (a form
// that is only an interjection and has no vowel or a letter three times in a
// row: « pff », « mmm », « zzzz », « brrr »). Interjections that are words
// (« hélas », « bof », « chut », « euh ») count. Mot pour Mot keeps sounds:
// a category may call for one (« le cri d'un animal »).
bool is_letters_game_word(const lexicon::Lexicon& lexicon, std::string_view word);

// How a word a player typed is shown: the typed word (lowercased) when it is
// one of the dictionary's forms, else the first common lowercase form sharing
// its match key ("SPECIFIQUE" → "spécifique"; never a proper noun's capital).
std::string dictionary_spelling(const lexicon::Lexicon& lexicon, std::string_view typed);

// Folds a word to the letters A–Z used by letter games: match key (case,
// accents, ligatures œ→OE) upper-cased, with hyphens, apostrophes and spaces
// dropped. Returns "" when the word holds anything else (digits, other
// scripts) or is not valid UTF-8.
std::string game_letters(std::string_view word);

}  // namespace logomachie::games
