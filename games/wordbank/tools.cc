// Word Bank's tools: `logomachie solve wordbank` (docs/solvers.md), and
// `judge`, which players may also ask during a game (Game::player_tools): is
// this word a password that would stand, whatever its placement.
#include "games/core/json.h"
#include "games/wordbank/wordbank.h"
#include "lexicon/normalize.h"

namespace logomachie::games::wordbank {

namespace {

const JsonObject& as_object(const Json& v) {
  if (!v.is_object()) refuse("bad_input", "Chaque ligne est un objet JSON.");
  return v.get_object();
}

char letter_of(const Json& v) {
  if (v.is_string() && v.get_string().size() == 1) {
    char c = v.get_string()[0];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') return c;
  }
  refuse("bad_letter", "Une lettre est un texte d’un caractère, de A à Z.");
}

std::vector<std::string> used_words(const JsonObject& o) {
  std::vector<std::string> used;
  if (!o.contains("used") || o.at("used").is_null()) return used;
  for (const auto& u : get_array(o, "used")) {
    if (!u.is_string() || u.get_string().size() > lexicon::kMaxInputBytes)
      refuse("bad_used", "«\u00a0used\u00a0» est une liste de mots.");
    used.emplace_back(u.get_string());
  }
  return used;
}

}  // namespace

std::vector<std::string_view> WordBankGame::tools() const {
  return {"solve", "judge"};
}

namespace {

// {"word":"…","used":[…]} → {"word": as the dictionary spells it, "ok": true}
// or {"word", "ok": false, "reason", "related" (a used word), "message": why, in
// French, without the penalty}: the same judgement as a password's.
Json judge(const WordBankGame& game, const Json& input) {
  const auto& o = as_object(input);
  const auto word = get_string(o, "word");
  if (word.empty() || word.size() > lexicon::kMaxWordBytes)
    refuse("bad_word", "«\u00a0word\u00a0» est un mot.");
  // The used words are the game's (a list of dictionary words, shown to
  // everyone): anything else is refused, so a question costs what a move costs.
  const auto used = used_words(o);
  if (used.size() > 200) refuse("bad_used", "«\u00a0used\u00a0» est une liste de mots.");
  for (const auto& u : used) {
    if (u.size() > lexicon::kMaxWordBytes || !game.lexicon().contains(u)) {
      refuse("bad_used", "«\u00a0used\u00a0» ne contient que des mots déjà joués.");
    }
  }
  const auto v = judge_password(game.lexicon(), used, word);
  JsonObject out{{"word", v.shown}, {"ok", v.reason.empty()}};
  if (!v.reason.empty()) {
    out["reason"] = v.reason;
    out["message"] = v.what;
    if (!v.related.empty()) out["related"] = v.related;
  }
  return out;
}

}  // namespace

// {"circle":[{"letter","free"}…],"used":[…],"gems":n} → the best password.
Json WordBankGame::tool(std::string_view name, const Json& input) const {
  if (name == "judge") return judge(*this, input);
  if (name != "solve") return Game::tool(name, input);
  const auto& o = as_object(input);
  std::vector<Slot> circle;
  const auto& cards = get_array(o, "circle");
  if (cards.empty() || cards.size() > static_cast<std::size_t>(kMaxCircle)) {
    refuse("bad_circle", "Le cercle compte de 1 à " + std::to_string(kMaxCircle) + " coffres.");
  }
  for (const auto& c : cards) {
    const auto& card = as_object(c);
    circle.push_back({letter_of(require(card, "letter")), static_cast<int>(get_int(card, "free", 0, 99))});
  }
  const auto used = used_words(o);  // q.used views it: it must outlive the search
  SolverQuery q;
  q.circle = circle;
  q.gems =
      static_cast<int>(get_optional_int(o, "gems", 0, 1000).value_or(static_cast<int64_t>(circle.size())));
  q.used = used;
  const auto best = solver().best(q);
  if (!best) return JsonObject{{"word", nullptr}, {"gems", 0}};
  JsonArray placed;
  for (int c : best->placement.cards) placed.push_back(c);
  return JsonObject{{"word", best->display},
                    {"start", best->placement.start},
                    {"direction", to_string(best->placement.direction)},
                    {"cards", placed},
                    {"gems", best->placement.gems()}};
}

}  // namespace logomachie::games::wordbank
