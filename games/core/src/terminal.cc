#include "games/core/terminal.h"

#include <iostream>

namespace logomachie::games {

void TerminalGame::narrate(const State& state, const std::vector<Json>& events, std::ostream& out) const {
  for (const auto& ev : events) {
    if (!ev.is_object()) continue;
    const auto& e = ev.get_object();
    before_event(state, e, out);
    if (game && tells(e)) {
      if (const auto line = game->describe(ev, names)) out << "  " << *line << "\n";
    }
    after_event(state, e, out);
  }
}

std::optional<std::string> read_line(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const auto b = line.find_first_not_of(" \t\r");
  const auto e = line.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
}

}  // namespace logomachie::games
