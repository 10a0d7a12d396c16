// JSON Lines loops for the CLI's stable contracts (solve, referee): one JSON
// object per input line, one per output line, in order. Output is flushed when
// the input would block or ends, so both interactive use and large pipelines
// work.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace logomachie::cli {

// Calls `handle` for each input line (blank lines are skipped) and writes its
// result followed by a newline. Lines longer than `max_line` bytes are not
// parsed: `too_long` gives the output for them. Returns the process status.
// The output line for a refused input: {"error":{"code":…,"message":…}}.
std::string error_line(std::string_view code, std::string_view message);

// run_jsonl for a contract whose handler throws games::ActionError on bad
// input (turned into error_line); lines over 1 MB are refused.
int run_jsonl_contract(const std::function<std::string(std::string_view line)>& handle);

int run_jsonl(std::istream& in, std::ostream& out, std::size_t max_line,
              const std::function<std::string(std::string_view line)>& handle,
              const std::function<std::string()>& too_long);

}  // namespace logomachie::cli
