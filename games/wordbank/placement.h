// Word Bank placement rules, shared by the engine, the solver, the bots and
// the terminal: where a password's gems may go on the circle of vaults.
//
// A placement starts on a card bearing the word's first letter, then walks the
// circle in one direction; each later card it uses must bear the next letter
// used from the word (letters may be skipped, card order follows word order),
// one gem per card, and the walk never reaches the start card again (at most
// one lap). Only cards with a free space take a gem.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace logomachie::games::wordbank {

// One vault as placement sees it: its letter ('A'–'Z') and free spaces.
struct Slot {
  char letter = 'A';
  int free = 0;
};

enum class Direction : uint8_t { kClockwise, kCounterClockwise };  // cw = increasing indices
std::string_view to_string(Direction d);                           // "cw" / "ccw"

struct Placement {
  int start = 0;
  Direction direction = Direction::kClockwise;
  std::vector<int> cards;  // circle indices in placement order; cards[0] == start
  int closes = 0;          // cards left with no free space by this placement

  int gems() const { return static_cast<int>(cards.size()); }
};

// Why a placement is impossible, as a stable code (see check_placement).
enum class PlacementFault : uint8_t {
  kNone,
  kNoCards,      // empty card list
  kBadIndex,     // index outside the circle
  kWrongStart,   // start card's letter is not the word's first letter
  kFull,         // a card has no free space
  kSameCard,     // a card appears twice (one gem per card per turn)
  kOffLap,       // the walk goes past the start card (or turns back)
  kOutOfOrder,   // the cards' letters do not follow the word's letter order
  kTooManyGems,  // more cards than gems available
};

// Checks `cards` (placement order) walking in `direction` for the word whose
// game letters are `letters` ("SPECIFIQUE"), with at most `gems` gems.
PlacementFault check_placement(std::span<const Slot> circle, std::string_view letters,
                               std::span<const int> cards, Direction direction, int gems);

// The best placement of `letters` with at most `gems` gems, or nullopt when
// the word cannot start anywhere. Order: most gems, then most vaults closed,
// then the smallest start index, clockwise before counter-clockwise, then the
// cards met earliest along the walk.
std::optional<Placement> best_placement(std::span<const Slot> circle, std::string_view letters, int gems);

// Every maximal-by-inclusion placement is too many to list; this lists, for
// each start and direction, the best placement (same order as above). Used by
// bots and the terminal to offer choices.
std::vector<Placement> placements_by_start(std::span<const Slot> circle, std::string_view letters, int gems);

}  // namespace logomachie::games::wordbank
