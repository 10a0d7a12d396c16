#include "games/core/self_play.h"

#include <algorithm>
#include <cstdio>

namespace logomachie::games {

SelfPlay self_play(const Game& game, const Setup& setup, std::string_view level, int max_steps) {
  SelfPlay out;
  const auto& info = game.info();
  out.record.game = info.name;
  out.record.rules_version = info.rules_version;
  out.record.content_version = info.content_version;
  out.record.setup = setup;
  out.state = game.new_state(setup);
  std::vector<std::unique_ptr<Bot>> bots;
  bots.reserve(static_cast<std::size_t>(setup.players));
  for (int p = 0; p < setup.players; ++p)
    bots.push_back(game.make_bot(level, setup.seed * 131 + static_cast<uint64_t>(p)));
  auto& s = *out.state;
  for (int step = 0; step < max_steps && !s.is_terminal(); ++step) {
    const auto acts = s.to_act();
    const auto deadline = s.deadline();
    std::optional<Action> move;
    if (!acts.empty()) move = bots[static_cast<std::size_t>(acts.front())]->act(s, acts.front());
    if (!move || (deadline && move->at >= *deadline)) {
      if (!deadline) break;  // nobody moves and no timer: stuck (never happens in a conforming game)
      move = Action::make(kHost, std::max(*deadline, s.now()), JsonObject{{"type", "timeout"}});
    }
    if (move->at < s.now()) move->at = s.now();
    if (!s.apply(*move).ok()) break;
    out.record.actions.push_back(std::move(*move));
  }
  out.finished = s.is_terminal();
  return out;
}

std::string fingerprint(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace logomachie::games
