// Le Tapécho's deck and contexts for the screens: the view only carries card
// and context ids, the texts come from the same TSV files the engine loads
// (data/tapecho/, bundled as text by Vite at build time, parsed here). The
// parse is held to the engine's (games/tapecho/tapecho.cc, load_cards) by
// web/tests/golden/tapecho-deck.json, written by games_tests
// (TapechoWebGolden) and compared with CARDS and CONTEXTS by web/tests/unit.mjs.
import cardsTsv from '../../../data/tapecho/cards.tsv?raw';
import contextsTsv from '../../../data/tapecho/contexts.tsv?raw';

export type CardType = 'atout' | 'handicap' | 'attaque' | 'defense' | 'hors-contexte';
export type Sex = 'H' | 'F' | 'X';

export interface TapechoCard {
  id: string;
  type: CardType;
  sex: Sex;
  points: number; // signed: atouts > 0, handicaps < 0
  colour: string; // context spot, '' = none (fits any context)
  effect: string; // attacks only
  text: string;
}

export interface TapechoContext {
  id: string;
  colour: string;
  name: string;
  description: string;
}

// The data lines of a TSV file, split into fields: as the engine reads them
// (a '#' starts a comment, blank lines are skipped, spaces around are trimmed).
function rows(text: string, fields: number): string[][] {
  const out: string[][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0].trim();
    if (!line) continue;
    const f = line.split('\t');
    if (f.length === fields) out.push(f);
  }
  return out;
}

const none = (s: string) => (s === '-' ? '' : s);

export const CARDS: ReadonlyMap<string, TapechoCard> = new Map(
  rows(cardsTsv, 7).map(([id, type, sex, points, colour, effect, text]) => [
    id,
    { id, type: type as CardType, sex: sex as Sex, points: Number(points), colour: none(colour), effect: none(effect), text },
  ]),
);

export const CONTEXTS: ReadonlyMap<string, TapechoContext> = new Map(
  rows(contextsTsv, 4).map(([id, colour, name, description]) => [id, { id, colour, name, description }]),
);

// A card by id; an unknown id (a newer server) still renders, as its id.
export function card(id: string): TapechoCard {
  return CARDS.get(id) ?? { id, type: 'atout', sex: 'X', points: 0, colour: '', effect: '', text: id };
}

export function context(id: string): TapechoContext {
  return CONTEXTS.get(id) ?? { id, colour: '', name: id, description: '' };
}

// The context whose colour spot is `colour` (cards name colours, not places).
export function contextOfColour(colour: string): TapechoContext | undefined {
  for (const c of CONTEXTS.values()) if (c.colour === colour) return c;
  return undefined;
}
