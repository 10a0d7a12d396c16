#include "sources.h"

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "lexicon/normalize.h"
#include "utf8.h"

namespace logomachie::lexicon::compiler {
namespace {

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot read " + path.string());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (true) {
    const auto j = s.find(sep, i);
    out.push_back(s.substr(i, j == std::string::npos ? std::string::npos : j - i));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return out;
}

}  // namespace

void fail(const std::string& message) {
  throw std::runtime_error(message);
}

std::vector<DictEntry> read_dictionary(const std::filesystem::path& tsv) {
  const std::string text = read_all(tsv);
  std::vector<DictEntry> out;
  out.reserve(520000);
  std::size_t line_no = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find('\n', i);
    if (j == std::string::npos) j = text.size();
    ++line_no;
    const std::string line = text.substr(i, j - i);
    i = j + 1;
    if (line.empty()) continue;
    auto cols = split(line, '\t');
    if (cols.size() != 3 || cols[0].empty() || cols[1].empty() || cols[2].empty()) {
      fail(tsv.string() + ":" + std::to_string(line_no) + ": expected form, lemma, tag");
    }
    out.push_back({std::move(cols[0]), std::move(cols[1]), std::move(cols[2])});
  }
  return out;
}

std::unordered_map<std::string, uint32_t> read_ranked_list(const std::filesystem::path& json) {
  // The lists are flat arrays of simple strings; a full JSON parser is not needed,
  // but escapes are honoured.
  const std::string text = read_all(json);
  std::unordered_map<std::string, uint32_t> ranks;
  uint32_t rank = 0;
  std::size_t i = text.find('[');
  if (i == std::string::npos) fail(json.string() + ": not a JSON array");
  while (true) {
    i = text.find_first_of("\"]", i + 1);
    if (i == std::string::npos) fail(json.string() + ": unterminated array");
    if (text[i] == ']') break;
    std::string word;
    ++i;
    while (i < text.size() && text[i] != '"') {
      if (text[i] == '\\' && i + 1 < text.size()) {
        ++i;
        if (text[i] == 'u') {
          // \uXXXX (the lists only use it for BMP characters).
          if (i + 4 >= text.size()) fail(json.string() + ": bad escape");
          utf8::append(word, static_cast<char32_t>(std::stoul(text.substr(i + 1, 4), nullptr, 16)));
          i += 5;
          continue;
        }
      }
      word.push_back(text[i]);
      ++i;
    }
    ++rank;
    if (auto key = match_key(word); key && !key->empty()) ranks.emplace(*key, rank);
  }
  return ranks;
}

std::vector<ThesaurusEntry> read_thesaurus(const std::filesystem::path& dat) {
  const std::string text = read_all(dat);
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  if (trim(line) != "UTF-8") fail(dat.string() + ": expected UTF-8 encoding line");
  std::vector<ThesaurusEntry> out;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty()) continue;
    const auto bar = line.rfind('|');
    if (bar == std::string::npos) fail(dat.string() + ": bad headword line: " + line);
    ThesaurusEntry entry;
    entry.headword = line.substr(0, bar);
    const int count = std::stoi(line.substr(bar + 1));
    for (int k = 0; k < count && std::getline(in, line); ++k) {
      auto cols = split(trim(line), '|');
      ThesaurusSense sense;
      sense.label = cols.empty() ? std::string() : cols[0];
      for (std::size_t c = 1; c < cols.size(); ++c) {
        std::string w = cols[c];
        // "plier(se)", "mettre (en)": drop the parenthesised usage note.
        if (const auto p = w.find('('); p != std::string::npos) w = w.substr(0, p);
        w = trim(w);
        if (!w.empty()) sense.words.push_back(std::move(w));
      }
      entry.senses.push_back(std::move(sense));
    }
    out.push_back(std::move(entry));
  }
  return out;
}

std::vector<AssociationEntry> read_associations(const std::filesystem::path& tsv) {
  const std::string text = read_all(tsv);
  std::istringstream in(text);
  std::string line;
  std::vector<AssociationEntry> out;
  std::set<std::string> headwords;  // match keys
  std::size_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const auto where = tsv.string() + ":" + std::to_string(line_no) + ": ";
    if (const auto h = line.find('#'); h != std::string::npos) line = line.substr(0, h);
    if (trim(line).empty()) continue;
    const auto cols = split(line, '\t');
    if (cols.size() != 2) fail(where + "expected HEADWORD<TAB>word|word|…");
    const auto head = to_display(cols[0]);
    const auto head_key = match_key(cols[0]);
    if (!head || head->empty() || !head_key) fail(where + "bad headword");
    if (!headwords.insert(*head_key).second) fail(where + "headword " + *head + " given twice");
    AssociationEntry entry{*head, {}};
    std::set<std::string> seen{*head_key};
    for (const auto& w : split(cols[1], '|')) {
      const auto word = to_display(w);
      const auto key = match_key(w);
      if (!word || word->empty() || !key) fail(where + "empty or bad word");
      if (!seen.insert(*key).second) fail(where + *word + " is the headword or listed twice");
      entry.words.push_back(*word);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

std::vector<std::vector<std::string>> read_table(const std::filesystem::path& path, bool tabs_only) {
  const std::string text = read_all(path);
  std::istringstream in(text);
  std::string line;
  std::vector<std::vector<std::string>> rows;
  while (std::getline(in, line)) {
    if (const auto h = line.find('#'); h != std::string::npos) line = line.substr(0, h);
    line = trim(line);
    if (line.empty()) continue;
    std::vector<std::string> cols;
    if (tabs_only) {
      for (auto& c : split(line, '\t')) cols.push_back(trim(c));
    } else {
      std::istringstream ls(line);
      std::string w;
      while (ls >> w) cols.push_back(w);
    }
    rows.push_back(std::move(cols));
  }
  return rows;
}

}  // namespace logomachie::lexicon::compiler
