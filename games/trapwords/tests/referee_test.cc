// The TrapWords referee (typed mode): traps, the secret word's family, proper
// nouns, each curse and monster it can judge from the text, guesses.
#include "games/trapwords/referee.h"

#include <gtest/gtest.h>

#include <set>

#include "games/core/content.h"
#include "games/core/tests/test_support.h"

namespace logomachie::games {
std::span<const ContentFile> trapwords_content();  // generated from data/trapwords/
}

namespace logomachie::games::trapwords {
namespace {

const Referee& referee() {
  static const Referee r(testing::lexicon());
  return r;
}

Constraints with(std::vector<Curse> curses, std::optional<std::string_view> monster = std::nullopt) {
  Constraints c;
  c.curses = std::move(curses);
  if (monster) c.monster = parse_monster(*monster);
  return c;
}

ClueVerdict clue(std::string_view secret, std::vector<std::string> traps, std::string_view text,
                 const Constraints& c = {}, std::vector<std::string> history = {}) {
  return referee().judge_clue(secret, traps, text, c, history);
}

std::vector<std::string> rules(const ClueVerdict& v) {
  std::vector<std::string> out;
  for (const auto& x : v.violations) out.push_back(x.rule + ":" + x.word);
  return out;
}

std::vector<std::string> fired(const std::vector<Fired>& f) {
  std::vector<std::string> out;
  for (const auto& x : f)
    out.push_back(x.trap + ":" + x.word + ":" + std::string(lexicon::to_string(x.relation)));
  return out;
}

TEST(TrapWordsReferee, TheIssueExampleFiresGalopOnGalope) {
  const auto v = clue("cheval", {"galop", "selle"}, "il galope dans le pré", with({Curse::kSerpent}));
  EXPECT_EQ(fired(v.fired), (std::vector<std::string>{"galop:galope:derivative"}));
  EXPECT_TRUE(v.violations.empty());
  EXPECT_FALSE(v.ok());
  EXPECT_TRUE(clue("cheval", {"galop", "selle"}, "un animal de ferme").ok());
}

TEST(TrapWordsReferee, DerivativesInflectionsAndCompoundsAllFireEachTrapOnceInOrder) {
  // science/scientifique: the rulebook's own example of a derivative.
  auto v =
      clue("physique", {"laboratoire", "science"}, "Travail de scientifique, en sciences, au laboratoire.");
  EXPECT_EQ(fired(v.fired), (std::vector<std::string>{"science:scientifique:derivative",
                                                      "laboratoire:laboratoire:inflection"}));
  v = clue("pluie", {"ciel", "nuages"}, "un arc-en-ciel sous le nuage");
  EXPECT_EQ(fired(v.fired),
            (std::vector<std::string>{"ciel:arc-en-ciel:compound", "nuages:nuage:inflection"}));
  // Look-alikes do not fire.
  EXPECT_TRUE(clue("souris", {"chat"}, "un château").fired.empty());
}

TEST(TrapWordsReferee, ElisionsAreSeparatedAndMultiWordTrapsFireOnTheSequence) {
  auto v = clue("dragon", {"épée", "pomme de terre"}, "l'épée du chevalier, des pommes de terre");
  EXPECT_EQ(fired(v.fired),
            (std::vector<std::string>{"épée:épée:inflection", "pomme de terre:pommes de terre:inflection"}));
  // The words of a multi-word trap apart do not fire it.
  EXPECT_TRUE(clue("dragon", {"pomme de terre"}, "une pomme sur la terre").fired.empty());
  // A word the dictionary knows with its apostrophe stays whole.
  const auto words = split_words(testing::lexicon(), "Aujourd’hui l’arc-en-ciel !");
  ASSERT_EQ(words.size(), 3u);
  EXPECT_EQ(words[0].text, "Aujourd’hui");
  EXPECT_TRUE(words[1].elided);
  EXPECT_EQ(words[2].parts, (std::vector<std::string>{"arc", "en", "ciel"}));
}

TEST(TrapWordsReferee, TrapsAndSecretsAreReadAsAFrenchTableReadsThem) {
  // A trap on a list is read by its dominant reading: "été" the season, "bois"
  // wood, "bus" the vehicle; verbs said in a clue do not fire them.
  EXPECT_TRUE(clue("soleil", {"été", "plage"}, "il est chaud et il était jaune").ok());
  EXPECT_TRUE(clue("cheminée", {"bois", "feu"}, "on y boit un chocolat").ok());
  EXPECT_TRUE(clue("ville", {"bus", "métro"}, "on boit un café en terrasse").ok());
  // A trap that is the verb still fires on its forms.
  EXPECT_EQ(fired(clue("soif", {"boire"}, "il boit de l'eau").fired),
            (std::vector<std::string>{"boire:boit:inflection"}));
  // Deck words are nouns: the secret "aura" does not forbid "a" (avoir).
  EXPECT_TRUE(clue("aura", {}, "il a une lueur autour de lui").ok());
  EXPECT_EQ(rules(clue("aura", {}, "des auras")), (std::vector<std::string>{"secret-family:auras"}));
}

TEST(TrapWordsReferee, LookAlikesOfATrapDoNotFire) {
  EXPECT_TRUE(clue("magasin", {"vent"}, "une vente").ok());
  EXPECT_TRUE(clue("sommeil", {"ver"}, "rêver la nuit, vérifier le réveil").ok());
  EXPECT_TRUE(clue("bateau", {"port"}, "important").ok());
  EXPECT_TRUE(clue("montagne", {"devin"}, "un ravin").ok());
}

TEST(TrapWordsReferee, AnAccentLeftOutIsReadByTheDeterminersGender) {
  // Typed without its accent, a noun that is another noun of the other
  // gender is the one its determiner agrees with.
  EXPECT_EQ(fired(clue("campement", {"forêt"}, "au milieu de la foret").fired),
            (std::vector<std::string>{"forêt:foret:inflection"}));
  EXPECT_EQ(fired(clue("étal", {"marché"}, "on va au marche le samedi").fired),
            (std::vector<std::string>{"marché:marche:inflection"}));
  EXPECT_TRUE(clue("outil", {"forêt"}, "le foret de la perceuse").ok());
  EXPECT_TRUE(clue("randonnée", {"marché"}, "la marche à pied").ok());
  EXPECT_TRUE(clue("action", {"côté"}, "il le cote en bourse").ok());  // a pronoun, not an article
}

TEST(TrapWordsReferee, NumbersInDigitsAndAnySeparatorFireTheTrap) {
  EXPECT_EQ(fired(clue("nain", {"sept"}, "ils sont 7").fired),
            (std::vector<std::string>{"sept:7:inflection"}));
  EXPECT_EQ(fired(clue("podium", {"premier"}, "le 1er arrivé").fired),
            (std::vector<std::string>{"premier:1er:inflection"}));
  EXPECT_EQ(fired(clue("blackjack", {"vingt et un"}, "faire 21").fired),
            (std::vector<std::string>{"vingt et un:21:inflection"}));
  EXPECT_TRUE(clue("nain", {"sept"}, "ils sont 8").ok());
  // A score or a range: each of its numbers is said.
  EXPECT_EQ(fired(clue("défaite", {"zéro"}, "un 3-0 à domicile").fired),
            (std::vector<std::string>{"zéro:3-0:compound"}));
  EXPECT_TRUE(clue("défaite", {"zéro"}, "un 3-1 à domicile").ok());
  EXPECT_EQ(fired(clue("frite", {"pomme de terre"}, "des pommes-de-terre").fired),
            (std::vector<std::string>{"pomme de terre:pommes-de-terre:inflection"}));
  EXPECT_EQ(fired(clue("frite", {"pomme-de-terre"}, "une pomme de terre").fired),
            (std::vector<std::string>{"pomme-de-terre:pomme de terre:inflection"}));
  EXPECT_EQ(fired(clue("pluie", {"arc-en-ciel"}, "des arcs en ciel").fired),
            (std::vector<std::string>{"arc-en-ciel:arcs en ciel:inflection"}));
}

TEST(TrapWordsReferee, EverydayClippingsAreTheirLongWord) {
  // Clippings are spoken words (not the rulebook's forbidden abbreviations),
  // and the same word as the long one: they fire it, and it fires on them.
  EXPECT_EQ(fired(clue("clavier", {"ordinateur"}, "on tape sur son ordi").fired),
            (std::vector<std::string>{"ordinateur:ordi:inflection"}));
  EXPECT_EQ(fired(clue("canapé", {"télé"}, "devant la télévision").fired),
            (std::vector<std::string>{"télé:télévision:inflection"}));
  EXPECT_EQ(fired(clue("gâteau", {"anniversaire"}, "pour ton anniv").fired),
            (std::vector<std::string>{"anniversaire:anniv:inflection"}));
  EXPECT_EQ(fired(clue("été", {"ventilateur"}, "on allume le ventilo").fired),
            (std::vector<std::string>{"ventilateur:ventilo:inflection"}));
  EXPECT_EQ(fired(clue("hôpital", {"trottinette"}, "il est tombé de sa trott").fired),
            (std::vector<std::string>{"trottinette:trott:inflection"}));
  EXPECT_TRUE(clue("clavier", {"ordinateur"}, "un téléphone").ok());
}

TEST(TrapWordsReferee, TheSentenceTellsHowASameSpelledWordReads) {
  // After a subject or object pronoun, « ne » or avoir: a verb, not the noun trap.
  EXPECT_TRUE(clue("forêt", {"bois"}, "je bois l'eau du ruisseau").ok());
  EXPECT_TRUE(clue("clé", {"porte"}, "on la porte autour du cou").ok());
  EXPECT_TRUE(clue("vacances", {"été"}, "on a été à la montagne").ok());
  EXPECT_TRUE(clue("tong", {"été"}, "ça a toujours été ma préférée").ok());
  EXPECT_TRUE(clue("grimoire", {"sort"}, "il ne sort jamais").ok());
  // A preposition or conjunction where no determiner calls for a noun.
  EXPECT_TRUE(clue("barde", {"vers"}, "il se tourne vers le public").ok());
  EXPECT_TRUE(clue("bus", {"car"}, "je le prends car il pleut").ok());
  // After a determiner it is the noun again, and fires.
  EXPECT_EQ(fired(clue("forêt", {"bois"}, "un feu de bois").fired),
            (std::vector<std::string>{"bois:bois:inflection"}));
  EXPECT_EQ(fired(clue("barde", {"vers"}, "il écrit des vers").fired),
            (std::vector<std::string>{"vers:vers:inflection"}));
  // A trap that is the verb fires on the verb.
  EXPECT_EQ(fired(clue("soif", {"boire"}, "je bois").fired),
            (std::vector<std::string>{"boire:bois:inflection"}));
  // The verb of a verb–noun compound is not the noun: porte-clé is no door.
  EXPECT_TRUE(clue("clé", {"porte"}, "dans le porte-monnaie").ok());
  EXPECT_EQ(fired(clue("clé", {"porter"}, "dans le porte-monnaie").fired),
            (std::vector<std::string>{"porter:porte-monnaie:compound"}));
}

TEST(TrapWordsReferee, AWordAfterANounGroupIsItsVerb) {
  // Determiner + noun (+ adjectives or adverbs), then a finite verb reading
  // agreeing with it: the subject's verb, not the noun trap.
  EXPECT_TRUE(clue("hibou", {"nuit"}, "le bruit nuit au repos").ok());
  EXPECT_TRUE(clue("hibou", {"nuit"}, "un oreiller bien trop dur nuit au cou").ok());
  EXPECT_TRUE(clue("magicien", {"sort"}, "le lapin sort du chapeau").ok());
  EXPECT_TRUE(clue("magicien", {"sort"}, "les lapins sortent du chapeau").ok());
  EXPECT_TRUE(clue("cimetière", {"tombe"}, "la neige tombe").ok());
  EXPECT_TRUE(clue("bibliothèque", {"livre"}, "le facteur livre un colis").ok());
  // Avoir after a noun group: its participle ("le chien a été", "les enfants ont été").
  EXPECT_TRUE(clue("plage", {"été"}, "le chien a souvent été là").ok());
  EXPECT_TRUE(clue("plage", {"été"}, "les enfants ont été sages").ok());
  // A trap that is the verb, or of its family, still fires.
  EXPECT_EQ(fired(clue("chute", {"tomber"}, "la neige tombe").fired),
            (std::vector<std::string>{"tomber:tombe:inflection"}));
  EXPECT_EQ(fired(clue("crépuscule", {"tombée"}, "le jour tombe").fired),
            (std::vector<std::string>{"tombée:tombe:derivative"}));
  // Not a noun group: a pre-nominal adjective is not the noun ("la vieille
  // porte"), an adjective after the noun stays an adjective ("la nuit
  // noire"), a comma makes a list, a person that does not agree is no
  // subject's verb.
  EXPECT_EQ(fired(clue("château", {"porte"}, "une vieille porte").fired),
            (std::vector<std::string>{"porte:porte:inflection"}));
  EXPECT_EQ(fired(clue("château", {"nuit"}, "une nuit noire").fired),
            (std::vector<std::string>{"nuit:nuit:inflection"}));
  EXPECT_EQ(fired(clue("hibou", {"nuit"}, "le hibou, nuit et jour").fired),
            (std::vector<std::string>{"nuit:nuit:inflection"}));
  EXPECT_EQ(fired(clue("forêt", {"bois"}, "les cerfs bois").fired),
            (std::vector<std::string>{"bois:bois:inflection"}));
}

TEST(TrapWordsReferee, PrepositionsAdjectivesBeforeTheNounAndInversionsTellTheWord) {
  // After a preposition a word is a noun, an adjective or an infinitive,
  // never a conjugated verb: the wood, not boire.
  EXPECT_TRUE(clue("soupe", {"boire"}, "une cuillère en bois").ok());
  EXPECT_TRUE(clue("pirate", {"boire"}, "une jambe de bois").ok());
  EXPECT_TRUE(clue("sculpteur", {"boire"}, "il taille à même le bois avec un couteau à bois").ok());
  EXPECT_TRUE(clue("hibou", {"nuire"}, "un oiseau de nuit").ok());
  // The noun still fires its own trap, and « en » before a present
  // participle is a gerund.
  EXPECT_EQ(fired(clue("pirate", {"bois"}, "une jambe de bois").fired),
            (std::vector<std::string>{"bois:bois:inflection"}));
  EXPECT_EQ(fired(clue("soif", {"boire"}, "en buvant du lait").fired),
            (std::vector<std::string>{"boire:buvant:inflection"}));
  // Adjectives French puts before the noun, after a determiner: the noun.
  EXPECT_TRUE(clue("chambre", {"lire"}, "un grand lit pour dormir").ok());
  EXPECT_TRUE(clue("château", {"porter"}, "la grande porte du donjon").ok());
  EXPECT_TRUE(clue("château", {"porter"}, "une très vieille porte").ok());
  // « c’ » and « qui » are subjects: « c’est », « ce qui est » are être.
  EXPECT_TRUE(clue("boussole", {"est"}, "c'est ce qui est utile").ok());
  EXPECT_EQ(fired(clue("boussole", {"être"}, "c'est utile").fired),
            (std::vector<std::string>{"être:est:inflection"}));
  // A verb and its hyphenated pronouns (an inversion, an imperative) is the
  // verb: « sommes-nous » is no sum, « porte-le » no door.
  EXPECT_TRUE(clue("carte", {"somme"}, "où sommes-nous ce soir").ok());
  EXPECT_TRUE(clue("clé", {"porte"}, "porte-le autour du cou").ok());
  EXPECT_TRUE(clue("outil", {"vis"}, "vis-tu ici").ok());
  EXPECT_EQ(fired(clue("voyage", {"aller"}, "va-t-il partir").fired),
            (std::vector<std::string>{"aller:va-t-il:inflection"}));
  // Not an inversion: a dictionary word (rendez-vous), « là » (ce jour-là).
  EXPECT_EQ(fired(clue("agenda", {"rendez-vous"}, "un rendez-vous").fired),
            (std::vector<std::string>{"rendez-vous:rendez-vous:inflection"}));
  EXPECT_EQ(fired(clue("calendrier", {"jour"}, "ce jour-là").fired),
            (std::vector<std::string>{"jour:jour-là:compound"}));
}

TEST(TrapWordsReferee, FormsOfAClueReadAsATableHearsThem) {
  // After être or a degree adverb: an attribute, no conjugated verb.
  EXPECT_TRUE(clue("conte", {"conter"}, "il est très content").ok());
  EXPECT_EQ(fired(clue("conte", {"conter"}, "ils content une histoire").fired),
            (std::vector<std::string>{"conter:content:inflection"}));
  // …where a preposition stays one: « vers » is no worm.
  EXPECT_TRUE(clue("poème", {"ver"}, "il est vers midi").ok());
  // After a preposition the noun fires its own trap: « en car ».
  EXPECT_EQ(fired(clue("autoroute", {"car"}, "on y va en car").fired),
            (std::vector<std::string>{"car:car:inflection"}));
  // A noun after a determiner is not a participle: « le bus » is no boire.
  EXPECT_TRUE(clue("ticket", {"boire"}, "il prend le bus").ok());
  // The simple past and a present participle spelt like an adverb are not
  // heard: « je vis » is vivre, « plus », « maintenant » are adverbs.
  EXPECT_TRUE(clue("ferme", {"voir"}, "je vis à la campagne").ok());
  EXPECT_TRUE(clue("gâteau", {"plaire"}, "de plus en plus gros").ok());
  EXPECT_TRUE(clue("horloge", {"maintenir"}, "maintenant il est midi").ok());
  EXPECT_EQ(fired(clue("porte", {"maintenir"}, "en maintenant la poignée").fired),
            (std::vector<std::string>{"maintenir:maintenant:inflection"}));
  // A function word typed as itself is that word, not a noun spelt with an
  // accent it lacks: « mais ça » is the conjunction, « du mais » the maize
  // typed without its diaeresis.
  EXPECT_TRUE(clue("popcorn", {"maïs"}, "c'est léger mais ça cale").ok());
  EXPECT_TRUE(clue("popcorn", {"maïs"}, "mais oui").ok());
  EXPECT_EQ(fired(clue("popcorn", {"maïs"}, "du mais grillé").fired),
            (std::vector<std::string>{"maïs:mais:inflection"}));
  // « d'abord », « d'habitude » are adverbs: their noun fires itself, not
  // its family.
  EXPECT_TRUE(clue("fossé", {"bord"}, "d'abord tu glisses").ok());
  EXPECT_TRUE(clue("fossé", {"aborder"}, "d’abord tu glisses").ok());
  EXPECT_EQ(fired(clue("fossé", {"abord"}, "d'abord tu glisses").fired),
            (std::vector<std::string>{"abord:abord:inflection"}));
  EXPECT_EQ(fired(clue("fossé", {"bord"}, "on aborde le virage").fired),
            (std::vector<std::string>{"bord:aborde:derivative"}));
  // After a reflexive pronoun a noun's homograph is the verb: « se rue » is
  // ruer, not the street; « se couche » is still coucher, of couche's family.
  EXPECT_TRUE(clue("trottoir", {"rue"}, "la foule se rue dessus").ok());
  EXPECT_EQ(fired(clue("lit", {"couche"}, "il se couche tôt").fired).size(), 1u);
  EXPECT_TRUE(clue("théâtre", {"action"}, "il s'agit d'une pièce").ok());
  EXPECT_TRUE(clue("soir", {"bienfait"}, "il se fait tard").ok());  // faire, a light verb
  // « lui » is the pronoun, never luire's participle.
  EXPECT_TRUE(clue("bougie", {"luisant"}, "je lui donne du feu").ok());
  // A light verb's forms fire the verb and the words spelt as its forms,
  // not its derivatives.
  EXPECT_TRUE(clue("armée", {"intervention"}, "il vient vite").ok());
  EXPECT_TRUE(clue("roi", {"puissance"}, "il peut tout").ok());
  EXPECT_TRUE(clue("bandit", {"malfaiteur"}, "il fait peur").ok());
  EXPECT_TRUE(clue("visite", {"venue"}, "il devient grand").ok());
  EXPECT_TRUE(clue("mariage", {"alliance"}, "nous allions au bal").ok());
  EXPECT_TRUE(clue("cadeau", {"surprise"}, "la place est prise").ok());
  EXPECT_TRUE(clue("professeur", {"savant"}, "il saura répondre").ok());
  EXPECT_EQ(fired(clue("casino", {"miser"}, "je mise tout").fired),
            (std::vector<std::string>{"miser:mise:inflection"}));
  EXPECT_EQ(fired(clue("visite", {"venue"}, "il vient vite").fired),
            (std::vector<std::string>{"venue:vient:derivative"}));
  EXPECT_EQ(fired(clue("lunettes", {"vision"}, "pour mieux voir").fired),
            (std::vector<std::string>{"vision:voir:derivative"}));
  // A light verb's infinitive fires the words of its own stem, after re- at
  // most, not those a prefix made into another verb.
  EXPECT_TRUE(clue("destin", {"avenir"}, "ce que tu vas devenir").ok());
  EXPECT_TRUE(clue("armée", {"intervention"}, "elle va venir").ok());
  EXPECT_TRUE(clue("tribunal", {"interdiction"}, "tu vas dire non").ok());
  EXPECT_EQ(fired(clue("boomerang", {"revenir"}, "il finit par venir").fired),
            (std::vector<std::string>{"revenir:venir:derivative"}));
  EXPECT_EQ(fired(clue("couture", {"tenue"}, "de quoi tenir chaud").fired).size(), 1u);
  // In a sentence être wins over another verb (« je suis » is not suivre),
  // and a third person plural spelt as a noun or an adjective is that word
  // unless the sentence asks for a verb.
  EXPECT_TRUE(clue("chemin", {"suivre"}, "je suis fatigué").ok());
  EXPECT_EQ(fired(clue("chemin", {"suivre"}, "suivez le guide").fired),
            (std::vector<std::string>{"suivre:suivez:inflection"}));
  EXPECT_TRUE(clue("crime", {"violer"}, "un film violent").ok());
  EXPECT_TRUE(clue("famille", {"parer"}, "mes parents").ok());
  EXPECT_EQ(fired(clue("poule", {"couver"}, "elles couvent leurs œufs").fired),
            (std::vector<std::string>{"couver:couvent:inflection"}));
  // A participle after an object pronoun and avoir: « on l’a vu » is voir's.
  EXPECT_EQ(fired(clue("lunettes", {"vue"}, "on l'a vu").fired),
            (std::vector<std::string>{"vue:vu:derivative"}));
  EXPECT_TRUE(clue("tempête", {"été"}, "on l'a été voir").ok());
  // « voila » typed without its accent is voilà, not voiler's simple past.
  EXPECT_TRUE(clue("bateau", {"voile"}, "et voila le travail").ok());
  // A solid compound's preposition head is not heard in « sur », « contre »,
  // « il entre », « sûr ».
  EXPECT_TRUE(clue("cadeau", {"surprise"}, "le paquet est sur la table").ok());
  EXPECT_TRUE(clue("cadeau", {"surprise"}, "tu es sûr de toi").ok());
  EXPECT_TRUE(clue("bureau", {"entretien"}, "il entre dans la pièce").ok());
  EXPECT_TRUE(clue("balance", {"contrepoids"}, "tout contre le mur").ok());
  // Homographs of data/lexicon/senses.tsv: « les cours » are lessons, « fine »
  // is thin.
  EXPECT_TRUE(clue("école", {"cour"}, "les cours de maths").ok());
  EXPECT_TRUE(clue("école", {"cours"}, "on joue dans la cour").ok());
  EXPECT_TRUE(clue("film", {"fin"}, "une pluie fine").ok());
  EXPECT_EQ(fired(clue("film", {"fin"}, "à la fin").fired), (std::vector<std::string>{"fin:fin:inflection"}));
}

TEST(TrapWordsReferee, SetPhrasesAndPrefixedLightVerbsFireNoFamily) {
  // « n'importe », « peu importe », « qu'importe » are « it matters »: not
  // importer's « to import », of porter's family, whatever the trap of it.
  for (const std::string trap : {"porter", "apporter", "transport", "reportage", "portable", "rapport"}) {
    EXPECT_TRUE(clue("nuage", {trap}, "n'importe quoi").ok()) << trap;
    EXPECT_TRUE(clue("nuage", {trap}, "peu importe le prix").ok()) << trap;
    EXPECT_TRUE(clue("nuage", {trap}, "ça importe peu").ok()) << trap;
  }
  // …but importer, to import, still fires them, and the verb itself fires.
  EXPECT_FALSE(clue("port", {"transport"}, "on importe du café").ok());
  EXPECT_FALSE(clue("nuage", {"importer"}, "n'importe quoi").ok());
  // Other set phrases: « il s'agit », « il vaut mieux ».
  EXPECT_TRUE(clue("théâtre", {"action"}, "il s'agit d'une pièce").ok());
  EXPECT_TRUE(clue("trésor", {"valeur"}, "il vaut mieux le cacher").ok());
  EXPECT_FALSE(clue("trésor", {"valeur"}, "ça vaut cher").ok());
  // A whole that is a function word or an adverb fires the trap its parts
  // are forms of, not their families.
  EXPECT_TRUE(clue("nuage", {"grandeur"}, "il n'y a pas grand-chose").ok());
  EXPECT_TRUE(clue("nuage", {"puissance"}, "peut-être demain").ok());
  // « et puis » is « then », not pouvoir's archaic « je puis ».
  for (const std::string trap : {"pouvoir", "puissance", "puissant"}) {
    EXPECT_TRUE(clue("roi", {trap}, "et puis il meurt").ok()) << trap;
    EXPECT_TRUE(clue("roi", {trap}, "puis il s'en va").ok()) << trap;
  }
  EXPECT_FALSE(clue("roi", {"pouvoir"}, "je ne puis le dire").ok());
  // A light verb with a prefix of its family (retenir, prévoir) is heard in
  // its own derivatives, which keep the prefix, not in the light verb's.
  for (const std::string trap : {"tenir", "tenue", "détenir", "entretien", "tien"}) {
    EXPECT_TRUE(clue("mémoire", {trap}, "je retiens tout").ok()) << trap;
    EXPECT_TRUE(clue("mémoire", {trap}, "elle retient son souffle").ok()) << trap;
  }
  for (const std::string trap : {"retenue", "retenir", "rétention"}) {
    EXPECT_FALSE(clue("mémoire", {trap}, "je retiens tout").ok()) << trap;
  }
  EXPECT_TRUE(clue("météo", {"vision"}, "elle prévoit la pluie").ok());
  EXPECT_FALSE(clue("météo", {"prévision"}, "elle prévoit la pluie").ok());
}

TEST(TrapWordsReferee, AModifierHeadSaidAloneIsNotHeardInItsSolidCompound) {
  // mal, bon, mille, gentil modify the rest of a solid compound: said in
  // every sentence, they are not heard in it (solid-compound-heads.txt `~`).
  for (const std::string trap : {"malaise", "malheureux", "maladroit", "malchance", "malnutrition"}) {
    EXPECT_TRUE(clue("hôpital", {trap}, "j'ai mal au dos").ok()) << trap;
    EXPECT_TRUE(clue("hôpital", {trap}, "des maux de tête").ok()) << trap;
  }
  for (const std::string trap : {"bonjour", "bonsoir", "bonhomme"}) {
    EXPECT_TRUE(clue("politesse", {trap}, "une bonne idée").ok()) << trap;
    EXPECT_TRUE(clue("politesse", {trap}, "c'est bon").ok()) << trap;
  }
  EXPECT_TRUE(clue("pâtisserie", {"millefeuille"}, "mille euros").ok());
  // A preposition head is not the adjective spelt as it (sur, sure: sour).
  for (const std::string trap : {"surprise", "surcharge", "sursaut", "surplus"}) {
    EXPECT_TRUE(clue("nuage", {trap}, "elle est sure").ok()) << trap;
  }
  // The compound still holds its head, and the rest is still heard in it.
  EXPECT_FALSE(clue("politesse", {"bon"}, "il dit bonjour").ok());
  EXPECT_FALSE(clue("politesse", {"jour"}, "il dit bonjour").ok());
  EXPECT_FALSE(clue("pâtisserie", {"feuille"}, "un millefeuille").ok());
  EXPECT_FALSE(clue("hôpital", {"malaise"}, "il a fait un malaise").ok());
}

TEST(TrapWordsReferee, DeckTrapHomographsTellTheirOtherReading) {
  // The lesson « cours » (a noun after a determiner) is not heard in the
  // traps of courir's family; « je cours » still fires them, and courir.
  for (const std::string trap : {"course", "parcours", "coureur", "coursier"}) {
    EXPECT_TRUE(clue("école", {trap}, "les cours de maths").ok()) << trap;
    EXPECT_TRUE(clue("école", {trap}, "un bon cours de danse").ok()) << trap;
    EXPECT_FALSE(clue("sport", {trap}, "je cours vite").ok()) << trap;
  }
  EXPECT_FALSE(clue("école", {"courir"}, "les cours de maths").ok());
  // A noun trap spelt as an everyday adjective: the adjective after être, a
  // degree adverb, or in its own forms (« prête », « fausse », « basse »).
  EXPECT_TRUE(clue("banque", {"prêt"}, "tu es prêt à signer").ok());
  EXPECT_TRUE(clue("crédit", {"prêt"}, "elle est toujours prête").ok());
  EXPECT_FALSE(clue("banque", {"prêt"}, "un prêt immobilier").ok());
  EXPECT_FALSE(clue("banque", {"prêt"}, "il nous prête de l'argent").ok());
  EXPECT_TRUE(clue("mort", {"faux"}, "c'est faux").ok());
  EXPECT_TRUE(clue("mort", {"faux"}, "une fausse piste").ok());
  EXPECT_FALSE(clue("mort", {"faux"}, "il tient une faux").ok());
  EXPECT_TRUE(clue("jambe", {"bas"}, "en bas de la page").ok());
  EXPECT_TRUE(clue("jambe", {"bas"}, "parle plus bas").ok());
  EXPECT_FALSE(clue("jambe", {"bas"}, "des bas résille").ok());
  // The secret picks the other sense: then the adjective fires.
  EXPECT_FALSE(clue("mensonge", {"faux"}, "c'est faux").ok());
  EXPECT_FALSE(clue("étage", {"bas"}, "en bas de l'escalier").ok());
  // « je m'en fiche » is not the index card.
  EXPECT_TRUE(clue("bureau", {"fiche"}, "je m'en fiche").ok());
  EXPECT_FALSE(clue("bureau", {"fiche"}, "une fiche de paie").ok());
  // A noun spelt as a verb a table hears as another word: « ça va barder ».
  EXPECT_TRUE(clue("poète", {"barde"}, "ça va barder").ok());
}

TEST(TrapWordsReferee, EverydayDerivativesOfLikelyTrapsFire) {
  // Round-3 families (families-traps.txt): noun and verb, -isme/-iste.
  EXPECT_FALSE(clue("examen", {"angoisse"}, "ça m'angoisse").ok());
  EXPECT_FALSE(clue("travail", {"paye"}, "on me paye à la fin du mois").ok());
  EXPECT_FALSE(clue("chien", {"race"}, "un propos raciste").ok());
  EXPECT_FALSE(clue("égalité", {"sexe"}, "une blague sexiste").ok());
  EXPECT_FALSE(clue("serpent", {"mue"}, "il va bientôt muer").ok());
  EXPECT_FALSE(clue("pneu", {"crevé"}, "la crevaison sur l'autoroute").ok());
  // Diminutives, players and circumfix verbs of deck words.
  EXPECT_FALSE(clue("robe", {"jupe"}, "une jupette plissée").ok());
  EXPECT_FALSE(clue("armure", {"gant"}, "un gantelet de fer").ok());
  EXPECT_FALSE(clue("boule", {"pétanque"}, "les pétanqueurs du village").ok());
  EXPECT_FALSE(clue("pain", {"four"}, "on l'enfourne à l'aube").ok());
  // After a pronoun, a rare verb of a noun trap's family is that verb, even
  // when an attested homograph is another word (mouvoir's « mue », the
  // fabric « rayonne »)…
  EXPECT_FALSE(clue("serpent", {"mue"}, "il mue chaque année").ok());
  EXPECT_FALSE(clue("soleil", {"rayon"}, "il rayonne").ok());
  // …but a rare verb trap does not take an everyday verb's forms.
  EXPECT_TRUE(clue("maison", {"ouvrer"}, "j'ouvre la fenêtre").ok());
  EXPECT_TRUE(clue("lapin", {"terrer"}, "je terrasse le dragon").ok());
}

TEST(TrapWordsReferee, HomographSensesFromTheSecretAndTheWordsAround) {
  // data/lexicon/senses.tsv. The secret or another trap says which sense the
  // trap means; the determiner's gender or the next words which sense the
  // clue's word means. Both known and different: no fire.
  EXPECT_TRUE(clue("forteresse", {"tour"}, "un tour de magie").ok());
  EXPECT_TRUE(clue("vélo", {"tour"}, "la tour de garde").ok());
  EXPECT_EQ(fired(clue("forteresse", {"tour"}, "la haute tour").fired),
            (std::vector<std::string>{"tour:tour:inflection"}));
  EXPECT_EQ(fired(clue("vélo", {"tour"}, "un tour de piste").fired),
            (std::vector<std::string>{"tour:tour:inflection"}));
  // A sense nothing tells fires as before.
  EXPECT_EQ(fired(clue("forteresse", {"tour"}, "des tours").fired),
            (std::vector<std::string>{"tour:tours:inflection"}));
  EXPECT_EQ(fired(clue("souvenir", {"tour"}, "le tour").fired),
            (std::vector<std::string>{"tour:tour:inflection"}));
  // « fils » written alone is the son; threads are told by what follows.
  EXPECT_TRUE(clue("roi", {"fils"}, "ses fils de fer").ok());
  EXPECT_TRUE(clue("roi", {"fils"}, "un fil de laine").ok());
  EXPECT_EQ(fired(clue("roi", {"fils"}, "ses fils").fired),
            (std::vector<std::string>{"fils:fils:inflection"}));
  EXPECT_EQ(fired(clue("couture", {"fil"}, "des fils de soie").fired),
            (std::vector<std::string>{"fil:fils:inflection"}));
  // Gender: la livre (pound), le voile (veil), le poêle (stove).
  EXPECT_TRUE(clue("bibliothèque", {"livre"}, "une livre de beurre").ok());
  EXPECT_TRUE(clue("bateau", {"voile"}, "le voile de la mariée").ok());
  EXPECT_TRUE(clue("crêpe", {"poêle"}, "le poêle à bois").ok());
  EXPECT_EQ(fired(clue("crêpe", {"poêle"}, "une poêle").fired),
            (std::vector<std::string>{"poêle:poêle:inflection"}));
  // Written alone, a trap means its everyday sense (`*`): the book, the
  // pan, the sheet, the foam; a determiner of the other gender is the other
  // word, whatever the secret.
  EXPECT_TRUE(clue("recette", {"livre"}, "une livre de farine").ok());
  EXPECT_EQ(fired(clue("recette", {"livre"}, "un livre de cuisine").fired),
            (std::vector<std::string>{"livre:livre:inflection"}));
  EXPECT_TRUE(clue("jardin", {"mousse"}, "le petit mousse du navire").ok());
  EXPECT_EQ(fired(clue("jardin", {"mousse"}, "de la mousse sur la bière").fired),
            (std::vector<std::string>{"mousse:mousse:inflection"}));
  // « son », « mon », « ton » are masculine before a consonant: « son
  // tour » is the turn, not the tower the other traps mean.
  EXPECT_TRUE(clue("sentinelle", {"tour", "guet"}, "il attend son tour").ok());
  EXPECT_EQ(fired(clue("sentinelle", {"tour", "guet"}, "sa tour de garde").fired),
            (std::vector<std::string>{"tour:tour:inflection"}));
  // The flight is not the thief; the theft is.
  EXPECT_TRUE(clue("avion", {"vol"}, "un voleur de bagages").ok());
  EXPECT_EQ(fired(clue("police", {"vol"}, "un voleur").fired),
            (std::vector<std::string>{"vol:voleur:derivative"}));
  // Short is not the tennis court.
  EXPECT_TRUE(clue("tennis", {"court"}, "un match trop court").ok());
  EXPECT_EQ(fired(clue("tennis", {"court"}, "sur le court central").fired),
            (std::vector<std::string>{"court:court:inflection"}));
}

TEST(TrapWordsReferee, APlaceAndItsPeopleAreOneFamily) {
  // data/lexicon/families-places.txt: a place, its people and adjective.
  EXPECT_EQ(fired(clue("sphinx", {"Égypte"}, "une statue égyptienne").fired),
            (std::vector<std::string>{"Égypte:égyptienne:derivative"}));
  EXPECT_EQ(fired(clue("yoga", {"Inde"}, "une vieille pratique indienne").fired),
            (std::vector<std::string>{"Inde:indienne:derivative"}));
  const auto v = clue("kebab", {"turc"}, "un sandwich de Turquie");
  EXPECT_EQ(fired(v.fired), (std::vector<std::string>{"turc:Turquie:derivative"}));
  // The name is a name: « Chine » the country is not chiner's « chine ».
  EXPECT_TRUE(clue("brocante", {"chinois"}, "on y chine des vieux meubles").ok());
}

TEST(TrapWordsReferee, UnitsSymbolsAndRomanNumeralsAreSaidAsWords) {
  EXPECT_EQ(fired(clue("minuit", {"heure"}, "à 24h pile").fired),
            (std::vector<std::string>{"heure:24h:compound"}));
  EXPECT_EQ(fired(clue("four", {"minute"}, "bip au bout de 2 min").fired),
            (std::vector<std::string>{"minute:min:inflection"}));
  EXPECT_EQ(fired(clue("thermomètre", {"degré"}, "il affiche 37°").fired),
            (std::vector<std::string>{"degré:37°:compound"}));
  const auto v = clue("rugby", {"quinze"}, "le XV de France");
  EXPECT_EQ(fired(v.fired), (std::vector<std::string>{"quinze:XV:inflection"}));
  EXPECT_EQ(rules(v), (std::vector<std::string>{"proper-noun:France"}));  // XV is a number, France a name
}

TEST(TrapWordsReferee, ACapitalInsideASentenceIsAName) {
  // Even when the word is also a common one: a brand, a people.
  EXPECT_EQ(rules(clue("couteau", {}, "un Opinel par exemple")),
            (std::vector<std::string>{"proper-noun:Opinel"}));
  EXPECT_EQ(rules(clue("indien", {}, "les signaux des Sioux")),
            (std::vector<std::string>{"proper-noun:Sioux"}));
  // A clue typed in capitals says nothing about names.
  EXPECT_TRUE(clue("ferme", {}, "UN ANIMAL QUI FAIT MEUH").ok());
}

TEST(TrapWordsReferee, ANameAtTheStartOfASentenceIsANameWhenNothingElseExplainsIt) {
  // The first capital is the sentence's (phones write it by themselves): a
  // name shows by a capital after a hyphen, or by being no word at all and
  // no slip of one either.
  EXPECT_EQ(rules(clue("miroir", {}, "Blanche-Neige et la méchante reine")),
            (std::vector<std::string>{"proper-noun:Blanche-Neige"}));
  EXPECT_EQ(rules(clue("agenda", {}, "Outlook")), (std::vector<std::string>{"proper-noun:Outlook"}));
  EXPECT_EQ(rules(clue("sirop", {}, "Tout à l'eau. Teisseire, tiens")),
            (std::vector<std::string>{"proper-noun:Teisseire"}));
  // A word mistyped is no name: a letter changed, left out, added or swapped.
  EXPECT_TRUE(clue("niche", {}, "Chein qui dort dedans").ok());
  EXPECT_TRUE(clue("niche", {}, "Cien qui dort dedans").ok());
  EXPECT_TRUE(clue("niche", {}, "Chiien qui dort dedans").ok());
  EXPECT_TRUE(clue("niche", {}, "Cihen qui dort dedans").ok());
  // A hyphen or an apostrophe left out is a slip too.
  EXPECT_TRUE(clue("mamie", {}, "Grandmère qui tricote").ok());
  EXPECT_TRUE(clue("demain", {}, "Aujourdhui plus un jour").ok());
  // Words and hyphenated words the dictionary knows stay words, and so do
  // inversions, imperatives and free compounds it does not list, and a word
  // the dictionary writes with its capitals.
  EXPECT_TRUE(clue("cheval", {}, "Rapide et fier, il galope").ok());
  EXPECT_TRUE(clue("pluie", {}, "Arc-en-ciel après l'averse").ok());
  EXPECT_TRUE(clue("chien", {}, "Est-ce que ça aboie ? Dis-moi oui").ok());
  EXPECT_TRUE(clue("divorce", {}, "Ex-mari et ex-femme").ok());
  EXPECT_TRUE(clue("internet", {}, "Wi-Fi partout").ok());
  // A word of another script tells nothing.
  EXPECT_TRUE(clue("chat", {}, "Кошка en russe").ok());
}

TEST(TrapWordsReferee, WeldedAndSplitSpellingsOfOneWord) {
  EXPECT_EQ(fired(clue("cinéma", {"popcorn"}, "du pop corn").fired),
            (std::vector<std::string>{"popcorn:pop corn:inflection"}));
  EXPECT_EQ(fired(clue("cloche", {"ding dong"}, "elle fait dingdong").fired),
            (std::vector<std::string>{"ding dong:dingdong:inflection"}));
  EXPECT_TRUE(clue("toit", {"maison"}, "en mai son frère arrive").ok());
}

TEST(TrapWordsReferee, PictogramsAreNotWords) {
  // The rulebook wants clues made of words, not gestures: an emoji is invalid.
  auto v = clue("cheval", {"galop"}, "un animal 🐎 rapide");
  EXPECT_EQ(rules(v), (std::vector<std::string>{"pictogram:🐎"}));
  EXPECT_TRUE(v.fired.empty());
  EXPECT_EQ(rules(clue("amour", {}, "❤️")), (std::vector<std::string>{"pictogram:❤"}));
  // Letters of other scripts, accents and punctuation are not pictograms.
  EXPECT_TRUE(clue("cheval", {}, "un équidé, très rapide !").ok());
}

TEST(TrapWordsReferee, TheSecretWordItsFamilyAndProperNounsAreViolations) {
  auto v = clue("cheval", {}, "des chevaux, un pas chevalin");
  EXPECT_EQ(rules(v), (std::vector<std::string>{"secret-family:chevaux", "secret-family:chevalin"}));
  v = clue("tour", {}, "On la visite à Paris. Paris est beau");
  // Inside a sentence the capital marks a name; at the start it may be "paris" (bets).
  EXPECT_EQ(rules(v), (std::vector<std::string>{"proper-noun:Paris"}));
  EXPECT_FALSE(v.violations.front().reason.empty());
}

TEST(TrapWordsReferee, SerpentRefusesWordsStartingWithS) {
  const auto v = clue("arbre", {}, "Il s'envole, porte-savon, grand", with({Curse::kSerpent}));
  EXPECT_EQ(rules(v), (std::vector<std::string>{"serpent:s'", "serpent:porte-savon"}));
}

TEST(TrapWordsReferee, FaibleAllowsNounsOnly) {
  const auto v = clue("dragon", {}, "bête feu une trésor il grotte", with({Curse::kFaible}));
  EXPECT_EQ(rules(v), (std::vector<std::string>{"faible:une", "faible:il"}));
  EXPECT_TRUE(clue("dragon", {}, "bête feu trésor grotte personne", with({Curse::kFaible})).ok());
}

TEST(TrapWordsReferee, EchoWantsEachWordFollowedByItsEnding) {
  EXPECT_TRUE(clue("cloche", {}, "sonne -onne bizarre-arre", with({Curse::kEcho})).ok());
  const auto v = clue("cloche", {}, "sonne onne église", with({Curse::kEcho}));
  EXPECT_EQ(rules(v), (std::vector<std::string>{"echo:église"}));
}

TEST(TrapWordsReferee, TheTrollCountsWordsAcrossTheTurn) {
  const std::vector<std::string> history = {"bête ailes", "feu"};
  EXPECT_TRUE(clue("dragon", {}, "trésor grotte", with({}, "troll*"), history).ok());
  const auto v = clue("dragon", {}, "trésor grotte écailles", with({}, "troll*"), history);
  EXPECT_EQ(rules(v), (std::vector<std::string>{"troll:écailles"}));
  EXPECT_TRUE(clue("dragon", {}, "un deux trois quatre cinq six sept huit neuf dix", with({}, "troll")).ok());
  EXPECT_EQ(Referee::word_budget(with({}, "troll")), 10);
  EXPECT_EQ(Referee::word_budget(with({})), 0);
}

TEST(TrapWordsReferee, GuessesHoldTheSecretWordNotAMereDerivative) {
  const auto guess = [](std::string_view secret, std::string_view g) {
    return referee().judge_guess(secret, g, {}, {}).correct;
  };
  EXPECT_TRUE(guess("cheval", "chevaux"));
  EXPECT_TRUE(guess("cheval", "cheval-vapeur"));
  EXPECT_TRUE(guess("cheval", "un grand cheval"));
  EXPECT_FALSE(guess("science", "scientifique"));
  EXPECT_FALSE(guess("chat", "château"));
}

TEST(TrapWordsReferee, VampireGuessesFireTrapsAndTocNeedsThePhrase) {
  const std::vector<std::string> traps = {"selle"};
  auto v = referee().judge_guess("cheval", "une selle", traps, with({}, "vampire"));
  EXPECT_FALSE(v.correct);
  EXPECT_EQ(fired(v.fired), (std::vector<std::string>{"selle:selle:inflection"}));
  EXPECT_TRUE(referee().judge_guess("cheval", "une selle", traps, {}).fired.empty());  // no vampire
  v = referee().judge_guess("cheval", "Je mange mon chapeau si ce n'est pas un cheval", traps,
                            with({Curse::kToc}));
  EXPECT_TRUE(v.correct);
  EXPECT_TRUE(v.violations.empty());
  v = referee().judge_guess("cheval", "cheval", traps, with({Curse::kToc}));
  ASSERT_EQ(v.violations.size(), 1u);
  EXPECT_EQ(v.violations.front().rule, "toc");
}

// Pronoun-like words (the rulebook's list) and words of every sentence ("et", "il").
TEST(TrapWordsReferee, PronounLikeTrapsAreRefused) {
  for (std::string_view t : {"un", "une", "chose", "choses", "quelque", "quelqu'un", "Quelque chose", " ",
                             "et", "Il", "le", "avec"}) {
    EXPECT_TRUE(referee().refuse_trap(t).has_value()) << t;
  }
  for (std::string_view t : {"personne", "lieu", "galop", "pomme de terre"}) {
    EXPECT_FALSE(referee().refuse_trap(t).has_value()) << t;
  }
}

TEST(TrapWordsReferee, IdsRoundTrip) {
  for (std::size_t i = 0; i < kCurseCount; ++i) {
    const auto c = static_cast<Curse>(i);
    EXPECT_EQ(parse_curse(to_string(c)), c);
  }
  for (std::string_view id : {"demon", "dragon", "momie", "troll", "vampire", "troll*", "vampire*"}) {
    const auto m = parse_monster(id);
    ASSERT_TRUE(m) << id;
    EXPECT_EQ(to_string(*m), id);
  }
  EXPECT_FALSE(parse_monster("licorne"));
  EXPECT_FALSE(parse_curse("Serpent"));
}

TEST(TrapWordsDecks, TwoBooksOfGuessableNouns) {
  const auto& lex = testing::lexicon();
  for (std::string_view book : {"fantastique.txt", "contemporain.txt"}) {
    std::set<std::string> seen;
    std::size_t unranked = 0;
    for_each_data_line(content_file(trapwords_content(), book), [&](std::string_view w) {
      EXPECT_TRUE(seen.insert(std::string(w)).second) << book << ": twice " << w;
      EXPECT_TRUE(lex.contains(w)) << book << ": " << w;
      bool noun = false;
      for (const auto& a : lex.analyses(w)) noun = noun || (a.pos & lexicon::kNoun);
      EXPECT_TRUE(noun) << book << ": " << w;
      EXPECT_FALSE(referee().refuse_trap(w).has_value()) << w;
      unranked += lex.frequency_rank(w) ? 0 : 1;
    });
    EXPECT_GE(seen.size(), 400u) << book;
    EXPECT_LT(unranked * 20, seen.size()) << book << ": common enough to guess";
  }
}

}  // namespace
}  // namespace logomachie::games::trapwords
