// French typography for the text the client writes itself (the server's
// sentences arrive typeset): a non-breaking space (U+00A0) before : ; ! ?
// and inside « », a real minus sign (U+2212) before a negative number.
// In JSX text the space is written &nbsp;, in strings \u00a0;
// scripts/lint-typography.py checks both.

// « mot », with the non-breaking spaces inside: a quotation mark never wraps
// alone onto a line. Every « … » built around a value goes through here.
export function guillemets(s: string): string {
  return `«\u00a0${s}\u00a0»`; // the one place (typography: ok)
}

// 3, 0, −3: a number that may be negative, with a real minus sign.
export function numberText(n: number): string {
  return n < 0 ? `\u2212${-n}` : `${n}`;
}

// +3, 0, −3: a score or a change of score, with its sign.
export function signedNumber(n: number): string {
  return n > 0 ? `+${n}` : numberText(n);
}
