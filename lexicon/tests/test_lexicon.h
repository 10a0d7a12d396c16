// Shared fixture: the real compiled lexicon (built by the lexicon-data target).
#pragma once

#include "lexicon/lexicon.h"

namespace logomachie::lexicon::testing {

inline const Lexicon& french() {
  static const Lexicon lex = Lexicon::open(LOGO_LEXICON_FILE);
  return lex;
}

}  // namespace logomachie::lexicon::testing
