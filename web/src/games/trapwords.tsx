// TrapWords: the dungeon track (rooms, pawns, monster, face-down curses),
// the team panels, the trap-writing sheet, désarmer, the guessing turn with
// the referee's verdicts (clue-giver, guessers, opponents; typed and table
// modes), the flag vote, the finished turns, and the results.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BoardProps, ClientGame, ResultsProps } from './types';
import { gameOver, Hourglass, NowLine, teamMove, waitFor, watching, WordInput, yourMove, type Now } from '../ui';
import { fr, guillemets } from '../french';
import { TEAM_COLOURS, TEAM_NAMES } from './motpourmot';
import { trapwordsRules } from './trapwords-rules';
import './trapwords.css'; // this board's styles (and its rules' examples'); the shared ones are in src/style.css

// --- the server's view (games/trapwords/trapwords.cc, public_json) ---------
// A team's traps go to their authors, its word to the writers and its
// clue-giver, both to everyone once its turn is over. Checked against real
// views by web/tests/golden/trapwords.ts.

export interface TrapRow {
  word: string;
  forbidden: boolean;
  crossed: boolean;
}

export interface SheetView {
  count: number;
  limit: number;
  sealed: boolean;
  deadline: number | null; // game clock
  crossed: number | null; // row (from 1) crossed out by désarmer
  needs_forbidden: boolean;
  traps?: TrapRow[]; // to its authors, and to everyone once the turn it guards is over
}

export interface TeamView {
  seats: number[];
  pawn: number; // room index
  clue_giver: number;
  curses: string[];
  fighting: boolean;
  result: TurnResult | '';
  result_say?: string; // the result in words, once the turn is over
  killed: boolean;
  sheet: SheetView; // written BY this team, against the other team's word
  secret?: string; // the word THIS team must make guessed (hidden from its guessers)
}

export type TurnResult = 'found' | 'trap' | 'invalid' | 'guesses' | 'time' | 'gave_up';

export interface Fired {
  trap: string;
  word: string;
  relation: string;
}

export interface Violation {
  rule: string;
  word: string;
  reason: string;
}

// One line of a turn's log. The server words it (games/trapwords/narration.cc,
// the same words as the event's sentence): `say` follows the player's name,
// `verdict_say` is the referee's verdict on a clue or a guess.
export interface LogLine {
  kind: 'clue' | 'guess' | 'flag' | 'vote' | 'give_up' | 'trap_hit' | 'invalid' | 'found' | 'wrong';
  at: number; // game clock, ms
  player?: number;
  text?: string;
  verdict?: { fired: Fired[]; violations: Violation[]; correct?: boolean };
  trap?: string;
  reason?: string;
  invalid?: boolean;
  yes?: number;
  no?: number;
  say: string;
  verdict_say?: string;
}

export interface TurnView {
  team: number;
  clue_giver: number;
  fight: boolean;
  guess_limit: number; // 0 = unlimited
  wrong: number;
  clue_pending: boolean;
  hourglass_from: number;
  hourglass_end: number | null;
  word_budget: number; // 0 = none
  log: LogLine[];
  dark_from?: number;
  flag?: { player: number; reason: string; votes: (boolean | null)[]; hourglass_left: number };
  flag_reasons?: { id: string; text: string }[]; // typed mode: why a clue may be contested
}

export interface HistoryEntry {
  round: number;
  team: number;
  clue_giver: number;
  fight: boolean;
  secret: string;
  traps: TrapRow[];
  result: TurnResult;
  killed: boolean;
  stepped_back: boolean;
  wrong: number;
  log: LogLine[];
  pawn: number;
  used_ms: number; // sand used
  say: string; // the turn's sentence, as its turn_ended event tells it
  result_say: string; // its result, short
}

export interface TrapWordsView {
  game: 'trapwords';
  players: number;
  mode: 'typed' | 'table';
  phase: 'write' | 'disarm' | 'turn' | 'vote' | 'over';
  round: number;
  rounds: number;
  rooms: number[];
  options: { book: string; monsters: string; turn_seconds: number; read_seconds: number; write_seconds: number; vote_seconds: number; tiebreak: boolean };
  monster: { id: string; room: number; fought: boolean };
  curse_rooms: number[];
  teams: TeamView[];
  order: number[];
  turn_index: number;
  turn?: TurnView;
  disarm?: { team: number; clue_giver: number; rows: number };
  history: HistoryEntry[];
  winners: number[];
  deck_count: number;
  now: number;
  deadline?: number; // game clock
  you?: number; // a seat's view: that seat
  your_team?: number; // and its team
}

export interface TrapWordsDetails {
  winners: number[]; // teams; none: the monster won
  monster_won: boolean;
  round: number;
  pawns: number[]; // per team, the room reached
  turns: number;
  found: number;
  trapped: number;
}

// --- words for players ------------------------------------------------------

// The curses: a French name, what it does (in our words), and for table mode
// the instruction for the bodies at the table when the screen cannot enforce it.
export const CURSES: Record<string, { name: string; text: string; table?: string }> = {
  inondation: {
    name: 'Inondation',
    text: 'L’éclaireur n’a qu’un souffle\u00a0: un seul message d’indices pour tout le tour.',
    table: 'Inondation\u00a0: l’éclaireur parle sur une seule expiration. Dès qu’il reprend son souffle, il se tait.',
  },
  gribouillage: {
    name: 'Gribouillage frénétique',
    text: 'Les adversaires écrivent jusqu’à 10 pièges, mais le temps d’un seul sablier.',
  },
  'mot-interdit': {
    name: 'Le mot interdit',
    text: 'Les adversaires marquent un de leurs pièges\u00a0: s’il se déclenche, l’équipe recule d’une salle.',
  },
  serpent: {
    name: 'Serpent fantomatique',
    text: 'Pas un seul mot de l’éclaireur ne peut commencer par «\u00a0s\u00a0».',
  },
  echo: {
    name: 'Écho',
    text: 'L’éclaireur répète la fin de chacun de ses mots\u00a0: «\u00a0château-eau, galop-op\u00a0».',
    table: 'Écho\u00a0: l’éclaireur répète la fin de chaque mot qu’il prononce. Soyez indulgents.',
  },
  tenebres: {
    name: 'Ténèbres',
    text: 'Dans le noir\u00a0: l’éclaireur perd le mot de vue quand le sablier tourne, ses coéquipiers ne voient que le dernier indice.',
    table: 'Ténèbres\u00a0: l’équipe devine les yeux fermés\u00a0; l’éclaireur les ferme aussi, dès qu’il a lu son mot.',
  },
  desarmer: {
    name: 'Désarmer',
    text: 'Une fois votre liste de pièges remise, l’éclaireur adverse annonce un numéro\u00a0: cette ligne de votre liste est rayée.',
  },
  toc: {
    name: 'TOC',
    text: 'Chaque réponse commence par «\u00a0Je mange mon chapeau si ce n’est pas…\u00a0».',
  },
  petrification: {
    name: 'Pétrification',
    text: 'Dès la première réponse, l’éclaireur est changé en pierre\u00a0: plus d’indice.',
    table: 'Pétrification\u00a0: après la première réponse, l’éclaireur ne dit plus rien et ne bouge plus.',
  },
  faible: {
    name: 'Faible d’esprit',
    text: 'L’éclaireur n’a droit qu’à des noms\u00a0: ni verbes, ni adjectifs, ni articles, ni pronoms.',
  },
};

// The monsters: name, normal card, asterisk card (what the fighting team lives with).
export const MONSTERS: Record<string, { name: string; normal: string; asterisk: string }> = {
  demon: {
    name: 'Démon',
    normal: 'Les adversaires écrivent une fois et demie plus de pièges.',
    asterisk: 'Les adversaires écrivent deux fois plus de pièges.',
  },
  dragon: {
    name: 'Dragon',
    normal: 'L’équipe n’a que 3 réponses.',
    asterisk: 'L’équipe n’a qu’une seule réponse.',
  },
  momie: {
    name: 'Momie',
    normal: 'Une malédiction tirée au hasard s’ajoute au combat.',
    asterisk: 'Deux malédictions tirées au hasard s’ajoutent au combat.',
  },
  troll: {
    name: 'Troll',
    normal: 'L’éclaireur n’a droit qu’à 10 mots pour tout le tour.',
    asterisk: 'L’éclaireur n’a droit qu’à 5 mots pour tout le tour.',
  },
  vampire: {
    name: 'Vampire',
    normal: 'Réponses illimitées, mais les réponses aussi déclenchent les pièges.',
    asterisk: 'Réponses illimitées qui déclenchent les pièges, et deux pièges de plus contre l’équipe.',
  },
};

function monsterInfo(id: string) {
  const asterisk = id.endsWith('*');
  const m = MONSTERS[id.replace('*', '')] ?? { name: id, normal: '', asterisk: '' };
  return { name: m.name + (asterisk ? '*' : ''), text: asterisk ? m.asterisk : m.normal };
}

const TOC = 'Je mange mon chapeau si ce n’est pas';

function teamLabel(team: number) {
  return (
    <b class="team-name" style={{ color: TEAM_COLOURS[team] }}>
      {TEAM_NAMES[team]}
    </b>
  );
}

// « l’équipe rouge »
function theTeam(team: number) {
  return `l’${TEAM_NAMES[team].toLocaleLowerCase('fr')}`;
}

function s(n: number) {
  return n > 1 ? 's' : '';
}

// The referee's verdict on a clue or a guess: a short id for tests and CSS
// (from the facts), and the server's words for it.
export function verdictOf(line: LogLine): { id: string; text: string } | null {
  const v = line.verdict;
  if (!v) return null;
  const id = v.fired.length ? 'trap' : v.violations.length ? 'invalid' : line.kind === 'guess' ? (v.correct ? 'found' : 'wrong') : 'ok';
  return { id, text: line.verdict_say ?? '' };
}

// A rough word count (the troll's budget; the referee counts exactly).
function countWords(text: string): number {
  return text.split(/\s+|(?<=['’])/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

// --- time -------------------------------------------------------------------

// Game clock (ms since the start) → wall clock: the server sends both clocks
// for the deadline; without one, the view arrived when its last action was dated.
function useWall(v: TrapWordsView, version: number, deadline?: number) {
  const received = useMemo(() => Date.now(), [version]);
  const offset = deadline !== undefined && v.deadline !== undefined ? deadline - v.deadline : received - v.now;
  return (gameMs: number) => gameMs + offset;
}

// Re-renders every 250 ms while `active`.
function useTick(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [active]);
}

// --- pieces -----------------------------------------------------------------

function Torch() {
  return (
    <svg class="torch" viewBox="0 0 16 20" width="12" height="15" aria-label="torche">
      <path d="M8 1c3 3 4 5 4 7a4 4 0 0 1-8 0c0-2 1-3 2-4 0 2 1 3 2 3 0-2-1-4 0-6z" fill="#e0a526" />
      <path d="M6 12h4l-1 7H7z" fill="#7a4b21" />
    </svg>
  );
}

function Dungeon({ v }: { v: TrapWordsView }) {
  const m = monsterInfo(v.monster.id);
  return (
    <ol class="dungeon" style={{ gridTemplateColumns: `repeat(${v.rooms.length}, 1fr)` }} aria-label="Le donjon">
      {v.rooms.map((n, i) => (
        <li key={i} class={`dungeon-room${i === v.monster.room ? ' lair' : ''}`} data-room={i} data-number={n}>
          <span class="room-no">{n}</span>
          {v.curse_rooms.includes(i) && (
            <span class="curse-card" data-curse-room={i} title="Une malédiction, face cachée">
              ?
            </span>
          )}
          <span class="tokens">
            {v.monster.room === i && (
              <span class={`monster-token${v.monster.fought ? ' fought' : ''}`} data-monster={v.monster.id} title={`${m.name}\u00a0: ${m.text}`}>
                {m.name}
              </span>
            )}
            {[0, 1]
              .filter((t) => v.teams[t].pawn === i)
              .map((t) => (
                <span key={t} class="pawn" data-pawn={t} style={{ background: TEAM_COLOURS[t] }} title={TEAM_NAMES[t]}>
                  {t + 1}
                </span>
              ))}
          </span>
        </li>
      ))}
    </ol>
  );
}

function CurseTags({ ids }: { ids: string[] }) {
  return (
    <>
      {ids.map((c, i) => (
        <span key={i} class="tag curse" data-curse={c} title={CURSES[c]?.text}>
          {CURSES[c]?.name ?? c}
        </span>
      ))}
    </>
  );
}

function TeamPanel({ v, team, names, you }: { v: TrapWordsView; team: number; names: string[]; you: number | null }) {
  const t = v.teams[team];
  const current = (v.phase === 'turn' || v.phase === 'vote') && v.turn?.team === team;
  return (
    <div class={`team-panel tw-team${current ? ' current' : ''}`} data-team={team} data-pawn={t.pawn} style={{ borderColor: TEAM_COLOURS[team] }}>
      <div class="row spread">
        {teamLabel(team)}
        <span class="small">
          salle {v.rooms[t.pawn]}
          {t.fighting && <span class="tag fight">combat&nbsp;!</span>}
          {t.result && (
            <span class={`tag result ${t.result}`} data-result={t.result}>
              {t.result_say}
            </span>
          )}
        </span>
      </div>
      <div class="small">
        {t.seats.map((p, i) => (
          <span key={p}>
            {i > 0 && ', '}
            <span class={p === t.clue_giver ? 'giver' : ''} data-seat={p}>
              {p === t.clue_giver && <Torch />}
              {names[p]}
              {p === you && ' (toi)'}
            </span>
          </span>
        ))}
      </div>
      {t.curses.length > 0 && (
        <div class="small">
          Malédiction{s(t.curses.length)}&nbsp;: <CurseTags ids={t.curses} />
        </div>
      )}
    </div>
  );
}

function Secret({ word, label }: { word: string; label: string }) {
  return (
    <div class="tw-secret" data-secret={word}>
      <span class="label">{label}</span>
      <span class="word">{word}</span>
    </div>
  );
}

function LogItem({ line, names }: { line: LogLine; names: string[] }) {
  const who = line.player !== undefined ? names[line.player] ?? '' : '';
  const verdict = verdictOf(line);
  return (
    <li class={`tw-line ${line.kind}`} data-kind={line.kind} data-player={line.player}>
      {who && <b>{who}</b>}
      <span class="said">{line.say}</span>
      {verdict && (
        <span class={`verdict ${verdict.id}`} data-verdict={verdict.id}>
          {verdict.text}
        </span>
      )}
    </li>
  );
}

function Log({ lines, names, empty }: { lines: LogLine[]; names: string[]; empty?: string }) {
  if (!lines.length) return empty ? <p class="muted small">{empty}</p> : null;
  return (
    <ol class="tw-log" aria-live="polite">
      {lines.map((l, i) => (
        <LogItem key={i} line={l} names={names} />
      ))}
    </ol>
  );
}

function TrapList({ rows }: { rows: TrapRow[] }) {
  return (
    <span class="trap-list">
      {rows.map((r, i) => (
        <span key={i} class={`trap-word${r.crossed ? ' crossed' : ''}${r.forbidden ? ' forbidden' : ''}`} data-trap={r.word} title={r.forbidden ? 'le mot interdit' : r.crossed ? 'rayé' : undefined}>
          {r.word}
        </span>
      ))}
    </span>
  );
}

// --- phases -----------------------------------------------------------------

function WritePhase({ v, act, you, live, wall }: { v: TrapWordsView; act: BoardProps['act']; you: number | null; live: boolean; wall: (ms: number) => number }) {
  const [word, setWord] = useState('');
  const mine = v.your_team;
  const progress = (t: number) => {
    const sh = v.teams[t].sheet;
    return (
      <p class="small" data-progress={t} data-count={sh.count} data-sealed={sh.sealed}>
        {teamLabel(t)}&nbsp;: {sh.count} / {sh.limit} piège{s(sh.limit)} {sh.sealed ? '— liste remise' : 'en cours d’écriture…'}
      </p>
    );
  };
  if (mine === undefined || you === null) {
    return (
      <section class="card tw-write">
        <h2>Les équipes écrivent leurs pièges</h2>
        {progress(0)}
        {progress(1)}
      </section>
    );
  }
  const other = 1 - mine;
  const sheet = v.teams[mine].sheet;
  const traps = sheet.traps ?? [];
  const secret = v.teams[other].secret;
  const target = v.teams[other];
  const canWrite = act !== null && !sheet.sealed;
  const full = sheet.count >= sheet.limit;
  const missingForbidden = sheet.needs_forbidden && traps.length > 0 && !traps.some((t) => t.forbidden);
  const scribble = target.curses.includes('gribouillage');
  const monster = target.fighting ? monsterInfo(v.monster.id) : null;
  return (
    <section class="card tw-write" aria-label="Votre liste de pièges">
      <div class="turn-line">
        <h2>Écrivez {sheet.limit} mot{s(sheet.limit)}-piège{s(sheet.limit)}</h2>
        {live && !sheet.sealed && sheet.deadline !== null && <Hourglass deadline={wall(sheet.deadline)} total={scribble ? v.options.turn_seconds : v.options.write_seconds} />}
      </div>
      {secret && <Secret word={secret} label={`Le mot que ${theTeam(other)} doit faire deviner`} />}
      <p class="small muted">
        Devinez ce que leur éclaireur va dire pour faire trouver ce mot, et piégez-le&nbsp;: s’il prononce un de vos mots (ou un mot de la même famille), son tour s’arrête.
      </p>
      {scribble && <p class="small notice">Gribouillage frénétique&nbsp;: jusqu’à 10 pièges, mais le temps d’un seul sablier&nbsp;!</p>}
      {sheet.needs_forbidden && <p class="small notice">Le mot interdit&nbsp;: marquez un de vos pièges. S’il se déclenche, {theTeam(other)} recule d’une salle.</p>}
      {v.teams[mine].curses.includes('desarmer') && <p class="small notice">Désarmer (malédiction sur votre équipe)&nbsp;: une fois votre liste remise, leur éclaireur choisira un numéro de ligne sans la voir, et ce piège sera rayé.</p>}
      {monster && (
        <p class="small notice">
          Ils combattent le monstre ({monster.name})&nbsp;: {monster.text}
        </p>
      )}
      <ol class="tw-sheet" data-count={sheet.count} data-limit={sheet.limit}>
        {traps.map((t) => (
          <li key={t.word} data-trap={t.word} class={t.forbidden ? 'forbidden' : ''}>
            <span class="trap-word">{t.word}</span>
            {t.forbidden && <span class="tag forbidden">le mot interdit</span>}
            {canWrite && sheet.needs_forbidden && !t.forbidden && (
              <button class="small secondary" data-action="forbidden" onClick={() => act!({ type: 'forbidden', word: t.word })}>
                Mot interdit
              </button>
            )}
            {canWrite && (
              <button class="small plain" data-action="untrap" aria-label={`Effacer ${t.word}`} onClick={() => act!({ type: 'untrap', word: t.word })}>
                ×
              </button>
            )}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <>
          <form
            class="row entry"
            onSubmit={(e) => {
              e.preventDefault();
              const w = word.trim();
              if (!w || full) return;
              // Cleared once the server has the word (kept if it was refused).
              void act!({ type: 'trap', word: w }).then((ok) => ok && setWord((now) => (now === word ? '' : now)));
            }}
          >
            <WordInput name="trap" value={word} label="Un mot-piège" placeholder={full ? 'Liste complète' : 'Un mot-piège'} onInput={setWord} />
            <button type="submit" data-action="trap" disabled={!word.trim() || full}>
              Ajouter
            </button>
          </form>
          <p class="small muted">
            {sheet.count} / {sheet.limit} — {full ? 'liste complète.' : `encore ${sheet.limit - sheet.count} à écrire.`} Vos coéquipiers écrivent sur la même liste.
          </p>
          <div class="row">
            <button data-action="seal" disabled={missingForbidden} onClick={() => act!({ type: 'seal' })}>
              Remettre la liste
            </button>
            {missingForbidden && <span class="small muted">Marquez d’abord le mot interdit.</span>}
          </div>
        </>
      ) : sheet.sealed ? (
        <p class="muted">Liste remise. On attend l’autre équipe…</p>
      ) : null}
      {progress(other)}
    </section>
  );
}

function DisarmPhase({ v, names, you, act }: { v: TrapWordsView; names: string[]; you: number | null; act: BoardProps['act'] }) {
  const d = v.disarm!;
  const rows = Array.from({ length: d.rows }, (_, i) => i + 1);
  const writers = d.team; // the cursed team loses one of its own traps
  return (
    <section class="card tw-disarm">
      <h2>Désarmer</h2>
      {act && you === d.clue_giver ? (
        <>
          <p>Choisis une ligne de la liste de {theTeam(writers)}, sans la voir&nbsp;: ce piège sera rayé.</p>
          <div class="row">
            {rows.map((r) => (
              <button key={r} data-action="disarm" data-row={r} onClick={() => act({ type: 'disarm', row: r })}>
                Ligne {r}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p class="muted">
          {names[d.clue_giver]} choisit une ligne à rayer sur la liste de {theTeam(writers)} ({d.rows} ligne{s(d.rows)}).
        </p>
      )}
    </section>
  );
}

function TurnPhase({ v, names, you, act, deadline, wall }: { v: TrapWordsView; names: string[]; you: number | null; act: BoardProps['act']; deadline?: number; wall: (ms: number) => number }) {
  const t = v.turn!;
  const team = t.team;
  const [clue, setClue] = useState('');
  const [guess, setGuess] = useState('');
  const [reason, setReason] = useState('exemple');
  const myTeam = v.your_team;
  const canAct = act !== null && you !== null;
  const giver = you !== null && you === t.clue_giver;
  const guesser = you !== null && myTeam === team && !giver;
  const opponent = myTeam !== undefined && myTeam !== team;
  const table = v.mode === 'table';
  const vote = v.phase === 'vote';
  const curses = v.teams[team].curses;
  const has = (c: string) => curses.includes(c);
  const fromWall = wall(t.hourglass_from);
  const darkWall = t.dark_from !== undefined ? wall(t.dark_from) : null;
  const reading = Date.now() < fromWall;
  const dark = darkWall !== null && Date.now() >= darkWall;
  useTick(reading || (darkWall !== null && !dark));
  const secret = v.teams[team].secret;
  const clues = t.log.filter((l) => l.kind === 'clue');
  const guessed = t.log.some((l) => l.kind === 'guess' || l.kind === 'wrong');
  const usedWords = clues.reduce((n, l) => n + countWords(l.text ?? ''), 0);
  const flooded = has('inondation') && clues.length > 0;
  const petrified = has('petrification') && guessed;
  const silenced = flooded || petrified;
  const left = t.guess_limit > 0 ? Math.max(0, t.guess_limit - t.wrong) : null;
  const myTraps = opponent ? (v.teams[myTeam!].sheet.traps ?? []) : [];
  const flaggedByMe = t.log.some((l) => l.kind === 'flag' && l.player === you);
  const flagLine = t.log.filter((l) => l.kind === 'flag').pop();
  const monster = t.fight ? monsterInfo(v.monster.id) : null;
  const bodies = table ? curses.filter((c) => CURSES[c]?.table) : [];
  const sand = t.hourglass_end !== null ? (t.hourglass_end - t.hourglass_from) / 1000 : 0;

  return (
    <section class={`card tw-turn${vote ? ' voting' : ''}`} data-team={team}>
      <div class="turn-line">
        <h2>
          {teamLabel(team)} devine{t.fight && ' — combat\u00a0!'}
        </h2>
        {vote ? (
          <Hourglass deadline={deadline} total={v.options.vote_seconds} />
        ) : reading ? (
          <span class="reading">{giver ? 'Lis ton mot…' : 'L’éclaireur lit son mot…'}</span>
        ) : (
          <Hourglass deadline={deadline} total={sand} />
        )}
      </div>
      <p class="small">
        <Torch /> {names[t.clue_giver]}
        {giver && ' (toi)'} donne les indices · {left === null ? 'réponses illimitées' : `${left} réponse${s(left)} restante${s(left)}`}
        {t.word_budget > 0 && ` · ${usedWords} / ${t.word_budget} mots`}
      </p>
      {monster && (
        <p class="small notice">
          {monster.name}&nbsp;: {monster.text}
        </p>
      )}
      {curses.length > 0 && (
        // Each curse once, in the mode's wording (at a table, what the bodies do).
        <ul class="tw-curses small">
          {curses.map((c) =>
            bodies.includes(c) ? (
              <li key={c} data-curse={c} class="tw-body">
                {CURSES[c].table}
              </li>
            ) : (
              <li key={c} data-curse={c}>
                <b>{CURSES[c]?.name ?? c}</b> — {CURSES[c]?.text}
              </li>
            ),
          )}
        </ul>
      )}

      {giver && secret && (dark ? <div class="tw-secret dark">Les yeux fermés&nbsp;: le mot a disparu. À toi de t’en souvenir&nbsp;!</div> : <Secret word={secret} label="Ton mot à faire deviner" />)}
      {opponent && secret && <Secret word={secret} label={`Le mot de ${theTeam(team)}`} />}
      {opponent && myTraps.length > 0 && (
        <p class="small">
          Vos pièges&nbsp;: <TrapList rows={myTraps} />
        </p>
      )}
      {guesser && (
        <p class="small muted">
          {table ? 'Écoute ton éclaireur et lance tes réponses à voix haute.' : 'Lis les indices et propose tes réponses.'}
          {has('tenebres') && !table && ' Dans le noir, seul le dernier indice reste affiché.'}
        </p>
      )}

      <Log lines={t.log} names={names} empty={table ? 'Les indices se donnent à voix haute.' : 'Pas encore d’indice.'} />

      {vote && t.flag && (
        <div class="tw-vote" role="dialog" aria-label="Vote sur l’indice">
          <p>
            {flagLine && (
              <>
                <b>{names[t.flag.player]}</b>
                {flagLine.say}{' '}
              </>
            )}
            {TEAM_NAMES[1 - team]}{' vote\u00a0: cet indice est-il invalide\u00a0?'}
          </p>
          {canAct && opponent && t.flag.votes[you!] === null ? (
            <div class="row">
              <button data-action="vote-yes" onClick={() => act!({ type: 'vote', invalid: true })}>
                Oui, invalide
              </button>
              <button class="secondary" data-action="vote-no" onClick={() => act!({ type: 'vote', invalid: false })}>
                Non, il tient
              </button>
            </div>
          ) : (
            <p class="muted small">
              Vote en cours&nbsp;: {t.flag.votes.filter((x) => x !== null).length} / {v.teams[1 - team].seats.length}.{t.hourglass_end !== null && ` Sablier en pause\u00a0: il restera ${Math.ceil(t.flag.hourglass_left / 1000)} s.`}
            </p>
          )}
        </div>
      )}

      {!vote && canAct && giver && (
        <div class="tw-controls">
          {table && <p class="small">Donne tes indices à voix haute&nbsp;; l’équipe adverse arbitre.</p>}
          {!table && (
            <form
              class="row entry"
              onSubmit={(e) => {
                e.preventDefault();
                if (!clue.trim() || silenced || reading) return;
                const sent = clue;
                void act!({ type: 'clue', text: clue.trim() }).then((ok) => ok && setClue((now) => (now === sent ? '' : now)));
              }}
            >
              <WordInput name="clue" value={clue} label="Ton indice" placeholder={silenced ? (flooded ? 'Plus de souffle\u00a0!' : 'Changé en pierre\u00a0!') : reading ? 'Lis ton mot…' : 'Ton indice'} max={280} disabled={silenced || reading} onInput={setClue} />
              <button type="submit" data-action="clue" disabled={!clue.trim() || silenced || reading}>
                Envoyer
              </button>
            </form>
          )}
          {!table && t.clue_pending && !silenced && <p class="small muted">Laisse-leur le temps de répondre… ou ajoute un indice.</p>}
          <div class="row">
            {table && (
              <button class="secondary" data-action="wrong" onClick={() => act!({ type: 'wrong' })}>
                Raté
              </button>
            )}
            <button class="secondary" data-action="give_up" onClick={() => act!({ type: 'give_up' })}>
              Passer
            </button>
          </div>
        </div>
      )}

      {!vote && canAct && guesser && !table && (
        <form
          class="tw-controls entry"
          onSubmit={(e) => {
            e.preventDefault();
            if (!guess.trim()) return;
            const sent = guess;
            void act!({ type: 'guess', text: guess.trim() }).then((ok) => ok && setGuess((now) => (now === sent ? '' : now)));
          }}
        >
          {has('toc') && <p class="small notice">TOC&nbsp;: commence ta réponse par {guillemets(`${TOC}…`)}</p>}
          <div class="row">
            <WordInput name="guess" value={guess} label="Ta réponse" placeholder={clues.length ? 'Ta réponse' : 'Attends le premier indice'} max={120} disabled={!clues.length} onInput={setGuess} />
            <button type="submit" data-action="guess" disabled={!guess.trim() || !clues.length}>
              Proposer
            </button>
          </div>
        </form>
      )}
      {!vote && canAct && guesser && table && has('toc') && <p class="small notice">TOC&nbsp;: chaque réponse commence par {guillemets(`${TOC}…`)}</p>}

      {!vote && canAct && opponent && !table && (
        <form
          class="tw-controls row"
          onSubmit={(e) => {
            e.preventDefault();
            act!({ type: 'flag', reason });
          }}
        >
          <label class="row small">
            Motif
            <select name="reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)}>
              {(t.flag_reasons ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.text}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="secondary" data-action="flag" disabled={!clues.length || flaggedByMe}>
            Contester l’indice
          </button>
          <span class="small muted">{flaggedByMe ? 'Tu as déjà contesté ce tour-ci.' : 'L’arbitre a jugé ce qu’il peut\u00a0; le reste, c’est à vous.'}</span>
        </form>
      )}

      {!vote && canAct && opponent && table && (
        <div class="tw-controls tw-judge">
          <p class="small">L’éclaireur a dit un de vos pièges&nbsp;?</p>
          <div class="row">
            {myTraps
              .filter((r) => !r.crossed)
              .map((r) => (
                <button key={r.word} class="trap-button" data-action="trap_hit" data-trap={r.word} onClick={() => act!({ type: 'trap_hit', trap: r.word })}>
                  Piège&nbsp;! {r.word}
                </button>
              ))}
          </div>
          <div class="row">
            <button class="secondary" data-action="invalid" onClick={() => act!({ type: 'invalid' })}>
              Indice invalide
            </button>
            <button data-action="found" onClick={() => act!({ type: 'found' })}>
              Trouvé
            </button>
            <button class="secondary" data-action="wrong" onClick={() => act!({ type: 'wrong' })}>
              Raté
            </button>
          </div>
        </div>
      )}

      {/* Typed clues still work at the table (the referee judges them). */}
      {!vote && canAct && table && (giver || guesser) && (
        <details class="small">
          <summary>Taper plutôt…</summary>
          <form
            class="row entry"
            onSubmit={(e) => {
              e.preventDefault();
              const text = (giver ? clue : guess).trim();
              if (!text || (giver && reading)) return;
              const sent = giver ? clue : guess;
              const clear = giver ? setClue : setGuess;
              void act!(giver ? { type: 'clue', text } : { type: 'guess', text }).then((ok) => ok && clear((now) => (now === sent ? '' : now)));
            }}
          >
            <WordInput name={giver ? 'clue' : 'guess'} value={giver ? clue : guess} label={giver ? 'Ton indice' : 'Ta réponse'} placeholder={giver ? 'Ton indice' : 'Ta réponse'} max={giver ? 280 : 120} onInput={giver ? setClue : setGuess} />
            <button type="submit">Envoyer</button>
          </form>
        </details>
      )}
    </section>
  );
}

function LastTurn({ h, names }: { h: HistoryEntry; names: string[] }) {
  return (
    <section class="card tw-last" data-result={h.result}>
      <h2>
        <span style={{ color: TEAM_COLOURS[h.team] }}>●</span> Tour précédent — {h.say}
      </h2>
      {h.traps.length > 0 && (
        <p class="small">
          Pièges&nbsp;: <TrapList rows={h.traps} />
        </p>
      )}
      <Log lines={h.log} names={names} />
    </section>
  );
}

function History({ v, names }: { v: TrapWordsView; names: string[] }) {
  if (!v.history.length) return null;
  return (
    <section class="card tw-history">
      <h2>Les tours joués</h2>
      <ol>
        {v.history
          .slice()
          .reverse()
          .map((h, i) => (
            <li key={i} data-result={h.result} data-round={h.round} data-team={h.team} data-word={h.secret}>
              <details>
                <summary>
                  <span class="muted">M{h.round}</span> <span style={{ color: TEAM_COLOURS[h.team] }}>●</span> {guillemets(h.secret)}&nbsp;: {h.result_say}
                  {h.fight && ' (combat)'}
                  {h.stepped_back && ', recul'}
                </summary>
                <p class="small">
                  {names[h.clue_giver]} à la torche. Pièges&nbsp;: {h.traps.length ? <TrapList rows={h.traps} /> : 'aucun'}
                </p>
                <Log lines={h.log} names={names} />
              </details>
            </li>
          ))}
      </ol>
    </section>
  );
}

// --- the board ----------------------------------------------------------------

// What to do now (the line at the top of the board). `canAct`: the viewer
// may send actions (a seated player in a running game).
export function trapwordsNow(
  v: Pick<TrapWordsView, 'phase' | 'mode' | 'teams' | 'turn' | 'disarm' | 'your_team'>,
  you: number | null,
  names: string[],
  canAct: boolean,
): Now {
  if (v.phase === 'over') return gameOver();
  const mine = canAct && you !== null && v.your_team !== undefined ? v.your_team : null;
  const other = (text: string) => (mine !== null ? waitFor(text) : watching(text.charAt(0).toUpperCase() + text.slice(1)));
  if (v.phase === 'write') {
    if (mine === null) return watching(fr`Les équipes écrivent leurs pièges.`);
    const sheet = v.teams[mine].sheet;
    if (sheet.sealed) return waitFor(fr`${theTeam(1 - mine)} finit d'écrire ses pièges.`);
    return teamMove(fr`écrivez ${sheet.limit} mot${s(sheet.limit)}-piège${s(sheet.limit)} contre le mot de ${theTeam(1 - mine)}, puis remettez la liste.`);
  }
  if (v.phase === 'disarm' && v.disarm) {
    if (mine !== null && you === v.disarm.clue_giver) return yourMove(fr`choisis une ligne à rayer dans la liste de ${theTeam(v.disarm.team)}.`);
    return other(fr`${names[v.disarm.clue_giver]} choisit une ligne à rayer.`);
  }
  const t = v.turn;
  if (!t) return other(fr`la manche se prépare.`);
  const table = v.mode === 'table';
  const giver = names[t.clue_giver];
  if (v.phase === 'vote') {
    if (mine !== null && mine !== t.team && t.flag?.votes[you!] === null) return yourMove(fr`vote : cet indice est-il invalide ?`);
    return other(fr`${theTeam(1 - t.team)} vote sur un indice contesté.`);
  }
  if (mine === t.team && you === t.clue_giver) {
    return yourMove(table ? fr`fais deviner ton mot à voix haute, sans dire de piège.` : fr`fais deviner ton mot avec des indices, sans dire de piège.`);
  }
  if (mine === t.team) return yourMove(table ? fr`écoute ${giver} et lance tes réponses à voix haute.` : fr`devine le mot à partir des indices de ${giver}.`);
  if (mine !== null && table) return teamMove(fr`arbitrez : piège, indice invalide, trouvé ou raté.`);
  if (mine !== null) return waitFor(fr`${theTeam(t.team)} devine. Contestez un indice qui enfreint la règle.`);
  return watching(fr`${giver} fait deviner son mot à ${theTeam(t.team)}.`);
}

const PHASES: Record<TrapWordsView['phase'], string> = {
  write: 'on écrit les pièges',
  disarm: 'désarmer',
  turn: 'on devine',
  vote: 'vote',
  over: 'partie terminée',
};

function Board({ view: v, version, deadline, names, you, act }: BoardProps<TrapWordsView>) {
  const wall = useWall(v, version, deadline);
  const live = act !== null || deadline !== undefined;
  const m = monsterInfo(v.monster.id);
  const t = v.turn;
  const role =
    you === null || v.your_team === undefined
      ? 'spectator'
      : v.phase === 'write'
        ? 'writer'
        : v.phase === 'disarm'
          ? v.disarm?.clue_giver === you
            ? 'disarm'
            : 'wait'
          : t
            ? t.clue_giver === you
              ? 'giver'
              : v.your_team === t.team
                ? 'guesser'
                : 'opponent'
            : 'wait';
  const last = v.history.length ? v.history[v.history.length - 1] : null;
  return (
    <div class="trapwords" data-phase={v.phase} data-round={v.round} data-role={role} data-mode={v.mode}>
      <NowLine now={trapwordsNow(v, you, names, act !== null)} />
      <section class="card">
        <div class="turn-line">
          <h2>
            Manche {Math.min(v.round, v.rounds)} / {v.rounds} <span class="muted small">· {PHASES[v.phase]}</span>
          </h2>
          {v.mode === 'table' && <span class="tag">à la table</span>}
        </div>
        <Dungeon v={v} />
        <p class="small monster-line">
          {v.phase === 'over' && v.winners.length > 0 ? (
            <>
              <b>{m.name}</b> est terrassé&nbsp;!
            </>
          ) : (
            <>
              <b>{m.name}</b> {v.monster.room === v.rooms.length - 1 ? 'attend au fond' : `rôde en salle ${v.rooms[v.monster.room]}`}
              {v.monster.fought ? ' (il a combattu\u00a0: il ne bouge plus)' : ''}. {m.text}
            </>
          )}
          {v.curse_rooms.length > 0 && ` ${v.curse_rooms.length} malédiction${s(v.curse_rooms.length)} face cachée.`}
        </p>
        <TeamPanel v={v} team={0} names={names} you={you} />
        <TeamPanel v={v} team={1} names={names} you={you} />
      </section>

      {v.phase === 'write' && <WritePhase key={v.round} v={v} act={act} you={you} live={live} wall={wall} />}
      {v.phase === 'disarm' && v.disarm && <DisarmPhase v={v} names={names} you={you} act={act} />}
      {(v.phase === 'turn' || v.phase === 'vote') && t && <TurnPhase key={`${v.round}-${t.team}`} v={v} names={names} you={you} act={act} deadline={deadline} wall={wall} />}

      {last && <LastTurn h={last} names={names} />}
      <History v={v} names={names} />
    </div>
  );
}

// --- options, results, events ----------------------------------------------

// Above the options drawn from the schema: who plays for which team.
function OptionsNote() {
  return <p class="muted small">Les places impaires forment l’équipe bleue, les paires l’équipe rouge (deux joueurs par équipe au moins).</p>;
}

function Results({ outcome, view: v, names }: ResultsProps<TrapWordsView, TrapWordsDetails>) {
  const d = outcome.details ?? {};
  const winners: number[] = d.winners ?? v.winners ?? [];
  const m = monsterInfo(v.monster.id);
  const pawns: number[] = d.pawns ?? v.teams.map((t) => t.pawn);
  const found = (team: number) => v.history.filter((h) => h.team === team && h.result === 'found').length;
  return (
    <div class="tw-results" data-winners={winners.join(',')}>
      <p class="winner-line">
        {d.monster_won || winners.length === 0 ? (
          <>
            Le monstre ({m.name}) a gagné&nbsp;: personne ne l’a vaincu en {d.round ?? v.round} manches.
          </>
        ) : winners.length === 2 ? (
          <>Les deux équipes terrassent le monstre&nbsp;: tout le monde gagne&nbsp;!</>
        ) : (
          <>
            {teamLabel(winners[0])} terrasse le monstre ({m.name}) et gagne&nbsp;!
          </>
        )}
      </p>
      <table class="scores">
        <thead>
          <tr>
            <th>Équipe</th>
            <th>Joueurs</th>
            <th>Salle</th>
            <th>Mots trouvés</th>
          </tr>
        </thead>
        <tbody>
          {[0, 1].map((t) => (
            <tr key={t} class={winners.includes(t) ? 'winner' : ''}>
              <td>{TEAM_NAMES[t]}</td>
              <td>{v.teams[t].seats.map((p) => names[p]).join(', ')}</td>
              <td>{v.rooms[pawns[t]] ?? '—'}</td>
              <td>{found(t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.turns !== undefined && (
        <p class="small muted">
          {d.found} mot{s(d.found)} trouvé{s(d.found)} en {d.turns} tour{s(d.turns)}.
        </p>
      )}
    </div>
  );
}


export const trapwords: ClientGame<TrapWordsView, TrapWordsDetails> = {
  rulesSummary: fr`Deux équipes traversent un donjon en se faisant deviner des mots, chacune piégeant les indices de l'autre : évitez les mots-pièges et terrassez le monstre au bout, en 8 manches au plus !`,
  rules: trapwordsRules({ curses: CURSES, monsters: MONSTERS, Torch }),
  Board,
  OptionsNote,
  Results,
  seatLabel: (seat) => TEAM_NAMES[seat % 2],
  seatColour: (seat) => TEAM_COLOURS[seat % 2],
};
