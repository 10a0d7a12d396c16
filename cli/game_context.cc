#include "game_context.h"

#include <filesystem>
#include <iostream>

#include "games/core/registry.h"

namespace logomachie::cli {

std::optional<lexicon::Lexicon> open_lexicon(std::string_view path, std::string_view command) {
  try {
    return lexicon::Lexicon::open(path.empty() ? lexicon::Lexicon::default_path()
                                               : std::filesystem::path(path));
  } catch (const lexicon::LexiconError& e) {
    std::cerr << "logomachie " << command << ": " << e.what() << "\n";
    return std::nullopt;
  }
}

std::unique_ptr<games::Game> make_game(std::string_view name, const lexicon::Lexicon& lex,
                                       std::string_view command) {
  const auto* entry = games::find_game(name);
  if (!entry) {
    std::cerr << "logomachie " << command << ": unknown game '" << name << "' (games:";
    for (const auto& g : games::registered_games()) std::cerr << " " << g.name;
    std::cerr << ")\n";
    return nullptr;
  }
  games::GameContext context;
  context.lexicon = &lex;
  return entry->make(context);
}

}  // namespace logomachie::cli
