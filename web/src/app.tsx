// The application shell: one WebSocket for the whole tab, the current route,
// and the room state fed by the server's messages.
import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { Link, type LinkState } from './socket';
import { navigate, parseRoute, type Route } from './router';
import type { ChatMessage, ErrorMessage, GameInfo, PeekMessage, RoomSummary, ServerMessage, ViewMessage } from './protocol';
import { observeServerClock, resetServerClock, toLocalTime } from './clock';
import { fetchJson } from './protocol';
import { roomToken, saveRoomToken, forgetRoom } from './tokens';
import { Home } from './screens/Home';
import { RoomScreen } from './screens/Room';
import { ReplayScreen } from './screens/Replay';
import { RulesPage } from './rules';
import type { PlayerTools } from './games';
import type { Ask } from './games/types';

export interface RoomState {
  code: string | null;
  member: number | null;
  room: RoomSummary | null;
  view: ViewMessage | null;
  chat: ChatMessage[];
  error: ErrorMessage | null;
  notice: string | null; // kicked, server restarting…
  peek: PeekMessage | null; // the room behind the code, before joining
}

type Action =
  | { kind: 'message'; message: ServerMessage }
  | { kind: 'enter'; code: string }
  | { kind: 'clear_error' }
  | { kind: 'notice'; text: string | null };

const empty: RoomState = { code: null, member: null, room: null, view: null, chat: [], error: null, notice: null, peek: null };

function reduce(s: RoomState, a: Action): RoomState {
  switch (a.kind) {
    case 'enter':
      return s.code === a.code ? s : { ...empty, code: a.code };
    case 'clear_error':
      return { ...s, error: null };
    case 'notice':
      return { ...s, notice: a.text };
    case 'message': {
      const m = a.message;
      switch (m.type) {
        case 'welcome':
          return { ...s, code: m.room, member: m.member, notice: null, error: null };
        case 'room':
          return { ...s, room: m };
        case 'view':
          return { ...s, view: m };
        case 'chat':
          return { ...s, chat: [...s.chat.slice(-99), m] };
        case 'error':
          // Sent away earlier (a reload brings the kicked token back): told, no form.
          if (m.code === 'kicked') return { ...empty, code: s.code, notice: m.message };
          return { ...s, error: m };
        case 'peek':
          return m.room === s.code ? { ...s, peek: m } : s;
        case 'kicked':
          return { ...empty, code: s.code, notice: m.message };
        case 'shutdown':
          return { ...s, notice: m.message };
      }
    }
  }
  return s;
}

export interface RoomApi {
  send: (message: Record<string, unknown>) => void;
  // Sends a game action against `version`; resolves true once the server
  // accepted it, false if it was refused or the connection dropped first
  // (so a screen clears what the player typed only when it is in).
  act: (version: number, action: Record<string, unknown>) => Promise<boolean>;
  // Asks a player tool of the room's game (message `ask`); null when refused.
  ask: Ask<PlayerTools>;
  clearError: () => void;
}

// Actions sent and not yet answered, by id.
const pendingActs = new Map<number, (accepted: boolean) => void>();
let nextActId = 1;

function settleAct(id: number, accepted: boolean) {
  const resolve = pendingActs.get(id);
  pendingActs.delete(id);
  resolve?.(accepted);
}

// Questions asked and not yet answered, by id (their own numbering: an
// `answer` carries it back, with the answer or the refusal).
const pendingAsks = new Map<number, (answer: unknown) => void>();
let nextAskId = 1;

function settleAsk(id: number, answer: unknown) {
  const resolve = pendingAsks.get(id);
  pendingAsks.delete(id);
  resolve?.(answer);
}

export function App() {
  const [route, setRoute] = useState<Route>(parseRoute(location.pathname));
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [linkState, setLinkState] = useState<LinkState>('connecting');
  const [state, dispatch] = useReducer(reduce, empty);
  const stateRef = useRef(state);
  stateRef.current = state;
  const routeRef = useRef(route);
  routeRef.current = route;

  useEffect(() => {
    const onPop = () => setRoute(parseRoute(location.pathname));
    addEventListener('popstate', onPop);
    fetchJson<{ games: GameInfo[] }>('/api/games')
      .then((r) => setGames(r.games))
      .catch(() => setGames([]));
    return () => removeEventListener('popstate', onPop);
  }, []);

  const link = useMemo(
    () =>
      new Link(
        (m) => {
          if (m.type === 'welcome') {
            if (m.token) saveRoomToken(m.room, m.token);
            const r = routeRef.current;
            if (r.page !== 'room' || r.code !== m.room) navigate(`/salle/${m.room}`);
          }
          if (m.type === 'error' && m.code === 'bad_token' && stateRef.current.code) {
            forgetRoom(stateRef.current.code); // the token no longer works: join again
            link.send({ type: 'peek', room: stateRef.current.code });
          }
          if ((m.type === 'view' || m.type === 'welcome') && typeof m.server_ms === 'number') observeServerClock(m.server_ms);
          // Deadlines on this device's clock, whatever its offset from the server's.
          if (m.type === 'view' && typeof m.deadline_ms === 'number') m = { ...m, deadline_ms: toLocalTime(m.deadline_ms) };
          if (m.type === 'view' && typeof m.ack === 'number') settleAct(m.ack, true);
          if (m.type === 'error' && typeof m.id === 'number') settleAct(m.id, false);
          if (m.type === 'answer') {
            // A refused question (answer.error) is not an error to show: the screen goes without.
            if (typeof m.id === 'number') settleAsk(m.id, m.error ? null : m.answer);
            return;
          }
          dispatch({ kind: 'message', message: m });
        },
        (s, reopened) => {
          setLinkState(s);
          if (s !== 'open') for (const id of [...pendingActs.keys()]) settleAct(id, false);
          if (s !== 'open') for (const id of [...pendingAsks.keys()]) settleAsk(id, null);
          if (s !== 'open') resetServerClock();
          // Back after a lost connection or a server restart: same seat, full view.
          const r = routeRef.current;
          if (s === 'open' && reopened && r.page === 'room') {
            const token = roomToken(r.code);
            if (token) link.send({ type: 'resume', room: r.code, token });
            // Still at the name form: the peek may have been lost with the connection.
            else if (stateRef.current.member === null) link.send({ type: 'peek', room: r.code });
          }
        },
      ),
    [],
  );

  // Entering a room page: resume with the saved token, or wait for a name.
  useEffect(() => {
    if (route.page !== 'room') return;
    if (state.code === route.code && state.member !== null) return;
    dispatch({ kind: 'enter', code: route.code });
    const token = roomToken(route.code);
    // With a token: back to our seat (or told we were sent away). Without:
    // check the code names a room before asking for a name.
    link.send(token ? { type: 'resume', room: route.code, token } : { type: 'peek', room: route.code });
  }, [route]);

  // One object for the tab's life: a screen may keep its functions in an
  // effect's dependencies (Word Bank's judgement) without re-running it at
  // every message.
  const api: RoomApi = useMemo(() => ({
    send: (m) => link.send(m),
    act: (version, action) =>
      new Promise<boolean>((resolve) => {
        const id = nextActId++;
        pendingActs.set(id, resolve);
        // The game the screen shows: an action from before « Rejouer » is stale.
        const game = stateRef.current.view?.game_id;
        link.send(game === undefined ? { type: 'act', version, action, id } : { type: 'act', version, game, action, id });
      }),
    ask: (tool, input) =>
      new Promise((resolve) => {
        const id = nextAskId++;
        // The answer is the tool's as PlayerTools declares it: the one place it is
        // taken on trust, held to the engine by web/tests/golden/<game>-tools.ts.
        pendingAsks.set(id, resolve as (answer: unknown) => void);
        link.send({ type: 'ask', tool, input, id });
      }),
    clearError: () => dispatch({ kind: 'clear_error' }),
  }), [link]);

  return (
    <div class="shell">
      <header class="top">
        <a
          class="brand"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            navigate('/');
          }}
        >
          Logomachie
        </a>
        <span class={`link link-${linkState}`} role="status">
          {linkState === 'open' ? 'en ligne' : linkState === 'connecting' ? 'connexion…' : 'connexion perdue, on réessaie…'}
        </span>
      </header>
      <main>
        {route.page === 'home' && <Home games={games} api={api} error={state.error} />}
        {route.page === 'room' && <RoomScreen code={route.code} games={games} state={state} api={api} />}
        {route.page === 'replay' && <ReplayScreen id={route.id} />}
        {route.page === 'rules' && <RulesPage game={route.game} games={games} />}
        {route.page === 'missing' && (
          <section class="card">
            <h1>Page introuvable</h1>
            <p>
              Cette adresse ne mène nulle part. <a href="/">Retour à l’accueil</a>
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
