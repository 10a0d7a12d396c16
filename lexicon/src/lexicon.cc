#include "lexicon/lexicon.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <span>

#include "format.h"
#include "hash.h"
#include "lexicon/normalize.h"
#include "lexicon/numbers.h"
#include "utf8.h"

namespace logomachie::lexicon {

using format::StrRef;

struct Lexicon::Impl {
  int fd = -1;
  const char* base = nullptr;
  std::size_t size = 0;
  const format::Header* header = nullptr;

  std::string_view strings;
  std::span<const format::Group> groups;
  std::span<const uint32_t> hash;
  std::span<const format::Form> forms;
  std::span<const format::Analysis> analyses;
  std::span<const format::Lemma> lemmas;
  std::span<const uint32_t> lemma_forms;
  std::span<const uint32_t> lemma_parts;
  std::span<const format::Tag> tags;
  std::span<const format::SynEntry> syn_entries;
  std::span<const format::SynSense> syn_senses;
  std::span<const StrRef> syn_words;
  std::span<const format::SynReverse> syn_reverse;
  std::span<const format::AssocEntry> assoc_entries;
  std::span<const StrRef> assoc_words;
  std::span<const format::SynReverse> assoc_reverse;
  unsigned group_bits = 0;  // see make_slot() in hash.h
  uint32_t group_mask = 0;

  ~Impl() {
    if (base != nullptr) munmap(const_cast<char*>(base), size);
    if (fd >= 0) close(fd);
  }

  std::string_view str(StrRef r) const { return strings.substr(r.offset, r.length); }

  // The headwords whose lists hold `word`, through a reverse index sorted by
  // key (the thesaurus's, or our associations').
  template <typename Entry>
  std::vector<std::string_view> heads_listing(std::span<const format::SynReverse> reverse,
                                              std::span<const Entry> entries, std::string_view word) const {
    std::vector<std::string_view> out;
    const auto key = match_key(word);
    if (!key) return out;
    auto it =
        std::lower_bound(reverse.begin(), reverse.end(), *key,
                         [&](const format::SynReverse& e, const std::string& k) { return str(e.key) < k; });
    for (; it != reverse.end() && str(it->key) == *key; ++it) out.push_back(str(entries[it->entry].headword));
    return out;
  }

  template <typename T>
  std::span<const T> section(format::Section id) const {
    const auto& s = header->sections[id];
    return {reinterpret_cast<const T*>(base + s.offset), static_cast<std::size_t>(s.size / sizeof(T))};
  }

  // Index of the group whose key is exactly `key`, or -1.
  int64_t find_group(std::string_view key) const { return find_group_hashed(key, key_hash(key)); }
  int64_t find_group_hashed(std::string_view key, uint64_t h) const {
    if (hash.empty()) return -1;
    const std::size_t mask = hash.size() - 1;
    for (std::size_t slot = h & mask;; slot = (slot + 1) & mask) {
      const uint32_t v = hash[slot];
      if (v == 0) return -1;
      if (!slot_may_match(v, h, group_bits)) continue;
      const uint32_t g = (v & group_mask) - 1;
      if (g < groups.size() && str(groups[g].key) == key) return g;
    }
  }

  std::span<const format::Form> forms_of_group(const format::Group& g) const {
    return forms.subspan(g.forms_begin, g.forms_count);
  }
  std::span<const format::Analysis> analyses_of(const format::Form& f) const {
    return analyses.subspan(f.analyses_begin, f.analyses_count);
  }

  // Lemma indices of every analysis of every form with match key `key`. When
  // `written` (the word as given, case-folded but with its accents) is one of
  // those forms exactly, only that form counts: "mur" is not "mûr", but a
  // player who types "eleve" may mean élève or élevé.
  std::vector<uint32_t> lemmas_of_key(std::string_view key, std::string_view written = {}) const {
    std::vector<uint32_t> out;
    const int64_t g = find_group(key);
    if (g < 0) return out;
    bool exact = false;
    if (!written.empty()) {
      for (const auto& f : forms_of_group(groups[g])) {
        // Only a common word spelt so counts: "eclipse" typed is not the
        // place Eclipse but éclipse without its accent.
        if ((f.flags & format::kFormCommon) && fold_case(str(f.text)) == written) exact = true;
      }
    }
    for (const auto& f : forms_of_group(groups[g])) {
      if (exact && fold_case(str(f.text)) != written) continue;
      for (const auto& a : analyses_of(f)) out.push_back(a.lemma);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // What a reading is, coarsely: nominal (nouns, adjectives, adverbs, numbers),
  // verbal, or a function word. A lemma read several ways has several bits.
  static uint8_t class_of(const format::Tag& t) {
    uint8_t c = 0;
    if (t.pos & (kNoun | kAdjective | kAdverb | kNumber | kTitle | kInterjection)) c |= kNominalClass;
    if (t.pos & kVerb) c |= kVerbalClass;
    if (t.pos & kGrammatical) c |= kFunctionClass;
    return c != 0 ? c : kNominalClass;
  }
  static constexpr uint8_t kNominalClass = 1, kVerbalClass = 2, kFunctionClass = 4;

  struct LemmaRead {
    uint32_t lemma;
    uint8_t classes;  // class_of() of its readings, or-ed
  };

  // The lemmas relate() compares for `key`: lemmas_of_key(), then
  //  - the reading the caller asks for (see Reading in lexicon.h), and
  //  - readings of rare lemmas yield to readings of attested ones (a French
  //    speaker reads "vente" as the sale, not the rare verb venter), unless
  //    the other word is that lemma (`keep`: "venter" and "vente" are one verb).
  //  `keep_all`: `keep` also survives the reading asked for (the other word's
  //  readings that the base has: "bois" against "boire").
  // `common_only`: the word was typed with no capital; its proper-noun
  // readings yield to its common ones.
  // `families`: when the sentence asks for a verb (kVerb), a rare verb of
  // one of these families (a noun or adjective base's) is read as if attested (« il mue » against the
  // trap « mue » is muer, not mouvoir's participle; « il rayonne » against
  // « rayon » is rayonner, not the fabric).
  std::vector<LemmaRead> read_lemmas(std::string_view key, std::string_view written, Reading reading,
                                     const std::vector<uint32_t>& keep, bool keep_all = false,
                                     const std::vector<uint32_t>& families = {},
                                     bool common_only = false) const {
    auto rare = [&](uint32_t lemma) {
      return (lemmas[lemma].flags & format::kLemmaAttested) == 0 &&
             !(reading == Reading::kVerb &&
               std::find(families.begin(), families.end(), lemmas[lemma].family) != families.end());
    };
    struct Read {
      uint32_t lemma;
      const format::Tag* tag;
    };
    std::vector<Read> reads;
    const int64_t g = find_group(key);
    if (g < 0) return {};
    // Which forms are spelt as written (case folded once per form).
    const auto forms = forms_of_group(groups[g]);
    std::vector<char> spelt;
    bool exact = false;
    if (!written.empty()) {
      spelt.reserve(forms.size());
      for (const auto& f : forms) {
        spelt.push_back(fold_case(str(f.text)) == written);
        exact = exact || (spelt.back() && (f.flags & format::kFormCommon));
      }
    }
    if (exact && reading != Reading::kEvery) {
      // Typed without its accent, a word a table says is not a verb in a
      // literary tense spelt so: "voila" is voilà, not voiler's simple past.
      bool literary_only = true;
      std::size_t i = 0;
      for (const auto& f : forms) {
        if (!spelt[i++]) continue;
        for (const auto& a : analyses_of(f)) {
          const auto& t = tags[a.tag];
          literary_only = literary_only && (t.pos & kVerb) && t.moods &&
                          (t.moods & ~(kIndicativeSimplePast | kSubjunctiveImperfect)) == 0;
        }
      }
      if (literary_only) exact = false;
    }
    std::size_t i = 0;
    for (const auto& f : forms) {
      if (exact && !spelt[i++]) continue;
      for (const auto& a : analyses_of(f)) reads.push_back({a.lemma, &tags[a.tag]});
    }
    auto drop_if = [&](auto&& unwanted) {
      // Never drops every reading.
      const bool any_kept =
          std::any_of(reads.begin(), reads.end(), [&](const Read& r) { return !unwanted(r); });
      if (any_kept) std::erase_if(reads, unwanted);
    };
    // A word typed with no capital that has common readings is not a name.
    if (common_only) drop_if([](const Read& r) { return !r.tag->common; });
    switch (reading) {
      case Reading::kNoun:
        drop_if([](const Read& r) { return (r.tag->pos & kNoun) == 0; });
        break;
      case Reading::kNominal:
        drop_if([](const Read& r) { return (r.tag->pos & (kNoun | kAdjective)) == 0; });
        // A participle used as an adjective yields to a noun or adjective of
        // its own: "le bus" is not boire's participle.
        drop_if([](const Read& r) { return (r.tag->pos & kVerb) != 0; });
        break;
      case Reading::kVerb:
        // Attested verbs only: "pomme" after "on" is not the rare pommer.
        drop_if([&](const Read& r) { return (r.tag->pos & kVerb) == 0 || rare(r.lemma); });
        break;
      case Reading::kNonFinite:
        drop_if([](const Read& r) {
          return (r.tag->pos & kVerb) != 0 &&
                 (r.tag->moods & (kInfinitive | kPastParticiple | kPresentParticiple)) == 0;
        });
        break;
      case Reading::kFunction:
        drop_if([](const Read& r) { return (r.tag->pos & kGrammatical) == 0; });
        break;
      default:
        break;
    }
    if (reading == Reading::kNoun || reading == Reading::kDominant) {
      // A word written alone on a list is a content word: "car" is the coach,
      // "vers" a line of poetry, not the conjunction and the preposition.
      drop_if([](const Read& r) { return (r.tag->pos & ~(kGrammatical | kOtherPos)) == 0; });
      const bool noun =
          std::any_of(reads.begin(), reads.end(), [](const Read& r) { return (r.tag->pos & kNoun) != 0; });
      if (noun) {
        drop_if([&](const Read& r) {
          return (r.tag->pos & kVerb) != 0 && (r.tag->moods & kInfinitive) == 0 &&
                 !(keep_all && std::find(keep.begin(), keep.end(), r.lemma) != keep.end());
        });
      }
    }
    if (reading != Reading::kEvery) {
      // A third person plural spelt as a noun or an adjective is that noun
      // or adjective unless the sentence asks for a verb: "violent",
      // "content", "parent" are not violer, conter, parer.
      if (reading != Reading::kVerb && std::any_of(reads.begin(), reads.end(), [](const Read& r) {
            return (r.tag->pos & kVerb) == 0 && (r.tag->pos & (kNoun | kAdjective));
          })) {
        drop_if([](const Read& r) { return (r.tag->pos & kVerb) != 0 && r.tag->persons == k3p; });
      }
    }
    if (reading == Reading::kNominal || reading == Reading::kVerb || reading == Reading::kNonFinite ||
        reading == Reading::kFunction) {
      // In a sentence, être and avoir win over another verb spelt the same:
      // "je suis" is être, not suivre; "nous sommes" not sommer.
      auto auxiliary = [&](const Read& r) {
        const auto t = str(lemmas[r.lemma].text);
        return (r.tag->pos & kVerb) != 0 && (t == "être" || t == "avoir");
      };
      if (std::any_of(reads.begin(), reads.end(), auxiliary)) {
        drop_if([&](const Read& r) { return (r.tag->pos & kVerb) != 0 && !auxiliary(r); });
      }
      // In a sentence (the caller read the word's context), tenses a table
      // never hears in a clue yield to any other reading: the simple past
      // and the imperfect subjunctive ("je vis" is not voir's, "de plus en
      // plus" not plaire's), even against the verb itself.
      constexpr MoodSet kLiterary = kIndicativeSimplePast | kSubjunctiveImperfect;
      drop_if([](const Read& r) {
        return (r.tag->pos & kVerb) != 0 && r.tag->moods != 0 && (r.tag->moods & ~kLiterary) == 0;
      });
      // After a pronoun, a conjugated form of a verb of every sentence wins
      // over another verb's of the same person: "nous allions" is aller,
      // not allier; "il faut" falloir, not faillir.
      if (reading == Reading::kVerb) {
        constexpr MoodSet kFinite = kIndicativePresent | kIndicativeImperfect | kIndicativeFuture |
                                    kConditional | kSubjunctivePresent | kImperative;
        auto light = [&](const Read& r) {
          const auto t = str(lemmas[r.lemma].text);
          return (r.tag->pos & kVerb) != 0 && (r.tag->moods & kFinite) != 0 &&
                 (t == "être" || t == "avoir" || t == "faire" || t == "aller" || t == "dire" || t == "voir" ||
                  t == "pouvoir" || t == "vouloir" || t == "savoir" || t == "devoir" || t == "venir" ||
                  t == "devenir" || t == "prendre" || t == "mettre" || t == "tenir" || t == "falloir");
        };
        PersonSet persons = 0;
        for (const auto& r : reads) {
          if (light(r)) persons |= r.tag->persons;
        }
        if (persons) {
          drop_if([&](const Read& r) {
            return (r.tag->pos & kVerb) != 0 && (r.tag->moods & kFinite) != 0 && !light(r) &&
                   (r.tag->persons & persons) != 0;
          });
        }
      }
      // A present participle yields to an adverb or a preposition spelt the
      // same ("maintenant", "pendant"), unless the sentence asks for a verb
      // ("en maintenant": kNonFinite, kVerb).
      if (reading != Reading::kVerb && reading != Reading::kNonFinite &&
          std::any_of(reads.begin(), reads.end(), [](const Read& r) {
            return (r.tag->pos & kVerb) == 0 && (r.tag->pos & (kAdverb | kGrammatical)) != 0;
          })) {
        drop_if(
            [](const Read& r) { return (r.tag->pos & kVerb) != 0 && r.tag->moods == kPresentParticiple; });
      }
    }
    // After the reading asked for (a deck noun stays a noun even when rare).
    drop_if([&](const Read& r) {
      return rare(r.lemma) && std::find(keep.begin(), keep.end(), r.lemma) == keep.end();
    });
    std::vector<LemmaRead> out;
    for (const Read& r : reads) {
      const auto it =
          std::find_if(out.begin(), out.end(), [&](const LemmaRead& x) { return x.lemma == r.lemma; });
      if (it == out.end())
        out.push_back({r.lemma, class_of(*r.tag)});
      else
        it->classes |= class_of(*r.tag);
    }
    return out;
  }

  std::vector<uint32_t> readings(std::string_view key, std::string_view written, Reading reading,
                                 const std::vector<uint32_t>& keep, bool keep_all = false) const {
    std::vector<uint32_t> out;
    for (const auto& r : read_lemmas(key, written, reading, keep, keep_all)) out.push_back(r.lemma);
    std::sort(out.begin(), out.end());
    return out;
  }

  // True when `key` has an attested finite verb reading (the "porte" of
  // porte-clé) and `next` a noun reading and no adjective reading: a
  // verb–noun compound (not coffre-fort).
  bool verb_noun_compound(std::string_view key, std::string_view next) const {
    bool verb = false, noun = false;
    const int64_t g = find_group(key), h = find_group(next);
    if (g < 0 || h < 0) return false;
    for (const auto& f : forms_of_group(groups[g])) {
      for (const auto& a : analyses_of(f)) {
        const auto& t = tags[a.tag];
        verb = verb || ((t.pos & kVerb) && (t.moods & kIndicativePresent) &&
                        (lemmas[a.lemma].flags & format::kLemmaAttested));
      }
    }
    bool adjective = false;  // coffre-fort is a noun and its adjective
    for (const auto& f : forms_of_group(groups[h])) {
      for (const auto& a : analyses_of(f)) {
        noun = noun || (tags[a.tag].pos & kNoun);
        adjective = adjective || (tags[a.tag].pos & kAdjective);
      }
    }
    return verb && noun && !adjective;
  }

  // The parts of speech and genders of the common-word form spelt exactly
  // `written` (case-folded, accents kept) among those with key `key`; 0 when
  // it is not one ("Pres", a title abbreviation, does not count).
  uint64_t exact_signature(std::string_view key, std::string_view written) const {
    uint64_t sig = 0;
    const int64_t g = find_group(key);
    if (g < 0) return 0;
    for (const auto& f : forms_of_group(groups[g])) {
      if ((f.flags & format::kFormCommon) == 0 || fold_case(str(f.text)) != written) continue;
      for (const auto& a : analyses_of(f)) {
        const auto& t = tags[a.tag];
        if (!t.common) continue;
        sig |= (t.pos & (kNoun | kAdjective | kVerb | kAdverb | kGrammatical | kInterjection | kNumber)) |
               (uint64_t{1} << (32 + t.gender));
      }
    }
    return sig;
  }

  // True when `written` is a thesaurus headword as spelt (accents kept).
  bool is_headword(std::string_view key, std::string_view written) const {
    auto it = std::lower_bound(syn_entries.begin(), syn_entries.end(), key,
                               [&](const format::SynEntry& e, std::string_view k) { return str(e.key) < k; });
    for (; it != syn_entries.end() && str(it->key) == key; ++it) {
      if (fold_case(str(it->headword)) == written) return true;
    }
    return false;
  }

  // Two spellings with the same key (`a`, `b`: case-folded, accents kept)
  // are two words, not one typed with or without accents, when both are
  // dictionary forms and either both are thesaurus headwords (mur/mûr,
  // côte/cote, tâche/tache) or they share no part of speech or gender
  // (pâle/pale, maïs/mais, forêt/foret). The 1990 spellings (ile, gout,
  // piqure) are neither: they stay the word they respell.
  bool distinct_spellings(std::string_view key, std::string_view a, std::string_view b) const {
    const uint64_t sa = exact_signature(key, a), sb = exact_signature(key, b);
    if (sa == 0 || sb == 0) return false;
    if (is_headword(key, a) && is_headword(key, b)) return true;
    const uint64_t pos_mask = 0xFFFFFFFFu, gender_mask = ~pos_mask;
    const bool nouns_only = (sa & pos_mask) == kNoun && (sb & pos_mask) == kNoun;
    return (sa & sb & pos_mask) == 0 ||
           (nouns_only && (sa & gender_mask & ~(uint64_t{1} << 32)) != 0 &&
            (sb & gender_mask & ~(uint64_t{1} << 32)) != 0 && (sa & sb & gender_mask) == 0);
  }

  // True when every analysis of `key` is a grammatical word (de, la, d', à…):
  // such parts never make two compounds related.
  bool is_function_word(std::string_view key) const {
    const int64_t g = find_group(key);
    if (g < 0) return key.size() < 2;
    bool any = false;
    for (const auto& f : forms_of_group(groups[g])) {
      for (const auto& a : analyses_of(f)) {
        if ((tags[a.tag].pos & ~(kGrammatical | kOtherPos)) != 0) return false;
        any = true;
      }
    }
    return any;
  }

  // Keys are match keys; `wb`/`wo` the same words case-folded with accents
  // (empty when unknown, e.g. for parts of compounds).
  // `other_lower`: the other word was typed with no capital (Prepared::lower).
  Relation relate_simple(std::string_view kb, std::string_view ko, std::string_view wb = {},
                         std::string_view wo = {}, Reading reading = Reading::kEvery,
                         Reading other_reading = Reading::kEvery, bool other_lower = false) const;
  Relation relate_keys(std::string_view kb, std::string_view ko, std::string_view wb, std::string_view wo,
                       Reading reading, Reading other_reading, bool other_lower = false) const;
};

namespace {

std::vector<std::string_view> split_compound(std::string_view key) {
  std::vector<std::string_view> parts;
  std::size_t i = 0;
  while (i <= key.size()) {
    const std::size_t j = key.find_first_of(" -'", i);
    const std::size_t end = j == std::string_view::npos ? key.size() : j;
    if (end > i) parts.push_back(key.substr(i, end - i));
    if (j == std::string_view::npos) break;
    i = j + 1;
  }
  return parts;
}

// For words the dictionary does not know: a plain plural or feminine ending.
bool looks_inflected(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (!b.starts_with(a) || a.size() < 3) return false;
  const std::string_view rest = b.substr(a.size());
  return rest == "s" || rest == "x" || rest == "e" || rest == "es";
}

bool intersects(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  for (const uint32_t x : a) {
    if (std::find(b.begin(), b.end(), x) != b.end()) return true;
  }
  return false;
}

}  // namespace

Relation Lexicon::Impl::relate_simple(std::string_view kb, std::string_view ko, std::string_view wb,
                                      std::string_view wo, Reading reading, Reading other_reading,
                                      bool other_lower) const {
  const bool context = other_reading != Reading::kEvery && other_reading != Reading::kDominant;
  if (kb == ko) {
    // Same letters once accents are folded: the same word typed with or
    // without its accents (élève/eleve), unless both were written with
    // accents that make them two different dictionary words (mûr/mur,
    // forêt/foret, marche/marché): then their readings decide. When the
    // sentence tells how the other word reads, the readings decide too
    // ("je bois" against "bois"), the other word taken as spelt like the
    // base if it is only that word with or without accents (chaine, chaîne).
    const bool distinct = !wb.empty() && !wo.empty() && wb != wo && distinct_spellings(kb, wb, wo);
    if (!distinct && !context) return Relation::kInflection;
    // …except a function word typed as itself where the sentence reads one:
    // « mais » before « ça » is the conjunction, not « maïs » typed without
    // its diaeresis; « ou » is not « où », « la » not « là ».
    const bool function_as_typed = other_reading == Reading::kFunction && !wo.empty() && wb != wo &&
                                   (exact_signature(ko, wo) & kGrammatical) != 0;
    if (!distinct && !function_as_typed) wo = wb;
  }
  const auto rb = read_lemmas(kb, wb, reading, lemmas_of_key(ko, wo));
  std::vector<uint32_t> lb;
  lb.reserve(rb.size());
  for (const auto& r : rb) lb.push_back(r.lemma);
  // The other word (what a player said) is read as its sentence tells when
  // the caller knows (context), else every way when the base is, else as
  // dominant too, except for the readings the base itself has: "bois" said
  // against the trap "boire" is still boire's, but "content" said against
  // "conte" is not the verb conter.
  // A noun or adjective base lends its family to a rare verb (« il mue »
  // against « mue »); a verb base does not (« j'ouvre » is ouvrir, not the
  // rare trap ouvrer).
  std::vector<uint32_t> families_b;
  if (other_reading == Reading::kVerb) {
    for (const auto& r : rb) {
      if (r.classes == kNominalClass) families_b.push_back(lemmas[r.lemma].family);
    }
  }
  // A lowercase other word loses its proper readings only against a base
  // read as a referee reads it: Reading::kEvery stays symmetric.
  const bool no_names = other_lower && reading != Reading::kEvery;
  const auto ro = context ? read_lemmas(ko, wo, other_reading, lb, false, families_b, no_names)
                  : reading == Reading::kEvery
                      ? read_lemmas(ko, wo, Reading::kEvery, lemmas_of_key(kb, wb))
                      : read_lemmas(ko, wo, Reading::kDominant, lb, true, {}, no_names);
  if (rb.empty() || ro.empty()) {
    if (kb == ko) return Relation::kInflection;
    return looks_inflected(kb, ko) ? Relation::kInflection : Relation::kUnrelated;
  }
  std::vector<uint32_t> lo, canon_b, canon_o, fam_b, fam_o;
  for (const auto& r : ro) lo.push_back(r.lemma);
  for (const uint32_t l : lb) {
    canon_b.push_back(lemmas[l].canonical);
    fam_b.push_back(lemmas[l].family);
  }
  for (const auto& r : ro) {
    canon_o.push_back(lemmas[r.lemma].canonical);
    // A function word has no family ("car" the conjunction is not autocar's).
    if (!context || r.classes != kFunctionClass) fam_o.push_back(lemmas[r.lemma].family);
  }
  // One word: a shared canonical lemma, read the same way when the context
  // says how the other word is read, or when the base is a deck noun (the
  // noun devoir is not the verb's « doit »: that is its family, no more).
  const bool need_class = context || reading == Reading::kNoun;
  for (const auto& b : rb) {
    for (const auto& o : ro) {
      if (lemmas[b.lemma].canonical == lemmas[o.lemma].canonical &&
          (!need_class || (b.classes & o.classes) != 0)) {
        return Relation::kInflection;
      }
    }
  }
  // Solid compounds (portefeuille = porte + feuille): a part, or an inflection
  // of it, against the whole. Parts are read as they are meant inside the
  // compound (dominant: the "vis" of tournevis is the screw, not voir or
  // vivre), and only the part itself counts, not its family (portefeuille is
  // not of porter's family).
  // A part as spelt in the compound ("sur" in surprise, not "sûr").
  auto written_part = [](const std::string& text, std::string_view key, bool head) -> std::string {
    for (std::size_t i = 1; i < text.size(); ++i) {
      if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
      std::string piece = head ? text.substr(0, i) : text.substr(i);
      if (match_key(piece) == key) return piece;
    }
    return {};
  };
  // `alone`: the part is said alone against the compound (not the compound
  // against its part); a modifier head is then not heard in it (« j'ai
  // mal » is not malaise, « bonne journée » not bonjour).
  // `function`: the canonical lemmas of `canon` read as function words; a
  // head read as a preposition matches only those (« elle est sure » is not
  // the sur- of surprise).
  auto part_matches = [&](const std::vector<uint32_t>& compound_lemmas, const std::vector<uint32_t>& canon,
                          bool alone, const std::vector<uint32_t>& function) {
    for (const uint32_t l : compound_lemmas) {
      const auto& lm = lemmas[l];
      const std::string text = lm.parts_count ? fold_case(str(lm.text)).value_or("") : std::string();
      for (uint32_t p = lm.parts_begin; p < lm.parts_begin + lm.parts_count; ++p) {
        if (alone && p == lm.parts_begin && (lm.flags & format::kLemmaModifierHead)) continue;
        const std::string_view part = str(groups[lemma_parts[p]].key);
        const std::string written = written_part(text, part, p == lm.parts_begin);
        // A head that is a preposition is that preposition, spelt as in the
        // compound (the "entre" of entretien is not entrer's, the "sur" of
        // surprise not "sûr"); other parts are read by their key, as
        // dominant.
        std::vector<uint32_t> part_lemmas;
        for (const auto& r : read_lemmas(part, written, Reading::kFunction, {})) {
          if (r.classes & kFunctionClass) part_lemmas.push_back(r.lemma);
        }
        const bool preposition = !part_lemmas.empty();
        if (part_lemmas.empty()) part_lemmas = readings(part, {}, Reading::kDominant, {});
        const auto& against = preposition ? function : canon;
        for (const uint32_t pl : part_lemmas) {
          if (std::find(against.begin(), against.end(), lemmas[pl].canonical) != against.end()) return true;
        }
      }
    }
    return false;
  };
  // The other word holds the base (pluie/parapluie): a compound, as
  // cheval/cheval-vapeur; the base holds the other word: a derivative.
  // (The trap « sur » still holds the sur- of surprise: the reviewed form
  // audit judged « les survivants » a fire.)
  if (part_matches(lo, canon_b, false, canon_b)) return Relation::kCompound;
  std::vector<uint32_t> function_o;
  for (const auto& r : ro) {
    if (!context && (r.classes & kFunctionClass)) function_o.push_back(lemmas[r.lemma].canonical);
  }
  if (intersects(fam_b, fam_o)) return Relation::kDerivative;
  // A part said as a function word is not the compound's ("sur la table"
  // against surprise, "entre deux" against entretien).
  std::vector<uint32_t> canon_o_content;
  for (const auto& r : ro) {
    if (!context || r.classes != kFunctionClass) canon_o_content.push_back(lemmas[r.lemma].canonical);
  }
  if (part_matches(lb, canon_o_content, true, function_o)) return Relation::kDerivative;
  return Relation::kUnrelated;
}

Relation Lexicon::Impl::relate_keys(std::string_view kb, std::string_view ko, std::string_view wb,
                                    std::string_view wo, Reading reading, Reading other_reading,
                                    bool other_lower) const {
  if (kb.empty() || ko.empty()) return Relation::kUnrelated;
  // Numbers in digits, units and symbols are the words a player says ("7" is
  // "sept", "24h" "vingt-quatre heures", "°" "degré").
  std::string spelled_b, spelled_o;
  if (const auto words = read_aloud(kb)) {
    spelled_b = match_key(*words).value_or("");
    kb = spelled_b;
    wb = {};
  }
  if (const auto words = read_aloud(ko)) {
    spelled_o = match_key(*words).value_or("");
    ko = spelled_o;
    wo = {};
  }
  if (kb.empty() || ko.empty()) return Relation::kUnrelated;
  // One compound welded or split differently (porte-monnaie, portemonnaie;
  // pop-corn, popcorn): the same word.
  auto welded = [](std::string_view k) {
    std::string out;
    for (const char c : k) {
      if (c != ' ' && c != '-') out += c;
    }
    return out;
  };
  if (kb.find_first_of(" -") != ko.find_first_of(" -") && welded(kb) == welded(ko) &&
      welded(kb).size() >= 4) {
    return Relation::kInflection;
  }
  Relation best = relate_simple(kb, ko, wb, wo, reading, other_reading, other_lower);
  if (best == Relation::kInflection) return best;

  const auto parts_b = split_compound(kb);
  const auto parts_o = split_compound(ko);
  auto content = [&](const std::vector<std::string_view>& parts) {
    std::vector<std::string_view> out;
    for (const auto p : parts) {
      if (!is_function_word(p)) out.push_back(p);
    }
    return out;
  };
  auto closer = [](Relation a, Relation b) { return static_cast<int>(a) < static_cast<int>(b) ? a : b; };

  if (parts_o.size() > 1 && parts_b.size() == 1) {
    // Other is a compound: a part that inflects base makes it a compound of base.
    // In a verb–noun compound (porte-clé, garde-robe, tire-bouchon) the first
    // part is the verb: the trap "porte" (a door) is not in porte-clé.
    const bool verb_first =
        reading != Reading::kEvery && parts_o.size() >= 2 && verb_noun_compound(parts_o[0], parts_o[1]);
    for (const auto p : content(parts_o)) {
      const Relation r =
          relate_simple(kb, p, wb, {}, reading,
                        verb_first && p.data() == parts_o[0].data() ? Reading::kVerb : Reading::kEvery);
      if (r == Relation::kInflection) return Relation::kCompound;
      if (r == Relation::kDerivative) best = closer(best, Relation::kDerivative);
    }
  } else if (parts_b.size() > 1 && parts_o.size() == 1) {
    // Base is a compound: one of its parts said alone is a derivative of it,
    // the verb of a verb–noun compound read as a verb (lave-vaisselle: laver).
    const bool verb_first =
        reading != Reading::kEvery && parts_b.size() >= 2 && verb_noun_compound(parts_b[0], parts_b[1]);
    for (const auto p : content(parts_b)) {
      const Reading part_reading = reading == Reading::kEvery                    ? reading
                                   : verb_first && p.data() == parts_b[0].data() ? Reading::kVerb
                                                                                 : Reading::kDominant;
      const Relation r = relate_simple(p, ko, {}, wo, part_reading);
      if (r == Relation::kInflection || r == Relation::kDerivative)
        best = closer(best, Relation::kDerivative);
    }
  } else if (parts_b.size() > 1 && parts_o.size() > 1) {
    // Two compounds: the same parts inflected ("chevaux-vapeur") are an
    // inflection; sharing a content word makes them related.
    if (parts_b.size() == parts_o.size()) {
      bool all = true;
      for (std::size_t i = 0; i < parts_b.size() && all; ++i) {
        all = parts_b[i] == parts_o[i] || relate_simple(parts_b[i], parts_o[i]) == Relation::kInflection;
      }
      if (all) return Relation::kInflection;
    }
    for (const auto pb : content(parts_b)) {
      for (const auto po : content(parts_o)) {
        const Relation r = relate_simple(pb, po);
        if (r == Relation::kInflection || r == Relation::kDerivative)
          best = closer(best, Relation::kDerivative);
      }
    }
  }
  return best;
}

std::string_view to_string(Relation r) noexcept {
  switch (r) {
    case Relation::kInflection:
      return "inflection";
    case Relation::kCompound:
      return "compound";
    case Relation::kDerivative:
      return "derivative";
    case Relation::kUnrelated:
      return "unrelated";
  }
  return "unrelated";
}

Lexicon::Lexicon(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Lexicon::Lexicon(Lexicon&&) noexcept = default;
Lexicon& Lexicon::operator=(Lexicon&&) noexcept = default;
Lexicon::~Lexicon() = default;

Lexicon Lexicon::open(const std::filesystem::path& path) {
  using Code = LexiconError::Code;
  auto impl = std::make_unique<Impl>();
  impl->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (impl->fd < 0) {
    const int err = errno;
    throw LexiconError(err == ENOENT ? Code::kNotFound : Code::kIo,
                       "cannot open lexicon " + path.string() + ": " + std::strerror(err) +
                           (err == ENOENT ? " (run `make build` to compile it)" : ""));
  }
  struct stat st {};
  if (fstat(impl->fd, &st) != 0) throw LexiconError(Code::kIo, "cannot stat " + path.string());
  impl->size = static_cast<std::size_t>(st.st_size);
  if (impl->size < sizeof(format::Header)) {
    throw LexiconError(Code::kBadFormat, path.string() + " is not a lexicon file (too small)");
  }
  void* p = mmap(nullptr, impl->size, PROT_READ, MAP_PRIVATE, impl->fd, 0);
  if (p == MAP_FAILED) throw LexiconError(Code::kIo, "cannot map " + path.string());
  impl->base = static_cast<const char*>(p);
  impl->header = reinterpret_cast<const format::Header*>(impl->base);
  const format::Header& h = *impl->header;
  if (std::memcmp(h.magic, format::kMagic, sizeof h.magic) != 0) {
    throw LexiconError(Code::kBadFormat, path.string() + " is not a lexicon file");
  }
  if (h.version != format::kFormatVersion || h.section_count != format::kSectionCount) {
    throw LexiconError(Code::kVersionMismatch,
                       path.string() + " has format version " + std::to_string(h.version) + ", expected " +
                           std::to_string(format::kFormatVersion) + " (rebuild it with `make build`)");
  }
  if (h.file_size != impl->size) {
    throw LexiconError(Code::kBadFormat, path.string() + " is truncated or padded");
  }
  static constexpr std::size_t kElement[format::kSectionCount] = {1,
                                                                  sizeof(format::Group),
                                                                  4,
                                                                  sizeof(format::Form),
                                                                  sizeof(format::Analysis),
                                                                  sizeof(format::Lemma),
                                                                  4,
                                                                  4,
                                                                  sizeof(format::Tag),
                                                                  sizeof(format::SynEntry),
                                                                  sizeof(format::SynSense),
                                                                  sizeof(StrRef),
                                                                  sizeof(format::SynReverse),
                                                                  sizeof(format::AssocEntry),
                                                                  sizeof(StrRef),
                                                                  sizeof(format::SynReverse)};
  for (uint32_t s = 0; s < format::kSectionCount; ++s) {
    const auto& sec = h.sections[s];
    if (sec.offset % 8 != 0 || sec.offset > impl->size || sec.size > impl->size - sec.offset ||
        sec.size % kElement[s] != 0) {
      throw LexiconError(Code::kBadFormat,
                         path.string() + ": section " + std::to_string(s) + " is out of bounds");
    }
  }
  Impl& m = *impl;
  m.strings =
      std::string_view(m.base + h.sections[format::kStrings].offset, h.sections[format::kStrings].size);
  m.groups = m.section<format::Group>(format::kGroups);
  m.hash = m.section<uint32_t>(format::kHash);
  m.forms = m.section<format::Form>(format::kForms);
  m.analyses = m.section<format::Analysis>(format::kAnalyses);
  m.lemmas = m.section<format::Lemma>(format::kLemmas);
  m.lemma_forms = m.section<uint32_t>(format::kLemmaForms);
  m.lemma_parts = m.section<uint32_t>(format::kLemmaParts);
  m.tags = m.section<format::Tag>(format::kTags);
  m.syn_entries = m.section<format::SynEntry>(format::kSynEntries);
  m.syn_senses = m.section<format::SynSense>(format::kSynSenses);
  m.syn_words = m.section<StrRef>(format::kSynWords);
  m.syn_reverse = m.section<format::SynReverse>(format::kSynReverse);
  m.assoc_entries = m.section<format::AssocEntry>(format::kAssocEntries);
  m.assoc_words = m.section<StrRef>(format::kAssocWords);
  m.assoc_reverse = m.section<format::SynReverse>(format::kAssocReverse);
  m.group_bits = static_cast<unsigned>(std::bit_width(m.groups.size()));
  m.group_mask = m.group_bits >= 32 ? ~0u : (1u << m.group_bits) - 1;
  if (!m.hash.empty() && (m.hash.size() & (m.hash.size() - 1)) != 0) {
    throw LexiconError(Code::kBadFormat, path.string() + ": hash table size is not a power of two");
  }
  return Lexicon(std::move(impl));
}

std::filesystem::path Lexicon::default_path() {
  if (const char* env = std::getenv("LOGOMACHIE_LEXICON"); env != nullptr && *env != '\0') return env;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) return exe.parent_path() / "fr.lex";
  return "fr.lex";
}

bool Lexicon::contains(std::string_view word, Accept accept) const {
  const auto key = match_key(word);
  if (!key || key->empty()) return false;
  const int64_t g = impl_->find_group(*key);
  if (g < 0) return false;
  const uint32_t flags = impl_->groups[g].flags;
  if (flags & format::kGroupHasCommon) return true;
  return accept == Accept::kProper && (flags & format::kGroupHasProper) != 0;
}

bool Lexicon::spelled_as_written(std::string_view word, Accept accept) const {
  if (!contains(word, accept)) return false;
  const auto typed = to_display(word);
  if (!typed) return false;
  const auto key = match_key(word);
  const int64_t g = impl_->find_group(*key);
  const uint32_t wanted =
      accept == Accept::kProper ? (format::kFormCommon | format::kFormProper) : format::kFormCommon;
  for (const auto& f : impl_->forms_of_group(impl_->groups[g])) {
    if ((f.flags & wanted) == 0) continue;
    if (accents_agree(*typed, impl_->str(f.text))) return true;
  }
  return false;
}

void Lexicon::contains_batch(std::span<const std::string_view> words, std::span<uint8_t> out,
                             Accept accept) const {
  // Three dependent memory reads per word (hash slot, group, key bytes) would
  // each miss the cache on a large input; issuing a whole batch's reads stage
  // by stage lets them overlap. The last stage verifies the key exactly.
  constexpr std::size_t kBatch = 64;
  constexpr uint32_t kNone = UINT32_MAX;
  const Impl& m = *impl_;
  const uint32_t wanted =
      format::kGroupHasCommon | (accept == Accept::kProper ? format::kGroupHasProper : 0u);
  if (m.hash.empty() || m.groups.empty()) {
    std::fill_n(out.begin(), words.size(), uint8_t{0});
    return;
  }
  const std::size_t mask = m.hash.size() - 1;
  std::array<std::string, kBatch> keys;
  std::array<bool, kBatch> usable{};
  std::array<uint64_t, kBatch> hashes{};
  std::array<uint32_t, kBatch> candidate{};  // first group whose fingerprint matches
  for (std::size_t begin = 0; begin < words.size(); begin += kBatch) {
    const std::size_t n = std::min(kBatch, words.size() - begin);
    for (std::size_t i = 0; i < n; ++i) {  // stage 1: keys, hashes; fetch hash slots
      usable[i] = match_key_into(words[begin + i], keys[i]) && !keys[i].empty();
      if (!usable[i]) continue;
      hashes[i] = key_hash(keys[i]);
      __builtin_prefetch(&m.hash[hashes[i] & mask]);
    }
    for (std::size_t i = 0; i < n; ++i) {  // stage 2: probe fingerprints; fetch the group
      candidate[i] = kNone;
      if (!usable[i]) continue;
      for (std::size_t slot = hashes[i] & mask;; slot = (slot + 1) & mask) {
        const uint32_t v = m.hash[slot];
        if (v == 0) break;  // not in the lexicon: no further read needed
        if (slot_may_match(v, hashes[i], m.group_bits)) {
          candidate[i] = ((v & m.group_mask) - 1) % static_cast<uint32_t>(m.groups.size());
          __builtin_prefetch(&m.groups[candidate[i]]);
          break;
        }
      }
    }
    for (std::size_t i = 0; i < n; ++i) {  // stage 3: fetch the candidate's key bytes
      if (candidate[i] == kNone) continue;
      const uint32_t offset = m.groups[candidate[i]].key.offset;
      if (offset < m.strings.size()) __builtin_prefetch(m.strings.data() + offset);
    }
    for (std::size_t i = 0; i < n; ++i) {  // stage 4: exact answer
      int64_t g = -1;
      if (candidate[i] != kNone) {
        g = m.str(m.groups[candidate[i]].key) == keys[i] ? int64_t{candidate[i]}
                                                         : m.find_group_hashed(keys[i], hashes[i]);
      }
      out[begin + i] = (g >= 0 && (m.groups[g].flags & wanted) != 0) ? 1 : 0;
    }
  }
}

std::vector<Analysis> Lexicon::analyses(std::string_view word) const {
  std::vector<Analysis> out;
  const auto key = match_key(word);
  if (!key) return out;
  const int64_t g = impl_->find_group(*key);
  if (g < 0) return out;
  for (const auto& f : impl_->forms_of_group(impl_->groups[g])) {
    for (const auto& a : impl_->analyses_of(f)) {
      const format::Tag& t = impl_->tags[a.tag];
      Analysis r;
      r.form = impl_->str(f.text);
      r.lemma = impl_->str(impl_->lemmas[a.lemma].text);
      r.tag = impl_->str(t.raw);
      r.pos = t.pos;
      r.gender = static_cast<Gender>(t.gender);
      r.number = static_cast<Number>(t.number);
      r.moods = t.moods;
      r.persons = t.persons;
      r.verb_group = t.verb_group;
      r.common = t.common != 0 && (f.flags & format::kFormCommon) != 0;
      r.proper = t.proper != 0;
      out.push_back(r);
    }
  }
  return out;
}

std::vector<std::string_view> Lexicon::display_forms(std::string_view word) const {
  std::vector<std::string_view> out;
  const auto key = match_key(word);
  if (!key) return out;
  const int64_t g = impl_->find_group(*key);
  if (g < 0) return out;
  for (const auto& f : impl_->forms_of_group(impl_->groups[g])) out.push_back(impl_->str(f.text));
  return out;
}

std::vector<std::string_view> Lexicon::forms_of(std::string_view lemma) const {
  std::vector<std::string_view> out;
  const auto key = match_key(lemma);
  if (!key) return out;
  for (const uint32_t l : impl_->lemmas_of_key(*key)) {
    const auto& lm = impl_->lemmas[l];
    if (match_key(impl_->str(lm.text)) != *key) continue;  // "chevaux" is a form, not a lemma
    for (uint32_t i = lm.forms_begin; i < lm.forms_begin + lm.forms_count; ++i) {
      out.push_back(impl_->str(impl_->forms[impl_->lemma_forms[i]].text));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<uint32_t> Lexicon::frequency_rank(std::string_view word) const {
  const auto key = match_key(word);
  if (!key) return std::nullopt;
  const int64_t g = impl_->find_group(*key);
  if (g < 0) return std::nullopt;
  if (impl_->groups[g].freq_rank != 0) return impl_->groups[g].freq_rank;
  uint32_t best = 0;
  for (const uint32_t l : impl_->lemmas_of_key(*key)) {
    const uint32_t r = impl_->lemmas[l].freq_rank;
    if (r != 0 && (best == 0 || r < best)) best = r;
  }
  if (best == 0) return std::nullopt;
  return best;
}

std::vector<SynonymSense> Lexicon::synonyms(std::string_view word) const {
  std::vector<SynonymSense> out;
  const auto key = match_key(word);
  if (!key) return out;
  const auto& entries = impl_->syn_entries;
  auto lo = std::lower_bound(
      entries.begin(), entries.end(), *key,
      [&](const format::SynEntry& e, const std::string& k) { return impl_->str(e.key) < k; });
  for (auto it = lo; it != entries.end() && impl_->str(it->key) == *key; ++it) {
    for (uint32_t s = it->senses_begin; s < it->senses_begin + it->senses_count; ++s) {
      const auto& sense = impl_->syn_senses[s];
      SynonymSense r;
      r.label = impl_->str(sense.label);
      for (uint32_t w = sense.words_begin; w < sense.words_begin + sense.words_count; ++w) {
        r.words.push_back(impl_->str(impl_->syn_words[w]));
      }
      out.push_back(std::move(r));
    }
  }
  return out;
}

std::vector<std::string_view> Lexicon::listed_by(std::string_view word) const {
  return impl_->heads_listing(impl_->syn_reverse, impl_->syn_entries, word);
}

std::vector<std::string_view> Lexicon::associations(std::string_view word) const {
  std::vector<std::string_view> out;
  const auto key = match_key(word);
  if (!key) return out;
  const auto& entries = impl_->assoc_entries;
  auto it = std::lower_bound(
      entries.begin(), entries.end(), *key,
      [&](const format::AssocEntry& e, const std::string& k) { return impl_->str(e.key) < k; });
  for (; it != entries.end() && impl_->str(it->key) == *key; ++it) {
    for (uint32_t w = it->words_begin; w < it->words_begin + it->words_count; ++w) {
      out.push_back(impl_->str(impl_->assoc_words[w]));
    }
  }
  return out;
}

std::vector<std::string_view> Lexicon::association_heads(std::string_view word) const {
  return impl_->heads_listing(impl_->assoc_reverse, impl_->assoc_entries, word);
}

Relation Lexicon::relate(std::string_view base, std::string_view other, Reading reading,
                         Reading other_reading) const {
  const auto pb = prepare(base);
  const auto po = prepare(other);
  if (!pb || !po) return Relation::kUnrelated;
  return relate(*pb, *po, reading, other_reading);
}

std::optional<Lexicon::Prepared> Lexicon::prepare(std::string_view word) const {
  auto key = match_key(word);
  if (!key) return std::nullopt;
  const auto folded = fold_case(word);
  const bool lower = folded && *folded == word;
  return Prepared{std::move(*key), folded ? to_display(*folded).value_or("") : "", lower};
}

Relation Lexicon::relate(const Prepared& base, const Prepared& other, Reading reading,
                         Reading other_reading) const {
  return impl_->relate_keys(base.key, other.key, base.display, other.display, reading, other_reading,
                            other.lower);
}

std::vector<std::string_view> Lexicon::family_of(std::string_view word) const {
  std::vector<std::string_view> out;
  const auto key = match_key(word);
  if (!key) return out;
  std::vector<uint32_t> fams;
  for (const uint32_t l : impl_->lemmas_of_key(*key)) fams.push_back(impl_->lemmas[l].family);
  if (fams.empty()) return out;
  for (const auto& lm : impl_->lemmas) {
    if (std::find(fams.begin(), fams.end(), lm.family) != fams.end()) out.push_back(impl_->str(lm.text));
  }
  std::sort(out.begin(), out.end());
  return out;
}

void Lexicon::for_each_form(const std::function<bool(std::string_view key)>& keep,
                            const std::function<void(std::string_view form)>& visit, Accept accept) const {
  const uint32_t wanted =
      accept == Accept::kProper ? (format::kFormCommon | format::kFormProper) : format::kFormCommon;
  for (const auto& g : impl_->groups) {
    if ((g.flags & (format::kGroupHasCommon | (accept == Accept::kProper ? format::kGroupHasProper : 0u))) ==
        0)
      continue;
    if (!keep(impl_->str(g.key))) continue;
    for (const auto& f : impl_->forms_of_group(g)) {
      if (f.flags & wanted) visit(impl_->str(f.text));
    }
  }
}

std::vector<std::string_view> Lexicon::words_with_prefix(std::string_view prefix, std::size_t limit,
                                                         Accept accept) const {
  std::vector<std::string_view> out;
  const auto key = match_key(prefix);
  if (!key || limit == 0) return out;
  const uint32_t wanted =
      accept == Accept::kProper ? (format::kFormCommon | format::kFormProper) : format::kFormCommon;
  const auto& groups = impl_->groups;
  auto it =
      std::lower_bound(groups.begin(), groups.end(), *key,
                       [&](const format::Group& g, const std::string& k) { return impl_->str(g.key) < k; });
  for (; it != groups.end() && impl_->str(it->key).starts_with(*key); ++it) {
    for (const auto& f : impl_->forms_of_group(*it)) {
      if ((f.flags & wanted) == 0) continue;
      out.push_back(impl_->str(f.text));
      if (out.size() == limit) return out;
    }
  }
  return out;
}

std::size_t Lexicon::form_count() const noexcept {
  return impl_->forms.size();
}
std::size_t Lexicon::lemma_count() const noexcept {
  return impl_->lemmas.size();
}

}  // namespace logomachie::lexicon
