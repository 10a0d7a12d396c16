#include "lexicon/numbers.h"

#include <array>
#include <cstdint>

namespace logomachie::lexicon {
namespace {

constexpr std::array<std::string_view, 20> kUnits = {
    "zéro", "un",    "deux",  "trois",    "quatre", "cinq",  "six",      "sept",     "huit",     "neuf",
    "dix",  "onze",  "douze", "treize",   "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"};
constexpr std::array<std::string_view, 7> kTens = {"", "", "vingt", "trente", "quarante", "cinquante", "soixante"};

// 0 < n < 100.
std::string below_hundred(unsigned n) {
  if (n < 20) return std::string(kUnits[n]);
  const unsigned tens = n / 10, unit = n % 10;
  if (tens <= 6) {
    std::string t(kTens[tens]);
    if (unit == 0) return t;
    if (unit == 1) return t + " et un";
    return t + "-" + std::string(kUnits[unit]);
  }
  if (tens == 7) return n == 71 ? "soixante et onze" : "soixante-" + std::string(kUnits[n - 60]);
  // 80-99: quatre-vingts, quatre-vingt-un (no "et"), quatre-vingt-dix…
  if (n == 80) return "quatre-vingts";
  return "quatre-vingt-" + std::string(kUnits[n - 80]);
}

// 0 < n < 1000. `before_multiplier`: "cents" and "quatre-vingts" lose their s
// before mille ("deux cent mille", "quatre-vingt mille").
std::string below_thousand(unsigned n, bool before_multiplier) {
  std::string out;
  const unsigned hundreds = n / 100, rest = n % 100;
  if (hundreds > 0) {
    out = hundreds == 1 ? "cent" : std::string(kUnits[hundreds]) + " cent";
    if (hundreds > 1 && rest == 0 && !before_multiplier) out += "s";
  }
  if (rest > 0) {
    std::string r = below_hundred(rest);
    if (before_multiplier && r == "quatre-vingts") r = "quatre-vingt";
    out += (out.empty() ? "" : " ") + r;
  }
  return out;
}

std::string cardinal(uint64_t n) {
  if (n == 0) return "zéro";
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
  const auto billions = static_cast<unsigned>(n / 1000000000);
  if (billions > 0) add(below_thousand(billions, false) + (billions == 1 ? " milliard" : " milliards"));
  const auto millions = static_cast<unsigned>(n / 1000000 % 1000);
  const auto thousands = static_cast<unsigned>(n / 1000 % 1000);
  const auto rest = static_cast<unsigned>(n % 1000);
  if (millions > 0) add(below_thousand(millions, false) + (millions == 1 ? " million" : " millions"));
  if (thousands > 0) add(thousands == 1 ? "mille" : below_thousand(thousands, true) + " mille");
  if (rest > 0) add(below_thousand(rest, false));
  return out;
}

// "vingt et un" → "vingt et unième"; "quatre" → "quatrième"; "cinq" → "cinquième".
std::string ordinal_of(const std::string& words) {
  std::size_t cut = words.find_last_of(" -");
  std::string head = cut == std::string::npos ? std::string() : words.substr(0, cut + 1);
  std::string last = cut == std::string::npos ? words : words.substr(cut + 1);
  if (last == "cinq") last = "cinqu";
  else if (last == "neuf") last = "neuv";
  else if (last == "cents" || last == "vingts" || last == "millions" || last == "milliards") last.pop_back();
  if (!last.empty() && last.back() == 'e') last.pop_back();
  return head + last + "ième";
}

bool ieq(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != b[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> spell_number(std::string_view s) {
  // Digits, optionally in groups of three separated by a space ("1 000").
  std::size_t end = 0, digits = 0, group = 0;
  bool grouped = false;
  uint64_t n = 0;
  while (end < s.size()) {
    if (s[end] >= '0' && s[end] <= '9') {
      n = n * 10 + static_cast<uint64_t>(s[end] - '0');
      ++digits;
      ++group;
      ++end;
    } else if (s[end] == ' ' && digits > 0 && end + 1 < s.size() && s[end + 1] >= '0' && s[end + 1] <= '9' &&
               (grouped ? group == 3 : group <= 3)) {
      grouped = true;
      group = 0;
      ++end;
    } else {
      break;
    }
  }
  if (digits == 0 || digits > 12 || (grouped && group != 3) || (s[0] == '0' && digits > 1)) return std::nullopt;
  const std::string_view suffix = s.substr(end);
  if (suffix.empty()) return cardinal(n);
  if (n == 1) {
    if (ieq(suffix, "er")) return "premier";
    if (ieq(suffix, "re") || ieq(suffix, "ère") || ieq(suffix, "ere")) return "première";
  }
  if (n == 2) {
    if (ieq(suffix, "nd")) return "second";
    if (ieq(suffix, "nde")) return "seconde";
  }
  if (n == 0) return std::nullopt;
  for (std::string_view ord : {"e", "è", "ème", "eme", "ième", "ieme"}) {
    if (ieq(suffix, ord)) return ordinal_of(cardinal(n));
  }
  return std::nullopt;
}

}  // namespace logomachie::lexicon
