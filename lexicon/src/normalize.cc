#include "lexicon/normalize.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <array>
#include <cstring>

#include "utf8.h"

namespace logomachie::lexicon {
namespace {

// Code points below this bound are folded through a precomputed table.
constexpr char32_t kTableEnd = 0x250;  // Basic Latin … Latin Extended-B

// Punctuation that players use for apostrophes, hyphens and spaces, and
// invisible characters that phones insert. Returns nullptr when `cp` is not one.
const char* special_mapping(char32_t cp) noexcept {
  switch (cp) {
    case 0x2018:
    case 0x2019:
    case 0x201B:
    case 0x02BC:
    case 0x02B9:
    case 0x2032:
    case 0x00B4:
    case 0x0060:
    case 0xFF07:
      return "'";
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
    case 0xFE63:
    case 0xFF0D:
      return "-";
    case 0x00A0:
    case 0x2007:
    case 0x202F:
    case 0x2009:
    case 0x200A:
    case 0x3000:
    case 0x2002:
    case 0x2003:
    case 0x205F:
      return " ";
    case 0x00AD:
    case 0x200B:
    case 0x200C:
    case 0x200D:
    case 0x2060:
    case 0xFEFF:
      return "";  // soft hyphen, zero-width characters: dropped
    default:
      return nullptr;
  }
}

const icu::Normalizer2& nfkc() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
  return *n;  // ICU data is linked in; failure here is a broken installation
}
const icu::Normalizer2& nfkd() {
  UErrorCode status = U_ZERO_ERROR;
  return *icu::Normalizer2::getNFKDInstance(status);
}
const icu::Normalizer2& nfc() {
  UErrorCode status = U_ZERO_ERROR;
  return *icu::Normalizer2::getNFCInstance(status);
}

// Expands the ligatures that compatibility normalisation keeps as letters.
void append_folded_letter(std::string& out, char32_t cp) {
  switch (cp) {
    case U'œ':
      out += "oe";
      return;
    case U'æ':
      out += "ae";
      return;
    default:
      utf8::append(out, cp);
  }
}

// The full (slow) pipeline on a whole string: NFKC, case fold, NFKD, drop
// nonspacing marks, expand ligatures, map punctuation. No white-space collapsing.
std::string icu_fold(std::string_view text) {
  // Apostrophe, dash and space look-alikes first: compatibility normalisation
  // would turn some of them (´) into a space plus an accent.
  std::string mapped;
  mapped.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char32_t cp = utf8::decode(text, i);
    if (const char* s = special_mapping(cp))
      mapped += s;
    else
      utf8::append(mapped, cp);
  }
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(mapped.data(), static_cast<int32_t>(mapped.size())));
  UErrorCode status = U_ZERO_ERROR;
  u = nfkc().normalize(u, status);
  u.foldCase();
  u = nfkd().normalize(u, status);
  std::string out;
  out.reserve(text.size());
  for (int32_t i = 0; i < u.length();) {
    const UChar32 cp = u.char32At(i);
    i += U16_LENGTH(cp);
    if (u_charType(cp) == U_NON_SPACING_MARK) continue;
    if (const char* s = special_mapping(static_cast<char32_t>(cp))) {
      out += s;
    } else if (u_isUWhiteSpace(cp)) {
      out += ' ';
    } else {
      append_folded_letter(out, static_cast<char32_t>(cp));
    }
  }
  return out;
}

// Table of folded strings for code points below kTableEnd, built once from the
// ICU pipeline itself so that the fast path cannot disagree with the slow one.
const std::array<std::string, kTableEnd>& latin_table() {
  static const std::array<std::string, kTableEnd> table = [] {
    std::array<std::string, kTableEnd> t;
    for (char32_t cp = 0; cp < kTableEnd; ++cp) {
      if (cp < 0x80 && (cp < 0x20 || cp == 0x7F)) {
        t[cp] = std::string(1, static_cast<char>(cp));  // controls stay (never match)
        if (cp == '\t' || cp == '\n' || cp == '\r' || cp == '\v' || cp == '\f') t[cp] = " ";
        continue;
      }
      if (const char* s = special_mapping(cp)) {
        t[cp] = s;
        continue;
      }
      std::string one;
      utf8::append(one, cp);
      t[cp] = icu_fold(one);
    }
    return t;
  }();
  return table;
}

}  // namespace

bool is_valid_utf8(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size();) {
    if (utf8::decode(text, i) == utf8::kInvalid) return false;
  }
  return true;
}

bool starts_with_capital(std::string_view text) noexcept {
  if (text.empty()) return false;
  std::size_t i = 0;
  const char32_t cp = utf8::decode(text, i);
  if (cp == utf8::kInvalid) return false;
  const auto c = static_cast<UChar32>(cp);
  return u_isupper(c) || u_istitle(c);
}

namespace {

// The Latin table packed for the hot loop: no std::string indirection.
struct PackedFold {
  char bytes[7];
  uint8_t length;  // 0xFF: longer than 7 bytes, use the slow path
};

const std::array<PackedFold, kTableEnd>& packed_table() {
  static const std::array<PackedFold, kTableEnd> packed = [] {
    std::array<PackedFold, kTableEnd> p{};
    const auto& table = latin_table();
    for (char32_t cp = 0; cp < kTableEnd; ++cp) {
      const std::string& t = table[cp];
      if (t.size() > sizeof p[cp].bytes) {
        p[cp].length = 0xFF;
        continue;
      }
      std::memcpy(p[cp].bytes, t.data(), t.size());
      p[cp].length = static_cast<uint8_t>(t.size());
    }
    return p;
  }();
  return packed;
}

// Collapses runs of spaces and trims, in place.
void collapse_spaces(std::string& s) {
  std::size_t w = 0;
  for (std::size_t r = 0; r < s.size(); ++r) {
    if (s[r] == ' ' && (w == 0 || s[w - 1] == ' ')) continue;
    s[w++] = s[r];
  }
  if (w > 0 && s[w - 1] == ' ') --w;
  s.resize(w);
}

}  // namespace

namespace {

// The hot path of match_key_into: a single word without white space, made of
// characters the Latin table folds, whose key fits a stack buffer. Returns the
// key length, or -1 when the general path must decide.
int fast_match_key(std::string_view text, char* buf) {
  const auto& table = packed_table();
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (static_cast<unsigned>(c - 'a') < 26u) {
      if (n == kMaxWordBytes) return -1;
      buf[n++] = static_cast<char>(c);
      ++i;
      continue;
    }
    const char32_t cp = utf8::decode(text, i);
    if (cp >= kTableEnd) return -1;
    const PackedFold& f = table[cp];
    if (f.length == 0xFF || n + f.length > kMaxWordBytes) return -1;
    for (uint8_t k = 0; k < f.length; ++k) {
      if (f.bytes[k] == ' ') return -1;  // white space: collapsing is the general path's job
      buf[n++] = f.bytes[k];
    }
  }
  return static_cast<int>(n);
}

}  // namespace

bool match_key_into(std::string_view text, std::string& out) {
  out.clear();
  if (text.size() > kMaxInputBytes) return false;  // bounds work on hostile input
  char buf[kMaxWordBytes];
  if (const int n = fast_match_key(text, buf); n >= 0) {
    out.assign(buf, static_cast<std::size_t>(n));
    return true;
  }
  const auto& table = packed_table();
  bool space = false;
  for (std::size_t i = 0; i < text.size();) {
    // Copy runs of plain lowercase letters at once.
    std::size_t run = i;
    while (run < text.size() && text[run] >= 'a' && text[run] <= 'z') ++run;
    if (run > i) {
      out.append(text.data() + i, run - i);
      i = run;
      if (i == text.size()) break;
    }
    const char32_t cp = utf8::decode(text, i);
    if (cp == utf8::kInvalid) return false;
    const char* mapped = nullptr;
    std::size_t length = 0;
    if (cp < kTableEnd && table[cp].length != 0xFF) {
      mapped = table[cp].bytes;
      length = table[cp].length;
    } else if (cp >= kTableEnd) {
      mapped = special_mapping(cp);
      if (mapped != nullptr) length = std::strlen(mapped);
    }
    if (mapped == nullptr) {
      // Combining marks, other scripts, compatibility characters: the whole
      // string goes through ICU (rare; keeps the common path allocation-free).
      if (!is_valid_utf8(text)) return false;
      out = icu_fold(text);
      space = true;
      break;
    }
    out.append(mapped, length);
    space = space || (length == 1 && mapped[0] == ' ');
  }
  if (space) collapse_spaces(out);
  return out.size() <= kMaxWordBytes;
}

std::optional<std::string> match_key(std::string_view text) {
  std::string out;
  if (!match_key_into(text, out)) return std::nullopt;
  return out;
}

std::optional<std::string> to_display(std::string_view text) {
  if (!is_valid_utf8(text)) return std::nullopt;
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  UErrorCode status = U_ZERO_ERROR;
  u = nfc().normalize(u, status);
  u.trim();
  std::string out;
  u.toUTF8String(out);
  return out;
}

std::optional<std::string> fold_case(std::string_view text) {
  if (!is_valid_utf8(text)) return std::nullopt;
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  u.foldCase();
  UErrorCode status = U_ZERO_ERROR;
  u = nfc().normalize(u, status);
  std::string out;
  u.toUTF8String(out);
  return out;
}

bool accents_agree(std::string_view typed_text, std::string_view form_text) {
  const auto typed_folded = fold_case(typed_text);
  const auto form_folded = fold_case(form_text);
  if (!typed_folded || !form_folded) return false;
  const auto typed_nfc = to_display(*typed_folded);
  const auto form_nfc = to_display(*form_folded);
  if (!typed_nfc || !form_nfc) return false;
  const std::string_view typed = *typed_nfc, form = *form_nfc;
  std::size_t i = 0, j = 0;
  while (i < typed.size() && j < form.size()) {
    const std::size_t ti = i, fj = j;
    const char32_t t = utf8::decode(typed, i);
    const char32_t f = utf8::decode(form, j);
    if (t == f) continue;
    if ((f == U'œ' || f == U'æ') && t == (f == U'œ' ? U'o' : U'a') && i < typed.size() && typed[i] == 'e') {
      ++i;  // "oe" typed for œ, "ae" for æ
      continue;
    }
    const auto kt = match_key(typed.substr(ti, i - ti));
    const auto kf = match_key(form.substr(fj, j - fj));
    if (!kt || !kf || *kt != *kf) return false;
    // Same letter once accents are folded: fine when the player typed none
    // (or an apostrophe/hyphen variant), a misspelling when they typed another.
    const bool plain = t < 0x80 || *kt == "'" || *kt == "-";
    if (!plain) return false;
  }
  return i == typed.size() && j == form.size();
}

}  // namespace logomachie::lexicon
