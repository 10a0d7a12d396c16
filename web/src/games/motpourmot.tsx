// Mot pour Mot: the street of letter tiles between the two teams, the
// category card, the hourglass, the captain's word entry with a live preview
// of the pulls, the teammates' proposals, the challenge and vote dialogs,
// table mode (one shared screen), and the results.
import { useEffect, useState } from 'preact/hooks';
import type { BoardProps, ClientGame, ResultsProps } from './types';
import { gameLetters, onlyLetters } from './letters';
import { gameOver, Hourglass, NowLine, teamMove, waitFor, watching, WordInput, yourMove, type Now } from '../ui';
import { fr } from '../french';
import { motpourmotRules } from './motpourmot-rules';
import { guillemets } from '../french';
import './motpourmot.css'; // this board's styles (and its rules' examples'); the shared ones are in src/style.css

// What the engine's view() sends (games/motpourmot/motpourmot.cc,
// public_json): all public but the deck; a seat's view adds `you` and
// `your_team`.
export interface Tile {
  letter: string;
  position: number; // −(cells+1) captured by team 0 … +(cells+1) captured by team 1
}

export interface StepView {
  letter: string;
  from: number;
  to: number;
  captured: boolean;
}

export interface CategoryView {
  id: string;
  text: string;
  level: 'facile' | 'difficile';
  tags: ('etranger' | 'propre' | 'pluriel')[];
}

// What a word can be contested for (a challenge, then a vote for the category).
export type Contest = 'spelling' | 'category';

export interface TurnView {
  turn: number;
  team: number;
  category: CategoryView;
  result: 'stood' | 'reverted' | 'gave_up' | 'time_up';
  word: string | null; // null: no word played
  steps?: StepView[];
  challenge?: Contest | '';
  checked?: Contest[];
  vote?: { about: Contest; valid: number; invalid: number };
  examples: string[];
}

export interface MotPourMotView {
  game: 'motpourmot';
  players: number;
  table: boolean;
  phase: 'play' | 'challenge' | 'vote' | 'over';
  options: { target: number; turn_seconds: number; read_seconds: number; challenge_seconds: number; vote_seconds: number; level: string };
  tiles: Tile[];
  cells: number;
  teams: { seats: number[]; captain: number | null; captured: string[] }[];
  team: number;
  turn: number;
  category: CategoryView;
  proposals?: (string | null)[]; // play
  hourglass_from?: number; // play: when the card is read and the hourglass runs (game clock, ms)
  played?: {
    word: string;
    steps: StepView[];
    challenge: Contest | '';
    checked: Contest[]; // challenges settled with the word standing
    challengers_skip: boolean;
    vote: Contest | '';
    votes: (boolean | null)[];
    accepted: boolean[];
    evidence?: { dictionary: boolean; listed: boolean; examples: string[] }; // vote
  };
  target: number;
  last_turn: TurnView | null;
  used: string[]; // letters of the words played (accents folded)
  words: string[]; // the same words as typed
  deck_count: number;
  now: number;
  deadline?: number; // game clock, ms
  you?: number; // a seat's view: that seat
  your_team?: number; // and its team
}

export interface MotPourMotDetails {
  captures: number[]; // per team
  target: number;
  winner: number; // the winning team, −1 when none
}

export const TEAM_NAMES = ['Équipe bleue', 'Équipe rouge'];
export const TEAM_COLOURS = ['#2560c9', '#b8321f']; // readable (WCAG AA) on white and on the current team's yellow

// The pulls a word would make for `team` (the server's rule, for the preview):
// each letter in order, once per occurrence, moves its tile one cell toward
// the team unless the tile is captured; letters without a tile are ignored;
// a word the server does not read as letters (« r2d2 ») pulls nothing. A copy
// of pulls() (games/motpourmot/pulls.cc) applied to game_letters(word), held
// to it by golden vectors (web/tests/golden/motpourmot-pulls.json, written by
// games_tests' MotPourMotWebGolden, run by web/tests/unit.mjs).
export function previewPulls(word: string, tiles: Tile[], team: number, cells: number): StepView[] {
  const pos = new Map(tiles.map((t) => [t.letter, t.position]));
  const steps: StepView[] = [];
  for (const l of onlyLetters(word) ? gameLetters(word) : '') {
    const from = pos.get(l);
    if (from === undefined || Math.abs(from) === cells + 1) continue;
    const to = from + (team === 0 ? -1 : 1);
    pos.set(l, to);
    steps.push({ letter: l, from, to, captured: Math.abs(to) === cells + 1 });
  }
  return steps;
}

// Whether `word` is, letter for letter, a word already played: the only
// repeat the screen flags before sending. Same letters with other accents or
// capitals (« pécher » after « pêcher », « pecher » after « pêcher ») are the
// server's to judge, with the dictionary: two words or the same one
// (MotPourMotState::check_word), and its refusal says why.
export function playedAsTyped(word: string, words: string[]): boolean {
  const w = word.trim();
  return w.length > 0 && words.includes(w);
}

// « l’équipe bleue »
function theTeam(team: number): string {
  return `l’${TEAM_NAMES[team].toLocaleLowerCase('fr')}`;
}

// What to do now (the line at the top of the board). `canAct`: the viewer
// may send actions (a seated player in a running game).
export function motpourmotNow(
  v: Pick<MotPourMotView, 'table' | 'phase' | 'team' | 'teams'> & { played?: Pick<NonNullable<MotPourMotView['played']>, 'vote' | 'votes' | 'accepted'>; your_team?: number },
  you: number | null,
  names: string[],
  canAct: boolean,
): Now {
  if (v.phase === 'over') return gameOver();
  const active = theTeam(v.team);
  const other = theTeam(1 - v.team);
  if (v.table && canAct) {
    if (v.phase === 'play') return teamMove(fr`${active} trouve un mot pour la carte, le capitaine le tape avant la fin du sablier.`);
    if (v.phase === 'challenge') return teamMove(fr`${other} conteste le mot ou l'accepte.`);
    return teamMove(fr`votez à main levée, puis entrez le compte.`);
  }
  const mine = canAct && you !== null && v.your_team !== undefined;
  const yours = mine && v.your_team === v.team;
  const captain = v.teams[v.team].captain;
  const see = (text: string) => watching(text.charAt(0).toUpperCase() + text.slice(1));
  if (v.phase === 'play') {
    if (yours && captain === you) return yourMove(fr`trouve un mot pour la carte avec ton équipe, et joue-le avant la fin du sablier.`);
    if (yours) return yourMove(captain !== null ? fr`propose des mots à ${names[captain]}, ton capitaine.` : fr`propose des mots, ou deviens capitaine.`);
    return mine ? waitFor(fr`${active} cherche un mot.`) : see(fr`${active} cherche un mot.`);
  }
  if (v.phase === 'challenge') {
    if (mine && !yours) return v.played?.accepted[you!] ? waitFor(fr`tes coéquipiers peuvent encore contester.`) : yourMove(fr`conteste le mot, ou accepte-le.`);
    return mine ? waitFor(fr`${other} peut contester votre mot.`) : see(fr`${other} peut contester le mot.`);
  }
  const spelling = v.played?.vote === 'spelling';
  if (mine && v.played?.votes[you!] === null && !(spelling && yours)) {
    return yourMove(spelling ? fr`vote : le mot est-il bien écrit ?` : fr`vote : le mot va-t-il avec la catégorie ?`);
  }
  return mine ? waitFor(fr`vote en cours.`) : see(fr`vote en cours.`);
}

function teamLabel(team: number) {
  return (
    <b class="team-name" style={{ color: TEAM_COLOURS[team] }}>
      {TEAM_NAMES[team]}
    </b>
  );
}

// The street: one column per tile; team 0's edge on top, team 1's at the bottom.
// Tiles slide (CSS transition) one after the other in word order.
function Street({ view, preview, lastSteps }: { view: MotPourMotView; preview: StepView[]; lastSteps: StepView[] }) {
  const rows = 2 * view.cells + 3; // captured row, cells, middle, cells, captured row
  const landing = new Map<string, number>();
  preview.forEach((s) => landing.set(s.letter, s.to));
  const order = new Map<string, number>();
  lastSteps.forEach((s, i) => {
    if (!order.has(s.letter)) order.set(s.letter, i);
  });
  return (
    <div class="street" style={{ gridTemplateColumns: `repeat(${view.tiles.length}, 1fr)` }} aria-label="Le plateau">
      {view.tiles.map((t) => {
        const row = t.position + view.cells + 1;
        const ghost = landing.get(t.letter);
        const captured = Math.abs(t.position) === view.cells + 1;
        return (
          <div class="track" key={t.letter} style={{ gridTemplateRows: `repeat(${rows}, 1fr)` }}>
            {Array.from({ length: rows }, (_, r) => (
              <span key={r} class={`cell${r === 0 || r === rows - 1 ? ' edge' : ''}${r === view.cells + 1 ? ' middle' : ''}`} />
            ))}
            {ghost !== undefined && (
              <span class={`street-tile ghost${Math.abs(ghost) === view.cells + 1 ? ' capture' : ''}`} style={{ top: `${((ghost + view.cells + 1) / rows) * 100}%`, height: `${100 / rows}%` }}>
                {t.letter}
              </span>
            )}
            <span
              class={`street-tile${captured ? ' captured' : ''}`}
              data-letter={t.letter}
              data-position={t.position}
              style={{
                top: `${(row / rows) * 100}%`,
                height: `${100 / rows}%`,
                transitionDelay: `${(order.get(t.letter) ?? 0) * 180}ms`,
                background: captured ? TEAM_COLOURS[t.position < 0 ? 0 : 1] : undefined,
              }}
            >
              {t.letter}
            </span>
          </div>
        );
      })}
    </div>
  );
}

function TeamPanel({ view, team, names, you }: { view: MotPourMotView; team: number; names: string[]; you: number | null }) {
  const t = view.teams[team];
  return (
    <div class={`team-panel${view.team === team && view.phase !== 'over' ? ' current' : ''}`} data-team={team} style={{ borderColor: TEAM_COLOURS[team] }}>
      <div class="row spread">
        {teamLabel(team)}
        <span class="captures" data-captures={t.captured.length}>
          {t.captured.length} / {view.target} lettres
          {t.captured.map((l) => (
            <span key={l} class="mini-tile" style={{ background: TEAM_COLOURS[team] }}>
              {l}
            </span>
          ))}
        </span>
      </div>
      {!view.table && (
        <div class="small">
          {t.seats.map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              {names[p]}
              {p === you && ' (toi)'}
              {p === t.captain && ' ★'}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

function resultText(t: TurnView): string {
  switch (t.result) {
    case 'stood':
      return t.challenge ? 'contesté, mais il reste' : 'accepté';
    case 'reverted':
      return 'annulé\u00a0: les lettres reviennent';
    case 'gave_up':
      return 'l’équipe a passé';
    case 'time_up':
      return 'le sablier s’est vidé';
  }
}

function LastTurn({ turn }: { turn: TurnView }) {
  return (
    <section class="card last-turn" data-result={turn.result}>
      <p>
        Tour précédent ({TEAM_NAMES[turn.team]}) — {guillemets(turn.category.text)}&nbsp;: {turn.word ? <b>{turn.word}</b> : <span class="muted">aucun mot</span>}, {resultText(turn)}
        {turn.vote && ` (vote\u00a0: ${turn.vote.valid} pour, ${turn.vote.invalid} contre)`}.
      </p>
      {turn.examples.length > 0 && <p class="muted small">D’autres idées&nbsp;: {turn.examples.join(', ')}.</p>}
    </section>
  );
}

function Board({ view: v, deadline, names, you, act }: BoardProps<MotPourMotView>) {
  const [word, setWord] = useState('');
  const [tally, setTally] = useState({ valid: 0, invalid: 0 });
  useEffect(() => setWord(''), [v.turn]);
  useEffect(() => setTally({ valid: 0, invalid: 0 }), [v.turn, v.phase]);
  const myTeam = v.table ? v.team : v.your_team ?? null;
  const active = v.table || myTeam === v.team;
  const captain = v.table || (you !== null && v.teams[v.team].captain === you);
  const opponent = v.table || (myTeam !== null && myTeam !== v.team);
  const canAct = act !== null && you !== null;
  const preview = v.phase === 'play' && active && canAct ? previewPulls(word, v.tiles, v.team, v.cells) : [];
  const typed = gameLetters(word);
  const used = playedAsTyped(word, v.words);
  const spaces = /\s/.test(word.trim());
  const notLetters = !onlyLetters(word);
  const total = v.phase === 'play' ? v.options.turn_seconds : v.phase === 'challenge' ? v.options.challenge_seconds : v.options.vote_seconds;
  const [now, setNow] = useState(Date.now());
  const reading = v.phase === 'play' && v.hourglass_from !== undefined && deadline !== undefined && now < deadline - v.options.turn_seconds * 1000;
  useEffect(() => {
    if (!reading) return;
    const t = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(t);
  }, [reading, now]);
  const captures = preview.filter((s) => s.captured).map((s) => s.letter);

  return (
    <div class="motpourmot">
      <NowLine now={motpourmotNow(v, you, names, canAct)} />
      <section class="card">
        <div class="turn-line">
          <h2>
            Tour {v.turn}&nbsp;: {teamLabel(v.team)} {v.phase === 'over' ? 'gagne\u00a0!' : 'joue'}
          </h2>
          {reading ? <span class="reading">Lecture de la carte…</span> : <Hourglass deadline={deadline} total={total} />}
        </div>
        <div class={`category-card ${v.category.level}`} data-category={v.category.id}>
          <span class="level">{v.category.level}</span>
          {v.category.text}
        </div>
        <TeamPanel view={v} team={0} names={names} you={you} />
        <Street view={v} preview={preview} lastSteps={v.played?.steps ?? v.last_turn?.steps ?? []} />
        <TeamPanel view={v} team={1} names={names} you={you} />
      </section>

      {v.phase === 'play' && canAct && active && (
        <section class="card entry">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!word.trim()) return;
              const sent = word;
              void act!(captain ? { type: 'word', word: word.trim() } : { type: 'propose', word: word.trim() }).then(
                (ok) => ok && !captain && setWord((now) => (now === sent ? '' : now)),
              );
            }}
          >
            <WordInput name="word" value={word} label={v.table ? 'Votre mot' : captain ? 'Ton mot' : 'Ta proposition'} placeholder={captain ? 'Un seul mot' : 'Propose un mot au capitaine'} onInput={setWord} />
            <p class={`preview${used || spaces || notLetters ? ' bad' : ' good'}`} aria-live="polite">
              {typed.length === 0
                ? v.table
                  ? 'L’équipe dit son mot à voix haute, le capitaine le tape.'
                  : captain
                    ? 'Tu es capitaine\u00a0: mettez-vous d’accord, puis écris le mot.'
                    : 'Propose des mots, le capitaine choisit.'
                : notLetters
                  ? 'Un mot s’écrit avec des lettres.'
                  : spaces
                  ? 'Un seul mot (les mots composés prennent un trait d’union).'
                  : used
                    ? 'Ce mot a déjà été joué.'
                    : preview.length === 0
                      ? 'Aucune lettre du plateau ne bougera.'
                      : `Avancent\u00a0: ${preview.map((s) => s.letter).join(' ')}${captures.length ? ` — capture${captures.length > 1 ? 's' : ''}\u00a0: ${captures.join(' ')}\u00a0!` : ''}`}
            </p>
            <div class="row">
              <button type="submit" data-action={captain ? 'word' : 'propose'} disabled={!typed.length || used || spaces || notLetters}>
                {captain ? 'Jouer ce mot' : 'Proposer'}
              </button>
              {captain && (
                <button type="button" class="secondary" data-action="give_up" onClick={() => act!({ type: 'give_up' })}>
                  On passe
                </button>
              )}
              {!captain && (
                <button type="button" class="secondary" data-action="captain" onClick={() => act!({ type: 'captain' })}>
                  Devenir capitaine
                </button>
              )}
            </div>
          </form>
          {!v.table && (v.proposals ?? []).some((p) => p) && (
            <div class="proposals">
              <span class="muted small">Propositions&nbsp;:</span>
              {(v.proposals ?? []).map((p, seat) =>
                p ? (
                  <button key={seat} class="small secondary" data-proposal={p} disabled={!captain} onClick={() => setWord(p)} title={names[seat]}>
                    {p}
                  </button>
                ) : null,
              )}
            </div>
          )}
        </section>
      )}
      {v.phase === 'play' && !active && (
        <p class="card muted">
          {TEAM_NAMES[v.team]} cherche un mot…{canAct ? ' Vous surveillez le sablier.' : ''}
        </p>
      )}

      {v.phase === 'challenge' && v.played && (
        <section class="card challenge hold-in-sight" role="dialog" aria-label="Contester le mot">
          <p class="played-word">
            {TEAM_NAMES[v.team]} joue <b data-word={v.played.word}>{v.played.word}</b>
            {v.played.steps.some((s) => s.captured) && ` et capture ${v.played.steps.filter((s) => s.captured).map((s) => s.letter).join(', ')}`}.
          </p>
          {canAct && opponent && !(you !== null && v.played.accepted[you]) ? (
            <>
              <p>{v.table ? 'L’autre équipe conteste\u00a0?' : 'Vous contestez\u00a0?'}</p>
              <div class="row">
                {!v.played.checked.includes('spelling') && (
                  <button class="secondary" data-action="spelling" onClick={() => act!({ type: 'challenge', kind: 'spelling' })}>
                    Vérifier l’orthographe
                  </button>
                )}
                {!v.played.checked.includes('category') && (
                  <button class="secondary" data-action="category" onClick={() => act!({ type: 'challenge', kind: 'category' })}>
                    Hors catégorie&nbsp;!
                  </button>
                )}
                <button data-action="accept" onClick={() => act!({ type: 'accept' })}>
                  C’est bon
                </button>
              </div>
              {v.played.checked.includes('spelling') && <p class="small">L’orthographe est bonne&nbsp;: vous passerez votre prochain tour. Vous pouvez encore contester la catégorie.</p>}
              {v.played.checked.includes('category') && <p class="small">La catégorie est acceptée. Vous pouvez encore faire vérifier l’orthographe.</p>}
              {!v.played.checked.includes('spelling') && <p class="muted small">Orthographe&nbsp;: si le mot est bien écrit, vous passez votre prochain tour.</p>}
            </>
          ) : (
            <p class="muted">{opponent && canAct ? 'Accepté\u00a0: on attend vos coéquipiers.' : 'L’équipe adverse peut contester le mot.'}</p>
          )}
        </section>
      )}

      {v.phase === 'vote' && v.played && (
        <section class="card vote hold-in-sight" role="dialog" aria-label="Vote">
          <h2>{v.played.vote === 'spelling' ? `${guillemets(v.played.word)} est-il bien écrit\u00a0?` : `${guillemets(v.played.word)} va-t-il avec ${guillemets(v.category.text)}\u00a0?`}</h2>
          {v.played.evidence && (
            <p class="small">
              {v.played.vote === 'spelling'
                ? 'Le dictionnaire ne connaît pas ce mot\u00a0: nom propre, mot étranger… ou faute\u00a0? À vous de juger.'
                : v.played.evidence.listed
                  ? 'Ce mot est dans nos réponses pour cette carte.'
                  : 'Ce mot n’est pas dans nos réponses pour cette carte\u00a0: expliquez-vous dans la discussion.'}
            </p>
          )}
          {v.played.evidence && v.played.vote === 'category' && (
            <details>
              <summary class="small">Nos réponses pour cette carte</summary>
              <p class="small muted">{v.played.evidence.examples.join(', ')}</p>
            </details>
          )}
          {v.table && canAct ? (
            <form
              class="row"
              onSubmit={(e) => {
                e.preventDefault();
                act!({ type: 'tally', valid: tally.valid, invalid: tally.invalid });
              }}
            >
              <label>
                Mains pour
                <input type="number" name="valid" min={0} max={100} value={tally.valid} onInput={(e) => setTally({ ...tally, valid: Number(e.currentTarget.value) })} />
              </label>
              <label>
                Mains contre
                <input type="number" name="invalid" min={0} max={100} value={tally.invalid} onInput={(e) => setTally({ ...tally, invalid: Number(e.currentTarget.value) })} />
              </label>
              <button type="submit" data-action="tally">
                Valider le vote
              </button>
            </form>
          ) : canAct && v.played.votes[you!] === null && !(v.played.vote === 'spelling' && active) ? (
            <div class="row">
              <button data-action="vote-yes" onClick={() => act!({ type: 'vote', valid: true })}>
                Oui, il est bon
              </button>
              <button class="secondary" data-action="vote-no" onClick={() => act!({ type: 'vote', valid: false })}>
                Non
              </button>
            </div>
          ) : (
            <p class="muted">
              {v.played.vote === 'spelling' && active && !v.table
                ? 'L’équipe adverse juge l’orthographe de votre mot. '
                : ''}
              {v.played.votes.filter((x) => x !== null).length} vote(s). Il faut une majorité contre pour annuler le mot.
            </p>
          )}
        </section>
      )}

      {v.last_turn && v.phase !== 'over' && <LastTurn turn={v.last_turn} />}
      {v.words.length > 0 && (
        <section class="card used">
          <h2>Déjà joués</h2>
          {v.words.map((w, i) => (
            <span key={i} class="tag" data-used={v.used[i]}>
              {w}
            </span>
          ))}
        </section>
      )}
    </div>
  );
}

// Above the options drawn from the schema: who plays for which team.
function OptionsNote() {
  return <p class="muted small">{'Les places impaires forment l’équipe bleue, les paires l’équipe rouge. Une seule place\u00a0: un écran partagé pour jouer autour d’une table.'}</p>;
}

function Results({ outcome, view: v, names }: ResultsProps<MotPourMotView, MotPourMotDetails>) {
  const winner = outcome.details?.winner as number;
  return (
    <div class="mpm-results">
      <p class="winner-line">
        {teamLabel(winner)} gagne avec {v.teams[winner].captured.length} lettres capturées&nbsp;!
      </p>
      <table class="scores">
        <thead>
          <tr>
            <th>Équipe</th>
            <th>Joueurs</th>
            <th>Lettres</th>
          </tr>
        </thead>
        <tbody>
          {[0, 1].map((t) => (
            <tr key={t} class={t === winner ? 'winner' : ''}>
              <td>{TEAM_NAMES[t]}</td>
              <td>{v.table ? 'autour de la table' : v.teams[t].seats.map((p) => names[p]).join(', ')}</td>
              <td>{v.teams[t].captured.join(' ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}


export const motpourmot: ClientGame<MotPourMotView, MotPourMotDetails> = {
  rulesSummary: fr`Deux équipes, une catégorie, trente secondes : chaque lettre de votre mot tire sa tuile d'une case vers votre bord, et une tuile qui sort du plateau est capturée. Six lettres capturées et c'est gagné !`,
  rules: motpourmotRules,
  Board,
  OptionsNote,
  Results,
  headline: (v) => v?.category?.text ?? null,
  seatLabel: (seat, players) => (players === 1 ? 'écran partagé' : TEAM_NAMES[seat % 2]),
  seatColour: (seat) => TEAM_COLOURS[seat % 2],
};
