#include "games/trapwords/trapwords.h"

#include <algorithm>
#include <stdexcept>

#include "games/core/content.h"
#include "games/core/options.h"
#include "games/trapwords/bot.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games {
std::span<const ContentFile> trapwords_content();  // generated from data/trapwords/
}

namespace logomachie::games::trapwords {
namespace {

constexpr int kRulesVersion = 1;
constexpr int kMinPlayers = 4;  // two teams of two at least
constexpr int kMaxPlayers = 16;
const std::vector<int> kClassicRooms = {3, 4, 5, 6, 7};
const std::vector<int> kAlternativeRooms = {2, 4, 6, 8, 10};

std::vector<std::string> load_book(std::string_view text) {
  std::vector<std::string> out;
  for_each_data_line(text, [&](std::string_view line) { out.emplace_back(line); });
  if (out.size() < 50) throw std::runtime_error("trapwords: a book needs words");
  return out;
}

std::string key(std::string_view s) {
  return lexicon::match_key(s).value_or(std::string(s));
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) s.remove_suffix(1);
  return std::string(s);
}

std::vector<int> parse_rooms(const Json& v) {
  if (v.is_string()) {
    if (v.get_string() == "classique") return kClassicRooms;
    if (v.get_string() == "alternatif") return kAlternativeRooms;
  } else if (v.is_array()) {
    std::vector<int> rooms;
    for (const auto& r : v.get_array()) {
      if (!r.is_int64() || r.get_int64() < 1 || r.get_int64() > 10) {
        refuse("bad_option", "«\u00a0rooms\u00a0»\u00a0: des numéros de salle de 1 à 10.");
      }
      const int n = static_cast<int>(r.get_int64());
      if (!rooms.empty() && n <= rooms.back())
        refuse("bad_option", "«\u00a0rooms\u00a0»\u00a0: les salles vont en ordre croissant.");
      rooms.push_back(n);
    }
    if (rooms.size() < 4 || rooms.size() > 7)
      refuse("bad_option", "«\u00a0rooms\u00a0»\u00a0: un donjon de 4 à 7 salles.");
    return rooms;
  }
  refuse("bad_option",
         "«\u00a0rooms\u00a0»\u00a0: «\u00a0classique\u00a0», «\u00a0alternatif\u00a0» ou une liste de "
         "numéros de salle.");
}

JsonArray curse_ids(const std::vector<Curse>& curses) {
  JsonArray a;
  for (auto c : curses) a.push_back(Json(std::string(to_string(c))));
  return a;
}

// The trap-writing limit of the sheet written against `target`.
int sheet_limit(const TrapWordsData& d, int target) {
  const auto t = static_cast<std::size_t>(target);
  const int n = d.rooms[static_cast<std::size_t>(d.pawn[t])];
  int limit = n;
  if (d.fighting[t] && d.monster.kind == MonsterKind::kDemon) limit = d.monster.asterisk ? 2 * n : n + n / 2;
  if (d.fighting[t] && d.monster.kind == MonsterKind::kVampire && d.monster.asterisk) limit += 2;
  const auto& cs = d.curses[t];
  if (std::find(cs.begin(), cs.end(), Curse::kGribouillage) != cs.end()) limit = std::max(limit, 10);
  return limit;
}

bool has_curse(const TrapWordsData& d, int team, Curse c) {
  const auto& cs = d.curses[static_cast<std::size_t>(team)];
  return std::find(cs.begin(), cs.end(), c) != cs.end();
}

std::optional<Curse> draw_curse(TrapWordsData& d) {
  if (d.curse_pile.empty()) {
    d.curse_pile = std::move(d.curse_discard);
    d.curse_discard.clear();
    d.rng.shuffle(std::span(d.curse_pile));
  }
  if (d.curse_pile.empty()) return std::nullopt;  // cannot happen with 10 cards, kept safe
  const auto c = d.curse_pile.front();
  d.curse_pile.erase(d.curse_pile.begin());
  return c;
}

std::string draw_word(TrapWordsData& d, const std::vector<std::string>& book) {
  if (d.deck.empty()) {  // a long game on a small book: reshuffle it
    d.deck = book;
    d.rng.shuffle(std::span(d.deck));
  }
  auto w = std::move(d.deck.front());
  d.deck.erase(d.deck.begin());
  return w;
}

void start_round(TrapWordsData& d, const TrapWordsGame& game, int64_t at, std::vector<Json>& events) {
  d.round += 1;
  d.turn.reset();
  d.turn_index = 0;
  d.result = {"", ""};
  d.used_ms = {0, 0};
  d.revealed_rooms.clear();
  JsonArray revealed, drawn;
  for (int t = 0; t < 2; ++t) {
    const auto ti = static_cast<std::size_t>(t);
    d.curses[ti].clear();
    d.fighting[ti] = d.pawn[ti] == d.monster_room;
    const auto room = static_cast<std::size_t>(d.pawn[ti]);
    // A curse applies to every team starting the round in its room.
    if (d.room_curse[room]) {
      d.curses[ti].push_back(*d.room_curse[room]);
      if (std::find(d.revealed_rooms.begin(), d.revealed_rooms.end(), d.pawn[ti]) == d.revealed_rooms.end()) {
        d.revealed_rooms.push_back(d.pawn[ti]);
        revealed.push_back(JsonObject{{"room", d.pawn[ti]}, {"curse", to_string(*d.room_curse[room])}});
      }
    }
  }
  for (int t = 0; t < 2; ++t) {
    const auto ti = static_cast<std::size_t>(t);
    if (!d.fighting[ti]) continue;
    d.monster_fought = true;  // it never moves again
    if (d.monster.kind == MonsterKind::kMomie) {
      for (int i = 0; i < (d.monster.asterisk ? 2 : 1); ++i) {
        const auto c = draw_curse(d);
        if (!c) break;
        d.curses[ti].push_back(*c);
        d.momie_drawn[ti] += 1;
        drawn.push_back(JsonObject{{"team", t}, {"curse", to_string(*c)}});
      }
    }
  }
  // The less advanced team guesses first; tied, the team that went second
  // last round; in round 1, the drawn first team.
  int first = d.round == 1 ? d.first_of_round1 : d.last_second;
  if (d.pawn[0] != d.pawn[1]) first = d.pawn[0] < d.pawn[1] ? 0 : 1;
  d.order = {first, 1 - first};
  const auto& book = game.book(d.book);
  for (int t = 0; t < 2; ++t) d.secret[static_cast<std::size_t>(t)] = draw_word(d, book);
  JsonArray limits;
  for (int w = 0; w < 2; ++w) {
    auto& s = d.sheet[static_cast<std::size_t>(w)];
    s = Sheet{};
    const int target = 1 - w;
    s.limit = sheet_limit(d, target);
    // Gribouillage: ten traps, but for one hourglass only.
    if (has_curse(d, target, Curse::kGribouillage) && d.turn_seconds > 0) {
      s.deadline = at + d.turn_seconds * int64_t{1000};
    } else if (d.write_seconds > 0) {
      s.deadline = at + d.write_seconds * int64_t{1000};
    }
    limits.push_back(s.limit);
  }
  d.phase = Phase::kWrite;
  d.phase_started = at;
  JsonArray curses, fighting;
  for (int t = 0; t < 2; ++t) {
    curses.push_back(curse_ids(d.curses[static_cast<std::size_t>(t)]));
    fighting.push_back(d.fighting[static_cast<std::size_t>(t)]);
  }
  events.push_back(JsonObject{{"type", "round_started"},
                              {"round", d.round},
                              {"order", JsonArray{d.order[0], d.order[1]}},
                              {"curses", curses},
                              {"revealed", revealed},
                              {"momie", drawn},
                              {"fighting", fighting},
                              {"limits", limits}});
}

void start_turn(TrapWordsData& d, int team, int64_t at, std::vector<Json>& events) {
  const auto ti = static_cast<std::size_t>(team);
  Turn t;
  t.team = team;
  t.clue_giver = d.seats[ti][static_cast<std::size_t>(d.torch[ti])];
  t.fight = d.fighting[ti];
  if (t.fight && d.monster.kind == MonsterKind::kDragon) t.guess_limit = d.monster.asterisk ? 1 : 3;
  if (t.fight && d.monster.kind == MonsterKind::kVampire) t.guess_limit = 0;
  int64_t sand = d.turn_seconds * int64_t{1000};
  // Speed tie-break: the second team to fight gets the sand the first used.
  const int other = 1 - team;
  if (d.tiebreak && t.fight && d.turn_index == 1 && d.killed[static_cast<std::size_t>(other)]) {
    sand = std::max<int64_t>(d.used_ms[static_cast<std::size_t>(other)], 1);
  }
  t.started = at;
  t.hourglass_from = at + d.read_seconds * int64_t{1000};
  t.hourglass_end = sand > 0 ? t.hourglass_from + sand : 0;
  t.flagged.assign(d.seats[0].size() + d.seats[1].size(), false);
  d.phase = Phase::kTurn;
  d.phase_started = at;
  events.push_back(JsonObject{{"type", "turn_started"},
                              {"team", team},
                              {"clue_giver", t.clue_giver},
                              {"fight", t.fight},
                              {"guess_limit", t.guess_limit},
                              {"curses", curse_ids(d.curses[ti])},
                              {"traps", d.sheet[static_cast<std::size_t>(other)].live().size()},
                              {"hourglass_ms", sand}});
  d.turn = std::move(t);
}

// Starts the turns once every sheet is sealed (and every désarmer settled).
void after_writing(TrapWordsData& d, int64_t at, std::vector<Json>& events) {
  for (int c = 0; c < 2; ++c) {
    if (d.disarm_pending[static_cast<std::size_t>(c)]) {
      d.phase = Phase::kDisarm;
      d.phase_started = at;
      return;
    }
  }
  start_turn(d, d.order[0], at, events);
}

void seal(TrapWordsData& d, int w, std::vector<Json>& events) {
  auto& s = d.sheet[static_cast<std::size_t>(w)];
  const int target = 1 - w;
  if (has_curse(d, target, Curse::kMotInterdit) && !s.traps.empty() && !s.forbidden) s.forbidden = 0;
  s.sealed = true;
  // Désarmer costs the cursed team one of its own traps: the opposing
  // clue-giver names a row of the list the cursed team just wrote.
  if (has_curse(d, w, Curse::kDesarmer) && !s.traps.empty())
    d.disarm_pending[static_cast<std::size_t>(w)] = true;
  events.push_back(JsonObject{{"type", "sealed"}, {"team", w}, {"count", s.traps.size()}});
}

Json sheet_rows(const Sheet& s) {
  JsonArray rows;
  for (std::size_t i = 0; i < s.traps.size(); ++i) {
    rows.push_back(JsonObject{{"word", s.traps[i]},
                              {"forbidden", s.forbidden && static_cast<std::size_t>(*s.forbidden) == i},
                              {"crossed", s.crossed && static_cast<std::size_t>(*s.crossed) == i}});
  }
  return rows;
}

void game_over(TrapWordsData& d, int64_t at, std::vector<Json>& events) {
  d.phase = Phase::kOver;
  d.phase_started = at;
  d.turn.reset();
  JsonArray winners;
  for (int t : d.winners) winners.push_back(t);
  events.push_back(
      JsonObject{{"type", "game_over"}, {"winners", winners}, {"monster_won", d.winners.empty()}});
}

void end_round(TrapWordsData& d, const TrapWordsGame& game, int64_t at, std::vector<Json>& events) {
  if (d.killed[0] || d.killed[1]) {
    if (d.killed[0] && d.killed[1]) {
      // Both killed it: everybody wins, unless the speed tie-break is on (the
      // second team met the first team's time, so it wins).
      if (d.tiebreak)
        d.winners = {d.order[1]};
      else
        d.winners = {0, 1};
    } else {
      d.winners = {d.killed[0] ? 0 : 1};
    }
    game_over(d, at, events);
    return;
  }
  // The curses of this round are discarded (before the monster moves: a
  // spent curse is not pushed on).
  for (int room : d.revealed_rooms) {
    auto& c = d.room_curse[static_cast<std::size_t>(room)];
    if (c) d.curse_discard.push_back(*c);
    c.reset();
  }
  if (d.result[0] != "found" && d.result[1] != "found" && !d.monster_fought && d.monster_room > 0) {
    // Both failed: the monster steps toward the players, pushing curses ahead.
    d.monster_room -= 1;
    int pushed = 0;
    std::optional<Curse> carry;
    std::swap(carry, d.room_curse[static_cast<std::size_t>(d.monster_room)]);
    for (int room = d.monster_room - 1; carry; --room) {
      ++pushed;
      if (room < 0) {  // pushed out of the dungeon
        d.curse_discard.push_back(*carry);
        break;
      }
      std::swap(carry, d.room_curse[static_cast<std::size_t>(room)]);
    }
    events.push_back(JsonObject{{"type", "monster_moved"}, {"room", d.monster_room}, {"pushed", pushed}});
  }
  for (int t = 0; t < 2; ++t) {
    const auto ti = static_cast<std::size_t>(t);
    // The momie's draws go back to the discard pile too.
    const auto& cs = d.curses[ti];
    d.curse_discard.insert(d.curse_discard.end(), cs.end() - d.momie_drawn[ti], cs.end());
    d.momie_drawn[ti] = 0;
    d.curses[ti].clear();
    // The torch passes on, so that everyone gives clues.
    d.torch[ti] = (d.torch[ti] + 1) % static_cast<int>(d.seats[ti].size());
  }
  d.last_second = d.order[1];
  if (d.round >= kRounds) {
    d.winners.clear();  // the monster wins
    game_over(d, at, events);
    return;
  }
  start_round(d, game, at, events);
}

// Ends the guessing team's turn with `result` ("found", "trap", "invalid",
// "guesses", "time", "gave_up").
void end_turn(TrapWordsData& d, const TrapWordsGame& game, std::string_view result, bool forbidden_fired,
              int64_t at, std::vector<Json>& events) {
  auto& t = *d.turn;
  const auto ti = static_cast<std::size_t>(t.team);
  const auto& sheet = d.sheet[1 - ti];
  // Sand used: from the turn of the hourglass to now, votes left out.
  d.used_ms[ti] = std::max<int64_t>(at - t.hourglass_from - t.paused_ms, 0);
  d.result[ti] = std::string(result);
  bool stepped_back = false;
  if (result == "found") {
    if (t.fight)
      d.killed[ti] = true;
    else
      d.pawn[ti] = std::min(d.pawn[ti] + 1, d.monster_room);
  } else if (forbidden_fired && d.pawn[ti] > 0) {
    d.pawn[ti] -= 1;  // le mot interdit: one room back (nothing happens in the first room)
    stepped_back = true;
  }
  JsonObject entry{{"round", d.round},        {"team", t.team},         {"clue_giver", t.clue_giver},
                   {"fight", t.fight},        {"secret", d.secret[ti]}, {"traps", sheet_rows(sheet)},
                   {"result", result},        {"killed", d.killed[ti]}, {"stepped_back", stepped_back},
                   {"wrong", t.wrong},        {"log", t.log},           {"pawn", d.pawn[ti]},
                   {"used_ms", d.used_ms[ti]}};
  d.history.push_back(entry);
  events.push_back(JsonObject{{"type", "turn_ended"}, {"turn", entry}});
  d.turn.reset();
  if (d.turn_index == 0) {
    d.turn_index = 1;
    const int second = d.order[1];
    // A kill ends the game at once unless the other team fights this round too.
    if (d.killed[ti] && !d.fighting[static_cast<std::size_t>(second)]) {
      end_round(d, game, at, events);
      return;
    }
    start_turn(d, second, at, events);
    return;
  }
  end_round(d, game, at, events);
}

Json verdict_json(const ClueVerdict& v) {
  JsonArray fired, violations;
  for (const auto& f : v.fired) {
    fired.push_back(
        JsonObject{{"trap", f.trap}, {"word", f.word}, {"relation", lexicon::to_string(f.relation)}});
  }
  for (const auto& x : v.violations) {
    violations.push_back(JsonObject{{"rule", x.rule}, {"word", x.word}, {"reason", x.reason}});
  }
  return JsonObject{{"fired", fired}, {"violations", violations}};
}

// Whether the sheet's forbidden row is among the fired traps.
bool fired_forbidden(const Sheet& s, const std::vector<Fired>& fired) {
  if (!s.forbidden || (s.crossed && *s.crossed == *s.forbidden)) return false;
  const auto& word = s.traps[static_cast<std::size_t>(*s.forbidden)];
  return std::any_of(fired.begin(), fired.end(), [&](const Fired& f) { return f.trap == word; });
}

// A turn's log as a viewer sees it, each line told in words (tell_log_line).
// `dark`: the viewer guesses under ténèbres and sees only the latest clue (a
// flag line then quotes its clue only when that clue is the one shown).
JsonArray told_log(const JsonArray& log, bool dark) {
  std::size_t last_clue = log.size();
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].as_object().at("kind") == "clue") last_clue = i;
  }
  JsonArray out;
  std::optional<std::size_t> clue;  // the latest clue so far
  for (std::size_t i = 0; i < log.size(); ++i) {
    JsonObject line = log[i].as_object();
    const bool is_clue = line.at("kind") == "clue";
    if (is_clue) clue = i;
    if (dark && is_clue && i != last_clue) continue;
    std::string contested;
    const bool quoted = line.at("kind") == "flag" && clue && (!dark || *clue == last_clue);
    if (quoted) contested = std::string(log[*clue].as_object().at("text").as_string());
    tell_log_line(line, quoted ? &contested : nullptr);
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace

std::vector<std::string> Sheet::live() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < traps.size(); ++i) {
    if (!crossed || static_cast<std::size_t>(*crossed) != i) out.push_back(traps[i]);
  }
  return out;
}

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::kWrite:
      return "write";
    case Phase::kDisarm:
      return "disarm";
    case Phase::kTurn:
      return "turn";
    case Phase::kVote:
      return "vote";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

// --- game -------------------------------------------------------------------

TrapWordsGame::TrapWordsGame(const lexicon::Lexicon& lexicon)
    : lexicon_(lexicon),
      referee_(lexicon),
      fantastique_(load_book(content_file(trapwords_content(), "fantastique.txt"))),
      contemporain_(load_book(content_file(trapwords_content(), "contemporain.txt"))) {
  for_each_data_line(content_file(trapwords_content(), "unsayable.txt"),
                     [&](std::string_view line) { unsayable_.insert(key(line)); });
  info_.name = "trapwords";
  info_.title = "TrapWords";
  info_.min_players = kMinPlayers;
  info_.max_players = kMaxPlayers;
  info_.default_players = 4;
  info_.rules_version = kRulesVersion;
  info_.content_version = content_hash(trapwords_content());
  info_.bot_levels = {"easy", "medium", "hard"};
  info_.independent_actions = {"trap", "untrap", "forbidden", "vote"};
  info_.options = {
      choice_option("mode", "Façon de jouer", "typed",
                    {{"typed", "en ligne\u00A0: on tape, l’arbitre juge"},
                     {"table", "autour d’une table\u00A0: on parle, les adversaires arbitrent"}}),
      choice_option("book", "Livre de mots", "fantastique",
                    {{"fantastique", "Fantastique (épées et dragons)"},
                     {"contemporain", "Contemporain (la vie de tous les jours)"}}),
      choice_option("rooms", "Donjon", "classique",
                    {{"classique", "classique\u00A0: salles 3-4-5-6-7"},
                     {"alternatif", "alternatif\u00A0: salles 2-4-6-8-10"}})
          .open_to_others(),  // or a list of room numbers, checked by parse_rooms
      choice_option("monsters", "Monstres", "normal",
                    {{"normal", "normaux"}, {"asterisque", "à astérisque (plus coriaces)"}}),
      int_option("turn_seconds", "Sablier", 30, 0, 600, seconds({30, 45, 60}, "sans sablier")),
      int_option("read_seconds", "Temps pour lire le mot avant le sablier", 3, 0, 60,
                 seconds({0, 3, 5, 10}, "le sablier part tout de suite"))
          .as_advanced(),
      int_option("write_seconds", "Temps pour écrire les pièges", 120, 0, 1800, seconds({60, 120, 180, 0})),
      int_option("vote_seconds", "Temps pour voter (et pour choisir la ligne à désarmer)", 15, 1, 600,
                 seconds({10, 15, 30, 60}))
          .as_advanced(),
      bool_option("tiebreak",
                  "Pas d’égalité\u00A0: si les deux équipes tuent le monstre, la plus rapide gagne", false)
          .with_help("Il faut un sablier."),
  };
}

bool TrapWordsGame::unsayable(std::string_view word) const {
  if (unsayable_.count(key(word))) return true;
  for (const auto& a : lexicon_.analyses(word)) {
    if (a.common && unsayable_.count(key(a.lemma))) return true;
  }
  return false;
}

const std::vector<std::string>& TrapWordsGame::book(std::string_view name) const {
  return name == "contemporain" ? contemporain_ : fantastique_;
}

std::optional<Error> TrapWordsGame::check_bots(const Setup& setup, const std::vector<bool>& bots) const {
  const auto options = resolve_options(info_, setup.options, setup.players);
  if (options.text("mode") != "table") return std::nullopt;
  for (int team = 0; team < 2; ++team) {
    bool person = false;
    for (std::size_t s = static_cast<std::size_t>(team); s < bots.size(); s += 2) person = person || !bots[s];
    if (!person) {
      return Error{
          "bots_cannot_play",
          "Autour d’une table, on parle et l’équipe adverse juge : chaque équipe a besoin d’au moins une "
          "personne, car les robots n’entendent pas. Pour jouer contre des robots, choisis « en ligne »."};
    }
  }
  return std::nullopt;
}

std::unique_ptr<State> TrapWordsGame::new_state(const Setup& setup) const {
  if (setup.players < kMinPlayers || setup.players > kMaxPlayers) {
    refuse("bad_players",
           "TrapWords se joue à deux équipes d’au moins deux joueurs\u00a0: de 4 à 16 joueurs.");
  }
  TrapWordsData d;
  d.rng.reseed(setup.seed);
  const auto options = resolve_options(info_, setup.options, setup.players);
  d.rooms = parse_rooms(*options.find("rooms"));  // a name, or the engine checks a custom list
  d.book = std::string(options.text("book"));
  d.monsters = std::string(options.text("monsters"));
  d.mode = std::string(options.text("mode"));
  d.turn_seconds = options.integer("turn_seconds");
  d.read_seconds = options.integer("read_seconds");
  d.write_seconds = options.integer("write_seconds");
  d.vote_seconds = options.integer("vote_seconds");
  d.tiebreak = options.flag("tiebreak");
  if (d.tiebreak && d.turn_seconds == 0) {
    refuse("bad_option",
           "«\u00a0tiebreak\u00a0»\u00a0: le départage au temps a besoin d’un sablier "
           "(«\u00a0turn_seconds\u00a0»).");
  }
  for (const auto& kv : setup.fixed) {
    const std::string_view k = kv.key();
    if (k != "words" && k != "monster" && k != "curses" && k != "first_team") {
      refuse("bad_setup", "Réglage fixe inconnu\u00a0: " + guillemets(k) + ".");
    }
  }
  for (int p = 0; p < setup.players; ++p) d.seats[static_cast<std::size_t>(p % 2)].push_back(p);
  // The monster: one card at random from the chosen deck, in the last room.
  if (setup.fixed.contains("monster")) {
    const auto m = parse_monster(get_string(setup.fixed, "monster"));
    if (!m) refuse("bad_setup", "Monstre inconnu.");
    d.monster = *m;
  } else {
    d.monster.kind = static_cast<MonsterKind>(d.rng.below(5));
    d.monster.asterisk = d.monsters == "asterisque";
  }
  d.monster_room = static_cast<int>(d.rooms.size()) - 1;
  // The curses: named ones first, the rest shuffled.
  std::vector<Curse> named;
  if (setup.fixed.contains("curses")) {
    for (const auto& id : get_array(setup.fixed, "curses")) {
      const auto c = id.is_string() ? parse_curse(id.get_string()) : std::nullopt;
      if (!c || std::find(named.begin(), named.end(), *c) != named.end())
        refuse("bad_setup", "Malédictions\u00a0: des ids distincts.");
      named.push_back(*c);
    }
  }
  std::vector<Curse> rest;
  for (std::size_t i = 0; i < kCurseCount; ++i) {
    const auto c = static_cast<Curse>(i);
    if (std::find(named.begin(), named.end(), c) == named.end()) rest.push_back(c);
  }
  d.rng.shuffle(std::span(rest));
  named.insert(named.end(), rest.begin(), rest.end());
  d.room_curse.assign(d.rooms.size(), std::nullopt);
  d.room_curse[1] = named[0];                   // beside the second room
  d.room_curse[d.rooms.size() - 2] = named[1];  // beside the room before the monster
  d.curse_pile.assign(named.begin() + 2, named.end());
  // The words: named ones first, then the book shuffled.
  std::vector<std::string> words;
  if (setup.fixed.contains("words")) {
    for (const auto& w : get_array(setup.fixed, "words")) {
      if (!w.is_string() || w.get_string().empty() || w.get_string().size() > kMaxTrapBytes) {
        refuse("bad_setup", "«\u00a0words\u00a0»\u00a0: des mots secrets.");
      }
      words.emplace_back(w.get_string());
    }
  }
  auto shuffled = book(d.book);
  d.rng.shuffle(std::span(shuffled));
  for (auto& w : shuffled) {
    if (std::find(words.begin(), words.end(), w) == words.end()) words.push_back(std::move(w));
  }
  d.deck = std::move(words);
  d.first_of_round1 = setup.fixed.contains("first_team")
                          ? static_cast<int>(get_int(setup.fixed, "first_team", 0, 1))
                          : static_cast<int>(d.rng.below(2));
  std::vector<Json> events;
  start_round(d, *this, 0, events);
  return std::make_unique<TrapWordsState>(*this, std::move(d));
}

std::unique_ptr<Bot> TrapWordsGame::make_bot(std::string_view level, uint64_t seed) const {
  return make_trapwords_bot(*this, parse_level(level), seed);
}

// --- state ------------------------------------------------------------------

Constraints TrapWordsState::constraints(int team) const {
  Constraints c;
  c.curses = d_.curses[static_cast<std::size_t>(team)];
  if (d_.fighting[static_cast<std::size_t>(team)]) c.monster = d_.monster;
  return c;
}

std::optional<Error> TrapWordsState::check_trap(int team, std::string_view word) const {
  const auto& s = d_.sheet[static_cast<std::size_t>(team)];
  if (d_.phase != Phase::kWrite)
    return Error{"wrong_phase", "Ce n’est pas le moment d’écrire des mots-pièges."};
  if (s.sealed) return Error{"sealed", "Votre liste est déjà remise."};
  const auto w = trimmed(word);
  if (w.size() > kMaxTrapBytes) return Error{"bad_trap", "Ce mot-piège est bien trop long."};
  if (auto why = game_.referee().refuse_trap(w)) return Error{"bad_trap", *why};
  if (static_cast<int>(s.traps.size()) >= s.limit) {
    return Error{"sheet_full",
                 "Votre liste est pleine\u00a0: " + std::to_string(s.limit) + " mots-pièges cette manche."};
  }
  const auto k = key(w);
  for (const auto& t : s.traps) {
    if (key(t) == k) return Error{"duplicate_trap", guillemets(w) + " est déjà sur votre liste."};
  }
  const auto& secret = d_.secret[static_cast<std::size_t>(1 - team)];
  if (game_.lexicon().relate(secret, w, lexicon::Reading::kNoun) != lexicon::Relation::kUnrelated ||
      key(secret) == k) {
    return Error{
        "secret_family",
        guillemets(w) +
            " est de la famille du mot secret\u00a0: c’est déjà interdit, choisissez un autre piège."};
  }
  return std::nullopt;
}

std::vector<PlayerId> TrapWordsState::to_act() const {
  std::vector<PlayerId> out;
  switch (d_.phase) {
    case Phase::kWrite:
      for (int p = 0; p < players(); ++p) {
        if (!d_.sheet[static_cast<std::size_t>(team_of(p))].sealed) out.push_back(p);
      }
      break;
    case Phase::kDisarm:
      for (int c = 0; c < 2; ++c) {
        if (d_.disarm_pending[static_cast<std::size_t>(c)]) {
          out.push_back(clue_giver(1 - c));
          break;
        }
      }
      break;
    case Phase::kTurn: {
      const auto& t = *d_.turn;
      const auto cs = constraints(t.team);
      const bool silenced = (cs.has(Curse::kInondation) && !t.clues.empty()) ||
                            (cs.has(Curse::kPetrification) && t.guesses_made > 0);
      // A clue, then guesses on it: while a clue waits for a guess the
      // guessers come first, and the clue-giver may add another; a silenced
      // clue-giver's team keeps guessing from what it has.
      if (t.clue_pending || silenced) {
        for (int p : d_.seats[static_cast<std::size_t>(t.team)]) {
          if (p != t.clue_giver) out.push_back(p);
        }
      }
      if (!silenced) out.push_back(t.clue_giver);
      break;
    }
    case Phase::kVote: {
      const auto& f = *d_.turn->flag;
      for (int p : d_.seats[static_cast<std::size_t>(1 - d_.turn->team)]) {
        if (!f.votes[static_cast<std::size_t>(p)]) out.push_back(p);
      }
      break;
    }
    case Phase::kOver:
      break;
  }
  return out;
}

std::optional<std::vector<Action>> TrapWordsState::legal_actions(PlayerId player) const {
  std::vector<Action> out;
  const auto acts = to_act();
  if (std::find(acts.begin(), acts.end(), player) == acts.end()) return out;
  auto add = [&](JsonObject body) { out.push_back(Action::make(player, d_.now, std::move(body))); };
  switch (d_.phase) {
    case Phase::kWrite:
    case Phase::kTurn:
      return std::nullopt;  // free word entry
    case Phase::kDisarm: {
      const int c = d_.disarm_pending[0] ? 0 : 1;
      const auto n = d_.sheet[static_cast<std::size_t>(c)].traps.size();
      for (std::size_t r = 1; r <= n; ++r) add({{"type", "disarm"}, {"row", r}});
      break;
    }
    case Phase::kVote:
      add({{"type", "vote"}, {"invalid", true}});
      add({{"type", "vote"}, {"invalid", false}});
      break;
    case Phase::kOver:
      break;
  }
  return out;
}

std::optional<int64_t> TrapWordsState::deadline() const {
  switch (d_.phase) {
    case Phase::kWrite: {
      std::optional<int64_t> dl;
      for (const auto& s : d_.sheet) {
        if (!s.sealed && s.deadline > 0) dl = dl ? std::min(*dl, s.deadline) : s.deadline;
      }
      return dl;
    }
    case Phase::kDisarm:
    case Phase::kVote:
      return d_.phase_started + d_.vote_seconds * int64_t{1000};
    case Phase::kTurn:
      if (d_.turn->hourglass_end <= 0) return std::nullopt;
      return d_.turn->hourglass_end;
    case Phase::kOver:
      break;
  }
  return std::nullopt;
}

std::optional<int64_t> TrapWordsState::deadline_for(PlayerId actor) const {
  if (d_.phase != Phase::kWrite) return deadline();
  // Each team writes against its own timer (gribouillage shortens one).
  const auto& own = d_.sheet[static_cast<std::size_t>(team_of(actor))];
  return own.deadline > 0 ? std::optional<int64_t>(own.deadline) : std::nullopt;
}

void TrapWordsState::do_apply(TrapWordsData& next, const Move& move) const {
  switch (d_.phase) {
    case Phase::kWrite:
      return apply_write(next, move);
    case Phase::kDisarm:
      return apply_disarm(next, move);
    case Phase::kTurn:
      return apply_turn(next, move);
    case Phase::kVote:
      return apply_vote(next, move);
    case Phase::kOver:
      return;
  }
}

void TrapWordsState::apply_write(TrapWordsData& next, const Move& move) const {
  const int my_team = move.is_timeout ? -1 : team_of(move.actor);
  const auto mt = static_cast<std::size_t>(std::max(my_team, 0));
  auto& sheet = next.sheet[mt];
  if (move.type == "trap") {
    const auto word = get_string(move.body(), "word");
    if (const auto e = check_trap(my_team, word)) refuse(e->code, e->message);
    sheet.traps.push_back(trimmed(word));
    move.events.push_back(
        JsonObject{{"type", "trap_written"}, {"team", my_team}, {"count", sheet.traps.size()}});
  } else if (move.type == "untrap" || move.type == "forbidden") {
    const auto word = key(trimmed(get_string(move.body(), "word")));
    if (sheet.sealed) refuse("sealed", "Votre liste est déjà remise.");
    const auto it = std::find_if(sheet.traps.begin(), sheet.traps.end(),
                                 [&](const std::string& t) { return key(t) == word; });
    if (it == sheet.traps.end()) refuse("not_on_sheet", "Ce mot n’est pas sur votre liste.");
    const int row = static_cast<int>(it - sheet.traps.begin());
    if (move.type == "untrap") {
      sheet.traps.erase(it);
      if (sheet.forbidden && *sheet.forbidden == row)
        sheet.forbidden.reset();
      else if (sheet.forbidden && *sheet.forbidden > row)
        *sheet.forbidden -= 1;
      move.events.push_back(
          JsonObject{{"type", "trap_erased"}, {"team", my_team}, {"count", sheet.traps.size()}});
    } else {
      if (!has_curse(next, 1 - my_team, Curse::kMotInterdit)) {
        refuse("no_forbidden_word",
               "Pas de mot interdit cette manche\u00a0: la malédiction n’est pas en jeu.");
      }
      sheet.forbidden = row;
      move.events.push_back(JsonObject{{"type", "forbidden_marked"}, {"team", my_team}});
    }
  } else if (move.type == "seal") {
    if (sheet.sealed) refuse("sealed", "Votre liste est déjà remise.");
    if (has_curse(next, 1 - my_team, Curse::kMotInterdit) && !sheet.traps.empty() && !sheet.forbidden) {
      refuse("mark_forbidden", "Marquez d’abord le mot interdit de votre liste.");
    }
    seal(next, my_team, move.events);
  } else if (move.is_timeout) {
    for (int w = 0; w < 2; ++w) {
      const auto& s = next.sheet[static_cast<std::size_t>(w)];
      if (!s.sealed && s.deadline > 0 && s.deadline <= move.at) seal(next, w, move.events);
    }
  } else {
    refuse("wrong_phase",
           "C’est le moment d’écrire les mots-pièges («\u00a0trap\u00a0», puis «\u00a0seal\u00a0»).");
  }
  if (next.sheet[0].sealed && next.sheet[1].sealed) after_writing(next, move.at, move.events);
}

void TrapWordsState::apply_disarm(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  const int c = next.disarm_pending[0] ? 0 : 1;  // the cursed team, whose list loses a row
  const auto& target = next.sheet[static_cast<std::size_t>(c)];
  int row = 0;
  if (move.type == "disarm") {
    if (p != clue_giver(1 - c)) {
      refuse("not_clue_giver", "C’est à l’éclaireur de l’équipe adverse de donner un numéro.");
    }
    row = static_cast<int>(get_int(move.body(), "row", 1, static_cast<int64_t>(target.traps.size())));
  } else if (move.is_timeout) {
    row = 1 + static_cast<int>(next.rng.below(target.traps.size()));
  } else {
    refuse("wrong_phase",
           "Désarmer\u00a0: l’éclaireur adverse donne un numéro de ligne («\u00a0disarm\u00a0»).");
  }
  next.sheet[static_cast<std::size_t>(c)].crossed = row - 1;
  next.disarm_pending[static_cast<std::size_t>(c)] = false;
  move.events.push_back(JsonObject{{"type", "disarmed"}, {"team", c}, {"row", row}});
  after_writing(next, move.at, move.events);
}

void TrapWordsState::apply_turn(TrapWordsData& next, const Move& move) const {
  if (move.type == "clue") return give_clue(next, move);
  if (move.type == "guess") return make_guess(next, move);
  if (move.type == "give_up") return give_up(next, move);
  if (move.type == "flag") return flag_clue(next, move);
  if (move.type == "trap_hit" || move.type == "invalid" || move.type == "found" || move.type == "wrong")
    return table_judgement(next, move);
  if (move.is_timeout) return end_turn(next, game_, "time", false, move.at, move.events);
  refuse("wrong_phase",
         "C’est le tour de devinette\u00a0: indices («\u00a0clue\u00a0») et réponses "
         "(«\u00a0guess\u00a0»).");
}

void TrapWordsState::give_clue(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  auto& t = *next.turn;
  const auto& sheet = next.sheet[1 - static_cast<std::size_t>(t.team)];
  const auto traps = sheet.live();
  const auto cs = constraints(t.team);
  if (p != t.clue_giver) refuse("not_clue_giver", "Seul l’éclaireur donne des indices.");
  const auto text = trimmed(get_string(move.body(), "text"));
  if (text.empty()) refuse("empty_clue", "Écris un indice.");
  if (text.size() > kMaxClueBytes) refuse("clue_too_long", "Cet indice est bien trop long.");
  if (cs.has(Curse::kInondation) && !t.clues.empty()) {
    refuse("inondation", "Inondation\u00a0: un seul souffle, donc un seul message par tour.");
  }
  if (cs.has(Curse::kPetrification) && t.guesses_made > 0) {
    refuse("petrification",
           "Pétrification\u00a0: une réponse a été proposée, l’éclaireur est changé en pierre.");
  }
  const auto v =
      game_.referee().judge_clue(next.secret[static_cast<std::size_t>(t.team)], traps, text, cs, t.clues);
  t.clues.push_back(text);
  t.clue_pending = true;
  JsonObject line{
      {"kind", "clue"}, {"player", p}, {"text", text}, {"at", move.at}, {"verdict", verdict_json(v)}};
  t.log.push_back(line);
  JsonObject event{{"type", "clue"}, {"player", p}, {"verdict", verdict_json(v)}};
  // Ténèbres: events reach everybody; the clue's text is in the views
  // (the team in the dark sees only the latest).
  if (!cs.has(Curse::kTenebres)) event["text"] = text;
  move.events.push_back(std::move(event));
  if (!v.fired.empty())
    end_turn(next, game_, "trap", fired_forbidden(sheet, v.fired), move.at, move.events);
  else if (!v.violations.empty())
    end_turn(next, game_, "invalid", false, move.at, move.events);
}

void TrapWordsState::make_guess(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  auto& t = *next.turn;
  const auto& sheet = next.sheet[1 - static_cast<std::size_t>(t.team)];
  const auto traps = sheet.live();
  if (team_of(p) != t.team || p == t.clue_giver)
    refuse("not_guesser", "Seuls les coéquipiers de l’éclaireur proposent des réponses.");
  const auto text = trimmed(get_string(move.body(), "text"));
  if (text.empty()) refuse("empty_guess", "Écris une réponse.");
  if (text.size() > kMaxGuessBytes) refuse("guess_too_long", "Cette réponse est bien trop longue.");
  const auto v = game_.referee().judge_guess(next.secret[static_cast<std::size_t>(t.team)], text, traps,
                                             constraints(t.team));
  t.guesses_made += 1;
  t.clue_pending = false;
  const bool counts = v.correct && v.violations.empty();
  JsonArray fired;
  for (const auto& f : v.fired) {
    fired.push_back(
        JsonObject{{"trap", f.trap}, {"word", f.word}, {"relation", lexicon::to_string(f.relation)}});
  }
  JsonArray violations;
  for (const auto& x : v.violations) {
    violations.push_back(JsonObject{{"rule", x.rule}, {"word", x.word}, {"reason", x.reason}});
  }
  JsonObject verdict{{"correct", counts}, {"fired", fired}, {"violations", violations}};
  t.log.push_back(
      JsonObject{{"kind", "guess"}, {"player", p}, {"text", text}, {"at", move.at}, {"verdict", verdict}});
  move.events.push_back(JsonObject{{"type", "guess"}, {"player", p}, {"text", text}, {"verdict", verdict}});
  if (!v.fired.empty()) {
    end_turn(next, game_, "trap", fired_forbidden(sheet, v.fired), move.at, move.events);
  } else if (counts) {
    end_turn(next, game_, "found", false, move.at, move.events);
  } else {
    t.wrong += 1;
    if (t.guess_limit > 0 && t.wrong >= t.guess_limit)
      end_turn(next, game_, "guesses", false, move.at, move.events);
  }
}

void TrapWordsState::give_up(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  auto& t = *next.turn;
  if (team_of(p) != t.team) refuse("not_your_turn", "Seule l’équipe qui devine peut abandonner son tour.");
  t.log.push_back(JsonObject{{"kind", "give_up"}, {"player", p}, {"at", move.at}});
  end_turn(next, game_, "gave_up", false, move.at, move.events);
}

void TrapWordsState::flag_clue(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  auto& t = *next.turn;
  if (table_mode())
    refuse("table_mode", "À la table, l’équipe adverse tranche avec «\u00a0Indice invalide\u00a0».");
  if (team_of(p) == t.team) refuse("not_opponent", "Seule l’équipe adverse peut contester un indice.");
  if (t.clues.empty()) refuse("no_clue", "Aucun indice à contester pour l’instant.");
  if (t.flagged[static_cast<std::size_t>(p)])
    refuse("already_flagged", "Tu as déjà contesté un indice ce tour-ci.");
  if (t.judged_clues >= static_cast<int>(t.clues.size())) {
    refuse("already_judged", "Cet indice a déjà été soumis au vote.");
  }
  const auto reason = get_string(move.body(), "reason");
  if (std::find(kFlagReasons.begin(), kFlagReasons.end(), reason) == kFlagReasons.end()) {
    refuse("bad_field", "«\u00a0reason\u00a0»\u00a0: exemple, sonorite, abreviation, private-joke ou autre.");
  }
  t.flagged[static_cast<std::size_t>(p)] = true;
  t.judged_clues = static_cast<int>(t.clues.size());
  Flag f;
  f.player = p;
  f.reason = std::string(reason);
  f.votes.assign(static_cast<std::size_t>(players()), std::nullopt);
  f.votes[static_cast<std::size_t>(p)] = true;
  f.hourglass_left = t.hourglass_end > 0 ? t.hourglass_end - move.at : 0;
  t.flag = std::move(f);
  t.log.push_back(JsonObject{{"kind", "flag"}, {"player", p}, {"reason", reason}, {"at", move.at}});
  move.events.push_back(
      JsonObject{{"type", "flagged"}, {"player", p}, {"reason", reason}, {"clue", t.clues.back()}});
  next.phase = Phase::kVote;
  next.phase_started = move.at;
}

void TrapWordsState::table_judgement(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  auto& t = *next.turn;
  const auto& sheet = next.sheet[1 - static_cast<std::size_t>(t.team)];
  const auto live = sheet.live();
  const bool opponent = team_of(p) != t.team;
  if (!table_mode()) refuse("typed_mode", "En ligne, l’arbitre juge les indices et les réponses tapés.");
  // The opponents judge; the clue-giver may also count a wrong answer
  // (but does not declare its own team's word found).
  const bool judge = move.type == "wrong" ? (opponent || p == t.clue_giver) : opponent;
  if (!judge) refuse("not_judge", "Ce bouton est pour l’équipe adverse.");
  JsonObject line{{"kind", move.type}, {"player", p}, {"at", move.at}};
  if (move.type == "trap_hit") {
    const auto word = key(trimmed(get_string(move.body(), "trap")));
    const auto it =
        std::find_if(live.begin(), live.end(), [&](const std::string& w) { return key(w) == word; });
    if (it == live.end()) refuse("not_a_trap", "Ce mot n’est pas un de vos pièges (ou il a été barré).");
    line["trap"] = *it;
    t.log.push_back(line);
    move.events.push_back(JsonObject{{"type", "judged"}, {"kind", move.type}, {"player", p}, {"trap", *it}});
    const bool forbidden = fired_forbidden(sheet, {Fired{*it, *it, lexicon::Relation::kInflection}});
    end_turn(next, game_, "trap", forbidden, move.at, move.events);
  } else {
    t.log.push_back(line);
    move.events.push_back(JsonObject{{"type", "judged"}, {"kind", move.type}, {"player", p}});
    if (move.type == "invalid")
      end_turn(next, game_, "invalid", false, move.at, move.events);
    else if (move.type == "found")
      end_turn(next, game_, "found", false, move.at, move.events);
    else {
      t.wrong += 1;
      t.guesses_made += 1;
      if (t.guess_limit > 0 && t.wrong >= t.guess_limit)
        end_turn(next, game_, "guesses", false, move.at, move.events);
    }
  }
}

void TrapWordsState::apply_vote(TrapWordsData& next, const Move& move) const {
  const PlayerId p = move.actor;
  const int my_team = move.is_timeout ? -1 : team_of(p);
  auto& t = *next.turn;
  auto& f = *t.flag;
  bool close = move.is_timeout;
  if (move.type == "vote") {
    if (my_team == t.team) refuse("not_opponent", "Seule l’équipe qui conteste vote.");
    if (f.votes[static_cast<std::size_t>(p)]) refuse("already_voted", "Tu as déjà voté.");
    const auto& v = require(move.body(), "invalid");
    if (!v.is_bool())
      refuse("bad_field", "«\u00a0invalid\u00a0»\u00a0: true (l’indice est invalide) ou false.");
    f.votes[static_cast<std::size_t>(p)] = v.as_bool();
    move.events.push_back(JsonObject{{"type", "voted"}, {"player", p}, {"invalid", v.as_bool()}});
    close = true;
    for (int q : next.seats[1 - static_cast<std::size_t>(t.team)])
      close = close && f.votes[static_cast<std::size_t>(q)].has_value();
  } else if (!move.is_timeout) {
    refuse("wrong_phase",
           "L’équipe adverse vote\u00a0: l’indice est-il invalide («\u00a0vote\u00a0»)\u00a0?");
  }
  if (close) {
    int yes = 0, no = 0;
    for (const auto& v : f.votes) {
      if (v) (*v ? yes : no) += 1;
    }
    const bool invalid = yes > no;
    move.events.push_back(
        JsonObject{{"type", "vote_closed"}, {"invalid", invalid}, {"yes", yes}, {"no", no}});
    t.log.push_back(
        JsonObject{{"kind", "vote"}, {"invalid", invalid}, {"yes", yes}, {"no", no}, {"at", move.at}});
    // The hourglass was paused during the vote.
    if (t.hourglass_end > 0) t.hourglass_end = move.at + std::max<int64_t>(f.hourglass_left, 1);
    t.paused_ms += move.at - d_.phase_started;
    t.flag.reset();
    next.phase = Phase::kTurn;
    next.phase_started = move.at;
    if (invalid) end_turn(next, game_, "invalid", false, move.at, move.events);
  }
}

Outcome TrapWordsState::outcome() const {
  Outcome o;
  // Winners rank 1; when the monster wins, nobody beats anybody (all rank 1).
  for (int p = 0; p < players(); ++p) {
    const bool won = std::find(d_.winners.begin(), d_.winners.end(), team_of(p)) != d_.winners.end();
    o.rank.push_back(won || d_.winners.empty() ? 1 : 2);
  }
  JsonArray winners;
  for (int t : d_.winners) winners.push_back(t);
  // How the turns went, for results screens and bot statistics.
  int turns = 0, found = 0, trapped = 0;
  for (const auto& h : d_.history) {
    ++turns;
    found += h.as_object().at("result") == "found" ? 1 : 0;
    trapped += h.as_object().at("result") == "trap" ? 1 : 0;
  }
  o.details =
      JsonObject{{"winners", winners}, {"monster_won", d_.phase == Phase::kOver && d_.winners.empty()},
                 {"round", d_.round},  {"pawns", JsonArray{d_.pawn[0], d_.pawn[1]}},
                 {"turns", turns},     {"found", found},
                 {"trapped", trapped}};
  return o;
}

std::pair<int, PlayerId> TrapWordsState::looking(const Viewer& viewer) const {
  if (viewer.kind == Viewer::Kind::kPlayer && viewer.id >= 0 && viewer.id < players()) {
    return {team_of(viewer.id), viewer.id};
  }
  if (viewer.kind == Viewer::Kind::kTeam && (viewer.id == 0 || viewer.id == 1)) return {viewer.id, -1};
  return {-1, -1};
}

Json TrapWordsState::public_json(const Viewer& viewer, bool everything) const {
  // Who is looking: a seat's team, or −1 (spectator). Viewer::team(t) sees
  // what a guesser of team t sees.
  const auto seen = looking(viewer);
  const int vteam = seen.first;
  const PlayerId vseat = seen.second;
  const bool in_turn = d_.turn.has_value();
  JsonObject o;
  o["game"] = "trapwords";
  o["players"] = players();
  o["mode"] = d_.mode;
  o["phase"] = to_string(d_.phase);
  o["round"] = d_.round;
  o["rounds"] = kRounds;
  JsonArray rooms;
  for (int r : d_.rooms) rooms.push_back(r);
  o["rooms"] = std::move(rooms);
  o["options"] = JsonObject{{"book", d_.book},
                            {"monsters", d_.monsters},
                            {"turn_seconds", d_.turn_seconds},
                            {"read_seconds", d_.read_seconds},
                            {"write_seconds", d_.write_seconds},
                            {"vote_seconds", d_.vote_seconds},
                            {"tiebreak", d_.tiebreak}};
  o["monster"] =
      JsonObject{{"id", to_string(d_.monster)}, {"room", d_.monster_room}, {"fought", d_.monster_fought}};
  JsonArray curse_rooms, room_curses;
  for (std::size_t r = 0; r < d_.room_curse.size(); ++r) {
    if (d_.room_curse[r]) curse_rooms.push_back(static_cast<int>(r));
    room_curses.push_back(d_.room_curse[r] ? Json(std::string(to_string(*d_.room_curse[r]))) : Json(nullptr));
  }
  o["curse_rooms"] = std::move(curse_rooms);  // face down: where, not which
  JsonArray teams;
  for (int t = 0; t < 2; ++t) {
    const auto ti = static_cast<std::size_t>(t);
    const auto& s = d_.sheet[ti];  // written BY team t
    JsonArray seats;
    for (int p : d_.seats[ti]) seats.push_back(p);
    JsonObject team{{"seats", std::move(seats)},   {"pawn", d_.pawn[ti]},
                    {"clue_giver", clue_giver(t)}, {"curses", curse_ids(d_.curses[ti])},
                    {"fighting", d_.fighting[ti]}, {"result", d_.result[ti]},
                    {"killed", d_.killed[ti]}};
    if (!everything && !d_.result[ti].empty()) team["result_say"] = result_label(d_.result[ti]);
    JsonObject sheet{{"count", s.traps.size()},
                     {"limit", s.limit},
                     {"sealed", s.sealed},
                     {"deadline", s.deadline > 0 ? Json(s.deadline) : Json(nullptr)},
                     {"crossed", s.crossed ? Json(*s.crossed + 1) : Json(nullptr)},
                     {"needs_forbidden", has_curse(d_, 1 - t, Curse::kMotInterdit)}};
    // The traps: to their authors; to everyone once the turn they guard is over.
    const bool revealed = !d_.result[1 - ti].empty();
    if (everything || vteam == t || revealed) sheet["traps"] = sheet_rows(s);
    team["sheet"] = std::move(sheet);
    // Team t's secret word: to the writers who drew it (the other team), to
    // its clue-giver once the turn starts, to everyone after the turn.
    const bool giver_now = in_turn && d_.turn->team == t && vseat == d_.turn->clue_giver;
    if (everything || vteam == 1 - t || giver_now || !d_.result[ti].empty()) team["secret"] = d_.secret[ti];
    teams.push_back(std::move(team));
  }
  o["teams"] = std::move(teams);
  o["order"] = JsonArray{d_.order[0], d_.order[1]};
  o["turn_index"] = d_.turn_index;
  if (in_turn) {
    const auto& t = *d_.turn;
    const auto cs = constraints(t.team);
    JsonObject turn{{"team", t.team},
                    {"clue_giver", t.clue_giver},
                    {"fight", t.fight},
                    {"guess_limit", t.guess_limit},
                    {"wrong", t.wrong},
                    {"clue_pending", t.clue_pending},
                    {"hourglass_from", t.hourglass_from},
                    {"hourglass_end", t.hourglass_end > 0 ? Json(t.hourglass_end) : Json(nullptr)},
                    {"word_budget", Referee::word_budget(cs)}};
    // Ténèbres, typed: in the dark the guessers only hear the latest clue.
    const bool dark = cs.has(Curse::kTenebres) && vteam == t.team && vseat != t.clue_giver && !everything;
    // Views tell each line in words; the canonical state keeps the facts.
    turn["log"] = everything ? t.log : told_log(t.log, dark);
    if (!everything && !table_mode()) {
      // The reasons an opponent may give for contesting a clue, worded once.
      JsonArray reasons;
      for (auto r : kFlagReasons) reasons.push_back(JsonObject{{"id", r}, {"text", flag_reason(r)}});
      turn["flag_reasons"] = std::move(reasons);
    }
    // Ténèbres: the clue-giver's eyes close once the hourglass turns (the
    // screen hides the word from then on).
    if (cs.has(Curse::kTenebres)) turn["dark_from"] = t.hourglass_from;
    if (t.flag) {
      JsonArray votes;
      for (const auto& v : t.flag->votes) votes.push_back(v ? Json(*v) : Json(nullptr));
      turn["flag"] = JsonObject{{"player", t.flag->player},
                                {"reason", t.flag->reason},
                                {"votes", std::move(votes)},
                                {"hourglass_left", t.flag->hourglass_left}};
    }
    if (everything) {
      turn["clues"] = string_array(t.clues);
      turn["guesses_made"] = t.guesses_made;
      turn["started"] = t.started;
      JsonArray flagged;
      for (bool f : t.flagged) flagged.push_back(f);
      turn["flagged"] = std::move(flagged);
    }
    o["turn"] = std::move(turn);
  }
  if (d_.phase == Phase::kDisarm) {
    const int c = d_.disarm_pending[0] ? 0 : 1;
    o["disarm"] = JsonObject{{"team", c},
                             {"clue_giver", clue_giver(1 - c)},
                             {"rows", d_.sheet[static_cast<std::size_t>(c)].traps.size()}};
  }
  if (everything) {
    o["history"] = d_.history;
  } else {
    JsonArray history;
    for (const auto& h : d_.history) {
      JsonObject entry = h.as_object();
      entry["log"] = told_log(entry.at("log").as_array(), false);
      tell_turn(entry);
      history.push_back(std::move(entry));
    }
    o["history"] = std::move(history);
  }
  JsonArray winners;
  for (int t : d_.winners) winners.push_back(t);
  o["winners"] = std::move(winners);
  o["deck_count"] = d_.deck.size();
  o["now"] = d_.now;
  if (const auto dl = deadline()) o["deadline"] = *dl;
  if (vseat >= 0) o["you"] = vseat;
  if (vteam >= 0) o["your_team"] = vteam;
  if (everything) {
    o["room_curses"] = std::move(room_curses);
    o["curse_pile"] = curse_ids(d_.curse_pile);
    o["curse_discard"] = curse_ids(d_.curse_discard);
    JsonArray revealed;
    for (int r : d_.revealed_rooms) revealed.push_back(r);
    o["revealed_rooms"] = std::move(revealed);
    o["torch"] = JsonArray{d_.torch[0], d_.torch[1]};
    o["used_ms"] = JsonArray{d_.used_ms[0], d_.used_ms[1]};
    o["disarm_pending"] = JsonArray{d_.disarm_pending[0], d_.disarm_pending[1]};
    o["momie_drawn"] = JsonArray{d_.momie_drawn[0], d_.momie_drawn[1]};
    o["first_of_round1"] = d_.first_of_round1;
    o["last_second"] = d_.last_second;
    o["deck"] = string_array(d_.deck);
    o["phase_started"] = d_.phase_started;
    o["rng"] = d_.rng.to_hex();
  }
  return o;
}

Json TrapWordsState::view(const Viewer& viewer) const {
  return public_json(viewer, false);
}

Json TrapWordsState::serialize() const {
  return public_json(Viewer::spectator(), true);
}

std::vector<Json> TrapWordsState::shown_only_to(const Viewer& viewer) const {
  const auto seen = looking(viewer);
  const int vteam = seen.first;
  const PlayerId vseat = seen.second;
  std::vector<Json> out;
  for (int t = 0; t < 2; ++t) {
    const auto ti = static_cast<std::size_t>(t);
    if (vteam == t) out.push_back(sheet_rows(d_.sheet[ti]));  // the traps a team writes, to the team
    // A team's word: to the other team (it writes the traps against it) and
    // to its own clue-giver during its turn.
    const bool giver_now = d_.turn && d_.turn->team == t && vseat == d_.turn->clue_giver;
    if (vteam == 1 - t || giver_now) out.push_back(Json(d_.secret[ti]));
  }
  return out;
}

std::vector<std::string> TrapWordsState::secrets_hidden_from(const Viewer& viewer) const {
  std::vector<std::string> out;
  auto fields = [](const JsonObject& o) {
    auto text = canonical(o);
    return text.substr(1, text.size() - 2);  // "name":value,…
  };
  const auto seen = looking(viewer);
  const int vteam = seen.first;
  const PlayerId vseat = seen.second;
  if (d_.phase == Phase::kOver) return out;
  for (int t = 0; t < 2; ++t) {
    const auto ti = static_cast<std::size_t>(t);
    if (!d_.result[ti].empty()) continue;  // team t's turn is over: its word and the traps are out
    const bool giver_now = d_.turn && d_.turn->team == t && vseat == d_.turn->clue_giver;
    // The word team t must make guessed: hidden from its guessers and spectators.
    if (vteam != 1 - t && !giver_now) out.push_back(fields({{"secret", d_.secret[ti]}}));
    // The traps against team t: hidden from team t (clue-giver included) and
    // spectators. (As the sheet shows them: an earlier round's revealed sheet
    // may hold the same words.)
    const auto& s = d_.sheet[1 - ti];
    if (vteam != 1 - t && !s.traps.empty())
      out.push_back(fields({{"sealed", s.sealed}, {"traps", sheet_rows(s)}}));
  }
  if (d_.deck.size() >= 2) out.push_back(canonical(string_array(d_.deck)));
  // Face-down curses and the momie's pile: which curse lies where is nobody's.
  JsonArray face_down;
  for (const auto& c : d_.room_curse)
    face_down.push_back(c ? Json(std::string(to_string(*c))) : Json(nullptr));
  out.push_back(fields({{"room_curses", face_down}}));
  if (d_.curse_pile.size() >= 2) out.push_back(fields({{"curse_pile", curse_ids(d_.curse_pile)}}));
  return out;
}

std::unique_ptr<Game> make_game(const GameContext& context) {
  if (!context.lexicon) throw std::invalid_argument("TrapWords needs the lexicon");
  return std::make_unique<TrapWordsGame>(*context.lexicon);
}

}  // namespace logomachie::games::trapwords
