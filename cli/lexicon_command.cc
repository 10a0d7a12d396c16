#include "lexicon_command.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "json.h"
#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"

namespace logomachie::cli {
namespace {

using lexicon::Accept;
using lexicon::Lexicon;

std::string pos_names(lexicon::PosSet pos) {
  static constexpr std::pair<uint32_t, const char*> kNames[] = {{lexicon::kNoun, "noun"},
                                                                {lexicon::kAdjective, "adjective"},
                                                                {lexicon::kVerb, "verb"},
                                                                {lexicon::kAdverb, "adverb"},
                                                                {lexicon::kGrammatical, "grammatical"},
                                                                {lexicon::kInterjection, "interjection"},
                                                                {lexicon::kNumber, "number"},
                                                                {lexicon::kTitle, "title"},
                                                                {lexicon::kFirstName, "first_name"},
                                                                {lexicon::kSurname, "surname"},
                                                                {lexicon::kPlace, "place"},
                                                                {lexicon::kOtherProper, "proper_noun"},
                                                                {lexicon::kFragment, "fragment"},
                                                                {lexicon::kRomanNumeral, "roman_numeral"},
                                                                {lexicon::kPunctuation, "punctuation"},
                                                                {lexicon::kSymbol, "symbol"},
                                                                {lexicon::kOtherPos, "other"}};
  std::string out = "[";
  for (const auto& [bit, name] : kNames) {
    if (pos & bit) {
      if (out.size() > 1) out += ',';
      out += json_string(name);
    }
  }
  return out + "]";
}

std::string mood_names(lexicon::MoodSet moods) {
  static constexpr std::pair<uint16_t, const char*> kNames[] = {
      {lexicon::kInfinitive, "infinitive"},
      {lexicon::kPresentParticiple, "present_participle"},
      {lexicon::kPastParticiple, "past_participle"},
      {lexicon::kIndicativePresent, "indicative_present"},
      {lexicon::kIndicativeImperfect, "indicative_imperfect"},
      {lexicon::kIndicativeSimplePast, "indicative_simple_past"},
      {lexicon::kIndicativeFuture, "indicative_future"},
      {lexicon::kConditional, "conditional"},
      {lexicon::kSubjunctivePresent, "subjunctive_present"},
      {lexicon::kSubjunctiveImperfect, "subjunctive_imperfect"},
      {lexicon::kImperative, "imperative"}};
  std::string out = "[";
  for (const auto& [bit, name] : kNames) {
    if (moods & bit) {
      if (out.size() > 1) out += ',';
      out += json_string(name);
    }
  }
  return out + "]";
}

std::string person_names(lexicon::PersonSet persons) {
  static constexpr const char* kNames[] = {"1s", "2s", "3s", "1p", "2p", "3p"};
  std::string out = "[";
  for (int i = 0; i < 6; ++i) {
    if (persons & (1u << i)) {
      if (out.size() > 1) out += ',';
      out += json_string(kNames[i]);
    }
  }
  return out + "]";
}

const char* gender_name(lexicon::Gender g) {
  switch (g) {
    case lexicon::Gender::kMasculine:
      return "\"masculine\"";
    case lexicon::Gender::kFeminine:
      return "\"feminine\"";
    case lexicon::Gender::kEpicene:
      return "\"epicene\"";
    default:
      return "null";
  }
}

const char* number_name(lexicon::Number n) {
  switch (n) {
    case lexicon::Number::kSingular:
      return "\"singular\"";
    case lexicon::Number::kPlural:
      return "\"plural\"";
    case lexicon::Number::kInvariable:
      return "\"invariable\"";
    default:
      return "null";
  }
}

std::string lookup_json(const Lexicon& lex, std::string_view word) {
  std::string out = "{\"word\":" + json_string(lexicon::is_valid_utf8(word) ? word : "\xEF\xBF\xBD");
  const auto as = lex.analyses(word);
  out += ",\"common\":";
  out += lex.contains(word) ? "true" : "false";
  out += ",\"known\":";
  out += as.empty() ? "false" : "true";
  const auto rank = lex.frequency_rank(word);
  out += ",\"frequency_rank\":" + (rank ? std::to_string(*rank) : std::string("null"));
  out += ",\"analyses\":[";
  bool first = true;
  for (const auto& a : as) {
    if (!first) out += ',';
    first = false;
    out += "{\"form\":" + json_string(a.form) + ",\"lemma\":" + json_string(a.lemma) +
           ",\"tag\":" + json_string(a.tag) + ",\"pos\":" + pos_names(a.pos) +
           ",\"gender\":" + gender_name(a.gender) + ",\"number\":" + number_name(a.number);
    if (a.pos & lexicon::kVerb) {
      out += ",\"verb_group\":" + std::to_string(a.verb_group) + ",\"moods\":" + mood_names(a.moods) +
             ",\"persons\":" + person_names(a.persons);
    }
    out += std::string(",\"common\":") + (a.common ? "true" : "false") +
           ",\"proper\":" + (a.proper ? "true" : "false") + "}";
  }
  out += "]}";
  return out;
}

// Strips a trailing CR and surrounding spaces/tabs.
std::string_view trim_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.remove_suffix(1);
  return line;
}

bool write_all(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// `check`: one verdict per input line; output flushed only when input would
// block or ends (so a pipeline of 200k words costs a handful of writes). The
// lines of each read are judged together with Lexicon::contains_batch.
int run_check(const Lexicon& lex, Accept accept) {
  constexpr std::size_t kMaxLine = lexicon::kMaxInputBytes + 64;  // longer: not a word
  std::string out;
  std::string pending;            // start of a line split across reads
  bool pending_too_long = false;  // the pending line is already known to be too long
  std::string completed;          // pending + its end, once the newline arrives
  std::vector<std::string_view> lines;
  std::vector<uint8_t> too_long;
  std::vector<uint8_t> verdicts;
  std::vector<char> buf(1 << 16);

  auto judge = [&]() {
    verdicts.resize(lines.size());
    lex.contains_batch(lines, verdicts, accept);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      out.push_back((verdicts[i] && !too_long[i]) ? '1' : '0');
      out.push_back('\n');
    }
    lines.clear();
    too_long.clear();
  };
  auto add_line = [&](std::string_view line, bool is_too_long) {
    lines.push_back(is_too_long ? std::string_view() : trim_line(line));
    too_long.push_back(is_too_long ? 1 : 0);
  };

  while (true) {
    pollfd p{0, POLLIN, 0};
    if (!out.empty() && ::poll(&p, 1, 0) == 0) {  // input would block: flush
      if (!write_all(1, out)) return 1;
      out.clear();
    }
    const ssize_t n = ::read(0, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      std::cerr << "logomachie lexicon check: read error\n";
      return 1;
    }
    if (n == 0) break;
    std::string_view chunk(buf.data(), static_cast<std::size_t>(n));
    while (!chunk.empty()) {
      const auto nl = chunk.find('\n');
      const std::string_view piece = chunk.substr(0, nl);
      if (nl == std::string_view::npos) {  // the line goes on in the next read
        if (!pending_too_long) {
          if (pending.size() + piece.size() > kMaxLine) {
            pending_too_long = true;
            pending.clear();
          } else {
            pending.append(piece);
          }
        }
        break;
      }
      if (pending_too_long || !pending.empty()) {
        // At most one such line per read: it is the first line of the chunk.
        const bool is_too_long = pending_too_long || pending.size() + piece.size() > kMaxLine;
        completed.clear();
        if (!is_too_long) completed.append(pending).append(piece);
        add_line(completed, is_too_long);
        pending.clear();
        pending_too_long = false;
      } else {
        add_line(piece, piece.size() > kMaxLine);
      }
      chunk.remove_prefix(nl + 1);
    }
    judge();                       // before the next read reuses the buffer the lines point into
    if (out.size() > (1 << 20)) {  // bound memory on endless input
      if (!write_all(1, out)) return 1;
      out.clear();
    }
  }
  if (pending_too_long || !pending.empty()) {  // last line without a newline
    completed = pending;
    add_line(completed, pending_too_long);
    judge();
  }
  return write_all(1, out) ? 0 : 1;
}

constexpr std::string_view kCommands =
    "commands:\n"
    "  lookup WORD…          one JSON object per word: analyses, frequency rank\n"
    "  relate BASE OTHER [--reading every|dominant|noun]\n"
    "                        inflection | compound | derivative | unrelated (BASE read as told;\n"
    "                        default every reading; the referees read traps as dominant, deck words as "
    "noun)\n"
    "  check [--proper]      reads words on stdin, writes 1 (a word) or 0 per line\n"
    "  family WORD           lemmas of the same derivational family, one per line\n"
    "  synonyms WORD         thesaurus senses, one per line: LABEL<TAB>word|word…\n"
    "  associations WORD     our associations (the bots' ideas): the words that evoke WORD,\n"
    "                        then the headwords whose list holds it\n"
    "  prefix PREFIX [N]     up to N (default 20) words starting with PREFIX\n"
    "Each command answers --help; `--` before a word that starts with a dash.\n";

// Opens the lexicon; prints why not and returns nullopt on failure.
std::optional<Lexicon> open(const std::string& lexicon_path) {
  try {
    return Lexicon::open(lexicon_path.empty() ? Lexicon::default_path()
                                              : std::filesystem::path(lexicon_path));
  } catch (const lexicon::LexiconError& e) {
    std::cerr << "logomachie lexicon: " << e.what() << "\n";
    return std::nullopt;
  }
}

int lookup(std::span<const std::string> args, std::string lexicon_path) {
  std::vector<std::string> words;
  Args cli("lexicon lookup", lexicon_path);
  cli.operands("WORD", words).about("  one JSON object per word: analyses, frequency rank\n");
  if (auto done = cli.parse(args)) return *done;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  std::string out;
  for (const auto& w : words) out += lookup_json(*lex, w) + "\n";
  std::cout << out << std::flush;
  return 0;
}

int relate(std::span<const std::string> args, std::string lexicon_path) {
  std::string base;
  std::string other;
  std::optional<std::string> reading_flag;
  Args cli("lexicon relate", lexicon_path);
  cli.operand("BASE", base)
      .operand("OTHER", other)
      .about("  inflection | compound | derivative | unrelated: how OTHER relates to BASE\n")
      .choice("reading", reading_flag, {"every", "dominant", "noun"},
              "how BASE is read (default every; referees: traps dominant, deck words noun)");
  if (auto done = cli.parse(args)) return *done;
  if (!lexicon::is_valid_utf8(base) || !lexicon::is_valid_utf8(other)) {
    return cli.usage_error("words must be valid UTF-8");
  }
  const std::string reading_name = reading_flag.value_or("every");
  const lexicon::Reading reading = reading_name == "dominant" ? lexicon::Reading::kDominant
                                   : reading_name == "noun"   ? lexicon::Reading::kNoun
                                                              : lexicon::Reading::kEvery;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  std::cout << lexicon::to_string(lex->relate(base, other, reading)) << "\n" << std::flush;
  return 0;
}

int check(std::span<const std::string> args, std::string lexicon_path) {
  bool proper = false;
  Args cli("lexicon check", lexicon_path);
  cli.reads("words")
      .about("  one line out per line in: 1 for a common word, else 0\n")
      .flag("proper", proper, "proper nouns count as words too");
  if (auto done = cli.parse(args)) return *done;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  return run_check(*lex, proper ? Accept::kProper : Accept::kCommon);
}

int family(std::span<const std::string> args, std::string lexicon_path) {
  std::string word;
  Args cli("lexicon family", lexicon_path);
  cli.operand("WORD", word).about("  lemmas of the same derivational family, one per line\n");
  if (auto done = cli.parse(args)) return *done;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  for (const auto l : lex->family_of(word)) std::cout << l << "\n";
  return 0;
}

int synonyms(std::span<const std::string> args, std::string lexicon_path) {
  std::string word;
  Args cli("lexicon synonyms", lexicon_path);
  cli.operand("WORD", word).about("  thesaurus senses, one per line: LABEL<TAB>word|word…\n");
  if (auto done = cli.parse(args)) return *done;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  for (const auto& s : lex->synonyms(word)) {
    std::cout << s.label << "\t";
    for (std::size_t i = 0; i < s.words.size(); ++i) std::cout << (i ? "|" : "") << s.words[i];
    std::cout << "\n";
  }
  return 0;
}

// Reviewing data/lexicon/associations.tsv: what the bots may say for WORD,
// and where WORD is itself an idea.
int associations(std::span<const std::string> args, std::string lexicon_path) {
  std::string word;
  Args cli("lexicon associations", lexicon_path);
  cli.operand("WORD", word)
      .about("  two lines: evokes<TAB>word|word… (closest first), evoked_by<TAB>word|word…\n");
  if (auto done = cli.parse(args)) return *done;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  const auto line = [](std::string_view label, const std::vector<std::string_view>& words) {
    std::cout << label << "\t";
    for (std::size_t i = 0; i < words.size(); ++i) std::cout << (i ? "|" : "") << words[i];
    std::cout << "\n";
  };
  line("evokes", lex->associations(word));
  line("evoked_by", lex->association_heads(word));
  return 0;
}

int prefix(std::span<const std::string> args, std::string lexicon_path) {
  std::string start;
  std::optional<std::uint64_t> limit;
  Args cli("lexicon prefix", lexicon_path);
  cli.operand("PREFIX", start)
      .operand("N", limit, {})
      .about("  up to N (default 20) words starting with PREFIX\n");
  if (auto done = cli.parse(args)) return *done;
  const auto lex = open(lexicon_path);
  if (!lex) return 1;
  for (const auto w : lex->words_with_prefix(start, static_cast<std::size_t>(limit.value_or(20)))) {
    std::cout << w << "\n";
  }
  return 0;
}

}  // namespace

int lexicon_command(std::span<const std::string> args, std::string lexicon_path) {
  std::vector<std::string> rest;
  Args cli("lexicon", lexicon_path);
  cli.about(std::string(kCommands)).subcommand(rest);
  if (auto done = cli.parse(args)) return *done;
  const std::string& command = rest.front();
  const auto command_args = std::span<const std::string>(rest).subspan(1);
  if (command == "lookup") return lookup(command_args, lexicon_path);
  if (command == "relate") return relate(command_args, lexicon_path);
  if (command == "check") return check(command_args, lexicon_path);
  if (command == "family") return family(command_args, lexicon_path);
  if (command == "synonyms") return synonyms(command_args, lexicon_path);
  if (command == "associations") return associations(command_args, lexicon_path);
  if (command == "prefix") return prefix(command_args, lexicon_path);
  return cli.usage_error("unknown command '" + command + "'");
}

}  // namespace logomachie::cli
