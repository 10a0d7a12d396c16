#include "games/motpourmot/motpourmot.h"

#include <algorithm>
#include <stdexcept>

#include "games/core/content.h"
#include "games/core/options.h"
#include "games/core/word_list.h"
#include "games/motpourmot/bot.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games {
std::span<const ContentFile> motpourmot_content();  // generated from data/motpourmot/
}

namespace logomachie::games::motpourmot {
namespace {

constexpr int kRulesVersion = 1;
constexpr int kMaxPlayers = 16;

std::vector<Category> load_categories(std::string_view text) {
  std::vector<Category> out;
  for_each_data_line(text, [&](std::string_view line) {
    const auto f = split_fields(line, '\t');
    if (f.size() != 5) throw std::runtime_error("categories.tsv: 5 fields expected: " + std::string(line));
    Category c;
    c.id = std::string(f[0]);
    if (f[1] != "facile" && f[1] != "difficile")
      throw std::runtime_error("categories.tsv: bad level for " + c.id);
    c.hard = f[1] == "difficile";
    if (f[2] != "-") {
      for (auto tag : split_fields(f[2], ',')) {
        if (tag == "etranger")
          c.foreign = true;
        else if (tag == "propre")
          c.proper = true;
        else if (tag == "pluriel")
          c.plural = true;
        else
          throw std::runtime_error("categories.tsv: unknown tag for " + c.id);
      }
    }
    c.text = std::string(f[3]);
    if (c.text.empty()) throw std::runtime_error("categories.tsv: no text for " + c.id);
    for (auto a : split_fields(f[4], '|')) {
      auto key = game_letters(a);
      // Every answer must be playable as typed: one word, letters, not too long.
      if (key.empty() || a.find(' ') != std::string_view::npos || a.size() > kMaxWordBytes) {
        throw std::runtime_error("categories.tsv: bad answer in " + c.id + ": " + std::string(a));
      }
      if (std::find(c.keys.begin(), c.keys.end(), key) != c.keys.end()) {
        throw std::runtime_error("categories.tsv: answer twice in " + c.id + ": " + std::string(a));
      }
      c.answers.emplace_back(a);
      c.keys.push_back(std::move(key));
    }
    out.push_back(std::move(c));
  });
  return out;
}

LetterSets load_letter_sets(std::string_view text) {
  LetterSets sets;
  for_each_data_line(text, [&](std::string_view line) {
    const auto f = split_fields(line, '\t');
    if (f.size() != 2) throw std::runtime_error("letters.tsv: NAME<TAB>LETTERS expected");
    if (f[0] == "fr")
      sets.fr = std::string(f[1]);
    else if (f[0] == "original")
      sets.original = std::string(f[1]);
  });
  if (sets.fr.empty() || sets.original.empty())
    throw std::runtime_error("letters.tsv: fr and original are needed");
  return sets;
}

// Checks a letter set: distinct letters A–Z, 5 to 26 of them.
std::string valid_letters(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c < 'A' || c > 'Z' || out.find(c) != std::string::npos) {
      refuse("bad_option",
             "«\u00a0letters\u00a0»\u00a0: des lettres majuscules distinctes de A à Z, ou «\u00a0fr\u00a0», "
             "ou «\u00a0original\u00a0».");
    }
    out += c;
  }
  if (out.size() < 5)
    refuse("bad_option", "«\u00a0letters\u00a0»\u00a0: il faut au moins 5 lettres sur le plateau.");
  return out;
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

Json category_json(const Category& c) {
  JsonArray tags;
  if (c.foreign) tags.push_back("etranger");
  if (c.proper) tags.push_back("propre");
  if (c.plural) tags.push_back("pluriel");
  return JsonObject{
      {"id", c.id}, {"text", c.text}, {"level", c.hard ? "difficile" : "facile"}, {"tags", tags}};
}

}  // namespace

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::kPlay:
      return "play";
    case Phase::kChallenge:
      return "challenge";
    case Phase::kVote:
      return "vote";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

// --- game -------------------------------------------------------------------

MotPourMotGame::MotPourMotGame(const lexicon::Lexicon& lexicon)
    : lexicon_(lexicon),
      categories_(load_categories(content_file(motpourmot_content(), "categories.tsv"))),
      letter_sets_(load_letter_sets(content_file(motpourmot_content(), "letters.tsv"))) {
  info_.name = "motpourmot";
  info_.title = "Mot pour Mot";
  info_.min_players = 1;  // one seat = table mode (a shared screen)
  info_.max_players = kMaxPlayers;
  info_.default_players = 4;  // two against two
  info_.rules_version = kRulesVersion;
  info_.content_version = content_hash(motpourmot_content());
  info_.bot_levels = {"easy", "medium", "hard"};
  info_.independent_actions = {"propose", "vote"};
  info_.options = {
      int_option("target", "Lettres à capturer", 6, 6, 7, {{6, "6"}, {7, "7 (variante longue)"}}),
      int_option("turn_seconds", "Sablier", 30, 0, 600, seconds({20, 30, 45, 60, 0}, "sans sablier")),
      int_option("read_seconds", "Temps pour lire la carte avant le sablier", 3, 0, 60,
                 seconds({0, 3, 5, 10}, "le sablier part tout de suite"))
          .as_advanced(),
      int_option("challenge_seconds", "Temps pour contester", 10, 0, 600, seconds({5, 10, 15, 30})),
      int_option("vote_seconds", "Temps pour voter", 30, 0, 600, seconds({20, 30, 60})),
      choice_option("level", "Cartes", "mixte",
                    {{"mixte", "faciles et difficiles"},
                     {"facile", "faciles seulement"},
                     {"difficile", "difficiles seulement"}}),
      text_option("letters", "Lettres du plateau", "fr", 26,
                  {{"fr", "françaises"}, {"original", "celles de l’édition originale"}})
          .with_help("Ou vos propres lettres\u00A0: de 5 à 26 majuscules différentes, de A à Z."),
  };
  for (std::size_t i = 0; i < categories_.size(); ++i) {
    if (!by_id_.emplace(categories_[i].id, i).second) {
      throw std::runtime_error("categories.tsv: duplicate id " + categories_[i].id);
    }
    for (const auto& key : categories_[i].keys) {
      auto& cards = by_answer_[key];
      if (cards.empty() || cards.back() != i) cards.push_back(static_cast<uint32_t>(i));
    }
  }
  (void)valid_letters(letter_sets_.fr);
  (void)valid_letters(letter_sets_.original);
}

const Category* MotPourMotGame::find_category(std::string_view id) const {
  const auto it = by_id_.find(std::string(id));
  return it == by_id_.end() ? nullptr : &categories_[it->second];
}

const std::vector<uint32_t>& MotPourMotGame::cards_listing(std::string_view letters) const {
  static const std::vector<uint32_t> kNone;
  const auto it = by_answer_.find(std::string(letters));
  return it == by_answer_.end() ? kNone : it->second;
}

bool MotPourMotGame::is_example(const Category& c, std::string_view letters) const {
  return std::find(c.keys.begin(), c.keys.end(), letters) != c.keys.end();
}

MotPourMotGame::Spelling MotPourMotGame::check_spelling(const Category& c, std::string_view word) const {
  if (lexicon_.spelled_as_written(word, lexicon::Accept::kProper)) return Spelling::kCorrect;
  // The card's own answers (foreign words, names the dictionary lacks), on
  // the same terms.
  const auto key = lexicon::match_key(word);
  bool known = key && lexicon_.contains(word, lexicon::Accept::kProper);
  for (const auto& a : c.answers) {
    if (!key || lexicon::match_key(a) != key) continue;
    if (lexicon::accents_agree(word, a)) return Spelling::kCorrect;
    known = true;
  }
  if (known) return Spelling::kWrongAccent;
  // Its absence decides for an ordinary word; a name (a capital) or a word of
  // another language on a card that calls for one is the players' to judge.
  return lexicon::starts_with_capital(word) || c.foreign || c.proper ? Spelling::kUnknown
                                                                     : Spelling::kNotAWord;
}

namespace {

// Draws the next card. When the deck runs out the discard pile is reshuffled,
// all but the card just played (its answers were shown as hints).
std::string draw(MotPourMotData& d) {
  if (d.deck.empty()) {
    std::vector<std::string> keep;
    if (!d.discard.empty()) {
      keep.push_back(std::move(d.discard.back()));
      d.discard.pop_back();
    }
    d.deck = std::move(d.discard);
    d.discard = std::move(keep);
    d.rng.shuffle(std::span(d.deck));
    if (d.deck.empty()) std::swap(d.deck, d.discard);  // a one-card deck
  }
  auto id = d.deck.front();
  d.deck.erase(d.deck.begin());
  d.discard.push_back(id);
  return id;
}

void start_turn(MotPourMotData& d, const MotPourMotGame& game, int team, int64_t at,
                std::vector<Json>& events) {
  d.team = team;
  d.turn += 1;
  d.phase = Phase::kPlay;
  d.category = draw(d);
  d.played.reset();
  std::fill(d.proposals.begin(), d.proposals.end(), std::string());
  d.phase_started = at;
  events.push_back(JsonObject{{"type", "turn_started"},
                              {"turn", d.turn},
                              {"team", team},
                              {"category", category_json(*game.find_category(d.category))}});
}

}  // namespace

std::unique_ptr<State> MotPourMotGame::new_state(const Setup& setup) const {
  if (setup.players < info_.min_players || setup.players > info_.max_players) {
    refuse("bad_players",
           "Mot pour Mot se joue à deux équipes, de 2 à 16 joueurs (ou sur un seul écran partagé).");
  }
  MotPourMotData d;
  d.rng.reseed(setup.seed);
  const auto options = resolve_options(info_, setup.options, setup.players);
  d.target = options.integer("target");
  d.turn_seconds = options.integer("turn_seconds");
  d.read_seconds = options.integer("read_seconds");
  d.challenge_seconds = options.integer("challenge_seconds");
  d.vote_seconds = options.integer("vote_seconds");
  d.level = std::string(options.text("level"));
  // "fr", "original" or the tiles themselves.
  const auto letters = options.text("letters");
  d.letters = letters == "fr"         ? letter_sets_.fr
              : letters == "original" ? letter_sets_.original
                                      : valid_letters(letters);
  // Both teams could otherwise end one capture short with no tile left.
  if (d.letters.size() < static_cast<std::size_t>(2 * d.target - 1)) {
    refuse("bad_option", "«\u00a0letters\u00a0»\u00a0: il faut au moins " + std::to_string(2 * d.target - 1) +
                             " lettres pour jouer en " + std::to_string(d.target) + " captures.");
  }
  d.position.assign(d.letters.size(), 0);
  const auto n = static_cast<std::size_t>(setup.players);
  d.proposals.assign(n, "");
  d.captain = {0, n > 1 ? 1 : 0};
  for (const auto& kv : setup.fixed) {
    if (kv.key() != "categories" && kv.key() != "first_team") {
      refuse("bad_setup", "Réglage fixe inconnu\u00a0: " + guillemets(kv.key()) + ".");
    }
  }
  std::vector<std::string> named;
  if (setup.fixed.contains("categories")) {
    for (const auto& id : get_array(setup.fixed, "categories")) {
      if (!id.is_string() || !find_category(id.get_string())) refuse("bad_setup", "Catégorie inconnue.");
      if (std::find(named.begin(), named.end(), std::string_view(id.get_string())) != named.end()) {
        refuse("bad_setup", "Une catégorie ne peut être nommée qu’une fois.");
      }
      named.emplace_back(id.get_string());
    }
  }
  std::vector<std::string> rest;
  for (const auto& c : categories_) {
    const bool level_ok = d.level == "mixte" || (d.level == "difficile") == c.hard;
    if (level_ok && std::find(named.begin(), named.end(), c.id) == named.end()) rest.push_back(c.id);
  }
  d.rng.shuffle(std::span(rest));
  d.deck = std::move(named);
  d.deck.insert(d.deck.end(), rest.begin(), rest.end());
  const int first = setup.fixed.contains("first_team")
                        ? static_cast<int>(get_int(setup.fixed, "first_team", 0, 1))
                        : static_cast<int>(d.rng.below(2));
  std::vector<Json> events;
  start_turn(d, *this, first, 0, events);
  return std::make_unique<MotPourMotState>(*this, std::move(d));
}

std::unique_ptr<Bot> MotPourMotGame::make_bot(std::string_view level, uint64_t seed) const {
  return make_motpourmot_bot(*this, parse_level(level), seed);
}

// --- state ------------------------------------------------------------------

int MotPourMotState::captures(int team) const {
  const int edge = team == 0 ? -kCaptured : kCaptured;
  return static_cast<int>(std::count(d_.position.begin(), d_.position.end(), edge));
}

std::vector<Step> MotPourMotState::pulls(std::string_view letters, int team) const {
  return motpourmot::pulls(d_.letters, d_.position, letters, team);
}

std::optional<Error> MotPourMotState::check_word(std::string_view word) const {
  const auto w = trimmed(word);
  if (w.size() > kMaxWordBytes) return Error{"word_too_long", "Ce mot est bien trop long."};
  if (w.empty()) return Error{"empty_word", "Écris un mot."};
  if (w.find_first_of(" \t\n\r") != std::string::npos) {
    return Error{"one_word", "Un seul mot\u00a0! Les mots composés s’écrivent avec un trait d’union."};
  }
  const auto letters = game_letters(w);
  if (letters.empty()) return Error{"not_letters", "Un mot s’écrit avec des lettres."};
  for (std::size_t i = 0; i < d_.used.size(); ++i) {
    if (d_.used[i] != letters) continue;
    // Same letters on the board, but two dictionary words that only their
    // accents tell apart are two answers (pécher after pêcher); the same
    // word typed with or without its accents is not (pecher after pêcher).
    const auto& lex = game_.lexicon();
    const std::string& before = d_.words[i];
    const bool two_words = lex.spelled_as_written(w, lexicon::Accept::kProper) &&
                           lex.spelled_as_written(before, lexicon::Accept::kProper) &&
                           !lexicon::accents_agree(w, before) && !lexicon::accents_agree(before, w);
    if (!two_words) return Error{"already_played", guillemets(w) + " a déjà été joué dans cette partie."};
  }
  return std::nullopt;
}

bool MotPourMotState::may_vote(PlayerId p) const {
  // Everybody votes on the category (the rulebook's « on vote »); on
  // spelling, only the challengers: a team does not judge its own word.
  return !d_.played || d_.played->vote != "spelling" || team_of(p) != d_.team;
}

std::vector<PlayerId> MotPourMotState::to_act() const {
  std::vector<PlayerId> out;
  if (table_mode()) {
    if (d_.phase != Phase::kOver) out.push_back(0);
    return out;
  }
  switch (d_.phase) {
    case Phase::kPlay:
      out.push_back(d_.captain[static_cast<std::size_t>(d_.team)]);
      break;
    case Phase::kChallenge:
      for (int p = 0; p < players(); ++p) {
        if (team_of(p) != d_.team && !d_.played->accepted[static_cast<std::size_t>(p)]) out.push_back(p);
      }
      break;
    case Phase::kVote:
      for (int p = 0; p < players(); ++p) {
        if (!d_.played->votes[static_cast<std::size_t>(p)] && may_vote(p)) out.push_back(p);
      }
      break;
    case Phase::kOver:
      break;
  }
  return out;
}

std::optional<std::vector<Action>> MotPourMotState::legal_actions(PlayerId player) const {
  std::vector<Action> out;
  const auto acts = to_act();
  if (std::find(acts.begin(), acts.end(), player) == acts.end()) return out;
  auto add = [&](JsonObject body) { out.push_back(Action::make(player, d_.now, std::move(body))); };
  switch (d_.phase) {
    case Phase::kPlay:
      return std::nullopt;  // free word entry
    case Phase::kChallenge:
      add({{"type", "accept"}});
      add({{"type", "challenge"}, {"kind", "spelling"}});
      add({{"type", "challenge"}, {"kind", "category"}});
      break;
    case Phase::kVote:
      if (table_mode()) return std::nullopt;  // a tally of hands
      add({{"type", "vote"}, {"valid", true}});
      add({{"type", "vote"}, {"valid", false}});
      break;
    case Phase::kOver:
      break;
  }
  return out;
}

std::optional<int64_t> MotPourMotState::deadline() const {
  int64_t ms = 0;
  switch (d_.phase) {
    case Phase::kPlay:
      if (d_.turn_seconds <= 0) return std::nullopt;
      ms = (d_.read_seconds + d_.turn_seconds) * int64_t{1000};
      break;
    case Phase::kChallenge:
      ms = d_.challenge_seconds * int64_t{1000};
      break;
    case Phase::kVote:
      ms = d_.vote_seconds * int64_t{1000};
      break;
    case Phase::kOver:
      break;
  }
  if (ms <= 0) return std::nullopt;
  return d_.phase_started + ms;
}

namespace {

// Ends the turn: records it, then the game is won or the next turn starts
// (`again`: the same team plays again, its opponents skipping their turn).
void end_turn(MotPourMotData& d, const MotPourMotState& s, std::string_view result, bool again, int64_t at,
              std::vector<Json>& events) {
  const auto& c = *s.game().find_category(d.category);
  JsonObject t{{"turn", d.turn}, {"team", d.team}, {"category", category_json(c)}, {"result", result}};
  if (d.played) {
    const auto& p = *d.played;
    t["word"] = p.word;
    t["steps"] = steps_json(p.steps);
    t["challenge"] = p.challenge;
    t["checked"] = string_array(p.checked);
    if (!p.vote.empty()) {
      int valid = p.tally_valid, invalid = p.tally_invalid;
      for (const auto& v : p.votes) {
        if (v) (*v ? valid : invalid) += 1;
      }
      t["vote"] = JsonObject{{"about", p.vote}, {"valid", valid}, {"invalid", invalid}};
    }
  } else {
    t["word"] = nullptr;
  }
  // Some of the card's answers, as hints for next time.
  JsonArray examples;
  for (std::size_t i = 0; i < c.answers.size() && examples.size() < 6; ++i) {
    if (!d.played || c.keys[i] != d.played->letters) examples.push_back(Json(c.answers[i]));
  }
  t["examples"] = std::move(examples);
  d.last_turn = t;
  events.push_back(JsonObject{{"type", "turn_ended"}, {"turn", t}});
  int captured = 0;
  for (int pos : d.position) captured += pos == (d.team == 0 ? -kCaptured : kCaptured) ? 1 : 0;
  if (result == "stood" && captured >= d.target) {
    d.phase = Phase::kOver;
    d.phase_started = at;
    return;
  }
  start_turn(d, s.game(), again ? d.team : 1 - d.team, at, events);
}

// Undoes the played word: tiles back where they were, the word playable again.
void revert(MotPourMotData& d) {
  d.position = d.played->before;
  if (const auto it = std::find(d.used.begin(), d.used.end(), d.played->letters); it != d.used.end()) {
    d.words.erase(d.words.begin() + (it - d.used.begin()));
    d.used.erase(it);
  }
}

// A challenge settled with the word standing. The rulebook gives the
// spelling check and the category contest as two separate rights of the
// challengers: while one is left, the challenge window opens again for it;
// once both are settled the turn ends (the active team plays again when an
// upheld spelling costs the challengers their turn).
void word_stands(MotPourMotData& d, const MotPourMotState& s, const std::string& kind, int64_t at,
                 std::vector<Json>& events) {
  auto& played = *d.played;
  played.checked.emplace_back(kind);
  if (kind == "spelling") played.challengers_skip = true;
  if (played.checked.size() >= 2) {
    end_turn(d, s, "stood", played.challengers_skip, at, events);
    return;
  }
  played.vote.clear();
  played.votes.assign(played.votes.size(), std::nullopt);
  played.accepted.assign(played.accepted.size(), false);
  played.tally_valid = played.tally_invalid = 0;
  d.phase = Phase::kChallenge;
  d.phase_started = at;
  events.push_back(
      JsonObject{{"type", "challenge_open"}, {"left", kind == "spelling" ? "category" : "spelling"}});
}

void start_vote(MotPourMotData& d, std::string_view about, int64_t at, std::vector<Json>& events) {
  d.played->vote = std::string(about);
  d.phase = Phase::kVote;
  d.phase_started = at;
  events.push_back(JsonObject{{"type", "vote_started"}, {"about", about}});
}

}  // namespace

void MotPourMotState::do_apply(MotPourMotData& next, const Move& move) const {
  if (move.type == "captain") {
    // Any phase: a player takes their team's pencil.
    if (table_mode()) refuse("table_mode", "Sur un écran partagé, c’est l’écran qui tient le crayon.");
    const int team = team_of(move.actor);
    next.captain[static_cast<std::size_t>(team)] = move.actor;
    move.events.push_back(JsonObject{{"type", "captain"}, {"team", team}, {"player", move.actor}});
    return;
  }
  switch (d_.phase) {
    case Phase::kPlay:
      return apply_play(next, move);
    case Phase::kChallenge:
      return apply_challenge(next, move);
    case Phase::kVote:
      return apply_vote(next, move);
    case Phase::kOver:
      return;
  }
}

bool MotPourMotState::is_captain(const Move& move) const {
  return !move.is_timeout && (table_mode() || d_.captain[static_cast<std::size_t>(d_.team)] == move.actor);
}

bool MotPourMotState::is_opponent(const Move& move) const {
  return !move.is_timeout && (table_mode() || team_of(move.actor) != d_.team);
}

void MotPourMotState::apply_play(MotPourMotData& next, const Move& move) const {
  const PlayerId p = move.actor;
  const auto pi = static_cast<std::size_t>(std::max(p, 0));
  if (move.type == "word") {
    if (!is_captain(move)) refuse("not_captain", "Seul le capitaine de l’équipe qui joue donne le mot.");
    const auto raw = get_string(move.body(), "word");
    if (const auto e = check_word(raw)) refuse(e->code, e->message);
    Played played;
    played.word = trimmed(raw);
    played.letters = game_letters(played.word);
    played.steps = pulls(played.letters, d_.team);
    played.before = d_.position;
    played.votes.assign(static_cast<std::size_t>(players()), std::nullopt);
    played.accepted.assign(static_cast<std::size_t>(players()), false);
    for (const auto& s : played.steps) next.position[d_.letters.find(s.letter)] = s.to;
    next.used.push_back(played.letters);
    next.words.push_back(played.word);
    move.events.push_back(JsonObject{{"type", "word_played"},
                                     {"team", d_.team},
                                     {"word", played.word},
                                     {"steps", steps_json(played.steps)}});
    next.played = std::move(played);
    next.phase = Phase::kChallenge;
    next.phase_started = move.at;
  } else if (move.type == "propose") {
    if (table_mode() || team_of(p) != d_.team)
      refuse("not_your_team", "Seule l’équipe qui joue propose des mots.");
    const auto raw = get_string(move.body(), "word");
    if (const auto e = check_word(raw)) refuse(e->code, e->message);
    next.proposals[pi] = trimmed(raw);
    move.events.push_back(JsonObject{{"type", "proposal"}, {"player", p}, {"word", next.proposals[pi]}});
  } else if (move.type == "give_up") {
    if (!is_captain(move)) refuse("not_captain", "Seul le capitaine de l’équipe qui joue peut passer.");
    end_turn(next, *this, "gave_up", false, move.at, move.events);
  } else if (move.is_timeout) {
    end_turn(next, *this, "time_up", false, move.at, move.events);
  } else {
    refuse("wrong_phase", "C’est le moment de donner un mot («\u00a0word\u00a0»).");
  }
}

void MotPourMotState::apply_challenge(MotPourMotData& next, const Move& move) const {
  const PlayerId p = move.actor;
  const auto pi = static_cast<std::size_t>(std::max(p, 0));
  auto& played = *next.played;
  if (move.type == "challenge") {
    if (!is_opponent(move)) refuse("not_opponent", "Seule l’équipe adverse peut contester le mot.");
    if (!table_mode() && played.accepted[pi]) refuse("already_accepted", "Tu as déjà accepté ce mot.");
    const auto kind = get_string(move.body(), "kind");
    if (kind != "spelling" && kind != "category") {
      refuse("bad_field",
             "«\u00a0kind\u00a0»\u00a0: «\u00a0spelling\u00a0» (orthographe) ou «\u00a0category\u00a0» "
             "(catégorie).");
    }
    if (std::find(played.checked.begin(), played.checked.end(), kind) != played.checked.end()) {
      refuse("already_checked", kind == "spelling" ? "L’orthographe de ce mot a déjà été vérifiée."
                                                   : "La catégorie de ce mot a déjà été jugée.");
    }
    played.challenge = std::string(kind);
    move.events.push_back(JsonObject{{"type", "challenged"}, {"kind", kind}, {"player", p}});
    if (kind == "category") {
      start_vote(next, "category", move.at, move.events);
    } else if (const auto spelling = game_.check_spelling(category(), played.word);
               spelling == MotPourMotGame::Spelling::kCorrect) {
      move.events.push_back(JsonObject{{"type", "spelling_checked"}, {"correct", true}});
      word_stands(next, *this, "spelling", move.at, move.events);
    } else if (spelling == MotPourMotGame::Spelling::kWrongAccent ||
               spelling == MotPourMotGame::Spelling::kNotAWord) {
      // The word is known but the accent written is not its own
      // ("élèphant"), or an ordinary word no dictionary knows ("bbb"): a
      // misspelling, as a dictionary would say. No vote: spelling is a fact.
      move.events.push_back(JsonObject{{"type", "spelling_checked"}, {"correct", false}});
      revert(next);
      end_turn(next, *this, "reverted", played.challengers_skip, move.at, move.events);
    } else {
      // The dictionary cannot judge it: a name or a foreign word it lacks.
      // The challengers decide (the team that played it does not vote on
      // its own word).
      move.events.push_back(JsonObject{{"type", "spelling_checked"}, {"correct", nullptr}});
      start_vote(next, "spelling", move.at, move.events);
    }
  } else if (move.type == "accept") {
    if (!is_opponent(move))
      refuse("not_opponent", "Seule l’équipe adverse peut contester ou accepter le mot.");
    played.accepted[pi] = true;
    bool all = true;
    for (int q = 0; q < players(); ++q) {
      if (team_of(q) != d_.team && !played.accepted[static_cast<std::size_t>(q)]) all = false;
    }
    if (all || table_mode()) end_turn(next, *this, "stood", played.challengers_skip, move.at, move.events);
  } else if (move.is_timeout) {
    end_turn(next, *this, "stood", played.challengers_skip, move.at, move.events);
  } else {
    refuse("wrong_phase",
           "Le mot est posé\u00a0: l’équipe adverse peut le contester («\u00a0challenge\u00a0») ou "
           "l’accepter («\u00a0accept\u00a0»).");
  }
}

void MotPourMotState::apply_vote(MotPourMotData& next, const Move& move) const {
  const PlayerId p = move.actor;
  const auto pi = static_cast<std::size_t>(std::max(p, 0));
  auto& played = *next.played;
  bool close = move.is_timeout;
  if (move.type == "vote") {
    if (table_mode())
      refuse("table_mode",
             "Sur un écran partagé, on compte les mains et on entre le résultat («\u00a0tally\u00a0»).");
    const auto* valid = find_field(move.body(), "valid");
    if (!valid || !valid->is_bool()) {
      refuse("bad_field", "«\u00a0valid\u00a0»\u00a0: true (le mot est bon) ou false.");
    }
    if (!may_vote(p))
      refuse("own_word", "Ton équipe a joué ce mot\u00a0: l’équipe adverse juge son orthographe.");
    if (played.votes[pi]) refuse("already_voted", "Tu as déjà voté.");
    played.votes[pi] = valid->as_bool();
    move.events.push_back(JsonObject{{"type", "voted"}, {"player", p}, {"valid", *played.votes[pi]}});
    close = true;
    for (int q = 0; q < players(); ++q) {
      if (may_vote(q) && !played.votes[static_cast<std::size_t>(q)]) close = false;
    }
  } else if (move.type == "tally") {
    if (!table_mode()) refuse("not_table_mode", "Chacun vote pour soi («\u00a0vote\u00a0»).");
    played.tally_valid = static_cast<int>(get_int(move.body(), "valid", 0, 100));
    played.tally_invalid = static_cast<int>(get_int(move.body(), "invalid", 0, 100));
    close = true;
  } else if (!move.is_timeout) {
    refuse(
        "wrong_phase",
        "On vote\u00a0: le mot est-il bon («\u00a0vote\u00a0», «\u00a0valid\u00a0»: true ou false)\u00a0?");
  }
  if (close) {
    int valid = played.tally_valid, invalid = played.tally_invalid;
    for (const auto& v : played.votes) {
      if (v) (*v ? valid : invalid) += 1;
    }
    // A voter who stays silent until the end of the window lets the word
    // stand: undoing it takes more players against it than all the others
    // (the rulebook's « plus de joueurs »), not one « non » among silences.
    int silent = 0;
    if (!table_mode()) {
      for (int q = 0; q < players(); ++q) silent += may_vote(q) && !played.votes[static_cast<std::size_t>(q)];
    }
    valid += silent;
    move.events.push_back(
        JsonObject{{"type", "vote_closed"}, {"about", played.vote}, {"valid", valid}, {"invalid", invalid}});
    if (invalid > valid) {
      revert(next);
      // The letters go back; an earlier upheld spelling still costs the
      // challengers their turn, so the active team plays again.
      end_turn(next, *this, "reverted", played.challengers_skip, move.at, move.events);
    } else {
      // A spelling upheld costs the challengers their next turn.
      word_stands(next, *this, played.vote, move.at, move.events);
    }
  }
}

void MotPourMotState::finished(std::vector<Json>& events) const {
  const auto o = outcome();
  JsonArray rank;
  for (int r : o.rank) rank.push_back(r);
  events.push_back(JsonObject{{"type", "game_over"}, {"rank", rank}, {"winner", d_.team}});
}

Outcome MotPourMotState::outcome() const {
  Outcome o;
  const int winner = d_.phase == Phase::kOver ? d_.team : -1;
  for (int p = 0; p < players(); ++p)
    o.rank.push_back(table_mode() || team_of(p) == winner || winner < 0 ? 1 : 2);
  o.details = JsonObject{
      {"captures", JsonArray{captures(0), captures(1)}}, {"target", d_.target}, {"winner", winner}};
  return o;
}

Json MotPourMotState::public_json(const Viewer& viewer, bool everything) const {
  JsonObject o;
  o["game"] = "motpourmot";
  o["players"] = players();
  o["table"] = table_mode();
  o["phase"] = to_string(d_.phase);
  o["options"] = JsonObject{{"target", d_.target},
                            {"turn_seconds", d_.turn_seconds},
                            {"read_seconds", d_.read_seconds},
                            {"challenge_seconds", d_.challenge_seconds},
                            {"vote_seconds", d_.vote_seconds},
                            {"level", d_.level}};
  JsonArray tiles;
  for (std::size_t i = 0; i < d_.letters.size(); ++i) {
    tiles.push_back(
        JsonObject{{"letter", Json(std::string(1, d_.letters[i]))}, {"position", d_.position[i]}});
  }
  o["tiles"] = std::move(tiles);
  o["cells"] = kCells;
  JsonArray teams;
  for (int t = 0; t < 2; ++t) {
    JsonArray seats, captured;
    for (int p = 0; p < players(); ++p) {
      if (!table_mode() && p % 2 == t) seats.push_back(p);
    }
    for (std::size_t i = 0; i < d_.letters.size(); ++i) {
      if (d_.position[i] == (t == 0 ? -kCaptured : kCaptured))
        captured.push_back(Json(std::string(1, d_.letters[i])));
    }
    teams.push_back(
        JsonObject{{"seats", std::move(seats)},
                   {"captain", table_mode() ? Json(nullptr) : Json(d_.captain[static_cast<std::size_t>(t)])},
                   {"captured", std::move(captured)}});
  }
  o["teams"] = std::move(teams);
  o["team"] = d_.team;
  o["turn"] = d_.turn;
  const auto& c = category();
  o["category"] = category_json(c);
  if (d_.phase == Phase::kPlay) {
    JsonArray proposals;
    for (const auto& w : d_.proposals) proposals.push_back(w.empty() ? Json(nullptr) : Json(w));
    o["proposals"] = std::move(proposals);
    o["hourglass_from"] = d_.phase_started + d_.read_seconds * int64_t{1000};
  }
  if (d_.played && d_.phase != Phase::kOver) {
    const auto& p = *d_.played;
    JsonObject played{
        {"word", p.word}, {"steps", steps_json(p.steps)},       {"challenge", p.challenge},
        {"vote", p.vote}, {"checked", string_array(p.checked)}, {"challengers_skip", p.challengers_skip}};
    JsonArray votes, accepted;
    for (const auto& v : p.votes) votes.push_back(v ? Json(*v) : Json(nullptr));
    for (bool a : p.accepted) accepted.push_back(a);
    played["votes"] = std::move(votes);
    played["accepted"] = std::move(accepted);
    if (d_.phase == Phase::kVote) {
      // Evidence for the vote: what the dictionary and the card say.
      played["evidence"] =
          JsonObject{{"dictionary", game_.lexicon().contains(p.word, lexicon::Accept::kProper)},
                     {"listed", game_.is_example(c, p.letters)},
                     {"examples", string_array(c.answers)}};
    }
    o["played"] = std::move(played);
  }
  o["target"] = d_.target;
  o["last_turn"] = d_.last_turn;
  o["used"] = string_array(d_.used);
  o["words"] = string_array(d_.words);
  o["deck_count"] = d_.deck.size();
  o["now"] = d_.now;
  if (const auto dl = deadline()) o["deadline"] = *dl;
  if (viewer.kind == Viewer::Kind::kPlayer) {
    o["you"] = viewer.id;
    o["your_team"] = team_of(viewer.id);
  }
  if (everything) {
    o["deck"] = string_array(d_.deck);
    o["discard"] = string_array(d_.discard);
    if (d_.played)
      o["before"] = [&] {
        JsonArray a;
        for (int v : d_.played->before) a.push_back(v);
        return a;
      }();
    if (d_.played) o["tally"] = JsonArray{d_.played->tally_valid, d_.played->tally_invalid};
    if (d_.played) o["played_letters"] = d_.played->letters;
    o["captain"] = JsonArray{d_.captain[0], d_.captain[1]};
    o["phase_started"] = d_.phase_started;
    o["rng"] = d_.rng.to_hex();
  }
  return o;
}

Json MotPourMotState::view(const Viewer& viewer) const {
  return public_json(viewer, false);
}

Json MotPourMotState::serialize() const {
  return public_json(Viewer::spectator(), true);
}

std::vector<std::string> MotPourMotState::secrets_hidden_from(const Viewer& viewer) const {
  (void)viewer;
  std::vector<std::string> out;
  // The card's answers while the team is still looking for a word.
  if (d_.phase == Phase::kPlay) out.push_back(canonical(string_array(category().answers)));
  if (d_.deck.size() >= 2) out.push_back(canonical(string_array(d_.deck)));
  return out;
}

std::unique_ptr<Game> make_game(const GameContext& context) {
  if (!context.lexicon) throw std::invalid_argument("Mot pour Mot needs the lexicon");
  return std::make_unique<MotPourMotGame>(*context.lexicon);
}

}  // namespace logomachie::games::motpourmot
