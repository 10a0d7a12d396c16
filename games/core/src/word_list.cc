#include "games/core/word_list.h"

#include <algorithm>
#include <string>

#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games {
namespace {

bool letters_only(std::string_view key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

bool has_upper(std::string_view form) {
  // Display forms are NFC; an uppercase first letter is enough to tell a
  // capitalised form (every French capital starts with ASCII A–Z or 0xC3 0x80–0x9E).
  if (form.empty()) return false;
  const auto c = static_cast<unsigned char>(form[0]);
  if (c >= 'A' && c <= 'Z') return true;
  return c == 0xC3 && form.size() > 1 && static_cast<unsigned char>(form[1]) < 0xA0;
}

// Among several display forms of one key, the one players expect: a form that
// is itself a lemma of one of its readings ("élève" over "élevè"), then the
// lexicon's order.
std::string_view pick_display(const lexicon::Lexicon& lex, std::string_view key,
                              const std::vector<std::string_view>& forms) {
  if (forms.size() == 1) return forms.front();
  const auto readings = lex.analyses(key);
  for (auto form : forms) {
    for (const auto& a : readings) {
      if (a.form == form && a.lemma == form && a.common) return form;
    }
  }
  return forms.front();
}

bool has_vowel(std::string_view letters) {
  return letters.find_first_of("aeiouy") != std::string_view::npos;
}

bool tripled(std::string_view letters) {
  for (std::size_t i = 2; i < letters.size(); ++i) {
    if (letters[i] == letters[i - 1] && letters[i] == letters[i - 2]) return true;
  }
  return false;
}

// Whether a common word is no word of the letter games.
// `key` is its match key (lowercase a–z, accents folded).
bool excluded_from_letter_games(const lexicon::Lexicon& lex, std::string_view word, std::string_view key) {
  const bool letter = key.size() == 1;
  const bool sound_like = !has_vowel(key) || tripled(key);
  if (!letter && !sound_like) return false;  // the readings only matter for these shapes
  bool only_noun = true, only_interjection = true, any = false;
  for (const auto& a : lex.analyses(word)) {
    if (!a.common) continue;
    any = true;
    if (a.pos != lexicon::kNoun) only_noun = false;
    if (a.pos != lexicon::kInterjection) only_interjection = false;
  }
  if (!any) return true;
  if (letter && only_noun) return true;              // a letter's name
  if (sound_like && only_interjection) return true;  // a sound spelled out
  return false;
}

}  // namespace

bool is_letters_game_word(const lexicon::Lexicon& lex, std::string_view word) {
  if (!lex.contains(word)) return false;
  const auto key = lexicon::match_key(word);
  return key && !excluded_from_letter_games(lex, word, *key);
}

WordList::WordList(const lexicon::Lexicon& lex) {
  std::string current_key;
  std::vector<std::string_view> forms;
  auto flush = [&] {
    if (forms.empty()) return;
    if (excluded_from_letter_games(lex, current_key, current_key)) {
      forms.clear();
      return;
    }
    Entry e{};
    e.key_offset = static_cast<uint32_t>(keys_.size());
    e.key_size = static_cast<uint32_t>(current_key.size());
    keys_ += current_key;
    e.display = pick_display(lex, current_key, forms);
    e.rank = lex.frequency_rank(e.display).value_or(kUnranked);
    entries_.push_back(e);
    forms.clear();
  };
  lex.for_each_form(
      [&](std::string_view key) {
        if (!letters_only(key)) return false;
        if (key != current_key) {
          flush();
          current_key.assign(key);
        }
        return true;
      },
      [&](std::string_view form) {
        if (!has_upper(form)) forms.push_back(form);
      });
  flush();
  // The lexicon's groups are in key order already; keep the promise explicit.
  std::sort(entries_.begin(), entries_.end(), [&](const Entry& a, const Entry& b) {
    return std::string_view(keys_.data() + a.key_offset, a.key_size) <
           std::string_view(keys_.data() + b.key_offset, b.key_size);
  });
}

std::string dictionary_spelling(const lexicon::Lexicon& lex, std::string_view typed) {
  auto folded = lexicon::fold_case(typed).value_or(std::string(typed));
  const auto forms = lex.display_forms(typed);
  for (auto f : forms) {
    if (f == folded) return folded;
  }
  for (auto f : forms) {
    if (!has_upper(f) && lex.contains(f)) return std::string(f);
  }
  return folded;
}

std::string game_letters(std::string_view word) {
  std::string out;
  if (!lexicon::match_key_into(word, out)) return {};
  std::string letters;
  letters.reserve(out.size());
  for (char c : out) {
    if (c >= 'a' && c <= 'z') {
      letters += static_cast<char>(c - 'a' + 'A');
    } else if (c != '-' && c != '\'' && c != ' ') {
      return {};
    }
  }
  return letters;
}

}  // namespace logomachie::games
