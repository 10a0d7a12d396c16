// Our own deterministic random generator and shuffle. The standard library's
// distributions are implementation-defined, so a game seeded the same way must
// not depend on them: every draw goes through Rng::below(), which is exact and
// identical on every platform.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

namespace logomachie::games {

// xoshiro256** (Blackman & Vigna), seeded through SplitMix64. Small, fast and
// statistically sound for games; not for cryptography.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }
  void reseed(uint64_t seed);

  uint64_t next();
  // Uniform in [0, n) without modulo bias (Lemire's multiply-and-reject); n > 0.
  uint64_t below(uint64_t n);
  // True with probability num/den.
  bool chance(uint64_t num, uint64_t den) { return below(den) < num; }

  template <class T>
  void shuffle(std::span<T> items) {  // Fisher–Yates, from the end
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[below(i)]);
    }
  }

  // The 256-bit state as 64 hex digits, for serialisation; from_hex() restores it.
  std::string to_hex() const;
  static Rng from_hex(std::string_view hex);  // throws std::invalid_argument

  bool operator==(const Rng&) const = default;

 private:
  std::array<uint64_t, 4> s_{};
};

}  // namespace logomachie::games
