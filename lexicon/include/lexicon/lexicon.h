// The French lexicon: the referee every Logomachie game leans on.
//
// A Lexicon is a read-only view of one compiled lexicon file (fr.lex, built by
// `lexicon-compile` from Grammalecte's fr-allvars dictionary, the mythes-fr
// thesaurus, zxcvbn-ts frequency lists and our own derivation and association
// data in data/lexicon/). It is memory-mapped: opening costs a few system calls, and
// pages are read on demand. It knows nothing about games and there is no global
// instance: whoever needs words is handed a `const Lexicon&`.
//
// Thread safety: every const member may be called from any number of threads.
// Lifetime: every std::string_view returned points into the mapping and stays
// valid as long as the Lexicon object it came from (moving the Lexicon keeps
// them valid; destroying it does not).
//
// Input words are *input forms* (see normalize.h): any case, accents optional,
// any apostrophe or hyphen variant. Bad input (invalid UTF-8, control
// characters, absurdly long strings) is never an error here: it is simply not
// a word, so queries answer false / empty / Relation::unrelated.
//
// Word policy (docs/lexicon.md): a *common word* is a form tagged noun,
// adjective, verb, adverb, grammatical word, interjection, number word or title,
// written in lowercase letters (accents, œ, æ, hyphen and apostrophe allowed),
// and not a proper noun, acronym, symbol/unit abbreviation, fragment, Roman
// numeral or punctuation. Proper nouns are kept and flagged (`Accept::proper`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace logomachie::lexicon {

// Parts of speech, as bits: Grammalecte files some forms under several at once
// ("scientifique" is tagged noun and adjective).
enum Pos : uint32_t {
  kNoun = 1u << 0,
  kAdjective = 1u << 1,
  kVerb = 1u << 2,
  kAdverb = 1u << 3,
  kGrammatical = 1u << 4,  // determiners, pronouns, prepositions, conjunctions…
  kInterjection = 1u << 5,
  kNumber = 1u << 6,     // number words: "deux", "mille"
  kTitle = 1u << 7,      // "monsieur", "maître" as titles
  kFirstName = 1u << 8,  // proper noun kinds…
  kSurname = 1u << 9,
  kPlace = 1u << 10,
  kOtherProper = 1u << 11,
  kFragment = 1u << 12,  // bound pieces: "anglo", "priori"
  kRomanNumeral = 1u << 13,
  kPunctuation = 1u << 14,
  kSymbol = 1u << 15,  // symbols and unit abbreviations: "km"
  kOtherPos = 1u << 16,
};
using PosSet = uint32_t;

enum class Gender : uint8_t { kNone, kMasculine, kFeminine, kEpicene };
enum class Number : uint8_t { kNone, kSingular, kPlural, kInvariable };

// Verb moods and tenses, as bits (a form can be several: "chante" is
// indicative present, subjunctive present and imperative).
enum Mood : uint16_t {
  kInfinitive = 1u << 0,
  kPresentParticiple = 1u << 1,
  kPastParticiple = 1u << 2,
  kIndicativePresent = 1u << 3,
  kIndicativeImperfect = 1u << 4,
  kIndicativeSimplePast = 1u << 5,
  kIndicativeFuture = 1u << 6,
  kConditional = 1u << 7,
  kSubjunctivePresent = 1u << 8,
  kSubjunctiveImperfect = 1u << 9,
  kImperative = 1u << 10,
};
using MoodSet = uint16_t;

// Grammatical persons, as bits: 1s 2s 3s 1p 2p 3p.
enum Person : uint8_t {
  k1s = 1u << 0,
  k2s = 1u << 1,
  k3s = 1u << 2,
  k1p = 1u << 3,
  k2p = 1u << 4,
  k3p = 1u << 5,
};
using PersonSet = uint8_t;

// One reading of a form.
struct Analysis {
  std::string_view form;   // display form ("élève")
  std::string_view lemma;  // dictionary headword ("élève" or "élever")
  std::string_view tag;    // raw Grammalecte tag (":N:e:s")
  PosSet pos = 0;
  Gender gender = Gender::kNone;
  Number number = Number::kNone;
  MoodSet moods = 0;
  PersonSet persons = 0;
  int verb_group = 0;   // 1, 2, 3 (0 = auxiliaries/none)
  bool common = false;  // the form is a common word under the word policy
  bool proper = false;  // a proper noun (first name, surname, place, other)
};

// How a word said or typed (`other`) relates to a reference word (`base`).
// Ordered from closest to farthest; when a word has several analyses the
// closest relation over all of them wins.
enum class Relation : uint8_t {
  kInflection,  // same word or an inflected form of it (cheval/chevaux, œil/yeux, aller/irons)
  kCompound,    // other is a compound with base (or an inflection of it) as a part
                // (cheval/cheval-vapeur, pomme/pomme de terre)
  kDerivative,  // same family, different lemma (science/scientifique); also a compound's
                // part against the compound, and solid compounds (porte/portefeuille)
  kUnrelated,   // everything else, including look-alikes (chat/château)
};

// How relate() reads its base word (the reference: a secret, a trap, a used
// password). The other word (what a player said) is always read every way the
// dictionary allows, except that readings of rare lemmas yield to readings of
// words in the frequency lists ("vente" is not the rare verb venter).
enum class Reading : uint8_t {
  kEvery,     // every reading (tools; relate is then symmetric for inflection and derivative)
  kDominant,  // as a French speaker reads the word written alone on a list: a noun
              // reading wins over conjugated and participle forms of a verb ("été" is
              // the season, "bois" is wood, "aura" the halo); infinitives, adjectives
              // and nouns keep every reading
  kNoun,      // the caller knows it is a noun (deck words): only its noun readings
              // when it has any, else as kDominant
  // For the other word, when the sentence around it tells (the referee reads
  // its context): each keeps only the readings named, when there are any.
  kNominal,    // after a determiner ("le bois", "la porte"): nouns and adjectives
  kVerb,       // after a subject or object pronoun, "ne" or a form of avoir
               // ("je bois", "on la porte", "a été"), or the verb of a verb–noun
               // compound ("porte-clé")
  kNonFinite,  // after a preposition, être or a degree adverb ("une jambe de bois",
               // "il est content", "très content"): no conjugated verb; nouns,
               // adjectives, infinitives and participles stay
  kFunction,   // a preposition or conjunction where no determiner calls for a
               // noun ("vers minuit", "car il pleut"): such readings have no family
};

// "inflection", "compound", "derivative" or "unrelated".
std::string_view to_string(Relation r) noexcept;

// What counts as a word for `contains` and friends.
enum class Accept : uint8_t {
  kCommon,  // common words only (the default for every game)
  kProper,  // common words and proper nouns
};

// One sense of a thesaurus entry.
struct SynonymSense {
  std::string_view label;  // e.g. "(Nom)", "(Verbe)"
  std::vector<std::string_view> words;
};

// Thrown by Lexicon::open only (never by queries).
class LexiconError : public std::runtime_error {
 public:
  enum class Code { kNotFound, kIo, kBadFormat, kVersionMismatch };
  LexiconError(Code code, const std::string& message) : std::runtime_error(message), code_(code) {}
  Code code() const noexcept { return code_; }

 private:
  Code code_;
};

class Lexicon {
 public:
  // Maps the compiled lexicon at `path`. Throws LexiconError when the file is
  // missing, unreadable, truncated, of another format version, or when a section
  // lies outside the file. The content of the sections is trusted, not checked
  // (that would read the whole file and cost the 10 ms load budget): fr.lex is
  // only ever written by lexicon-compile, atomically.
  static Lexicon open(const std::filesystem::path& path);

  // Where the program looks for fr.lex when not told: $LOGOMACHIE_LEXICON, then
  // fr.lex next to the running executable.
  static std::filesystem::path default_path();

  Lexicon(Lexicon&&) noexcept;
  Lexicon& operator=(Lexicon&&) noexcept;
  ~Lexicon();

  // True when `word`, folded for case and accents, equals a word accepted by `accept`.
  bool contains(std::string_view word, Accept accept = Accept::kCommon) const;

  // contains(), and the accents the player wrote agree with a dictionary
  // spelling of the word: a missing accent is a keyboard's, not a mistake
  // ("elephant" for éléphant, "ou" for où), but a wrong or extra accent is a
  // misspelling ("élèphant", "éléphânt"). Case, apostrophe and hyphen variants
  // and œ/æ typed as two letters never count. For the spelling checks of the
  // games (Mot pour Mot's "orthographe normative").
  bool spelled_as_written(std::string_view word, Accept accept = Accept::kCommon) const;

  // contains() for many words at once: out[i] = contains(words[i], accept).
  // Same answers, several times the throughput on large inputs, because the
  // memory look-ups of a batch overlap (software prefetching). Requires
  // out.size() >= words.size().
  void contains_batch(std::span<const std::string_view> words, std::span<uint8_t> out,
                      Accept accept = Accept::kCommon) const;

  // Every reading of every dictionary form whose match key equals `word`'s
  // ("eleve" → élève/noun, élève/élever, élevé/élever…). Empty when unknown.
  std::vector<Analysis> analyses(std::string_view word) const;

  // The dictionary forms sharing `word`'s match key ("eleve" → élève, élevé).
  std::vector<std::string_view> display_forms(std::string_view word) const;

  // Every form of the lemma(s) whose match key equals `lemma` ("cheval" →
  // cheval, chevaux). Empty when no lemma matches.
  std::vector<std::string_view> forms_of(std::string_view lemma) const;

  // Frequency rank of `word` (1 = most frequent): its rank in the OpenSubtitles
  // list (~28k words); words only in the Wikipedia list rank after all of those
  // (28k + their Wikipedia rank); otherwise the best rank among the forms of
  // its lemmas ("chevaux" unranked → rank of "cheval"); nullopt if unranked.
  std::optional<uint32_t> frequency_rank(std::string_view word) const;

  // Thesaurus senses of `word` (mythes-fr), and the headwords that list `word`
  // among their synonyms (the reverse relation). Empty when unknown.
  std::vector<SynonymSense> synonyms(std::string_view word) const;
  std::vector<std::string_view> listed_by(std::string_view word) const;

  // Our own word associations (data/lexicon/associations.tsv), a supplement
  // of the thesaurus for the bots: the words a French player would say to
  // make someone guess `word`, closest first (« lune » → croissant, nuit,
  // étoile…), never of its family; and the headwords whose list holds
  // `word` (the reverse relation: « croissant » → lune, boulangerie…). These
  // are evocations, not synonyms: relate() never reads them. Empty when none.
  std::vector<std::string_view> associations(std::string_view word) const;
  std::vector<std::string_view> association_heads(std::string_view word) const;

  // How `other` relates to `base` (see Relation), `base` read as `reading`
  // says. With Reading::kEvery, symmetric for inflection and derivative.
  // Unknown words are judged from their form; numbers in digits are read as
  // the number words ("7" is "sept", "7e" is "septième"). Never throws.
  // `other_reading`: what the sentence tells about `other` (kEvery: nothing;
  // else kNominal, kVerb, kNonFinite or kFunction); a word of the same spelling read
  // otherwise is then another word ("je bois" is not the trap "bois").
  Relation relate(std::string_view base, std::string_view other, Reading reading = Reading::kEvery,
                  Reading other_reading = Reading::kEvery) const;

  // relate() for many pairs: a word normalised once (its match key and
  // display form), then compared without normalising again. Same answers as
  // relate(base, other). nullopt for invalid UTF-8 or over-long input.
  struct Prepared {
    std::string key;
    std::string display;
    // Typed with no capital: as the other word of relate() against a base
    // read as a referee reads it (not Reading::kEvery, which stays
    // symmetric), a proper noun is then not among its readings when it has
    // common ones (« on y chine » is chiner, not « la Chine »; « les
    // paris » are bets).
    bool lower = false;
  };
  std::optional<Prepared> prepare(std::string_view word) const;
  Relation relate(const Prepared& base, const Prepared& other, Reading reading = Reading::kEvery,
                  Reading other_reading = Reading::kEvery) const;

  // Lemmas in the same derivational family as `word` (its own lemmas included),
  // sorted; for tools and hints.
  std::vector<std::string_view> family_of(std::string_view word) const;

  // Calls `visit(display_form)` for each distinct common-word form (or every
  // form with Accept::kProper) whose match key satisfies `keep(key)`.
  void for_each_form(const std::function<bool(std::string_view key)>& keep,
                     const std::function<void(std::string_view form)>& visit,
                     Accept accept = Accept::kCommon) const;

  // Up to `limit` display forms whose match key starts with `prefix`'s match
  // key, in key order.
  std::vector<std::string_view> words_with_prefix(std::string_view prefix, std::size_t limit,
                                                  Accept accept = Accept::kCommon) const;

  // Counts, for tools and tests.
  std::size_t form_count() const noexcept;
  std::size_t lemma_count() const noexcept;

  struct Impl;  // defined in lexicon.cc; public so that internal helpers can use it

 private:
  explicit Lexicon(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace logomachie::lexicon
