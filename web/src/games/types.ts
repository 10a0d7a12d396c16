// What the client needs from each game: its board (the game view), what its
// options form adds to the fields drawn from the game's schema (options.tsx)
// and a results panel. The French line
// of each event comes with it from the server (`say`, Game::describe), the
// same the terminal prints. Registered once in games/index.ts; the server needs nothing.
import type { ComponentChildren, FunctionComponent } from 'preact';
import type { Json, OptionSpec, Outcome } from '../protocol';

// A game's player tools (Game::player_tools, asked with the message `ask`):
// per tool name, what it takes and what it answers. Declared beside the
// game's board (Word Bank's `WordBankTools`) and held to the engine by
// real answers, web/tests/golden/<game>-tools.ts (docs/web.md, « Typed
// views »): a drift fails `tsc`.
export type ToolMap<T> = { [K in keyof T]: { input: unknown; answer: unknown } };

// Asks one of the tools of `T`; resolves with its answer, null when refused
// or the connection dropped.
export type Ask<T extends ToolMap<T>> = <K extends keyof T & string>(tool: K, input: T[K]['input']) => Promise<T[K]['answer'] | null>;

// V: the game's view type (what its engine's view() sends a seat or a
// spectator), D: its outcome's details, T: its player tools (none by
// default); declared beside the game's board and checked against real views
// and answers of the engine (web/tests/golden, docs/web.md).
export interface BoardProps<V = unknown, T extends ToolMap<T> = {}> {
  view: V; // the server's view for this viewer
  version: number;
  deadline?: number; // wall clock ms
  names: string[]; // per seat
  you: number | null; // our seat, null for a spectator
  // Sends an action; resolves true once the server accepted it (clear what
  // the player typed then, not before). null: read-only (replay, spectator).
  act: ((action: Record<string, unknown>) => Promise<boolean>) | null;
  // Asks one of the game's player tools (Game::player_tools, e.g. Word Bank's
  // `judge` of a typed word); resolves with its answer, null when refused or
  // the connection dropped. Absent: read-only.
  ask?: Ask<T>;
}

export interface ResultsProps<V = unknown, D = unknown> {
  outcome: Outcome<D>;
  view: V; // the last view
  names: string[];
}

export interface OptionsProps {
  options: Record<string, Json>;
  onChange: ((options: Record<string, Json>) => void) | null; // null: not the host
  players: number; // seats at the table
  seatNames: string[]; // per seat, who sits there (or « Place n »)
}

// A game's own widget for one option of its schema.
export interface OptionWidgetProps extends OptionsProps {
  spec: OptionSpec;
}

// « Comment jouer »: a game's rules in our own words, short and scannable,
// drawn by the shared panel (src/rules.tsx) from the home page, the lobby,
// the game and its replays. Every text is French typography (src/french.ts),
// checked by web/tests/unit.mjs.
export interface RulesSection {
  title: string;
  text?: string; // a short paragraph, before the items
  items?: RulesItem[];
  // A worked example drawn with the game's own pieces (no hooks: the unit
  // test reads its text by calling it).
  Example?: FunctionComponent;
}

// A bullet point; with a `sign`, what that sign on the screen means (a
// symbol, a colour, a button drawn as the game draws it).
export type RulesItem = string | { sign: ComponentChildren; text: string };

export interface GameRules {
  goal: string; // how to win, in a sentence or two
  sections: RulesSection[];
}

export interface ClientGame<V = unknown, D = unknown, T extends ToolMap<T> = {}> {
  rulesSummary: string; // the home card's line: the goal as the rulebook says it
  rules: GameRules; // « Comment jouer »
  Board: FunctionComponent<BoardProps<V, T>>;
  // The options form is drawn from the schema (/api/games); a game may put a
  // note above its fields (its `options` with the defaults filled in) and
  // give its own widget for an option a generic field cannot edit well (Le
  // Tapécho's per-seat sexes, kept balanced).
  OptionsNote?: FunctionComponent<OptionsProps>;
  optionWidgets?: Record<string, FunctionComponent<OptionWidgetProps>>;
  Results: FunctionComponent<ResultsProps<V, D>>;
  // The one line to keep in sight on a phone while typing (the bar pinned to
  // the top when the board's turn line is scrolled away), e.g. Mot pour Mot's
  // category; null or absent: the hourglass alone.
  headline?: (view: V) => string | null;
  // A label for a seat in the lobby (a team game names the seat's team);
  // `options` come with the schema's defaults filled in.
  seatLabel?: (seat: number, players: number, options: Record<string, Json>) => string | null;
  // A seat's colour where the game gives seats meaning (a team game colours
  // each seat with its team's colour); absent: one colour per seat.
  seatColour?: (seat: number, players: number) => string;
  // Options that depend on the number of seats, refitted when the host
  // changes it (sent right after the new count); null when nothing changes.
  refitOptions?: (options: Record<string, Json>, players: number) => Record<string, Json> | null;
}
