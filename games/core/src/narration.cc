#include "games/core/narration.h"

#include "games/core/game.h"

namespace logomachie::games {

std::string seat_name(const std::vector<std::string>& names, const Json& seat) {
  if (!seat.is_int64() && !seat.is_uint64()) return "?";
  const auto i = seat.is_int64() ? seat.get_int64() : static_cast<int64_t>(seat.get_uint64());
  if (i >= 0 && static_cast<std::size_t>(i) < names.size() && !names[static_cast<std::size_t>(i)].empty()) {
    return names[static_cast<std::size_t>(i)];
  }
  return "Joueur " + std::to_string(i + 1);
}

std::string count(int n, std::string_view one, std::string_view many) {
  return number_text(n) + " " + std::string(n > 1 || n < -1 ? many : one);
}

std::string number_text(int n) {
  // Appended rather than concatenated: g++ 12 warns falsely (-Wrestrict) on
  // a string literal + std::to_string.
  std::string out = n < 0 ? "\u2212" : "";
  out += std::to_string(n < 0 ? -static_cast<int64_t>(n) : n);
  return out;
}

std::string signed_number(int n) {
  // Appended, not `literal + string` (GCC 12's -Wrestrict false positive).
  std::string out = n > 0 ? "+" : "";
  out += number_text(n);
  return out;
}

Json with_sentence(const Game& game, const Json& event, const std::vector<std::string>& names) {
  Json out = event;
  if (out.is_object()) {
    if (auto line = game.describe(event, names)) out.get_object()["say"] = std::move(*line);
  }
  return out;
}

std::string_view text_field(const JsonObject& event, std::string_view key) {
  const auto* v = event.if_contains(key);
  if (!v || !v->is_string()) return {};
  return v->get_string();
}

}  // namespace logomachie::games
