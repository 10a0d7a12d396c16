// Letters as the games count them (game_letters, games/core/word_list.h): a
// preview at each keystroke, the server judges. Accents dropped (É → E),
// ligatures split (Œ → OE, ß → SS, ﬁ → FI), only A–Z kept. Held to the
// engine's answers by golden vectors (web/tests/golden/game-letters.json,
// written by games_tests' LettersWebGolden, run by web/tests/unit.mjs).

// Compatibility decomposition (ligatures, non-breaking spaces), marks dropped,
// the ligatures it leaves split by hand.
function folded(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/\u02bc/g, '’'); // ŉ decomposes to ʼn
}

export function gameLetters(word: string): string {
  return folded(word).toUpperCase().replace(/[^A-Z]/g, '');
}

// Whether the server would read `word` as letters only (A–Z once accents and
// ligatures are folded; hyphens, apostrophes and spaces allowed): "r2d2" is not.
export function onlyLetters(word: string): boolean {
  return /^[a-z\-'’\s]*$/.test(folded(word).toLowerCase());
}
