// Mot pour Mot (Jack Degnan; Le Scorpion masqué), two teams. Rules summary in
// our words (full checklist with tests and every gap decision: README.md
// beside this file):
//  - Letter tiles sit in the middle of a board, one track each, with two
//    cells toward each team. Teams take turns; the active team gets a
//    category and, before the 30-second hourglass runs out, its captain gives
//    ONE word that fits it.
//  - Each letter of the word, in order and once per occurrence, pulls its
//    tile one cell toward the active team; a tile pulled off the board edge is
//    captured and never moves again. Letters without a tile are allowed.
//  - After the move the other team may ask for a spelling check (misspelt:
//    the move is undone and the turn lost; correct: the challengers skip their
//    next turn) and contest the category (everybody votes; a strict majority
//    against undoes the move): two separate challenges, so once one is settled
//    with the word standing the other may still be raised.
//  - The first team with 6 captured letters (variant: 7) wins.
//
// Seats and teams: seat s plays for team s % 2; each team's captain is its
// lowest seat until a teammate takes the role. With one seat the game is in
// table mode: one shared screen plays for both teams (words spoken aloud,
// the captain types; votes are counted by hand and entered as a tally).
//
// Actions (docs/scenarios.md):
//   play:      {"type":"word","word":"chat"} (captain) | {"type":"give_up"} (captain)
//              {"type":"propose","word":"chat"} (a teammate of the active team)
//   challenge: {"type":"challenge","kind":"spelling"|"category"} | {"type":"accept"} (opponents)
//   vote:      {"type":"vote","valid":true|false} (every player)
//              {"type":"tally","valid":N,"invalid":M} (table mode)
//   any time:  {"type":"captain"} (become your team's captain)
//   host:      {"type":"timeout"} when deadline() has passed
// Options: declared once in MotPourMotGame's info (GameInfo::options); the
// engine adds what the schema cannot say: letters other than "fr" and
// "original" are the tiles themselves (5–26 distinct capitals), and there
// must be at least 2·target − 1 of them.
// Fixed setup: "categories": [ids, first drawn first], "first_team": 0|1.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/core/engine.h"
#include "games/core/game.h"
#include "games/core/registry.h"
#include "games/core/rng.h"
#include "games/motpourmot/pulls.h"  // kCells, kCaptured, Step, pulled(), pulls()

namespace logomachie::games::motpourmot {

inline constexpr std::size_t kMaxWordBytes = 64;

// A category card (data/motpourmot/categories.tsv).
struct Category {
  std::string id;
  std::string text;
  bool hard = false;
  bool foreign = false;              // the category calls for words of another language
  bool proper = false;               // its answers are proper nouns
  bool plural = false;               // plural answers are natural
  std::vector<std::string> answers;  // as written in the deck
  std::vector<std::string> keys;     // game_letters of each answer, same order
};

// The letter sets the `letters` option names.
struct LetterSets {
  std::string fr;        // our default for French (README: gap decisions)
  std::string original;  // the English original's 17 tiles
};

class MotPourMotGame final : public Game {
 public:
  explicit MotPourMotGame(const lexicon::Lexicon& lexicon);
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_state(const Setup& setup) const override;
  std::unique_ptr<Bot> make_bot(std::string_view level, uint64_t seed) const override;
  std::optional<std::string> describe(const Json& event,
                                      const std::vector<std::string>& names) const override;
  std::unique_ptr<TerminalGame> terminal() const override;

  const lexicon::Lexicon& lexicon() const { return lexicon_; }
  const std::vector<Category>& categories() const { return categories_; }
  const Category* find_category(std::string_view id) const;
  const LetterSets& letter_sets() const { return letter_sets_; }
  // Whether `letters` (game_letters of a word) is one of the card's answers.
  bool is_example(const Category& c, std::string_view letters) const;
  // The cards listing `letters` among their answers (indexes into categories()).
  const std::vector<uint32_t>& cards_listing(std::string_view letters) const;
  // The spelling check (README, "Spelling check"), a fact the dictionary
  // decides whenever it can: the dictionary (common words and proper nouns)
  // or the card's own answers know the word, written with its accents or
  // without them (a keyboard's "elephant" is éléphant): correct; a wrong or
  // extra accent on a word they know ("élèphant"): kWrongAccent; an ordinary
  // word neither knows (lowercase, on a card that calls for neither names nor
  // foreign words: « bbb », « tchatt »): kNotAWord; what the dictionary cannot
  // judge (a capitalised name, a word on a foreign or proper-noun card):
  // kUnknown, for the challengers to vote on.
  enum class Spelling { kCorrect, kWrongAccent, kNotAWord, kUnknown };
  Spelling check_spelling(const Category& c, std::string_view word) const;
  bool spelling_known(const Category& c, std::string_view word) const {
    return check_spelling(c, word) == Spelling::kCorrect;
  }

 private:
  GameInfo info_;
  const lexicon::Lexicon& lexicon_;
  std::vector<Category> categories_;
  std::unordered_map<std::string, std::size_t> by_id_;
  std::unordered_map<std::string, std::vector<uint32_t>> by_answer_;
  LetterSets letter_sets_;
};

enum class Phase { kPlay, kChallenge, kVote, kOver };
std::string_view to_string(Phase p);

// The word on the board this turn and what it did.
struct Played {
  std::string word;     // as typed (trimmed)
  std::string letters;  // game_letters(word)
  std::vector<Step> steps;
  std::vector<int> before;                 // every track's position before the move (to undo it)
  std::string challenge;                   // "", "spelling" or "category": the latest challenge
  std::vector<std::string> checked;        // challenges settled with the word standing (each kind once)
  bool challengers_skip = false;           // a spelling upheld: the challengers skip their next turn
  std::string vote;                        // "", "spelling" or "category": what the vote is about
  std::vector<std::optional<bool>> votes;  // per seat (true = the word is fine)
  std::vector<bool> accepted;              // opponents who let it stand
  int tally_valid = 0, tally_invalid = 0;  // table mode
};

// Everything about one game; plain data, copied on apply (all-or-nothing).
struct MotPourMotData {
  // Options (values and defaults in info().options); 0 seconds = no timer.
  int target = 0, turn_seconds = 0, read_seconds = 0, challenge_seconds = 0, vote_seconds = 0;
  std::string level;          // "mixte", "facile", "difficile"
  std::string letters;        // the tiles, left to right
  std::vector<int> position;  // per tile: −kCaptured … +kCaptured; team 0 pulls toward −
  std::vector<int> captain;   // per team
  int team = 0;               // the active team
  int turn = 0;               // turns started so far
  Phase phase = Phase::kPlay;
  std::string category;           // id of the card in play
  std::vector<std::string> deck;  // face down, top first
  std::vector<std::string> discard;
  std::vector<std::string> used;       // game_letters of every word that stands
  std::vector<std::string> words;      // those words as typed, same order
  std::vector<std::string> proposals;  // per seat, this turn ("" = none)
  std::optional<Played> played;
  Json last_turn;  // what the previous turn came to
  int64_t now = 0, phase_started = 0;
  Rng rng;
};

class MotPourMotState final : public Engine<MotPourMotData> {
 public:
  MotPourMotState(const MotPourMotGame& game, MotPourMotData data) : Engine(std::move(data)), game_(game) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<MotPourMotState>(*this); }
  // A new phase (a new vote, a new round) is a new moment for independent actions.
  std::string round_key() const override {
    return "t" + std::to_string(d_.turn) + "p" + std::to_string(static_cast<int>(d_.phase)) + "@" +
           std::to_string(d_.phase_started);
  }
  std::vector<PlayerId> to_act() const override;
  std::optional<std::vector<Action>> legal_actions(PlayerId player) const override;
  bool is_terminal() const override { return d_.phase == Phase::kOver; }
  Outcome outcome() const override;
  std::optional<int64_t> deadline() const override;
  Json view(const Viewer& viewer) const override;
  Json serialize() const override;
  int players() const override { return static_cast<int>(d_.proposals.size()); }
  std::vector<std::string> secrets_hidden_from(const Viewer& viewer) const override;

  const MotPourMotData& data() const { return d_; }
  const MotPourMotGame& game() const { return game_; }
  const Category& category() const { return *game_.find_category(d_.category); }
  // Whether `p` votes in the current vote: on spelling, the challengers only.
  bool may_vote(PlayerId p) const;
  bool table_mode() const { return players() == 1; }
  int team_of(PlayerId p) const { return table_mode() ? d_.team : p % 2; }
  int captures(int team) const;
  // The moves `letters` (game_letters of a word) would make for `team` now
  // (the pure rule: pulls() in pulls.h): the bots' search and the engine
  // share it, the web client's preview is held to it by golden vectors.
  std::vector<Step> pulls(std::string_view letters, int team) const;
  // Why the captain could not give `word` now (nullopt = accepted): the same
  // checks as a word action, for bots and the terminal.
  std::optional<Error> check_word(std::string_view word) const;

 private:
  // « captain » in any phase, else the phase's handler.
  void do_apply(MotPourMotData& next, const Move& move) const override;
  // The active team's captain gives a word (or gives up); teammates propose.
  void apply_play(MotPourMotData& next, const Move& move) const;
  // The opponents challenge the word just played (spelling or category) or accept it.
  void apply_challenge(MotPourMotData& next, const Move& move) const;
  // The challengers vote (or the table tallies hands) on the word.
  void apply_vote(MotPourMotData& next, const Move& move) const;
  // Whether the mover holds the active team's pencil / is on the other team
  // (at the table, the shared screen is both).
  bool is_captain(const Move& move) const;
  bool is_opponent(const Move& move) const;
  void finished(std::vector<Json>& events) const override;
  Json public_json(const Viewer& viewer, bool everything) const;
  const MotPourMotGame& game_;
};

std::unique_ptr<Game> make_game(const GameContext& context);

}  // namespace logomachie::games::motpourmot
