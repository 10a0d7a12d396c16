// A room: join form, share link, how to play, seats and bots, the host's
// controls, the game itself, results, and the chat.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameInfo, RoomSummary } from '../protocol';
import { LEVELS } from '../protocol';
import { navigate } from '../router';
import { roomToken, savedName, saveName } from '../tokens';
import type { RoomApi, RoomState } from '../app';
import { clientGames } from '../games';
import { Chat, ErrorBanner, seatColour } from '../ui';
import { OptionsForm, withDefaults } from '../options';
import { ShareLink } from '../share';
import { SoundToggle, useTurnAlert } from '../alert';
import { PlayBar } from '../playbar';
import { RulesOpener } from '../rules';

// Per seat, the name the server gives it (the same the game's sentences use:
// a bot's first name, a player sent away keeps theirs), else « Place n ».
export function seatNames(room: RoomSummary): string[] {
  return room.seats.map((s, i) => s.name ?? room.members.find((x) => x.id === s.member)?.name ?? `Place ${i + 1}`);
}

interface Props {
  code: string;
  games: GameInfo[] | null;
  state: RoomState;
  api: RoomApi;
}

export function RoomScreen({ code, games, state, api }: Props) {
  const { room, member, view } = state;
  const [name, setName] = useState(savedName());
  const [feed, setFeed] = useState<string[]>([]);
  const joined = state.code === code && member !== null;
  const info = games?.find((g) => g.name === room?.game);
  const client = room ? clientGames[room.game] : undefined;
  const names = room ? seatNames(room) : [];

  // Describe what just happened (events arrive with each view); a new game
  // (« Rejouer »: versions start again from 0) starts a new story.
  const lastVersion = useRef(-1);
  useEffect(() => {
    if (!view?.events || !client) return;
    const lines = view.events.map((e) => e.say).filter((x): x is string => !!x);
    const fresh = view.version === 0 || view.version < lastVersion.current;
    lastVersion.current = view.version;
    if (fresh) setFeed(lines.slice(-30));
    else if (lines.length) setFeed((f) => [...f, ...lines].slice(-30));
  }, [view?.version]);
  useTurnAlert(joined && room?.status === 'playing' && !!view?.your_turn);

  if (state.notice && !joined) {
    return (
      <section class="card">
        <p role="status">{state.notice}</p>
        <button onClick={() => navigate('/')}>Retour à l’accueil</button>
      </section>
    );
  }

  if (!joined) {
    const waiting = roomToken(code) !== null && state.error?.code !== 'bad_token';
    const peek = state.peek?.room === code ? state.peek : null;
    const missing = state.error?.code === 'unknown_room' || state.error?.code === 'too_many_tries';
    const back = <button onClick={() => navigate('/')}>Retour à l’accueil</button>;
    if (missing && !waiting) {
      // A wrong code is told before any name is asked.
      return (
        <section class="card join-missing">
          <h1>{state.error!.code === 'too_many_tries' ? 'Trop d’essais' : `Salle ${code} introuvable`}</h1>
          <p role="alert">{state.error!.message}</p>
          <p class="muted">Vérifie le code auprès de l’hôte (cinq lettres), ou crée ta propre salle.</p>
          {back}
        </section>
      );
    }
    const title = games?.find((g) => g.name === peek?.game)?.title;
    return (
      <div class="join">
        {!missing && <ErrorBanner error={state.error} onClose={api.clearError} />}
        {waiting ? (
          <p class="card muted">Retour dans la salle {code}…</p>
        ) : !peek ? (
          <p class="card muted">Recherche de la salle {code}…</p>
        ) : peek.locked ? (
          <section class="card">
            <h1>Salle {code}</h1>
            <p role="alert">L’hôte a fermé cette salle aux nouveaux venus.</p>
            {back}
          </section>
        ) : (
          <section class="card">
            <h1>Salle {code}</h1>
            <p>
              {title ?? peek.game}
              {peek.status === 'playing' && ' · partie en cours (tu la regarderas en spectateur)'}
            </p>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                saveName(name);
                api.send({ type: 'join', room: code, name });
              }}
            >
              <label>
                Ton prénom ou pseudo
                <input name="name" value={name} maxLength={24} autoComplete="nickname" onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <button type="submit">Entrer dans la salle</button>
            </form>
          </section>
        )}
      </div>
    );
  }

  if (!room) return <p class="card muted">Chargement de la salle…</p>;
  const me = room.members.find((m) => m.id === member);
  const host = !!me?.host;
  const mySeat = me?.seat ?? null;
  const playing = room.status !== 'lobby' && view?.view;
  const link = `${location.origin}/salle/${room.code}`;
  const full = room.seats.every((s) => s.member !== undefined || s.bot);

  const roomTools = (
    <>
      <ShareLink link={link} code={room.code} />
      {host && (
        <label class="check small">
          <input type="checkbox" name="locked" checked={room.locked} onChange={(e) => api.send({ type: 'lock', locked: e.currentTarget.checked })} />
          Fermer la salle aux nouveaux
        </label>
      )}
    </>
  );

  // The results come first when the game is over (not below a long history).
  const results = client && view?.over && view.outcome && (
    <section class="card results">
      <h2>Partie terminée</h2>
      <client.Results outcome={view.outcome} view={view.view} names={names} />
      <div class="row">
        {view.game_id !== undefined && (
          <a class="button secondary" href={`/games/${view.game_id}`} onClick={(e) => { e.preventDefault(); navigate(`/games/${view.game_id}`); }}>
            Revoir la partie
          </a>
        )}
        {host && <button onClick={() => api.send({ type: 'start' })}>Rejouer</button>}
      </div>
    </section>
  );

  return (
    <div class="room" data-status={room.status}>
      <section class="card room-head">
        <div>
          <h1>{info?.title ?? room.game}</h1>
          <p>
            Salle <b class="code">{room.code}</b>
            {room.locked && <span class="tag">fermée</span>}
          </p>
          {/* Opens over the lobby or the game, which stay as they are underneath. */}
          {client && <RulesOpener game={room.game} title={info?.title ?? room.game} />}
        </div>
        {room.status === 'lobby' ? (
          roomTools
        ) : (
          // During a game the board needs the phone's height: the link and the
          // host's door are one tap away.
          <details class="room-tools">
            <summary>{host ? 'Inviter, fermer la salle' : 'Inviter quelqu’un'}</summary>
            {roomTools}
          </details>
        )}
      </section>
      <ErrorBanner error={state.error} onClose={api.clearError} />
      {state.notice && <p class="notice" role="status">{state.notice}</p>}

      {playing && client && (
        <section class="board-area">
          {room.status === 'playing' && (
            <PlayBar deadline={view!.deadline_ms} yourTurn={!!view!.your_turn} headline={client.headline?.(view!.view) ?? null} version={view!.version} />
          )}
          {room.status === 'playing' && mySeat !== null && <SoundToggle />}
          {results}
          <client.Board
            view={view!.view}
            version={view!.version}
            deadline={view!.deadline_ms}
            names={names}
            you={mySeat}
            act={mySeat !== null && room.status === 'playing' ? (a) => api.act(view!.version, a) : null}
            ask={mySeat !== null && room.status === 'playing' ? api.ask : undefined}
          />
          {feed.length > 0 && (
            <section class="card feed">
              <h2>Ce qui s’est passé</h2>
              <ol>
                {feed.slice(-8).map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ol>
            </section>
          )}
        </section>
      )}

      {room.status === 'lobby' && (
        <section class="card lobby">
          <h2>Les places</h2>
          {host && info && (
            <label class="row">
              Nombre de joueurs
              <select
                name="players"
                value={room.players}
                onChange={(e) => {
                  const players = Number(e.currentTarget.value);
                  api.send({ type: 'players', players });
                  const refitted = client?.refitOptions?.(room.options, players);
                  if (refitted) api.send({ type: 'options', options: refitted });
                }}
              >
                {Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i).map((n) => (
                  <option value={n} key={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ol class="seats">
            {room.seats.map((_, i) => (
              <SeatRow key={i} index={i} room={room} member={member} host={host} info={info} api={api} />
            ))}
          </ol>
          {client && info && (
            <details class="options" open={host}>
              <summary>Options de la partie</summary>
              <OptionsForm
                specs={info.options}
                game={client}
                options={room.options}
                onChange={host ? (o) => api.send({ type: 'options', options: o }) : null}
                players={room.players}
                seatNames={seatNames(room)}
              />
            </details>
          )}
          {host ? (
            <div class="row">
              <button class="start" disabled={!full} onClick={() => api.send({ type: 'start' })}>
                Lancer la partie
              </button>
            </div>
          ) : (
            <p class="muted">L’hôte lance la partie quand toutes les places sont prises.</p>
          )}
          {!full && host && <p class="muted">Chaque place doit avoir un joueur ou un robot.</p>}
        </section>
      )}

      <section class="card people">
        <h2>Dans la salle</h2>
        <ul>
          {room.members.map((m) => (
            <li key={m.id}>
              <span class={`dot ${m.online ? 'on' : 'off'}`} title={m.online ? 'en ligne' : 'absent'} />
              {m.name}
              {m.id === member && ' (toi)'}
              {m.host && <span class="tag">hôte</span>}
              {m.seat === undefined ? <span class="tag">spectateur</span> : null}
              {host && m.id !== member && <KickButton name={m.name} playing={room.status === 'playing'} onKick={() => api.send({ type: 'kick', member: m.id })} />}
            </li>
          ))}
        </ul>
      </section>
      <Chat messages={state.chat} onSend={(text) => api.send({ type: 'chat', text })} />
    </div>
  );
}

function SeatRow({ index, room, member, host, info, api }: { index: number; room: RoomSummary; member: number | null; host: boolean; info?: GameInfo; api: RoomApi }) {
  const s = room.seats[index];
  const [level, setLevel] = useState(info?.bot_levels[1] ?? 'medium');
  const who = s.member !== undefined ? room.members.find((m) => m.id === s.member) : undefined;
  const colour = clientGames[room.game]?.seatColour?.(index, room.players) ?? seatColour(index);
  const label = clientGames[room.game]?.seatLabel?.(index, room.players, withDefaults(info?.options ?? [], room.options, room.players)) ?? null;
  return (
    <li class="seat" data-seat={index} style={{ borderColor: colour }}>
      <span class="seat-no" style={{ background: colour }}>
        {index + 1}
      </span>
      {who && (
        <span class="seat-name">
          {who.name}
          {who.id === member && ' (toi)'}
        </span>
      )}
      {s.bot && (
        <span class="seat-name">
          {s.name ?? 'Robot'} <span class="tag bot">robot {LEVELS[s.bot] ?? s.bot}</span>
        </span>
      )}
      {!who && !s.bot && <span class="seat-name muted">libre</span>}
      {label && <span class="tag" data-seat-label={label}>{label}</span>}
      <span class="seat-actions">
        {!who && !s.bot && (
          <button class="small" onClick={() => api.send({ type: 'seat', seat: index })}>
            M’asseoir ici
          </button>
        )}
        {who && who.id === member && (
          <button class="small secondary" onClick={() => api.send({ type: 'unseat' })}>
            Me lever
          </button>
        )}
        {host && !who && !s.bot && (
          <>
            <select aria-label="Niveau du robot" value={level} onChange={(e) => setLevel(e.currentTarget.value)}>
              {(info?.bot_levels ?? ['easy', 'medium', 'hard']).map((l) => (
                <option value={l} key={l}>
                  {LEVELS[l] ?? l}
                </option>
              ))}
            </select>
            <button class="small secondary" onClick={() => api.send({ type: 'bot', seat: index, level })}>
              Ajouter un robot
            </button>
          </>
        )}
        {host && s.bot && (
          <button class="small secondary" onClick={() => api.send({ type: 'unbot', seat: index })}>
            Retirer
          </button>
        )}
      </span>
    </li>
  );
}

// Sending someone away takes two taps: the first asks, the second does it
// (a misplaced tap mid-game would cost a friend their seat to a bot).
function KickButton({ name, playing, onKick }: { name: string; playing: boolean; onKick: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button class="plain small" onClick={() => setAsking(true)}>
        renvoyer
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={`Renvoyer ${name} ?`}>
      <span class="small">
        Renvoyer {name}
        {playing ? ' (un robot prendra sa place)' : ''}
        {' ?'}
      </span>
      <button class="small danger" data-action="kick-confirm" onClick={() => { setAsking(false); onKick(); }}>
        Oui, renvoyer
      </button>
      <button class="small secondary" onClick={() => setAsking(false)} autoFocus>
        Non
      </button>
    </span>
  );
}
