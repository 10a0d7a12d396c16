// Lettralettre 26 (Gaël Vacher), 2 or more players. Rules summary in our words
// (full checklist with tests and every gap decision: README.md beside this file):
//  - Each player has 8 tokens. A constraint auction comes first: the dealer
//    turns a constraint card; the player to decide either takes it (with the
//    tokens on it) or pays one token onto it and passes to the left. A player
//    holding two constraints leaves the auction; it ends when all hold two.
//  - Then word rounds: the dealer shows N letter cards (5–8) and T taboo cards
//    (1–2). Everyone secretly forms a French word from the shown letters (each
//    usable any number of times), without taboo letters, respecting one of
//    their two constraints. Score = letters + red stars of the starred cards
//    used + the constraint's bonus. The best score gains 2 tokens, everyone
//    else pays 1; a player who cannot pay is out. The deal passes left.
//  - The game ends when every player still in has dealt twice, or one player
//    is left. Most tokens wins.
//
// Actions (docs/scenarios.md):
//   auction: {"type":"take"} | {"type":"pass"}
//   words:   {"type":"submit","word":"kepi","constraint":"<card id>"} | {"type":"give_up"}
//   reveal:  {"type":"ready"}
//   host:    {"type":"timeout"} when deadline() has passed
// Options: declared once in LettralettreGame's info (GameInfo::options).
// Fixed setup: "constraints": [card ids, top first], "rounds":
// [{"letters":["K","E",…],"taboo":["S","T"]}, …], "first_dealer": n.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "games/core/engine.h"
#include "games/core/game.h"
#include "games/core/registry.h"
#include "games/core/rng.h"
#include "games/core/word_list.h"
#include "games/lettralettre/constraint.h"
#include "games/lettralettre/solver.h"

namespace logomachie::games::lettralettre {

// A word has at least two letters: alone, a letter is only its own name
// ("k", "z" are in the dictionary as such), which nobody would call a word here.
inline constexpr std::size_t kMinWordLetters = 2;

class LettralettreGame final : public Game {
 public:
  explicit LettralettreGame(const lexicon::Lexicon& lexicon);
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_state(const Setup& setup) const override;
  std::unique_ptr<Bot> make_bot(std::string_view level, uint64_t seed) const override;
  std::optional<std::string> describe(const Json& event,
                                      const std::vector<std::string>& names) const override;
  std::unique_ptr<TerminalGame> terminal() const override;
  std::vector<std::string_view> tools() const override;
  Json tool(std::string_view name, const Json& input) const override;

  const lexicon::Lexicon& lexicon() const { return lexicon_; }
  // The word list and the solver's letter-set groups (about 0.3 s and 60 MB)
  // are built on first use, once, thread-safe (as Word Bank's).
  const WordList& words() const { return indexes().words; }
  const Solver& solver() const { return indexes().solver; }
  const Judge& judge() const { return judge_; }
  const Stars& stars() const { return stars_; }
  const std::vector<Constraint>& deck() const { return deck_; }
  const Constraint* find_constraint(std::string_view id) const;

  // Expected best score with `c` over random deals of `letters`/`taboo` cards
  // (Monte Carlo, cached): what a constraint is worth to a strong player.
  double expected_score(const Constraint& c, int letters, int taboo) const;

 private:
  GameInfo info_;
  struct Indexes {
    Indexes(const lexicon::Lexicon& lexicon, const Judge& judge) : words(lexicon), solver(words, judge) {}
    WordList words;
    Solver solver;  // refers to `words`
  };
  const Indexes& indexes() const;
  const lexicon::Lexicon& lexicon_;
  Themes themes_;
  Judge judge_;
  mutable std::once_flag indexes_once_;
  mutable std::unique_ptr<const Indexes> indexes_;
  Stars stars_{};
  std::vector<Constraint> deck_;
  mutable std::mutex ev_mutex_;
  mutable std::map<std::pair<int, int>, std::vector<double>> ev_cache_;
};

enum class Phase { kAuction, kWords, kReveal, kOver };
std::string_view to_string(Phase p);

struct Submission {
  std::string word;        // display form
  std::string constraint;  // card id ("" when given up)
  int score = 0;
  bool given_up = false;
};

// Everything about one game; plain data, copied on apply (all-or-nothing).
struct LettralettreData {
  // Options (values and defaults in info().options); 0 seconds = no timer.
  int letters = 0, taboo = 0, start_tokens = 0;
  int round_seconds = 0, auction_seconds = 0, reveal_seconds = 0;
  std::vector<int> tokens;
  std::vector<std::vector<std::string>> held;  // constraint ids per seat
  std::vector<bool> out;
  std::vector<int> deals, rounds_won;
  std::vector<std::string> constraint_deck;  // face down, top first
  std::string auction_card;                  // face up during the auction
  int pot = 0;
  int bidder = 0;
  int dealer = 0;
  Phase phase = Phase::kAuction;
  int round = 0;
  std::string shown, taboo_letters;  // this round's cards, in dealt order
  std::vector<std::optional<Submission>> submissions;
  std::vector<bool> ready;
  std::vector<std::pair<std::string, std::string>> fixed_rounds;  // letters, taboo
  Json last_round;                                                // the previous round's reveal
  int64_t now = 0, phase_started = 0;
  Rng rng;
};

class LettralettreState final : public Engine<LettralettreData> {
 public:
  LettralettreState(const LettralettreGame& game, LettralettreData data)
      : Engine(std::move(data)), game_(game) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<LettralettreState>(*this); }
  // A new phase (a new vote, a new round) is a new moment for independent actions.
  std::string round_key() const override {
    return "r" + std::to_string(d_.round) + "p" + std::to_string(static_cast<int>(d_.phase)) + "@" +
           std::to_string(d_.phase_started);
  }
  std::vector<PlayerId> to_act() const override;
  std::optional<std::vector<Action>> legal_actions(PlayerId player) const override;
  bool is_terminal() const override { return d_.phase == Phase::kOver; }
  Outcome outcome() const override;
  std::optional<int64_t> deadline() const override;
  Json view(const Viewer& viewer) const override;
  Json serialize() const override;
  int players() const override { return static_cast<int>(d_.tokens.size()); }
  std::vector<std::string> secrets_hidden_from(const Viewer& viewer) const override;
  std::vector<Json> shown_only_to(const Viewer& viewer) const override;

  const LettralettreData& data() const { return d_; }
  const LettralettreGame& game() const { return game_; }
  // The letters a word may use this round (shown minus taboo), in dealt order.
  std::string allowed() const;
  // Judges a word for `seat` under the constraint `id` (nullopt = valid) —
  // the same checks as a submit action, for bots and the terminal.
  std::optional<Error> judge_word(PlayerId seat, std::string_view word, std::string_view id) const;

 private:
  // Dispatches to the phase's handler; a new phase (or every auction step)
  // restarts the phase clock.
  void do_apply(LettralettreData& next, const Move& move) const override;
  // The bidder takes the constraint card or pays a token to pass it on.
  void apply_auction(LettralettreData& next, const Move& move) const;
  // Words are submitted in secret (or given up); the round is scored once
  // everyone still in has answered, or at the timeout.
  void apply_words(LettralettreData& next, const Move& move) const;
  // Everyone still in says ready (or the timeout): the next round is dealt.
  void apply_reveal(LettralettreData& next, const Move& move) const;
  // The submission a `submit` action makes (the word judged, its score).
  Submission submission(const Move& move) const;
  // Reveal, tokens, eliminations, the best possible words; ends the game or
  // goes to the reveal.
  void score_round(LettralettreData& next, std::vector<Json>& events) const;
  void finished(std::vector<Json>& events) const override;
  void check_actor(PlayerId actor) const override;
  Json public_json(const Viewer& viewer, bool everything) const;
  // judge_word's checks; returns the spelling to reveal (the form that met
  // the card: "dû" for « un adjectif »), throws ActionError when refused.
  std::string judged_spelling(PlayerId seat, std::string_view word, std::string_view id) const;
  const LettralettreGame& game_;
};

std::unique_ptr<Game> make_game(const GameContext& context);

}  // namespace logomachie::games::lettralettre
