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

// Hash slots hold a group index + 1 (0 = empty) in their low `bits` bits and a
// fingerprint of the key's hash in the others, so that probing past other keys
// rarely has to read their group and key bytes (each a likely cache miss).
// `bits` is std::bit_width(group count), computed the same way by the compiler
// and the loader.
inline uint32_t slot_fingerprint(uint64_t h, unsigned bits) noexcept {
  return bits >= 32 ? 0u : static_cast<uint32_t>(h >> 32) >> bits;
}
// True when slot value `v` may hold a key with hash `h` (same fingerprint).
inline bool slot_may_match(uint32_t v, uint64_t h, unsigned bits) noexcept {
  return bits >= 32 || (v >> bits) == slot_fingerprint(h, bits);
}
inline uint32_t make_slot(uint32_t group, uint64_t h, unsigned bits) noexcept {
  return (group + 1) | (bits >= 32 ? 0u : slot_fingerprint(h, bits) << bits);
}

}  // namespace logomachie::lexicon
