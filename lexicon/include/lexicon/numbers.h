// Numbers written in digits, read as the French words a player would say.
//
// Clues are spoken words: "7" is said « sept », "21e" « vingt et unième ». The
// referees compare those words with traps and secrets, so a number typed in
// digits is the same word as the number written out (docs/lexicon.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace logomachie::lexicon {

// The French words for a cardinal ("7" → "sept", "21" → "vingt et un",
// "80" → "quatre-vingts", "1000" → "mille", "2024" → "deux mille vingt-quatre")
// or an ordinal ("1er"/"1re"/"1ère" → "premier"/"première", "2nd"/"2nde" →
// "second"/"seconde", "3e"/"3ème"/"3eme"/"3ieme" → "troisième"), traditional
// spelling (hyphens below one hundred, "et" without). Digits only, no sign,
// optionally grouped by three with spaces ("1 000 000"), at most 12 digits
// (milliards); nullopt for anything else, and for a leading zero other than
// "0" itself.
std::optional<std::string> spell_number(std::string_view digits);

// How a token of digits and symbols is read aloud, in French words: a number
// or an ordinal (spell_number; two digits with a leading zero too, as in
// times: "07" → "sept"), a score or range of two such numbers ("3-0" →
// "trois zéro", "10–12" → "dix douze"), a number with a unit ("24h" → "vingt-quatre heures",
// "11h59" → "onze heures cinquante-neuf", "2min", "37°" → "trente-sept
// degrés", "50%" → "cinquante pour cent", "10€"), a unit or currency symbol
// alone ("€" → "euro", "°" → "degré"), and with `roman` a Roman numeral in
// capitals of two letters or more ("XV" → "quinze"; lowercase letters are
// words, not numerals). nullopt for anything else.
std::optional<std::string> read_aloud(std::string_view token, bool roman = false);

}  // namespace logomachie::lexicon
