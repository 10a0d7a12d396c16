#include "jsonl.h"

#include <poll.h>

#include <iostream>
#include <istream>
#include <ostream>

#include "games/core/json.h"

namespace logomachie::cli {
namespace {

bool input_would_block(std::istream& in) {
  if (in.rdbuf()->in_avail() > 0) return false;
  pollfd p{0, POLLIN, 0};
  return &in == &std::cin && ::poll(&p, 1, 0) == 0;
}

}  // namespace

std::string error_line(std::string_view code, std::string_view message) {
  return games::canonical(
      games::JsonObject{{"error", games::JsonObject{{"code", code}, {"message", message}}}});
}

int run_jsonl_contract(const std::function<std::string(std::string_view line)>& handle) {
  constexpr std::size_t kMaxLine = 1 << 20;
  return run_jsonl(
      std::cin, std::cout, kMaxLine,
      [&](std::string_view line) {
        try {
          return handle(line);
        } catch (const games::ActionError& e) {
          return error_line(e.error().code, e.error().message);
        }
      },
      [] { return error_line("line_too_long", "Ligne trop longue (1 Mo au plus)."); });
}

int run_jsonl(std::istream& in, std::ostream& out, std::size_t max_line,
              const std::function<std::string(std::string_view line)>& handle,
              const std::function<std::string()>& too_long) {
  std::string line;
  while (true) {
    line.clear();
    bool overflow = false;
    // Read one line without ever holding more than max_line bytes of it.
    int c;
    bool any = false;
    while ((c = in.get()) != EOF) {
      any = true;
      if (c == '\n') break;
      if (line.size() < max_line) {
        line.push_back(static_cast<char>(c));
      } else {
        overflow = true;
      }
    }
    if (!any) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!overflow && line.find_first_not_of(" \t") == std::string::npos) continue;
    out << (overflow ? too_long() : handle(line)) << '\n';
    if (input_would_block(in)) out.flush();
    if (c == EOF) break;
  }
  out.flush();
  return out ? 0 : 1;
}

}  // namespace logomachie::cli
