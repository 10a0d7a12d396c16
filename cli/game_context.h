// Opening the lexicon and building a registered game for CLI commands.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "games/core/game.h"
#include "lexicon/lexicon.h"

namespace logomachie::cli {

// Opens the lexicon (`path` or the default); prints the reason and returns
// nullopt on failure.
std::optional<lexicon::Lexicon> open_lexicon(std::string_view path, std::string_view command);

// Builds the registered game `name`; prints the known names and returns
// nullptr when there is none.
std::unique_ptr<games::Game> make_game(std::string_view name, const lexicon::Lexicon& lex,
                                       std::string_view command);

}  // namespace logomachie::cli
