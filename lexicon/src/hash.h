// The hash function of the lexicon's key index. Shared by the compiler and the
// run time: changing it requires bumping format::kFormatVersion.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace logomachie::lexicon {

// Eight bytes at a time, multiply-xorshift mixing (keys are short; a few ns each).
inline uint64_t key_hash(std::string_view key) noexcept {
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ULL;
  uint64_t h = 0x243F6A8885A308D3ULL ^ (key.size() * kMul);
  std::size_t i = 0;
  for (; i + 8 <= key.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, key.data() + i, 8);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  }
  if (i < key.size()) {
    uint64_t w = 0;
    std::memcpy(&w, key.data() + i, key.size() - i);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  }
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

}  // namespace logomachie::lexicon
