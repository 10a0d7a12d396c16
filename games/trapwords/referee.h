// TrapWords: the automatic referee for typed clues and guesses (typed mode).
//
// It judges one message against what the lexicon can decide:
//  - a clue fires a trap when one of its words is the trap, an inflection of
//    it, a compound holding it or a derivative of it (lexicon::relate: all
//    three fire, "Un mot-piège est déclenché par tous ses dérivés");
//  - a clue breaks a rule when a word is the secret word or of its family
//    (`secret-family`), a proper noun (`proper-noun`), or breaks an active
//    curse or monster constraint it can decide from the text: `serpent` (a word
//    starting with s), `faible` (a word with no noun reading), `echo` (a word
//    not followed by an echo of its ending), `troll` (past the word budget,
//    earlier messages of the turn included);
//  - a guess is correct when it holds the secret word, an inflection of it or
//    a compound of it (chevaux, cheval-vapeur for cheval), never a mere
//    derivative (scientifique for science); under the vampire a guess fires
//    traps too; under `toc` it must start with the required phrase.
// Rules that depend on timing or bodies (inondation, pétrification,
// ténèbres) and those of the writing phase (gribouillage, mot-interdit,
// désarmer; the démon, dragon and momie) belong to the game, not here.
//
// Words: split on spaces and punctuation; elisions separated ("l'épée" →
// "l'" + "épée", unless the dictionary knows the whole, like "aujourd'hui");
// hyphenated words are checked whole and by parts; a trap of several words
// fires on the same words in sequence. Stable ids and the JSON contract of
// `logomachie referee trapwords`: games/trapwords/README.md.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexicon/lexicon.h"

namespace logomachie::games::trapwords {

enum class Curse {
  kInondation,
  kGribouillage,
  kMotInterdit,
  kSerpent,
  kEcho,
  kTenebres,
  kDesarmer,
  kToc,
  kPetrification,
  kFaible,
};
inline constexpr std::size_t kCurseCount = 10;

enum class MonsterKind { kDemon, kDragon, kMomie, kTroll, kVampire };

struct Monster {
  MonsterKind kind = MonsterKind::kDemon;
  bool asterisk = false;  // the harder card ("troll*")
  bool operator==(const Monster&) const = default;
};

// Stable ids: "serpent", "mot-interdit"…; "troll", "troll*"…
std::string_view to_string(Curse c);
std::string to_string(const Monster& m);
std::optional<Curse> parse_curse(std::string_view id);
std::optional<Monster> parse_monster(std::string_view id);

// What the clue-giver has to live with this turn.
struct Constraints {
  std::vector<Curse> curses;
  std::optional<Monster> monster;
  bool has(Curse c) const;
  bool has(MonsterKind k) const { return monster && monster->kind == k; }
};

// The phrase a guess must start with under `toc`.
inline constexpr std::string_view kTocPhrase = "Je mange mon chapeau si ce n’est pas";

// A word of a message, as typed.
struct Word {
  std::string text;                // as typed ("galope", "l'", "arc-en-ciel")
  std::size_t begin = 0, end = 0;  // byte offsets in the message
  bool elided = false;             // an elided particle: "l'", "d'", "qu'"
  bool sentence_start = false;
  std::vector<std::string> parts;  // hyphen parts when hyphenated, else empty
};

// Splits a message into words (see the header comment). Never throws.
std::vector<Word> split_words(const lexicon::Lexicon& lex, std::string_view message);

struct Fired {
  std::string trap;  // as written by its authors
  std::string word;  // the clue's word(s) that fired it, as typed
  lexicon::Relation relation = lexicon::Relation::kInflection;
};

struct Violation {
  std::string rule;    // stable id: "secret-family", "proper-noun", "serpent"…
  std::string word;    // as typed
  std::string reason;  // French, for players
};

struct ClueVerdict {
  std::vector<Fired> fired;  // each trap at most once, in order of first match
  std::vector<Violation> violations;
  bool ok() const { return fired.empty() && violations.empty(); }
};

struct GuessVerdict {
  bool correct = false;
  std::vector<Fired> fired;  // only under the vampire
  std::vector<Violation> violations;
};

class Referee {
 public:
  explicit Referee(const lexicon::Lexicon& lexicon) : lex_(lexicon) {}

  // Judges `clue` for the secret word `secret`. `history` holds the
  // clue-giver's earlier messages this turn (the troll's budget counts them).
  ClueVerdict judge_clue(std::string_view secret, std::span<const std::string> traps, std::string_view clue,
                         const Constraints& constraints, std::span<const std::string> history = {}) const;

  GuessVerdict judge_guess(std::string_view secret, std::string_view guess,
                           std::span<const std::string> traps, const Constraints& constraints) const;

  // Why `trap` cannot be written as a trap word (nullopt = fine): empty, too
  // long, one of the words that work as pronouns (un, chose, quelque,
  // quelqu'un, quelque chose), or a word of every sentence (every reading
  // spelt as typed is grammatical: et, il, le, avec).
  std::optional<std::string> refuse_trap(std::string_view trap) const;

  // The troll's word budget (10, or 5 for the asterisk card; 0 = none).
  static int word_budget(const Constraints& constraints);

 private:
  const lexicon::Lexicon& lex_;
};

}  // namespace logomachie::games::trapwords
