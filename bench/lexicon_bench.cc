// Micro-benchmarks of the lexicon library (Google Benchmark).
//
//   build/release/bench/lexicon_bench [--benchmark_min_time=0.2] [--benchmark_filter=Contains]
//
// The lexicon is LOGO_LEXICON_FILE (the build's fr.lex), or $LOGOMACHIE_LEXICON
// when set. Query benchmarks run over a fixed word list derived
// deterministically from the base words below (see make_words()), so runs on
// different lexicon versions stay comparable; each reports items/second, one
// item being one word (or one pair for BM_Relate).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace {

namespace lx = logomachie::lexicon;

std::filesystem::path lexicon_path() {
  if (const char* env = std::getenv("LOGOMACHIE_LEXICON"); env != nullptr && *env != '\0') {
    return env;
  }
  return LOGO_LEXICON_FILE;
}

const lx::Lexicon& shared_lexicon() {
  static const lx::Lexicon lex = lx::Lexicon::open(lexicon_path());
  return lex;
}

// Base words: nouns, verbs (several tenses), adjectives, adverbs, grammatical
// words, compounds, elisions, ligatures, a few proper nouns and plain mistakes.
constexpr std::string_view kBaseWords[] = {
    "cheval",
    "chevaux",
    "maison",
    "élève",
    "élevé",
    "école",
    "château",
    "chat",
    "chien",
    "pomme",
    "pomme de terre",
    "arc-en-ciel",
    "porte-monnaie",
    "portefeuille",
    "aujourd’hui",
    "aujourd'hui",
    "œil",
    "yeux",
    "cœur",
    "sœur",
    "œuvre",
    "nœud",
    "bœuf",
    "ex-æquo",
    "science",
    "scientifique",
    "être",
    "sommes",
    "étions",
    "serons",
    "été",
    "avoir",
    "eûmes",
    "aurons",
    "ont",
    "faire",
    "fîmes",
    "faites",
    "ferons",
    "aller",
    "irons",
    "allâmes",
    "vais",
    "finir",
    "finissions",
    "fini",
    "prendre",
    "prîmes",
    "pris",
    "venir",
    "vînmes",
    "voir",
    "vîmes",
    "vu",
    "savoir",
    "sûmes",
    "pouvoir",
    "pûmes",
    "vouloir",
    "voulûmes",
    "manger",
    "mangeâmes",
    "mangeons",
    "chanter",
    "chantâmes",
    "chanteuse",
    "céder",
    "cédât",
    "jeter",
    "jetteront",
    "appeler",
    "appellerions",
    "acheter",
    "achèterait",
    "créer",
    "créée",
    "naître",
    "naquît",
    "croître",
    "crûment",
    "déjà",
    "là",
    "où",
    "à",
    "ça",
    "très",
    "après",
    "près",
    "dès",
    "frère",
    "mère",
    "père",
    "fenêtre",
    "forêt",
    "hôpital",
    "hôtel",
    "île",
    "maïs",
    "noël",
    "Noël",
    "Paris",
    "Marie",
    "Jean-Pierre",
    "français",
    "garçon",
    "leçon",
    "façade",
    "reçu",
    "ambiguë",
    "naïf",
    "égoïste",
    "canoë",
    "piqûre",
    "général",
    "généralement",
    "rapidement",
    "évidemment",
    "lentement",
    "vraiment",
    "beau",
    "belle",
    "beaux",
    "nouveau",
    "nouvelle",
    "vieux",
    "vieille",
    "heureux",
    "malheureux",
    "heureusement",
    "travail",
    "travaux",
    "ciel",
    "cieux",
    "eau",
    "eaux",
    "jardin",
    "jardinier",
    "boulanger",
    "boulangerie",
    "fleur",
    "fleuriste",
    "dent",
    "dentiste",
    "nation",
    "national",
    "nationalité",
    "roi",
    "royaume",
    "lait",
    "laitier",
    "terre",
    "terrain",
    "soleil",
    "lune",
    "étoile",
    "planète",
    "univers",
    "ordinateur",
    "téléphone",
    "bibliothèque",
    "anticonstitutionnellement",
    "intergouvernementalisation",
    "électroencéphalogramme",
    "qu’est-ce",
    "peut-être",
    "c’est-à-dire",
    "quelqu’un",
    "grand-mère",
    "grands-mères",
    "après-midi",
    "week-end",
    "kilomètre",
    "km",
    "XIV",
    "le",
    "la",
    "les",
    "un",
    "une",
    "des",
    "du",
    "de",
    "et",
    "ou",
    "mais",
    "donc",
    "car",
    "ni",
    "que",
    "qui",
    "quoi",
    "dont",
    "je",
    "tu",
    "il",
    "elle",
    "nous",
    "vous",
    "ils",
    "mon",
    "ton",
    "son",
    "notre",
    "votre",
    "leur",
    "ce",
    "cette",
    "ces",
    "celui",
    "deux",
    "trois",
    "quatre",
    "vingt",
    "cent",
    "mille",
    "monsieur",
    "madame",
    "hélas",
    "bof",
    "chevals",
    "mangeai",
    "mangeais",
    "recevoir",
    "reçûmes",
    "ecole",
    "chatte",
    "chatons",
    "asdfgh",
    "qwertz",
    "zzzz",
    "bonjourr",
    "lexique",
    "dictionnaire",
    "orthographe",
};

// Removes French accents (and splits ligatures) from UTF-8 text; other bytes kept.
std::string strip_accents(std::string_view s) {
  static const std::pair<std::string_view, std::string_view> kMap[] = {
      {"à", "a"}, {"â", "a"}, {"ä", "a"}, {"á", "a"},  {"ç", "c"},  {"é", "e"}, {"è", "e"},
      {"ê", "e"}, {"ë", "e"}, {"î", "i"}, {"ï", "i"},  {"ô", "o"},  {"ö", "o"}, {"ù", "u"},
      {"û", "u"}, {"ü", "u"}, {"ÿ", "y"}, {"œ", "oe"}, {"æ", "ae"}, {"É", "E"}, {"È", "E"},
      {"À", "A"}, {"Ç", "C"}, {"Î", "I"}, {"Ô", "O"},  {"’", "'"},
  };
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    bool replaced = false;
    for (const auto& [from, to] : kMap) {
      if (s.compare(i, from.size(), from) == 0) {
        out += to;
        i += from.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += s[i++];
  }
  return out;
}

// ~2,000 inputs: each base word as written, without accents, capitalised,
// upper-cased, with a plural -s, with "re-"/"-ment" added, and three typo
// kinds (swap, drop, double), plus a few hostile inputs. Roughly half are words.
std::vector<std::string> make_words() {
  std::vector<std::string> words;
  for (const std::string_view base : kBaseWords) {
    const std::string plain = strip_accents(base);  // ASCII for every base word above
    std::string capital = plain;
    std::string upper = plain;
    for (char& c : upper) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    if (!capital.empty() && capital[0] >= 'a' && capital[0] <= 'z') capital[0] = upper[0];
    const std::size_t mid = plain.size() / 2;
    std::string swapped = plain;
    if (plain.size() >= 3) std::swap(swapped[mid - 1], swapped[mid]);
    std::string dropped = plain;
    if (plain.size() >= 3) dropped.erase(mid, 1);
    std::string doubled = plain;
    if (!plain.empty()) doubled.insert(mid, 1, plain[mid]);

    words.emplace_back(base);
    words.push_back(plain);
    words.push_back(capital);
    words.push_back(upper);
    words.push_back(std::string(base) + "s");
    words.push_back("re" + std::string(base));
    words.push_back(std::string(base) + "ment");
    words.push_back(swapped);
    words.push_back(dropped);
    words.push_back(doubled);
  }
  words.emplace_back("");
  words.emplace_back("   ");
  words.emplace_back("\xff\xfe");               // invalid UTF-8
  words.emplace_back("e\xcc\x81le\xcc\x80ve");  // "élève" with combining accents
  words.emplace_back(300, 'a');                 // longer than kMaxWordBytes
  words.emplace_back("L’ÉCOLE");
  return words;
}

const std::vector<std::string>& words() {
  static const std::vector<std::string> list = make_words();
  return list;
}

// Pairs for relate(): inflections, compounds, derivatives, look-alikes, unknown words.
constexpr std::pair<std::string_view, std::string_view> kPairs[] = {
    {"cheval", "chevaux"},
    {"science", "scientifique"},
    {"chat", "château"},
    {"pomme", "pomme de terre"},
    {"œil", "yeux"},
    {"aller", "irons"},
    {"cheval", "cheval-vapeur"},
    {"porte", "portefeuille"},
    {"mer", "merci"},
    {"lion", "million"},
    {"être", "sommes"},
    {"avoir", "eûmes"},
    {"faire", "fîmes"},
    {"grand", "grandes"},
    {"finir", "finissions"},
    {"table", "tablette"},
    {"jardin", "jardinier"},
    {"lait", "laitier"},
    {"dent", "dentiste"},
    {"boulanger", "boulangerie"},
    {"fleur", "fleuriste"},
    {"chanter", "chanteur"},
    {"manger", "mangeons"},
    {"voir", "vu"},
    {"prendre", "pris"},
    {"nation", "national"},
    {"beau", "belle"},
    {"nouveau", "nouvelle"},
    {"vieux", "vieille"},
    {"roi", "royaume"},
    {"pain", "copain"},
    {"main", "maintenant"},
    {"arc", "arc-en-ciel"},
    {"ciel", "cieux"},
    {"travail", "travaux"},
    {"eau", "eaux"},
    {"bon", "bonté"},
    {"heureux", "malheureux"},
    {"faire", "défaire"},
    {"venir", "souvenir"},
    {"terre", "terrain"},
    {"vent", "ventilateur"},
    {"feu", "feuille"},
    {"sol", "soleil"},
    {"poisson", "poison"},
    {"chant", "champ"},
    {"lire", "livre"},
    {"pomme", "pommier"},
    {"cerise", "cerisier"},
    {"eleve", "élèves"},
    {"grand-mère", "mère"},
    {"xyzzy", "xyzzys"},
    {"chevaux", "CHEVAL"},
};

void BM_Open(benchmark::State& state) {
  const std::filesystem::path path = lexicon_path();
  for (auto _ : state) {
    lx::Lexicon lex = lx::Lexicon::open(path);
    benchmark::DoNotOptimize(lex.form_count());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Open);

void BM_Contains(benchmark::State& state) {
  const lx::Lexicon& lex = shared_lexicon();
  const std::vector<std::string>& list = words();
  std::size_t accepted = 0;
  for (const std::string& w : list) accepted += lex.contains(w) ? 1 : 0;
  for (auto _ : state) {
    std::size_t hits = 0;
    for (const std::string& w : list) hits += lex.contains(w) ? 1 : 0;
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(list.size()));
  state.counters["words"] = static_cast<double>(list.size());
  state.counters["accepted"] = static_cast<double>(accepted) / static_cast<double>(list.size());
}
BENCHMARK(BM_Contains);

void BM_MatchKey(benchmark::State& state) {
  const std::vector<std::string>& list = words();
  for (auto _ : state) {
    std::size_t bytes = 0;
    for (const std::string& w : list) {
      const std::optional<std::string> key = lx::match_key(w);
      bytes += key ? key->size() : 0;
    }
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(list.size()));
}
BENCHMARK(BM_MatchKey);

void BM_Relate(benchmark::State& state) {
  const lx::Lexicon& lex = shared_lexicon();
  for (auto _ : state) {
    unsigned sum = 0;
    for (const auto& [base, other] : kPairs) sum += static_cast<unsigned>(lex.relate(base, other));
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(std::size(kPairs)));
}
BENCHMARK(BM_Relate);

void BM_Analyses(benchmark::State& state) {
  const lx::Lexicon& lex = shared_lexicon();
  const std::vector<std::string>& list = words();
  std::size_t readings = 0;
  for (const std::string& w : list) readings += lex.analyses(w).size();
  for (auto _ : state) {
    std::size_t n = 0;
    for (const std::string& w : list) n += lex.analyses(w).size();
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(list.size()));
  state.counters["readings/word"] = static_cast<double>(readings) / static_cast<double>(list.size());
}
BENCHMARK(BM_Analyses);

}  // namespace

BENCHMARK_MAIN();
