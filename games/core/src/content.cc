#include "games/core/content.h"

#include <cstdint>
#include <cstdio>
#include <stdexcept>

namespace logomachie::games {

std::string_view content_file(std::span<const ContentFile> files, std::string_view name) {
  for (const auto& f : files) {
    if (f.name == name) return f.text;
  }
  throw std::runtime_error("missing embedded content file: " + std::string(name));
}

std::vector<std::string_view> split_fields(std::string_view line, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto at = line.find(sep);
    out.push_back(line.substr(0, at));
    if (at == std::string_view::npos) return out;
    line.remove_prefix(at + 1);
  }
}

std::string content_hash(std::span<const ContentFile> files) {
  uint64_t h = 0xcbf29ce484222325ULL;
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 0x100000001b3ULL;
    }
    h ^= 0xff;  // separator, so ("ab","c") and ("a","bc") differ
    h *= 0x100000001b3ULL;
  };
  for (const auto& f : files) {
    mix(f.name);
    mix(f.text);
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace logomachie::games
