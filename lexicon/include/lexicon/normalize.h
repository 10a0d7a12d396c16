// French text normalisation for matching words.
//
// Three forms of a word are kept apart everywhere in Logomachie:
//  - the *input* form: whatever a player typed (any case, any accents or none,
//    straight or curly apostrophes, maybe decomposed accents from a phone keyboard);
//  - the *display* form: NFC, written as the dictionary writes it ("élève",
//    "aujourd’hui", "œil"); this is what players are shown;
//  - the *match key*: what lookups compare. It is the input with Unicode
//    compatibility normalisation (NFKC), then full case folding, then every accent and
//    diacritic removed, ligatures expanded (œ→oe, æ→ae, ß→ss), every apostrophe
//    variant turned into ' (U+0027), every hyphen/dash variant into - (U+002D), and
//    runs of white space collapsed into one space with none at either end.
//    "Élève", "eleve" and "e\u0301le\u0300ve" share the key "eleve".
//
// All functions are pure, thread-safe and never throw on bad input: invalid UTF-8
// yields std::nullopt. Keys longer than kMaxWordBytes, and input longer than
// kMaxInputBytes, also yield std::nullopt for match_key (no French word comes
// close; it bounds the work done on hostile input).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace logomachie::lexicon {

// Longest input (in bytes) the lexicon tries to match; longer input is not a word.
inline constexpr std::size_t kMaxWordBytes = 256;
inline constexpr std::size_t kMaxInputBytes = 1024;

// True when `text` is well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF).
bool is_valid_utf8(std::string_view text) noexcept;

// The match key of `text` (see above), or nullopt for invalid UTF-8 or input
// longer than kMaxWordBytes. Fast path: a table for Latin code points; other
// code points go through ICU.
std::optional<std::string> match_key(std::string_view text);

// match_key writing into `out` (cleared first; its capacity is reused, so a
// loop over many words allocates nothing). Returns false, with `out`
// unspecified, where match_key returns nullopt.
bool match_key_into(std::string_view text, std::string& out);

// NFC form of `text` with surrounding white space trimmed (the display form of
// something a player typed), or nullopt for invalid UTF-8.
std::optional<std::string> to_display(std::string_view text);

// Lowercase (full case folding) of `text` keeping accents, NFC; nullopt for invalid UTF-8.
std::optional<std::string> fold_case(std::string_view text);

// True when `text` starts with a capital letter: its first code point is an
// uppercase or titlecase letter (« Zorglub », « Éloïse », « Œdipe »; not
// « ×2 » nor « 3D »). False on empty text or invalid UTF-8. The one notion of
// « a capital » every game shares (a name to vote on, a name in a clue).
bool starts_with_capital(std::string_view text) noexcept;

// True when `typed` may be a way of writing `form` with accents left out:
// same letters once case and accents are folded, and every accented letter
// typed is the form's own ("elephant" and "éléphant" for éléphant, not
// "élèphant"). Apostrophe and hyphen variants, and œ/æ typed as two letters,
// are fine. False on invalid UTF-8.
bool accents_agree(std::string_view typed, std::string_view form);

}  // namespace logomachie::lexicon
