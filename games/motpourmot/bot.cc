#include "games/motpourmot/bot.h"

#include <algorithm>

#include "games/core/rng.h"
#include "games/core/word_list.h"
#include "games/motpourmot/motpourmot.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games::motpourmot {

double board_value(const std::vector<int>& position, int team, int target) {
  // Value of a tile by its distance toward `team` (3 = captured by it).
  static constexpr double kByRelative[] = {-12, -5, -2, 0, 2, 5, 12};
  double value = 0;
  int mine = 0, theirs = 0;
  for (int pos : position) {
    const int rel = team == 0 ? -pos : pos;
    value += kByRelative[rel + kCaptured];
    mine += rel == kCaptured ? 1 : 0;
    theirs += rel == -kCaptured ? 1 : 0;
  }
  if (mine >= target) value += 1000;
  if (theirs >= target) value -= 1000;
  return value;
}

bool fits_category(const MotPourMotGame& game, const Category& category, std::string_view word) {
  const auto letters = game_letters(word);
  if (letters.empty()) return false;
  if (game.is_example(category, letters)) return true;
  const auto& lex = game.lexicon();
  for (const auto& answer : category.answers) {
    if (lex.relate(answer, word) == lexicon::Relation::kInflection) return true;
  }
  // Synonyms only: our associations (Lexicon::associations) are evocations,
  // no evidence of a category (« lait » evokes « vache », no farm animal).
  for (const auto& sense : lex.synonyms(word)) {
    for (auto synonym : sense.words) {
      if (game.is_example(category, game_letters(synonym))) return true;
    }
  }
  return false;
}

bool clearly_off(const MotPourMotGame& game, const Category& category, std::string_view word) {
  return !fits_category(game, category, word) && !game.cards_listing(game_letters(word)).empty();
}

namespace {

// A careful player's first look at a name nobody knows: could it be said?
// A vowel, no letter three times in a row, no more than four consonants in
// a row (« Bbbrrrttt » and « Zzkqw » are not names; « Schwarz » could be).
bool pronounceable(std::string_view word) {
  const auto k = lexicon::match_key(word).value_or("");
  if (k.empty()) return false;
  bool vowel = false;
  int consonants = 0;
  for (std::size_t i = 0; i < k.size(); ++i) {
    const char ch = k[i];
    if (i >= 2 && ch == k[i - 1] && ch == k[i - 2]) return false;
    const bool v = std::string_view("aeiouy").find(ch) != std::string_view::npos;
    vowel = vowel || v;
    consonants = v || !(ch >= 'a' && ch <= 'z') ? 0 : consonants + 1;
    if (consonants > 4) return false;
  }
  return vowel;
}

class MotPourMotBot final : public Bot {
 public:
  MotPourMotBot(const MotPourMotGame& game, BotLevel level, uint64_t seed)
      : game_(game), level_(level), seed_(seed), rng_(seed) {}

  std::optional<Action> act(const State& base, PlayerId seat) override {
    const auto& state = dynamic_cast<const MotPourMotState&>(base);
    const auto& d = state.data();
    const auto acts = state.to_act();
    if (std::find(acts.begin(), acts.end(), seat) == acts.end()) return std::nullopt;
    // Like a person, a bot takes a moment (a host may hold the move until
    // then: server/room.h); never past the hourglass.
    auto make = [&](JsonObject body, int64_t min_ms, int64_t max_ms) {
      int64_t at =
          d.now + min_ms + static_cast<int64_t>(rng_.below(static_cast<uint64_t>(max_ms - min_ms + 1)));
      if (const auto dl = state.deadline()) at = std::max(d.now, std::min(at, *dl - 1000));
      return Action::make(seat, at, std::move(body));
    };
    const int64_t slow = level_ == BotLevel::kEasy ? 2 : level_ == BotLevel::kMedium ? 1 : 0;  // 0 = quick
    switch (d.phase) {
      case Phase::kPlay:
        return make(word(state), 3000 + 3000 * slow, 5000 + 6000 * slow);
      case Phase::kChallenge:
        return make(challenge(state), 700 + 500 * slow, 1500 + 1000 * slow);
      case Phase::kVote: {
        const bool valid = believes(state);
        if (state.table_mode())
          return make({{"type", "tally"}, {"valid", valid ? 1 : 0}, {"invalid", valid ? 0 : 1}}, 1000, 3000);
        return make({{"type", "vote"}, {"valid", valid}}, 1000, 3000);
      }
      case Phase::kOver:
        break;
    }
    return std::nullopt;
  }

 private:
  // Whether this bot knows answer `i` of `c`: a fixed share of each card,
  // the same every time it meets the card.
  bool knows(const Category& c, std::size_t i) const {
    const int share = level_ == BotLevel::kEasy ? 40 : level_ == BotLevel::kMedium ? 70 : 100;
    uint64_t h = 1469598103934665603u;  // FNV-1a of the card id: stable everywhere
    for (char ch : c.id) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211u;
    Rng r(seed_ ^ (h + i));
    return static_cast<int>(r.below(100)) < share;
  }

  JsonObject word(const MotPourMotState& state) {
    const auto& d = state.data();
    const auto& c = state.category();
    std::vector<std::pair<double, std::size_t>> options;
    const double now = board_value(d.position, d.team, d.target);
    for (std::size_t i = 0; i < c.answers.size(); ++i) {
      if (!knows(c, i) || state.check_word(c.answers[i])) continue;  // unknown to it, or already played
      auto position = d.position;
      for (const auto& s : state.pulls(c.keys[i], d.team)) position[d.letters.find(s.letter)] = s.to;
      options.emplace_back(board_value(position, d.team, d.target) - now, i);
    }
    if (options.empty()) return {{"type", "give_up"}};
    std::stable_sort(options.begin(), options.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::size_t pick = 0;
    if (level_ == BotLevel::kEasy) pick = rng_.below(std::min<std::size_t>(5, options.size()));
    std::string w = c.answers[options[pick].second];
    // Slips of the pen: easy 1 in 8, medium 1 in 30 (a doubled letter).
    const uint64_t slip = level_ == BotLevel::kEasy ? 8 : level_ == BotLevel::kMedium ? 30 : 0;
    if (slip && rng_.chance(1, slip) && w.size() >= 4) {
      const auto at = 1 + rng_.below(w.size() - 2);
      if (static_cast<unsigned char>(w[at]) < 0x80 && w[at] != '-') {
        auto typo = w;
        typo.insert(at, 1, w[at]);
        if (!state.check_word(typo)) w = typo;
      }
    }
    return {{"type", "word"}, {"word", w}};
  }

  JsonObject challenge(const MotPourMotState& state) {
    const auto& played = *state.data().played;
    const auto& c = state.category();
    auto settled = [&](std::string_view kind) {
      return std::find(played.checked.begin(), played.checked.end(), kind) != played.checked.end();
    };
    if (!settled("spelling") && !game_.spelling_known(c, played.word) &&
        (level_ != BotLevel::kEasy || rng_.chance(1, 2))) {
      return {{"type", "challenge"}, {"kind", "spelling"}};
    }
    if (!settled("category") && level_ != BotLevel::kEasy && !state.table_mode() &&
        clearly_off(game_, c, played.word)) {
      return {{"type", "challenge"}, {"kind", "category"}};
    }
    return {{"type", "accept"}};
  }

  // The bot's vote: is the word fine?
  bool believes(const MotPourMotState& state) const {
    const auto& played = *state.data().played;
    const auto& c = state.category();
    if (played.vote == "spelling") {
      // The dictionary does not know it: a name or a foreign word gets the
      // benefit of the doubt on cards that call for them, or when capitalised.
      // A capital is what the engine calls one (« Éloïse » as much as « Zorglub »).
      const bool capital = lexicon::starts_with_capital(played.word);
      return game_.spelling_known(c, played.word) ||
             ((c.foreign || c.proper || capital) && pronounceable(played.word));
    }
    return !clearly_off(game_, c, played.word);
  }

  const MotPourMotGame& game_;
  BotLevel level_;
  uint64_t seed_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_motpourmot_bot(const MotPourMotGame& game, BotLevel level, uint64_t seed) {
  return std::make_unique<MotPourMotBot>(game, level, seed);
}

}  // namespace logomachie::games::motpourmot
