#include "lexicon/numbers.h"

#include <array>
#include <cstdint>

namespace logomachie::lexicon {
namespace {

constexpr std::array<std::string_view, 20> kUnits = {
    "zéro", "un",   "deux",  "trois",  "quatre",   "cinq",   "six",   "sept",     "huit",     "neuf",
    "dix",  "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"};
constexpr std::array<std::string_view, 7> kTens = {"",         "",          "vingt",   "trente",
                                                   "quarante", "cinquante", "soixante"};

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
  if (last == "cinq")
    last = "cinqu";
  else if (last == "neuf")
    last = "neuv";
  else if (last == "cents" || last == "vingts" || last == "millions" || last == "milliards")
    last.pop_back();
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
  if (digits == 0 || digits > 12 || (grouped && group != 3) || (s[0] == '0' && digits > 1))
    return std::nullopt;
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

namespace {

struct Unit {
  std::string_view symbol, singular, plural;
};
constexpr Unit kUnitWords[] = {
    {"h", "heure", "heures"},
    {"min", "minute", "minutes"},
    {"mn", "minute", "minutes"},
    {"s", "seconde", "secondes"},
    {"sec", "seconde", "secondes"},
    {"km", "kilomètre", "kilomètres"},
    {"m", "mètre", "mètres"},
    {"cm", "centimètre", "centimètres"},
    {"mm", "millimètre", "millimètres"},
    {"kg", "kilo", "kilos"},
    {"g", "gramme", "grammes"},
    {"l", "litre", "litres"},
    {"cl", "centilitre", "centilitres"},
    {"ml", "millilitre", "millilitres"},
    {"°", "degré", "degrés"},
    {"°c", "degré", "degrés"},
    {"%", "pour cent", "pour cent"},
    {"€", "euro", "euros"},
    {"$", "dollar", "dollars"},
    {"£", "livre", "livres"},
    {"ans", "an", "ans"},
};

const Unit* find_unit(std::string_view s) {
  std::string lower;
  for (const char c : s) lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  for (const auto& u : kUnitWords) {
    if (u.symbol == lower) return &u;
  }
  return nullptr;
}

std::optional<uint64_t> roman_value(std::string_view s) {
  if (s.size() < 2) return std::nullopt;
  auto value = [](char c) -> int {
    switch (c) {
      case 'I':
        return 1;
      case 'V':
        return 5;
      case 'X':
        return 10;
      case 'L':
        return 50;
      case 'C':
        return 100;
      case 'D':
        return 500;
      case 'M':
        return 1000;
      default:
        return 0;
    }
  };
  uint64_t total = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const int v = value(s[i]);
    if (v == 0) return std::nullopt;
    const int next = i + 1 < s.size() ? value(s[i + 1]) : 0;
    if (v < next)
      total -= static_cast<uint64_t>(v);
    else
      total += static_cast<uint64_t>(v);
  }
  if (total == 0 || total > 3999) return std::nullopt;
  // Canonical form only (IIII, VV, IC are not numerals).
  static constexpr std::pair<int, std::string_view> kParts[] = {
      {1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"},
      {40, "XL"},  {10, "X"},   {9, "IX"},  {5, "V"},    {4, "IV"},  {1, "I"}};
  std::string canonical;
  uint64_t n = total;
  for (const auto& [v, r] : kParts) {
    while (n >= static_cast<uint64_t>(v)) {
      canonical += r;
      n -= static_cast<uint64_t>(v);
    }
  }
  if (canonical != s) return std::nullopt;
  return total;
}

// "07" and "00" as in times; otherwise spell_number.
std::optional<std::string> spell_digits(std::string_view d) {
  if (d.size() == 2 && d[0] == '0' && d[1] >= '0' && d[1] <= '9') return spell_number(d.substr(1));
  return spell_number(d);
}

}  // namespace

std::optional<std::string> read_aloud(std::string_view token, bool roman) {
  if (token.empty()) return std::nullopt;
  if (auto n = spell_digits(token)) return n;
  // A score or a range of numbers in digits ("3-0", "10–12"): each number,
  // as a player says them (« trois zéro », « dix douze »).
  for (const std::string_view dash : {"-", "–"}) {
    const auto at = token.find(dash);
    if (at == std::string_view::npos || at == 0) continue;
    const auto left = spell_digits(token.substr(0, at));
    const auto right = spell_digits(token.substr(at + dash.size()));
    if (left && right) return *left + " " + *right;
  }
  if (roman) {
    if (const auto v = roman_value(token)) return cardinal(*v);
  }
  // A symbol alone ("€", "°", "%"); letters alone are words ("sec", "ans", "m").
  if (const Unit* u = find_unit(token); u != nullptr && static_cast<unsigned char>(token[0]) >= 0x80) {
    return std::string(u->singular);
  }
  if (token == "%" || token == "$") return std::string(find_unit(token)->singular);
  // Digits then a unit, and for hours the minutes after it ("11h59").
  std::size_t d = 0;
  while (d < token.size() && token[d] >= '0' && token[d] <= '9') ++d;
  if (d == 0 || d > 9) return std::nullopt;
  const auto number = spell_digits(token.substr(0, d));
  if (!number) return std::nullopt;
  std::string_view rest = token.substr(d);
  std::string minutes;
  if (!rest.empty() && (rest[0] == 'h' || rest[0] == 'H') && rest.size() > 1 && rest[1] >= '0' &&
      rest[1] <= '9') {
    const auto m = spell_digits(rest.substr(1));
    if (!m || rest.size() > 3) return std::nullopt;
    minutes = " " + *m;
    rest = rest.substr(0, 1);
  }
  const Unit* u = find_unit(rest);
  if (u == nullptr) return std::nullopt;
  const bool one = *number == "un" || *number == "zéro";
  return *number + " " + std::string(one ? u->singular : u->plural) + minutes;
}

}  // namespace logomachie::lexicon
