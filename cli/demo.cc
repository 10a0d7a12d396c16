#include "demo.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "lexicon/lexicon.h"

namespace logomachie::cli {
namespace {

std::string_view relation_fr(lexicon::Relation r) {
  switch (r) {
    case lexicon::Relation::kInflection: return "même mot (forme fléchie)";
    case lexicon::Relation::kCompound: return "mot composé qui le contient";
    case lexicon::Relation::kDerivative: return "même famille (dérivé)";
    case lexicon::Relation::kUnrelated: return "aucun lien";
  }
  return "aucun lien";
}

void help(std::ostream& out) {
  out << "Commandes :\n"
         "  MOT                  le mot existe-t-il ? lemme, nature, fréquence\n"
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
    std::cerr << "Impossible d’ouvrir le lexique : " << e.what() << "\n";
    return 1;
  }
  out << "Bienvenue dans Logomachie ! Le serveur de jeu arrive bientôt ;\n"
         "en attendant, voici l’arbitre des mots (" << lex->form_count() << " formes).\n";
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
        out << "Il me faut deux mots : lien MOT1 MOT2\n";
        continue;
      }
      out << "« " << b << " » par rapport à « " << a << " » : " << relation_fr(lex->relate(a, b)) << "\n";
    } else if (cmd == "famille") {
      std::string w;
      if (!(words >> w)) { out << "Il me faut un mot : famille MOT\n"; continue; }
      const auto fam = lex->family_of(w);
      if (fam.empty()) out << "Je ne connais pas « " << w << " ».\n";
      for (const auto l : fam) out << "  " << l << "\n";
    } else if (cmd == "synonymes") {
      std::string w;
      if (!(words >> w)) { out << "Il me faut un mot : synonymes MOT\n"; continue; }
      const auto senses = lex->synonyms(w);
      if (senses.empty()) out << "Pas de synonymes pour « " << w << " ».\n";
      for (const auto& s : senses) {
        out << "  " << s.label << " ";
        for (std::size_t i = 0; i < s.words.size() && i < 12; ++i) out << (i ? ", " : "") << s.words[i];
        out << "\n";
      }
    } else {
      std::string word = line;
      const auto as = lex->analyses(word);
      if (as.empty()) {
        out << "« " << word << " » n’est pas dans le dictionnaire.\n";
        continue;
      }
      out << "« " << word << " » " << (lex->contains(word) ? "est un mot valide" : "n’est pas un nom commun (nom propre, sigle…)") << ".\n";
      for (const auto& a : as) out << "  " << a.form << " ← " << a.lemma << "  " << a.tag << "\n";
      if (const auto r = lex->frequency_rank(word)) out << "  rang de fréquence : " << *r << "\n";
    }
  }
  out << "\nÀ bientôt !\n";
  return 0;
}

}  // namespace logomachie::cli
