#include "games/tapecho/tapecho.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "games/core/content.h"
#include "games/core/options.h"
#include "games/tapecho/bot.h"

namespace logomachie::games {
std::span<const ContentFile> tapecho_content();  // generated from data/tapecho/
}

namespace logomachie::games::tapecho {
namespace {

constexpr int kRulesVersion = 1;
constexpr int kMinPlayers = 4;
constexpr int kMaxPlayers = 10;
constexpr int kLinkPoints = 3;  // « lien »: what the target gives the attacker at the end

Kind parse_kind(std::string_view s) {
  if (s == "atout") return Kind::kAtout;
  if (s == "handicap") return Kind::kHandicap;
  if (s == "attaque") return Kind::kAttaque;
  if (s == "defense") return Kind::kDefense;
  if (s == "hors-contexte") return Kind::kHorsContexte;
  throw std::runtime_error("cards.tsv: unknown type " + std::string(s));
}

Sex parse_sex(std::string_view s) {
  if (s == "H") return Sex::kH;
  if (s == "F") return Sex::kF;
  if (s == "X") return Sex::kX;
  throw std::runtime_error("cards.tsv: unknown sex " + std::string(s));
}

std::vector<Context> load_contexts(std::string_view text) {
  std::vector<Context> out;
  for_each_data_line(text, [&](std::string_view line) {
    const auto f = split_fields(line, '\t');
    if (f.size() != 4) throw std::runtime_error("contexts.tsv: 4 fields expected");
    out.push_back({std::string(f[0]), std::string(f[1]), std::string(f[2]), std::string(f[3])});
  });
  return out;
}

std::vector<Card> load_cards(std::string_view text, const std::vector<Context>& contexts) {
  std::vector<Card> out;
  for_each_data_line(text, [&](std::string_view line) {
    const auto f = split_fields(line, '\t');
    if (f.size() != 7) throw std::runtime_error("cards.tsv: 7 fields expected: " + std::string(line));
    Card c;
    c.id = std::string(f[0]);
    c.kind = parse_kind(f[1]);
    c.sex = parse_sex(f[2]);
    c.points = std::atoi(std::string(f[3]).c_str());
    c.colour = f[4] == "-" ? "" : std::string(f[4]);
    c.effect = f[5] == "-" ? "" : std::string(f[5]);
    c.text = std::string(f[6]);
    if (!c.colour.empty() && std::none_of(contexts.begin(), contexts.end(),
                                          [&](const Context& x) { return x.colour == c.colour; })) {
      throw std::runtime_error("cards.tsv: unknown colour in " + c.id);
    }
    if ((c.kind == Kind::kAtout && c.points <= 0) || (c.kind == Kind::kHandicap && c.points >= 0)) {
      throw std::runtime_error("cards.tsv: points of " + c.id);
    }
    if ((c.kind == Kind::kAttaque) != !c.effect.empty())
      throw std::runtime_error("cards.tsv: effect of " + c.id);
    out.push_back(std::move(c));
  });
  return out;
}

// Removes `card` from `cards`; false when absent.
bool take(std::vector<int>& cards, int card) {
  const auto it = std::find(cards.begin(), cards.end(), card);
  if (it == cards.end()) return false;
  cards.erase(it);
  return true;
}

// Draws the top card, the discard pile reshuffled when the pile is empty.
std::optional<int> draw(TapechoData& d) {
  if (d.pile.empty()) {
    d.pile = std::move(d.discard);
    d.discard.clear();
    d.rng.shuffle(std::span(d.pile));
  }
  if (d.pile.empty()) return std::nullopt;
  const int c = d.pile.front();
  d.pile.erase(d.pile.begin());
  return c;
}

Json ids(const TapechoState& s, const std::vector<int>& cards) {
  JsonArray a;
  for (int c : cards) a.push_back(Json(s.card(c).id));
  return a;
}

}  // namespace

std::string_view to_string(Kind k) {
  switch (k) {
    case Kind::kAtout:
      return "atout";
    case Kind::kHandicap:
      return "handicap";
    case Kind::kAttaque:
      return "attaque";
    case Kind::kDefense:
      return "defense";
    case Kind::kHorsContexte:
      return "hors-contexte";
  }
  return "atout";
}

std::string_view to_string(Sex s) {
  return s == Sex::kH ? "H" : s == Sex::kF ? "F" : "X";
}

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::kTurn:
      return "turn";
    case Phase::kChoose:
      return "choose";
    case Phase::kReact:
      return "react";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

// --- game -------------------------------------------------------------------

TapechoGame::TapechoGame() : contexts_(load_contexts(content_file(tapecho_content(), "contexts.tsv"))) {
  cards_ = load_cards(content_file(tapecho_content(), "cards.tsv"), contexts_);
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    if (!by_id_.emplace(cards_[i].id, static_cast<int>(i)).second)
      throw std::runtime_error("cards.tsv: duplicate " + cards_[i].id);
  }
  if (cards_.size() < static_cast<std::size_t>(kMaxPlayers) * kHandSize + 20)
    throw std::runtime_error("cards.tsv: deck too small");
  info_.name = "tapecho";
  info_.title = "Le Tapécho";
  info_.min_players = kMinPlayers;
  info_.max_players = kMaxPlayers;
  info_.default_players = 4;
  info_.rules_version = kRulesVersion;
  info_.content_version = content_hash(tapecho_content());
  info_.bot_levels = {"easy", "medium", "hard"};
  std::vector<OptionValue> contexts;
  for (const auto& c : contexts_) contexts.push_back({Json(c.id), c.name});
  info_.options = {
      seats_option("sexes", "Dans le jeu, chaque place joue…", JsonArray{"H", "F"},
                   {{"H", "un homme"}, {"F", "une femme"}})
          .with_help("Autant d’hommes que de femmes à un près\u00A0: chacun peut jouer l’autre sexe le temps "
                     "du match."),
      choice_option("mode", "Façon de jouer", "classique",
                    {{"classique", "chacun pour soi"},
                     {"sexes", "guerre des sexes\u00A0: les hommes contre les femmes"},
                     {"couples", "guerre des couples\u00A0: chaque homme fait équipe avec une femme"}}),
      int_option(
          "games", "Nombre de parties", 3, 1, 10,
          {{1, "une seule"}, {3, "3, les scores s’additionnent"}, {5, "5, les scores s’additionnent"}}),
      int_option("react_seconds", "Temps pour réagir (défense, hors contexte)", 5, 1, 60,
                 seconds({5, 8, 10})),
      int_option("turn_seconds", "Temps par tour", 60, 0, 600, seconds({60, 90, 0})),
      choice_option("context", "Contexte", nullptr, std::move(contexts))
          .with_unset("tiré au hasard à chaque partie")
          .as_advanced(),
  };
}

int TapechoGame::card_index(std::string_view id) const {
  const auto it = by_id_.find(std::string(id));
  return it == by_id_.end() ? -1 : it->second;
}

const Context* TapechoGame::find_context(std::string_view id) const {
  for (const auto& c : contexts_) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

namespace {

// Starts game `d.game_no + 1`: a context, a shuffled deck, ten cards each.
void deal(TapechoData& d, const TapechoGame& game, const std::vector<int>& fixed_deck, int first,
          std::vector<Json>& events) {
  d.game_no += 1;
  d.passes = 0;
  const auto g = static_cast<std::size_t>(d.game_no - 1);
  if (g < d.contexts.size()) {
    d.context = d.contexts[g];
  } else {
    d.context = game.contexts()[d.rng.below(game.contexts().size())].id;
    d.contexts.push_back(d.context);
  }
  std::vector<int> rest;
  for (int i = 0; i < static_cast<int>(game.cards().size()); ++i) {
    if (std::find(fixed_deck.begin(), fixed_deck.end(), i) == fixed_deck.end()) rest.push_back(i);
  }
  d.rng.shuffle(std::span(rest));
  d.pile = fixed_deck;
  d.pile.insert(d.pile.end(), rest.begin(), rest.end());
  d.discard.clear();
  d.links.clear();
  for (auto& side : d.sides) side = Side{};
  for (int round = 0; round < kHandSize; ++round) {
    for (auto& side : d.sides) {
      side.hand.push_back(d.pile.front());
      d.pile.erase(d.pile.begin());
    }
  }
  d.current = first;
  d.phase = Phase::kTurn;
  d.window.reset();
  d.choice.clear();
  events.push_back(
      JsonObject{{"type", "game_started"}, {"game", d.game_no}, {"context", d.context}, {"first", first}});
}

}  // namespace

std::unique_ptr<State> TapechoGame::new_state(const Setup& setup) const {
  if (setup.players < kMinPlayers || setup.players > kMaxPlayers) {
    refuse("bad_players", "Le Tapécho se joue de 4 à 10 joueurs.");
  }
  TapechoData d;
  d.rng.reseed(setup.seed);
  const auto n = static_cast<std::size_t>(setup.players);
  const auto options = resolve_options(info_, setup.options, setup.players);
  d.mode = std::string(options.text("mode"));
  d.games = options.integer("games");
  d.react_seconds = options.integer("react_seconds");
  d.turn_seconds = options.integer("turn_seconds");
  if (const auto* c = options.find("context"))
    d.contexts.assign(static_cast<std::size_t>(10), std::string(c->get_string()));
  for (const auto& x : options.find("sexes")->get_array())
    d.sex.push_back(x.get_string() == "H" ? Sex::kH : Sex::kF);
  const auto men = std::count(d.sex.begin(), d.sex.end(), Sex::kH);
  const auto women = static_cast<long>(n) - men;
  if (std::abs(men - women) > 1) {
    refuse("bad_option",
           "«\u00a0sexes\u00a0»\u00a0: autant d’hommes que de femmes dans le jeu, à un près (on peut changer "
           "de sexe pour la partie).");
  }
  if (d.mode == "couples" && men != women)
    refuse("bad_option", "Guerre des couples\u00a0: autant d’hommes que de femmes.");
  std::vector<int> fixed_deck;
  int first = -1;
  for (const auto& kv : setup.fixed) {
    const std::string_view k = kv.key();
    if (k == "deck") {
      for (const auto& id : get_array(setup.fixed, k)) {
        const int c = id.is_string() ? card_index(id.get_string()) : -1;
        if (c < 0 || std::find(fixed_deck.begin(), fixed_deck.end(), c) != fixed_deck.end()) {
          refuse("bad_setup", "«\u00a0deck\u00a0»\u00a0: des cartes connues, une fois chacune.");
        }
        fixed_deck.push_back(c);
      }
    } else if (k == "contexts") {
      d.contexts.clear();
      for (const auto& id : get_array(setup.fixed, k)) {
        if (!id.is_string() || !find_context(id.get_string()))
          refuse("bad_setup", "«\u00a0contexts\u00a0»\u00a0: des contextes connus.");
        d.contexts.emplace_back(id.get_string());
      }
    } else if (k == "first_player") {
      first = static_cast<int>(get_int(setup.fixed, k, 0, setup.players - 1));
    } else {
      refuse("bad_setup", "Réglage fixe inconnu\u00a0: " + guillemets(k) + ".");
    }
  }
  d.sides.assign(n, Side{});
  d.totals.assign(n, 0);
  if (first < 0) first = static_cast<int>(d.rng.below(n));
  std::vector<Json> events;
  deal(d, *this, fixed_deck, first, events);
  d.phase_started = 0;
  return std::make_unique<TapechoState>(*this, std::move(d));
}

std::unique_ptr<Bot> TapechoGame::make_bot(std::string_view level, uint64_t seed) const {
  return make_tapecho_bot(*this, parse_level(level), seed);
}

// --- state ------------------------------------------------------------------

bool TapechoState::fits(int c, int player) const {
  const auto s = card(c).sex;
  return s == Sex::kX || s == d_.sex[static_cast<std::size_t>(player)];
}

bool TapechoState::off_context(int c) const {
  const auto& k = card(c);
  if (k.colour.empty()) return false;
  const auto* ctx = game_.find_context(d_.context);
  return ctx && ctx->colour != k.colour;
}

namespace {

// Points lying in front of `player`: atouts, handicaps (doubled ones twice)
// and the links it holds or suffers.
int table_points(const TapechoData& d, const TapechoGame& game, int player) {
  const auto& s = d.sides[static_cast<std::size_t>(player)];
  const auto points = [&](int c) { return game.cards()[static_cast<std::size_t>(c)].points; };
  int total = 0;
  for (int c : s.atouts) total += points(c);
  for (int c : s.handicaps) {
    const int times = std::find(s.doubled.begin(), s.doubled.end(), c) != s.doubled.end() ? 2 : 1;
    total += times * points(c);
  }
  for (const auto& l : d.links) {
    if (l.target == player) total -= kLinkPoints;
    if (l.attacker == player) total += kLinkPoints;
  }
  return total;
}

// What the atouts and handicaps still in `player`'s hand cost: their
// absolute value each.
int hand_points(const TapechoData& d, const TapechoGame& game, int player) {
  int total = 0;
  for (int c : d.sides[static_cast<std::size_t>(player)].hand) {
    const auto& k = game.cards()[static_cast<std::size_t>(c)];
    if (k.kind == Kind::kAtout || k.kind == Kind::kHandicap) total += std::abs(k.points);
  }
  return total;
}

}  // namespace

int TapechoState::table_score(int player) const {
  return table_points(d_, game_, player);
}

int TapechoState::hand_cost(int player) const {
  return hand_points(d_, game_, player);
}

int TapechoState::score(int player) const {
  return table_score(player) - hand_cost(player);
}

std::vector<int> TapechoState::teammates(int player) const {
  std::vector<int> out;
  if (d_.mode == "classique") return out;
  const auto t = teams();
  for (int p = 0; p < players(); ++p) {
    if (p != player && t[static_cast<std::size_t>(p)] == t[static_cast<std::size_t>(player)])
      out.push_back(p);
  }
  return out;
}

bool TapechoState::is_teammate(int player, int other) const {
  if (d_.mode == "classique" || player == other) return false;
  const auto t = teams();
  return t[static_cast<std::size_t>(player)] == t[static_cast<std::size_t>(other)];
}

std::vector<int> TapechoState::teams() const {
  std::vector<int> t(static_cast<std::size_t>(players()));
  int men = 0, women = 0;
  for (int p = 0; p < players(); ++p) {
    const auto sx = d_.sex[static_cast<std::size_t>(p)];
    if (d_.mode == "sexes")
      t[static_cast<std::size_t>(p)] = sx == Sex::kH ? 0 : 1;
    else if (d_.mode == "couples")
      t[static_cast<std::size_t>(p)] = sx == Sex::kH ? men++ : women++;  // i-th man with i-th woman
    else
      t[static_cast<std::size_t>(p)] = p;
  }
  return t;
}

std::vector<JsonObject> TapechoState::plays(PlayerId p) const {
  std::vector<JsonObject> out;
  const auto& me = d_.sides[static_cast<std::size_t>(p)];
  // donne-carte's gift: the card that would cost most left in hand.
  auto gift = [&](int a, int b) -> std::optional<int> {
    std::optional<int> best;
    for (int c : me.hand) {
      if (c == a || c == b) continue;
      if (!best || std::abs(card(c).points) > std::abs(card(*best).points)) best = c;
    }
    return best;
  };
  auto can_attack = [&](int c, int t) {
    return t != p && !is_teammate(p, t) && fits(c, t) && !d_.sides[static_cast<std::size_t>(t)].attacked;
  };
  for (int c : me.hand) {
    const auto& k = card(c);
    if (k.kind == Kind::kAtout && !me.atout_blocked) {
      if (fits(c, p)) out.push_back({{"type", "atout"}, {"card", k.id}});
      for (int t : teammates(p)) {
        if (fits(c, t)) out.push_back({{"type", "atout"}, {"card", k.id}, {"target", t}});
      }
    }
    for (int t = 0; t < players(); ++t) {
      if (t == p) continue;
      if (k.kind == Kind::kHandicap && fits(c, t)) {
        out.push_back({{"type", "handicap"}, {"card", k.id}, {"target", t}});
        for (int a : me.hand) {
          if (card(a).kind != Kind::kAttaque) continue;
          for (int at = 0; at < players(); ++at) {
            if (!can_attack(a, at)) continue;
            JsonObject body{{"type", "handicap"},
                            {"card", k.id},
                            {"target", t},
                            {"attack", card(a).id},
                            {"attack_target", at}};
            if (card(a).effect == "donne-carte") {
              if (const auto g = gift(a, c)) body["give"] = card(*g).id;
            }
            out.push_back(std::move(body));
          }
        }
      }
      if (k.kind == Kind::kAttaque && can_attack(c, t)) {
        JsonObject body{{"type", "attack"}, {"card", k.id}, {"target", t}};
        if (k.effect == "donne-carte") {
          if (const auto g = gift(c, -1)) body["give"] = card(*g).id;
        }
        out.push_back(std::move(body));
      }
    }
    if (!d_.pile.empty() || !d_.discard.empty()) out.push_back({{"type", "swap"}, {"card", k.id}});
  }
  return out;
}

namespace {

std::vector<PlayerId> window_seats(const TapechoData& d, int n) {
  std::vector<PlayerId> out;
  const auto& w = *d.window;
  for (int p = 0; p < n; ++p) {
    if (w.done[static_cast<std::size_t>(p)]) continue;
    const bool target = w.attack && p == w.attack_target;
    const bool contester = w.contestable && !w.hors && p != w.actor;
    const bool owner = w.hors && p == w.actor;
    if (target || contester || owner) out.push_back(p);
  }
  return out;
}

}  // namespace

std::vector<PlayerId> TapechoState::to_act() const {
  switch (d_.phase) {
    case Phase::kTurn:
    case Phase::kChoose:
      return {d_.current};
    case Phase::kReact:
      return window_seats(d_, players());
    case Phase::kOver:
      break;
  }
  return {};
}

std::optional<std::vector<Action>> TapechoState::legal_actions(PlayerId player) const {
  std::vector<Action> out;
  const auto acts = to_act();
  if (std::find(acts.begin(), acts.end(), player) == acts.end()) return out;
  auto add = [&](JsonObject body) { out.push_back(Action::make(player, d_.now, std::move(body))); };
  const auto& side = d_.sides[static_cast<std::size_t>(player)];
  switch (d_.phase) {
    case Phase::kTurn:
      return std::nullopt;  // cards × targets × combinations
    case Phase::kChoose:
      for (int c : d_.choice) add({{"type", "keep"}, {"card", card(c).id}});
      break;
    case Phase::kReact: {
      const auto& w = *d_.window;
      add({{"type", "let_go"}});
      for (int c : side.hand) {
        const auto& k = card(c);
        const bool my_defense = k.kind == Kind::kDefense && k.sex == d_.sex[static_cast<std::size_t>(player)];
        if (my_defense && ((w.attack && player == w.attack_target) || (w.hors && player == w.actor))) {
          add({{"type", "defend"}, {"card", k.id}});
        }
        if (k.kind == Kind::kHorsContexte && w.contestable && !w.hors && player != w.actor) {
          add({{"type", "hors_contexte"}, {"card", k.id}, {"against", card(*w.contestable).id}});
        }
      }
      break;
    }
    case Phase::kOver:
      break;
  }
  return out;
}

std::optional<int64_t> TapechoState::deadline() const {
  switch (d_.phase) {
    case Phase::kTurn:
    case Phase::kChoose:
      if (d_.turn_seconds <= 0) return std::nullopt;
      return d_.phase_started + d_.turn_seconds * int64_t{1000};
    case Phase::kReact:
      return d_.phase_started + d_.react_seconds * int64_t{1000};
    case Phase::kOver:
      break;
  }
  return std::nullopt;
}

namespace {

// The outcome of a finished game: totals, results, next game or the end.
// Scores come from `d`, the position after the action that ended the game.
void end_game(TapechoData& d, const TapechoGame& game, int64_t at, std::vector<Json>& events) {
  JsonArray scores;
  std::vector<int> final_scores;
  int best = 0;
  for (int p = 0; p < static_cast<int>(d.sides.size()); ++p) {
    const int sc = table_points(d, game, p) - hand_points(d, game, p);
    final_scores.push_back(sc);
    d.totals[static_cast<std::size_t>(p)] += sc;
    scores.push_back(sc);
    if (sc > final_scores[static_cast<std::size_t>(best)]) best = p;
  }
  JsonObject result{{"game", d.game_no}, {"context", d.context}, {"scores", scores}, {"winner", best}};
  d.results.push_back(result);
  events.push_back(JsonObject{{"type", "game_ended"}, {"result", result}});
  if (d.game_no >= d.games) {
    d.phase = Phase::kOver;
    d.window.reset();
    d.phase_started = at;
    events.push_back(JsonObject{{"type", "match_over"}});
    return;
  }
  // The winner of a game starts the next one.
  deal(d, game, {}, best, events);
  d.phase_started = at;
}

// The player after `p` whose turn it is, skipping (and clearing) passed turns.
int next_player(TapechoData& d, int p, std::vector<Json>& events) {
  const int n = static_cast<int>(d.sides.size());
  for (int i = 0; i < n; ++i) {
    p = (p + 1) % n;
    auto& side = d.sides[static_cast<std::size_t>(p)];
    side.attacked = false;
    if (!side.skip) return p;
    // A skipped turn is that player's "next turn" for every lasting effect.
    side.skip = false;
    side.atout_blocked = false;
    side.open_hand = false;
    if (side.shown_attack) d.discard.push_back(*side.shown_attack);
    side.shown_attack.reset();
    events.push_back(JsonObject{{"type", "turn_skipped"}, {"player", p}});
  }
  return p;
}

}  // namespace

namespace {

// Finishes the current player's action: lasting effects of its turn end, the
// game ends when a hand is empty, else the next player's turn.
void finish_action(TapechoData& d, const TapechoGame& game, int64_t at, std::vector<Json>& events) {
  d.window.reset();
  d.choice.clear();
  auto& me = d.sides[static_cast<std::size_t>(d.current)];
  me.atout_blocked = false;
  // Everyone passed in a row: nobody can move any more, the game is over.
  if (d.passes >= static_cast<int>(d.sides.size())) {
    events.push_back(JsonObject{{"type", "stuck"}});
    end_game(d, game, at, events);
    return;
  }
  me.open_hand = false;
  if (me.shown_attack) d.discard.push_back(*me.shown_attack);
  me.shown_attack.reset();
  for (const auto& side : d.sides) {
    if (side.hand.empty()) {
      end_game(d, game, at, events);
      return;
    }
  }
  d.current = next_player(d, d.current, events);
  d.phase = Phase::kTurn;
  d.phase_started = at;
  events.push_back(JsonObject{{"type", "turn"}, {"player", d.current}});
}

// An attack that stood: its effect.
void apply_attack(TapechoData& d, const TapechoState& s, int attacker, int target, int c,
                  std::optional<int> give, std::vector<Json>& events) {
  auto& a = d.sides[static_cast<std::size_t>(attacker)];
  auto& t = d.sides[static_cast<std::size_t>(target)];
  const auto& effect = s.card(c).effect;
  bool effective = true;  // whether the effect found something to act on
  bool stolen = false;    // vol-atout: the atout went to the attacker (else to the discard)
  if (effect == "lien") {
    d.links.push_back({attacker, target, c});
  } else {
    t.shown_attack = c;  // visible until the end of the target's next turn
  }
  if (effect == "vol-atout" || effect == "defausse-atout") {
    effective = !t.atouts.empty();
    if (effective) {
      const int lost = t.atouts.back();
      t.atouts.pop_back();
      if (effect == "vol-atout" && s.fits(lost, attacker)) {
        a.atouts.push_back(lost);
        stolen = true;
      } else {
        d.discard.push_back(lost);
      }
    }
  } else if (effect == "passe-tour") {
    t.skip = true;
  } else if (effect == "pioche-deux") {
    int drawn = 0;
    for (int i = 0; i < 2; ++i) {
      if (const auto c2 = draw(d)) {
        t.hand.push_back(*c2);
        ++drawn;
      }
    }
    effective = drawn > 0;
  } else if (effect == "echange-main") {
    std::swap(a.hand, t.hand);
  } else if (effect == "donne-carte") {
    effective = give.has_value();
    if (give) t.hand.push_back(*give);
  } else if (effect == "main-ouverte") {
    t.open_hand = true;
  } else if (effect == "transfert-handicap") {
    effective = !a.handicaps.empty() && s.fits(a.handicaps.back(), target);
    if (effective) {
      const int moved = a.handicaps.back();
      a.handicaps.pop_back();
      t.handicaps.push_back(moved);
      // A doubled handicap stays doubled: the mark is on the card.
      if (take(a.doubled, moved)) t.doubled.push_back(moved);
    }
  } else if (effect == "atout-bloque") {
    t.atout_blocked = true;
  } else if (effect == "double-handicap") {
    effective = !t.handicaps.empty() &&
                std::find(t.doubled.begin(), t.doubled.end(), t.handicaps.back()) == t.doubled.end();
    if (effective) t.doubled.push_back(t.handicaps.back());
  }
  JsonObject landed{{"type", "attack_landed"}, {"attacker", attacker}, {"target", target},
                    {"card", s.card(c).id},    {"effect", effect},     {"effective", effective}};
  if (effect == "vol-atout" && effective) landed["stolen"] = stolen;
  events.push_back(std::move(landed));
}

// Closes the window: an unanswered hors contexte cancels its card, a
// standing attack strikes, then the action is over.
void close_window(TapechoData& d, const TapechoState& s, const TapechoGame& game, int64_t at,
                  std::vector<Json>& events) {
  auto w = *d.window;
  if (w.hors && w.contestable) {
    auto& owner = d.sides[static_cast<std::size_t>(w.contestable_owner)];
    if (!take(owner.atouts, *w.contestable)) take(owner.handicaps, *w.contestable);
    d.discard.push_back(*w.contestable);
    d.discard.push_back(*w.hors);
    events.push_back(
        JsonObject{{"type", "cancelled"}, {"card", s.card(*w.contestable).id}, {"by", w.hors_player}});
  }
  if (w.attack) apply_attack(d, s, w.actor, w.attack_target, *w.attack, w.give, events);
  finish_action(d, game, at, events);
}

}  // namespace

void TapechoState::do_apply(TapechoData& next, const Move& move) const {
  switch (d_.phase) {
    case Phase::kTurn:
      return apply_turn(next, move);
    case Phase::kChoose:
      return apply_choose(next, move);
    case Phase::kReact:
      return apply_react(next, move);
    case Phase::kOver:
      return;
  }
}

int TapechoState::hand_card(const TapechoData& next, const Move& move, std::string_view field) const {
  const int c = game_.card_index(get_string(move.body(), field));
  const auto& hand = next.sides[static_cast<std::size_t>(move.actor)].hand;
  if (c < 0 || std::find(hand.begin(), hand.end(), c) == hand.end())
    refuse("not_in_hand", "Cette carte n’est pas dans ta main.");
  return c;
}

int TapechoState::other_player(const Move& move, std::string_view field) const {
  const int t = static_cast<int>(get_int(move.body(), field, 0, players() - 1));
  if (t == move.actor) refuse("not_yourself", "Celle-là se joue sur quelqu’un d’autre.");
  return t;
}

std::optional<int> TapechoState::check_attack(const TapechoData& next, const Move& move, int c, int target,
                                              std::optional<int> handicap) const {
  const auto& k = card(c);
  if (k.kind != Kind::kAttaque) refuse("not_an_attack", "Ce n’est pas une carte attaque.");
  if (is_teammate(move.actor, target))
    refuse("not_an_opponent", "Une attaque se pose devant un adversaire, pas devant un partenaire.");
  if (!fits(c, target)) refuse("wrong_sex", "Cette attaque ne vise pas le sexe de ce joueur.");
  if (next.sides[static_cast<std::size_t>(target)].attacked) {
    refuse("already_attacked", "Ce joueur a déjà reçu une attaque ce tour-ci.");
  }
  if (k.effect != "donne-carte" || !find_field(move.body(), "give")) return std::nullopt;
  const int g = hand_card(next, move, "give");
  if (g == c || (handicap && g == *handicap))
    refuse("bad_gift", "Offre une autre carte que celles que tu joues.");
  return g;
}

void TapechoState::apply_turn(TapechoData& next, const Move& move) const {
  if (move.is_timeout) {
    move.events.push_back(JsonObject{{"type", "time_up"}, {"player", d_.current}});
    finish_action(next, game_, move.at, move.events);
    return;
  }
  if (move.actor != d_.current) refuse("not_your_turn", "Ce n’est pas ton tour.");
  if (move.type != "pass") next.passes = 0;
  Window w;
  w.actor = move.actor;
  w.done.assign(static_cast<std::size_t>(players()), false);
  bool window = false;
  if (move.type == "atout") {
    window = play_atout(next, move, w);
  } else if (move.type == "handicap") {
    window = play_handicap(next, move, w);
  } else if (move.type == "attack") {
    window = play_attack(next, move, w);
  } else if (move.type == "swap") {
    swap_card(next, move);
  } else if (move.type == "pass") {
    pass_turn(next, move);
  } else {
    refuse("wrong_phase",
           "À toi de jouer\u00a0: «\u00a0atout\u00a0», «\u00a0handicap\u00a0», «\u00a0attack\u00a0» ou "
           "«\u00a0swap\u00a0».");
  }
  if (window) {
    next.window = std::move(w);
    next.phase = Phase::kReact;
    next.phase_started = move.at;
  } else if (move.type == "atout" || move.type == "handicap") {
    finish_action(next, game_, move.at, move.events);
  }
}

bool TapechoState::play_atout(TapechoData& next, const Move& move, Window& w) const {
  const PlayerId p = move.actor;
  const auto pi = static_cast<std::size_t>(std::max(p, 0));
  auto& me = next.sides[pi];
  const int c = hand_card(next, move, "card");
  // On yourself; in the team modes, also on a teammate.
  int target = p;
  if (find_field(move.body(), "target")) {
    target = static_cast<int>(get_int(move.body(), "target", 0, players() - 1));
    const auto mates = teammates(p);
    if (target != p && std::find(mates.begin(), mates.end(), target) == mates.end()) {
      refuse("not_a_teammate", d_.mode == "classique" ? "Un atout se pose sur soi."
                                                      : "Un atout se pose sur soi ou sur un partenaire.");
    }
  }
  if (card(c).kind != Kind::kAtout) refuse("not_an_atout", "Ce n’est pas un atout.");
  if (!fits(c, target)) {
    refuse("wrong_sex",
           target == p ? "Cet atout n’est pas pour ton sexe." : "Cet atout ne va pas au sexe de ce joueur.");
  }
  if (me.atout_blocked) refuse("atout_blocked", "Une attaque t’empêche de poser un atout ce tour-ci.");
  take(me.hand, c);
  next.sides[static_cast<std::size_t>(target)].atouts.push_back(c);
  JsonObject played{{"type", "atout"}, {"player", p}, {"card", card(c).id}};
  if (target != p) played["target"] = target;
  move.events.push_back(std::move(played));
  if (off_context(c)) {
    w.contestable = c;
    w.contestable_owner = target;
    return true;
  }
  return false;
}

bool TapechoState::play_handicap(TapechoData& next, const Move& move, Window& w) const {
  const PlayerId p = move.actor;
  const auto pi = static_cast<std::size_t>(std::max(p, 0));
  auto& me = next.sides[pi];
  bool window = false;
  const int c = hand_card(next, move, "card");
  const int target = other_player(move, "target");
  if (card(c).kind != Kind::kHandicap) refuse("not_a_handicap", "Ce n’est pas un handicap.");
  if (!fits(c, target)) refuse("wrong_sex", "Ce handicap ne va pas au sexe de ce joueur.");
  std::optional<int> attack, give;
  int attack_target = target;
  if (find_field(move.body(), "attack")) {
    attack = hand_card(next, move, "attack");
    if (find_field(move.body(), "attack_target")) attack_target = other_player(move, "attack_target");
    give = check_attack(next, move, *attack, attack_target, c);
  }
  take(me.hand, c);
  next.sides[static_cast<std::size_t>(target)].handicaps.push_back(c);
  move.events.push_back(
      JsonObject{{"type", "handicap"}, {"player", p}, {"target", target}, {"card", card(c).id}});
  if (off_context(c)) {
    w.contestable = c;
    w.contestable_owner = target;
    window = true;
  }
  if (attack) {
    take(me.hand, *attack);
    if (give) take(me.hand, *give);
    next.sides[static_cast<std::size_t>(attack_target)].attacked = true;
    w.attack = attack;
    w.attack_target = attack_target;
    w.give = give;
    window = true;
    move.events.push_back(
        JsonObject{{"type", "attack"}, {"player", p}, {"target", attack_target}, {"card", card(*attack).id}});
  }
  return window;
}

bool TapechoState::play_attack(TapechoData& next, const Move& move, Window& w) const {
  const PlayerId p = move.actor;
  auto& me = next.sides[static_cast<std::size_t>(p)];
  const int c = hand_card(next, move, "card");
  const int target = other_player(move, "target");
  const auto give = check_attack(next, move, c, target, std::nullopt);
  take(me.hand, c);
  if (give) take(me.hand, *give);
  next.sides[static_cast<std::size_t>(target)].attacked = true;
  w.attack = c;
  w.attack_target = target;
  w.give = give;
  move.events.push_back(
      JsonObject{{"type", "attack"}, {"player", p}, {"target", target}, {"card", card(c).id}});
  return true;
}

void TapechoState::swap_card(TapechoData& next, const Move& move) const {
  const PlayerId p = move.actor;
  auto& me = next.sides[static_cast<std::size_t>(p)];
  const int c = hand_card(next, move, "card");
  // Nothing to draw (pile and discard both empty): the card would come
  // straight back, a swap that changes nothing but the turn.
  if (next.pile.empty() && next.discard.empty()) refuse("empty_pile", "Plus une carte à piocher.");
  take(me.hand, c);
  next.discard.push_back(c);
  for (int i = 0; i < 2; ++i) {
    if (const auto drawn = draw(next)) next.choice.push_back(*drawn);
  }
  if (next.choice.empty()) refuse("empty_pile", "Plus une carte à piocher.");
  move.events.push_back(JsonObject{{"type", "swapped"}, {"player", p}});
  if (next.choice.size() == 1) {
    me.hand.push_back(next.choice.front());
    finish_action(next, game_, move.at, move.events);
  } else {
    next.phase = Phase::kChoose;
    next.phase_started = move.at;
  }
}

void TapechoState::pass_turn(TapechoData& next, const Move& move) const {
  const PlayerId p = move.actor;
  if (!plays(p).empty())
    refuse("must_play", "Tu peux encore jouer\u00a0: pose, inflige ou échange une carte.");
  move.events.push_back(JsonObject{{"type", "passed"}, {"player", p}});
  ++next.passes;
  finish_action(next, game_, move.at, move.events);
}

void TapechoState::apply_choose(TapechoData& next, const Move& move) const {
  int keep = next.choice.front();
  if (move.type == "keep") {
    if (move.actor != d_.current) refuse("not_your_turn", "Ce n’est pas ton tour.");
    keep = game_.card_index(get_string(move.body(), "card"));
    if (std::find(next.choice.begin(), next.choice.end(), keep) == next.choice.end()) {
      refuse("not_drawn", "Garde une des deux cartes piochées.");
    }
  } else if (!move.is_timeout) {
    refuse("wrong_phase", "Garde une des deux cartes piochées («\u00a0keep\u00a0»).");
  }
  next.sides[static_cast<std::size_t>(d_.current)].hand.push_back(keep);
  for (int c : next.choice) {
    if (c != keep) next.pile.insert(next.pile.begin(), c);  // back on top of the pile
  }
  finish_action(next, game_, move.at, move.events);
}

void TapechoState::apply_react(TapechoData& next, const Move& move) const {
  const PlayerId p = move.actor;
  const auto pi = static_cast<std::size_t>(std::max(p, 0));
  auto& w = *next.window;
  const auto seats = window_seats(d_, players());
  const bool in_window = !move.is_timeout && std::find(seats.begin(), seats.end(), p) != seats.end();
  if (move.type == "defend") {
    if (!in_window) refuse("not_now", "Rien à parer pour toi en ce moment.");
    next.phase_started = move.at;  // a card played in the window: the others get a fresh reaction time
    const int c = hand_card(next, move, "card");
    if (card(c).kind != Kind::kDefense || card(c).sex != d_.sex[pi]) {
      refuse("wrong_defense", "Il faut la défense de ton sexe (Superchopeur ou Wonderchopeuse).");
    }
    if (w.hors && p == w.actor) {
      // The défense cancels the hors contexte: the card stays.
      take(next.sides[pi].hand, c);
      next.discard.push_back(c);
      next.discard.push_back(*w.hors);
      move.events.push_back(JsonObject{{"type", "defended"}, {"player", p}, {"against", card(*w.hors).id}});
      w.hors.reset();
      w.contestable.reset();
    } else if (w.attack && p == w.attack_target) {
      take(next.sides[pi].hand, c);
      next.discard.push_back(c);
      next.discard.push_back(*w.attack);
      if (w.give) next.sides[static_cast<std::size_t>(w.actor)].hand.push_back(*w.give);
      move.events.push_back(JsonObject{{"type", "defended"}, {"player", p}, {"against", card(*w.attack).id}});
      w.attack.reset();
      w.give.reset();
    } else {
      refuse("not_now", "Rien à parer pour toi en ce moment.");
    }
  } else if (move.type == "hors_contexte") {
    if (!in_window || !w.contestable || w.hors || p == w.actor)
      refuse("not_now", "Il n’y a pas de carte à contester.");
    const int c = hand_card(next, move, "card");
    if (card(c).kind != Kind::kHorsContexte)
      refuse("not_hors_contexte", "Ce n’est pas une carte «\u00a0Hors contexte\u00a0».");
    if (get_string(move.body(), "against") != card(*w.contestable).id) {
      refuse("too_late", "Quelqu’un a été plus rapide, ou cette carte n’est plus contestable.");
    }
    take(next.sides[pi].hand, c);
    w.hors = c;
    w.hors_player = p;
    w.done[static_cast<std::size_t>(w.actor)] = false;  // the owner may answer with a défense
    next.phase_started = move.at;  // …with a whole reaction time of its own, however late this came
    move.events.push_back(
        JsonObject{{"type", "hors_contexte"}, {"player", p}, {"against", card(*w.contestable).id}});
  } else if (move.type == "let_go") {
    if (!in_window) refuse("not_now", "Rien à décider pour toi en ce moment.");
    w.done[pi] = true;
  } else if (!move.is_timeout) {
    refuse("wrong_phase",
           "On attend les réactions («\u00a0defend\u00a0», «\u00a0hors_contexte\u00a0» ou "
           "«\u00a0let_go\u00a0»).");
  }
  if (move.is_timeout || window_seats(next, players()).empty())
    close_window(next, *this, game_, move.at, move.events);
}

Outcome TapechoState::outcome() const {
  Outcome o;
  const auto t = teams();
  std::vector<int> team_total(static_cast<std::size_t>(players()), 0);
  for (int p = 0; p < players(); ++p)
    team_total[static_cast<std::size_t>(t[static_cast<std::size_t>(p)])] +=
        d_.totals[static_cast<std::size_t>(p)];
  for (int p = 0; p < players(); ++p) {
    const int mine = team_total[static_cast<std::size_t>(t[static_cast<std::size_t>(p)])];
    int better = 0;
    std::vector<bool> seen(static_cast<std::size_t>(players()), false);
    for (int q = 0; q < players(); ++q) {
      const auto tq = static_cast<std::size_t>(t[static_cast<std::size_t>(q)]);
      if (!seen[tq] && team_total[tq] > mine) ++better;
      seen[tq] = true;
    }
    o.rank.push_back(1 + better);
  }
  JsonArray totals, team_of;
  for (int v : d_.totals) totals.push_back(v);
  for (int v : t) team_of.push_back(v);
  o.details = JsonObject{{"totals", totals}, {"teams", team_of}, {"mode", d_.mode}, {"games", d_.results}};
  return o;
}

Json TapechoState::public_json(const Viewer& viewer, bool everything) const {
  const int me = viewer.kind == Viewer::Kind::kPlayer ? viewer.id : -1;
  JsonObject o;
  o["game"] = "tapecho";
  o["players"] = players();
  o["phase"] = to_string(d_.phase);
  o["mode"] = d_.mode;
  o["game_no"] = d_.game_no;
  o["games"] = d_.games;
  o["context"] = d_.context;
  o["current"] = d_.current;
  JsonArray sides;
  for (int p = 0; p < players(); ++p) {
    const auto& s = d_.sides[static_cast<std::size_t>(p)];
    JsonObject side{{"sex", to_string(d_.sex[static_cast<std::size_t>(p)])},
                    {"hand_count", s.hand.size()},
                    {"atouts", ids(*this, s.atouts)},
                    {"handicaps", ids(*this, s.handicaps)},
                    {"doubled", ids(*this, s.doubled)},
                    {"skip", s.skip},
                    {"atout_blocked", s.atout_blocked},
                    {"open_hand", s.open_hand},
                    {"attacked", s.attacked},
                    {"score", table_score(p)},
                    {"total", d_.totals[static_cast<std::size_t>(p)]}};
    if (s.shown_attack) side["shown_attack"] = card(*s.shown_attack).id;
    // A hand, and what it would cost: to its player; to everyone under
    // « main ouverte ». The score above is the table's, public.
    if (everything || p == me || s.open_hand) {
      side["hand"] = ids(*this, s.hand);
      side["hand_cost"] = hand_cost(p);
    }
    sides.push_back(std::move(side));
  }
  o["sides"] = std::move(sides);
  JsonArray links;
  for (const auto& l : d_.links)
    links.push_back(JsonObject{{"attacker", l.attacker}, {"target", l.target}, {"card", card(l.card).id}});
  o["links"] = std::move(links);
  if (d_.window) {
    const auto& w = *d_.window;
    JsonObject win{{"actor", w.actor}};
    if (w.attack) win["attack"] = JsonObject{{"card", card(*w.attack).id}, {"target", w.attack_target}};
    if (w.contestable)
      win["contestable"] = JsonObject{{"card", card(*w.contestable).id}, {"owner", w.contestable_owner}};
    if (w.hors) win["hors"] = JsonObject{{"player", w.hors_player}};
    if (everything && w.give) win["give"] = card(*w.give).id;
    JsonArray waiting;
    for (int p : window_seats(d_, players())) waiting.push_back(p);
    win["waiting"] = std::move(waiting);
    o["window"] = std::move(win);
  }
  if (d_.phase == Phase::kChoose && (everything || me == d_.current)) o["choice"] = ids(*this, d_.choice);
  o["pile_count"] = d_.pile.size();
  o["discard_count"] = d_.discard.size();
  o["results"] = d_.results;
  o["now"] = d_.now;
  if (const auto dl = deadline()) o["deadline"] = *dl;
  JsonArray team_of;
  for (int t : teams()) team_of.push_back(t);
  o["teams"] = std::move(team_of);
  o["react_seconds"] = d_.react_seconds;
  o["turn_seconds"] = d_.turn_seconds;
  if (me >= 0) o["you"] = me;
  // What the player whose turn it is may play: its own view only (its hand's cards).
  if (!everything && me == d_.current && d_.phase == Phase::kTurn) o["moves"] = turn_moves(me);
  if (everything) {
    o["pile"] = ids(*this, d_.pile);
    o["discard"] = ids(*this, d_.discard);
    JsonArray contexts;
    for (const auto& c : d_.contexts) contexts.push_back(Json(c));
    o["contexts"] = std::move(contexts);
    o["phase_started"] = d_.phase_started;
    o["passes"] = d_.passes;
    o["rng"] = d_.rng.to_hex();
  }
  return o;
}

Json TapechoState::view(const Viewer& viewer) const {
  return public_json(viewer, false);
}

Json TapechoState::serialize() const {
  return public_json(Viewer::spectator(), true);
}

std::vector<std::string> TapechoState::secrets_hidden_from(const Viewer& viewer) const {
  std::vector<std::string> out;
  const int me = viewer.kind == Viewer::Kind::kPlayer ? viewer.id : -1;
  for (int p = 0; p < players(); ++p) {
    const auto& s = d_.sides[static_cast<std::size_t>(p)];
    if (p == me || s.open_hand || s.hand.empty()) continue;
    auto text = canonical(JsonObject{{"hand", ids(*this, s.hand)}});
    out.push_back(text.substr(1, text.size() - 2));
  }
  if (d_.pile.size() >= 2) out.push_back(canonical(ids(*this, d_.pile)));
  if (d_.phase == Phase::kChoose && me != d_.current) {
    auto text = canonical(JsonObject{{"choice", ids(*this, d_.choice)}});
    out.push_back(text.substr(1, text.size() - 2));
  }
  return out;
}

std::vector<Json> TapechoState::shown_only_to(const Viewer& viewer) const {
  if (viewer.kind != Viewer::Kind::kPlayer) return {};
  const int me = viewer.id;
  std::vector<Json> out{ids(*this, d_.sides[static_cast<std::size_t>(me)].hand)};  // one's own hand
  if (d_.phase == Phase::kChoose && me == d_.current)
    out.push_back(ids(*this, d_.choice));  // the two cards drawn
  return out;
}

std::unique_ptr<Game> make_game(const GameContext& context) {
  (void)context;
  return std::make_unique<TapechoGame>();
}

}  // namespace logomachie::games::tapecho
