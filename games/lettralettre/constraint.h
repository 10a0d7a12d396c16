// Lettralettre constraint cards: a French text, a bonus, and a check the
// referee decides with the lexicon (grammar), the word's letters (patterns) or
// our theme lists (data/lettralettre/themes/). The JSON grammar of `check` is
// documented in games/lettralettre/README.md; every key present must hold.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/core/json.h"

namespace logomachie::lexicon {
class Lexicon;
}

namespace logomachie::games::lettralettre {

struct Check {
  uint32_t pos = 0;         // lexicon::Pos bits; any reading with one of them
  int gender = 0;           // 0 any, 1 masculine, 2 feminine
  int number = 0;           // 0 any, 1 singular, 2 plural
  uint16_t moods = 0;       // lexicon::Mood bits
  std::string starts_with;  // "" any, "vowel", "consonant" or letters
  std::string ends_with;
  std::string contains;  // letters that must all appear
  std::string without;   // letters that must not appear
  int min_length = 0, max_length = 0, exact_length = 0;
  int min_distinct_vowels = 0;
  bool double_letter = false;
  int repeated_letter = 0;  // some letter at least this many times
  bool palindrome = false;
  bool same_first_last = false;
  bool first_shown_letter = false;
  bool uses_all_shown = false;
  bool all_distinct_letters = false;
  bool alternating = false;
  std::string theme;  // a theme list name

  bool needs_lexicon() const { return pos || gender || number || moods || !theme.empty(); }
};

struct Constraint {
  std::string id;
  std::string text;  // French, as printed on the card
  int bonus = 0;
  Check check;
};

// Parses one check object; throws ActionError("bad_constraint", …).
Check parse_check(const JsonObject& o);
Constraint parse_constraint(const Json& v);

// The round a word is judged in: the letters shown, in the order dealt.
struct RoundLetters {
  std::string shown;  // "KEPIRA" (taboo letters removed)
};

// Theme lists: theme name → set of lemma match keys.
using Themes = std::unordered_map<std::string, std::unordered_set<std::string>>;

// Decides `check` for a word (its display form and game letters "KEPI").
class Judge {
 public:
  Judge(const lexicon::Lexicon& lexicon, const Themes& themes) : lexicon_(lexicon), themes_(themes) {}
  // Letter patterns only (no lexicon): cheap, used to prune solver scans.
  bool letters_ok(const Check& c, std::string_view letters, const RoundLetters& round) const;
  // The dictionary form through which `word` meets `c`: "" when any form
  // does (letter patterns only), nullopt when none does. Readings of every
  // form sharing the word's match key count ("cote" may be "coté"), unless
  // `exact_form` names the one form to judge (a word typed with its accents).
  std::optional<std::string_view> satisfied_by(const Check& c, std::string_view word,
                                               std::string_view letters, const RoundLetters& round,
                                               std::string_view exact_form) const;
  bool satisfies(const Check& c, std::string_view word, std::string_view letters,
                 const RoundLetters& round) const;
  bool knows_theme(const std::string& name) const { return themes_.contains(name); }

 private:
  const lexicon::Lexicon& lexicon_;
  const Themes& themes_;
};

}  // namespace logomachie::games::lettralettre
