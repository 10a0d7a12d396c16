// TrapWords (Březina, Hrabálek, Požárek; Czech Games Edition, French edition
// by Iello): two teams cross a dungeon toward a monster by making each other
// guess words. Rules summary in our words (the checklist with its tests and
// every gap decision is in README.md beside this file):
//  - The dungeon is a line of rooms (3-4-5-6-7 by default); both pawns start
//    in the first room, the monster waits in the last one, two face-down
//    curses lie beside the second room and the room before the monster.
//  - Each round (8 at most) both teams draw the word the OTHER team must
//    guess and write, secretly, as many trap words as the number of the room
//    that other team stands in. Then the less advanced team plays first: its
//    clue-giver (the torch) makes teammates guess the word before the
//    hourglass runs out, with 5 guesses; saying a trap (or a word of its
//    family), an invalid clue, 5 wrong guesses or the end of the sand ends the
//    turn. A found word moves the pawn one room on.
//  - When both teams fail a round, the monster steps toward the players,
//    pushing curses ahead of it. A curse applies to the teams that start a
//    round in its room, for that round. A team in the monster's room fights
//    it: its card changes that team's turn; guessing the word kills it and
//    wins the game (both teams: everybody wins; optional speed tie-break).
//    After a fight the monster never moves again. After round 8 it wins.
//
// Seats: seat s plays for team s % 2 (4 to 16 players, two per team at least).
// The torch passes round after round through each team's seats in order.
//
// Two ways to play (option "mode"): "typed" (clues and guesses are typed and
// judged by the referee, referee.h; the opponents may flag a clue the
// lexicon cannot judge and vote on it) and "table" (clues are spoken: the
// opponents hold « Piège ! », « Indice invalide », « Trouvé » and « Raté »
// buttons and the curses that need bodies are shown as instructions; typed
// clues and guesses still work and are judged the same way).
//
// Actions (docs/scenarios.md):
//   writing:   {"type":"trap","word":"galop"} | {"type":"untrap","word":"galop"}
//              {"type":"forbidden","word":"galop"} (mot-interdit) | {"type":"seal"}
//   désarmer:  {"type":"disarm","row":2} (the opposing clue-giver crosses out a row of the cursed team’s
//   list) turn:      {"type":"clue","text":"…"} | {"type":"give_up"} (clue-giver)
//              {"type":"guess","text":"…"} (a teammate)
//              {"type":"flag","reason":"exemple"} (typed mode, an opponent)
//              {"type":"trap_hit","trap":"galop"} | {"type":"invalid"} (table mode, an opponent)
//              {"type":"found"} | {"type":"wrong"} (table mode, an opponent or the clue-giver)
//   vote:      {"type":"vote","invalid":true|false} (the flagging team)
//   host:      {"type":"timeout"} when deadline() has passed
// A flag: an opponent flags the latest clue (once per turn each, one vote
// per clue); the flagging team votes while the sand waits; the clue is
// invalid when "invalid" votes outnumber "valid" ones among the votes cast.
// Options: declared once in TrapWordsGame's info (GameInfo::options); the
// engine adds what the schema cannot say: "rooms" may also be a list of 4 to
// 7 increasing room numbers from 1 to 10, and "tiebreak" needs a turn timer.
// Fixed setup: "words": [secret words, drawn in order, each round team 0's
// then team 1's], "monster": "troll*", "curses": [ids: the first lies beside
// the second room, the next beside the room before the monster, the rest is
// the momie's draw pile in order], "first_team": 0|1.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "games/core/engine.h"
#include "games/core/game.h"
#include "games/core/registry.h"
#include "games/core/rng.h"
#include "games/trapwords/referee.h"

namespace logomachie::games::trapwords {

inline constexpr int kRounds = 8;
inline constexpr int kGuesses = 5;
inline constexpr std::size_t kMaxClueBytes = 280;
inline constexpr std::size_t kMaxGuessBytes = 120;
inline constexpr std::size_t kMaxTrapBytes = 64;

// Why an opponent flags a clue the referee let through (typed mode).
inline constexpr std::array<std::string_view, 5> kFlagReasons = {"exemple", "sonorite", "abreviation",
                                                                 "private-joke", "autre"};

// Words the views share with describe() (narration.cc), so that no screen
// words a move its own way. Views (never serialize()) carry them:
//  - result_label: a finished turn's result, short ("found" → « trouvé ! »);
//  - flag_reason: why a clue is contested ("exemple" → « c’est un exemple du mot »);
//  - tell_log_line: one line of a turn's log gets "say", the sentence after
//    the player's name (a vote line has no name), and for a clue or a guess
//    "verdict_say", the referee's verdict; `flagged_clue` is the clue a flag
//    line contests, when the viewer may see it (else none is quoted);
//  - tell_turn: a history entry gets "say", the sentence of its turn_ended
//    event, and "result_say", its result's label.
std::string result_label(std::string_view result);
std::string flag_reason(std::string_view reason);
void tell_log_line(JsonObject& line, const std::string* flagged_clue);
void tell_turn(JsonObject& entry);

class TrapWordsGame final : public Game {
 public:
  explicit TrapWordsGame(const lexicon::Lexicon& lexicon);
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_state(const Setup& setup) const override;
  std::unique_ptr<Bot> make_bot(std::string_view level, uint64_t seed) const override;
  // At a table clues and answers are spoken: each team needs a person to
  // judge the other team's (bots do not hear), so a team of bots only is refused.
  std::optional<Error> check_bots(const Setup& setup, const std::vector<bool>& bots) const override;
  std::optional<std::string> describe(const Json& event,
                                      const std::vector<std::string>& names) const override;
  std::unique_ptr<TerminalGame> terminal() const override;
  std::vector<std::string_view> tools() const override;
  Json tool(std::string_view name, const Json& input) const override;

  const lexicon::Lexicon& lexicon() const { return lexicon_; }
  const Referee& referee() const { return referee_; }
  // The secret words of a book ("fantastique" or "contemporain").
  const std::vector<std::string>& book(std::string_view name) const;
  // Whether bots keep `word` out of their mouths: a vulgar word, an insult or
  // a slur (data/trapwords/unsayable.txt), in any of its forms.
  bool unsayable(std::string_view word) const;

 private:
  GameInfo info_;
  const lexicon::Lexicon& lexicon_;
  Referee referee_;
  std::vector<std::string> fantastique_, contemporain_;
  std::unordered_set<std::string> unsayable_;  // match keys
};

enum class Phase { kWrite, kDisarm, kTurn, kVote, kOver };
std::string_view to_string(Phase p);

// The trap words one team writes against the other team's secret word.
struct Sheet {
  std::vector<std::string> traps;  // as written, in row order
  int limit = 0;                   // how many it may write this round
  std::optional<int> forbidden;    // row marked as « le mot interdit »
  std::optional<int> crossed;      // row crossed out (désarmer)
  bool sealed = false;
  int64_t deadline = 0;  // 0 = none
  // The traps that count (the crossed-out row left out).
  std::vector<std::string> live() const;
};

// A flag on the last clue, while the flagging team votes.
struct Flag {
  int player = 0;
  std::string reason;
  std::vector<std::optional<bool>> votes;  // per seat: true = the clue is invalid
  int64_t hourglass_left = 0;              // sand left when the vote began
};

// One team's guessing turn.
struct Turn {
  int team = 0;
  int clue_giver = 0;
  bool fight = false;              // against the monster
  int guess_limit = kGuesses;      // 0 = unlimited (vampire)
  int wrong = 0;                   // wrong guesses so far
  std::vector<std::string> clues;  // the clue-giver's messages (the troll counts them)
  bool clue_pending = false;       // a clue given since the last guess
  int guesses_made = 0;            // every guess, right or wrong (pétrification)
  JsonArray log;                   // clues, guesses and judgements with verdicts
  int64_t started = 0, hourglass_from = 0, hourglass_end = 0;
  std::vector<bool> flagged;  // per seat: has flagged this turn
  int judged_clues = 0;       // clues already put to a vote (one vote per clue)
  int64_t paused_ms = 0;      // time the sand waited for votes
  std::optional<Flag> flag;
};

// Everything about one game; plain data, copied on apply (all-or-nothing).
struct TrapWordsData {
  // options (values and defaults in info().options)
  std::vector<int> rooms;
  std::string book, monsters, mode;
  int turn_seconds = 0, read_seconds = 0, write_seconds = 0, vote_seconds = 0;
  bool tiebreak = false;
  // board
  Monster monster;
  int monster_room = 0;
  bool monster_fought = false;
  std::vector<std::optional<Curse>> room_curse;  // per room, face down until a team starts a round there
  std::vector<Curse> curse_pile, curse_discard;  // the momie draws from the pile
  std::array<int, 2> pawn{0, 0};
  std::array<std::vector<int>, 2> seats;  // per team, in torch order
  std::array<int, 2> torch{0, 0};         // index into seats
  // round
  int round = 0;
  Phase phase = Phase::kWrite;
  std::array<std::string, 2> secret;         // secret[t]: the word team t must make guessed
  std::array<Sheet, 2> sheet;                // sheet[w]: written by team w against secret[1 − w]
  std::array<std::vector<Curse>, 2> curses;  // active on team t this round
  std::vector<int> revealed_rooms;           // rooms whose curse is discarded at the round's end
  std::array<bool, 2> fighting{false, false};
  std::array<int, 2> order{0, 1};     // who guesses first, second
  int turn_index = 0;                 // 0 or 1 within the round
  std::array<std::string, 2> result;  // per team this round ("" = not played yet)
  std::array<bool, 2> killed{false, false};
  std::array<int64_t, 2> used_ms{0, 0};  // sand used (speed tie-break)
  int first_of_round1 = 0, last_second = -1;
  std::array<bool, 2> disarm_pending{false, false};  // per cursed team: its own list awaits a crossed-out row
  std::array<int, 2> momie_drawn{0, 0};  // curses the momie drew for team t (the last ones of curses[t])
  std::optional<Turn> turn;
  std::vector<std::string> deck;  // secret words still face down, top first
  std::vector<int> winners;       // teams; empty at the end = the monster won
  JsonArray history;              // finished turns, secrets and traps revealed
  int64_t now = 0, phase_started = 0;
  Rng rng;
};

class TrapWordsState final : public Engine<TrapWordsData> {
 public:
  TrapWordsState(const TrapWordsGame& game, TrapWordsData data) : Engine(std::move(data)), game_(game) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<TrapWordsState>(*this); }
  // A new phase (a new vote, a new round) is a new moment for independent actions.
  std::string round_key() const override {
    return "r" + std::to_string(d_.round) + "t" + std::to_string(d_.turn_index) + "p" +
           std::to_string(static_cast<int>(d_.phase)) + "@" + std::to_string(d_.phase_started);
  }
  std::vector<PlayerId> to_act() const override;
  std::optional<std::vector<Action>> legal_actions(PlayerId player) const override;
  bool is_terminal() const override { return d_.phase == Phase::kOver; }
  Outcome outcome() const override;
  std::optional<int64_t> deadline() const override;
  Json view(const Viewer& viewer) const override;
  Json serialize() const override;
  int players() const override { return static_cast<int>(d_.seats[0].size() + d_.seats[1].size()); }
  std::vector<std::string> secrets_hidden_from(const Viewer& viewer) const override;
  std::vector<Json> shown_only_to(const Viewer& viewer) const override;

  const TrapWordsData& data() const { return d_; }
  const TrapWordsGame& game() const { return game_; }
  static int team_of(PlayerId p) { return p % 2; }
  int clue_giver(int team) const {
    return d_.seats[static_cast<std::size_t>(team)]
                   [static_cast<std::size_t>(d_.torch[static_cast<std::size_t>(team)])];
  }
  bool table_mode() const { return d_.mode == "table"; }
  // What the clue-giver of `team` lives with this round (curses, and the
  // monster when fighting it).
  Constraints constraints(int team) const;
  // Why `word` cannot go on `team`'s sheet now (nullopt = it can).
  std::optional<Error> check_trap(int team, std::string_view word) const;
  // The word a team must make guessed and the traps against it, as the
  // clue-giver's and the writers' views hold them (for bots).
  const std::string& secret(int team) const { return d_.secret[static_cast<std::size_t>(team)]; }

 private:
  // The phase's handler.
  void do_apply(TrapWordsData& next, const Move& move) const override;
  // Each team writes its trap sheet (trap, untrap, forbidden, seal) until
  // both are sealed or their time runs out.
  void apply_write(TrapWordsData& next, const Move& move) const;
  // A curse crosses a row of the cursed team's sheet: the other scout names it.
  void apply_disarm(TrapWordsData& next, const Move& move) const;
  // The guessing turn: dispatches to the handlers below (a timeout ends it).
  void apply_turn(TrapWordsData& next, const Move& move) const;
  void give_clue(TrapWordsData& next, const Move& move) const;   // the scout, judged by the referee
  void make_guess(TrapWordsData& next, const Move& move) const;  // a guesser of the active team
  void give_up(TrapWordsData& next, const Move& move) const;     // the active team ends its turn
  void flag_clue(TrapWordsData& next, const Move& move) const;   // an opponent contests the last clue
  // At the table (no typed clues): the opponents' buttons (trap_hit, invalid,
  // found, wrong; the scout may also count a wrong answer).
  void table_judgement(TrapWordsData& next, const Move& move) const;
  // The opponents vote on a flagged clue; the hourglass resumes after.
  void apply_vote(TrapWordsData& next, const Move& move) const;
  std::optional<int64_t> deadline_for(PlayerId actor) const override;
  Json public_json(const Viewer& viewer, bool everything) const;
  // Who is looking: {their team, their seat}; a team's view has no seat, a
  // spectator neither (−1).
  std::pair<int, PlayerId> looking(const Viewer& viewer) const;
  const TrapWordsGame& game_;
};

std::unique_ptr<Game> make_game(const GameContext& context);

}  // namespace logomachie::games::trapwords
