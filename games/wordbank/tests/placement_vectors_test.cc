// Golden vectors of Word Bank placement for the web client's preview
// (web/src/games/placement.ts, which checks a move and suggests the best one
// as the player taps, without waiting for the server): inputs and what
// check_placement and best_placement answer, written to
// web/tests/golden/wordbank-placement.json. The web unit test
// (web/tests/unit.mjs) runs the TypeScript port on the same inputs; this test
// fails when the C++ rules no longer give the committed answers. Regenerate
// with scripts/update-web-golden.sh (LOGO_UPDATE_WEB_GOLDEN=1).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/core/json.h"
#include "games/core/rng.h"
#include "games/core/tests/test_support.h"
#include "games/wordbank/placement.h"

namespace logomachie::games::wordbank {
namespace {

// Real passwords (in game letters) and their like; random strings follow.
constexpr const char* kWords[] = {"SPECIFIQUE", "GROUPIES",  "FIDELISER", "ACCIDENTELLEMENT", "ARDOISE",
                                  "TARTE",      "LETTRE",    "ANANAS",    "ELEPHANT",         "RESTAURER",
                                  "SALADE",     "PARAPLUIE", "OEUVRE",    "ATTENTAT",         "SERRES"};
constexpr std::string_view kLetters = "EEEAAIISSRRTTNNLLOOUUCDPMGBFVHQ";

std::string_view fault_code(PlacementFault f) {
  switch (f) {
    case PlacementFault::kNone:
      return "ok";
    case PlacementFault::kNoCards:
      return "no_cards";
    case PlacementFault::kBadIndex:
      return "bad_card";
    case PlacementFault::kWrongStart:
      return "wrong_start_letter";
    case PlacementFault::kFull:
      return "vault_full";
    case PlacementFault::kSameCard:
      return "same_card";
    case PlacementFault::kOffLap:
      return "off_lap";
    case PlacementFault::kOutOfOrder:
      return "letters_out_of_order";
    case PlacementFault::kTooManyGems:
      return "not_enough_gems";
  }
  return "?";
}

Json circle_json(const std::vector<Slot>& circle) {
  JsonArray a;
  for (const auto& s : circle)
    a.push_back(JsonObject{{"letter", std::string(1, s.letter)}, {"free", s.free}});
  return a;
}

Json ints(const std::vector<int>& v) {
  JsonArray a;
  for (int x : v) a.push_back(x);
  return a;
}

int steps(int from, int to, int n, Direction d) {
  const int diff = d == Direction::kClockwise ? to - from : from - to;
  return ((diff % n) + n) % n;
}

// Each vector: a circle, a word's letters and the gems in hand, the best
// placement (or null), and placements to check with their verdicts: the best
// one, then others made to meet each fault.
std::string vectors_text() {
  Rng rng(20240517);
  auto pick = [&](std::string_view from) { return from[rng.below(from.size())]; };
  auto below = [&](std::size_t n) { return static_cast<int>(rng.below(n)); };
  constexpr int kVectors = 200;
  std::vector<Json> vectors;
  for (int i = 0; i < kVectors; ++i) {
    std::vector<Slot> circle(static_cast<std::size_t>(4 + below(7)));
    for (auto& s : circle) s = Slot{pick(kLetters), below(4)};
    const int n = static_cast<int>(circle.size());
    std::string letters;
    if (rng.chance(1, 3)) {
      letters = kWords[rng.below(std::size(kWords))];
    } else {
      // Mostly the circle's own letters, so that placements exist.
      const int length = 2 + below(9);
      for (int k = 0; k < length; ++k)
        letters +=
            rng.chance(4, 5) ? circle[static_cast<std::size_t>(below(circle.size()))].letter : pick(kLetters);
    }
    const int gems = 1 + below(7);
    const auto best = best_placement(circle, letters, gems);
    JsonObject v{{"circle", circle_json(circle)}, {"letters", letters}, {"gems", gems}};
    v["best"] =
        best ? Json(JsonObject{{"cards", ints(best->cards)}, {"direction", to_string(best->direction)}})
             : Json(nullptr);
    JsonArray checks;
    for (int k = 0; k < 4; ++k) {
      std::vector<int> cards = best ? best->cards : std::vector<int>{};
      auto dir = best ? best->direction : Direction::kClockwise;
      int have = gems;
      switch (k == 0 ? 0 : best ? below(7) : 6) {
        case 0:
          break;  // the best placement as found
        case 1:
          dir = dir == Direction::kClockwise ? Direction::kCounterClockwise : Direction::kClockwise;
          break;
        case 2:  // two cards swapped, or one repeated
          if (cards.size() > 2)
            std::swap(cards[1], cards[cards.size() - 1]);
          else
            cards.push_back(cards.empty() ? 0 : cards.back());
          break;
        case 3:
          cards.push_back(rng.chance(1, 2) ? n : -1);
          break;
        case 4:
          have = below(3);
          break;
        default: {
          // A start bearing the word's first letter when there is one, then
          // random cards in walking order: most faults live here.
          cards.clear();
          for (int c = 0; c < n; ++c) {
            if (!letters.empty() && circle[static_cast<std::size_t>(c)].letter == letters[0]) cards = {c};
          }
          if (cards.empty()) cards = {below(circle.size())};
          dir = rng.chance(1, 2) ? Direction::kClockwise : Direction::kCounterClockwise;
          std::vector<int> rest;
          for (int c = 0; c < n; ++c) {
            if (c != cards[0] && rng.chance(1, 3)) rest.push_back(c);
          }
          std::sort(rest.begin(), rest.end(),
                    [&](int a, int b) { return steps(cards[0], a, n, dir) < steps(cards[0], b, n, dir); });
          cards.insert(cards.end(), rest.begin(), rest.end());
          break;
        }
      }
      checks.push_back(JsonObject{{"cards", ints(cards)},
                                  {"direction", to_string(dir)},
                                  {"gems", have},
                                  {"fault", fault_code(check_placement(circle, letters, cards, dir, have))}});
    }
    v["checks"] = std::move(checks);
    vectors.push_back(std::move(v));
  }
  return testing::golden_vectors(
      "Word Bank placement (games/wordbank/placement.cc) on seeded random circles: best_placement, and "
      "check_placement's verdicts. Written by games_tests (WordBankWebGolden); do not edit, run "
      "scripts/update-web-golden.sh.",
      vectors);
}

TEST(WordBankWebGolden, PlacementVectorsAreTheEngines) {
  const auto text = vectors_text();
  const std::string path = std::string(LOGO_WEB_GOLDEN_DIR) + "/wordbank-placement.json";
  testing::expect_web_golden(path, text, "then make web/src/games/placement.ts agree (web/tests/unit.mjs)");
}

}  // namespace
}  // namespace logomachie::games::wordbank
