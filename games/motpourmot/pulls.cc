#include "games/motpourmot/pulls.h"

#include <cstdlib>
#include <string>

namespace logomachie::games::motpourmot {

std::vector<Step> pulls(std::string_view tiles, std::span<const int> position, std::string_view letters,
                        int team) {
  std::vector<Step> steps;
  std::vector<int> at(position.begin(), position.end());
  for (char c : letters) {
    const auto tile = tiles.find(c);
    if (tile == std::string_view::npos) continue;  // no tile for this letter: allowed, ignored
    auto& pos = at[tile];
    if (std::abs(pos) == kCaptured) continue;  // captured tiles never move again
    const int to = pulled(pos, team);
    steps.push_back({c, pos, to});
    pos = to;
  }
  return steps;
}

Json steps_json(const std::vector<Step>& steps) {
  JsonArray a;
  for (const auto& s : steps) {
    a.push_back(JsonObject{{"letter", std::string(1, s.letter)},
                           {"from", s.from},
                           {"to", s.to},
                           {"captured", std::abs(s.to) == kCaptured}});
  }
  return a;
}

}  // namespace logomachie::games::motpourmot
