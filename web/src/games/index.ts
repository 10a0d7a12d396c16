// Client components per registered game (server name → components).
import type { ClientGame } from './types';
import { wordbank } from './wordbank';
import { lettralettre } from './lettralettre';
import { motpourmot } from './motpourmot';
import { trapwords } from './trapwords';
import { tapecho } from './tapecho';

const registered = { wordbank, lettralettre, motpourmot, trapwords, tapecho };

// A game's view and outcome details, as its component declares them (its
// `ClientGame<View, Details>`): web/tests/golden/<game>.ts holds real views of
// the engine typed with these, so `tsc` fails when the two sides drift.
export type GameName = keyof typeof registered;
export type ViewOf<G extends GameName> = (typeof registered)[G] extends ClientGame<infer V, infer _D, infer _T> ? V : never;
export type DetailsOf<G extends GameName> = (typeof registered)[G] extends ClientGame<infer _V, infer D, infer _T> ? D : never;
// Its player tools, likewise (web/tests/golden/<game>-tools.ts holds real
// answers), and every game's together: what the shell's `ask` takes and
// gives (the room's game answers its own).
export type ToolsOf<G extends GameName> = (typeof registered)[G] extends ClientGame<infer _V, infer _D, infer T> ? T : never;
type AllOf<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type PlayerTools = AllOf<{ [G in GameName]: ToolsOf<G> }[GameName]>;

// The screens look a game up by the name the server sends and give it what
// the server sent for it: the one place a view goes from `unknown` (the
// protocol's) to its game's type, hence `any` here and nowhere else.
export const clientGames: Record<string, ClientGame<any, any, any>> = registered;
