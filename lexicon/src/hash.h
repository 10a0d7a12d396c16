// The hash function of the lexicon's key index. Shared by the compiler and the
// run time: changing it requires bumping format::kFormatVersion.
#pragma once

#include <cstdint>
#include <string_view>

namespace logomachie::lexicon {

// 64-bit FNV-1a with a final avalanche (keys are short; this is a few ns each).
inline uint64_t key_hash(std::string_view key) noexcept {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : key) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

}  // namespace logomachie::lexicon
