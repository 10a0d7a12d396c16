// Decoding of Grammalecte morphological tags (":N:m:p", ":V1_it_q__a:Ip:3s",
// "France :N:f:i#P"…) into the structured fields of format::Tag.
// Used by the compiler at build time; the run time reads the decoded fields.
#pragma once

#include <string_view>

#include "format.h"

namespace logomachie::lexicon {

// Fills every field of format::Tag except `raw`. Unknown tokens are ignored
// (they mark the tag kOtherPos when no part of speech is recognised).
format::Tag decode_tag(std::string_view raw);

// True when `form` is written the way the word policy wants a common word:
// only lowercase letters (any script's lowercase letters, accents, œ, æ),
// hyphens and apostrophes (’ or '), spaces inside multi-word forms, and at
// least one letter. Rejects acronyms, digits, symbols. `form` is UTF-8.
bool looks_like_common_form(std::string_view form);

}  // namespace logomachie::lexicon
