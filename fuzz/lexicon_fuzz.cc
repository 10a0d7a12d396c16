// libFuzzer target over normalisation and lookup: any byte string must give a
// clean answer (no crash, no sanitizer report, no hang).
// Input: "A" or "A\tB" (B is related to A when present).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "lexicon/lexicon.h"
#include "lexicon/normalize.h"
#include "lexicon/numbers.h"

using namespace logomachie::lexicon;

namespace {

const Lexicon& lexicon() {
  static const Lexicon lex = [] {
    const char* env = std::getenv("LOGOMACHIE_LEXICON");
    return Lexicon::open(env != nullptr ? env : LOGO_FUZZ_LEXICON);
  }();
  return lex;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto key = match_key(input);
  if (key && !is_valid_utf8(*key)) std::abort();         // keys are valid UTF-8
  if (key && key->size() > kMaxWordBytes) std::abort();  // and bounded
  if (key && match_key(*key) != key) std::abort();       // and idempotent
  if (is_valid_utf8(input) != to_display(input).has_value()) std::abort();
  (void)fold_case(input);

  const Lexicon& lex = lexicon();
  (void)lex.contains(input);
  (void)lex.contains(input, Accept::kProper);
  (void)lex.analyses(input);
  (void)lex.frequency_rank(input);
  (void)lex.words_with_prefix(input, 5);
  (void)lex.spelled_as_written(input, Accept::kProper);
  (void)logomachie::lexicon::spell_number(input);
  const auto tab = input.find('\t');
  if (tab != std::string_view::npos) {
    const auto a = input.substr(0, tab);
    const auto b = input.substr(tab + 1);
    const Relation r1 = lex.relate(a, b);
    const Relation r2 = lex.relate(b, a);
    // inflection and derivative are symmetric
    if ((r1 == Relation::kInflection) != (r2 == Relation::kInflection)) std::abort();
    // The readings the referees ask for, and the accent judgement.
    (void)lex.relate(a, b, Reading::kDominant);
    (void)lex.relate(a, b, Reading::kNoun);
    (void)logomachie::lexicon::accents_agree(a, b);
  }
  return 0;
}
