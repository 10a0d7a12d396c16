// A Store that passes everything to another: the base of the tests' stores
// that fail, hold or delay some calls and leave the rest to a real store.
#pragma once

#include "server/store.h"

namespace logomachie::server {

class ForwardingStore : public Store {
 public:
  explicit ForwardingStore(Store& inner) : inner_(inner) {}

  int64_t create_game(std::string_view room, const games::Record& header, std::string_view meta) override {
    return inner_.create_game(room, header, meta);
  }
  using Store::append;
  void append(int64_t game, int64_t seq, const games::Action& action,
              std::optional<std::string_view> outcome) override {
    inner_.append(game, seq, action, outcome);
  }
  void set_meta(int64_t game, std::string_view meta) override { inner_.set_meta(game, meta); }
  void finish(int64_t game, std::string_view outcome) override { inner_.finish(game, outcome); }
  void save_room(const StoredRoom& room) override { inner_.save_room(room); }
  void drop_room(std::string_view code) override { inner_.drop_room(code); }
  bool holds_claim(std::string_view code) const override { return inner_.holds_claim(code); }
  std::vector<StoredRoom> rooms() const override { return inner_.rooms(); }
  void mark_alive(int64_t now_ms) override { inner_.mark_alive(now_ms); }
  std::optional<int64_t> alive_before_open() const override { return inner_.alive_before_open(); }
  std::vector<StoredGame> unfinished() const override { return inner_.unfinished(); }
  std::optional<StoredGame> load(int64_t game) const override { return inner_.load(game); }
  std::vector<GameSummary> recent(std::size_t limit) const override { return inner_.recent(limit); }

 protected:
  Store& inner_;
};

}  // namespace logomachie::server
