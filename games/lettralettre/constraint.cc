#include "games/lettralettre/constraint.h"

#include <algorithm>
#include <array>

#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games::lettralettre {
namespace {

[[noreturn]] void bad(std::string_view what) {
  throw ActionError("bad_constraint", "Carte contrainte invalide\u00a0: " + std::string(what) + ".");
}

bool is_vowel(char c) {
  return c == 'A' || c == 'E' || c == 'I' || c == 'O' || c == 'U' || c == 'Y';
}

std::string letters_field(const JsonObject& o, std::string_view key, bool allow_classes) {
  auto s = std::string(get_string(o, key));
  if (allow_classes && (s == "vowel" || s == "consonant")) return s;
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
    bad(std::string(key) + " attend des majuscules A–Z");
  }
  return s;
}

bool edge_ok(const std::string& rule, std::string_view w, bool at_start) {
  if (rule.empty()) return true;
  if (w.empty()) return false;
  if (rule == "vowel") return is_vowel(at_start ? w.front() : w.back());
  if (rule == "consonant") return !is_vowel(at_start ? w.front() : w.back());
  return at_start ? w.starts_with(rule) : w.ends_with(rule);
}

}  // namespace

Check parse_check(const JsonObject& o) {
  Check c;
  for (const auto& kv : o) {
    const std::string_view k = kv.key();
    if (k == "pos") {
      const auto v = get_string(o, k);
      if (v == "noun")
        c.pos = lexicon::kNoun;
      else if (v == "verb")
        c.pos = lexicon::kVerb;
      else if (v == "adjective")
        c.pos = lexicon::kAdjective;
      else if (v == "adverb")
        c.pos = lexicon::kAdverb;
      else
        bad("pos inconnu");
    } else if (k == "gender") {
      const auto v = get_string(o, k);
      c.gender = v == "masculine" ? 1 : v == "feminine" ? 2 : 0;
      if (!c.gender) bad("gender inconnu");
    } else if (k == "number") {
      const auto v = get_string(o, k);
      c.number = v == "singular" ? 1 : v == "plural" ? 2 : 0;
      if (!c.number) bad("number inconnu");
    } else if (k == "mood") {
      static const std::array<std::pair<std::string_view, uint16_t>, 10> moods = {{
          {"infinitive", lexicon::kInfinitive},
          {"present_participle", lexicon::kPresentParticiple},
          {"past_participle", lexicon::kPastParticiple},
          {"present", lexicon::kIndicativePresent},
          {"imperfect", lexicon::kIndicativeImperfect},
          {"simple_past", lexicon::kIndicativeSimplePast},
          {"future", lexicon::kIndicativeFuture},
          {"conditional", lexicon::kConditional},
          {"subjunctive",
           static_cast<uint16_t>(lexicon::kSubjunctivePresent | lexicon::kSubjunctiveImperfect)},
          {"imperative", lexicon::kImperative},
      }};
      const auto v = get_string(o, k);
      for (const auto& [name, bits] : moods) {
        if (name == v) c.moods = bits;
      }
      if (!c.moods) bad("mood inconnu");
    } else if (k == "starts_with") {
      c.starts_with = letters_field(o, k, true);
    } else if (k == "ends_with") {
      c.ends_with = letters_field(o, k, true);
    } else if (k == "contains") {
      c.contains = letters_field(o, k, false);
    } else if (k == "without") {
      c.without = letters_field(o, k, false);
    } else if (k == "min_length") {
      c.min_length = static_cast<int>(get_int(o, k, 1, 30));
    } else if (k == "max_length") {
      c.max_length = static_cast<int>(get_int(o, k, 1, 30));
    } else if (k == "exact_length") {
      c.exact_length = static_cast<int>(get_int(o, k, 1, 30));
    } else if (k == "min_distinct_vowels") {
      c.min_distinct_vowels = static_cast<int>(get_int(o, k, 1, 6));
    } else if (k == "repeated_letter") {
      c.repeated_letter = static_cast<int>(get_int(o, k, 2, 10));
    } else if (k == "double_letter") {
      c.double_letter = get_bool(o, k, false);
    } else if (k == "palindrome") {
      c.palindrome = get_bool(o, k, false);
    } else if (k == "same_first_last") {
      c.same_first_last = get_bool(o, k, false);
    } else if (k == "first_shown_letter") {
      c.first_shown_letter = get_bool(o, k, false);
    } else if (k == "uses_all_shown") {
      c.uses_all_shown = get_bool(o, k, false);
    } else if (k == "all_distinct_letters") {
      c.all_distinct_letters = get_bool(o, k, false);
    } else if (k == "alternating") {
      c.alternating = get_bool(o, k, false);
    } else if (k == "theme") {
      c.theme = std::string(get_string(o, k));
    } else {
      bad("clé " + guillemets(k) + " inconnue");
    }
  }
  return c;
}

Constraint parse_constraint(const Json& v) {
  if (!v.is_object()) bad("un objet est attendu");
  const auto& o = v.get_object();
  Constraint c;
  c.id = std::string(get_string(o, "id"));
  c.text = std::string(get_string(o, "text"));
  c.bonus = static_cast<int>(get_int(o, "bonus", -5, 20));
  c.check = parse_check(get_object(o, "check"));
  return c;
}

bool Judge::letters_ok(const Check& c, std::string_view w, const RoundLetters& round) const {
  const int n = static_cast<int>(w.size());
  if (c.min_length && n < c.min_length) return false;
  if (c.max_length && n > c.max_length) return false;
  if (c.exact_length && n != c.exact_length) return false;
  if (!edge_ok(c.starts_with, w, true) || !edge_ok(c.ends_with, w, false)) return false;
  std::array<int, 26> count{};
  for (char ch : w) ++count[static_cast<std::size_t>(ch - 'A')];
  for (char ch : c.contains) {
    if (!count[static_cast<std::size_t>(ch - 'A')]) return false;
  }
  for (char ch : c.without) {
    if (count[static_cast<std::size_t>(ch - 'A')]) return false;
  }
  if (c.min_distinct_vowels) {
    int v = 0;
    for (char ch : std::string_view("AEIOUY")) v += count[static_cast<std::size_t>(ch - 'A')] ? 1 : 0;
    if (v < c.min_distinct_vowels) return false;
  }
  if (c.double_letter) {
    bool found = false;
    for (int i = 1; i < n && !found; ++i)
      found = w[static_cast<std::size_t>(i)] == w[static_cast<std::size_t>(i - 1)];
    if (!found) return false;
  }
  if (c.repeated_letter && *std::max_element(count.begin(), count.end()) < c.repeated_letter) return false;
  if (c.all_distinct_letters && *std::max_element(count.begin(), count.end()) > 1) return false;
  if (c.palindrome && !std::equal(w.begin(), w.begin() + n / 2, w.rbegin())) return false;
  if (c.same_first_last && (n < 2 || w.front() != w.back())) return false;
  if (c.first_shown_letter && (round.shown.empty() || w.empty() || w.front() != round.shown.front()))
    return false;
  if (c.uses_all_shown) {
    for (char ch : round.shown) {
      if (!count[static_cast<std::size_t>(ch - 'A')]) return false;
    }
  }
  if (c.alternating) {
    for (int i = 1; i < n; ++i) {
      if (is_vowel(w[static_cast<std::size_t>(i)]) == is_vowel(w[static_cast<std::size_t>(i - 1)]))
        return false;
    }
  }
  return true;
}

std::optional<std::string_view> Judge::satisfied_by(const Check& c, std::string_view word,
                                                    std::string_view letters, const RoundLetters& round,
                                                    std::string_view exact_form) const {
  if (!letters_ok(c, letters, round)) return std::nullopt;
  if (!c.needs_lexicon()) return std::string_view();
  const std::unordered_set<std::string>* theme = nullptr;
  if (!c.theme.empty()) {
    const auto it = themes_.find(c.theme);
    if (it == themes_.end()) return std::nullopt;
    theme = &it->second;
  }
  // One reading must meet every condition at once (a feminine plural noun, not
  // a feminine adjective that is also a plural noun).
  for (const auto& a : lexicon_.analyses(word)) {
    if (!a.common) continue;
    if (!exact_form.empty() && a.form != exact_form) continue;
    if (theme) {
      const auto key = lexicon::match_key(a.lemma);
      if (!key || !theme->contains(*key)) continue;
    }
    if (c.pos && !(a.pos & c.pos)) continue;
    if (c.gender == 1 && a.gender != lexicon::Gender::kMasculine && a.gender != lexicon::Gender::kEpicene)
      continue;
    if (c.gender == 2 && a.gender != lexicon::Gender::kFeminine && a.gender != lexicon::Gender::kEpicene)
      continue;
    if (c.number == 1 && a.number != lexicon::Number::kSingular && a.number != lexicon::Number::kInvariable)
      continue;
    if (c.number == 2 && a.number != lexicon::Number::kPlural && a.number != lexicon::Number::kInvariable)
      continue;
    if (c.moods && !(a.moods & c.moods)) continue;
    return a.form;
  }
  return std::nullopt;
}

bool Judge::satisfies(const Check& c, std::string_view word, std::string_view letters,
                      const RoundLetters& round) const {
  return satisfied_by(c, word, letters, round, {}).has_value();
}

}  // namespace logomachie::games::lettralettre
