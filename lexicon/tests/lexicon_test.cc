#include "lexicon/lexicon.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "lexicon/normalize.h"
#include "test_lexicon.h"

namespace logomachie::lexicon {
namespace {

using testing::french;

bool has(const std::vector<std::string_view>& v, std::string_view x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

TEST(Contains, CommonWordsAccentAndCaseInsensitive) {
  const Lexicon& lex = french();
  EXPECT_TRUE(lex.contains("élève"));
  EXPECT_TRUE(lex.contains("eleve"));
  EXPECT_TRUE(lex.contains("Élève"));
  EXPECT_TRUE(lex.contains("ELEVE"));
  EXPECT_TRUE(lex.contains("chevaux"));
  EXPECT_TRUE(lex.contains("irons"));
  EXPECT_TRUE(lex.contains("oeil"));
  EXPECT_TRUE(lex.contains("aujourd'hui"));
  EXPECT_TRUE(lex.contains("aujourd’hui"));
  EXPECT_TRUE(lex.contains("porte-monnaie"));
  EXPECT_TRUE(lex.contains("  chat \r"));
}

TEST(Contains, WordPolicyExclusions) {
  const Lexicon& lex = french();
  EXPECT_FALSE(lex.contains("France"));  // proper noun (#P)
  EXPECT_TRUE(lex.contains("France", Accept::kProper));
  EXPECT_FALSE(lex.contains("Marseille"));  // place
  EXPECT_TRUE(lex.contains("Marseille", Accept::kProper));
  EXPECT_TRUE(lex.contains("Paris"));  // folded, it is "paris" (bets): a common word
  EXPECT_FALSE(lex.contains("CNRS"));  // acronym tagged :N
  EXPECT_FALSE(lex.contains("cnrs"));
  EXPECT_FALSE(lex.contains("km"));     // unit symbol (;S)
  EXPECT_FALSE(lex.contains("XIV"));    // Roman numeral
  EXPECT_FALSE(lex.contains(","));      // punctuation
  EXPECT_FALSE(lex.contains("anglo"));  // fragment (:Zp)
}

TEST(SpelledAsWritten, MissingAccentsAreFineWrongOnesAreNot) {
  const Lexicon& lex = french();
  EXPECT_TRUE(lex.spelled_as_written("éléphant"));
  EXPECT_TRUE(lex.spelled_as_written("elephant"));  // a keyboard without accents
  EXPECT_TRUE(lex.spelled_as_written("ÉLÉPHANT"));
  EXPECT_TRUE(lex.spelled_as_written("Elephant"));
  EXPECT_FALSE(lex.spelled_as_written("élèphant"));  // a wrong accent
  EXPECT_FALSE(lex.spelled_as_written("éléphânt"));  // an extra one
  EXPECT_TRUE(lex.spelled_as_written("pêcher"));
  EXPECT_TRUE(lex.spelled_as_written("pécher"));
  EXPECT_TRUE(lex.spelled_as_written("pecher"));
  EXPECT_FALSE(lex.spelled_as_written("pècher"));
  EXPECT_TRUE(lex.spelled_as_written("oeil"));  // œ typed as two letters
  EXPECT_TRUE(lex.spelled_as_written("aujourd'hui"));
  EXPECT_TRUE(lex.spelled_as_written("aujourd’hui"));
  EXPECT_FALSE(lex.spelled_as_written("xqzwv"));
  EXPECT_TRUE(lex.spelled_as_written("Gandalf", Accept::kProper) == lex.contains("Gandalf", Accept::kProper));
}

TEST(Contains, BadInputIsNotAWord) {
  const Lexicon& lex = french();
  EXPECT_FALSE(lex.contains(""));
  EXPECT_FALSE(lex.contains("   "));
  EXPECT_FALSE(lex.contains("\xFF\xFE"));
  EXPECT_FALSE(lex.contains(std::string(100 * 1024, 'a')));
  EXPECT_FALSE(
      lex.contains("ch\x01"
                   "at"));
  EXPECT_FALSE(lex.contains("chat猫"));
  EXPECT_FALSE(lex.contains("xqzwv"));
}

TEST(Contains, BatchAgreesWithOneByOne) {
  const Lexicon& lex = french();
  // More words than one batch, mixing hits, misses, folded input and bad input.
  std::vector<std::string> owned = {"élève",
                                    "eleve",
                                    "ELEVE",
                                    "France",
                                    "CNRS",
                                    "km",
                                    "",
                                    "  chat ",
                                    "\xFF",
                                    std::string(5000, 'a'),
                                    "pomme de terre",
                                    "porte-monnaie",
                                    "aujourd’hui",
                                    "xqzwv",
                                    "chevaux",
                                    "Marseille",
                                    "e\xCC\x81le\xCC\x80ve",
                                    "chat\x01"};
  for (const auto w : lex.words_with_prefix("ab", 150)) owned.emplace_back(w);
  for (const auto w : lex.words_with_prefix("zy", 20)) owned.push_back(std::string(w) + "q");
  std::vector<std::string_view> words(owned.begin(), owned.end());
  for (const Accept accept : {Accept::kCommon, Accept::kProper}) {
    std::vector<uint8_t> out(words.size(), 7);
    lex.contains_batch(words, out, accept);
    for (std::size_t i = 0; i < words.size(); ++i) {
      EXPECT_EQ(out[i] != 0, lex.contains(words[i], accept)) << "word #" << i << " " << owned[i];
      EXPECT_LE(out[i], 1);
    }
  }
}

TEST(Analyses, NounPluralHasLemmaGenderNumber) {
  const auto as = french().analyses("chevaux");
  ASSERT_FALSE(as.empty());
  const auto it = std::find_if(as.begin(), as.end(), [](const Analysis& a) { return a.lemma == "cheval"; });
  ASSERT_NE(it, as.end());
  EXPECT_TRUE(it->pos & kNoun);
  EXPECT_EQ(it->gender, Gender::kMasculine);
  EXPECT_EQ(it->number, Number::kPlural);
  EXPECT_TRUE(it->common);
}

TEST(Analyses, VerbFormHasMoodAndPerson) {
  const auto as = french().analyses("irons");
  const auto it = std::find_if(as.begin(), as.end(), [](const Analysis& a) { return a.lemma == "aller"; });
  ASSERT_NE(it, as.end());
  EXPECT_TRUE(it->pos & kVerb);
  EXPECT_TRUE(it->moods & kIndicativeFuture);
  EXPECT_TRUE(it->persons & k1p);
}

TEST(Analyses, AmbiguousFormHasEveryReading) {
  const auto as = french().analyses("eleve");  // élève (noun), élève/élevé (élever)
  std::vector<std::string_view> lemmas;
  for (const auto& a : as) lemmas.push_back(a.lemma);
  EXPECT_TRUE(has(lemmas, "élève"));
  EXPECT_TRUE(has(lemmas, "élever"));
}

TEST(Analyses, ProperNounsAreFlagged) {
  const auto as = french().analyses("France");
  ASSERT_FALSE(as.empty());
  EXPECT_TRUE(as[0].proper);
  EXPECT_FALSE(as[0].common);
}

TEST(FormsOf, ListsInflections) {
  const auto forms = french().forms_of("cheval");
  EXPECT_TRUE(has(forms, "cheval"));
  EXPECT_TRUE(has(forms, "chevaux"));
  const auto verb = french().forms_of("aller");
  EXPECT_TRUE(has(verb, "irons"));
  EXPECT_TRUE(has(verb, "vais"));
  EXPECT_TRUE(french().forms_of("chevaux").empty());  // a form, not a lemma
}

TEST(FrequencyRank, CommonWordsRankHigh) {
  const auto de = french().frequency_rank("de");
  const auto maison = french().frequency_rank("maison");
  ASSERT_TRUE(de && maison);
  EXPECT_LT(*de, 10u);
  EXPECT_LT(*de, *maison);
  EXPECT_FALSE(french().frequency_rank("xqzwv"));
}

TEST(Synonyms, ForwardAndReverse) {
  const auto senses = french().synonyms("abaca");
  ASSERT_FALSE(senses.empty());
  EXPECT_TRUE(has(senses[0].words, "jute"));
  EXPECT_TRUE(has(french().listed_by("jute"), "abaca"));
}

// Our own associations (data/lexicon/associations.tsv) fill the thesaurus's
// gaps for the bots, in sections of their own: the thesaurus is untouched.
TEST(Associations, ForwardAndReverseBesideTheThesaurus) {
  const Lexicon& lex = french();
  EXPECT_TRUE(lex.synonyms("lune").empty());
  const auto lune = lex.associations("Lune");
  ASSERT_GE(lune.size(), 8u);
  EXPECT_EQ(lune.front(), "croissant");
  EXPECT_TRUE(has(lune, "astronaute"));
  EXPECT_TRUE(has(lex.association_heads("astronaute"), "lune"));
  EXPECT_TRUE(has(lex.association_heads("croissant"), "lune"));
  EXPECT_FALSE(has(lex.listed_by("croissant"), "lune"));
  EXPECT_TRUE(lex.associations("xqzwv").empty());
  EXPECT_TRUE(lex.association_heads("xqzwv").empty());
  EXPECT_TRUE(lex.associations("\xff").empty());
}

// Every line of the file: a headword given once, 8 to 15 words a player can
// say (one common word, letters), none twice, none the headword nor of its
// family — and the compiled lexicon holds them as written, in order.
TEST(Associations, EveryListIsWellFormedKnownAndOutsideItsHeadwordsFamily) {
  const Lexicon& lex = french();
  std::ifstream in(LOGO_ASSOCIATIONS_TSV);
  ASSERT_TRUE(in) << LOGO_ASSOCIATIONS_TSV;
  std::string line;
  std::vector<std::string> heads;  // match keys
  std::size_t line_no = 0, lines = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    ++lines;
    const auto at = "line " + std::to_string(line_no) + ": ";
    const auto tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << at << line;
    const std::string head = line.substr(0, tab);
    ASSERT_EQ(line.find('\t', tab + 1), std::string::npos) << at << "one tab";
    const auto head_key = match_key(head);
    ASSERT_TRUE(head_key && !head_key->empty()) << at << head;
    EXPECT_EQ(std::count(heads.begin(), heads.end(), *head_key), 0) << at << head << " given twice";
    heads.push_back(*head_key);
    EXPECT_EQ(to_display(head), head) << at << "NFC, trimmed";
    std::vector<std::string> words;
    for (std::size_t b = tab + 1;;) {
      const auto e = line.find('|', b);
      words.push_back(line.substr(b, e == std::string::npos ? std::string::npos : e - b));
      if (e == std::string::npos) break;
      b = e + 1;
    }
    EXPECT_GE(words.size(), 8u) << at << head;
    EXPECT_LE(words.size(), 15u) << at << head;
    std::vector<std::string> keys{*head_key};
    for (const auto& w : words) {
      EXPECT_EQ(to_display(w), w) << at << "« " << w << " »: NFC, trimmed";
      EXPECT_TRUE(w.size() >= 3 && w.find_first_of(" '’") == std::string::npos)
          << at << "« " << w << " » is one word a bot can say";
      EXPECT_TRUE(lex.contains(w)) << at << "« " << w << " » is not a common word of the lexicon";
      const auto k = match_key(w).value_or("");
      EXPECT_EQ(std::count(keys.begin(), keys.end(), k), 0)
          << at << "« " << w << " » is the headword or twice";
      keys.push_back(k);
      EXPECT_EQ(lex.relate(head, w), Relation::kUnrelated)
          << at << "« " << w << " » is of the family of « " << head << " »";
      EXPECT_TRUE(has(lex.association_heads(w), head)) << at << w;
    }
    const auto compiled = lex.associations(head);
    EXPECT_EQ(std::vector<std::string>(compiled.begin(), compiled.end()), words) << at << head;
  }
  EXPECT_GE(lines, 200u);
}

TEST(Search, WordsWithPrefix) {
  const auto words = french().words_with_prefix("chev", 1000);
  EXPECT_TRUE(has(words, "cheval"));
  EXPECT_TRUE(has(words, "chevaux"));
  for (const auto w : words) EXPECT_EQ(match_key(w)->substr(0, 4), "chev");
  EXPECT_EQ(french().words_with_prefix("chev", 3).size(), 3u);
}

TEST(Search, ForEachFormWithLetterPredicate) {
  // Words written with letters from "chien" only, at least 5 long.
  std::vector<std::string_view> found;
  french().for_each_form(
      [](std::string_view key) {
        return key.size() >= 5 && key.find_first_not_of("chien") == std::string_view::npos;
      },
      [&](std::string_view form) { found.push_back(form); });
  EXPECT_TRUE(has(found, "chien"));
  EXPECT_TRUE(has(found, "niche"));
  for (const auto f : found)
    EXPECT_FALSE(f.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") != std::string_view::npos);
}

TEST(Relate, SpecificationExamples) {
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("cheval", "chevaux"), Relation::kInflection);
  EXPECT_EQ(lex.relate("aller", "irons"), Relation::kInflection);
  EXPECT_EQ(lex.relate("œil", "yeux"), Relation::kInflection);
  EXPECT_EQ(lex.relate("cheval", "cheval-vapeur"), Relation::kCompound);
  EXPECT_EQ(lex.relate("pomme", "pomme de terre"), Relation::kCompound);
  EXPECT_EQ(lex.relate("science", "scientifique"), Relation::kDerivative);
  EXPECT_EQ(lex.relate("protéger", "protection"), Relation::kDerivative);
  EXPECT_EQ(lex.relate("cheval", "chevalier"), Relation::kDerivative);
  EXPECT_EQ(lex.relate("cheval-vapeur", "cheval"), Relation::kDerivative);
  // A solid compound holds its parts as a hyphenated one does.
  EXPECT_EQ(lex.relate("feuille", "portefeuille"), Relation::kCompound);
  EXPECT_EQ(lex.relate("pluie", "parapluie"), Relation::kCompound);
  EXPECT_EQ(lex.relate("portefeuille", "feuille"), Relation::kDerivative);
  // …read as meant inside it: the porte of portefeuille is the noun, not porter.
  EXPECT_EQ(lex.relate("portefeuille", "porter", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("chat", "château"), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("mer", "merci"), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("lion", "million"), Relation::kUnrelated);
}

TEST(Relate, SymmetricForInflectionAndDerivative) {
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("chevaux", "cheval"), Relation::kInflection);
  EXPECT_EQ(lex.relate("yeux", "œil"), Relation::kInflection);
  EXPECT_EQ(lex.relate("scientifique", "science"), Relation::kDerivative);
  EXPECT_EQ(lex.relate("protection", "protéger"), Relation::kDerivative);
  // Read every way, a word typed in lower case keeps its proper readings
  // (the fuzzer's « av » / « kv »: a proper reading on one side only).
  EXPECT_EQ(lex.relate("av", "kv"), lex.relate("kv", "av"));
  EXPECT_EQ(lex.relate("chine", "chinois"), lex.relate("chinois", "chine"));
}

TEST(Relate, AmbiguousWordTakesClosestRelation) {
  // "suis" is a form of être and of suivre, both frequent: either relation counts.
  EXPECT_EQ(french().relate("être", "suis"), Relation::kInflection);
  EXPECT_EQ(french().relate("suivre", "suis"), Relation::kInflection);
  EXPECT_EQ(french().relate("pomme", "pommes"), Relation::kInflection);
}

TEST(Relate, RareReadingsYieldToFrequentOnes) {
  // "vente" is also a form of the rare verb venter (to blow), which venter's
  // family would tie to "vent": nobody reads it so when the noun exists.
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("vent", "vente"), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("vente", "vent"), Relation::kUnrelated);
  // Said against the rare word itself, its forms are still its forms.
  EXPECT_EQ(lex.relate("venter", "vente"), Relation::kInflection);
  EXPECT_EQ(lex.relate("pommer", "pomme"), Relation::kInflection);
}

TEST(Relate, BaseReadAsAFrenchSpeakerReadsIt) {
  const Lexicon& lex = french();
  // Every reading: "été" is also être's participle, "aura" avoir's future.
  EXPECT_EQ(lex.relate("été", "est"), Relation::kInflection);
  // Dominant: a noun wins over conjugated forms of a verb.
  EXPECT_EQ(lex.relate("été", "est", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("bois", "boit", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("bus", "boit", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("aura", "a", Reading::kNoun), Relation::kUnrelated);
  // …but an infinitive keeps its forms, and a noun its own family.
  EXPECT_EQ(lex.relate("être", "été", Reading::kDominant), Relation::kInflection);
  EXPECT_EQ(lex.relate("boire", "bois", Reading::kDominant), Relation::kInflection);
  EXPECT_EQ(lex.relate("marche", "marcher", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("été", "étés", Reading::kNoun), Relation::kInflection);
  // A word with no noun reading is read every way even when told it is a noun.
  EXPECT_EQ(lex.relate("mangeait", "manger", Reading::kNoun), Relation::kInflection);
}

TEST(Relate, TheSentencesReadingOfTheOtherWord) {
  const Lexicon& lex = french();
  // After a determiner: a noun of its own wins over a participle used as an
  // adjective ("le bus" is not boire's).
  EXPECT_EQ(lex.relate("boire", "bus", Reading::kDominant, Reading::kNominal), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("boire", "bus", Reading::kDominant), Relation::kInflection);
  // After a preposition or être: no conjugated verb, but infinitives and
  // participles stay ("de bois", "de boire", "en buvant", "est content").
  EXPECT_EQ(lex.relate("boire", "bois", Reading::kDominant, Reading::kNonFinite), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("boire", "boire", Reading::kDominant, Reading::kNonFinite), Relation::kInflection);
  EXPECT_EQ(lex.relate("boire", "buvant", Reading::kDominant, Reading::kNonFinite), Relation::kInflection);
  EXPECT_EQ(lex.relate("conter", "content", Reading::kDominant, Reading::kNonFinite), Relation::kUnrelated);
  // In a sentence the simple past yields ("je vis" is vivre's), and a
  // present participle yields to an adverb ("maintenant").
  EXPECT_EQ(lex.relate("voir", "vis", Reading::kDominant, Reading::kVerb), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("vivre", "vis", Reading::kDominant, Reading::kVerb), Relation::kInflection);
  EXPECT_EQ(lex.relate("maintenir", "maintenant", Reading::kDominant, Reading::kFunction),
            Relation::kUnrelated);
  // After a pronoun, a verb of every sentence wins over another verb of the
  // same person ("nous allions" is aller), not over other moods ("je mise").
  EXPECT_EQ(lex.relate("alliance", "allions", Reading::kDominant, Reading::kVerb), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("faillir", "faut", Reading::kDominant, Reading::kVerb), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("miser", "mise", Reading::kDominant, Reading::kVerb), Relation::kInflection);
  // Out of a sentence they are still the verb's forms.
  EXPECT_EQ(lex.relate("voir", "vis", Reading::kDominant), Relation::kInflection);
}

TEST(Relate, APrepositionHeadOfASolidCompoundIsThatPreposition) {
  const Lexicon& lex = french();
  // The "sur" of surprise is the preposition as spelt, not "sûr"; the
  // "entre" of entretien is not entrer's; said as a preposition in a
  // sentence, it is not the compound's part.
  EXPECT_EQ(lex.relate("surprise", "sûr", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("entretien", "entre", Reading::kDominant, Reading::kVerb), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("entrer", "entretien", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("contrepoids", "contre", Reading::kDominant, Reading::kFunction),
            Relation::kUnrelated);
  // Content parts still count (documented: parapluie holds pluie).
  EXPECT_EQ(lex.relate("parapluie", "pluie", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("pluie", "parapluie", Reading::kDominant), Relation::kCompound);
  // Look-alike compounds blocked in not-related.tsv (form audit).
  EXPECT_EQ(lex.relate("site", "parasite", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("face", "surface", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("tirelire", "lire", Reading::kDominant), Relation::kUnrelated);
}

TEST(Relate, ACBeforeErIsSpeltQu) {
  // derivation-rules.tsv: bivouac, bivouaquer; the look-alikes it would
  // link are blocked (not-related.tsv: marc is no mark, trac no tracking).
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("bivouac", "bivouaquer", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("troc", "troquer", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("marc", "marquer", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("trac", "traquer", Reading::kDominant), Relation::kUnrelated);
}

TEST(Relate, AdverbsInMentOfAdjectivesInE) {
  // families.cc: the base of a rule with nothing to add back may end in an
  // é that the light key keeps (spontané, forcé the participle used as an
  // adjective) while the derived word's folds it; tried only when the
  // plain base is no word, so the feminine wins (secrètement is secrète's).
  EXPECT_EQ(french().relate("spontané", "spontanément", Reading::kDominant), Relation::kDerivative);
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("forcer", "forcément", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("obstiner", "obstinément", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("résoudre", "résolument", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("secret", "secrètement", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("sécréter", "secrètement", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("intimer", "intimement", Reading::kDominant), Relation::kUnrelated);
  // Only an é that was written: décolleté is not décollé + té.
  EXPECT_EQ(lex.relate("décoller", "décolleté", Reading::kDominant), Relation::kUnrelated);
}

TEST(Relate, LearnedSiblingsOfARareBaseAreOneFamily) {
  // families.cc: narrer is rare, so neither of its links may bridge two
  // families of attested words; two learned derivatives of it still meet.
  // Short suffixes do not (mouche and mouchoir through moucher).
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("narrateur", "narration", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("exportateur", "exportation", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("propulseur", "propulsion", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("mouche", "mouchoir", Reading::kDominant), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("potable", "potage", Reading::kDominant), Relation::kUnrelated);
}

TEST(Relate, VerbsInIserOfAdjectivesInIque) {
  // derivation-rules.tsv: numériser is numérique's, politiser politique's;
  // the look-alikes it would link are blocked (attiser is no attique).
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("numérique", "numériser", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("politique", "politiser", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("attique", "attiser", Reading::kDominant), Relation::kUnrelated);
}

TEST(Relate, LearnedCompoundsAndAdjectivesInAtoire) {
  // derivation-rules.tsv: -logue, -logiste, -graphe, -nome, -crate, -pathe,
  // -mane, -phile, -phobe and -scope against their -ie, and through it the
  // adjective in -ique; the clipping spéléo with them.
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("sociologie", "sociologue", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("géologue", "géologique", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("biologie", "biologiste", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("astronomie", "astronome", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("démocratie", "démocrate", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("claustrophobe", "claustrophobie", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("spéléologue", "spéléo", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("logique", "logue", Reading::kDominant), Relation::kUnrelated);
  // And adjectives in -atoire of nouns in -ation (incantatoire, migratoire),
  // but for the music school (conservatoire), as the reviewed audit judged.
  EXPECT_EQ(lex.relate("incantation", "incantatoire", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("migration", "migratoire", Reading::kDominant), Relation::kDerivative);
  EXPECT_EQ(lex.relate("conservation", "conservatoire", Reading::kDominant), Relation::kUnrelated);
}

TEST(Relate, NumbersInDigitsAreTheirWords) {
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("sept", "7"), Relation::kInflection);
  EXPECT_EQ(lex.relate("7", "sept"), Relation::kInflection);
  EXPECT_EQ(lex.relate("vingt et un", "21"), Relation::kInflection);
  EXPECT_EQ(lex.relate("septième", "7e"), Relation::kInflection);
  EXPECT_EQ(lex.relate("premier", "1er"), Relation::kInflection);
  EXPECT_EQ(lex.relate("sept", "8"), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("cent", "007"), Relation::kUnrelated);
}

TEST(Relate, CompoundsWhateverTheSeparator) {
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("pomme de terre", "pommes-de-terre"), Relation::kInflection);
  EXPECT_EQ(lex.relate("arc-en-ciel", "arc en ciel"), Relation::kInflection);
}

TEST(Relate, UnknownWordsJudgedFromForm) {
  const Lexicon& lex = french();
  EXPECT_EQ(lex.relate("zorglub", "Zorglub"), Relation::kInflection);
  EXPECT_EQ(lex.relate("zorglub", "zorglubs"), Relation::kInflection);
  EXPECT_EQ(lex.relate("zorglub", "blorf"), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("Élève", "eleve"), Relation::kInflection);
  EXPECT_EQ(lex.relate("", "chat"), Relation::kUnrelated);
  EXPECT_EQ(lex.relate("chat", "\xFF"), Relation::kUnrelated);
}

TEST(Open, MissingFileIsNotFound) {
  try {
    (void)Lexicon::open("/nonexistent/fr.lex");
    FAIL() << "expected LexiconError";
  } catch (const LexiconError& e) {
    EXPECT_EQ(e.code(), LexiconError::Code::kNotFound);
  }
}

TEST(Open, GarbageAndTruncatedFilesAreBadFormat) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto garbage = dir / "logomachie-garbage.lex";
  { std::ofstream(garbage) << std::string(4096, 'x'); }
  EXPECT_THROW((void)Lexicon::open(garbage), LexiconError);
  const auto truncated = dir / "logomachie-truncated.lex";
  std::filesystem::copy_file(LOGO_LEXICON_FILE, truncated, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(truncated, std::filesystem::file_size(truncated) / 2);
  try {
    (void)Lexicon::open(truncated);
    FAIL() << "expected LexiconError";
  } catch (const LexiconError& e) {
    EXPECT_EQ(e.code(), LexiconError::Code::kBadFormat);
  }
  std::filesystem::remove(garbage);
  std::filesystem::remove(truncated);
}

}  // namespace
}  // namespace logomachie::lexicon
