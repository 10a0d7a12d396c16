#include "args.h"

#include <algorithm>
#include <charconv>
#include <iostream>

#include <CLI/CLI.hpp>

namespace logomachie::cli {
namespace {

constexpr std::size_t kWidth = 100;      // usage lines wrap before this column
constexpr std::size_t kHelpColumn = 26;  // where an option's help starts

// Columns taken by UTF-8 text (the usage has "…").
std::size_t columns(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::optional<std::uint64_t> decimal(std::string_view s) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string joined(const std::vector<std::string>& words, std::string_view between, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? last : between;
    out += words[i];
  }
  return out;
}

// CLI11 says "--port: 1 required TEXT missing" when an option ends the line.
std::string mismatch_message(const std::string& what) {
  const auto colon = what.find(':');
  if (what.starts_with("--") && colon != std::string::npos &&
      what.find("required", colon) != std::string::npos && what.ends_with("missing")) {
    return what.substr(0, colon) + " needs a value";
  }
  return what;
}

// The first argument nobody took, named for the user.
std::string unexpected_message(const std::vector<std::string>& left) {
  if (left.empty()) return "unexpected argument";
  const std::string& first = left.front();
  if (first.size() > 1 && first[0] == '-') return "unknown option " + first.substr(0, first.find('='));
  return "unexpected argument '" + first + "'";
}

// `play`'s pass-through: what CLI11 left, read as `--NAME VALUE` or
// `--NAME=VALUE` pairs; an error message for anything else.
std::optional<std::string> pair_flags(const std::vector<std::string>& left,
                                      std::vector<std::pair<std::string, std::string>>& flags) {
  flags.clear();
  for (std::size_t i = 0; i < left.size(); ++i) {
    const std::string& arg = left[i];
    if (!arg.starts_with("--") || arg.size() == 2) {
      return unexpected_message({left.begin() + static_cast<std::ptrdiff_t>(i), left.end()});
    }
    const auto equals = arg.find('=');
    if (equals != std::string::npos) {
      flags.emplace_back(arg.substr(2, equals - 2), arg.substr(equals + 1));
    } else if (i + 1 < left.size()) {
      flags.emplace_back(arg.substr(2), left[i + 1]);
      ++i;
    } else {
      return arg + " needs a value";
    }
  }
  return std::nullopt;
}

}  // namespace

std::string usage_line(std::string_view left, std::string_view help) {
  std::string line = "  ";
  line += left;
  const std::size_t used = columns(line);
  line.append(used + 2 <= kHelpColumn ? kHelpColumn - used : 2, ' ');
  line += help;
  line += '\n';
  return line;
}

Args::Args(std::string command, std::string& lexicon_path)
    : command_(std::move(command)), lexicon_path_(lexicon_path) {}

Args& Args::about(std::string text) {
  about_ = std::move(text);
  return *this;
}

Args& Args::reads(std::string what) {
  reads_ = std::move(what);
  return *this;
}

Args::Value Args::value(Kind kind, std::string name, std::string value_name, std::string help) {
  Value v;
  v.kind = kind;
  v.name = std::move(name);
  v.value_name = std::move(value_name);
  v.help = std::move(help);
  return v;
}

Args& Args::text(const std::string& name, std::string value_name, std::optional<std::string>& target,
                 std::string help, std::size_t max_bytes) {
  Value v = value(Kind::kText, "--" + name, std::move(value_name), std::move(help));
  v.text = &target;
  v.max_bytes = max_bytes;
  options_.push_back(std::move(v));
  return *this;
}

Args& Args::number(const std::string& name, std::string value_name, std::optional<std::uint64_t>& target,
                   Range range, std::string help) {
  Value v = value(Kind::kNumber, "--" + name, std::move(value_name), std::move(help));
  v.number = &target;
  v.range = range;
  options_.push_back(std::move(v));
  return *this;
}

Args& Args::choice(const std::string& name, std::optional<std::string>& target,
                   std::vector<std::string> choices, std::string help) {
  Value v = value(Kind::kChoice, "--" + name, joined(choices, "|", "|"), std::move(help));
  v.text = &target;
  v.choices = std::move(choices);
  options_.push_back(std::move(v));
  return *this;
}

Args& Args::flag(const std::string& name, bool& target, std::string help) {
  Value v = value(Kind::kFlag, "--" + name, "", std::move(help));
  v.flag = &target;
  options_.push_back(std::move(v));
  return *this;
}

Args& Args::operand(std::string name, std::string& target) {
  Value v = value(Kind::kText, std::move(name), "", "");
  v.word = &target;
  operands_.push_back(std::move(v));
  return *this;
}

Args& Args::operand(std::string name, std::optional<std::uint64_t>& target, Range range) {
  Value v = value(Kind::kNumber, std::move(name), "", "");
  v.number = &target;
  v.range = range;
  operands_.push_back(std::move(v));
  return *this;
}

Args& Args::operands(std::string name, std::vector<std::string>& target) {
  Value v = value(Kind::kText, std::move(name), "", "");
  v.words = &target;
  operands_.push_back(std::move(v));
  return *this;
}

Args& Args::subcommand(std::vector<std::string>& rest) {
  rest_ = &rest;
  return *this;
}

Args& Args::pass_through(std::vector<std::pair<std::string, std::string>>& flags, std::string synopsis) {
  pass_through_ = &flags;
  pass_through_synopsis_ = std::move(synopsis);
  return *this;
}

Args& Args::more_usage(std::function<std::string()> text) {
  more_usage_ = std::move(text);
  return *this;
}

std::optional<std::string> Args::store(const Value& value, const std::string& typed) const {
  switch (value.kind) {
    case Kind::kNumber: {
      const auto n = decimal(typed);
      if (!n || *n < value.range.low || *n > value.range.high) {
        std::string wanted = "a whole number";
        if (value.range.low > 0 || value.range.high != Range{}.high) {
          wanted += " from " + std::to_string(value.range.low) + " to " + std::to_string(value.range.high);
        }
        return value.name + ": expected " + wanted + ", got '" + typed + "'";
      }
      *value.number = *n;
      return std::nullopt;
    }
    case Kind::kChoice:
      if (std::find(value.choices.begin(), value.choices.end(), typed) == value.choices.end()) {
        return value.name + ": expected " + joined(value.choices, ", ", " or ") + ", got '" + typed + "'";
      }
      *value.text = typed;
      return std::nullopt;
    case Kind::kText:
      if (value.max_bytes > 0 && (typed.empty() || typed.size() > value.max_bytes)) {
        return value.name + ": expected 1 to " + std::to_string(value.max_bytes) + " bytes";
      }
      if (value.word) {
        *value.word = typed;
      } else {
        *value.text = typed;
      }
      return std::nullopt;
    case Kind::kFlag:
      break;
  }
  return std::nullopt;
}

std::optional<int> Args::parse(std::span<const std::string> args) {
  CLI::App app;
  app.set_help_flag("-h,--help");
  std::string lexicon;
  const auto* lexicon_option =
      app.add_option("--lexicon", lexicon)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  // Every value is taken as typed; store() checks it, with our messages
  // (CLI11 would read "010" as octal).
  std::vector<std::string> typed(options_.size());
  std::vector<const CLI::Option*> given(options_.size(), nullptr);
  for (std::size_t i = 0; i < options_.size(); ++i) {
    const Value& o = options_[i];
    if (o.kind == Kind::kFlag) {
      app.add_flag(o.name, *o.flag);
    } else {
      given[i] = app.add_option(o.name, typed[i])->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }
  }
  std::vector<std::string> typed_operands(operands_.size());
  std::vector<const CLI::Option*> given_operands(operands_.size(), nullptr);
  std::vector<std::string> words;
  for (std::size_t i = 0; i < operands_.size(); ++i) {
    const Value& o = operands_[i];
    if (o.words) {
      app.add_option(o.name, words)->required();
    } else {
      auto* added = app.add_option(o.name, typed_operands[i]);
      if (o.word) added->required();
      given_operands[i] = added;
    }
  }
  if (rest_) app.prefix_command();
  if (pass_through_) app.allow_extras();

  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    // The usage may depend on the operands (`play GAME --help`).
    for (std::size_t i = 0; i < operands_.size(); ++i) {
      if (given_operands[i] && given_operands[i]->count() > 0) (void)store(operands_[i], typed_operands[i]);
    }
    if (lexicon_option->count() > 0) lexicon_path_ = lexicon;
    std::cout << usage() << std::flush;
    return 0;
  } catch (const CLI::ExtrasError&) {
    return usage_error(unexpected_message(app.remaining()));
  } catch (const CLI::RequiredError& e) {
    // An unknown option says more than the operand it may have pushed out.
    if (!pass_through_ && !app.remaining().empty()) return usage_error(unexpected_message(app.remaining()));
    return usage_error(e.what());
  } catch (const CLI::ArgumentMismatch& e) {
    return usage_error(mismatch_message(e.what()));
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }
  if (lexicon_option->count() > 0) lexicon_path_ = lexicon;

  for (std::size_t i = 0; i < options_.size(); ++i) {
    if (!given[i] || given[i]->count() == 0) continue;
    if (auto error = store(options_[i], typed[i])) return usage_error(*error);
  }
  for (std::size_t i = 0; i < operands_.size(); ++i) {
    if (operands_[i].words) {
      *operands_[i].words = words;
    } else if (given_operands[i]->count() > 0) {
      if (auto error = store(operands_[i], typed_operands[i])) return usage_error(*error);
    }
  }

  std::vector<std::string> left = app.remaining();
  if (rest_) {
    if (left.empty()) return usage_error("missing COMMAND");
    if (left.front().size() > 1 && left.front()[0] == '-') return usage_error(unexpected_message(left));
    *rest_ = std::move(left);
  } else if (pass_through_) {
    if (auto error = pair_flags(left, *pass_through_)) return usage_error(*error);
  }
  return std::nullopt;
}

int Args::usage_error(std::string_view message) const {
  std::cerr << "logomachie" << (command_.empty() ? "" : " ") << command_ << ": " << message << "\n"
            << usage() << std::flush;
  return 2;
}

std::string Args::synopsis() const {
  std::vector<std::string> parts;
  if (command_.empty()) parts.emplace_back("[--lexicon FILE]");
  for (const Value& o : operands_) {
    if (o.words) {
      parts.push_back(o.name + "…");
    } else {
      parts.push_back(o.word ? o.name : "[" + o.name + "]");
    }
  }
  if (rest_) parts.emplace_back("COMMAND …");
  for (const Value& o : options_) {
    parts.push_back("[" + o.name + (o.value_name.empty() ? "" : " " + o.value_name) + "]");
  }
  if (pass_through_) parts.push_back(pass_through_synopsis_);
  if (!reads_.empty()) parts.push_back("< " + reads_);

  std::string head = "usage: logomachie";
  if (!command_.empty()) head += " " + command_;
  std::string out = head;
  std::size_t line = columns(out);
  const std::string indent(columns(head) + 1, ' ');
  for (const std::string& part : parts) {
    if (line + 1 + columns(part) > kWidth && line > indent.size()) {
      out.append("\n").append(indent).append(part);
      line = indent.size() + columns(part);
    } else {
      out += " " + part;
      line += 1 + columns(part);
    }
  }
  return out + "\n";
}

std::string Args::usage() const {
  std::string out = synopsis() + about_;
  bool listed = false;
  for (const Value& o : options_) {
    if (o.help.empty()) continue;
    if (!listed) out += "options:\n";
    listed = true;
    out += usage_line(o.name + (o.value_name.empty() ? "" : " " + o.value_name), o.help);
  }
  if (more_usage_) out += more_usage_();
  return out;
}

}  // namespace logomachie::cli
