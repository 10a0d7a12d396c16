// lexicon-compile: builds fr.lex from the build-time sources.
//
// Usage: lexicon-compile --dict grammalecte.tsv --thesaurus thes_fr.dat
//          --common commonWords.json --wiki wikipedia.json --data DIR --out fr.lex
// DIR holds derivation-rules.tsv, families.txt, families-*.txt (read in name order),
// not-related.tsv, suppletive.tsv, shortenings.tsv, solid-compound-heads.txt and
// associations.tsv (our own word associations for the bots, beside the thesaurus). With --links FILE it also
// writes every link that merged two families (for review: scripts/family-path.py). Progress goes to stderr;
// the output file is written atomically (temporary file, then rename).
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "families.h"
#include "format.h"
#include "hash.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"
#include "sources.h"
#include "tags.h"

namespace fs = std::filesystem;
using namespace logomachie::lexicon;
using namespace logomachie::lexicon::compiler;

namespace {

struct Options {
  fs::path dict, thesaurus, common, wiki, data, out;
  fs::path links;  // optional: every link that merged two families, for review
};

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const fs::path value = argv[i + 1];
    if (flag == "--dict")
      o.dict = value;
    else if (flag == "--thesaurus")
      o.thesaurus = value;
    else if (flag == "--common")
      o.common = value;
    else if (flag == "--wiki")
      o.wiki = value;
    else if (flag == "--data")
      o.data = value;
    else if (flag == "--out")
      o.out = value;
    else if (flag == "--links")
      o.links = value;
    else
      fail("unknown flag " + flag);
  }
  if (o.dict.empty() || o.thesaurus.empty() || o.common.empty() || o.wiki.empty() || o.data.empty() ||
      o.out.empty()) {
    fail("usage: lexicon-compile --dict TSV --thesaurus DAT --common JSON --wiki JSON --data DIR --out FILE");
  }
  return o;
}

class Progress {
 public:
  void step(const std::string& what) {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - start_).count();
    std::cerr << "[lexicon] " << std::fixed;
    std::cerr.precision(1);
    std::cerr << s << "s  " << what << std::endl;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Accumulates sections with 8-byte alignment.
class Writer {
 public:
  format::StrRef add_string(std::string_view s) {
    if (const auto it = interned_.find(std::string(s)); it != interned_.end()) return it->second;
    const format::StrRef ref{static_cast<uint32_t>(strings_.size()), static_cast<uint32_t>(s.size())};
    strings_.append(s);
    interned_.emplace(std::string(s), ref);
    return ref;
  }
  template <typename T>
  void set(format::Section id, const std::vector<T>& items) {
    auto& bytes = sections_[id];
    bytes.resize(items.size() * sizeof(T));
    if (!items.empty()) std::memcpy(bytes.data(), items.data(), bytes.size());
  }
  void write(const fs::path& out, uint64_t digest) {
    sections_[format::kStrings].assign(strings_.begin(), strings_.end());
    format::Header header{};
    std::memcpy(header.magic, format::kMagic, sizeof header.magic);
    header.version = format::kFormatVersion;
    header.section_count = format::kSectionCount;
    header.source_digest = digest;
    uint64_t offset = (sizeof(header) + 7) & ~uint64_t{7};
    for (uint32_t s = 0; s < format::kSectionCount; ++s) {
      header.sections[s] = {offset, sections_[s].size()};
      offset = (offset + sections_[s].size() + 7) & ~uint64_t{7};
    }
    header.file_size = offset;
    const fs::path tmp = out.string() + ".tmp";
    {
      std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
      if (!f) fail("cannot write " + tmp.string());
      std::vector<char> pad(8, 0);
      f.write(reinterpret_cast<const char*>(&header), sizeof header);
      uint64_t at = sizeof header;
      for (uint32_t s = 0; s < format::kSectionCount; ++s) {
        f.write(pad.data(), static_cast<std::streamsize>(header.sections[s].offset - at));
        f.write(sections_[s].data(), static_cast<std::streamsize>(sections_[s].size()));
        at = header.sections[s].offset + sections_[s].size();
      }
      f.write(pad.data(), static_cast<std::streamsize>(header.file_size - at));
      if (!f) fail("error writing " + tmp.string());
    }
    fs::rename(tmp, out);
  }

 private:
  std::string strings_;
  std::unordered_map<std::string, format::StrRef> interned_;
  std::vector<char> sections_[format::kSectionCount];
};

uint64_t digest_files(const std::vector<fs::path>& files) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      for (std::streamsize i = 0; i < in.gcount(); ++i) {
        h ^= static_cast<unsigned char>(buf[i]);
        h *= 0x100000001b3ULL;
      }
    }
  }
  return h;
}

std::string must_key(const std::string& s) {
  auto k = match_key(s);
  return k ? *k : std::string();
}

int run(const Options& opt) {
  Progress progress;
  const fs::path rules = opt.data / "derivation-rules.tsv";
  const fs::path families_txt = opt.data / "families.txt";
  const fs::path shortenings = opt.data / "shortenings.tsv";
  const fs::path not_related = opt.data / "not-related.tsv";
  const fs::path suppletive = opt.data / "suppletive.tsv";
  const fs::path heads = opt.data / "solid-compound-heads.txt";
  const fs::path associations = opt.data / "associations.tsv";

  progress.step("reading Grammalecte dictionary " + opt.dict.string());
  std::vector<DictEntry> entries = read_dictionary(opt.dict);
  if (fs::exists(shortenings)) {
    // Clippings the dictionary lacks ("anniv", "aprèm") become known forms
    // with a tag of our own (";Logo-clip": not common words), so that relate() can
    // read them as their long word (build_families maps them).
    std::set<std::string> known;
    for (const DictEntry& e : entries) known.insert(e.form);
    std::size_t added = 0;
    for (const auto& row : read_table(shortenings, false)) {
      if (row.size() != 2 || known.count(row[0]) > 0) continue;
      entries.push_back({row[0], row[0], ":N;Logo-clip"});
      if (!row[0].ends_with("s") && !row[0].ends_with("x"))
        entries.push_back({row[0] + "s", row[0], ":N;Logo-clip"});
      ++added;
    }
    progress.step("added " + std::to_string(added) + " clippings from " + shortenings.filename().string());
  }
  progress.step("read " + std::to_string(entries.size()) + " entries; decoding tags");

  // Tags.
  std::unordered_map<std::string, uint32_t> tag_index;
  std::vector<format::Tag> tags;
  Writer w;
  // Lemmas.
  std::map<std::string, uint32_t> lemma_index;  // text -> provisional id (sorted by text)
  // Forms: text -> list of (lemma text, tag id).
  std::unordered_map<std::string, std::vector<std::pair<std::string, uint32_t>>> form_analyses;
  form_analyses.reserve(entries.size());
  for (const DictEntry& e : entries) {
    auto [it, inserted] = tag_index.emplace(e.tag, static_cast<uint32_t>(tags.size()));
    if (inserted) {
      format::Tag t = decode_tag(e.tag);
      t.raw = w.add_string(e.tag);
      tags.push_back(t);
    }
    lemma_index.emplace(e.lemma, 0);
    form_analyses[e.form].emplace_back(e.lemma, it->second);
  }
  uint32_t next = 0;
  std::vector<std::string> lemma_text;
  for (auto& [text, id] : lemma_index) {
    id = next++;
    lemma_text.push_back(text);
  }
  progress.step(std::to_string(tags.size()) + " tags, " + std::to_string(lemma_text.size()) + " lemmas, " +
                std::to_string(form_analyses.size()) + " forms; grouping by match key");

  // Groups of forms by match key.
  std::map<std::string, std::vector<std::string>> groups;  // key -> form texts
  for (const auto& [form, _] : form_analyses) {
    const std::string key = must_key(form);
    if (key.empty()) continue;
    groups[key].push_back(form);
  }

  // Lemma info for families.
  std::vector<LemmaInfo> info(lemma_text.size());
  std::unordered_map<std::string, std::vector<uint32_t>> lemma_by_key;
  for (uint32_t l = 0; l < lemma_text.size(); ++l) {
    info[l].text = lemma_text[l];
    info[l].key = light_key(lemma_text[l]);
    lemma_by_key[info[l].key].push_back(l);
  }
  for (const auto& [form, as] : form_analyses) {
    const bool form_ok = looks_like_common_form(form);
    for (const auto& [lemma, tag] : as) {
      const uint32_t l = lemma_index.at(lemma);
      if (tags[tag].common && form_ok && looks_like_common_form(lemma)) {
        info[l].common = true;
        info[l].pos |= tags[tag].pos;
      }
    }
  }

  std::unordered_map<std::string, std::vector<uint32_t>> feminine_by_key;
  for (const auto& [form, as] : form_analyses) {
    for (const auto& [lemma, tag] : as) {
      const format::Tag& t = tags[tag];
      // Singular adjective forms: feminines (douce ← doux) and participles used
      // as adjectives (poli ← polir, for impoli).
      if (t.common && (t.pos & kAdjective) && t.number == static_cast<uint8_t>(Number::kSingular) &&
          light_key(form) != light_key(lemma)) {
        feminine_by_key[light_key(form)].push_back(lemma_index.at(lemma));
      }
    }
  }

  // Frequency ranks (also tell which lemmas are attested words for the families).
  progress.step("reading frequency lists");
  const auto common_rank = read_ranked_list(opt.common);
  const auto wiki_rank = read_ranked_list(opt.wiki);
  for (uint32_t l = 0; l < lemma_text.size(); ++l) {
    // Attested: the headword itself in the subtitles list, or among the first
    // kAttestedWikiRank words of the Wikipedia list (further down it holds
    // rare and technical words: viner, raviner).
    constexpr uint32_t kAttestedWikiRank = 20000;
    const std::string key = must_key(lemma_text[l]);
    const auto wit = wiki_rank.find(key);
    info[l].attested =
        common_rank.count(key) > 0 || (wit != wiki_rank.end() && wit->second <= kAttestedWikiRank);
  }

  progress.step("building derivational families");
  // families.txt first, then every other families-*.txt (families-decks.txt,
  // families-frequent.txt…) in name order.
  FamilyInputs family_inputs{rules, {families_txt}, not_related, suppletive, {}};
  std::vector<fs::path> more_families;
  for (const auto& entry : fs::directory_iterator(opt.data)) {
    const auto name = entry.path().filename().string();
    if (name.starts_with("families-") && name.ends_with(".txt")) more_families.push_back(entry.path());
  }
  std::sort(more_families.begin(), more_families.end());
  family_inputs.families.insert(family_inputs.families.end(), more_families.begin(), more_families.end());
  if (fs::exists(shortenings)) family_inputs.shortenings = shortenings;
  for (const auto& [form, as] : form_analyses) {
    // The form is a noun or adjective lemma itself and a past participle of a verb.
    const auto own = lemma_index.find(form);
    if (own == lemma_index.end() || form.find_first_of(" -'") != std::string::npos) continue;
    bool nominal = false;
    for (const auto& [lemma, tag] : as) {
      if (lemma == form && tags[tag].common && (tags[tag].pos & (kNoun | kAdjective))) nominal = true;
    }
    if (!nominal) continue;
    for (const auto& [lemma, tag] : as) {
      if (lemma != form && tags[tag].common && (tags[tag].pos & kVerb) &&
          (tags[tag].moods & kPastParticiple)) {
        family_inputs.participles.emplace_back(own->second, lemma_index.at(lemma));
      }
    }
  }
  std::sort(family_inputs.participles.begin(), family_inputs.participles.end());
  family_inputs.participles.erase(
      std::unique(family_inputs.participles.begin(), family_inputs.participles.end()),
      family_inputs.participles.end());
  const FamilyResult fam = build_families(info, lemma_by_key, feminine_by_key, family_inputs);
  {
    std::unordered_map<uint32_t, uint32_t> sizes;
    for (uint32_t l = 0; l < fam.family.size(); ++l) ++sizes[fam.family[l]];
    std::size_t multi = 0;
    for (const auto& [f, s] : sizes) multi += s > 1;
    progress.step(std::to_string(fam.rule_links) + " rule links, " + std::to_string(fam.curated_links) +
                  " curated links, " + std::to_string(fam.variant_links) + " spelling variants, " +
                  std::to_string(fam.blocked_links) + " blocked; " + std::to_string(multi) +
                  " families with several lemmas");
  }

  if (!opt.links.empty()) {
    // One line per merge: DERIVED<TAB>BASE<TAB>WHY (scripts/family-path.py reads it).
    std::ofstream links(opt.links, std::ios::trunc);
    for (const FamilyLink& l : fam.links)
      links << lemma_text[l.a] << '\t' << lemma_text[l.b] << '\t' << l.why << '\n';
    if (!links) fail("cannot write " + opt.links.string());
  }

  // Emit groups, forms, analyses.
  progress.step("laying out " + std::to_string(groups.size()) + " match keys");
  std::vector<format::Group> out_groups;
  std::vector<format::Form> out_forms;
  std::vector<format::Analysis> out_analyses;
  std::vector<uint32_t> form_group;  // per form: its group
  std::vector<std::vector<uint32_t>> lemma_forms(lemma_text.size());
  std::unordered_map<std::string, uint32_t> group_of_key;
  out_groups.reserve(groups.size());
  for (auto& [key, forms] : groups) {
    std::sort(forms.begin(), forms.end());
    format::Group g{};
    g.key = w.add_string(key);
    g.forms_begin = static_cast<uint32_t>(out_forms.size());
    if (forms.size() > UINT16_MAX) fail("too many forms for key " + key);
    g.forms_count = static_cast<uint16_t>(forms.size());
    if (const auto it = common_rank.find(key); it != common_rank.end()) g.freq_rank = it->second;
    // Words missing from the subtitles list get a rank from the Wikipedia list,
    // placed after every subtitles rank (so ranks stay comparable).
    else if (const auto it2 = wiki_rank.find(key); it2 != wiki_rank.end()) {
      g.freq_rank = static_cast<uint32_t>(common_rank.size()) + it2->second;
    }
    const auto gi = static_cast<uint32_t>(out_groups.size());
    group_of_key.emplace(key, gi);
    for (const std::string& form : forms) {
      format::Form f{};
      f.text = w.add_string(form);
      form_group.push_back(gi);
      f.analyses_begin = static_cast<uint32_t>(out_analyses.size());
      const bool form_ok = looks_like_common_form(form);
      std::set<std::pair<uint32_t, uint32_t>> seen;
      for (const auto& [lemma, tag] : form_analyses.at(form)) {
        const uint32_t l = lemma_index.at(lemma);
        if (!seen.emplace(l, tag).second) continue;
        out_analyses.push_back({l, tag});
        if (tags[tag].common && form_ok) f.flags |= format::kFormCommon;
        if (tags[tag].proper) f.flags |= format::kFormProper;
      }
      if (out_analyses.size() - f.analyses_begin > UINT16_MAX) fail("too many analyses for " + form);
      f.analyses_count = static_cast<uint16_t>(out_analyses.size() - f.analyses_begin);
      const auto fi = static_cast<uint32_t>(out_forms.size());
      for (uint32_t a = f.analyses_begin; a < f.analyses_begin + f.analyses_count; ++a) {
        auto& lf = lemma_forms[out_analyses[a].lemma];
        if (lf.empty() || lf.back() != fi) lf.push_back(fi);
      }
      if (f.flags & format::kFormCommon) g.flags |= format::kGroupHasCommon;
      if (f.flags & format::kFormProper) g.flags |= format::kGroupHasProper;
      out_forms.push_back(f);
    }
    out_groups.push_back(g);
  }

  // Solid compounds: a head from solid-compound-heads.txt (porte, tire, garde…)
  // glued to a noun or verb ("portefeuille" = porte + feuille).
  progress.step("finding solid compounds");
  // A head written `~mal` modifies the rest (malaise, bonjour, millefeuille):
  // said alone it is not heard in the compound (flagged kLemmaModifierHead).
  std::vector<std::string> head_keys;
  std::set<std::string> modifier_heads;
  for (const auto& row : read_table(heads, false)) {
    for (const auto& h : row) {
      const bool modifier = h.starts_with("~");
      head_keys.push_back(light_key(modifier ? h.substr(1) : h));
      if (modifier) modifier_heads.insert(head_keys.back());
    }
  }
  // A compound whose head or rest is blocked against it in not-related.tsv
  // is a look-alike, not a compound (entreprise is not entre + prise).
  std::set<std::pair<std::string, std::string>> blocked_parts;
  for (const auto& row : read_table(not_related, false)) {
    if (row.size() >= 2) {
      blocked_parts.emplace(light_key(row[0]), light_key(row[1]));
      blocked_parts.emplace(light_key(row[1]), light_key(row[0]));
    }
  }
  std::vector<std::vector<uint32_t>> lemma_parts(lemma_text.size());
  std::vector<char> modified(lemma_text.size(), 0);  // the head is a modifier head
  std::size_t solid = 0;
  for (uint32_t l = 0; l < lemma_text.size(); ++l) {
    if (!info[l].common || (info[l].pos & kNoun) == 0) continue;
    const std::string& k = info[l].key;
    if (k.find_first_of(" -'") != std::string::npos) continue;
    for (const std::string& head : head_keys) {
      // Short heads (bon, para) glue onto short words by chance (bonnet ≠ bon + net),
      // so they need a longer second part.
      const std::size_t min_rest = head.size() >= 5 ? 3 : 4;
      if (k.size() < head.size() + min_rest || !k.starts_with(head)) continue;
      const std::string rest = k.substr(head.size());
      if (blocked_parts.count({k, rest}) > 0 || blocked_parts.count({k, head}) > 0) continue;
      const auto it = lemma_by_key.find(rest);
      if (it == lemma_by_key.end()) continue;
      bool noun = false;  // a noun, verb or adjective (pourboire = pour + boire, vinaigre = vin + aigre)
      for (const uint32_t r : it->second) {
        noun = noun || (info[r].common && (info[r].pos & (kNoun | kVerb | kAdjective)));
      }
      const auto gh = group_of_key.find(must_key(head));
      const auto gr = group_of_key.find(must_key(rest));
      if (!noun || gh == group_of_key.end() || gr == group_of_key.end()) continue;
      lemma_parts[l] = {gh->second, gr->second};
      modified[l] = modifier_heads.count(head) > 0;
      ++solid;
      break;
    }
  }
  progress.step(std::to_string(solid) + " solid compounds");

  // Lemmas.
  std::vector<format::Lemma> out_lemmas(lemma_text.size());
  std::vector<uint32_t> out_lemma_forms;
  std::vector<uint32_t> out_lemma_parts;
  for (uint32_t l = 0; l < lemma_text.size(); ++l) {
    format::Lemma& lm = out_lemmas[l];
    lm.text = w.add_string(lemma_text[l]);
    lm.family = fam.family[l];
    lm.canonical = fam.canonical[l];
    lm.forms_begin = static_cast<uint32_t>(out_lemma_forms.size());
    lm.forms_count = static_cast<uint32_t>(lemma_forms[l].size());
    for (const uint32_t f : lemma_forms[l]) {
      out_lemma_forms.push_back(f);
      const uint32_t r = out_groups[form_group[f]].freq_rank;
      if (r != 0 && (lm.freq_rank == 0 || r < lm.freq_rank)) lm.freq_rank = r;
    }
    lm.parts_begin = static_cast<uint32_t>(out_lemma_parts.size());
    lm.parts_count = static_cast<uint32_t>(lemma_parts[l].size());
    out_lemma_parts.insert(out_lemma_parts.end(), lemma_parts[l].begin(), lemma_parts[l].end());
    lm.flags = (info[l].common ? uint32_t{format::kFormCommon} : 0u) |
               (info[l].attested ? uint32_t{format::kLemmaAttested} : 0u) |
               (modified[l] ? uint32_t{format::kLemmaModifierHead} : 0u);
  }

  // Hash index over groups.
  std::size_t table_size = 1;
  while (table_size < out_groups.size() * 2) table_size <<= 1;
  std::vector<uint32_t> hash(table_size, 0);
  {
    const unsigned bits = static_cast<unsigned>(std::bit_width(out_groups.size()));
    uint32_t g = 0;  // groups are laid out in key order, as iterated here
    for (const auto& [key, _] : groups) {
      const uint64_t h = key_hash(key);
      std::size_t slot = h & (table_size - 1);
      while (hash[slot] != 0) slot = (slot + 1) & (table_size - 1);
      hash[slot] = make_slot(g, h, bits);
      ++g;
    }
  }

  // Thesaurus.
  progress.step("reading thesaurus " + opt.thesaurus.string());
  std::vector<ThesaurusEntry> thes = read_thesaurus(opt.thesaurus);
  std::sort(thes.begin(), thes.end(), [](const ThesaurusEntry& a, const ThesaurusEntry& b) {
    return must_key(a.headword) < must_key(b.headword);
  });
  std::vector<format::SynEntry> syn_entries;
  std::vector<format::SynSense> syn_senses;
  std::vector<format::StrRef> syn_words;
  std::vector<std::pair<std::string, uint32_t>> reverse;
  for (const ThesaurusEntry& e : thes) {
    format::SynEntry se{};
    se.headword = w.add_string(e.headword);
    se.key = w.add_string(must_key(e.headword));
    se.senses_begin = static_cast<uint32_t>(syn_senses.size());
    const auto ei = static_cast<uint32_t>(syn_entries.size());
    for (const ThesaurusSense& s : e.senses) {
      format::SynSense ss{};
      ss.label = w.add_string(s.label);
      ss.words_begin = static_cast<uint32_t>(syn_words.size());
      for (const std::string& word : s.words) {
        syn_words.push_back(w.add_string(word));
        reverse.emplace_back(must_key(word), ei);
      }
      ss.words_count = static_cast<uint32_t>(syn_words.size()) - ss.words_begin;
      syn_senses.push_back(ss);
    }
    se.senses_count = static_cast<uint32_t>(syn_senses.size()) - se.senses_begin;
    syn_entries.push_back(se);
  }
  std::sort(reverse.begin(), reverse.end());
  reverse.erase(std::unique(reverse.begin(), reverse.end()), reverse.end());
  std::vector<format::SynReverse> syn_reverse;
  syn_reverse.reserve(reverse.size());
  for (const auto& [key, entry] : reverse) syn_reverse.push_back({w.add_string(key), entry});
  progress.step(std::to_string(syn_entries.size()) + " thesaurus entries, " +
                std::to_string(syn_reverse.size()) + " reverse links");

  // Our own associations: a supplement of the thesaurus for the bots, in
  // sections of their own (relate() reads thesaurus headwords, never these).
  std::vector<format::AssocEntry> assoc_entries;
  std::vector<format::StrRef> assoc_words;
  std::vector<format::SynReverse> assoc_reverse;
  if (fs::exists(associations)) {
    progress.step("reading associations " + associations.string());
    auto assoc = read_associations(associations);
    std::sort(assoc.begin(), assoc.end(), [](const AssociationEntry& a, const AssociationEntry& b) {
      return must_key(a.headword) < must_key(b.headword);
    });
    std::vector<std::pair<std::string, uint32_t>> listed;
    for (const AssociationEntry& e : assoc) {
      const auto ei = static_cast<uint32_t>(assoc_entries.size());
      format::AssocEntry ae{};
      ae.headword = w.add_string(e.headword);
      ae.key = w.add_string(must_key(e.headword));
      ae.words_begin = static_cast<uint32_t>(assoc_words.size());
      for (const std::string& word : e.words) {
        assoc_words.push_back(w.add_string(word));
        listed.emplace_back(must_key(word), ei);
      }
      ae.words_count = static_cast<uint32_t>(assoc_words.size()) - ae.words_begin;
      assoc_entries.push_back(ae);
    }
    std::sort(listed.begin(), listed.end());
    listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
    for (const auto& [key, entry] : listed) assoc_reverse.push_back({w.add_string(key), entry});
    progress.step(std::to_string(assoc_entries.size()) + " association headwords, " +
                  std::to_string(assoc_words.size()) + " associated words");
  }

  w.set(format::kGroups, out_groups);
  w.set(format::kHash, hash);
  w.set(format::kForms, out_forms);
  w.set(format::kAnalyses, out_analyses);
  w.set(format::kLemmas, out_lemmas);
  w.set(format::kLemmaForms, out_lemma_forms);
  w.set(format::kLemmaParts, out_lemma_parts);
  w.set(format::kTags, tags);
  w.set(format::kSynEntries, syn_entries);
  w.set(format::kSynSenses, syn_senses);
  w.set(format::kSynWords, syn_words);
  w.set(format::kSynReverse, syn_reverse);
  w.set(format::kAssocEntries, assoc_entries);
  w.set(format::kAssocWords, assoc_words);
  w.set(format::kAssocReverse, assoc_reverse);
  // Every input read above, the curated families-*.txt included (in the order they were read).
  std::vector<fs::path> digested{opt.dict, opt.thesaurus, opt.common, opt.wiki, rules, families_txt};
  digested.insert(digested.end(), more_families.begin(), more_families.end());
  digested.insert(digested.end(), {not_related, suppletive, shortenings, heads, associations});
  const uint64_t digest = digest_files(digested);
  w.write(opt.out, digest);
  progress.step("wrote " + opt.out.string() + " (" + std::to_string(fs::file_size(opt.out) / 1024) + " KiB)");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(parse_args(argc, argv));
  } catch (const std::exception& e) {
    std::cerr << "lexicon-compile: " << e.what() << "\n";
    return 1;
  }
}
