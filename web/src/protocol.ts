// The server's messages (docs/protocol.md, version 1). Game views are typed by
// each game's component (games/<name>.tsx, `ClientGame<View, Details>`); here
// they stay `unknown` until the room's game is known (games/index.ts).

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

// One option of a game's schema (GameInfo::options in games/core/game.h):
// the room screen draws the host's form from it (options.tsx).
export interface OptionValue {
  value: Json;
  label: string; // French, as the form shows it
}

export interface OptionSpec {
  name: string;
  label: string;
  kind: 'int' | 'bool' | 'choice' | 'text' | 'seats';
  default: Json; // null: none (absent means `unset`); seats: a pattern repeated over the seats
  min?: number; // int
  max?: number; // int; text: most characters
  choices?: OptionValue[]; // choice, seats
  suggested?: OptionValue[]; // int, text
  open?: boolean; // choice: other values are allowed too (checked by the game)
  advanced?: boolean; // tucked away under « Plus de réglages »
  unset?: string;
  help?: string;
}

export interface GameInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  bot_levels: string[];
  options: OptionSpec[];
}

export interface MemberInfo {
  id: number;
  name: string;
  host: boolean;
  online: boolean;
  seat?: number;
}

export interface SeatInfo {
  member?: number;
  bot?: string; // the bot's level
  name?: string; // who sits there, as the game's sentences say it (a bot's first name; a player sent away keeps theirs)
}

export interface RoomSummary {
  type: 'room';
  code: string;
  game: string;
  players: number;
  members: MemberInfo[];
  seats: SeatInfo[];
  options: Record<string, Json>;
  locked: boolean;
  status: 'lobby' | 'playing' | 'over';
}

export interface Outcome<D = unknown> {
  rank: number[];
  details: D; // the game's own (its `ClientGame`'s D)
}

// One thing that happened, as the engine emits it (its own fields, public),
// with its French sentence added by the server (Game::describe).
export interface GameEvent {
  type: string;
  say?: string;
  [field: string]: unknown;
}

export interface ViewMessage {
  type: 'view';
  version: number;
  view?: unknown; // the game's view for this viewer (ViewOf<game>)
  events?: GameEvent[];
  deadline_ms?: number;
  over?: boolean;
  outcome?: Outcome;
  game_id?: number;
  ack?: number; // the id of the sender's action this view acknowledges
  your_turn?: boolean; // this viewer is expected to act (the turn alert)
  server_ms?: number; // the server's clock when it sent this view
}

export interface Welcome {
  type: 'welcome';
  room: string;
  game: string;
  member: number;
  name: string;
  token?: string;
  server_ms?: number;
}

export interface ChatMessage {
  type: 'chat';
  member: number;
  name: string;
  text: string;
}

// The answer to « peek »: a room exists under this code (before the name form).
export interface PeekMessage {
  type: 'peek';
  room: string;
  game: string;
  locked: boolean;
  status: 'lobby' | 'playing' | 'over';
}

// The answer to « ask » (a game's player tool), to the sender only.
export interface AnswerMessage {
  type: 'answer';
  id?: number;
  answer?: unknown; // the tool's answer, typed by the game's tools (PlayerTools, src/games/index.ts)
  error?: { code: string; message: string };
}

export interface ErrorMessage {
  type: 'error';
  code: string;
  message: string;
  id?: number; // the refused action's id
}

export type ServerMessage =
  | Welcome
  | RoomSummary
  | ViewMessage
  | ChatMessage
  | ErrorMessage
  | PeekMessage
  | AnswerMessage
  | { type: 'kicked'; message: string }
  | { type: 'shutdown'; message: string }
  | { type: 'moved'; room: string; node?: string; retry_ms?: number };

export const LEVELS: Record<string, string> = {
  easy: 'facile',
  medium: 'moyen',
  hard: 'difficile',
};

export async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = await res.json();
  if (!res.ok) throw new Error(body?.message ?? 'Le serveur ne répond pas comme prévu.');
  return body as T;
}
