#include "games/trapwords/referee.h"

#include <algorithm>
#include <array>

#include "games/core/content.h"
#include "games/core/json.h"
#include "lexicon/normalize.h"
#include "lexicon/numbers.h"

namespace logomachie::games {
std::span<const ContentFile> trapwords_senses();  // generated from data/lexicon/senses.tsv
}

namespace logomachie::games::trapwords {
namespace {

using lexicon::Relation;

// Sentence-start words searched for a one-letter slip per clue (each search
// is up to about 1,700 dictionary lookups; a clue has a few sentences).
constexpr int kSlipSearchesPerClue = 4;

constexpr std::array<std::string_view, kCurseCount> kCurseIds = {
    "inondation", "gribouillage", "mot-interdit", "serpent",       "echo",
    "tenebres",   "desarmer",     "toc",          "petrification", "faible"};
constexpr std::array<std::string_view, 5> kMonsterIds = {"demon", "dragon", "momie", "troll", "vampire"};

// --- characters -------------------------------------------------------------

enum class Kind { kLetter, kApostrophe, kHyphen, kSentenceEnd, kSeparator, kPictogram };

// Emoji and other pictograms: arrows, technical and geometric symbols,
// dingbats, enclosed alphanumerics, the emoji blocks and regional indicators.
bool is_pictogram(char32_t c) {
  return (c >= 0x2190 && c <= 0x21FF) || (c >= 0x2300 && c <= 0x23FF) || (c >= 0x2460 && c <= 0x24FF) ||
         (c >= 0x25A0 && c <= 0x27BF) || (c >= 0x2900 && c <= 0x297F) || (c >= 0x2B00 && c <= 0x2BFF) ||
         (c >= 0x1F000 && c <= 0x1FAFF);
}

// Decodes the code point at `i` (advancing `i`); invalid bytes count as one
// separator byte each.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + static_cast<std::size_t>(len) > s.size()) {
    ++i;
    return 0xFFFD;
  }
  char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
    if ((c >> 6) != 0x2) {
      ++i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  i += static_cast<std::size_t>(len);
  return cp;
}

Kind kind_of(char32_t c) {
  if (c < 0x80) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return Kind::kLetter;
    if (c == '\'') return Kind::kApostrophe;
    if (c == '-') return Kind::kHyphen;
    if (c == '.' || c == '!' || c == '?') return Kind::kSentenceEnd;
    return Kind::kSeparator;
  }
  if (c == 0x2019 || c == 0x02BC || c == 0x2018) return Kind::kApostrophe;
  if (c == 0x2010 || c == 0x2011) return Kind::kHyphen;
  if (c == 0x2026) return Kind::kSentenceEnd;  // …
  // Units and currencies are read aloud with the number they follow (37°,
  // 50 %, 10 €): they belong to the word.
  if (c == U'%' || c == U'°' || c == U'€' || c == U'$' || c == U'£') return Kind::kLetter;
  if (is_pictogram(c)) return Kind::kPictogram;
  if ((c >= 0xFE00 && c <= 0xFE0F) || (c >= 0x20D0 && c <= 0x20FF))
    return Kind::kSeparator;  // emoji selectors, keycaps
  if (c < 0xC0 || c == 0xD7 || c == 0xF7 || c == 0xFFFD)
    return Kind::kSeparator;                                // Latin-1 punctuation, ×, ÷
  if (c >= 0x2000 && c <= 0x206F) return Kind::kSeparator;  // general punctuation, spaces
  if (c >= 0x3000 && c <= 0x303F) return Kind::kSeparator;
  return Kind::kLetter;  // accented letters, combining accents, other scripts
}

bool is_apostrophe_at(std::string_view s, std::size_t i, std::size_t& len) {
  std::size_t j = i;
  const auto c = next_code_point(s, j);
  len = j - i;
  return kind_of(c) == Kind::kApostrophe;
}

// Splits `s` at hyphens (any variant); empty pieces dropped.
std::vector<std::string> hyphen_parts(std::string_view s) {
  std::vector<std::string> parts;
  std::string cur;
  for (std::size_t i = 0; i < s.size();) {
    const auto start = i;
    const auto c = next_code_point(s, i);
    if (kind_of(c) == Kind::kHyphen) {
      if (!cur.empty()) parts.push_back(std::move(cur));
      cur.clear();
    } else {
      cur.append(s.substr(start, i - start));
    }
  }
  if (!cur.empty()) parts.push_back(std::move(cur));
  return parts;
}

std::string key(std::string_view s) {
  return lexicon::match_key(s).value_or(std::string(s));
}

// How a typed word is said: numbers, units and symbols in words ("24h" →
// "vingt-quatre heures"), Roman numerals in capitals ("XV" → "quinze").
std::optional<std::string> spoken(std::string_view text) {
  bool capitals = !text.empty();
  for (const char c : text) capitals = capitals && c >= 'A' && c <= 'Z';
  return lexicon::read_aloud(text, capitals);
}

// Case folded, accents kept, one apostrophe: to compare a typed word with a
// dictionary form exactly ("le" is not "lé").
std::string exact(std::string_view s) {
  auto folded = lexicon::fold_case(s).value_or(std::string(s));
  std::string out;
  for (std::size_t i = 0; i < folded.size();) {
    const auto start = i;
    const auto c = next_code_point(folded, i);
    if (kind_of(c) == Kind::kApostrophe)
      out += '\'';
    else
      out.append(folded, start, i - start);
  }
  return out;
}

// --- matching -----------------------------------------------------------------

// A word as the referee checks it: what was typed and the forms to compare
// (the whole and, when hyphenated, each part).
struct Checked {
  const Word* word = nullptr;
  std::vector<std::string> forms;
  bool inverted = false;  // a verb before hyphenated pronouns ("sommes-nous")
  // A whole the dictionary knows as a function word or an adverb, with
  // parts (« n'importe », « peut-être », « grand-chose », « c'est-à-dire »):
  // its parts fire the trap they are forms of, not its family.
  bool function_whole = false;
  // Typed without its accent, read by its determiner (gendered_variant).
  std::optional<std::string> gendered;
};

// The words of a message the rules apply to. Under the echo curse, echoes
// ("-onne" after "sonne", or "bizarre-arre") are set apart: they repeat a
// word already said, and `missing_echo` lists the words without one.
struct Prepared {
  std::vector<Word> words;
  std::vector<Checked> checked;           // in order; echoes left out
  std::vector<lexicon::Reading> context;  // per checked word: what the sentence says of it
  std::vector<const Word*> missing_echo;
  std::string_view message;  // the text the words point into
};

// --- context: how the sentence reads a word ------------------------------------

bool in(std::string_view k, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), k) != set.end();
}

// Match keys with their straight apostrophes, a marker on each line for the
// typography lint: kept as written.
// clang-format off
bool is_subject(std::string_view k) {
  return in(k, {"je", "j'", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "ca", "cela", "c'", "qui"});  // match keys (typography: ok)
}
// Prepositions after which a word is a noun, an adjective or an infinitive,
// never a conjugated verb ("une jambe de bois", "à pied", "sans bruit").
// « à » is told from « a » (avoir) by its accent; « en », « entre »,
// « contre », « pendant » are read apart (a pronoun, verbs).
bool is_preposition(std::string_view k) {
  return in(k, {"de", "d'", "sans", "pour", "par", "avec", "dans", "sur", "sous", "chez", "selon"});  // typography: ok
}
// Object and subject pronouns that end a verb in an inversion or an
// imperative ("sommes-nous", "va-t-il", "porte-le", "dis-moi"), as typed
// (« là » of « ce jour-là » is no pronoun).
bool is_hyphen_pronoun(std::string_view exact) {
  return in(exact, {"je", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "ce", "moi", "toi", "le", "la", "les", "lui", "leur", "en", "y", "t"});  // typography: ok
}
bool is_negation(std::string_view k) { return in(k, {"ne", "n'"}); }  // typography: ok
// Object pronouns that are never determiners.
bool is_clitic(std::string_view k) { return in(k, {"me", "m'", "te", "t'", "se", "s'", "lui", "y"}); }  // typography: ok
// Words that are determiners, or object pronouns right after a subject.
bool is_determiner_or_clitic(std::string_view k) { return in(k, {"le", "la", "les", "l'", "leur", "en"}); }  // typography: ok
bool is_determiner(std::string_view k) {
  return in(k, {"le", "la", "les", "l'", "un", "une", "des", "du", "au", "aux", "mon", "ton", "son", "ma", "ta",  // typography: ok
                "sa", "mes", "tes", "ses", "notre", "votre", "nos", "vos", "leur", "leurs", "ce", "cet", "cette",
                "ces", "chaque", "plusieurs", "quelques", "quel", "quelle", "quels", "quelles"});
}
// clang-format on
bool is_avoir(std::string_view k) {
  return in(k, {"a",       "as",     "ai",     "avons",    "avez",  "ont",   "avait",  "avais",
                "avaient", "avions", "aviez",  "aura",     "aurai", "auras", "aurons", "aurez",
                "auront",  "aurait", "aurais", "auraient", "eu",    "ayant"});
}
// Finite forms of être, after which a word is an attribute or a participle
// ("il est content", "elles sont parties"); « été » is the season too often.
bool is_etre(std::string_view k) {
  return in(k, {"suis",   "es",     "est",     "sommes",  "etes",   "sont",     "etais",  "etait",
                "etions", "etiez",  "etaient", "serai",   "seras",  "sera",     "serons", "serez",
                "seront", "serais", "serait",  "serions", "seriez", "seraient", "fus",    "fut",
                "furent", "sois",   "soit",    "soyons",  "soyez",  "soient"});
}
// Determiners of a plural noun group ("les chats"); the others are singular.
bool is_plural_determiner(std::string_view k) {
  return in(k, {"les", "des", "aux", "mes", "tes", "ses", "nos", "vos", "leurs", "ces", "plusieurs",
                "quelques",  // typography: ok
                "quels", "quelles"});
}
// The adjectives French puts before the noun (beauty, age, goodness, size
// and a few more): after a determiner they start the group, they do not end
// it ("la grande porte", "le vieux bois").
bool is_prenominal(std::string_view k) {
  return in(k, {"grand",   "petit",   "beau",     "bel",      "bon",       "jeune",   "vieux",    "vieil",
                "nouveau", "nouvel",  "gros",     "long",     "haut",      "mauvais", "joli",     "vrai",
                "faux",    "premier", "dernier",  "seul",     "autre",     "meme",    "meilleur", "pire",
                "double",  "demi",    "prochain", "simple",   "pauvre",    "cher",    "ancien",   "certain",
                "propre",  "sale",    "brave",    "drole",    "excellent", "enorme",  "immense",  "large",
                "bref",    "court",   "fort",     "saint",    "vaste",     "sacre",   "petite",   "grande",
                "belle",   "bonne",   "vieille",  "nouvelle", "grosse",    "longue",  "haute",    "mauvaise",
                "jolie",   "fausse",  "premiere", "derniere", "seule"});
}
bool is_adverb(std::string_view k) {
  return in(k, {"pas",   "plus",     "jamais",   "toujours", "deja",  "souvent",  "encore",
                "bien",  "beaucoup", "vraiment", "meme",     "aussi", "rarement", "parfois",
                "enfin", "tout",     "trop",     "tres",     "peu",   "mal"});
}

// True when checked word `i` follows a noun group that is its subject and
// reads as a finite verb agreeing with it: "le soleil nuit", "un sommier
// trop mou nuit", "les chats boivent". The group is a determiner, a noun
// that is not also an adjective put before nouns (in "la grande porte" the
// porte is the noun), then adjectives or adverbs; nothing but spaces between its words
// and `i`. The word must have an attested finite verb reading of the
// group's person (3s or 3p) and no adjective reading ("la nuit noire", "le
// ciel calme" keep every reading).
bool after_noun_group(const lexicon::Lexicon& lex, const Prepared& p, std::size_t i) {
  if (p.checked[i].word->sentence_start || i < 2) return false;
  auto k = [&](std::size_t j) { return key(p.checked[j].word->text); };
  constexpr lexicon::MoodSet kFinite = lexicon::kIndicativePresent | lexicon::kIndicativeImperfect |
                                       lexicon::kIndicativeSimplePast | lexicon::kIndicativeFuture |
                                       lexicon::kConditional | lexicon::kSubjunctivePresent |
                                       lexicon::kSubjunctiveImperfect;
  // Up to three adjectives or adverbs between the noun and the word.
  std::size_t j = i - 1;
  for (int skipped = 0;; ++skipped) {
    if (j == 0 || skipped > 3 || p.checked[j].word->elided) return false;
    const auto kj = k(j);
    bool noun = false, adjective = false, before_noun = false, other = false;
    for (const auto& a : lex.analyses(p.checked[j].word->text)) {
      if (!a.common) continue;
      noun = noun || (a.pos & lexicon::kNoun);
      adjective = adjective || (a.pos & lexicon::kAdjective);
      before_noun = before_noun || ((a.pos & lexicon::kAdjective) && is_prenominal(key(a.lemma)));
      other = other || (a.pos & (lexicon::kVerb | lexicon::kGrammatical));
    }
    if (noun && !before_noun && is_determiner(k(j - 1))) break;
    if (!is_adverb(kj) && !in(kj, {"tres", "si", "assez", "trop"}) && !(adjective && !other)) return false;
    --j;
  }
  // Nothing but spaces from the noun to the word ("le soleil, nuit" is a list).
  for (std::size_t w = j; w < i; ++w) {
    for (std::size_t c = p.checked[w].word->end; c < p.checked[w + 1].word->begin && c < p.message.size();
         ++c) {
      if (p.message[c] != ' ') return false;
    }
  }
  const auto person = is_plural_determiner(k(j - 1)) ? lexicon::k3p : lexicon::k3s;
  bool verb = false;
  // Readings spelt as typed, when there are any: "tombe" is not "tombé".
  const auto analyses = lex.analyses(p.checked[i].word->text);
  const auto typed = exact(p.checked[i].word->text);
  const bool any_exact =
      std::any_of(analyses.begin(), analyses.end(), [&](const auto& a) { return exact(a.form) == typed; });
  for (const auto& a : analyses) {
    if (any_exact && exact(a.form) != typed) continue;
    if (a.pos & lexicon::kAdjective) return false;
    verb = verb || ((a.pos & lexicon::kVerb) && (a.moods & kFinite) && (a.persons & person));
  }
  return verb;
}

// What the words before checked word `i` say of it (lexicon::Reading): a
// verb after a subject pronoun, "ne", an object pronoun or a form of avoir
// ("je bois", "on la porte", "il a été"); a noun or adjective after a
// determiner ("le bois"); a preposition, conjunction or determiner where no
// determiner calls for a noun ("vers minuit", "car il pleut", "son battant");
// otherwise nothing
// (kEvery). Plain word lists, no parsing: it only narrows when the cue is
// unambiguous, so a miss leaves the word read every way.
// True when checked word `i` has a preposition, conjunction or determiner
// reading.
bool function_word(const lexicon::Lexicon& lex, const Prepared& p, std::size_t i) {
  for (const auto& a : lex.analyses(p.checked[i].word->text)) {
    if (a.tag.find(":G:R") != std::string_view::npos || a.tag.find(":G:C") != std::string_view::npos ||
        a.tag.find(":G:D") != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

// True when checked word `i` is a personal pronoun whose only other
// readings are verb forms: « lui » is never luire's participle in a clue.
bool pronoun(const lexicon::Lexicon& lex, const Prepared& p, std::size_t i) {
  bool personal = false;
  for (const auto& a : lex.analyses(p.checked[i].word->text)) {
    if (!a.common) continue;
    if (a.tag.find(":G:Os") != std::string_view::npos || a.tag.find(":G:Oo") != std::string_view::npos)
      personal = true;
    else if (!(a.pos & lexicon::kVerb))
      return false;
  }
  return personal;
}

lexicon::Reading context_of(const lexicon::Lexicon& lex, const Prepared& p, std::size_t i) {
  auto k = [&](std::size_t j) { return key(p.checked[j].word->text); };
  if (pronoun(lex, p, i)) return lexicon::Reading::kFunction;
  if (i > 0) {
    const auto prev = k(i - 1);
    const auto before = i > 1 ? k(i - 2) : std::string();
    if (is_negation(prev) || is_subject(prev) || is_clitic(prev)) return lexicon::Reading::kVerb;
    if (is_determiner_or_clitic(prev) && i > 1 &&
        (is_subject(before) || is_negation(before) || is_clitic(before))) {
      return lexicon::Reading::kVerb;
    }
    // A participle after avoir, adverbs between: "il a été", "ça a toujours
    // été", "le chat a été".
    std::size_t j = i - 1;
    while (j > 0 && is_adverb(k(j))) --j;
    if (is_avoir(k(j)) && j > 0 &&
        (is_subject(k(j - 1)) || is_clitic(k(j - 1)) || is_negation(k(j - 1)) ||
         // "on l'a vu", "je les ai vus": an object pronoun between
         (is_determiner_or_clitic(k(j - 1)) && j > 1 && (is_subject(k(j - 2)) || is_negation(k(j - 2)))) ||
         after_noun_group(lex, p, j))) {
      return lexicon::Reading::kVerb;
    }
    if (is_determiner(prev)) return lexicon::Reading::kNominal;
    // Adjectives put before the noun, after a determiner: "un grand lit",
    // "la vieille porte", "un très beau bois".
    j = i - 1;
    bool prenominal = false;
    while (j > 0 && (is_prenominal(k(j)) || in(k(j), {"tres", "si", "plus", "assez", "trop"}))) {
      prenominal = prenominal || is_prenominal(k(j));
      --j;
    }
    if (prenominal && is_determiner(k(j))) return lexicon::Reading::kNominal;
    // No conjugated verb after a preposition ("une cuillère en bois", "une
    // jambe de bois"; "en buvant" keeps its participle), être ("il est
    // content", adverbs between) or a degree adverb ("très content").
    // After être or a degree adverb a preposition or conjunction stays one
    // ("il est vers midi").
    if (is_preposition(prev) || exact(p.checked[i - 1].word->text) == "à" || prev == "en")
      return lexicon::Reading::kNonFinite;
    j = i - 1;
    while (j > 0 && is_adverb(k(j))) --j;
    if ((is_etre(k(j)) || in(prev, {"tres", "trop", "assez", "aussi", "si", "plus", "moins"})) &&
        !function_word(lex, p, i)) {
      return lexicon::Reading::kNonFinite;
    }
    if (after_noun_group(lex, p, i)) return lexicon::Reading::kVerb;
  }
  if (function_word(lex, p, i))
    return lexicon::Reading::kFunction;  // "vers minuit", "car il pleut", "son battant"
  // An adverb or function word that is also a verb only in the simple past
  // or as a present participle is the adverb ("plus", "maintenant").
  bool adverb = false, rare_verb = false;
  for (const auto& a : lex.analyses(p.checked[i].word->text)) {
    if (!a.common) continue;
    if (a.pos & lexicon::kVerb) {
      const auto literary = lexicon::kIndicativeSimplePast | lexicon::kSubjunctiveImperfect;
      // A first or second person singular with no « je » or « tu » before it
      // (those made the word a verb above) and no imperative cannot be a
      // verb: « et puis » is « then », not the archaic « je puis ».
      const bool no_subject =
          a.persons && (a.persons & ~(lexicon::k1s | lexicon::k2s)) == 0 && !(a.moods & lexicon::kImperative);
      if (a.moods == lexicon::kPresentParticiple || (a.moods && (a.moods & ~literary) == 0) || no_subject)
        rare_verb = true;
      else
        return lexicon::Reading::kEvery;
    } else if (a.pos & (lexicon::kAdverb | lexicon::kGrammatical)) {
      adverb = true;
    }
  }
  if (adverb && rare_verb) return lexicon::Reading::kFunction;
  return lexicon::Reading::kEvery;
}

bool is_echo_of(std::string_view base, std::string_view echo) {
  const auto b = key(base), e = key(echo);
  if (e.empty() || b.size() < e.size()) return false;
  if (b.compare(b.size() - e.size(), e.size(), e) != 0) return false;
  return e.size() < b.size() || b.size() <= 3;
}

bool is_masculine_before(std::string_view det, std::string_view next);
bool is_feminine_determiner(std::string_view k);

// The gender the determiner before checked word `i` gives it, a
// pre-nominal adjective between (« la haute tour »): 'm', 'f' or 0.
char determiner_gender(const Prepared& p, std::size_t i) {
  if (i == 0) return 0;
  auto k = [&](std::size_t j) { return key(p.checked[j].word->text); };
  std::size_t d = i - 1;
  if (d > 0 && is_prenominal(k(d))) --d;
  const auto det = k(d);
  // « il le cote »: after a subject, « le » and « la » are pronouns.
  if (d > 0 && in(det, {"le", "la"}) && is_subject(k(d - 1))) return 0;  // typography: ok
  if (is_masculine_before(det, k(d + 1))) return 'm';
  return is_feminine_determiner(det) ? 'f' : 0;
}

// Checked word `i` typed without its accent where the spelling typed is
// itself a noun of the other gender than its determiner (« la foret »: foret,
// the drill, is masculine; « au marche »: marche is feminine): the one noun
// spelt with accents that agrees with the determiner (forêt, marché), which
// is the word a table reads; nullopt otherwise.
std::optional<std::string> gendered_variant(const lexicon::Lexicon& lex, const Prepared& p, std::size_t i) {
  const char gender = determiner_gender(p, i);
  if (gender == 0) return std::nullopt;
  const auto want = gender == 'm' ? lexicon::Gender::kMasculine : lexicon::Gender::kFeminine;
  const auto typed = exact(p.checked[i].word->text);
  bool typed_noun = false;
  std::optional<std::string> variant;
  for (const auto& a : lex.analyses(p.checked[i].word->text)) {
    if (!a.common || !(a.pos & lexicon::kNoun)) continue;
    const bool agrees = a.gender == want || a.gender == lexicon::Gender::kEpicene;
    if (exact(a.form) == typed) {
      if (agrees) return std::nullopt;  // the word as typed fits
      typed_noun = true;
    } else if (agrees) {
      if (variant && *variant != a.form) return std::nullopt;  // two candidates: no guess
      variant = std::string(a.form);
    }
  }
  return typed_noun ? variant : std::nullopt;
}

Prepared prepare(const lexicon::Lexicon& lex, std::string_view message, bool echo) {
  Prepared p;
  p.words = split_words(lex, message);
  p.message = message;
  for (std::size_t i = 0; i < p.words.size(); ++i) {
    const auto& w = p.words[i];
    Checked c{&w, {}};
    bool echoed = false;
    if (echo && !w.elided && w.parts.size() >= 2) {
      // "bizarre-arre": the last part echoes the rest.
      std::string base;
      for (std::size_t k = 0; k + 1 < w.parts.size(); ++k) base += (k ? "-" : "") + w.parts[k];
      if (is_echo_of(base, w.parts.back())) {
        echoed = true;
        c.forms.push_back(base);
        for (std::size_t k = 0; k + 1 < w.parts.size() && w.parts.size() > 2; ++k)
          c.forms.push_back(w.parts[k]);
      }
    }
    // An inversion or an imperative: a verb and its pronouns ("sommes-nous",
    // "va-t-il", "porte-le"), when the whole is no dictionary word
    // (rendez-vous) and what is left reads as a verb: that verb alone is
    // checked, as a verb.
    if (c.forms.empty() && !w.elided && w.parts.size() >= 2 && !lex.contains(w.text)) {
      std::size_t n = w.parts.size();
      while (n > 1 && is_hyphen_pronoun(exact(w.parts[n - 1]))) --n;
      if (n == 1 && n < w.parts.size()) {
        bool verb = false;
        for (const auto& a : lex.analyses(w.parts[0])) verb = verb || (a.common && (a.pos & lexicon::kVerb));
        if (verb) {
          c.forms.push_back(w.parts[0]);
          c.inverted = true;
        }
      }
    }
    if (c.forms.empty()) {
      c.forms.push_back(w.text);
      for (const auto& part : w.parts) c.forms.push_back(part);
      if (const auto said = spoken(w.text)) c.forms.push_back(*said);  // "XV": quinze
      // A unit after a number is its word: "2 min" is deux minutes.
      if (i > 0 && !p.words[i - 1].text.empty() && p.words[i - 1].text[0] >= '0' &&
          p.words[i - 1].text[0] <= '9') {
        const auto number = lexicon::read_aloud(p.words[i - 1].text);
        const auto both = lexicon::read_aloud(p.words[i - 1].text + w.text);
        if (number && both && both->size() > number->size() + 1 && both->starts_with(*number)) {
          c.forms.push_back(both->substr(number->size() + 1));
        }
      }
    }
    if (!w.parts.empty() || w.text.find('\'') != std::string::npos ||
        w.text.find("\u2019") != std::string::npos) {
      const auto whole = lex.analyses(w.text);
      c.function_whole = !whole.empty() && std::all_of(whole.begin(), whole.end(), [](const auto& a) {
        return (a.pos & ~(lexicon::kGrammatical | lexicon::kAdverb | lexicon::kOtherPos)) == 0;
      });
    }
    // Adverbs written as « d' » and a noun (« d'abord », « d'ailleurs »,
    // « d'habitude »): the noun is no more heard than in a function-word
    // whole, so it fires the trap it is a form of, not its family (« d'abord »
    // is not the trap bord's aborder).
    if (i > 0 && p.words[i - 1].elided && key(p.words[i - 1].text) == "d'" &&  // typography: ok
        in(key(w.text), {"abord", "ailleurs", "habitude", "emblee", "autant", "avance", "ordinaire"})) {
      c.function_whole = true;
    }
    if (echo && !echoed && !w.elided && i + 1 < p.words.size() && !p.words[i + 1].elided &&
        is_echo_of(c.forms.front(), p.words[i + 1].text)) {
      p.checked.push_back(std::move(c));
      ++i;  // the echo itself is not a new word
      continue;
    }
    if (echo && !echoed && !w.elided && key(c.forms.front()).size() >= 3) p.missing_echo.push_back(&w);
    p.checked.push_back(std::move(c));
  }
  for (std::size_t i = 0; i < p.checked.size(); ++i) {
    p.context.push_back(p.checked[i].word->elided ? lexicon::Reading::kEvery
                        : p.checked[i].inverted   ? lexicon::Reading::kVerb
                                                  : context_of(lex, p, i));
  }
  for (std::size_t i = 0; i < p.checked.size(); ++i) p.checked[i].gendered = gendered_variant(lex, p, i);
  return p;
}

// Where a target (a trap or the secret word) matches in a message.
struct Match {
  std::size_t at = 0;  // index into checked
  std::string text;    // as typed
  Relation relation = Relation::kUnrelated;
};

// The match key of a word with its hyphens, spaces and apostrophes left out
// ("pop-corn", "popcorn" and "pop corn" weld alike).
std::string welded(std::string_view s) {
  std::string out;
  for (const char c : key(s)) {
    if (c != ' ' && c != '-' && c != '\'') out += c;
  }
  return out;
}

// The tokens a sequence is compared on: words split at hyphens as well as
// spaces ("pommes-de-terre" is pommes, de, terre), numbers in digits as their
// words ("21" is vingt, et, un), elided particles left out.
struct Token {
  std::string text;
  std::size_t word = 0;  // index into Prepared::checked (for the matched text)
};

void add_tokens(std::string_view text, std::size_t word, std::vector<Token>& out) {
  for (auto& part : hyphen_parts(text)) {
    if (const auto words = spoken(part)) {
      for (std::size_t i = 0; i < words->size();) {
        const std::size_t j = std::min(words->find_first_of(" -", i), words->size());
        if (j > i) out.push_back({words->substr(i, j - i), word});
        i = j + 1;
      }
      continue;
    }
    out.push_back({std::move(part), word});
  }
}

std::vector<Token> tokens_of(const Prepared& p) {
  std::vector<Token> out;
  for (std::size_t i = 0; i < p.checked.size(); ++i) {
    if (!p.checked[i].word->elided) add_tokens(p.checked[i].word->text, i, out);
  }
  return out;
}

// The verbs of every sentence. Their conjugated forms and participles fire a
// trap that is the verb or spelt as one of its forms (« il vient » against
// « venir », « venue »), not a mere derivative: a table does not hear « il
// vient » in « intervention », « il tient » in « entretien », « il peut » in
// « puissance », « il voit » in « vision », « il fait » in « malfaiteur »,
// « il devient » in « venue ».
bool is_light_verb(std::string_view lemma) {
  return in(lemma, {"être", "avoir", "faire", "aller", "dire", "voir", "pouvoir", "vouloir", "savoir",
                    "devoir", "venir", "devenir", "prendre", "mettre", "tenir", "falloir"});
}

// A light verb with a prefix, of its family (retenir, prévoir, revoir; not
// recevoir nor pleuvoir, which only end like voir): the light verb's family
// is no more heard in its forms than in the light verb's own, only its own
// derivatives, which keep its prefix (« je retiens » fires « retenue » and
// « rétention », not « tenue », « détenir » nor « entretien »; « il prévoit »
// fires « prévision », not « vision »). Returns the prefix's match key.
std::optional<std::string> light_prefix(const lexicon::Lexicon& lex, std::string_view lemma) {
  if (is_light_verb(lemma)) return std::nullopt;
  const auto k = key(lemma);
  for (const std::string_view light : {"faire", "dire", "voir", "venir", "prendre", "mettre", "tenir"}) {
    if (k.size() >= light.size() + 2 && k.ends_with(light) &&
        lex.relate(lemma, light) != Relation::kUnrelated) {
      return k.substr(0, k.size() - light.size());
    }
  }
  return std::nullopt;
}

// A light verb form in a clue (see light_verb_lemmas): the verb, and the
// prefix a trap must start with to be heard in it as a mere derivative
// (empty: none is).
struct LightForm {
  std::string_view lemma;
  std::string prefix;
};

// The light verbs `word` is a conjugated form or participle of, when all its
// verb readings that the sentence allows are of light verbs or yield to them
// (empty otherwise): after être a finite « prise » is no priser, after a
// pronoun « nous allions » is no allier. Prefixed light verbs count, with
// their prefix (light_prefix), and so does `idiom`, a verb the sentence
// shows to be used as a phrase (« n'importe », idiom_verb).
std::vector<LightForm> light_verb_lemmas(const lexicon::Lexicon& lex, std::string_view word,
                                         lexicon::Reading context, std::string_view idiom = {}) {
  constexpr lexicon::MoodSet kNonFiniteMoods =
      lexicon::kInfinitive | lexicon::kPastParticiple | lexicon::kPresentParticiple;
  std::vector<LightForm> out;
  // Readings spelt as typed, when there are any: "devient" is not "dévient".
  const auto analyses = lex.analyses(word);
  const auto typed = exact(word);
  const bool any_exact =
      std::any_of(analyses.begin(), analyses.end(), [&](const auto& a) { return exact(a.form) == typed; });
  auto counts = [&](const lexicon::Analysis& a) {
    if (!a.common || !(a.pos & lexicon::kVerb) || (any_exact && exact(a.form) != typed)) return false;
    // No conjugated verb after a preposition, être or a determiner.
    const bool finite_only = (a.moods & kNonFiniteMoods) == 0;
    return !(finite_only &&
             (context == lexicon::Reading::kNonFinite || context == lexicon::Reading::kNominal));
  };
  // The prefix of a light-like lemma ("" for a light verb or the idiom's),
  // nullopt for another verb.
  auto light = [&](std::string_view lemma) -> std::optional<std::string> {
    if (is_light_verb(lemma) || (!idiom.empty() && lemma == idiom)) return std::string();
    return light_prefix(lex, lemma);
  };
  lexicon::PersonSet persons = 0;
  for (const auto& a : analyses) {
    if (counts(a) && (a.moods & ~kNonFiniteMoods) && light(a.lemma)) persons |= a.persons;
  }
  for (const auto& a : analyses) {
    if (!counts(a)) continue;
    auto prefix = light(a.lemma);
    if (!prefix) {
      // Another verb of the same person yields after a pronoun.
      if (context == lexicon::Reading::kVerb && (a.persons & persons)) continue;
      return {};
    }
    if (a.moods & ~lexicon::kInfinitive) out.push_back({a.lemma, std::move(*prefix)});
  }
  return out;
}

// The stems a light verb's own derivatives start with (match keys), for its
// infinitive: « voir » is heard in vision and voyant, « tenir » in tenue,
// not in entretien; empty for another word.
std::vector<std::string_view> light_infinitive_stems(std::string_view lemma) {
  struct Stems {
    std::string_view lemma;
    std::array<std::string_view, 4> stems;  // empty: none
  };
  // clang-format off
  static constexpr Stems kStems[] = {
      {"être", {"et"}},                        {"avoir", {"av"}},
      {"faire", {"fai", "fais", "fait"}},      {"aller", {"all"}},
      {"dire", {"dir", "dis", "dit"}},         {"voir", {"voi", "voy", "vi", "vu"}},
      {"pouvoir", {"pouv", "puiss"}},          {"vouloir", {"voul", "volont"}},
      {"savoir", {"sav", "sach"}},             {"devoir", {"dev", "du"}},
      {"venir", {"ven", "vien", "vin"}},       {"devenir", {"deven", "devien"}},
      {"prendre", {"pren", "pris"}},           {"mettre", {"met", "mis"}},
      {"tenir", {"ten", "tin"}},               {"falloir", {"fall", "faut"}},
  };
  // clang-format on
  for (const auto& s : kStems) {
    if (s.lemma != lemma) continue;
    std::vector<std::string_view> out;
    for (const auto stem : s.stems) {
      if (!stem.empty()) out.push_back(stem);
    }
    return out;
  }
  return {};
}

// True when the trap (match key `trap`) is heard in a light verb's
// infinitive (`word`, read as `context`): a word of its own stem, after re-
// at most (« pour venir » fires revenir, « pour voir » vision and prévu),
// not one where a prefix made another verb (« devenir » against avenir,
// « pour tenir » against entretien, « dire » against interdiction). True
// too when `word` is no light verb's infinitive.
bool heard_in_infinitive(const lexicon::Lexicon& lex, std::string_view word, lexicon::Reading context,
                         std::string_view trap) {
  if (context == lexicon::Reading::kNominal || context == lexicon::Reading::kFunction) return true;
  std::vector<std::string_view> stems;
  std::string_view verb;
  for (const auto& a : lex.analyses(word)) {
    if (!a.common || !(a.pos & lexicon::kVerb) || !(a.moods & lexicon::kInfinitive)) continue;
    if (exact(a.form) != exact(word)) continue;
    stems = light_infinitive_stems(a.lemma);
    verb = a.lemma;
  }
  if (stems.empty()) return true;
  auto after_prefix = [&](std::string_view prefix) {
    if (!trap.starts_with(prefix)) return false;
    const auto rest = trap.substr(prefix.size());
    return std::any_of(stems.begin(), stems.end(), [&](std::string_view s) { return rest.starts_with(s); });
  };
  return after_prefix("") || after_prefix("re") || after_prefix("r") ||
         (verb == "voir" && after_prefix("pre"));
}

// Verbs used as set phrases, whose forms are then no more than the phrase
// (« n'importe quoi », « peu importe », « qu'importe » are « it matters », not
// importer's « to import » of porter's family; « il s'agit » is not agir's
// « action »; « il vaut mieux » not « valeur »): the lemma of checked word
// `i` when the words around it make one of these phrases, else empty.
std::string_view idiom_verb(const lexicon::Lexicon& lex, const Prepared& p, std::size_t i) {
  auto k = [&](std::size_t j) { return key(p.checked[j].word->text); };
  const auto prev = i > 0 ? k(i - 1) : std::string();
  const auto next = i + 1 < p.checked.size() ? k(i + 1) : std::string();
  struct Phrase {
    std::string_view lemma;
    std::array<std::string_view, 3> before, after;  // empty: none
  };
  // clang-format off
  static constexpr Phrase kPhrases[] = {
      {"importer", {"n'", "peu", "qu'"}, {"peu", "guere"}},  // typography: ok
      {"agir", {"s'"}, {}},  // typography: ok
      {"valoir", {}, {"mieux"}},
      {"ficher", {"en"}, {}},  // « je m'en fiche »: not the index card
  };
  // clang-format on
  auto one_of = [](const std::string& w, const std::array<std::string_view, 3>& set) {
    return !w.empty() && std::find(set.begin(), set.end(), w) != set.end();
  };
  for (const auto& ph : kPhrases) {
    if (!one_of(prev, ph.before) && !one_of(next, ph.after)) continue;
    for (const auto& a : lex.analyses(p.checked[i].word->text)) {
      if ((a.pos & lexicon::kVerb) && a.lemma == ph.lemma) return ph.lemma;
    }
  }
  return {};
}

class Target {
 public:
  // `reading`: how the target word is read (a trap as written on a list, the
  // secret as the deck's noun).
  Target(const lexicon::Lexicon& lex, std::string_view text, lexicon::Reading reading)
      : lex_(lex), reading_(reading) {
    for (const auto& w : split_words(lex, text)) {
      if (!w.elided) add_tokens(w.text, 0, tokens_);
    }
    if (tokens_.size() == 1) {
      single_ = lex.prepare(tokens_.front().text);
      key_ = key(tokens_.front().text);
      for (const auto& a : lex.analyses(tokens_.front().text)) {
        if (is_light_verb(a.lemma) || ((a.pos & lexicon::kVerb) && light_prefix(lex, a.lemma)))
          own_light_.push_back(a.lemma);
      }
    }
  }
  bool empty() const { return tokens_.empty(); }

  // The infinitive of checked word `i` when a reflexive pronoun comes right
  // before it (« se », « s' », « me », « m' », « te », « t' »), all its
  // common verb readings are of one verb and it also reads as a noun or an
  // adjective (the homograph the pronoun rules out); nullopt otherwise,
  // and the word is judged as usual.
  std::optional<std::string> reflexive_verb(const Prepared& p, std::size_t i) const {
    if (i == 0 ||
        !in(key(p.checked[i - 1].word->text), {"se", "s'", "me", "m'", "te", "t'"}))  // typography: ok
      return std::nullopt;
    std::optional<std::string> verb;
    bool nominal = false;
    for (const auto& a : lex_.analyses(p.checked[i].word->text)) {
      if (!a.common) continue;
      if (!(a.pos & lexicon::kVerb)) {
        nominal = nominal || (a.pos & (lexicon::kNoun | lexicon::kAdjective));
        continue;
      }
      if (verb && *verb != a.lemma) return std::nullopt;
      verb = std::string(a.lemma);
    }
    if (!nominal) return std::nullopt;
    return verb;
  }

  // The first match at checked word `i` (nullopt = none): a single-word
  // target against each form of the word; a target of several words (spaces
  // or hyphens) against the same words in sequence, whatever separates them,
  // each an inflection of its counterpart.
  std::optional<Match> match_at(const Prepared& p, std::size_t i, std::string_view message,
                                const std::vector<Token>& tokens) const {
    if (tokens_.size() == 1) {
      if (!single_) return std::nullopt;
      // The whole word first ("arc-en-ciel" is a compound of "ciel"), then
      // its parts.
      auto best = Relation::kUnrelated;
      const auto& parts = p.checked[i].word->parts;
      // « n'importe » is not porter's, « grand-chose » not grandeur's.
      const bool function_whole = p.checked[i].function_whole;
      // After a reflexive pronoun the word is a verb, even a rare one: « la
      // foule se rue » is ruer, not the street. When that verb is no word
      // of the trap's, nothing fires; otherwise the word is judged as usual
      // (light verbs, set phrases: « il se fait tard » is still faire's).
      if (const auto verb = reflexive_verb(p, i)) {
        const auto other = lex_.prepare(*verb);
        if (!other || lex_.relate(*single_, *other, reading_) == Relation::kUnrelated) return std::nullopt;
      }
      for (const auto& form : p.checked[i].forms) {
        // A hyphenated word's parts are judged within the whole (relate
        // splits it, and knows that the porte of porte-clé is a verb).
        const bool whole = &form == &p.checked[i].forms.front();
        if (!whole && std::find(parts.begin(), parts.end(), form) != parts.end() &&
            p.checked[i].forms.front() == p.checked[i].word->text) {
          continue;
        }
        const auto other = lex_.prepare(form);
        if (!other) continue;
        // The sentence's reading applies to the word as typed, not to parts.
        const auto r =
            lex_.relate(*single_, *other, reading_, whole ? p.context[i] : lexicon::Reading::kEvery);
        if (function_whole && r == Relation::kDerivative) continue;
        best = std::min(best, r);
        if (&form == &p.checked[i].forms.front() && best != Relation::kUnrelated) break;
      }
      if (best == Relation::kDerivative) {
        // A light verb's form against a derivative of it: no fire.
        const auto light =
            light_verb_lemmas(lex_, p.checked[i].forms.front(), p.context[i], idiom_verb(lex_, p, i));
        const bool own = std::any_of(light.begin(), light.end(), [&](const LightForm& l) {
          return std::find(own_light_.begin(), own_light_.end(), l.lemma) != own_light_.end() ||
                 (!l.prefix.empty() && key_.starts_with(l.prefix));
        });
        if (!light.empty() && !own) best = Relation::kUnrelated;
        if (!heard_in_infinitive(lex_, p.checked[i].forms.front(), p.context[i], key_))
          best = Relation::kUnrelated;
      }
      if (best == Relation::kUnrelated) {
        if (const auto& variant = p.checked[i].gendered) {
          if (const auto other = lex_.prepare(*variant)) best = lex_.relate(*single_, *other, reading_);
        }
      }
      if (best != Relation::kUnrelated) return Match{i, p.checked[i].word->text, best};
      // Welded or split: "pop corn" for the trap "popcorn", when the two
      // words make a compound the dictionary knows (not "mai son" for maison).
      if (i + 1 < p.checked.size() && !p.checked[i + 1].word->elided &&
          welded(p.checked[i].word->text + p.checked[i + 1].word->text) == welded(tokens_.front().text) &&
          (lex_.contains(p.checked[i].word->text + "-" + p.checked[i + 1].word->text) ||
           lex_.contains(p.checked[i].word->text + " " + p.checked[i + 1].word->text))) {
        const auto* first = p.checked[i].word;
        const auto* last = p.checked[i + 1].word;
        return Match{i, std::string(message.substr(first->begin, last->end - first->begin)),
                     Relation::kInflection};
      }
      return std::nullopt;
    }
    // A trap of several words typed welded: "dingdong" for "ding dong".
    if (!p.checked[i].word->elided) {
      std::string all;
      for (const auto& tw : tokens_) all += tw.text;
      if (welded(p.checked[i].word->text) == welded(all))
        return Match{i, p.checked[i].word->text, Relation::kInflection};
    }
    if (p.checked[i].word->elided) return std::nullopt;
    // Sequences start at the first token of a word.
    auto t = std::find_if(tokens.begin(), tokens.end(), [&](const Token& tk) { return tk.word == i; });
    if (t == tokens.end() || static_cast<std::size_t>(tokens.end() - t) < tokens_.size()) return std::nullopt;
    for (const auto& tw : tokens_) {
      if (key(tw.text) != key(t->text) && lex_.relate(tw.text, t->text) != Relation::kInflection)
        return std::nullopt;
      ++t;
    }
    const auto* first = p.checked[i].word;
    const auto* last = p.checked[(t - 1)->word].word;
    return Match{i, std::string(message.substr(first->begin, last->end - first->begin)),
                 Relation::kInflection};
  }

 private:
  const lexicon::Lexicon& lex_;
  lexicon::Reading reading_;
  std::vector<Token> tokens_;
  std::optional<lexicon::Lexicon::Prepared> single_;
  std::vector<std::string_view> own_light_;  // light verbs (prefixed ones too) the target is a form of
  std::string key_;                          // match key of a single-word target
};

// --- senses: homographs a table tells apart (data/lexicon/senses.tsv) ---------

struct Sense {
  std::string form;  // match key of the trap
  std::string label;
  bool alone = false;                           // `*`: the trap written alone means this
  std::vector<std::string> topics;              // the secret or another trap relates to one
  std::vector<std::string> is;                  // `=W`: match keys
  std::vector<std::string> noun;                // `:W`: match keys, after a determiner
  std::vector<std::string> before;              // `<W`
  std::vector<std::vector<std::string>> after;  // `>W X`: match keys in order
  char gender = 0;                              // 'm' or 'f': the determiner before the word
};

const std::vector<Sense>& senses() {
  static const std::vector<Sense> all = [] {
    std::vector<Sense> out;
    for_each_data_line(content_file(trapwords_senses(), "senses.tsv"), [&](std::string_view line) {
      const auto f = split_fields(line, '\t');
      if (f.size() != 4) throw std::runtime_error("senses.tsv: four fields expected: " + std::string(line));
      Sense s{key(f[0]), std::string(f[1])};
      if (f[2] != "-") {
        for (const auto w : split_fields(f[2], '|')) {
          if (w == "*")
            s.alone = true;
          else
            s.topics.push_back(key(w));
        }
      }
      if (f[3] != "-") {
        for (const auto cue : split_fields(f[3], '|')) {
          if (cue == "m" || cue == "f") {
            s.gender = cue[0];
          } else if (cue.size() > 1 && cue[0] == '=') {
            s.is.push_back(key(cue.substr(1)));
          } else if (cue.size() > 1 && cue[0] == ':') {
            s.noun.push_back(key(cue.substr(1)));
          } else if (cue.size() > 1 && cue[0] == '<') {
            s.before.push_back(key(cue.substr(1)));
          } else if (cue.size() > 1 && cue[0] == '>') {
            // Split as a clue is: "d'or" is « d' » and « or ».
            std::vector<std::string> words;
            std::string cur;
            for (const char c : std::string(cue.substr(1)) + " ") {
              if (c == ' ' || c == '\'') {
                if (c == '\'') cur += c;
                if (!cur.empty()) words.push_back(key(cur));
                cur.clear();
              } else {
                cur += c;
              }
            }
            s.after.push_back(std::move(words));
          } else {
            throw std::runtime_error("senses.tsv: unknown cue: " + std::string(cue));
          }
        }
      }
      out.push_back(std::move(s));
    });
    return out;
  }();
  return all;
}

// « mon », « ton », « son » are masculine only before a consonant (« son
// amie », « mon histoire » are feminine): is_masculine_before().
bool is_masculine_determiner(std::string_view k) {
  return in(k, {"le", "un", "du", "au", "ce", "cet", "notre", "votre"});  // typography: ok
}
bool is_masculine_before(std::string_view det, std::string_view next) {
  if (is_masculine_determiner(det)) return true;
  return in(det, {"mon", "ton", "son"}) && !next.empty() &&
         std::string_view("aeiouyh").find(next.front()) == std::string_view::npos;
}
bool is_feminine_determiner(std::string_view k) {
  return in(k, {"la", "une", "cette", "ma", "ta", "sa"});  // typography: ok
}

// True when the cues of `s` hold for checked word `i` of `p`.
bool clue_cues_hold(const Sense& s, const Prepared& p, std::size_t i) {
  auto k = [&](std::size_t j) { return key(p.checked[j].word->text); };
  const auto word = k(i);
  if (std::find(s.is.begin(), s.is.end(), word) != s.is.end()) return true;
  // The word after a determiner, a pre-nominal adjective between: the noun
  // (« les cours de maths », « un bon cours »).
  if (i > 0 && std::find(s.noun.begin(), s.noun.end(), word) != s.noun.end()) {
    std::size_t d = i - 1;
    if (d > 0 && is_prenominal(k(d))) --d;
    if (is_determiner(k(d))) return true;
  }
  if (i > 0 && std::find(s.before.begin(), s.before.end(), k(i - 1)) != s.before.end()) return true;
  for (const auto& words : s.after) {
    bool all = i + words.size() < p.checked.size();
    for (std::size_t w = 0; all && w < words.size(); ++w) all = k(i + 1 + w) == words[w];
    if (all) return true;
  }
  return s.gender != 0 && determiner_gender(p, i) == s.gender;
}

// The sense (index into senses()) each trap means, from the secret and the
// other traps; -1 when the trap has no senses or its sense is unknown.
std::vector<int> trap_senses(const lexicon::Lexicon& lex, std::string_view secret,
                             std::span<const std::string> traps) {
  std::vector<int> out(traps.size(), -1);
  const auto& all = senses();
  for (std::size_t t = 0; t < traps.size(); ++t) {
    const auto form = key(traps[t]);
    int alone = -1, topic = -1, topics = 0;
    // The words that pick a sense: the secret and the other traps. Only
    // those sharing a topic's first two letters are related with it (speed:
    // the families that matter here keep their first letters).
    auto picks = [&](const std::string& w, std::string_view other) {
      const auto k = key(other);
      return k.compare(0, 2, w, 0, 2) == 0 && lex.relate(w, other) != Relation::kUnrelated;
    };
    for (std::size_t s = 0; s < all.size(); ++s) {
      if (all[s].form != form) continue;
      if (all[s].alone) alone = static_cast<int>(s);
      bool hit = false;
      for (const auto& w : all[s].topics) {
        hit = hit || picks(w, secret);
        for (std::size_t o = 0; !hit && o < traps.size(); ++o) hit = o != t && picks(w, traps[o]);
        if (hit) break;
      }
      if (hit) {
        topic = static_cast<int>(s);
        ++topics;
      }
    }
    out[t] = topics == 1 ? topic : topics == 0 ? alone : -1;
  }
  return out;
}

// True when checked word `i` means another sense of trap sense `sense` than
// the trap does: the cues of exactly one sense of the form hold, and not the
// trap's.
bool other_sense(int sense, const Prepared& p, std::size_t i) {
  if (sense < 0) return false;
  const auto& all = senses();
  int held = -1, count = 0;
  for (std::size_t s = 0; s < all.size(); ++s) {
    if (all[s].form != all[static_cast<std::size_t>(sense)].form || !clue_cues_hold(all[s], p, i)) continue;
    held = static_cast<int>(s);
    ++count;
  }
  return count == 1 && held != sense;
}

// Traps fired in `p`, each once, in order of first match.
std::vector<Fired> fired_traps(const lexicon::Lexicon& lex, std::string_view secret,
                               std::span<const std::string> traps, const Prepared& p,
                               std::string_view message) {
  std::vector<Target> targets;
  targets.reserve(traps.size());
  for (const auto& t : traps) targets.emplace_back(lex, t, lexicon::Reading::kDominant);
  const auto sense = trap_senses(lex, secret, traps);
  const auto tokens = tokens_of(p);
  std::vector<bool> done(traps.size(), false);
  std::vector<Fired> out;
  for (std::size_t i = 0; i < p.checked.size(); ++i) {
    for (std::size_t t = 0; t < traps.size(); ++t) {
      if (done[t] || targets[t].empty()) continue;
      if (auto m = targets[t].match_at(p, i, message, tokens)) {
        if (other_sense(sense[t], p, i)) continue;  // "le tour" against the tower
        done[t] = true;
        out.push_back({traps[t], m->text, m->relation});
      }
    }
  }
  return out;
}

// Under `faible`: the word reads as a noun and not as an article, a personal
// pronoun, a preposition or a conjunction ("un" is also a noun, "dans" the
// plural of "dan": they still fail). Readings spelt exactly as typed win over
// accent-folded ones ("le" is not "lé").
bool noun_only(const lexicon::Lexicon& lex, std::string_view word) {
  const auto analyses = lex.analyses(word);
  const auto typed = exact(word);
  bool any_exact = false;
  for (const auto& a : analyses) any_exact = any_exact || exact(a.form) == typed;
  bool noun = false;
  for (const auto& a : analyses) {
    if (any_exact && exact(a.form) != typed) continue;
    for (std::string_view grammar : {":G:D", ":G:R", ":G:C", ":G:Os", ":G:Oo", ":G:Ov"}) {
      if (a.tag.find(grammar) != std::string_view::npos) return false;
    }
    noun = noun || (a.pos & lexicon::kNoun);
  }
  return noun;
}

// Whether `text`, which the dictionary lacks, is one slip away from a common
// word: a letter, hyphen or apostrophe left out, added or changed, or two
// letters swapped, on its match key. Such a word is taken for a typo, not for
// a name. Only keys of Latin letters are searched (a word of another script
// tells nothing either way), and at most `budget` searches per clue (each is
// up to about 1,700 lookups): beyond, the word is left alone.
bool one_slip_from_a_word(const lexicon::Lexicon& lex, std::string_view text, int& budget) {
  const auto k = lexicon::match_key(text);
  if (!k || k->empty() || k->size() > 32 || budget <= 0) return true;
  if (!std::all_of(k->begin(), k->end(),
                   [](char c) { return (c >= 'a' && c <= 'z') || c == '-' || c == '\''; }))
    return true;
  --budget;
  static constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyz-'";
  const std::string& w = *k;
  std::string c;
  for (std::size_t i = 0; i < w.size(); ++i) {
    c = w;
    c.erase(i, 1);
    if (!c.empty() && lex.contains(c)) return true;
    if (i + 1 < w.size()) {
      c = w;
      std::swap(c[i], c[i + 1]);
      if (lex.contains(c)) return true;
    }
    for (const char x : kLetters) {
      if (x == w[i]) continue;
      c = w;
      c[i] = x;
      if (lex.contains(c)) return true;
    }
  }
  for (std::size_t i = 0; i <= w.size(); ++i) {
    for (const char x : kLetters) {
      c = w;
      c.insert(i, 1, x);
      if (lex.contains(c)) return true;
    }
  }
  return false;
}

// A hyphenated word with a capital after a hyphen: « Blanche-Neige »,
// « Jean-Pierre », « Saint-Tropez ».
bool capital_after_hyphen(const Word& w) {
  return std::any_of(w.parts.begin() + (w.parts.empty() ? 0 : 1), w.parts.end(),
                     [](const std::string& part) { return lexicon::starts_with_capital(part); });
}

// `slip_budget`: how many more sentence-start words may be searched for a
// slip in this clue (see one_slip_from_a_word).
bool is_proper_noun(const lexicon::Lexicon& lex, const Word& w, int& slip_budget) {
  if (w.elided || spoken(w.text)) return false;  // "XV", "24h", "€" are said as words
  const bool common = lex.contains(w.text, lexicon::Accept::kCommon);
  const bool known = lex.contains(w.text, lexicon::Accept::kProper);
  if (known && !common) return true;  // only proper readings ("France", "Gandalf" when known)
  const bool inner_capital = std::any_of(w.text.begin() + (w.text.empty() ? 0 : 1), w.text.end(),
                                         [](char c) { return c >= 'A' && c <= 'Z'; });
  const bool lower = std::any_of(w.text.begin(), w.text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  if (!common && inner_capital && lower) {
    // A common noun the dictionary itself writes with inner capitals, typed
    // so (« Wi-Fi »): a word, outside the word policy only for its capitals.
    // Not acronyms (« CNRS »: no lowercase letter), nor names the dictionary
    // files as nouns (« Afrique », « Canaries »: one capital, the first).
    for (const auto& a : lex.analyses(w.text)) {
      if (!a.proper && a.form == w.text) return false;
    }
  }
  if (!lexicon::starts_with_capital(w.text)) return false;
  // A capital inside a sentence: a name, even when a common word is spelt the
  // same ("la ville de Paris"), or a name the dictionary lacks.
  // Also a common word written as a name: « un Opinel » (the brand), « les
  // Sioux », « les Romains » (peoples take a capital in French).
  if (!w.sentence_start) return true;
  // At a sentence's start the capital is the sentence's (and phones put it
  // there by themselves), so it tells a name only with more: a capital after
  // a hyphen in a word the dictionary does not write so (« Blanche-Neige »,
  // not « Wi-Fi »), or a word the dictionary lacks that no slip of a common
  // word explains (« Heinz, voilà », « Outlook »; « Chein » is chien
  // mistyped). Hyphenated words the dictionary lacks are left alone
  // otherwise: inversions and imperatives (« Est-ce », « Dis-moi »), free
  // compounds (« Ex-mari »).
  if (!w.parts.empty()) return !common && capital_after_hyphen(w);
  return !known && !one_slip_from_a_word(lex, w.text, slip_budget);
}

bool starts_with_s(std::string_view w) {
  const auto k = key(w);
  return !k.empty() && k[0] == 's';
}

}  // namespace

// --- ids --------------------------------------------------------------------

std::string_view to_string(Curse c) {
  return kCurseIds[static_cast<std::size_t>(c)];
}

std::string to_string(const Monster& m) {
  return std::string(kMonsterIds[static_cast<std::size_t>(m.kind)]) + (m.asterisk ? "*" : "");
}

std::optional<Curse> parse_curse(std::string_view id) {
  for (std::size_t i = 0; i < kCurseIds.size(); ++i) {
    if (kCurseIds[i] == id) return static_cast<Curse>(i);
  }
  return std::nullopt;
}

std::optional<Monster> parse_monster(std::string_view id) {
  Monster m;
  if (!id.empty() && id.back() == '*') {
    m.asterisk = true;
    id.remove_suffix(1);
  }
  for (std::size_t i = 0; i < kMonsterIds.size(); ++i) {
    if (kMonsterIds[i] == id) {
      m.kind = static_cast<MonsterKind>(i);
      return m;
    }
  }
  return std::nullopt;
}

bool Constraints::has(Curse c) const {
  return std::find(curses.begin(), curses.end(), c) != curses.end();
}

// --- words ------------------------------------------------------------------

std::vector<Word> split_words(const lexicon::Lexicon& lex, std::string_view message) {
  std::vector<Word> out;
  bool sentence_start = true;
  auto emit = [&](std::size_t begin, std::size_t end) {
    // Trim apostrophes and hyphens at both ends ("-onne", "'chat'").
    auto trim_front = [&] {
      while (begin < end) {
        std::size_t j = begin;
        const auto k = kind_of(next_code_point(message, j));
        if (k != Kind::kApostrophe && k != Kind::kHyphen) return;
        begin = j;
      }
    };
    trim_front();
    while (begin < end) {
      // Step back over one trailing code point if it is an apostrophe or hyphen.
      std::size_t start = end - 1;
      while (start > begin && (static_cast<unsigned char>(message[start]) & 0xC0) == 0x80) --start;
      std::size_t j = start;
      const auto k = kind_of(next_code_point(message, j));
      if (k != Kind::kApostrophe && k != Kind::kHyphen) break;
      end = start;
    }
    if (begin >= end) return;
    const auto token = message.substr(begin, end - begin);
    // Elisions: "l'épée" → "l'" + "épée", unless the whole is a word.
    bool whole = lex.contains(token, lexicon::Accept::kProper);
    std::size_t piece = begin;
    for (std::size_t i = begin; i < end && !whole;) {
      std::size_t len = 0;
      if (is_apostrophe_at(message, i, len) && i > piece && i + len < end) {
        Word w;
        w.text = std::string(message.substr(piece, i + len - piece));
        w.begin = piece;
        w.end = i + len;
        w.elided = true;
        w.sentence_start = sentence_start;
        sentence_start = false;
        out.push_back(std::move(w));
        piece = i + len;
        i += len;
      } else {
        std::size_t j = i;
        next_code_point(message, j);
        i = j;
      }
    }
    Word w;
    w.text = std::string(message.substr(piece, end - piece));
    w.begin = piece;
    w.end = end;
    w.sentence_start = sentence_start;
    sentence_start = false;
    if (auto parts = hyphen_parts(w.text); parts.size() >= 2) w.parts = std::move(parts);
    out.push_back(std::move(w));
  };
  std::size_t start = std::string_view::npos;
  for (std::size_t i = 0; i < message.size();) {
    const auto at = i;
    const auto k = kind_of(next_code_point(message, i));
    const bool in_word = k == Kind::kLetter || k == Kind::kApostrophe || k == Kind::kHyphen;
    if (in_word && start == std::string_view::npos) start = at;
    if (!in_word) {
      if (start != std::string_view::npos) emit(start, at);
      start = std::string_view::npos;
      if (k == Kind::kSentenceEnd) sentence_start = true;
    }
  }
  if (start != std::string_view::npos) emit(start, message.size());
  return out;
}

// --- judging ----------------------------------------------------------------

int Referee::word_budget(const Constraints& c) {
  if (!c.has(MonsterKind::kTroll)) return 0;
  return c.monster->asterisk ? 5 : 10;
}

ClueVerdict Referee::judge_clue(std::string_view secret, std::span<const std::string> traps,
                                std::string_view clue, const Constraints& constraints,
                                std::span<const std::string> history) const {
  ClueVerdict v;
  const bool echo = constraints.has(Curse::kEcho);
  const auto p = prepare(lex_, clue, echo);
  v.fired = fired_traps(lex_, secret, traps, p, clue);

  const Target secret_word(lex_, secret, lexicon::Reading::kNoun);
  const auto tokens = tokens_of(p);
  const int budget = word_budget(constraints);
  // A clue typed in capitals only says nothing about names.
  const bool shouted = std::none_of(clue.begin(), clue.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  int said = 0;
  if (budget > 0) {
    for (const auto& earlier : history) said += static_cast<int>(prepare(lex_, earlier, echo).checked.size());
  }
  // Violations in the order of the message (a word's own in rule order).
  std::vector<std::pair<std::size_t, Violation>> found;
  int slip_budget = kSlipSearchesPerClue;
  auto add = [&](const Word& w, std::string rule, std::string text, std::string reason) {
    found.push_back({w.begin, {std::move(rule), std::move(text), std::move(reason)}});
  };
  for (std::size_t i = 0; i < p.checked.size(); ++i) {
    const auto& w = *p.checked[i].word;
    if (!secret_word.empty()) {
      if (const auto m = secret_word.match_at(p, i, clue, tokens)) {
        add(w, "secret-family", m->text,
            m->relation == Relation::kInflection
                ? guillemets(m->text) + "\u00a0: c’est le mot secret lui-même\u00a0!"
                : guillemets(m->text) + " est de la famille du mot secret.");
      }
    }
    if (!shouted && is_proper_noun(lex_, w, slip_budget)) {
      add(w, "proper-noun", w.text,
          guillemets(w.text) + " est un nom propre\u00a0: pas de noms propres dans les indices.");
    }
    if (constraints.has(Curse::kSerpent) &&
        std::any_of(p.checked[i].forms.begin(), p.checked[i].forms.end(),
                    [](const std::string& f) { return starts_with_s(f); })) {
      add(w, "serpent", w.text, "Serpent fantomatique\u00a0: " + guillemets(w.text) + " commence par un s.");
    }
    if (constraints.has(Curse::kFaible) && !noun_only(lex_, p.checked[i].forms.front())) {
      add(w, "faible", w.text, "Faible d’esprit\u00a0: " + guillemets(w.text) + " n’est pas un nom.");
    }
    if (budget > 0 && ++said == budget + 1) {
      add(w, "troll", w.text,
          "Le troll ne laisse dire que " + std::to_string(budget) + " mots\u00a0: " + guillemets(w.text) +
              " est de trop.");
    }
  }
  for (const auto* w : p.missing_echo) {
    add(*w, "echo", w->text, "Écho\u00a0: " + guillemets(w->text) + " n’est pas suivi de l’écho de sa fin.");
  }
  // Clues are words said aloud: a pictogram is a gesture on a screen.
  for (std::size_t i = 0; i < clue.size();) {
    const auto at = i;
    if (kind_of(next_code_point(clue, i)) != Kind::kPictogram) continue;
    const std::string picto(clue.substr(at, i - at));
    found.push_back({at,
                     {"pictogram", picto,
                      "Les indices se donnent avec des mots\u00a0: " + guillemets(picto) +
                          " n’en est pas un (pas d’émoji ni de symbole)."}});
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& f : found) v.violations.push_back(std::move(f.second));
  return v;
}

GuessVerdict Referee::judge_guess(std::string_view secret, std::string_view guess,
                                  std::span<const std::string> traps, const Constraints& constraints) const {
  GuessVerdict v;
  std::string_view rest = guess;
  if (constraints.has(Curse::kToc)) {
    // The phrase, compared word by word on match keys; the rest is the guess.
    const auto phrase = split_words(lex_, kTocPhrase);
    const auto words = split_words(lex_, guess);
    bool ok = words.size() > phrase.size();
    for (std::size_t i = 0; ok && i < phrase.size(); ++i) ok = key(words[i].text) == key(phrase[i].text);
    if (ok) {
      rest = guess.substr(words[phrase.size()].begin);
    } else {
      v.violations.push_back({"toc", words.empty() ? std::string() : words.front().text,
                              "Trouble obsessionnel-compulsif\u00a0: chaque proposition commence par " +
                                  guillemets(std::string(kTocPhrase) + "…") + "."});
    }
  }
  const auto p = prepare(lex_, rest, false);
  const Target secret_word(lex_, secret, lexicon::Reading::kNoun);
  const auto tokens = tokens_of(p);
  // A guess is the name of the secret: typed without its accents it still
  // names it (« foret » for forêt), but not with other accents (« péché » is
  // not « pêche »). Clues are stricter.
  const auto secret_key = key(secret);
  for (const auto& c : p.checked) {
    for (const auto& f : c.forms) {
      v.correct = v.correct || (key(f) == secret_key && lexicon::accents_agree(f, secret));
    }
  }
  for (std::size_t i = 0; i < p.checked.size() && !v.correct; ++i) {
    if (const auto m = secret_word.match_at(p, i, rest, tokens)) {
      v.correct = m->relation == Relation::kInflection || m->relation == Relation::kCompound;
    }
  }
  if (constraints.has(MonsterKind::kVampire)) v.fired = fired_traps(lex_, secret, traps, p, rest);
  return v;
}

std::optional<std::string> Referee::refuse_trap(std::string_view trap) const {
  const auto words = split_words(lex_, trap);
  if (words.empty()) return "Écris un mot-piège.";
  if (trap.size() > 64) return "Ce mot-piège est bien trop long.";
  const auto k = key(trap);
  static constexpr std::array<std::string_view, 5> kPronounLike = {"un", "chose", "quelque", "quelqu'un",
                                                                   "quelque chose"};
  for (const auto f : kPronounLike) {
    if (k == f || (f.find(' ') == std::string_view::npos && f.find('\'') == std::string_view::npos &&
                   words.size() == 1 && lex_.relate(f, words.front().text) == Relation::kInflection)) {
      return guillemets(words.size() == 1 ? words.front().text : std::string(trap)) +
             " ne peut pas être un mot-piège\u00a0: il sert partout, comme un pronom.";
    }
  }
  // Words that serve in any sentence ("et", "il", "le", "avec"): every
  // reading spelt as typed is grammatical. They cannot be tied to one secret.
  if (words.size() == 1 && !words.front().elided) {
    const auto typed = lexicon::fold_case(words.front().text);
    bool any = false, only_grammatical = true;
    for (const auto& a : lex_.analyses(words.front().text)) {
      if (!a.common || lexicon::fold_case(a.form) != typed) continue;
      any = true;
      only_grammatical =
          only_grammatical && (a.pos & ~static_cast<lexicon::PosSet>(lexicon::kGrammatical)) == 0;
    }
    if (any && only_grammatical) {
      return guillemets(words.front().text) +
             " sert dans toutes les phrases\u00a0: un mot-piège doit tenir au mot secret.";
    }
  }
  return std::nullopt;
}

}  // namespace logomachie::games::trapwords
