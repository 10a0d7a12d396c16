#include "solve_command.h"

#include <boost/json/serialize.hpp>

#include <iostream>

#include "game_context.h"
#include "games/core/json.h"
#include "games/lettralettre/lettralettre.h"
#include "games/wordbank/wordbank.h"
#include "jsonl.h"
#include "lexicon/normalize.h"

namespace logomachie::cli {
namespace {

using games::ActionError;
using games::JsonArray;
using games::JsonObject;

[[noreturn]] void bad(std::string code, std::string message) {
  throw ActionError(std::move(code), std::move(message));
}

const JsonObject& as_object(const games::Json& v) {
  if (!v.is_object()) bad("bad_input", "Chaque ligne est un objet JSON.");
  return v.get_object();
}

char letter_of(const games::Json& v) {
  if (v.is_string() && v.get_string().size() == 1) {
    char c = v.get_string()[0];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') return c;
  }
  bad("bad_letter", "Une lettre est un texte d’un caractère, de A à Z.");
}

std::vector<std::string> used_words(const JsonObject& o) {
  std::vector<std::string> used;
  if (!o.contains("used") || o.at("used").is_null()) return used;
  for (const auto& u : games::get_array(o, "used")) {
    if (!u.is_string() || u.get_string().size() > lexicon::kMaxInputBytes) {
      bad("bad_used", "« used » est une liste de mots.");
    }
    used.emplace_back(u.get_string());
  }
  return used;
}

std::string solve_wordbank(const games::wordbank::WordBankGame& game, std::string_view line) {
  using namespace games::wordbank;
  const auto parsed = games::parse_json(line);
  const auto& o = as_object(parsed);
  std::vector<Slot> circle;
  const auto& cards = games::get_array(o, "circle");
  if (cards.empty() || cards.size() > static_cast<std::size_t>(kMaxCircle)) {
    bad("bad_circle", "Le cercle compte de 1 à " + std::to_string(kMaxCircle) + " coffres.");
  }
  for (const auto& c : cards) {
    const auto& card = as_object(c);
    circle.push_back({letter_of(games::require(card, "letter")),
                      static_cast<int>(games::get_int(card, "free", 0, 99))});
  }
  const auto used = used_words(o);
  SolverQuery q;
  q.circle = circle;
  q.gems = static_cast<int>(games::get_optional_int(o, "gems", 0, 1000).value_or(static_cast<int64_t>(circle.size())));
  q.used = used;
  const auto best = game.solver().best(q);
  if (!best) return R"({"word":null,"gems":0})";
  JsonArray placed;
  for (int c : best->placement.cards) placed.push_back(c);
  return boost::json::serialize(JsonObject{{"word", best->display},
                                     {"start", best->placement.start},
                                     {"direction", to_string(best->placement.direction)},
                                     {"cards", placed},
                                     {"gems", best->placement.gems()}});
}

std::string solve_lettralettre(const games::lettralettre::LettralettreGame& game, std::string_view line) {
  using namespace games::lettralettre;
  const auto parsed = games::parse_json(line);
  const auto& o = as_object(parsed);
  std::string taboo;
  if (o.contains("taboo") && !o.at("taboo").is_null()) {
    for (const auto& l : games::get_array(o, "taboo")) taboo += letter_of(l);
  }
  SolverQuery q;
  q.min_letters = kMinWordLetters;  // the game refuses one-letter words
  for (const auto& l : games::get_array(o, "letters")) {
    const char c = letter_of(l);
    if (taboo.find(c) == std::string::npos && q.shown.find(c) == std::string::npos) q.shown += c;
  }
  if (o.contains("stars") && !o.at("stars").is_null()) {
    const auto& stars = games::get_object(o, "stars");
    for (const auto& kv : stars) {
      const char c = letter_of(games::Json(kv.key()));
      q.stars[static_cast<std::size_t>(c - 'A')] = static_cast<int>(games::get_int(stars, kv.key(), 0, 100));
    }
  }
  Constraint inline_constraint;
  if (const auto* c = o.if_contains("constraint"); c && !c->is_null()) {
    if (c->is_string()) {
      q.constraint = game.find_constraint(c->get_string());
      if (!q.constraint) bad("unknown_constraint", "Carte contrainte inconnue : « " + std::string(c->get_string()) + " ».");
    } else if (c->is_object()) {
      inline_constraint.id = "inline";
      inline_constraint.bonus = static_cast<int>(games::get_optional_int(c->get_object(), "bonus", -100, 100).value_or(0));
      inline_constraint.check = parse_check(games::get_object(c->get_object(), "check"));
      if (!inline_constraint.check.theme.empty() && !game.judge().knows_theme(inline_constraint.check.theme)) {
        bad("unknown_theme", "Thème inconnu : « " + inline_constraint.check.theme + " ».");
      }
      q.constraint = &inline_constraint;
    } else {
      bad("bad_constraint", "« constraint » vaut null, l’identifiant d’une carte ou {\"check\":{…},\"bonus\":n}.");
    }
  }
  const auto best = game.solver().best(q);
  if (!best) return R"({"word":null,"score":0})";
  return boost::json::serialize(JsonObject{{"word", best->display}, {"score", best->score}});
}

}  // namespace

int solve_command(std::span<const std::string_view> args, std::string_view lexicon_path) {
  if (args.size() != 1 || (args[0] != "wordbank" && args[0] != "lettralettre")) {
    std::cerr << "usage: logomachie solve wordbank|lettralettre  (JSON Lines on stdin; docs/solvers.md)\n";
    return 2;
  }
  auto lex = open_lexicon(lexicon_path, "solve");
  if (!lex) return 1;
  auto game = make_game(args[0], *lex, "solve");
  if (!game) return 1;
  std::function<std::string(std::string_view)> solve;
  if (args[0] == "wordbank") {
    const auto& g = dynamic_cast<const games::wordbank::WordBankGame&>(*game);
    solve = [&g](std::string_view line) { return solve_wordbank(g, line); };
  } else {
    const auto& g = dynamic_cast<const games::lettralettre::LettralettreGame&>(*game);
    solve = [&g](std::string_view line) { return solve_lettralettre(g, line); };
  }
  return run_jsonl_contract(solve);
}

}  // namespace logomachie::cli
