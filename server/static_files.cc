#include "server/static_files.h"

#include <zlib.h>

#include <fstream>
#include <sstream>

namespace logomachie::server {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool safe(std::string_view path) {
  if (path.empty() || path.front() != '/') return false;
  if (path.find("..") != std::string_view::npos || path.find("//") != std::string_view::npos) return false;
  for (unsigned char c : path) {
    if (c < 0x20 || c == 0x7F || c == '\\') return false;
  }
  return true;
}

}  // namespace

StaticFiles::StaticFiles(const std::filesystem::path& root) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const auto rel = "/" + std::filesystem::relative(it->path(), root, ec).generic_string();
    std::ifstream in(it->path(), std::ios::binary);
    std::ostringstream body;
    body << in.rdbuf();
    StaticFile f;
    f.body = std::move(body).str();
    f.content_type = std::string(content_type(rel));
    f.immutable = rel.starts_with("/assets/");
    const bool text = f.content_type.starts_with("text/") || f.content_type.starts_with("application/json") ||
                      f.content_type.starts_with("image/svg");
    if (text && f.body.size() > 512) {
      f.gzipped = gzip(f.body);
      if (f.gzipped.size() * 10 > f.body.size() * 9) f.gzipped.clear();  // less than 10 % saved
    }
    files_[rel] = std::move(f);
  }
}

const StaticFile* StaticFiles::find(std::string_view target) const {
  const auto cut = target.find_first_of("?#");
  std::string_view path = target.substr(0, cut);
  if (!safe(path)) return nullptr;
  if (path == "/") path = "/index.html";
  if (const auto it = files_.find(path); it != files_.end()) return &it->second;
  const auto last = path.substr(path.rfind('/') + 1);
  if (last.find('.') != std::string_view::npos) return nullptr;  // a missing file, not a page
  const auto index = files_.find(std::string_view("/index.html"));
  return index == files_.end() ? nullptr : &index->second;
}

std::string StaticFiles::gzip(std::string_view body) {
  z_stream z{};
  // 15 + 16: a gzip header and trailer around the deflate stream.
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&z, static_cast<uLong>(body.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  z.avail_in = static_cast<uInt>(body.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return rc == Z_STREAM_END ? out : std::string();
}

std::string_view StaticFiles::content_type(std::string_view name) {
  if (ends_with(name, ".html")) return "text/html; charset=utf-8";
  if (ends_with(name, ".js")) return "text/javascript; charset=utf-8";
  if (ends_with(name, ".css")) return "text/css; charset=utf-8";
  if (ends_with(name, ".json") || ends_with(name, ".webmanifest")) return "application/json";
  if (ends_with(name, ".svg")) return "image/svg+xml";
  if (ends_with(name, ".png")) return "image/png";
  if (ends_with(name, ".ico")) return "image/x-icon";
  if (ends_with(name, ".woff2")) return "font/woff2";
  if (ends_with(name, ".txt")) return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace logomachie::server
