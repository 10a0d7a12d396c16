// The web client's files: single-page routing, content types, caching, and
// paths that must never reach the disk.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "server/static_files.h"

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

TEST_F(StaticFilesTest, AMissingFolderServesNothing) {
  StaticFiles files(root_ / "not-built");
  EXPECT_TRUE(files.empty());
  EXPECT_EQ(files.find("/"), nullptr);
}

}  // namespace
}  // namespace logomachie::server
