// The web client's built files (web/ → build/web), loaded once at start and
// served from memory, text files also gzip-compressed once at load (the
// client's 120 KB of JavaScript travel as 40). No Boost here: the HTTP layer
// asks for a request target and gets bytes and a content type back.
//
// Routing rule (a single-page app): a path naming a file serves it; a path
// without a file extension (/salle/ABCDE, /games/12) serves index.html so the
// client's router takes over; anything else is not found. Paths with "..",
// backslashes or control characters are never served.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace logomachie::server {

struct StaticFile {
  std::string body;
  std::string gzipped;  // the body gzip-compressed at load (text only; empty: not worth it)
  std::string content_type;
  bool immutable = false;  // a hashed asset name (assets/…): cached for a year
};

class StaticFiles {
 public:
  StaticFiles() = default;
  // Loads every regular file under `root` (missing root: nothing to serve).
  explicit StaticFiles(const std::filesystem::path& root);

  bool empty() const { return files_.empty(); }
  std::size_t size() const { return files_.size(); }
  const StaticFile* find(std::string_view target) const;

  static std::string_view content_type(std::string_view filename);
  // `body` in the gzip format (zlib, best compression); "" on failure.
  static std::string gzip(std::string_view body);

 private:
  std::map<std::string, StaticFile, std::less<>> files_;  // "/index.html" → file
};

}  // namespace logomachie::server
