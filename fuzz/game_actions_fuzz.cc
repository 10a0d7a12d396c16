// libFuzzer target over the game engines: any input must be either applied or
// refused with a typed error that leaves the state byte-identical; never a
// crash, a sanitizer report or a hang.
// Input: a first line « <game> <byte> » names a registered game (so that
// registering another game remaps no seed) and a byte that picks the number of
// players and the seed; the rest is lines, each tried as a JSON action, then
// as the text of the move the game's own bot would make for the seat expected
// to act (every text field of that move replaced by the line): the word
// actions of every game (a password, a trap, a clue, a guess, a category
// word, a played card…) without this file naming one. When the line's first
// byte is odd, the bot's own move follows, so that games move on.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/registry.h"
#include "lexicon/lexicon.h"

using namespace logomachie;

namespace {

const std::vector<std::unique_ptr<games::Game>>& loaded() {
  static const lexicon::Lexicon lex = [] {
    const char* env = std::getenv("LOGOMACHIE_LEXICON");
    return lexicon::Lexicon::open(env != nullptr ? env : LOGO_FUZZ_LEXICON);
  }();
  static const auto all = [] {
    std::vector<std::unique_ptr<games::Game>> out;
    games::GameContext ctx;
    ctx.lexicon = &lex;
    for (const auto& e : games::registered_games()) out.push_back(e.make(ctx));
    return out;
  }();
  return all;
}

void apply_checked(games::State& s, const games::Action& a) {
  const auto before = games::canonical(s.serialize());
  const auto r = s.apply(a);
  if (!r.ok()) {
    if (r.error->code.empty() || r.error->message.empty()) std::abort();
    if (games::canonical(s.serialize()) != before) std::abort();  // a refusal changed the state
  }
  (void)s.view(games::Viewer::player(0));
  (void)s.view(games::Viewer::spectator());
  (void)s.deadline();
  for (int p = 0; p < s.players(); ++p) (void)s.legal_actions(p);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const auto first = rest.substr(0, rest.find('\n'));
  rest = first.size() < rest.size() ? rest.substr(first.size() + 1) : std::string_view();
  const auto space = first.find(' ');
  const auto name = first.substr(0, space);
  const unsigned char pick = space == std::string_view::npos || space + 1 >= first.size()
                                 ? 0
                                 : static_cast<unsigned char>(first[space + 1]);
  const games::Game* found = nullptr;
  for (const auto& g : loaded()) {
    if (g->info().name == name) found = g.get();
  }
  if (!found) return 0;
  const auto& game = *found;
  const auto& info = game.info();
  games::Setup setup;
  setup.players = info.min_players + pick % (info.max_players - info.min_players + 1);
  setup.seed = pick;
  auto state = game.new_state(setup);
  const auto bot = game.make_bot(info.bot_levels.front(), pick);
  while (!rest.empty() && !state->is_terminal()) {
    const auto nl = rest.find('\n');
    const auto line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    try {
      apply_checked(*state, games::Action::from_json(games::parse_json(line)));
    } catch (const games::ActionError&) {
      // malformed: refused before reaching the engine, as the host would
    }
    const auto acts = state->to_act();
    if (acts.empty()) continue;
    const std::string word(line);
    const auto p = acts.front();
    auto move = bot->act(*state, p);
    if (!move) continue;
    move->at = state->now();
    auto typed = *move;
    for (auto& field : typed.body) {
      if (field.key() != "type" && field.value().is_string()) field.value() = word;
    }
    apply_checked(*state, typed);
    if (!line.empty() && (static_cast<unsigned char>(line.front()) & 1) && !state->is_terminal()) {
      if (auto again = bot->act(*state, state->to_act().empty() ? p : state->to_act().front())) {
        again->at = state->now();
        apply_checked(*state, *again);
      }
    }
  }
  return 0;
}
