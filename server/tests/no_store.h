// A Store that keeps nothing, for tests of parts that only need one to exist.
#pragma once

#include "server/store.h"

namespace logomachie::server {

struct NoStore final : Store {
  int64_t create_game(std::string_view, const games::Record&, std::string_view) override { return 1; }
  void append(int64_t, int64_t, const games::Action&, std::optional<std::string_view>) override {}
  void set_meta(int64_t, std::string_view) override {}
  void finish(int64_t, std::string_view) override {}
  void save_room(const StoredRoom&) override {}
  void drop_room(std::string_view) override {}
  std::vector<StoredRoom> rooms() const override { return {}; }
  void mark_alive(int64_t) override {}
  std::optional<int64_t> alive_before_open() const override { return std::nullopt; }
  std::vector<StoredGame> unfinished() const override { return {}; }
  std::optional<StoredGame> load(int64_t) const override { return std::nullopt; }
  std::vector<GameSummary> recent(std::size_t) const override { return {}; }
};

}  // namespace logomachie::server
