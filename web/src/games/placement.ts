// Word Bank placement on the client: the board checks a move and suggests
// the best one as the player taps, without a round trip. The server judges
// again (games/wordbank/placement.cc is the referee): this is a port of its
// check_placement and best_placement, kept as a latency preview and held to
// the same answers by golden vectors the C++ side writes
// (web/tests/golden/wordbank-placement.json, checked by games_tests'
// WordBankWebGolden and by web/tests/unit.mjs). Change both together.
// Cards are circle indices; "cw" walks increasing indices.

export interface Vault {
  letter: string;
  spaces: number;
  gems: number[];
  free: number;
}

// What placement reads of a vault.
export type Slot = Pick<Vault, 'letter' | 'free'>;

export type Direction = 'cw' | 'ccw';

// Why a placement is impossible: the server's refusal codes (placement_code
// in games/wordbank/wordbank.cc); 'ok' when it is fine.
export type PlacementFault =
  | 'ok'
  | 'no_cards'
  | 'bad_card'
  | 'wrong_start_letter'
  | 'not_enough_gems'
  | 'vault_full'
  | 'same_card'
  | 'off_lap'
  | 'letters_out_of_order';

// The indices met after `start`, in walking order, one lap at most.
export function walk(n: number, start: number, dir: Direction): number[] {
  const out: number[] = [];
  for (let k = 1; k < n; ++k) out.push(dir === 'cw' ? (start + k) % n : (start - k + n * k) % n);
  return out;
}

// Steps from `from` to `to` walking in `dir` (0: the same card).
function steps(from: number, to: number, n: number, dir: Direction): number {
  const diff = dir === 'cw' ? to - from : from - to;
  return ((diff % n) + n) % n;
}

// Puts picked cards in walking order from the start card.
export function ordered(n: number, start: number, dir: Direction, picked: number[]): number[] {
  const order = walk(n, start, dir);
  return [start, ...picked.filter((c) => c !== start).sort((a, b) => order.indexOf(a) - order.indexOf(b))];
}

// Can `chosen` (cards after the start, in walking order) take the word's
// letters after the first, in order? The earliest match is exact.
function followsWord(circle: Slot[], letters: string, chosen: number[]): boolean {
  let p = 1;
  for (const c of chosen) {
    while (p < letters.length && letters[p] !== circle[c].letter) ++p;
    if (p === letters.length) return false;
    ++p;
  }
  return true;
}

// check_placement: `cards` in placement order, walking in `dir`, for the word
// whose game letters are `letters`, with `gems` gems in hand.
export function placementFault(circle: Slot[], letters: string, cards: number[], dir: Direction, gems: number): PlacementFault {
  const n = circle.length;
  if (cards.length === 0) return 'no_cards';
  if (cards.some((c) => !Number.isInteger(c) || c < 0 || c >= n)) return 'bad_card';
  const start = cards[0];
  if (!letters || circle[start].letter !== letters[0]) return 'wrong_start_letter';
  if (cards.length > gems) return 'not_enough_gems';
  if (cards.some((c) => circle[c].free <= 0)) return 'vault_full';
  if (cards.some((c, i) => cards.indexOf(c) !== i)) return 'same_card';
  let last = 0;
  for (const c of cards.slice(1)) {
    const s = steps(start, c, n, dir);
    if (s <= last) return 'off_lap'; // 0: the start card again
    last = s;
  }
  return followsWord(circle, letters, cards.slice(1)) ? 'ok' : 'letters_out_of_order';
}

// Why this placement is impossible (French, for the board), or null when it
// is fine. `cards` come from `ordered`, so the walk is never at fault.
export function placementProblem(circle: Slot[], letters: string, cards: number[], gems: number, dir: Direction = 'cw'): string | null {
  if (!letters) return 'Tape d’abord un mot.';
  switch (placementFault(circle, letters, cards, dir, gems)) {
    case 'ok':
      return null;
    case 'no_cards':
      return `Choisis le coffre de départ\u00a0: un ${letters[0]} qui a une place libre.`;
    case 'wrong_start_letter':
      return `Le coffre de départ doit porter la première lettre du mot (${letters[0]}).`;
    case 'not_enough_gems':
      return `Tu n’as que ${gems} pierre${gems > 1 ? 's' : ''}.`;
    case 'vault_full':
      return `Le coffre ${circle[cards.find((c) => circle[c].free <= 0)!].letter} est plein.`;
    case 'bad_card':
    case 'same_card':
    case 'off_lap':
      return 'Touche les coffres dans le sens choisi, chacun une fois.';
    case 'letters_out_of_order':
      return 'Les lettres des coffres choisis doivent suivre l’ordre des lettres du mot.';
  }
}

interface Found {
  cards: number[];
  dir: Direction;
  closes: number; // vaults this placement fills up
}

// best_from: the most cards from `start` in `dir` (at most `gems`), then the
// most vaults closed, then the cards met earliest along the walk.
function bestFrom(circle: Slot[], letters: string, gems: number, start: number, dir: Direction): Found | null {
  const n = circle.length;
  // Candidate cards along the walk: a free space and a letter the word still has.
  const candidates = walk(n, start, dir).filter((c) => circle[c].free > 0 && letters.indexOf(circle[c].letter, 1) >= 0);
  const m = candidates.length;
  let top: Found | null = null;
  for (let extra = Math.min(m, gems - 1); extra >= 0 && !top; --extra) {
    for (let mask = 0; mask < 1 << m; ++mask) {
      const chosen = candidates.filter((_, i) => (mask >> i) & 1);
      if (chosen.length !== extra || !followsWord(circle, letters, chosen)) continue;
      const closes = [start, ...chosen].filter((c) => circle[c].free === 1).length;
      let better = !top || closes > top.closes;
      if (top && closes === top.closes) {
        for (let i = 0; i < chosen.length; ++i) {
          const a = steps(start, chosen[i], n, dir);
          const b = steps(start, top.cards[i + 1], n, dir);
          if (a !== b) {
            better = a < b;
            break;
          }
        }
      }
      if (better) top = { cards: [start, ...chosen], dir, closes };
    }
  }
  return top;
}

// best_placement: the best over every start (in circle order) and both
// directions (clockwise first): most cards, then most vaults closed, then the
// first found.
export function best(circle: Slot[], letters: string, gems: number): { cards: number[]; dir: Direction } | null {
  if (!letters || gems <= 0) return null;
  let top: Found | null = null;
  circle.forEach((slot, start) => {
    if (slot.letter !== letters[0] || slot.free <= 0) return;
    for (const dir of ['cw', 'ccw'] as Direction[]) {
      const found = bestFrom(circle, letters, gems, start, dir);
      if (found && (!top || found.cards.length > top.cards.length || (found.cards.length === top.cards.length && found.closes > top.closes))) {
        top = found;
      }
    }
  });
  const found = top as Found | null;
  return found ? { cards: found.cards, dir: found.dir } : null;
}
