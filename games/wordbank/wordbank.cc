#include "games/wordbank/wordbank.h"

#include <algorithm>
#include <stdexcept>

#include "games/core/content.h"
#include "games/core/options.h"
#include "games/wordbank/bot.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games {
std::span<const ContentFile> wordbank_content();  // generated from data/wordbank/
}

namespace logomachie::games::wordbank {
namespace {

constexpr int kRulesVersion = 1;

VaultCard parse_card(const Json& v) {
  if (!v.is_object()) refuse("bad_setup", "Une carte coffre s’écrit {\"letter\":\"G\",\"spaces\":3}.");
  const auto& o = v.get_object();
  const auto letter = get_string(o, "letter");
  if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'Z') {
    refuse("bad_setup", "La lettre d’une carte coffre est une majuscule de A à Z.");
  }
  return {letter[0], static_cast<int>(get_int(o, "spaces", 1, 9))};
}

Json card_json(const VaultCard& c) {
  JsonObject o;
  o["letter"] = std::string(1, c.letter);
  o["spaces"] = c.spaces;
  return o;
}

std::string placement_message(PlacementFault f, char first, int gems) {
  switch (f) {
    case PlacementFault::kNoCards:
      return "Place au moins une pierre\u00a0: choisis le coffre de départ.";
    case PlacementFault::kBadIndex:
      return "Ce coffre n’existe pas.";
    case PlacementFault::kWrongStart:
      return std::string("La première pierre va sur un coffre qui porte la première lettre du mot (") +
             first + ").";
    case PlacementFault::kFull:
      return "Ce coffre est déjà plein.";
    case PlacementFault::kOffLap:
      return "On tourne dans un seul sens, un seul tour, sans repasser par le coffre de départ.";
    case PlacementFault::kSameCard:
      return "Une seule pierre par coffre à chaque tour.";
    case PlacementFault::kOutOfOrder:
      return "Les lettres des coffres choisis doivent suivre l’ordre des lettres du mot.";
    case PlacementFault::kTooManyGems:
      return "Tu n’as plus que " + std::to_string(gems) + " pierre" + (gems > 1 ? "s" : "") + ".";
    case PlacementFault::kNone:
      break;
  }
  return {};
}

std::string_view placement_code(PlacementFault f) {
  switch (f) {
    case PlacementFault::kNoCards:
      return "no_cards";
    case PlacementFault::kBadIndex:
      return "bad_card";
    case PlacementFault::kWrongStart:
      return "wrong_start_letter";
    case PlacementFault::kFull:
      return "vault_full";
    case PlacementFault::kOffLap:
      return "off_lap";
    case PlacementFault::kSameCard:
      return "same_card";
    case PlacementFault::kOutOfOrder:
      return "letters_out_of_order";
    case PlacementFault::kTooManyGems:
      return "not_enough_gems";
    case PlacementFault::kNone:
      break;
  }
  return "ok";
}

}  // namespace

std::vector<VaultCard> standard_deck() {
  std::vector<VaultCard> deck;
  for_each_data_line(content_file(wordbank_content(), "vaults.tsv"), [&](std::string_view line) {
    const auto tab = line.find('\t');
    if (tab != 1 || line[0] < 'A' || line[0] > 'Z') throw std::runtime_error("vaults.tsv: bad line");
    deck.push_back({line[0], std::stoi(std::string(line.substr(tab + 1)))});
  });
  return deck;
}

int starting_gems(int players) {
  switch (players) {
    case 2:
      return 20;
    case 3:
      return 18;
    case 4:
      return 15;
    default:
      return 12;
  }
}

PasswordVerdict judge_password(const lexicon::Lexicon& lex, const std::vector<std::string>& used,
                               std::string_view word) {
  PasswordVerdict v;
  v.shown = dictionary_spelling(lex, word);
  if (!lex.contains(word)) {
    v.reason = "unknown_word";
    v.what = guillemets(v.shown) + " n’est pas dans le dictionnaire";
    return v;
  }
  if (!is_letters_game_word(lex, word)) {
    v.reason = "not_a_game_word";
    v.what = guillemets(v.shown) + " est un bruit ou le nom d’une lettre, pas un mot du jeu";
    return v;
  }
  for (const auto& u : used) {
    if (u == v.shown) {
      v.reason = "already_used";
      v.what = guillemets(v.shown) + " a déjà servi";
    } else if (lexicon::match_key(u) == lexicon::match_key(word)) {
      v.reason = "same_spelling";  // mur after mûr: accents are ignored
      v.what = guillemets(v.shown) + " s’écrit comme " + guillemets(u) +
               ", déjà joué (les accents ne comptent pas)";
    } else if (lex.relate(u, word, lexicon::Reading::kDominant) != lexicon::Relation::kUnrelated) {
      v.reason = "same_family";
      v.what = guillemets(v.shown) + " est de la même famille que " + guillemets(u);
    } else {
      continue;
    }
    v.related = u;
    return v;
  }
  return v;
}

const WordBankGame::Indexes& WordBankGame::indexes() const {
  std::call_once(indexes_once_, [this] { indexes_ = std::make_unique<const Indexes>(lexicon_); });
  return *indexes_;
}

WordBankGame::WordBankGame(const lexicon::Lexicon& lexicon) : lexicon_(lexicon), deck_(standard_deck()) {
  info_.name = "wordbank";
  info_.title = "Word Bank";
  info_.min_players = 2;
  info_.max_players = 5;
  info_.rules_version = kRulesVersion;
  info_.content_version = content_hash(wordbank_content());
  info_.bot_levels = {"easy", "medium", "hard"};
  info_.options = {
      int_option("turn_seconds", "Sablier par tour", 0, 0, 3600,
                 seconds({0, 30, 45, 60, 90, 120}, "sans sablier"))
          .with_help("Le temps écoulé, le tour est perdu."),
      int_option("stall_rounds", "Fin si personne ne pose de pierre pendant", 2, 1, 20,
                 counted({1, 2, 3, 4}, "tour de table", "tours de table")),
  };
}

std::unique_ptr<State> WordBankGame::new_state(const Setup& setup) const {
  if (setup.players < info_.min_players || setup.players > info_.max_players) {
    refuse("bad_players", "Word Bank se joue de 2 à 5 joueurs.");
  }
  WordBankData d;
  d.rng.reseed(setup.seed);
  const auto options = resolve_options(info_, setup.options, setup.players);
  d.turn_seconds = options.integer("turn_seconds");
  d.stall_rounds = options.integer("stall_rounds");
  for (const auto& kv : setup.fixed) {
    if (kv.key() != "circle" && kv.key() != "deck" && kv.key() != "first_player") {
      refuse("bad_setup", "Réglage fixe inconnu\u00a0: " + guillemets(kv.key()) + ".");
    }
  }
  std::vector<VaultCard> deck;
  if (setup.fixed.contains("deck")) {
    for (const auto& c : get_array(setup.fixed, "deck")) deck.push_back(parse_card(c));
  } else {
    deck = deck_;
    d.rng.shuffle(std::span(deck));
  }
  if (setup.fixed.contains("circle")) {
    const auto& circle = get_array(setup.fixed, "circle");
    if (circle.empty() || circle.size() > static_cast<std::size_t>(kMaxCircle)) {
      refuse("bad_setup", "Le cercle compte de 1 à " + std::to_string(kMaxCircle) + " coffres.");
    }
    for (const auto& c : circle) {
      const auto card = parse_card(c);
      d.circle.push_back({card, {}});
      if (!setup.fixed.contains("deck")) {  // the circle's cards come out of the deck
        if (auto it = std::find(deck.begin(), deck.end(), card); it != deck.end()) deck.erase(it);
      }
    }
  } else {
    for (int i = 0; i < kCircleSize && !deck.empty(); ++i) {
      d.circle.push_back({deck.front(), {}});
      deck.erase(deck.begin());
    }
  }
  d.deck = std::move(deck);
  d.hand.assign(static_cast<std::size_t>(setup.players), starting_gems(setup.players));
  d.won.assign(static_cast<std::size_t>(setup.players), {});
  if (setup.fixed.contains("first_player")) {
    d.current = static_cast<int>(get_int(setup.fixed, "first_player", 0, setup.players - 1));
  } else {
    d.current = static_cast<int>(d.rng.below(static_cast<uint64_t>(setup.players)));
  }
  return std::make_unique<WordBankState>(*this, std::move(d));
}

std::unique_ptr<Bot> WordBankGame::make_bot(std::string_view level, uint64_t seed) const {
  return make_wordbank_bot(*this, parse_level(level), seed);
}

// --- state ------------------------------------------------------------------

std::vector<Slot> WordBankState::slots() const {
  std::vector<Slot> out;
  out.reserve(d_.circle.size());
  for (const auto& v : d_.circle) out.push_back({v.card.letter, v.free()});
  return out;
}

int WordBankState::score(PlayerId p) const {
  int s = d_.hand[static_cast<std::size_t>(p)];
  for (const auto& v : d_.circle) s += static_cast<int>(std::count(v.gems.begin(), v.gems.end(), p));
  return s;
}

std::vector<PlayerId> WordBankState::to_act() const {
  if (d_.over) return {};
  return {d_.current};
}

std::optional<std::vector<Action>> WordBankState::legal_actions(PlayerId player) const {
  if (d_.over || player != d_.current) return std::vector<Action>{};
  return std::nullopt;  // any word may be tried: not enumerable
}

std::optional<int64_t> WordBankState::deadline() const {
  if (d_.over || d_.turn_seconds <= 0) return std::nullopt;
  return d_.turn_started + static_cast<int64_t>(d_.turn_seconds) * 1000;
}

void WordBankState::do_apply(WordBankData& next, const Move& move) const {
  const int p = d_.current;
  bool placed = false;
  JsonObject turn;
  turn["player"] = p;
  if (move.is_timeout) {
    move.events.push_back(JsonObject{{"type", "turn_lost"}, {"player", p}, {"reason", "timeout"}});
    turn["lost"] = "timeout";
  } else if (move.type == "pass" || move.type == "password") {
    if (move.actor != p) refuse("not_your_turn", "Ce n’est pas ton tour.");
    if (move.type == "pass") {
      move.events.push_back(JsonObject{{"type", "turn_lost"}, {"player", p}, {"reason", "pass"}});
      turn["lost"] = "pass";
    } else {
      placed = play_password(next, move, turn);
    }
  } else {
    refuse("unknown_action", "Action inconnue pour Word Bank\u00a0: " + guillemets(move.type) + ".");
  }
  end_turn(next, move, p, placed, std::move(turn));
}

bool WordBankState::play_password(WordBankData& next, const Move& move, JsonObject& turn) const {
  const int p = move.actor;
  auto& events = move.events;
  const auto word = get_string(move.body(), "word");
  if (word.size() > lexicon::kMaxWordBytes) refuse("word_too_long", "Ce mot est bien trop long.");
  const auto letters = game_letters(word);
  if (letters.empty()) refuse("not_letters", "Un mot de passe s’écrit avec des lettres.");
  std::vector<int> cards;
  for (const auto& c : get_array(move.body(), "cards")) {
    if (!c.is_int64() && !c.is_uint64())
      refuse("bad_field", "«\u00a0cards\u00a0» est une liste de numéros de coffres.");
    cards.push_back(c.is_int64() ? static_cast<int>(std::clamp<int64_t>(c.get_int64(), -1, 99))
                                 : static_cast<int>(std::min<uint64_t>(c.get_uint64(), 99)));
  }
  auto dir = Direction::kClockwise;
  if (const auto ds = get_optional_string(move.body(), "direction")) {
    if (*ds == "ccw") {
      dir = Direction::kCounterClockwise;
    } else if (*ds != "cw") {
      refuse("bad_direction", "Le sens est «\u00a0cw\u00a0» (horaire) ou «\u00a0ccw\u00a0» (anti-horaire).");
    }
  } else if (cards.size() > 1) {
    refuse("bad_direction",
           "Indique le sens\u00a0: «\u00a0cw\u00a0» (horaire) ou «\u00a0ccw\u00a0» (anti-horaire).");
  }
  const auto circle = slots();
  const int gems = d_.hand[static_cast<std::size_t>(p)];
  const auto fault = check_placement(circle, letters, cards, dir, gems);
  if (fault != PlacementFault::kNone) {
    refuse(std::string(placement_code(fault)), placement_message(fault, letters[0], gems));
  }
  // The placement is possible: now the word itself is judged.
  const auto verdict = judge_password(game_.lexicon(), d_.used, word);
  const std::string& shown = verdict.shown;
  turn["word"] = shown;
  if (!verdict.reason.empty()) {
    JsonObject e{{"type", "password_refused"},
                 {"player", p},
                 {"word", shown},
                 {"reason", verdict.reason},
                 {"message", verdict.what + "\u00a0: tour perdu."}};
    if (!verdict.related.empty()) e["related_to"] = verdict.related;
    events.push_back(std::move(e));
    turn["lost"] = verdict.reason;
    return false;
  }
  next.used.push_back(shown);
  JsonArray placed_cards;
  for (int c : cards) {
    next.circle[static_cast<std::size_t>(c)].gems.push_back(p);
    placed_cards.push_back(c);
  }
  next.hand[static_cast<std::size_t>(p)] -= static_cast<int>(cards.size());
  events.push_back(JsonObject{{"type", "password_accepted"},
                              {"player", p},
                              {"word", shown},
                              {"cards", placed_cards},
                              {"direction", to_string(dir)}});
  turn["cards"] = placed_cards;
  turn["direction"] = to_string(dir);
  close_full_vaults(next, p, events);
  return true;
}

void WordBankState::close_full_vaults(WordBankData& next, PlayerId p, std::vector<Json>& events) {
  std::vector<std::size_t> removed;
  for (std::size_t i = 0; i < next.circle.size(); ++i) {
    auto& v = next.circle[i];
    if (v.free() > 0) continue;
    JsonArray owners;
    for (int g : v.gems) owners.push_back(g);
    events.push_back(JsonObject{{"type", "vault_closed"},
                                {"player", p},
                                {"index", i},
                                {"letter", std::string(1, v.card.letter)},
                                {"gems", owners}});
    next.won[static_cast<std::size_t>(p)].push_back(v.card);
    if (!next.deck.empty()) {
      v = Vault{next.deck.front(), {}};
      next.deck.erase(next.deck.begin());
      events.push_back(JsonObject{{"type", "vault_dealt"},
                                  {"index", i},
                                  {"letter", std::string(1, v.card.letter)},
                                  {"spaces", v.card.spaces}});
    } else {
      removed.push_back(i);
    }
  }
  for (auto it = removed.rbegin(); it != removed.rend(); ++it) {
    next.circle.erase(next.circle.begin() + static_cast<std::ptrdiff_t>(*it));
  }
  if (!removed.empty()) {
    events.push_back(JsonObject{{"type", "circle_shrunk"}, {"size", next.circle.size()}});
  }
}

void WordBankState::end_turn(WordBankData& next, const Move& move, PlayerId p, bool placed, JsonObject turn) {
  next.turn += 1;
  next.idle_turns = placed ? 0 : next.idle_turns + 1;
  if (next.hand[static_cast<std::size_t>(p)] == 0) {
    next.end_reason = "no_gems";
  } else if (next.circle.empty()) {
    next.end_reason = "circle_empty";
  } else if (next.idle_turns >= next.stall_rounds * static_cast<int>(next.hand.size())) {
    next.end_reason = "stalled";
  }
  next.over = !next.end_reason.empty();
  if (!next.over) next.current = (p + 1) % static_cast<int>(next.hand.size());
  next.turn_started = move.at;
  JsonArray turn_events;
  for (const auto& e : move.events) turn_events.push_back(e);
  turn["events"] = std::move(turn_events);
  next.last_turn = std::move(turn);
}

void WordBankState::finished(std::vector<Json>& events) const {
  const auto o = outcome();
  JsonArray rank;
  for (int r : o.rank) rank.push_back(r);
  events.push_back(JsonObject{{"type", "game_over"}, {"reason", d_.end_reason}, {"rank", rank}});
}

Outcome WordBankState::outcome() const {
  Outcome o;
  const int n = players();
  JsonArray scores;
  JsonArray vaults;
  for (int p = 0; p < n; ++p) {
    scores.push_back(score(p));
    vaults.push_back(d_.won[static_cast<std::size_t>(p)].size());
  }
  for (int p = 0; p < n; ++p) {
    int rank = 1;
    for (int q = 0; q < n; ++q) {
      const bool better =
          score(q) < score(p) || (score(q) == score(p) && d_.won[static_cast<std::size_t>(q)].size() >
                                                              d_.won[static_cast<std::size_t>(p)].size());
      if (better) ++rank;
    }
    o.rank.push_back(rank);
  }
  o.details = JsonObject{{"scores", scores}, {"vaults", vaults}, {"reason", d_.end_reason}};
  return o;
}

Json WordBankState::public_json() const {
  JsonObject o;
  o["game"] = "wordbank";
  o["players"] = players();
  JsonArray hand;
  JsonArray won;
  JsonArray scores;
  for (int p = 0; p < players(); ++p) {
    hand.push_back(d_.hand[static_cast<std::size_t>(p)]);
    JsonArray cards;
    for (const auto& c : d_.won[static_cast<std::size_t>(p)]) cards.push_back(card_json(c));
    won.push_back(std::move(cards));
    scores.push_back(score(p));
  }
  o["hand"] = std::move(hand);
  o["won"] = std::move(won);
  o["scores"] = std::move(scores);
  JsonArray circle;
  for (const auto& v : d_.circle) {
    JsonObject c = card_json(v.card).as_object();
    JsonArray gems;
    for (int g : v.gems) gems.push_back(g);
    c["gems"] = std::move(gems);
    c["free"] = v.free();
    circle.push_back(std::move(c));
  }
  o["circle"] = std::move(circle);
  o["deck_count"] = d_.deck.size();
  JsonArray used;
  for (const auto& u : d_.used) used.push_back(Json(u));
  o["used"] = std::move(used);
  o["current"] = d_.current;
  o["turn"] = d_.turn;
  o["over"] = d_.over;
  if (d_.over) o["end_reason"] = d_.end_reason;
  o["last_turn"] = d_.last_turn;
  o["now"] = d_.now;
  if (const auto dl = deadline()) o["deadline"] = *dl;
  return o;
}

Json WordBankState::view(const Viewer& viewer) const {
  // Word Bank has no hidden information except the order of the face-down deck.
  Json v = public_json();
  if (viewer.kind == Viewer::Kind::kPlayer) v.as_object()["you"] = viewer.id;
  return v;
}

std::vector<Json> WordBankState::views(const std::vector<Viewer>& viewers) const {
  // Every view is the public position plus who is looking: the position is
  // built once (it was most of a room's work per action, docs/benchmarks.md).
  // Its "you" slot is made once too, so that a copy never grows; the last
  // viewer takes the original.
  Json shared = public_json();
  shared.as_object()["you"] = 0;
  std::vector<Json> out;
  out.reserve(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    Json v = i + 1 < viewers.size() ? Json(shared) : std::move(shared);
    auto& o = v.as_object();
    if (viewers[i].kind == Viewer::Kind::kPlayer) {
      o["you"] = viewers[i].id;
    } else {
      o.erase("you");
    }
    out.push_back(std::move(v));
  }
  return out;
}

Json WordBankState::serialize() const {
  Json v = public_json();
  auto& o = v.as_object();
  JsonArray deck;
  for (const auto& c : d_.deck) deck.push_back(card_json(c));
  o["deck"] = std::move(deck);
  o["idle_turns"] = d_.idle_turns;
  o["turn_started"] = d_.turn_started;
  o["options"] = JsonObject{{"turn_seconds", d_.turn_seconds}, {"stall_rounds", d_.stall_rounds}};
  o["rng"] = d_.rng.to_hex();
  return v;
}

std::vector<std::string> WordBankState::secrets_hidden_from(const Viewer&) const {
  if (d_.deck.size() < 2) return {};
  JsonArray deck;
  for (const auto& c : d_.deck) deck.push_back(card_json(c));
  return {canonical(deck)};  // the face-down deck's order
}

std::unique_ptr<Game> make_game(const GameContext& context) {
  if (!context.lexicon) throw std::invalid_argument("Word Bank needs the lexicon");
  return std::make_unique<WordBankGame>(*context.lexicon);
}

}  // namespace logomachie::games::wordbank
