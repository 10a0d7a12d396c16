// Word Bank: the circle of vaults, everyone's gems, and the password entry
// with the placement previewed before it is sent.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BoardProps, ClientGame, ResultsProps } from './types';
import type { GameEvent } from '../protocol';
import { gameLetters } from './letters';
import { best, ordered, placementProblem, type Direction, type Vault } from './placement';
import { gameOver, Hourglass, NowLine, plural, rankLabel, seatColour, waitFor, watching, WordInput, yourMove, type Now } from '../ui';
import { fr } from '../french';
import { wordbankRules } from './wordbank-rules';
import './wordbank.css'; // this board's styles (and its rules' examples'); the shared ones are in src/style.css

// What the engine's view() sends (games/wordbank/wordbank.cc, public_json):
// everything is public but the deck's order; a seat's view adds `you`.
export interface WordBankCard {
  letter: string;
  spaces: number;
}

// The last turn played, as the engine keeps it: a password placed (word,
// cards, direction), refused (word and `lost`: the refusal's code) or lost to
// a pass or the hourglass (`lost`: 'pass' or 'timeout').
export interface WordBankTurn {
  player: number;
  word?: string;
  cards?: number[];
  direction?: Direction;
  lost?: string;
  events: GameEvent[];
}

export type WordBankEnd = 'no_gems' | 'circle_empty' | 'stalled';

export interface WordBankView {
  game: 'wordbank';
  players: number;
  hand: number[]; // gems in hand, per seat
  won: WordBankCard[][]; // closed vaults, per seat
  scores: number[]; // gems left (in hand and on open vaults): the lowest wins
  circle: Vault[];
  deck_count: number;
  used: string[];
  current: number;
  turn: number;
  over: boolean;
  end_reason?: WordBankEnd; // once over
  last_turn: WordBankTurn | null;
  now: number;
  deadline?: number; // game clock, ms
  you?: number; // a seat's view: that seat
}

export interface WordBankDetails {
  scores: number[];
  vaults: number[];
  reason: WordBankEnd;
}

// What to do now (the line at the top of the board).
export function wordbankNow(v: Pick<WordBankView, 'current' | 'over'>, you: number | null, names: string[], canAct: boolean): Now {
  if (v.over) return gameOver();
  if (canAct && you === v.current) return yourMove(fr`trouve un mot de passe, touche ses coffres dans l'ordre, puis valide.`);
  const line = fr`${names[v.current]} cherche un mot de passe.`;
  return you === null ? watching(line) : waitFor(line);
}

function Circle({ circle, chosen, colour, onPick }: { circle: Vault[]; chosen: number[]; colour: string; onPick: ((i: number) => void) | null }) {
  const n = circle.length;
  return (
    <div class="circle" style={{ '--n': n } as any}>
      {circle.map((v, i) => {
        const angle = (2 * Math.PI * i) / n - Math.PI / 2;
        const order = chosen.indexOf(i);
        const style = { left: `${50 + 38 * Math.cos(angle)}%`, top: `${50 + 38 * Math.sin(angle)}%` };
        return (
          <button
            key={i}
            class={`vault${order >= 0 ? ' chosen' : ''}${v.free === 0 ? ' full' : ''}`}
            style={style}
            data-index={i}
            data-letter={v.letter}
            data-free={v.free}
            disabled={!onPick}
            onClick={() => onPick?.(i)}
          >
            {/* Named by its content (the letter a player sees, then what a screen reader adds), not by an aria-label that would hide the order number. */}
            <span class="letter">{v.letter}</span>
            <span class="sr-only">{`, coffre de ${v.free} place${v.free > 1 ? 's' : ''} libre${v.free > 1 ? 's' : ''}${order >= 0 ? `, ta pierre n°\u00a0${order + 1}` : ''}`}</span>
            <span class="slots" aria-hidden="true">
              {v.gems.map((g, k) => (
                <span key={k} class="gem" style={{ background: seatColour(g) }} />
              ))}
              {Array.from({ length: v.free }, (_, k) =>
                order >= 0 && k === 0 ? <span key={`p${k}`} class="gem ghost" style={{ background: colour }} /> : <span key={`f${k}`} class="gem free" />,
              )}
            </span>
            {order >= 0 && (
              <span class="order" aria-hidden="true">
                {order + 1}
              </span>
            )}
          </button>
        );
      })}
      <span class="centre" aria-hidden="true">
        ↻
      </span>
    </div>
  );
}

// Word Bank's player tools (WordBankGame::player_tools): `judge`, whether a
// typed word would stand as a password, whatever its placement (judge in
// games/wordbank/tools.cc, over judge_password in wordbank.cc). Real answers:
// web/tests/golden/wordbank-tools.ts.
export interface JudgeInput {
  word: string;
  used: string[]; // the words played (the view's `used`)
}

export type JudgeAnswer =
  | { word: string; ok: true } // word: as the dictionary spells it
  | { word: string; ok: false; reason: 'unknown_word' | 'not_a_game_word'; message: string }
  | { word: string; ok: false; reason: 'already_used' | 'same_spelling' | 'same_family'; message: string; related: string }; // related: the used word it clashes with

export interface WordBankTools {
  judge: { input: JudgeInput; answer: JudgeAnswer };
}

// The server's judgement of the typed word (its dictionary, the used words'
// families), asked while the player types; null until it answers.
interface Judgement {
  word: string;
  against: string; // the used words it was judged against
  ok: boolean;
  message?: string;
}

function useJudgement(word: string, used: string[], ask: BoardProps<WordBankView, WordBankTools>['ask'] | null): Judgement | null {
  const [judged, setJudged] = useState<Judgement | null>(null);
  const typed = word.trim();
  const against = used.join('\n'); // a word judged before another was played is judged again
  useEffect(() => {
    if (!ask || gameLetters(typed).length === 0) return;
    let stale = false;
    const t = setTimeout(() => {
      void ask('judge', { word: typed, used }).then((a) => {
        if (!stale && a) setJudged({ word: typed, against, ok: a.ok, message: a.ok ? undefined : a.message });
      });
    }, 250); // once the player pauses, not on every key
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [typed, against, ask]);
  return judged && judged.word === typed && judged.against === against ? judged : null;
}

function Board({ view: v, deadline, names, you, act, ask }: BoardProps<WordBankView, WordBankTools>) {
  const [word, setWord] = useState('');
  const [dir, setDir] = useState<Direction>('cw');
  const [picked, setPicked] = useState<number[]>([]); // picked[0] is the start card
  const myTurn = act !== null && you !== null && v.current === you && !v.over;
  const letters = gameLetters(word);
  const gems = you !== null ? v.hand[you] : 0;
  const cards = picked.length ? ordered(v.circle.length, picked[0], dir, picked) : [];
  const problem = placementProblem(v.circle, letters, cards, gems, dir);
  const closing = cards.filter((c) => v.circle[c].free === 1).length;
  const judged = useJudgement(word, v.used, myTurn ? ask : null);
  // The rulebook's penalty still applies if the player insists: a warning, not a lock.
  const warning = judged && !judged.ok ? `${judged.message}\u00a0: si tu le valides, tu perds ton tour.` : null;

  // A new turn or a changed circle: start the entry afresh.
  useEffect(() => {
    setPicked([]);
    setWord('');
  }, [v.turn, v.current]);

  const pick = (i: number) => {
    if (!myTurn) return;
    if (picked.length === 0 || picked[0] === i) {
      setPicked(picked[0] === i ? [] : [i]);
    } else {
      setPicked(picked.includes(i) ? picked.filter((c) => c !== i) : [...picked, i]);
    }
  };
  const suggest = () => {
    const b = best(v.circle, letters, gems);
    if (!b) return;
    setDir(b.dir);
    setPicked(b.cards);
  };
  const submit = () => {
    if (!act || problem) return;
    const action: Record<string, unknown> = { type: 'password', word: word.trim(), cards };
    if (cards.length > 1) action.direction = dir;
    act(action);
  };
  const colour = you !== null ? seatColour(you) : '#999';
  const possible = useMemo(() => (letters ? best(v.circle, letters, gems) : null), [letters, v.turn, gems]);

  return (
    <div class="wordbank">
      <NowLine now={wordbankNow(v, you, names, act !== null)} />
      <section class="card players">
        {names.map((n, p) => (
          <div key={p} class={`player${p === v.current && !v.over ? ' current' : ''}`} data-seat={p} data-hand={v.hand[p]}>
            <span class="swatch" style={{ background: seatColour(p) }} />
            <span class="name">
              {n}
              {p === you && ' (toi)'}
            </span>
            <span class="stat" title="pierres en main">
              {plural(v.hand[p], 'pierre', 'pierres')}
            </span>
            <span class="stat" title="coffres gagnés">
              {plural(v.won[p].length, 'coffre', 'coffres')}
            </span>
          </div>
        ))}
      </section>
      <section class="card table">
        <div class="turn-line">
          <Hourglass deadline={deadline} />
          <span class="muted">Pioche&nbsp;: {v.deck_count}</span>
        </div>
        <Circle circle={v.circle} chosen={myTurn ? cards : []} colour={colour} onPick={myTurn ? pick : null} />
        {myTurn && (
          <form
            class="entry"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <WordInput name="password" value={word} label="Mot de passe" placeholder="Ton mot de passe" onInput={setWord} />
            <div class="row">
              <span class="segmented" role="group" aria-label="Sens">
                <button type="button" class={dir === 'cw' ? 'on' : ''} data-dir="cw" onClick={() => setDir('cw')}>
                  ↻ horaire
                </button>
                <button type="button" class={dir === 'ccw' ? 'on' : ''} data-dir="ccw" onClick={() => setDir('ccw')}>
                  ↺ inverse
                </button>
              </span>
              <button type="button" class="secondary" data-action="suggest" disabled={!possible} onClick={suggest}>
                Meilleur placement
              </button>
            </div>
            <p class={`preview${problem || warning ? ' bad' : ' good'}`} data-judged={judged ? (judged.ok ? 'ok' : 'refused') : ''} aria-live="polite">
              {warning ??
                problem ??
                `${plural(cards.length, 'pierre posée', 'pierres posées')}${closing ? `, ${plural(closing, 'coffre fermé', 'coffres fermés')}` : ''}.`}
            </p>
            <div class="row">
              <button type="submit" data-action="password" disabled={!!problem}>
                Valider le mot de passe
              </button>
              <button type="button" class="secondary" data-action="pass" onClick={() => act?.({ type: 'pass' })}>
                Passer
              </button>
            </div>
          </form>
        )}
        {v.used.length > 0 && (
          <p class="used">
            Déjà joués&nbsp;:{' '}
            {v.used.map((u, i) => (
              <span key={i} class="tag">
                {u}
              </span>
            ))}
          </p>
        )}
      </section>
    </div>
  );
}

const REASONS: Record<string, string> = {
  no_gems: 'un joueur a posé toutes ses pierres',
  circle_empty: 'il ne reste plus de coffre',
  stalled: 'plus personne ne trouvait de mot',
};

function Results({ outcome, view: v, names }: ResultsProps<WordBankView, WordBankDetails>) {
  const order = names.map((_, p) => p).sort((a, b) => outcome.rank[a] - outcome.rank[b]);
  return (
    <div>
      {v.end_reason && <p>Fin de partie&nbsp;: {REASONS[v.end_reason] ?? v.end_reason}.</p>}
      <table class="scores">
        <thead>
          <tr>
            <th>Rang</th>
            <th>Joueur</th>
            <th>Pierres restantes</th>
            <th>Coffres</th>
          </tr>
        </thead>
        <tbody>
          {order.map((p) => (
            <tr key={p} class={outcome.rank[p] === 1 ? 'winner' : ''}>
              <td>{rankLabel(outcome.rank[p])}</td>
              <td>{names[p]}</td>
              <td>{v.scores[p]}</td>
              <td>{v.won[p].length}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small">Pierres restantes&nbsp;: en main et sur les coffres encore ouverts. La plus petite réserve gagne&nbsp;; à égalité, le plus de coffres.</p>
    </div>
  );
}


export const wordbank: ClientGame<WordBankView, WordBankDetails, WordBankTools> = {
  rulesSummary: fr`Ton mot de passe commence par la lettre d'un coffre du cercle et pose tes pierres sur les coffres de ses lettres, dans l'ordre ; un coffre plein se ferme et ses pierres sont à l'abri. Quand quelqu'un n'a plus de pierre, le moins de pierres restantes (en main et sur les coffres ouverts) gagne.`,
  rules: wordbankRules,
  Board,
  Results,
};
