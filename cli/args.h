// The command line of every `logomachie` command, read one way (issue 17).
// A command describes its options and operands to an Args, which parses them
// with CLI11 (cli/args.cc, the only file that includes it: its headers cost
// seconds per translation unit) under the house conventions:
//   - `--help` or `-h`: the usage on stdout, exit 0 (stdin is never read);
//   - a usage error: one line `logomachie COMMAND: MESSAGE`, then the usage,
//     on stderr, exit 2;
//   - `--option VALUE` and `--option=VALUE` alike; when an option is repeated
//     the last one counts; `--` ends the options;
//   - unknown options are errors (`play` alone collects them for the game);
//   - every command takes `--lexicon FILE` (not listed in its usage), so it
//     works before or after the command's name;
//   - numbers are decimal, whole, within a stated range.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace logomachie::cli {

// The values a number may take, both ends included.
struct Range {
  std::uint64_t low = 0;
  std::uint64_t high = std::numeric_limits<std::uint64_t>::max();
};

class Args {
 public:
  // `command` as typed after `logomachie` ("serve", "lexicon relate"; empty
  // for the program itself). `--lexicon FILE` stores FILE in `lexicon_path`,
  // which must outlive this object, as must every target given below.
  Args(std::string command, std::string& lexicon_path);

  // Text under the usage line, printed as given (end each line with \n).
  Args& about(std::string text);
  // What the command reads on stdin, shown as `< WHAT` in the usage line.
  Args& reads(std::string what);

  // Options, listed in the usage in this order with their `help` line.
  // `--NAME VALUE_NAME`; with `max_bytes`, the value has 1 to max_bytes bytes.
  Args& text(const std::string& name, std::string value_name, std::optional<std::string>& target,
             std::string help, std::size_t max_bytes = 0);
  // `--NAME VALUE_NAME`, a whole number in `range`.
  Args& number(const std::string& name, std::string value_name, std::optional<std::uint64_t>& target,
               Range range, std::string help);
  // `--NAME ONE|OTHER|…`, one of `choices`.
  Args& choice(const std::string& name, std::optional<std::string>& target, std::vector<std::string> choices,
               std::string help);
  // `--NAME`, no value.
  Args& flag(const std::string& name, bool& target, std::string help);

  // Operands, in the order they come. One required word:
  Args& operand(std::string name, std::string& target);
  // An optional whole number in `range`:
  Args& operand(std::string name, std::optional<std::uint64_t>& target, Range range);
  // One or more words:
  Args& operands(std::string name, std::vector<std::string>& target);

  // For a dispatcher (the program, `lexicon`): the first operand names a
  // subcommand; it and everything after it are left unparsed in `rest`,
  // for the subcommand's own Args (rest[0] is its name).
  Args& subcommand(std::vector<std::string>& rest);

  // For `play`: unknown `--NAME VALUE` (or `--NAME=VALUE`) are not errors but
  // collected in `flags`, in order, NAME without its dashes, for someone else
  // to check; `synopsis` shows them in the usage line.
  Args& pass_through(std::vector<std::pair<std::string, std::string>>& flags, std::string synopsis);

  // More usage, computed when the usage is printed (`play GAME`: that
  // game's own flags). May return "".
  Args& more_usage(std::function<std::string()> text);

  // Reads `args` (what follows the command's name) into the targets.
  // nullopt: run the command. Otherwise the exit code, its output printed:
  // 0 after --help, 2 after a usage error.
  [[nodiscard]] std::optional<int> parse(std::span<const std::string> args);

  // A usage error found after parsing (an unknown game…): prints it as
  // parse does and returns 2.
  int usage_error(std::string_view message) const;

  // The full usage text (usage line, about, options, more usage).
  std::string usage() const;

 private:
  enum class Kind { kText, kNumber, kChoice, kFlag };
  struct Value {
    Kind kind = Kind::kText;
    std::string name;        // "--port" for an option, "GAME" for an operand
    std::string value_name;  // "N"; for a choice, "every|dominant|noun"
    std::string help;
    std::optional<std::string>* text = nullptr;
    std::string* word = nullptr;  // a required operand
    std::optional<std::uint64_t>* number = nullptr;
    bool* flag = nullptr;
    std::vector<std::string>* words = nullptr;
    Range range;
    std::vector<std::string> choices;
    std::size_t max_bytes = 0;
  };

  static Value value(Kind kind, std::string name, std::string value_name, std::string help);
  // Checks and stores a value as typed; an error message otherwise.
  std::optional<std::string> store(const Value& value, const std::string& typed) const;
  std::string synopsis() const;

  std::string command_;
  std::string& lexicon_path_;
  std::string about_;
  std::string reads_;
  std::vector<Value> options_;
  std::vector<Value> operands_;
  std::vector<std::string>* rest_ = nullptr;
  std::vector<std::pair<std::string, std::string>>* pass_through_ = nullptr;
  std::string pass_through_synopsis_;
  std::function<std::string()> more_usage_;
};

// One line of an options list: `  LEFT` padded to a column, then `help`.
std::string usage_line(std::string_view left, std::string_view help);

}  // namespace logomachie::cli
