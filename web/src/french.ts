// French typography for the text we write (rules pages, what-to-do-now
// lines): a non-breaking space (U+00A0) before « : ; ! ? » and inside « »,
// curly apostrophes, a real minus sign before a number.
//
// `fr` is a template tag: only the literal parts are typeset, never the
// values put in them (a player's name stays as typed):
//   fr`Attends : ${name} choisit un mot.`  →  « Attends : Léa choisit un mot. »
// It also takes a plain string: fr('Le but : …').

const NBSP = '\u00a0';

function typeset(text: string): string {
  return text
    .replace(/'/g, '’')
    .replace(/ ([:;!?»])/g, `${NBSP}$1`)
    .replace(/« /g, `«${NBSP}`) // typography: ok
    .replace(/(^|[\s(])-(\d)/g, '$1−$2');
}

export function fr(strings: TemplateStringsArray | string, ...values: unknown[]): string {
  if (typeof strings === 'string') return typeset(strings);
  let out = typeset(strings[0]);
  values.forEach((v, i) => {
    out += String(v) + typeset(strings[i + 1]);
  });
  return out;
}

// What breaks French typography in `text` (empty when nothing does): used by
// the unit tests on every text the rules pages show.
export function typographyProblems(text: string): string[] {
  const problems: string[] = [];
  const around = (i: number) => JSON.stringify(text.slice(Math.max(0, i - 12), i + 12));
  const look = (re: RegExp, what: string) => {
    for (const m of text.matchAll(re)) problems.push(`${what} ${around(m.index ?? 0)}`);
  };
  look(/'/g, 'apostrophe droite');
  look(/ [:;!?»]/g, 'espace ordinaire avant la ponctuation');
  look(/[^\s\u00a0\u202f?!:;»][;!?]/g, 'pas d’espace avant la ponctuation');
  look(/[^\s\u00a0\u202f:\d][:](?!\/\/)/g, 'pas d’espace avant les deux-points');
  look(/«(?![\u00a0\u202f])/g, 'pas d’espace insécable après «'); // typography: ok
  look(/(?<![\u00a0\u202f])»/g, 'pas d’espace insécable avant »'); // typography: ok
  look(/(^|[\s(])-\d/g, 'trait d’union au lieu du signe moins');
  look(/"/g, 'guillemets droits');
  return problems;
}

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
