// Word Bank (Fabien Tanguy), 2–5 players. Rules summary in our words (full
// checklist with tests: games/wordbank/README.md):
//  - Seven vault cards (a letter, a number of spaces) lie in a circle; the rest
//    form a face-down deck. Gems: 20/18/15/12 each for 2/3/4/5 players.
//  - On your turn you say a password (a common French word, never used in the
//    game, not of the same family as a used word). Its first gem goes on a card
//    bearing its first letter; you then walk the circle in one direction and
//    may drop one gem on each card whose letter is the next letter you use from
//    the word (skipping allowed, word order kept), one gem per card, never past
//    one full lap. Accents are ignored.
//  - A refused password costs the turn (nothing is placed).
//  - Full vaults close: their gems leave the game, the active player keeps the
//    card, the deck refills the gap (an empty deck shrinks the circle).
//  - The game ends when the active player has no gems left at the end of their
//    turn. Fewest gems (in hand + on open vaults) wins; ties: most vault cards.
//
// Actions (JSON, see docs/scenarios.md):
//   {"type":"password","word":"groupies","cards":[0,5,4,3,2],"direction":"ccw"}
//   {"type":"pass"}                     give up the turn
//   {"type":"timeout"}  (host)          the turn timer ran out: the turn is lost
// Options: declared once in WordBankGame's info (GameInfo::options).
// Fixed setup: "circle":[{"letter":"G","spaces":3},…], "deck":[…] (top
// first), "first_player": n.
#pragma once

#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "games/core/engine.h"
#include "games/core/game.h"
#include "games/core/registry.h"
#include "games/core/rng.h"
#include "games/core/word_list.h"
#include "games/wordbank/placement.h"
#include "games/wordbank/solver.h"

namespace logomachie::games::wordbank {

struct VaultCard {
  char letter = 'A';
  int spaces = 3;
  bool operator==(const VaultCard&) const = default;
};

// The 52-card deck of data/wordbank/vaults.tsv.
std::vector<VaultCard> standard_deck();

// The judgement of a password's word, whatever its placement: known to the
// dictionary, a word of the game, never used, not spelt like nor of the family
// of a used word. `reason` empty: the word stands; else its code
// (unknown_word, not_a_game_word, already_used, same_spelling, same_family),
// `related` the used word it clashes with, and `what` the French clause that
// says why (the refusal adds « : tour perdu. », the preview its own warning).
struct PasswordVerdict {
  std::string shown;  // the word as the dictionary spells it
  std::string reason;
  std::string related;
  std::string what;
};
PasswordVerdict judge_password(const lexicon::Lexicon& lexicon, const std::vector<std::string>& used,
                               std::string_view word);

inline constexpr int kCircleSize = 7;
int starting_gems(int players);  // 20, 18, 15, 12

class WordBankGame final : public Game {
 public:
  explicit WordBankGame(const lexicon::Lexicon& lexicon);
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_state(const Setup& setup) const override;
  std::unique_ptr<Bot> make_bot(std::string_view level, uint64_t seed) const override;
  std::optional<std::string> describe(const Json& event,
                                      const std::vector<std::string>& names) const override;
  std::unique_ptr<TerminalGame> terminal() const override;
  std::vector<std::string_view> tools() const override;
  std::vector<std::string_view> player_tools() const override { return {"judge"}; }
  Json tool(std::string_view name, const Json& input) const override;

  const lexicon::Lexicon& lexicon() const { return lexicon_; }
  // The word list and the solver's trie (about 0.4 s and 110 MB) are built
  // on first use, once, thread-safe: a process that never asks for a Word
  // Bank bot, hint or solve (a CLI judgement, a server test) never pays.
  const WordList& words() const { return indexes().words; }
  const Solver& solver() const { return indexes().solver; }
  const std::vector<VaultCard>& deck() const { return deck_; }

 private:
  GameInfo info_;
  struct Indexes {
    explicit Indexes(const lexicon::Lexicon& lexicon) : words(lexicon), solver(lexicon, words) {}
    WordList words;
    Solver solver;  // refers to `words`
  };
  const Indexes& indexes() const;
  const lexicon::Lexicon& lexicon_;
  mutable std::once_flag indexes_once_;
  mutable std::unique_ptr<const Indexes> indexes_;
  std::vector<VaultCard> deck_;
};

struct Vault {
  VaultCard card;
  std::vector<int> gems;  // owner seat of each gem, in placement order
  int free() const { return card.spaces - static_cast<int>(gems.size()); }
  bool operator==(const Vault&) const = default;
};

// Everything about one game; plain data, copied on apply (all-or-nothing).
struct WordBankData {
  std::vector<int> hand;                    // gems in front of each seat
  std::vector<std::vector<VaultCard>> won;  // vault cards each seat closed
  std::vector<Vault> circle;                // clockwise order
  std::vector<VaultCard> deck;              // face down, top first
  std::vector<std::string> used;            // accepted passwords (display forms)
  int current = 0;
  int turn = 0;        // turns played so far
  int idle_turns = 0;  // consecutive turns that placed no gem
  bool over = false;
  std::string end_reason;  // "no_gems", "circle_empty", "stalled"
  int64_t now = 0;
  int64_t turn_started = 0;
  int turn_seconds = 0;  // options: values and defaults in info().options
  int stall_rounds = 0;
  Rng rng;
  Json last_turn;  // summary of the previous turn, for views
};

class WordBankState final : public Engine<WordBankData> {
 public:
  WordBankState(const WordBankGame& game, WordBankData data) : Engine(std::move(data)), game_(game) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<WordBankState>(*this); }
  std::vector<PlayerId> to_act() const override;
  std::optional<std::vector<Action>> legal_actions(PlayerId player) const override;
  bool is_terminal() const override { return d_.over; }
  Outcome outcome() const override;
  std::optional<int64_t> deadline() const override;
  Json view(const Viewer& viewer) const override;
  std::vector<Json> views(const std::vector<Viewer>& viewers) const override;
  Json serialize() const override;
  int players() const override { return static_cast<int>(d_.hand.size()); }
  std::vector<std::string> secrets_hidden_from(const Viewer& viewer) const override;

  const WordBankData& data() const { return d_; }
  const WordBankGame& game() const { return game_; }
  // The circle as placement sees it.
  std::vector<Slot> slots() const;
  // Gems a seat would count now: in hand + on open vaults.
  int score(PlayerId p) const;

 private:
  // One phase: the current player passes, places a password, or times out;
  // then the turn ends.
  void do_apply(WordBankData& next, const Move& move) const override;
  // A password: placement checked, then the word judged. Whether gems were
  // placed (a refused word loses the turn, placing nothing).
  bool play_password(WordBankData& next, const Move& move, JsonObject& turn) const;
  // Closes every full vault (circle order), refilling from the deck.
  static void close_full_vaults(WordBankData& next, PlayerId p, std::vector<Json>& events);
  // The turn's end: game end checks, next player, the turn record.
  static void end_turn(WordBankData& next, const Move& move, PlayerId p, bool placed, JsonObject turn);
  void finished(std::vector<Json>& events) const override;
  Json public_json() const;
  const WordBankGame& game_;
};

std::unique_ptr<Game> make_game(const GameContext& context);

}  // namespace logomachie::games::wordbank
