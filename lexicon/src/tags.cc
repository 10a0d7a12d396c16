#include "tags.h"

#include <unicode/uchar.h>

#include "lexicon/lexicon.h"
#include "utf8.h"

namespace logomachie::lexicon {
namespace {

uint16_t mood_bit(std::string_view t) {
  if (t == "Y") return kInfinitive;
  if (t == "P") return kPresentParticiple;
  if (t == "Q") return kPastParticiple;
  if (t == "Ip") return kIndicativePresent;
  if (t == "Iq") return kIndicativeImperfect;
  if (t == "Is") return kIndicativeSimplePast;
  if (t == "If") return kIndicativeFuture;
  if (t == "K") return kConditional;
  if (t == "Sp") return kSubjunctivePresent;
  if (t == "Sq") return kSubjunctiveImperfect;
  if (t == "E") return kImperative;
  return 0;
}

uint8_t person_bit(std::string_view t) {
  // Grammalecte writes inverted first persons ("chanté-je") as 1ś / 1ŝ.
  if (t == "1s" || t == "1ś" || t == "1ŝ") return k1s;
  if (t == "2s") return k2s;
  if (t == "3s") return k3s;
  if (t == "1p") return k1p;
  if (t == "2p") return k2p;
  // "3p!": a form that is only a third person plural ("sont", "chantèrent").
  if (t == "3p" || t == "3p!") return k3p;
  return 0;
}

}  // namespace

format::Tag decode_tag(std::string_view raw) {
  format::Tag tag{};
  bool excluded = false;  // proper, symbol, fragment, numeral, punctuation
  bool is_verb_context = false;
  std::size_t i = 0;
  while (i < raw.size()) {
    const char kind = raw[i];  // ':' ';' or '#'
    std::size_t j = raw.find_first_of(":;#", i + 1);
    if (j == std::string_view::npos) j = raw.size();
    const std::string_view tok = raw.substr(i + 1, j - i - 1);
    i = j;
    if (tok.empty()) continue;
    if (kind == ';') {
      if (tok == "S") {
        tag.pos |= kSymbol;
        excluded = true;
      }
      // ";Logo-clip" is ours (lexicon-compile): a familiar clipping from data/lexicon/shortenings.tsv
      // that the dictionary lacks ("anniv"): known, related to its long word,
      // but not a dictionary word for the letter games.
      if (tok == "Logo-clip") excluded = true;
      continue;
    }
    if (kind == '#') {
      if (tok == "P") {
        tag.pos |= kOtherProper;
        tag.proper = 1;
        excluded = true;
      }
      continue;
    }
    // kind == ':'
    if (tok == "N")
      tag.pos |= kNoun;
    else if (tok == "A")
      tag.pos |= kAdjective;
    else if (tok == "W")
      tag.pos |= kAdverb;
    else if (tok == "G")
      tag.pos |= kGrammatical;
    else if (tok == "J")
      tag.pos |= kInterjection;
    else if (tok == "B")
      tag.pos |= kNumber;
    else if (tok == "T")
      tag.pos |= kTitle;
    else if (tok == "Br") {
      tag.pos |= kRomanNumeral;
      excluded = true;
    } else if (tok == "M1") {
      tag.pos |= kFirstName;
      tag.proper = 1;
      excluded = true;
    } else if (tok == "M2") {
      tag.pos |= kSurname;
      tag.proper = 1;
      excluded = true;
    } else if (tok == "MP") {
      tag.pos |= kPlace;
      tag.proper = 1;
      excluded = true;
    } else if (tok[0] == 'M') {
      tag.pos |= kOtherProper;
      tag.proper = 1;
      excluded = true;
    } else if (tok == "Zp" || tok == "Zs" || tok.starts_with("É")) {
      tag.pos |= kFragment;
      excluded = true;
    } else if (tok[0] == '@') {
      tag.pos |= kPunctuation;
      excluded = true;
    } else if (tok[0] == 'V' && tok.size() >= 2 && tok[1] >= '0' && tok[1] <= '3') {
      tag.pos |= kVerb;
      tag.verb_group = static_cast<uint8_t>(tok[1] - '0');
      is_verb_context = true;
    } else if (tok == "m")
      tag.gender = static_cast<uint8_t>(Gender::kMasculine);
    else if (tok == "f")
      tag.gender = static_cast<uint8_t>(Gender::kFeminine);
    else if (tok == "e")
      tag.gender = static_cast<uint8_t>(Gender::kEpicene);
    else if (tok == "s")
      tag.number = static_cast<uint8_t>(Number::kSingular);
    else if (tok == "p")
      tag.number = static_cast<uint8_t>(Number::kPlural);
    else if (tok == "i")
      tag.number = static_cast<uint8_t>(Number::kInvariable);
    else if (is_verb_context && mood_bit(tok) != 0)
      tag.moods |= mood_bit(tok);
    else if (is_verb_context && person_bit(tok) != 0)
      tag.persons |= person_bit(tok);
  }
  constexpr uint32_t kCommonPos =
      kNoun | kAdjective | kVerb | kAdverb | kGrammatical | kInterjection | kNumber | kTitle;
  if (tag.pos == 0) tag.pos = kOtherPos;
  tag.common = ((tag.pos & kCommonPos) != 0 && !excluded) ? 1 : 0;
  return tag;
}

bool looks_like_common_form(std::string_view form) {
  bool has_letter = false;
  for (std::size_t i = 0; i < form.size();) {
    const char32_t cp = utf8::decode(form, i);
    if (cp == utf8::kInvalid) return false;
    if (cp == '-' || cp == '\'' || cp == U'’' || cp == ' ') continue;
    if (!u_isULowercase(static_cast<UChar32>(cp))) return false;
    // Modifier letters (the superscript ᵉ of « xxxviiiᵉ », ʳ…) write ordinal
    // numerals and abbreviations, not words.
    if (u_charType(static_cast<UChar32>(cp)) == U_MODIFIER_LETTER) return false;
    if (!u_isalpha(static_cast<UChar32>(cp))) return false;
    has_letter = true;
  }
  return has_letter;
}

}  // namespace logomachie::lexicon
