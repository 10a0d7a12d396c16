// Word Bank placement on the client, to preview a move before sending it
// (the server checks it again: games/wordbank/placement.cc is the referee).
// Cards are circle indices; "cw" walks increasing indices.

export interface Vault {
  letter: string;
  spaces: number;
  gems: number[];
  free: number;
}

export type Direction = 'cw' | 'ccw';

// The indices met after `start`, in walking order, one lap at most.
export function walk(n: number, start: number, dir: Direction): number[] {
  const out: number[] = [];
  for (let k = 1; k < n; ++k) out.push(dir === 'cw' ? (start + k) % n : (start - k + n * k) % n);
  return out;
}

// Puts picked cards in walking order from the start card.
export function ordered(n: number, start: number, dir: Direction, picked: number[]): number[] {
  const order = walk(n, start, dir);
  return [start, ...picked.filter((c) => c !== start).sort((a, b) => order.indexOf(a) - order.indexOf(b))];
}

// Why this placement is impossible (French), or null when it is fine.
export function placementProblem(circle: Vault[], letters: string, cards: number[], gems: number): string | null {
  if (!letters) return 'Tape d’abord un mot.';
  if (cards.length === 0) return `Choisis le coffre de départ\u00a0: un ${letters[0]} qui a une place libre.`;
  const start = circle[cards[0]];
  if (!start || start.letter !== letters[0]) return `Le coffre de départ doit porter la première lettre du mot (${letters[0]}).`;
  if (cards.length > gems) return `Tu n’as que ${gems} pierre${gems > 1 ? 's' : ''}.`;
  let pos = 1;
  for (const c of cards) {
    if (circle[c].free <= 0) return `Le coffre ${circle[c].letter} est plein.`;
  }
  for (const c of cards.slice(1)) {
    while (pos < letters.length && letters[pos] !== circle[c].letter) ++pos;
    if (pos >= letters.length) return 'Les lettres des coffres choisis doivent suivre l’ordre des lettres du mot.';
    ++pos;
  }
  return null;
}

// The most gems `letters` can place from `start` in `dir` (longest common
// subsequence of the walked cards and the word after its first letter).
export function bestFrom(circle: Vault[], letters: string, start: number, dir: Direction, gems: number): number[] | null {
  if (!letters || circle[start]?.letter !== letters[0] || circle[start].free <= 0 || gems <= 0) return null;
  const seq = walk(circle.length, start, dir).filter((c) => circle[c].free > 0);
  const word = letters.slice(1);
  const rows = seq.length + 1;
  const cols = word.length + 1;
  const dp = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  for (let i = 1; i < rows; ++i) {
    for (let j = 1; j < cols; ++j) {
      dp[i][j] = circle[seq[i - 1]].letter === word[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
    }
  }
  const picked: number[] = [];
  for (let i = seq.length, j = word.length; i > 0 && j > 0; ) {
    if (circle[seq[i - 1]].letter === word[j - 1] && dp[i][j] === dp[i - 1][j - 1] + 1) {
      picked.push(seq[i - 1]);
      --i;
      --j;
    } else if (dp[i - 1][j] >= dp[i][j - 1]) {
      --i;
    } else {
      --j;
    }
  }
  picked.reverse();
  return [start, ...picked].slice(0, gems);
}

// The best placement over every start and both directions (ties: more
// vaults closed, then the first found).
export function best(circle: Vault[], letters: string, gems: number): { cards: number[]; dir: Direction } | null {
  let top: { cards: number[]; dir: Direction; closed: number } | null = null;
  circle.forEach((_, start) => {
    for (const dir of ['cw', 'ccw'] as Direction[]) {
      const cards = bestFrom(circle, letters, start, dir, gems);
      if (!cards) continue;
      const closed = cards.filter((c) => circle[c].free === 1).length;
      if (!top || cards.length > top.cards.length || (cards.length === top.cards.length && closed > top.closed)) {
        top = { cards, dir, closed };
      }
    }
  });
  return top;
}
