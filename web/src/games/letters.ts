// Letters as the games count them: accents dropped (É → E), ligatures split
// (Œ → OE), only A–Z kept. A preview helper; the server judges.
export function gameLetters(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

// Whether the server would read `word` as letters only (A–Z once accents and
// ligatures are folded; hyphens, apostrophes and spaces allowed): "r2d2" is not.
export function onlyLetters(word: string): boolean {
  return /^[a-z\-'’\s]*$/.test(
    word
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/œ/gi, 'oe')
      .replace(/æ/gi, 'ae')
      .toLowerCase(),
  );
}
