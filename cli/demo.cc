#include "demo.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "args.h"
#include "games/core/json.h"
#include "lexicon/lexicon.h"

namespace logomachie::cli {
namespace {

using games::guillemets;

std::string_view relation_fr(lexicon::Relation r) {
  switch (r) {
    case lexicon::Relation::kInflection:
      return "même mot (forme fléchie)";
    case lexicon::Relation::kCompound:
      return "mot composé qui le contient";
    case lexicon::Relation::kDerivative:
      return "même famille (dérivé)";
    case lexicon::Relation::kUnrelated:
      return "aucun lien";
  }
  return "aucun lien";
}

// "nom masculin pluriel", "verbe, indicatif futur, 1re personne du pluriel"…
std::string describe(const lexicon::Analysis& a) {
  using namespace lexicon;
  static constexpr std::pair<uint32_t, const char*> kPos[] = {{kNoun, "nom"},
                                                              {kAdjective, "adjectif"},
                                                              {kVerb, "verbe"},
                                                              {kAdverb, "adverbe"},
                                                              {kGrammatical, "mot grammatical"},
                                                              {kInterjection, "interjection"},
                                                              {kNumber, "nombre"},
                                                              {kTitle, "titre"},
                                                              {kFirstName, "prénom"},
                                                              {kSurname, "nom de famille"},
                                                              {kPlace, "nom de lieu"},
                                                              {kOtherProper, "nom propre"},
                                                              {kFragment, "élément de mot"},
                                                              {kRomanNumeral, "chiffre romain"},
                                                              {kSymbol, "symbole"},
                                                              {kPunctuation, "ponctuation"}};
  std::string out;
  for (const auto& [bit, name] : kPos) {
    if (a.pos & bit) out += (out.empty() ? "" : " et ") + std::string(name);
  }
  if (out.empty()) out = "autre";
  if (a.gender == Gender::kMasculine) out += " masculin";
  if (a.gender == Gender::kFeminine) out += " féminin";
  if (a.number == Number::kSingular) out += " singulier";
  if (a.number == Number::kPlural) out += " pluriel";
  static constexpr std::pair<uint16_t, const char*> kMoods[] = {
      {kInfinitive, "infinitif"},
      {kPresentParticiple, "participe présent"},
      {kPastParticiple, "participe passé"},
      {kIndicativePresent, "indicatif présent"},
      {kIndicativeImperfect, "imparfait"},
      {kIndicativeSimplePast, "passé simple"},
      {kIndicativeFuture, "futur"},
      {kConditional, "conditionnel"},
      {kSubjunctivePresent, "subjonctif présent"},
      {kSubjunctiveImperfect, "subjonctif imparfait"},
      {kImperative, "impératif"}};
  std::string moods;
  for (const auto& [bit, name] : kMoods) {
    if (a.moods & bit) moods += (moods.empty() ? "" : ", ") + std::string(name);
  }
  if (!moods.empty()) out += " (" + moods + ")";
  static constexpr const char* kPersons[] = {"je", "tu", "il/elle", "nous", "vous", "ils/elles"};
  std::string persons;
  for (int i = 0; i < 6; ++i) {
    if (a.persons & (1u << i)) persons += (persons.empty() ? "" : ", ") + std::string(kPersons[i]);
  }
  if (!persons.empty()) out += " [" + persons + "]";
  return out;
}

void help(std::ostream& out) {
  out << "Commandes\u00a0:\n"
         "  MOT                  le mot existe-t-il\u00a0? lemme, nature, fréquence\n"
         "  lien MOT1 MOT2       quel lien entre deux mots (pour TrapWords et Word Bank)\n"
         "  famille MOT          les mots de la même famille\n"
         "  synonymes MOT        synonymes du thésaurus\n"
         "  aide                 cette aide\n"
         "  quitter              pour sortir\n";
}

}  // namespace

int run_demo(std::string_view lexicon_path, std::istream& in, std::ostream& out) {
  std::optional<lexicon::Lexicon> lex;
  try {
    lex.emplace(lexicon::Lexicon::open(lexicon_path.empty() ? lexicon::Lexicon::default_path()
                                                            : std::filesystem::path(lexicon_path)));
  } catch (const lexicon::LexiconError& e) {
    std::cerr << "Impossible d’ouvrir le lexique\u00a0: " << e.what() << "\n";
    return 1;
  }
  out << "Bienvenue dans Logomachie\u00a0! Le serveur de jeu arrive bientôt\u00a0;\n"
         "en attendant, voici l’arbitre des mots ("
      << lex->form_count() << " formes).\n";
  help(out);
  std::string line;
  while (out << "> " << std::flush, std::getline(in, line)) {
    std::istringstream words(line);
    std::string cmd;
    if (!(words >> cmd)) continue;
    if (cmd == "quitter" || cmd == "q") break;
    if (cmd == "aide") {
      help(out);
    } else if (cmd == "lien") {
      std::string a, b;
      if (!(words >> a >> b)) {
        out << "Il me faut deux mots\u00a0: lien MOT1 MOT2\n";
        continue;
      }
      out << guillemets(b) << " par rapport à " << guillemets(a)
          << "\u00a0: " << relation_fr(lex->relate(a, b)) << "\n";
    } else if (cmd == "famille") {
      std::string w;
      if (!(words >> w)) {
        out << "Il me faut un mot\u00a0: famille MOT\n";
        continue;
      }
      const auto fam = lex->family_of(w);
      if (fam.empty()) out << "Je ne connais pas " << guillemets(w) << ".\n";
      for (const auto l : fam) out << "  " << l << "\n";
    } else if (cmd == "synonymes") {
      std::string w;
      if (!(words >> w)) {
        out << "Il me faut un mot\u00a0: synonymes MOT\n";
        continue;
      }
      const auto senses = lex->synonyms(w);
      if (senses.empty()) out << "Pas de synonymes pour " << guillemets(w) << ".\n";
      for (const auto& s : senses) {
        out << "  " << s.label << " ";
        for (std::size_t i = 0; i < s.words.size() && i < 12; ++i) out << (i ? ", " : "") << s.words[i];
        out << "\n";
      }
    } else {
      const std::string& word = line;
      const auto as = lex->analyses(word);
      if (as.empty()) {
        out << guillemets(word) << " n’est pas dans le dictionnaire.\n";
        continue;
      }
      out << guillemets(word) << " "
          << (lex->contains(word) ? "est un mot valide" : "n’est pas un nom commun (nom propre, sigle…)")
          << ".\n";
      for (const auto& a : as)
        out << "  " << a.form << "\u00a0: " << describe(a) << ", de " << guillemets(a.lemma) << "\n";
      if (const auto r = lex->frequency_rank(word)) out << "  rang de fréquence\u00a0: " << *r << "\n";
    }
  }
  out << "\nÀ bientôt\u00a0!\n";
  return 0;
}

int demo_command(std::span<const std::string> args, std::string lexicon_path) {
  Args cli("demo", lexicon_path);
  cli.about("  an interactive tour of the word referee (words on stdin)\n");
  if (auto done = cli.parse(args)) return *done;
  return run_demo(lexicon_path, std::cin, std::cout);
}

}  // namespace logomachie::cli
