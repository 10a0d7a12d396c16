// What a player may play on its turn, as its own view shows it
// (TapechoState::turn_moves): the engine's list of moves, plays(), told card
// by card, so that the web client greys out and enables what the engine
// allows instead of running the rules a second time (docs/web.md, « Rules on
// both sides »).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "games/core/json.h"
#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {

Json TapechoState::turn_moves(PlayerId player) const {
  // Per card of the hand (hand order), the seats it may be played on.
  std::vector<std::pair<std::string, std::vector<int>>> cards;
  for (int c : d_.sides[static_cast<std::size_t>(player)].hand) cards.push_back({card(c).id, {}});
  auto add = [&](std::string_view id, int target) {
    for (auto& [card_id, targets] : cards) {
      if (card_id != id) continue;
      if (std::find(targets.begin(), targets.end(), target) == targets.end()) targets.push_back(target);
      return;
    }
  };
  const auto moves = plays(player);
  bool swap = false;
  for (const auto& body : moves) {
    const auto type = get_string(body, "type");
    const auto id = get_string(body, "card");
    if (type == "swap") {
      swap = true;
    } else if (type == "atout") {
      const auto* target = find_field(body, "target");
      add(id, target ? static_cast<int>(target->as_int64()) : player);
    } else {  // a handicap (with an attack, perhaps) or an attack
      add(id, static_cast<int>(get_int(body, "target", 0, players() - 1)));
      if (find_field(body, "attack"))
        add(get_string(body, "attack"), static_cast<int>(get_int(body, "attack_target", 0, players() - 1)));
    }
  }
  JsonArray playable;
  for (auto& [id, targets] : cards) {
    if (targets.empty()) continue;
    std::sort(targets.begin(), targets.end());
    JsonArray seats;
    for (int t : targets) seats.push_back(t);
    playable.push_back(JsonObject{{"card", id}, {"targets", std::move(seats)}});
  }
  return JsonObject{{"cards", std::move(playable)}, {"swap", swap}, {"pass", moves.empty()}};
}

}  // namespace logomachie::games::tapecho
