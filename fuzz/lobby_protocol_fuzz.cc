// libFuzzer target over the protocol (server/lobby.h) without a network:
// random message sequences from three connections, into the rooms they make.
// Every message must be answered with JSON objects that have a type, errors
// with a code and a message; never a crash, a sanitizer report or a hang; and
// no connection is ever sent another member's token.
// Input: lines; a line's first byte picks the connection (mod 3) and the rest
// is the message. A few shorthands make the interesting paths reachable:
// « @create G » (G: a byte picking a registered game), « @join » (the last
// room created), « @act » (the bot's move for this connection's seat).
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/registry.h"
#include "lexicon/lexicon.h"
#include "server/lobby.h"
#include "server/log.h"

using namespace logomachie;

namespace {

// A store that keeps games in memory (enough for a lobby's lifetime).
class MemoryStore final : public server::Store {
 public:
  int64_t create_game(std::string_view, const games::Record&, std::string_view) override { return ++games_; }
  void append(int64_t, int64_t, const games::Action&, std::optional<std::string_view>) override {}
  void set_meta(int64_t, std::string_view) override {}
  void finish(int64_t, std::string_view) override {}
  void save_room(const server::StoredRoom&) override {}
  void drop_room(std::string_view) override {}
  std::vector<server::StoredRoom> rooms() const override { return {}; }
  void mark_alive(int64_t) override {}
  std::optional<int64_t> alive_before_open() const override { return std::nullopt; }
  std::vector<server::StoredGame> unfinished() const override { return {}; }
  std::optional<server::StoredGame> load(int64_t) const override { return std::nullopt; }
  std::vector<server::GameSummary> recent(std::size_t) const override { return {}; }

 private:
  int64_t games_ = 0;
};

const lexicon::Lexicon& lex() {
  static const lexicon::Lexicon l = [] {
    const char* env = std::getenv("LOGOMACHIE_LEXICON");
    return lexicon::Lexicon::open(env != nullptr ? env : LOGO_FUZZ_LEXICON);
  }();
  return l;
}

// The games, made once (loading their content takes a while), lent to a
// fresh lobby per input.
std::vector<const games::Game*> shared_games() {
  static const auto owned = [] {
    std::vector<std::unique_ptr<games::Game>> out;
    games::GameContext ctx;
    ctx.lexicon = &lex();
    for (const auto& e : games::registered_games()) out.push_back(e.make(ctx));
    return out;
  }();
  std::vector<const games::Game*> out;
  for (const auto& g : owned) out.push_back(g.get());
  return out;
}

void check(const std::vector<server::Delivery>& out, const std::vector<std::string>& tokens, std::size_t me) {
  for (const auto& d : out) {
    if (!d.message.is_object()) std::abort();
    const auto& m = d.message.get_object();
    const auto* type = m.if_contains("type");
    if (!type || !type->is_string()) std::abort();
    if (*type == "error") {
      const auto* code = m.if_contains("code");
      const auto* message = m.if_contains("message");
      if (!code || !message || !code->is_string() || code->get_string().empty() || !message->is_string())
        std::abort();
    }
    // Tokens travel only in a welcome, to the one it belongs to.
    const auto text = games::canonical(d.message);
    for (std::size_t c = 0; c < tokens.size(); ++c) {
      if (c != me && !tokens[c].empty() && text.find(tokens[c]) != std::string::npos) std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const bool quiet = (server::set_log_stream(nullptr), true);  // no log line per room
  (void)quiet;
  static const auto names = [] {
    std::vector<std::string> out;
    for (const auto& e : games::registered_games()) out.emplace_back(e.name);
    return out;
  }();
  MemoryStore store;
  server::Lobby lobby(shared_games(), store);
  server::Connection conns[3];
  std::vector<std::string> tokens(3);
  std::string last_room;
  int64_t now = 1'000'000;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  for (int lines = 0; !rest.empty() && lines < 200; ++lines) {
    const auto nl = rest.find('\n');
    auto line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (line.empty()) continue;
    const std::size_t who = static_cast<unsigned char>(line.front()) % 3;
    line.remove_prefix(1);
    auto& c = conns[who];
    std::string message(line);
    if (line.starts_with("@create")) {
      const auto pick = line.size() > 8 ? static_cast<unsigned char>(line[8]) : 0;
      message = games::canonical(games::JsonObject{{"type", "create"}, {"game", names[pick % names.size()]}});
    } else if (line.starts_with("@join")) {
      message = games::canonical(games::JsonObject{{"type", "join"}, {"room", last_room}});
    } else if (line.starts_with("@act") && c.member) {
      auto* room = lobby.room(c.room);
      const auto* state = room ? room->state() : nullptr;
      const auto* me = room ? room->member(*c.member) : nullptr;
      if (state && me && me->seat && !state->is_terminal()) {
        auto bot = room->game().make_bot("easy", static_cast<uint64_t>(lines));
        if (auto a = bot->act(*state, *me->seat)) {
          message = games::canonical(
              games::JsonObject{{"type", "act"}, {"version", room->version()}, {"action", a->body}});
        }
      }
    }
    now += 250;
    const auto out = lobby.handle(c, message, now);
    for (const auto& d : out) {
      if (d.message.is_object() && d.message.get_object().at("type") == "welcome") {
        const auto& w = d.message.get_object();
        if (const auto* t = w.if_contains("token")) tokens[who] = std::string(t->get_string());
        last_room = std::string(w.at("room").get_string());
      }
    }
    check(out, tokens, who);
    check(lobby.tick(now), tokens, 99);
  }
  return 0;
}
