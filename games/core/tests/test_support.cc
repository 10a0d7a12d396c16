#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>

#include "games/core/registry.h"

namespace logomachie::games::testing {

const lexicon::Lexicon& lexicon() {
  static const auto lex = lexicon::Lexicon::open(LOGO_LEXICON_FILE);
  return lex;
}

const Game& game(std::string_view name) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<Game>, std::less<>> games;
  std::lock_guard lock(mu);
  if (auto it = games.find(name); it != games.end()) return *it->second;
  const auto* entry = find_game(name);
  if (!entry) throw std::runtime_error("no such game: " + std::string(name));
  GameContext context;
  context.lexicon = &lexicon();
  auto [it, _] = games.emplace(std::string(name), entry->make(context));
  return *it->second;
}

ApplyResult must_apply(State& state, PlayerId actor, JsonObject body, int64_t at) {
  auto r = state.apply(Action::make(actor, at, std::move(body)));
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->code + ": " + r.error->message : "");
  return r;
}

void must_refuse(State& state, PlayerId actor, JsonObject body, std::string_view code, int64_t at) {
  const auto before = canonical(state.serialize());
  auto r = state.apply(Action::make(actor, at, std::move(body)));
  ASSERT_FALSE(r.ok()) << "expected a refusal with " << code;
  EXPECT_EQ(r.error->code, code) << r.error->message;
  EXPECT_FALSE(r.error->message.empty());
  expect_french_typography(r.error->message, "the refusal " + r.error->code);
  EXPECT_TRUE(r.events.empty());
  EXPECT_EQ(before, canonical(state.serialize())) << "a refused action changed the state";
}

namespace {

constexpr std::string_view kNbsp = "\u00a0", kNarrowNbsp = "\u202f";

bool starts_with_nbsp(std::string_view s) {
  return s.starts_with(kNbsp) || s.starts_with(kNarrowNbsp);
}
bool ends_with_nbsp(std::string_view s) {
  return s.ends_with(kNbsp) || s.ends_with(kNarrowNbsp);
}
bool is_ascii_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
// The last byte of a letter: ASCII, or the end of a two-byte UTF-8 letter
// (Latin-1 Supplement and Latin Extended-A: à, é, œ…).
bool ends_with_letter(std::string_view s) {
  if (s.empty()) return false;
  if (is_ascii_letter(s.back())) return true;
  if (s.size() < 2) return false;
  const auto lead = static_cast<unsigned char>(s[s.size() - 2]);
  const auto last = static_cast<unsigned char>(s.back());
  return (lead == 0xC3 || lead == 0xC5) && last >= 0x80 && last <= 0xBF &&
         !(lead == 0xC3 && (last == 0x97 || last == 0xB7));
}

}  // namespace

std::vector<std::string> typography_faults(std::string_view text) {
  std::vector<std::string> faults;
  const auto at = [&](std::size_t i) {
    const auto from = i > 30 ? i - 30 : 0;
    return " in « " + std::string(text.substr(from, 60)) + " »";
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto before = text.substr(0, i), after = text.substr(i + 1);
    if (c == '\'') faults.push_back("a straight apostrophe (’ wanted)" + at(i));
    if (c == ':' || c == ';' || c == '!' || c == '?') {
      if (before.ends_with(' ')) faults.push_back(std::string("a plain space before ") + c + at(i));
      if (ends_with_letter(before))
        faults.push_back(std::string("no non-breaking space before ") + c + at(i));
    }
    if (text.substr(i).starts_with("«") && !starts_with_nbsp(text.substr(i + 2))) {
      faults.push_back("« without a non-breaking space after it" + at(i));
    }
    if (text.substr(i).starts_with("»") && !ends_with_nbsp(before)) {
      faults.push_back("» without a non-breaking space before it" + at(i));
    }
    if (c == '-' && !after.empty() && after[0] >= '0' && after[0] <= '9' &&
        (before.empty() || before.ends_with(' ') || before.ends_with('(') || before.ends_with('[') ||
         ends_with_nbsp(before) || before.ends_with('\n'))) {
      faults.push_back("a hyphen-minus as a minus sign (− wanted)" + at(i));
    }
  }
  return faults;
}

void expect_french_typography(std::string_view text, std::string_view what) {
  const auto faults = typography_faults(text);
  for (std::size_t i = 0; i < std::min<std::size_t>(faults.size(), 3); ++i) {
    ADD_FAILURE() << what << ": " << faults[i];
  }
}

std::string golden_vectors(std::string_view about, const std::vector<Json>& vectors) {
  std::string out = "{\n  \"about\": " + canonical(Json(about)) + ",\n  \"vectors\": [\n";
  for (std::size_t i = 0; i < vectors.size(); ++i) {
    out += "    " + canonical(vectors[i]);
    out += i + 1 < vectors.size() ? ",\n" : "\n";
  }
  return out + "  ]\n}\n";
}

void expect_web_golden(const std::string& path, const std::string& text, std::string_view if_meant) {
  if (std::getenv("LOGO_UPDATE_WEB_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << text;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing: run scripts/update-web-golden.sh";
  std::stringstream committed;
  committed << in.rdbuf();
  // Not EXPECT_EQ on the texts: a page of JSON says less than the first line that differs.
  if (committed.str() == text) return;
  std::istringstream a(committed.str()), b(text);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_b = static_cast<bool>(std::getline(b, lb));
    if (!more_a && !more_b) break;
    if (!more_a || !more_b || la != lb) {
      ADD_FAILURE() << path << " differs from what the engine gives now from line " << line
                    << ":\n  committed: " << (more_a ? la : "(end)")
                    << "\n  engine:    " << (more_b ? lb : "(end)")
                    << "\nIf the change is meant, run scripts/update-web-golden.sh; " << if_meant;
      return;
    }
  }
}

}  // namespace logomachie::games::testing
