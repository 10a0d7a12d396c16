#include "games/core/rng.h"

#include <cstdio>
#include <stdexcept>

namespace logomachie::games {
namespace {

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

__extension__ using u128 = unsigned __int128;  // GCC and Clang; -Wpedantic-clean

}  // namespace

void Rng::reseed(uint64_t seed) {
  for (auto& w : s_) w = splitmix64(seed);
}

uint64_t Rng::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

uint64_t Rng::below(uint64_t n) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019).
  u128 m = static_cast<u128>(next()) * n;
  auto low = static_cast<uint64_t>(m);
  if (low < n) {
    const uint64_t threshold = -n % n;
    while (low < threshold) {
      m = static_cast<u128>(next()) * n;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

std::string Rng::to_hex() const {
  std::string out;
  char buf[17];
  for (uint64_t w : s_) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
    out += buf;
  }
  return out;
}

Rng Rng::from_hex(std::string_view hex) {
  if (hex.size() != 64) throw std::invalid_argument("rng state: 64 hex digits expected");
  Rng r;
  for (int i = 0; i < 4; ++i) {
    uint64_t w = 0;
    for (char c : hex.substr(static_cast<std::size_t>(i) * 16, 16)) {
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) throw std::invalid_argument("rng state: bad hex digit");
      w = (w << 4) | static_cast<uint64_t>(d);
    }
    r.s_[static_cast<std::size_t>(i)] = w;
  }
  return r;
}

}  // namespace logomachie::games
