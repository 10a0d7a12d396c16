// The web client's files: single-page routing, content types, caching, and
// paths that must never reach the disk.
#include "server/static_files.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "server/lobby.h"
#include "server/metrics.h"
#include "server/router.h"
#include "server/tests/no_store.h"

namespace logomachie::server {
namespace {

namespace fs = std::filesystem;

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("logomachie-web-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "assets");
    write("index.html", "<!doctype html><title>Logomachie</title>");
    write("assets/index-3f2a.js", "console.log(1)");
    write("assets/index-3f2a.css", "body{}");
    fs::create_directories(root_.parent_path() / "secret-outside");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& name, const std::string& body) { std::ofstream(root_ / name) << body; }
  fs::path root_;
};

TEST_F(StaticFilesTest, FilesPagesAndTheirTypes) {
  StaticFiles files(root_);
  EXPECT_EQ(files.size(), 3u);
  const auto* index = files.find("/");
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
  EXPECT_FALSE(index->immutable);  // always revalidated: it names the current assets
  const auto* js = files.find("/assets/index-3f2a.js?v=2");
  ASSERT_NE(js, nullptr);
  EXPECT_EQ(js->body, "console.log(1)");
  EXPECT_EQ(js->content_type, "text/javascript; charset=utf-8");
  EXPECT_TRUE(js->immutable);
  EXPECT_EQ(files.find("/assets/index-3f2a.css")->content_type, "text/css; charset=utf-8");
  // Client-side routes (a share link, a replay) get the page; missing files do not.
  EXPECT_EQ(files.find("/salle/KXQPA"), index);
  EXPECT_EQ(files.find("/games/12"), index);
  EXPECT_EQ(files.find("/assets/missing.js"), nullptr);
}

TEST_F(StaticFilesTest, PathsOutsideTheFolderAreNeverServed) {
  StaticFiles files(root_);
  for (const char* bad : {"/../secret-outside", "/assets/../index.html", "/..", "//etc/passwd", "index.html",
                          "/assets\\index-3f2a.js", "/a\nb", ""}) {
    EXPECT_EQ(files.find(bad), nullptr) << bad;
  }
}

std::string gunzip(const std::string& in) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) return {};
  std::string out(in.size() * 20 + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  out.resize(z.total_out);
  inflateEnd(&z);
  return rc == Z_STREAM_END ? out : std::string("(corrupt)");
}

TEST_F(StaticFilesTest, TextIsGzippedOnceAtLoadWhenItPays) {
  std::string script;
  for (int i = 0; i < 400; ++i) script += "export const mot" + std::to_string(i) + " = 'bonjour';\n";
  write("assets/big-1a2b.js", script);
  StaticFiles files(root_);
  const auto* big = files.find("/assets/big-1a2b.js");
  ASSERT_NE(big, nullptr);
  ASSERT_FALSE(big->gzipped.empty());
  EXPECT_LT(big->gzipped.size() * 4, big->body.size());
  EXPECT_EQ(gunzip(big->gzipped), script);
  EXPECT_TRUE(files.find("/assets/index-3f2a.js")->gzipped.empty());  // too small to bother
  // Served gzipped only to who asks for it.
  NoStore store;
  Lobby lobby(std::vector<const games::Game*>{}, store);
  Metrics metrics;
  const RouterContext context{lobby, metrics, files};
  const auto zipped = route(context, "GET", "/assets/big-1a2b.js", "gzip, deflate, br");
  EXPECT_EQ(zipped.content_encoding, "gzip");
  EXPECT_TRUE(zipped.vary_encoding);
  EXPECT_EQ(gunzip(zipped.body), script);
  EXPECT_EQ(route(context, "GET", "/assets/big-1a2b.js", "").body, script);
  EXPECT_EQ(route(context, "GET", "/assets/big-1a2b.js", "gzip;q=0, identity").body, script);
}

TEST_F(StaticFilesTest, AMissingFolderServesNothing) {
  StaticFiles files(root_ / "not-built");
  EXPECT_TRUE(files.empty());
  EXPECT_EQ(files.find("/"), nullptr);
}

}  // namespace
}  // namespace logomachie::server
