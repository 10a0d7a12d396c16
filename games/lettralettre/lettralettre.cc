#include "games/lettralettre/lettralettre.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <stdexcept>

#include "games/core/content.h"
#include "games/core/options.h"
#include "games/lettralettre/bot.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games {
std::span<const ContentFile> lettralettre_content();  // generated from data/lettralettre/
}

namespace logomachie::games::lettralettre {
namespace {

constexpr int kRulesVersion = 1;
constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

Themes load_themes(std::span<const ContentFile> files) {
  Themes themes;
  for (const auto& f : files) {
    if (!f.name.starts_with("themes/") || !f.name.ends_with(".txt")) continue;
    auto name = std::string(f.name.substr(7, f.name.size() - 7 - 4));
    auto& set = themes[name];
    for_each_data_line(f.text, [&](std::string_view line) {
      if (auto key = lexicon::match_key(line)) set.insert(*key);
    });
  }
  return themes;
}

Stars load_stars(std::string_view text) {
  Stars stars{};
  for_each_data_line(text, [&](std::string_view line) {
    if (line.size() < 3 || line[0] < 'A' || line[0] > 'Z' || line[1] != '\t') {
      throw std::runtime_error("letters.tsv: bad line");
    }
    stars[static_cast<std::size_t>(line[0] - 'A')] = std::stoi(std::string(line.substr(2)));
  });
  return stars;
}

std::vector<Constraint> load_deck(std::string_view text) {
  std::vector<Constraint> deck;
  const auto v = parse_json(text);
  if (!v.is_array()) throw std::runtime_error("constraints.json: an array is expected");
  for (const auto& c : v.get_array()) deck.push_back(parse_constraint(c));
  return deck;
}

std::string letters_of(const JsonArray& a, std::string_view field) {
  std::string out;
  for (const auto& l : a) {
    if (!l.is_string() || l.get_string().size() != 1 || l.get_string()[0] < 'A' || l.get_string()[0] > 'Z') {
      refuse("bad_setup", guillemets(field) + " est une liste de lettres majuscules.");
    }
    out += l.get_string()[0];
  }
  return out;
}

JsonArray letters_json(std::string_view s) {
  JsonArray a;
  for (char c : s) a.push_back(Json(std::string(1, c)));
  return a;
}

Json constraint_json(const Constraint& c) {
  return JsonObject{{"id", c.id}, {"text", c.text}, {"bonus", c.bonus}};
}

}  // namespace

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::kAuction:
      return "auction";
    case Phase::kWords:
      return "words";
    case Phase::kReveal:
      return "reveal";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

// --- game -------------------------------------------------------------------

const LettralettreGame::Indexes& LettralettreGame::indexes() const {
  std::call_once(indexes_once_, [this] { indexes_ = std::make_unique<const Indexes>(lexicon_, judge_); });
  return *indexes_;
}

LettralettreGame::LettralettreGame(const lexicon::Lexicon& lexicon)
    : lexicon_(lexicon),
      themes_(load_themes(lettralettre_content())),
      judge_(lexicon, themes_),
      stars_(load_stars(content_file(lettralettre_content(), "letters.tsv"))),
      deck_(load_deck(content_file(lettralettre_content(), "constraints.json"))) {
  info_.name = "lettralettre";
  info_.title = "Lettralettre 26";
  info_.min_players = 2;
  info_.max_players = std::min<int>(10, static_cast<int>(deck_.size() / 2));
  info_.rules_version = kRulesVersion;
  info_.content_version = content_hash(lettralettre_content());
  info_.bot_levels = {"easy", "medium", "hard"};
  info_.independent_actions = {"submit", "give_up", "ready"};
  info_.options = {
      int_option("letters", "Lettres tirées", 6, 5, 8, counted({5, 6, 7, 8}, "lettre", "lettres")),
      int_option("taboo", "Lettres interdites", 2, 1, 2, counted({1, 2}, "lettre", "lettres")),
      int_option("tokens", "Jetons au départ", 8, 1, 50, counted({4, 6, 8, 10, 12}, "jeton", "jetons")),
      int_option("round_seconds", "Sablier des manches", 60, 0, 3600,
                 seconds({0, 30, 45, 60, 90, 120}, "sans sablier")),
      int_option("auction_seconds", "Sablier des enchères", 0, 0, 3600,
                 seconds({0, 15, 30, 60}, "sans sablier")),
      int_option("reveal_seconds", "Temps pour lire les résultats", 15, 0, 3600,
                 seconds({0, 10, 15, 30}, "attendre tout le monde")),
  };
  for (const auto& c : deck_) {
    if (!c.check.theme.empty() && !themes_.contains(c.check.theme)) {
      throw std::runtime_error("constraints.json: unknown theme " + c.check.theme);
    }
  }
}

const Constraint* LettralettreGame::find_constraint(std::string_view id) const {
  for (const auto& c : deck_) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

double LettralettreGame::expected_score(const Constraint& c, int letters, int taboo) const {
  const std::less<const Constraint*> before;
  if (before(&c, deck_.data()) || !before(&c, deck_.data() + deck_.size()))
    return 0.0;  // not one of our cards
  const auto index = static_cast<std::size_t>(&c - deck_.data());
  std::lock_guard lock(ev_mutex_);
  auto& cache = ev_cache_[{letters, taboo}];
  if (cache.empty()) {
    // The same deals for every card, so that values compare fairly.
    constexpr int kSamples = 60;
    cache.assign(deck_.size(), 0.0);
    Rng rng(0x1e77);
    std::string alphabet(kAlphabet);
    for (int s = 0; s < kSamples; ++s) {
      rng.shuffle(std::span(alphabet));
      SolverQuery q;
      q.shown = alphabet.substr(0, static_cast<std::size_t>(letters));
      q.stars = stars_;
      q.min_letters = kMinWordLetters;
      for (std::size_t i = 0; i < deck_.size(); ++i) {
        q.constraint = &deck_[i];
        const auto best = solver().best(q);
        cache[i] += best ? best->score : 0;
      }
    }
    for (auto& v : cache) v /= kSamples;
    (void)taboo;  // taboo cards come from the same deck: they only remove letters not shown
  }
  return cache[index];
}

std::unique_ptr<State> LettralettreGame::new_state(const Setup& setup) const {
  if (setup.players < info_.min_players || setup.players > info_.max_players) {
    refuse("bad_players",
           "Lettralettre 26 se joue de 2 à " + std::to_string(info_.max_players) + " joueurs.");
  }
  LettralettreData d;
  d.rng.reseed(setup.seed);
  const auto options = resolve_options(info_, setup.options, setup.players);
  d.letters = options.integer("letters");
  d.taboo = options.integer("taboo");
  d.start_tokens = options.integer("tokens");
  d.round_seconds = options.integer("round_seconds");
  d.auction_seconds = options.integer("auction_seconds");
  d.reveal_seconds = options.integer("reveal_seconds");
  const auto n = static_cast<std::size_t>(setup.players);
  d.tokens.assign(n, d.start_tokens);
  d.held.assign(n, {});
  d.out.assign(n, false);
  d.deals.assign(n, 0);
  d.rounds_won.assign(n, 0);
  d.submissions.assign(n, std::nullopt);
  d.ready.assign(n, false);
  for (const auto& kv : setup.fixed) {
    const std::string_view k = kv.key();
    if (k != "constraints" && k != "rounds" && k != "first_dealer") {
      refuse("bad_setup", "Réglage fixe inconnu\u00a0: " + guillemets(k) + ".");
    }
  }
  if (setup.fixed.contains("constraints")) {
    std::vector<std::string> order;
    for (const auto& id : get_array(setup.fixed, "constraints")) {
      if (!id.is_string() || !find_constraint(id.get_string()))
        refuse("bad_setup", "Carte contrainte inconnue.");
      if (std::find(order.begin(), order.end(), std::string_view(id.get_string())) != order.end()) {
        refuse("bad_setup", "Une carte contrainte ne peut être nommée qu’une fois.");
      }
      order.emplace_back(id.get_string());
    }
    // The named cards first, in order; the rest of the deck shuffled after them.
    std::vector<std::string> rest;
    for (const auto& c : deck_) {
      if (std::find(order.begin(), order.end(), c.id) == order.end()) rest.push_back(c.id);
    }
    d.rng.shuffle(std::span(rest));
    order.insert(order.end(), rest.begin(), rest.end());
    d.constraint_deck = std::move(order);
  } else {
    for (const auto& c : deck_) d.constraint_deck.push_back(c.id);
    d.rng.shuffle(std::span(d.constraint_deck));
  }
  if (setup.fixed.contains("rounds")) {
    for (const auto& r : get_array(setup.fixed, "rounds")) {
      if (!r.is_object()) refuse("bad_setup", "Chaque manche fixée est un objet {letters, taboo}.");
      d.fixed_rounds.emplace_back(letters_of(get_array(r.get_object(), "letters"), "letters"),
                                  letters_of(get_array(r.get_object(), "taboo"), "taboo"));
    }
  }
  d.dealer = setup.fixed.contains("first_dealer")
                 ? static_cast<int>(get_int(setup.fixed, "first_dealer", 0, setup.players - 1))
                 : static_cast<int>(d.rng.below(n));
  d.phase = Phase::kAuction;
  d.bidder = d.dealer;
  d.auction_card = d.constraint_deck.front();
  d.constraint_deck.erase(d.constraint_deck.begin());
  return std::make_unique<LettralettreState>(*this, std::move(d));
}

std::unique_ptr<Bot> LettralettreGame::make_bot(std::string_view level, uint64_t seed) const {
  return make_lettralettre_bot(*this, parse_level(level), seed);
}

// --- state ------------------------------------------------------------------

namespace {

int next_seat(const LettralettreData& d, int from, auto&& eligible) {
  const int n = static_cast<int>(d.tokens.size());
  for (int k = 1; k <= n; ++k) {
    const int p = (from + k) % n;
    if (eligible(p)) return p;
  }
  return -1;
}

int active_count(const LettralettreData& d) {
  return static_cast<int>(std::count(d.out.begin(), d.out.end(), false));
}

void deal_round(LettralettreData& d) {
  d.round += 1;
  if (static_cast<std::size_t>(d.round - 1) < d.fixed_rounds.size()) {
    const auto& [shown, taboo] = d.fixed_rounds[static_cast<std::size_t>(d.round - 1)];
    d.shown = shown;
    d.taboo_letters = taboo;
  } else {
    std::string deck(kAlphabet);
    d.rng.shuffle(std::span(deck));
    d.shown = deck.substr(0, static_cast<std::size_t>(d.letters));
    d.taboo_letters = deck.substr(static_cast<std::size_t>(d.letters), static_cast<std::size_t>(d.taboo));
  }
  for (auto& s : d.submissions) s.reset();
  std::fill(d.ready.begin(), d.ready.end(), false);
  d.phase = Phase::kWords;
}

}  // namespace

std::string LettralettreState::allowed() const {
  std::string out;
  for (char c : d_.shown) {
    if (d_.taboo_letters.find(c) == std::string::npos && out.find(c) == std::string::npos) out += c;
  }
  return out;
}

std::string LettralettreState::judged_spelling(PlayerId seat, std::string_view word,
                                               std::string_view id) const {
  if (word.size() > lexicon::kMaxWordBytes) refuse("word_too_long", "Ce mot est bien trop long.");
  const auto letters = game_letters(word);
  if (letters.empty()) refuse("not_letters", "Un mot s’écrit avec des lettres.");
  if (letters.size() < kMinWordLetters) refuse("too_short", "Il faut un mot d’au moins deux lettres.");
  for (char c : letters) {
    if (d_.taboo_letters.find(c) != std::string::npos) {
      refuse("taboo_letter", std::string("La lettre ") + c + " est taboue.");
    }
    if (d_.shown.find(c) == std::string::npos) {
      refuse("letter_not_shown", std::string("La lettre ") + c + " n’est pas sur la table.");
    }
  }
  const auto& lex = game_.lexicon();
  if (!lex.contains(word)) refuse("unknown_word", guillemets(word) + " n’est pas dans le dictionnaire.");
  if (!is_letters_game_word(lex, word)) {
    refuse("not_a_game_word", guillemets(word) + " est un bruit ou le nom d’une lettre, pas un mot du jeu.");
  }
  const auto& held = d_.held[static_cast<std::size_t>(seat)];
  if (std::find(held.begin(), held.end(), id) == held.end()) {
    refuse("bad_constraint", "Choisis une de tes deux cartes contraintes.");
  }
  const auto* c = game_.find_constraint(id);
  // Typed with accents, the word is that very form ("côte" is not "coté");
  // typed without, any form with those letters may meet the card.
  const auto typed = lexicon::fold_case(word).value_or(std::string(word));
  const bool accented =
      std::any_of(typed.begin(), typed.end(), [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; });
  std::string exact;
  if (accented) {
    for (auto f : lex.display_forms(word)) {
      if (f == typed) exact = typed;
    }
  }
  const auto form = game_.judge().satisfied_by(c->check, word, letters, RoundLetters{allowed()}, exact);
  if (!form) {
    refuse("constraint_not_met",
           guillemets(word) + " ne respecte pas la contrainte " + guillemets(c->text) + ".");
  }
  return form->empty() ? dictionary_spelling(lex, word) : std::string(*form);
}

std::optional<Error> LettralettreState::judge_word(PlayerId seat, std::string_view word,
                                                   std::string_view id) const {
  try {
    (void)judged_spelling(seat, word, id);
  } catch (const ActionError& e) {
    return e.error();
  }
  return std::nullopt;
}

std::vector<PlayerId> LettralettreState::to_act() const {
  std::vector<PlayerId> out;
  const int n = players();
  switch (d_.phase) {
    case Phase::kAuction:
      out.push_back(d_.bidder);
      break;
    case Phase::kWords:
      for (int p = 0; p < n; ++p) {
        if (!d_.out[static_cast<std::size_t>(p)] && !d_.submissions[static_cast<std::size_t>(p)])
          out.push_back(p);
      }
      break;
    case Phase::kReveal:
      for (int p = 0; p < n; ++p) {
        if (!d_.out[static_cast<std::size_t>(p)] && !d_.ready[static_cast<std::size_t>(p)]) out.push_back(p);
      }
      break;
    case Phase::kOver:
      break;
  }
  return out;
}

std::optional<std::vector<Action>> LettralettreState::legal_actions(PlayerId player) const {
  std::vector<Action> out;
  if (d_.phase == Phase::kWords && player >= 0 && player < players() &&
      !d_.out[static_cast<std::size_t>(player)]) {
    return std::nullopt;  // free word entry, resubmission included, until the round closes
  }
  const auto acts = to_act();
  if (std::find(acts.begin(), acts.end(), player) == acts.end()) return out;
  if (d_.phase == Phase::kAuction) {
    out.push_back(Action::make(player, d_.now, JsonObject{{"type", "take"}}));
    if (d_.tokens[static_cast<std::size_t>(player)] > 0) {
      out.push_back(Action::make(player, d_.now, JsonObject{{"type", "pass"}}));
    }
    return out;
  }
  if (d_.phase == Phase::kReveal) {
    out.push_back(Action::make(player, d_.now, JsonObject{{"type", "ready"}}));
    return out;
  }
  return std::nullopt;  // free word entry
}

std::optional<int64_t> LettralettreState::deadline() const {
  int seconds = 0;
  switch (d_.phase) {
    case Phase::kAuction:
      seconds = d_.auction_seconds;
      break;
    case Phase::kWords:
      seconds = d_.round_seconds;
      break;
    case Phase::kReveal:
      seconds = d_.reveal_seconds;
      break;
    case Phase::kOver:
      break;
  }
  if (seconds <= 0) return std::nullopt;
  return d_.phase_started + static_cast<int64_t>(seconds) * 1000;
}

namespace {

// Gives the face-up card to `taker` and turns the next one (or ends the auction).
void give_card(LettralettreData& d, int taker, std::vector<Json>& events) {
  const auto t = static_cast<std::size_t>(taker);
  d.held[t].push_back(d.auction_card);
  d.tokens[t] += d.pot;
  events.push_back(JsonObject{
      {"type", "constraint_taken"}, {"player", taker}, {"card", d.auction_card}, {"tokens", d.pot}});
  d.pot = 0;
  d.auction_card.clear();
  auto eligible = [&](int p) { return d.held[static_cast<std::size_t>(p)].size() < 2; };
  const int next = next_seat(d, taker, eligible);
  if (next < 0 || d.constraint_deck.empty()) {
    events.push_back(JsonObject{{"type", "auction_over"}});
    deal_round(d);
    events.push_back(JsonObject{{"type", "round_dealt"},
                                {"round", d.round},
                                {"dealer", d.dealer},
                                {"letters", letters_json(d.shown)},
                                {"taboo", letters_json(d.taboo_letters)}});
    return;
  }
  d.auction_card = d.constraint_deck.front();
  d.constraint_deck.erase(d.constraint_deck.begin());
  d.bidder = next;
  events.push_back(JsonObject{{"type", "constraint_shown"}, {"card", d.auction_card}, {"player", next}});
  // The last player still bidding has nobody to pass to: the card is theirs.
  int bidders = 0;
  for (int p = 0; p < static_cast<int>(d.held.size()); ++p) bidders += eligible(p) ? 1 : 0;
  if (bidders == 1) give_card(d, next, events);
}

}  // namespace

void LettralettreState::check_actor(PlayerId actor) const {
  if (d_.out[static_cast<std::size_t>(actor)])
    refuse("eliminated", "Tu n’as plus de jetons\u00a0: tu es éliminé de cette partie.");
}

void LettralettreState::do_apply(LettralettreData& next, const Move& move) const {
  const Phase phase_before = d_.phase;
  switch (d_.phase) {
    case Phase::kAuction:
      apply_auction(next, move);
      break;
    case Phase::kWords:
      apply_words(next, move);
      break;
    case Phase::kReveal:
      apply_reveal(next, move);
      break;
    case Phase::kOver:
      break;
  }
  if (next.phase != phase_before || next.phase == Phase::kAuction) next.phase_started = move.at;
}

void LettralettreState::apply_auction(LettralettreData& next, const Move& move) const {
  const PlayerId bidder = d_.bidder;
  if (!move.is_timeout && move.actor != bidder)
    refuse("not_your_turn", "Ce n’est pas à toi de décider pour cette carte.");
  std::string_view choice = move.type;
  if (move.is_timeout) choice = d_.tokens[static_cast<std::size_t>(bidder)] > 0 ? "pass" : "take";
  if (choice == "take") {
    give_card(next, bidder, move.events);
  } else if (choice == "pass") {
    if (d_.tokens[static_cast<std::size_t>(bidder)] == 0) {
      refuse("no_tokens", "Tu n’as plus de jeton pour passer\u00a0: tu dois prendre la carte.");
    }
    next.tokens[static_cast<std::size_t>(bidder)] -= 1;
    next.pot += 1;
    auto eligible = [&](int q) { return next.held[static_cast<std::size_t>(q)].size() < 2; };
    next.bidder = next_seat(next, bidder, eligible);
    move.events.push_back(JsonObject{
        {"type", "constraint_passed"}, {"player", bidder}, {"pot", next.pot}, {"next", next.bidder}});
  } else {
    refuse("wrong_phase",
           "Pendant les enchères, on prend la carte («\u00a0take\u00a0») ou on passe («\u00a0pass\u00a0»).");
  }
}

void LettralettreState::apply_words(LettralettreData& next, const Move& move) const {
  const PlayerId p = move.actor;
  if (move.type == "submit" || move.type == "give_up") {
    const auto s = submission(move);
    next.submissions[static_cast<std::size_t>(p)] = s;
    // The word stays secret until the reveal; giving up is no secret.
    move.events.push_back(JsonObject{{"type", s.given_up ? "gave_up" : "word_submitted"}, {"player", p}});
  } else if (!move.is_timeout) {
    refuse("wrong_phase",
           "C’est le moment de proposer un mot («\u00a0submit\u00a0») ou d’abandonner "
           "(«\u00a0give_up\u00a0»).");
  }
  bool all_in = true;
  for (int q = 0; q < players(); ++q) {
    if (!next.out[static_cast<std::size_t>(q)] && !next.submissions[static_cast<std::size_t>(q)])
      all_in = false;
  }
  if (all_in || move.is_timeout) score_round(next, move.events);
}

Submission LettralettreState::submission(const Move& move) const {
  Submission s;
  if (move.type == "give_up") {
    s.given_up = true;
    return s;
  }
  const PlayerId p = move.actor;
  const auto word = get_string(move.body(), "word");
  std::string id;
  const auto& held = d_.held[static_cast<std::size_t>(p)];
  if (const auto* v = find_field(move.body(), "constraint"); v && (v->is_int64() || v->is_uint64())) {
    const auto i =
        v->is_int64() ? v->get_int64() : static_cast<int64_t>(std::min<uint64_t>(v->get_uint64(), 9));
    if (i < 0 || i >= static_cast<int64_t>(held.size()))
      refuse("bad_constraint", "Choisis ta carte contrainte 0 ou 1.");
    id = held[static_cast<std::size_t>(i)];
  } else {
    id = std::string(get_string(move.body(), "constraint"));
  }
  s.word = judged_spelling(p, word, id);  // throws ActionError when refused
  s.constraint = id;
  s.score = Solver::letter_score(game_letters(word), game_.stars()) + game_.find_constraint(id)->bonus;
  return s;
}

void LettralettreState::score_round(LettralettreData& next, std::vector<Json>& events) const {
  const int n = players();
  JsonArray entries;
  int best = 0;
  for (int q = 0; q < n; ++q) {
    const auto& s = next.submissions[static_cast<std::size_t>(q)];
    if (!next.out[static_cast<std::size_t>(q)] && s) best = std::max(best, s->score);
  }
  SolverQuery query;
  query.shown = allowed();
  query.stars = game_.stars();
  query.min_letters = kMinWordLetters;
  // The best word each player could have played: every word must meet
  // one of that player's own two cards, so that is the fair top.
  auto best_for = [&](std::size_t seat) -> Json {
    Json top = nullptr;
    int top_score = -1;
    for (const auto& id : next.held[seat]) {
      SolverQuery with = query;
      with.constraint = game_.find_constraint(id);
      if (const auto f = game_.solver().best(with); f && f->score > top_score) {
        top_score = f->score;
        top = JsonObject{{"word", f->display}, {"score", f->score}, {"card", id}};
      }
    }
    return top;
  };
  JsonArray winners;
  for (int q = 0; q < n; ++q) {
    const auto qi = static_cast<std::size_t>(q);
    if (next.out[qi]) continue;
    const auto& s = next.submissions[qi];
    const int score = s ? s->score : 0;
    JsonObject e{{"player", q}, {"score", score}, {"best", best_for(qi)}};
    if (s && !s->given_up) {
      e["word"] = s->word;
      e["constraint"] = s->constraint;
    }
    if (best > 0 && score == best) {
      next.tokens[qi] += 2;
      next.rounds_won[qi] += 1;
      winners.push_back(q);
      e["tokens"] = 2;
    } else if (next.tokens[qi] > 0) {
      next.tokens[qi] -= 1;
      e["tokens"] = -1;
    } else {
      next.out[qi] = true;
      e["eliminated"] = true;
    }
    entries.push_back(std::move(e));
  }
  // The best word with no card at all (no bonus), labelled as such.
  JsonObject top{{"word", nullptr}, {"score", 0}};
  if (const auto f = game_.solver().best(query)) top = JsonObject{{"word", f->display}, {"score", f->score}};
  next.deals[static_cast<std::size_t>(next.dealer)] += 1;
  next.last_round = JsonObject{{"round", next.round},
                               {"dealer", next.dealer},
                               {"letters", letters_json(next.shown)},
                               {"taboo", letters_json(next.taboo_letters)},
                               {"entries", entries},
                               {"winners", winners},
                               {"best_possible", top}};
  events.push_back(JsonObject{{"type", "round_scored"}, {"result", next.last_round}});
  bool done = active_count(next) <= 1;
  if (!done) {
    done = true;
    for (int r = 0; r < n; ++r) {
      if (!next.out[static_cast<std::size_t>(r)] && next.deals[static_cast<std::size_t>(r)] < 2) done = false;
    }
  }
  next.phase = done ? Phase::kOver : Phase::kReveal;
  std::fill(next.ready.begin(), next.ready.end(), false);
}

void LettralettreState::apply_reveal(LettralettreData& next, const Move& move) const {
  if (move.type == "ready") {
    next.ready[static_cast<std::size_t>(move.actor)] = true;
  } else if (!move.is_timeout) {
    refuse("wrong_phase", "La manche est finie\u00a0: dis «\u00a0ready\u00a0» pour passer à la suivante.");
  }
  bool all_ready = true;
  for (int q = 0; q < players(); ++q) {
    if (!next.out[static_cast<std::size_t>(q)] && !next.ready[static_cast<std::size_t>(q)]) all_ready = false;
  }
  if (all_ready || move.is_timeout) {
    next.dealer = next_seat(next, next.dealer, [&](int q) { return !next.out[static_cast<std::size_t>(q)]; });
    deal_round(next);
    move.events.push_back(JsonObject{{"type", "round_dealt"},
                                     {"round", next.round},
                                     {"dealer", next.dealer},
                                     {"letters", letters_json(next.shown)},
                                     {"taboo", letters_json(next.taboo_letters)}});
  }
}

void LettralettreState::finished(std::vector<Json>& events) const {
  const auto o = outcome();
  JsonArray rank;
  for (int r : o.rank) rank.push_back(r);
  events.push_back(JsonObject{{"type", "game_over"}, {"rank", rank}});
}

Outcome LettralettreState::outcome() const {
  Outcome o;
  const int n = players();
  auto key = [&](int p) {
    const auto i = static_cast<std::size_t>(p);
    return std::tuple(d_.out[i] ? 0 : 1, d_.tokens[i], d_.rounds_won[i]);
  };
  for (int p = 0; p < n; ++p) {
    int rank = 1;
    for (int q = 0; q < n; ++q) rank += key(q) > key(p) ? 1 : 0;
    o.rank.push_back(rank);
  }
  JsonArray tokens;
  for (int t : d_.tokens) tokens.push_back(t);
  JsonArray won;
  for (int w : d_.rounds_won) won.push_back(w);
  o.details = JsonObject{{"tokens", tokens}, {"rounds_won", won}};
  return o;
}

Json LettralettreState::public_json(const Viewer& viewer, bool everything) const {
  const int n = players();
  JsonObject o;
  o["game"] = "lettralettre";
  o["players"] = n;
  o["phase"] = to_string(d_.phase);
  o["options"] = JsonObject{{"letters", d_.letters},
                            {"taboo", d_.taboo},
                            {"tokens", d_.start_tokens},
                            {"round_seconds", d_.round_seconds},
                            {"auction_seconds", d_.auction_seconds},
                            {"reveal_seconds", d_.reveal_seconds}};
  JsonArray tokens, held, out, deals, won, submitted, gave_up, ready;
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    tokens.push_back(d_.tokens[i]);
    JsonArray cards;
    for (const auto& id : d_.held[i]) cards.push_back(constraint_json(*game_.find_constraint(id)));
    held.push_back(std::move(cards));
    out.push_back(d_.out[i]);
    deals.push_back(d_.deals[i]);
    won.push_back(d_.rounds_won[i]);
    submitted.push_back(d_.submissions[i].has_value());
    // Giving up is public (its event reaches everybody); a word is not.
    gave_up.push_back(d_.submissions[i].has_value() && d_.submissions[i]->given_up);
    ready.push_back(d_.ready[i]);
  }
  o["tokens"] = std::move(tokens);
  o["constraints"] = std::move(held);
  o["out"] = std::move(out);
  o["deals"] = std::move(deals);
  o["rounds_won"] = std::move(won);
  o["dealer"] = d_.dealer;
  o["round"] = d_.round;
  JsonObject stars;
  for (std::size_t i = 0; i < 26; ++i) {
    if (game_.stars()[i]) stars[std::string(1, static_cast<char>('A' + i))] = game_.stars()[i];
  }
  o["stars"] = std::move(stars);
  if (d_.phase == Phase::kAuction) {
    o["auction"] = JsonObject{{"card", constraint_json(*game_.find_constraint(d_.auction_card))},
                              {"pot", d_.pot},
                              {"bidder", d_.bidder}};
  }
  if (d_.phase == Phase::kWords || d_.phase == Phase::kReveal) {
    o["letters"] = letters_json(d_.shown);
    o["taboo"] = letters_json(d_.taboo_letters);
  }
  if (d_.phase == Phase::kWords) {
    o["submitted"] = std::move(submitted);
    o["gave_up"] = std::move(gave_up);
  }
  if (d_.phase == Phase::kReveal) o["ready"] = std::move(ready);
  o["constraint_deck_count"] = d_.constraint_deck.size();
  o["last_round"] = d_.last_round;
  o["now"] = d_.now;
  if (const auto dl = deadline()) o["deadline"] = *dl;
  // Submissions: secret until the round is scored, except to their author.
  JsonArray subs;
  for (int p = 0; p < n; ++p) {
    const auto& s = d_.submissions[static_cast<std::size_t>(p)];
    if (!s || !(everything || viewer.is_player(p))) {
      subs.push_back(nullptr);
      continue;
    }
    subs.push_back(JsonObject{{"word", s->given_up ? Json(nullptr) : Json(s->word)},
                              {"constraint", s->constraint},
                              {"score", s->score}});
  }
  if (d_.phase == Phase::kWords) o["submissions"] = std::move(subs);
  if (viewer.kind == Viewer::Kind::kPlayer) o["you"] = viewer.id;
  return o;
}

Json LettralettreState::view(const Viewer& viewer) const {
  return public_json(viewer, false);
}

Json LettralettreState::serialize() const {
  Json v = public_json(Viewer::spectator(), true);
  auto& o = v.as_object();
  JsonArray deck;
  for (const auto& id : d_.constraint_deck) deck.push_back(Json(id));
  o["constraint_deck"] = std::move(deck);
  JsonArray subs;
  for (const auto& s : d_.submissions) {
    if (!s) {
      subs.push_back(nullptr);
    } else {
      subs.push_back(JsonObject{
          {"word", s->word}, {"constraint", s->constraint}, {"score", s->score}, {"given_up", s->given_up}});
    }
  }
  o["submissions"] = std::move(subs);
  JsonArray ready;
  for (bool r : d_.ready) ready.push_back(r);
  o["ready"] = std::move(ready);
  JsonArray fixed;
  for (const auto& [l, t] : d_.fixed_rounds) fixed.push_back(JsonObject{{"letters", l}, {"taboo", t}});
  o["fixed_rounds"] = std::move(fixed);
  o["phase_started"] = d_.phase_started;
  o["shown"] = d_.shown;
  o["taboo_letters"] = d_.taboo_letters;
  o["rng"] = d_.rng.to_hex();
  return v;
}

std::vector<std::string> LettralettreState::secrets_hidden_from(const Viewer& viewer) const {
  std::vector<std::string> out;
  if (d_.phase == Phase::kWords) {
    for (int p = 0; p < players(); ++p) {
      const auto& s = d_.submissions[static_cast<std::size_t>(p)];
      if (s && !s->given_up && !viewer.is_player(p)) {
        // As the author's own view shows it (a revealed word elsewhere is fine).
        out.push_back(canonical(JsonObject{{"word", s->given_up ? Json(nullptr) : Json(s->word)},
                                           {"constraint", s->constraint},
                                           {"score", s->score}}));
      }
    }
  }
  if (d_.constraint_deck.size() >= 2) out.push_back(canonical(string_array(d_.constraint_deck)));
  return out;
}

std::vector<Json> LettralettreState::shown_only_to(const Viewer& viewer) const {
  // One's own word (and the card it plays under) while the others still write theirs.
  if (viewer.kind != Viewer::Kind::kPlayer || d_.phase != Phase::kWords) return {};
  const auto& s = d_.submissions[static_cast<std::size_t>(viewer.id)];
  if (!s) return {};
  return {Json(s->word), Json(s->constraint)};
}

std::unique_ptr<Game> make_game(const GameContext& context) {
  if (!context.lexicon) throw std::invalid_argument("Lettralettre needs the lexicon");
  return std::make_unique<LettralettreGame>(*context.lexicon);
}

}  // namespace logomachie::games::lettralettre
