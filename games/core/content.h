// Game content (cards, decks, word lists) is written by us in data/<game>/ and
// embedded into the program at build time (cmake/embed.cmake), so a game never
// depends on a path at run time and its content version is a hash of exactly
// what it plays with.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace logomachie::games {

struct ContentFile {
  std::string_view name;  // path relative to data/<game>/, e.g. "themes/animaux.txt"
  std::string_view text;
};

// The file called `name`; throws std::runtime_error when missing (a build error).
std::string_view content_file(std::span<const ContentFile> files, std::string_view name);

// FNV-1a 64 over names and texts, as 16 hex digits: the content version.
std::string content_hash(std::span<const ContentFile> files);

// Lines of `text` without comments (# …) and surrounding blanks; empty lines dropped.
template <class F>
void for_each_data_line(std::string_view text, F&& f) {
  while (!text.empty()) {
    const auto nl = text.find('\n');
    auto line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (!line.empty()) f(line);
  }
}

// The fields of `line` between `sep` characters (n separators → n + 1 fields).
std::vector<std::string_view> split_fields(std::string_view line, char sep);

}  // namespace logomachie::games
