#include "games/trapwords/bot.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "games/core/rng.h"
#include "games/trapwords/trapwords.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::games::trapwords {
namespace {

std::string key(std::string_view s) {
  return lexicon::match_key(s).value_or(std::string(s));
}

// Rewrites each space-separated word of `clue` with `f`, spaces kept single.
template <class F>
std::string each_word(std::string_view clue, F&& f) {
  std::string out;
  std::size_t start = 0;
  while (start < clue.size()) {
    auto end = clue.find(' ', start);
    if (end == std::string_view::npos) end = clue.size();
    if (!out.empty()) out += ' ';
    out += f(clue.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// Under the écho curse each word of three letters or more is followed by an
// echo of its ending, joined by a hyphen: « croissant-ant », « sel-sel ».
std::string with_echoes(std::string_view clue) {
  return each_word(clue, [](std::string_view word) {
    std::string out(word);
    std::vector<std::size_t> letters;  // where each UTF-8 character starts
    for (std::size_t i = 0; i < word.size(); ++i) {
      if ((static_cast<unsigned char>(word[i]) & 0xC0) != 0x80) letters.push_back(i);
    }
    if (letters.size() >= 3 && word.find_first_of("-'") == std::string_view::npos &&
        word.find("\u2019") == std::string_view::npos) {
      out += '-';
      out += word.substr(letters.size() > 3 ? letters[letters.size() - 3] : 0);
    }
    return out;
  });
}

// A clue as a guesser reads it: echoes (« croissant-ant ») left out.
std::string without_echoes(std::string_view clue) {
  return each_word(clue, [](std::string_view word) {
    if (const auto dash = word.rfind('-'); dash != std::string_view::npos && dash > 0) {
      const auto base = key(word.substr(0, dash)), echo = key(word.substr(dash + 1));
      if (!echo.empty() && echo.size() <= base.size() &&
          base.compare(base.size() - echo.size(), echo.size(), echo) == 0)
        return std::string(word.substr(0, dash));
    }
    return std::string(word);
  });
}

// Frequent words come to mind first.
double frequency_weight(const lexicon::Lexicon& lex, std::string_view w) {
  const auto rank = lex.frequency_rank(w);
  if (!rank) return 0.35;
  if (*rank <= 3000) return 1.0;
  if (*rank <= 10000) return 0.85;
  if (*rank <= 28000) return 0.65;
  return 0.45;
}

bool is_noun(const lexicon::Lexicon& lex, std::string_view w) {
  for (const auto& a : lex.analyses(w)) {
    if (a.common && (a.pos & lexicon::kNoun)) return true;
  }
  return false;
}

// A word a person would say as one clue: one common word, letters only.
bool sayable(const lexicon::Lexicon& lex, std::string_view w) {
  if (w.size() < 3 || w.find_first_of(" '’") != std::string_view::npos) return false;
  return lex.contains(w);
}

// Accumulates scores by match key, keeping the first display form.
class Tally {
 public:
  void add(std::string_view word, double score) {
    auto k = key(word);
    auto [it, fresh] = index_.emplace(k, items_.size());
    if (fresh) items_.push_back({std::string(word), 0});
    items_[it->second].score += score;
  }
  std::vector<Scored> best(std::size_t limit) {
    std::stable_sort(items_.begin(), items_.end(), [](const Scored& a, const Scored& b) {
      return a.score != b.score ? a.score > b.score : a.word < b.word;
    });
    if (items_.size() > limit) items_.resize(limit);
    return std::move(items_);
  }
  std::size_t size() const { return items_.size(); }

 private:
  std::vector<Scored> items_;
  std::unordered_map<std::string, std::size_t> index_;
};

// The neighbours of `word` with a closeness weight: its own thesaurus
// synonyms (earlier ones closer) and the headwords that list it, then our
// own associations (data/lexicon/associations.tsv: what a player would say
// for it, earlier ones closer; they fill the thesaurus's gaps, « lune »,
// « banane ») and the headwords whose associations hold it.
template <class F>
void neighbours(const lexicon::Lexicon& lex, std::string_view word, F&& visit) {
  for (const auto& sense : lex.synonyms(word)) {
    for (std::size_t i = 0; i < sense.words.size(); ++i)
      visit(sense.words[i], std::max(0.5, 1.0 - 0.03 * static_cast<double>(i)));
  }
  for (auto w : lex.listed_by(word)) visit(w, 0.8);
  const auto evoked = lex.associations(word);
  for (std::size_t i = 0; i < evoked.size(); ++i)
    visit(evoked[i], std::max(0.5, 1.0 - 0.04 * static_cast<double>(i)));
  for (auto w : lex.association_heads(word)) visit(w, 0.7);
}

}  // namespace

std::vector<Scored> associations(const lexicon::Lexicon& lex, std::string_view secret, std::size_t limit,
                                 const std::function<bool(std::string_view)>& unsayable) {
  const auto base = lex.prepare(secret);
  if (!base) return {};
  Tally tally;
  auto fit = [&](std::string_view w) {
    if (!sayable(lex, w) || (unsayable && unsayable(w))) return false;
    const auto other = lex.prepare(w);
    return other && other->key != base->key && lex.relate(*base, *other) == lexicon::Relation::kUnrelated;
  };
  neighbours(lex, secret, [&](std::string_view w, double closeness) {
    if (fit(w)) tally.add(w, closeness * frequency_weight(lex, w));
  });
  if (tally.size() < 12) {
    // Thin entry ("dragon"): one hop further, at a discount. A word counts
    // only when two of the first words lead to it: « orque » → « marteau »
    // (the shark) must not bring « irresponsable » (marteau, the madman).
    auto first = Tally(tally).best(5);
    std::unordered_map<std::string, std::pair<std::string, double>> reached;  // key → (word, best closeness)
    std::unordered_map<std::string, int> support;
    for (const auto& s : first) {
      std::unordered_map<std::string, bool> seen;  // one vote per first word
      neighbours(lex, s.word, [&](std::string_view w, double closeness) {
        if (!fit(w)) return;
        auto k = key(w);
        if (seen[k]) return;
        seen[k] = true;
        support[k] += 1;
        auto [it, fresh] = reached.emplace(k, std::pair{std::string(w), closeness});
        if (!fresh) it->second.second = std::max(it->second.second, closeness);
      });
    }
    for (const auto& [k, hit] : reached) {
      if (support[k] >= 2) tally.add(hit.first, 0.4 * hit.second * frequency_weight(lex, hit.first));
    }
  }
  return tally.best(limit);
}

std::vector<Scored> guess_candidates(const lexicon::Lexicon& lex, std::span<const std::string> clues,
                                     std::span<const std::string> wrong, const std::vector<std::string>* book,
                                     double book_weight, std::size_t limit) {
  std::vector<std::string> clue_words;
  for (const auto& clue : clues) {
    for (const auto& w : split_words(lex, clue)) {
      if (!w.elided && sayable(lex, w.text)) {
        // Content words only: "le", "de", "avec" point nowhere.
        bool content = false;
        for (const auto& a : lex.analyses(w.text)) {
          if (a.common && (a.pos & (lexicon::kNoun | lexicon::kAdjective | lexicon::kVerb))) content = true;
        }
        if (content) clue_words.push_back(w.text);
      }
    }
  }
  std::vector<lexicon::Lexicon::Prepared> excluded;
  for (const auto& w : clue_words) {
    if (auto p = lex.prepare(w)) excluded.push_back(std::move(*p));
  }
  for (const auto& w : wrong) {
    if (auto p = lex.prepare(w)) excluded.push_back(std::move(*p));
  }
  std::unordered_map<std::string, bool> in_book;
  if (book) {
    for (const auto& w : *book) in_book.emplace(key(w), true);
  }
  Tally tally;
  for (std::size_t c = 0; c < clue_words.size(); ++c) {
    // Later clues refine earlier ones: they weigh a little more.
    const double recency = 1.0 + 0.15 * static_cast<double>(c);
    neighbours(lex, clue_words[c], [&](std::string_view w, double closeness) {
      if (!sayable(lex, w)) return;
      const auto p = lex.prepare(w);
      if (!p) return;
      for (const auto& e : excluded) {
        if (e.key == p->key || lex.relate(e, *p) != lexicon::Relation::kUnrelated) return;
      }
      double score = closeness * recency * frequency_weight(lex, w);
      if (is_noun(lex, w)) score *= 1.5;
      if (book && in_book.count(p->key)) score *= book_weight;
      tally.add(w, score);
    });
  }
  return tally.best(limit);
}

namespace {

class TrapWordsBot final : public Bot {
 public:
  TrapWordsBot(const TrapWordsGame& game, BotLevel level, uint64_t seed)
      : game_(game), level_(level), seed_(seed), rng_(seed) {}

  std::optional<Action> act(const State& base, PlayerId seat) override {
    const auto& state = dynamic_cast<const TrapWordsState&>(base);
    const auto& d = state.data();
    const auto acts = state.to_act();
    if (std::find(acts.begin(), acts.end(), seat) == acts.end()) return std::nullopt;
    auto make = [&](JsonObject body, int64_t min_ms, int64_t max_ms) {
      int64_t at =
          d.now + min_ms + static_cast<int64_t>(rng_.below(static_cast<uint64_t>(max_ms - min_ms + 1)));
      if (const auto dl = state.deadline()) at = std::max(d.now, std::min(at, *dl - 1000));
      return Action::make(seat, at, std::move(body));
    };
    const int team = TrapWordsState::team_of(seat);
    switch (d.phase) {
      case Phase::kWrite: {
        // Unhurried, so that a person on the team writes too: a word every
        // few seconds, a full list handed in after a while (a host holds the
        // move till then, and drops it when someone writes first), a list
        // the bot has no more ideas for only near the end of the writing time.
        auto body = write(state, team);
        if (body.at("type") != "seal") return make(std::move(body), 3000, 5000);
        const auto& sheet = d.sheet[static_cast<std::size_t>(team)];
        if (static_cast<int>(sheet.traps.size()) < sheet.limit && sheet.deadline > 0) {
          const int64_t wait = std::max<int64_t>(sheet.deadline - 5000 - d.now, 6000);
          return make(std::move(body), wait, wait);
        }
        return make(std::move(body), 8000, 12000);
      }
      case Phase::kDisarm: {
        const int c = d.disarm_pending[0] ? 0 : 1;
        const auto rows = d.sheet[static_cast<std::size_t>(c)].traps.size();  // the cursed team's list
        return make({{"type", "disarm"}, {"row", 1 + rng_.below(rows)}}, 1000, 3000);
      }
      case Phase::kTurn: {
        // Nothing before the hourglass turns (the word is being read);
        // another clue only when the guessers have been quiet a while.
        const int64_t reading = std::max<int64_t>(d.turn->hourglass_from - d.now, 0);
        if (seat == d.turn->clue_giver) {
          return d.turn->clue_pending ? make(clue(state), reading + 10000, reading + 14000)
                                      : make(clue(state), reading + 1500, reading + 3500);
        }
        return make(guess(state), reading + 2000, reading + 5000);
      }
      case Phase::kVote:
        // A bot cannot tell an example or a private joke: the benefit of the
        // doubt goes to the clue (the referee judged what it can).
        return make({{"type", "vote"}, {"invalid", false}}, 1000, 3000);
      case Phase::kOver:
        break;
    }
    return std::nullopt;
  }

 private:
  std::size_t depth() const { return level_ == BotLevel::kEasy ? 8 : level_ == BotLevel::kMedium ? 16 : 30; }

  // The words that come to this bot's mind for `secret`, best first: the
  // shared associations, each weighed by a taste of its own (the same every
  // time, different from bot to bot), so that two bots never think exactly
  // alike; easy bots less alike than hard ones.
  const std::vector<Scored>& predictions(std::string_view secret) {
    if (cached_secret_ != secret) {
      cached_secret_ = std::string(secret);
      cached_ = associations(game_.lexicon(), secret, 40,
                             [this](std::string_view w) { return game_.unsayable(w); });
      const double spread = level_ == BotLevel::kEasy ? 0.8 : level_ == BotLevel::kMedium ? 0.6 : 0.4;
      for (auto& s : cached_) {
        uint64_t h = 1469598103934665603u ^ seed_;  // FNV-1a: stable everywhere
        for (char ch : s.word) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211u;
        const double taste = static_cast<double>(Rng(h).below(1001)) / 1000.0;  // 0…1
        s.score *= 1.0 - spread / 2 + spread * taste;
      }
      std::stable_sort(cached_.begin(), cached_.end(),
                       [](const Scored& a, const Scored& b) { return a.score > b.score; });
    }
    return cached_;
  }

  JsonObject write(const TrapWordsState& state, int team) {
    const auto& d = state.data();
    const auto& sheet = d.sheet[static_cast<std::size_t>(team)];
    const auto& target = state.secret(1 - team);
    if (static_cast<int>(sheet.traps.size()) < sheet.limit) {
      const auto& guesses = predictions(target);
      std::vector<std::string> options;
      for (const auto& s : guesses) {
        if (options.size() >= depth()) break;
        if (!state.check_trap(team, s.word)) options.push_back(s.word);
      }
      if (!options.empty()) {
        // Easy writes what comes to mind among its first ideas; the others
        // write their best prediction first.
        const std::size_t pick =
            level_ == BotLevel::kEasy ? rng_.below(std::min<std::size_t>(options.size(), 4)) : 0;
        return {{"type", "trap"}, {"word", options[pick]}};
      }
    }
    const bool needs_mark =
        std::find(d.curses[1 - static_cast<std::size_t>(team)].begin(),
                  d.curses[1 - static_cast<std::size_t>(team)].end(),
                  Curse::kMotInterdit) != d.curses[1 - static_cast<std::size_t>(team)].end();
    if (needs_mark && !sheet.traps.empty() && !sheet.forbidden)
      return {{"type", "forbidden"}, {"word", sheet.traps.front()}};
    return {{"type", "seal"}};
  }

  JsonObject clue(const TrapWordsState& state) {
    const auto& d = state.data();
    const auto& t = *d.turn;
    const auto& secret = state.secret(t.team);
    const auto cs = state.constraints(t.team);
    // How many of the likeliest words to keep clear of: what the opponents
    // probably trapped.
    const int traps = static_cast<int>(d.sheet[1 - static_cast<std::size_t>(t.team)].live().size());
    const std::size_t avoid = level_ == BotLevel::kEasy     ? 0
                              : level_ == BotLevel::kMedium ? static_cast<std::size_t>(traps)
                                                            : static_cast<std::size_t>(traps + 2);
    const auto& ideas = predictions(secret);
    std::vector<std::string> safe;
    for (std::size_t i = 0; i < ideas.size(); ++i) {
      const auto& w = ideas[i].word;
      // Nothing said already: its clues, or a guess (a wrong one tells the
      // guessers nothing new).
      bool said = false;
      for (const auto& c : t.clues) said = said || key(without_echoes(c)) == key(w);
      for (const auto& line : t.log) {
        const auto& o = line.as_object();
        said = said || (o.at("kind") == "guess" && key(o.at("text").as_string()) == key(w));
      }
      if (said) continue;
      // The referee's own checks first (serpent, faible, troll…), no traps known.
      if (!game_.referee().judge_clue(secret, {}, spoken(w, cs), cs, t.clues).ok()) continue;
      safe.push_back(w);
    }
    if (safe.empty()) return {{"type", "give_up"}};
    // Skip the likeliest traps, but never all of its ideas: a risky clue
    // beats no clue. Hard weighs a dozen ideas by how well a guesser would
    // read them; the others say the first.
    const std::size_t skip = std::min(avoid, safe.size() - 1);
    const std::size_t wanted = level_ == BotLevel::kHard ? 12 : 1;
    std::vector<std::string> options(
        safe.begin() + static_cast<std::ptrdiff_t>(skip),
        safe.begin() + static_cast<std::ptrdiff_t>(std::min(safe.size(), skip + wanted)));
    std::size_t best = 0, best_place = SIZE_MAX;
    if (options.size() > 1) {
      std::vector<std::string> wrong;
      for (const auto& line : t.log) {
        if (line.as_object().at("kind") == "guess")
          wrong.emplace_back(line.as_object().at("text").as_string());
      }
      const auto secret_key = key(secret);
      for (std::size_t i = 0; i < options.size(); ++i) {
        std::vector<std::string> clues;
        for (const auto& c : t.clues) clues.push_back(without_echoes(c));
        clues.push_back(options[i]);
        const auto read = guess_candidates(game_.lexicon(), clues, wrong, &game_.book(d.book), 2.0, 10);
        for (std::size_t place = 0; place < read.size(); ++place) {
          if (key(read[place].word) == secret_key && place < best_place) {
            best_place = place;
            best = i;
          }
        }
      }
    }
    return {{"type", "clue"}, {"text", spoken(options[best], cs)}};
  }

  // A clue as the clue-giver must say it under the team's curses.
  static std::string spoken(const std::string& clue, const Constraints& cs) {
    return cs.has(Curse::kEcho) ? with_echoes(clue) : clue;
  }

  JsonObject guess(const TrapWordsState& state) {
    const auto& d = state.data();
    const auto& t = *d.turn;
    const auto cs = state.constraints(t.team);
    std::vector<std::string> clues, wrong;
    for (const auto& line : t.log) {
      const auto& o = line.as_object();
      if (o.at("kind") == "clue") clues.push_back(without_echoes(o.at("text").as_string()));
      if (o.at("kind") == "guess") wrong.emplace_back(o.at("text").as_string());
    }
    // The team knows the opponents' word and its own traps against it: none
    // of them is its own secret.
    const auto own = static_cast<std::size_t>(t.team);
    for (const auto& trap : d.sheet[own].traps) wrong.push_back(trap);
    wrong.emplace_back(state.secret(1 - t.team));
    // In the dark (ténèbres) only the last clue was heard.
    if (cs.has(Curse::kTenebres) && clues.size() > 1) clues.erase(clues.begin(), clues.end() - 1);
    // Wrong guesses under « toc » carry the phrase: strip it for the search.
    for (auto& w : wrong) {
      if (w.size() > kTocPhrase.size() && w.compare(0, kTocPhrase.size(), kTocPhrase) == 0)
        w = w.substr(kTocPhrase.size() + 1);
    }
    // Everyone knows the book's theme; hard bots know its words best.
    const double book_weight = level_ == BotLevel::kEasy ? 1.5 : level_ == BotLevel::kMedium ? 2.0 : 2.5;
    const auto options = guess_candidates(game_.lexicon(), clues, wrong, &game_.book(d.book), book_weight, 6);
    // A bot gives up rather than throw words at random.
    const int cap = t.guess_limit > 0 ? t.guess_limit : 8;
    if (options.empty() || t.guesses_made >= cap) return {{"type", "give_up"}};
    const std::size_t pick =
        level_ == BotLevel::kEasy ? rng_.below(std::min<std::size_t>(options.size(), 3)) : 0;
    std::string text = options[pick].word;
    if (cs.has(Curse::kToc)) text = std::string(kTocPhrase) + " " + text;
    return {{"type", "guess"}, {"text", text}};
  }

  const TrapWordsGame& game_;
  BotLevel level_;
  uint64_t seed_;
  Rng rng_;
  std::string cached_secret_;
  std::vector<Scored> cached_;
};

}  // namespace

std::unique_ptr<Bot> make_trapwords_bot(const TrapWordsGame& game, BotLevel level, uint64_t seed) {
  return std::make_unique<TrapWordsBot>(game, level, seed);
}

}  // namespace logomachie::games::trapwords
