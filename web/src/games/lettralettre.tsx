// Lettralettre 26: the constraint auction, the letters and taboo letters, the
// secret word entry with a live score, the reveal with the best possible
// word, and the results.
import { useEffect, useState } from 'preact/hooks';
import type { BoardProps, ClientGame, ResultsProps } from './types';
import { gameLetters } from './letters';
import { gameOver, Hourglass, NowLine, plural, rankLabel, seatColour, waitFor, watching, WordInput, yourMove, type Now } from '../ui';
import { fr } from '../french';
import { lettralettreRules } from './lettralettre-rules';
import './lettralettre.css'; // this board's styles (and its rules' examples'); the shared ones are in src/style.css

// What the engine's view() sends (games/lettralettre/lettralettre.cc,
// public_json): the round's words stay secret until it is scored, but to
// their author.
export interface Card {
  id: string;
  text: string;
  bonus: number;
}

export interface Entry {
  player: number;
  score: number;
  word?: string; // absent: gave up or laid nothing
  constraint?: string;
  tokens?: number; // +2 (won the round) or −1
  eliminated?: boolean;
  best: { word: string; score: number; card: string } | null; // under this player's own cards
}

export interface RoundResult {
  round: number;
  dealer: number;
  letters: string[];
  taboo: string[];
  entries: Entry[];
  winners: number[];
  best_possible: { word: string | null; score: number };
}

export interface LettralettreView {
  game: 'lettralettre';
  players: number;
  phase: 'auction' | 'words' | 'reveal' | 'over';
  options: { letters: number; taboo: number; tokens: number; round_seconds: number; auction_seconds: number; reveal_seconds: number };
  tokens: number[];
  constraints: Card[][];
  out: boolean[];
  deals: number[];
  rounds_won: number[];
  dealer: number;
  round: number;
  stars: Record<string, number>;
  auction?: { card: Card; pot: number; bidder: number }; // auction
  letters?: string[]; // words, reveal
  taboo?: string[]; // words, reveal
  submitted?: boolean[]; // words
  gave_up?: boolean[]; // words; public: who gave up this round (a word stays secret)
  ready?: boolean[]; // reveal
  submissions?: ({ word: string | null; constraint: string; score: number } | null)[]; // words: one's own only
  constraint_deck_count: number;
  last_round: RoundResult | null;
  now: number;
  deadline?: number; // game clock, ms
  you?: number; // a seat's view: that seat
}

export interface LettralettreDetails {
  tokens: number[];
  rounds_won: number[];
}

// Letters + stars of each starred letter used (once) + the constraint's bonus.
export function previewScore(word: string, stars: Record<string, number>, bonus: number): number {
  const letters = gameLetters(word);
  const distinct = new Set(letters);
  let score = letters.length + bonus;
  distinct.forEach((l) => (score += stars[l] ?? 0));
  return score;
}

// Where a player stands during a word round, as the whole table sees it.
export function wordRoundStatus(view: Pick<LettralettreView, 'out' | 'submitted' | 'gave_up'>, player: number): string {
  if (view.out[player]) return 'éliminé';
  if (view.gave_up?.[player]) return 'a abandonné';
  if (view.submitted?.[player]) return '✓ mot posé';
  return '… cherche';
}

// What to do now (the line at the top of the board). `canAct`: the viewer
// may send actions (a seated player in a running game).
export function lettralettreNow(
  v: Pick<LettralettreView, 'phase' | 'out' | 'tokens' | 'auction' | 'submitted' | 'gave_up' | 'ready'>,
  you: number | null,
  names: string[],
  canAct: boolean,
): Now {
  if (v.phase === 'over') return gameOver();
  if (you !== null && v.out[you]) return watching(fr`Tu es éliminé : regarde la fin de la partie.`);
  const me = canAct && you !== null;
  const other = (text: string) => (me ? waitFor(text) : watching(text.charAt(0).toUpperCase() + text.slice(1)));
  if (v.phase === 'auction' && v.auction) {
    const bidder = v.auction.bidder;
    if (me && bidder === you) {
      return yourMove(v.tokens[you] > 0 ? fr`prends cette contrainte, ou passe en payant un jeton.` : fr`prends cette contrainte (sans jeton, tu ne peux pas passer).`);
    }
    return other(fr`${names[bidder]} prend la contrainte ou passe.`);
  }
  if (v.phase === 'words') {
    if (me && v.gave_up?.[you!]) return waitFor(fr`les autres cherchent encore. Un mot te vient ? Tu peux encore le poser.`);
    if (me && v.submitted?.[you!]) return waitFor(fr`les autres cherchent encore. Tu peux remplacer ton mot.`);
    if (me) return yourMove(fr`forme un mot avec les lettres tirées, sans lettre taboue, et pose-le avant la fin du sablier.`);
    return other(fr`chacun cherche son mot en secret.`);
  }
  if (v.phase === 'reveal') {
    if (me && !v.ready?.[you!]) return yourMove(fr`lis les résultats, puis touche « Manche suivante ».`);
    return other(fr`les autres lisent les résultats.`);
  }
  return other(fr`la manche se prépare.`);
}

function Tile({ letter, stars, taboo }: { letter: string; stars?: number; taboo?: boolean }) {
  return (
    <span class={`tile${taboo ? ' taboo' : ''}`} data-letter={letter} data-stars={stars ?? 0}>
      {letter}
      {!!stars && <sup>{'★'.repeat(stars)}</sup>}
    </span>
  );
}

function constraintText(view: LettralettreView, player: number, id?: string): string {
  const c = view.constraints[player]?.find((x) => x.id === id);
  return c ? c.text : '';
}

function Board({ view: v, deadline, names, you, act }: BoardProps<LettralettreView>) {
  const [word, setWord] = useState('');
  const mine = you !== null ? v.constraints[you] ?? [] : [];
  const [chosen, setChosen] = useState<string>(mine[0]?.id ?? '');
  const playing = act !== null && you !== null && !v.out[you];
  useEffect(() => {
    setWord('');
  }, [v.round]);
  useEffect(() => {
    if (!mine.find((c) => c.id === chosen) && mine[0]) setChosen(mine[0].id);
  }, [mine.length]);

  const total = v.phase === 'words' ? v.options.round_seconds : v.phase === 'reveal' ? v.options.reveal_seconds : v.options.auction_seconds;
  const shown = new Set(v.letters ?? []);
  const taboo = new Set(v.taboo ?? []);
  const typed = gameLetters(word);
  const outside = [...new Set(typed)].filter((l) => !shown.has(l) || taboo.has(l));
  const bonus = mine.find((c) => c.id === chosen)?.bonus ?? 0;
  const mySubmission = you !== null ? v.submissions?.[you] : null;

  return (
    <div class="lettralettre">
      <NowLine now={lettralettreNow(v, you, names, act !== null)} />
      <section class="card players">
        {names.map((n, p) => (
          <div key={p} class={`player${v.out[p] ? ' out' : ''}${v.auction?.bidder === p && v.phase === 'auction' ? ' current' : ''}`} data-seat={p}>
            <span class="swatch" style={{ background: seatColour(p) }} />
            <span class="name">
              {n}
              {p === you && ' (toi)'}
              {p === v.dealer && <span class="tag">donne</span>}
            </span>
            <span class="stat">{plural(v.tokens[p], 'jeton', 'jetons')}</span>
            <span class="stat">{plural(v.rounds_won[p], 'manche', 'manches')}</span>
            {v.phase === 'words' && <span class="stat" data-status={v.gave_up?.[p] ? 'gave_up' : v.submitted?.[p] ? 'submitted' : undefined}>{wordRoundStatus(v, p)}</span>}
            {v.phase === 'reveal' && <span class="stat">{v.ready?.[p] ? '✓ prêt' : ''}</span>}
          </div>
        ))}
      </section>

      {v.phase === 'auction' && v.auction && (
        <section class="card auction">
          <div class="turn-line">
            <h2>Enchères des contraintes</h2>
            <Hourglass deadline={deadline} total={total} />
          </div>
          <div class="constraint big">
            {v.auction.card.text}
            <span class="bonus">+{v.auction.card.bonus}</span>
          </div>
          <p>
            {plural(v.auction.pot, 'jeton', 'jetons')} sur la carte, pour qui la prend.
          </p>
          {playing && v.auction.bidder === you && (
            <div class="row">
              <button data-action="take" onClick={() => act!({ type: 'take' })}>
                Prendre la carte{v.auction.pot ? ` (+${plural(v.auction.pot, 'jeton', 'jetons')})` : ''}
              </button>
              <button class="secondary" data-action="pass" disabled={v.tokens[you!] === 0} onClick={() => act!({ type: 'pass' })}>
                Passer (−1 jeton)
              </button>
            </div>
          )}
        </section>
      )}

      {(v.phase === 'words' || v.phase === 'reveal') && (
        <section class="card letters-area">
          <div class="turn-line">
            <h2>Manche {v.round}</h2>
            <Hourglass deadline={deadline} total={total} />
          </div>
          <div class="tiles">
            {(v.letters ?? []).map((l) => (
              <Tile key={l} letter={l} stars={v.stars[l]} />
            ))}
          </div>
          {(v.taboo ?? []).length > 0 && (
            <p class="taboo-line">
              Interdites&nbsp;:{' '}
              {(v.taboo ?? []).map((l) => (
                <Tile key={l} letter={l} taboo />
              ))}
            </p>
          )}
        </section>
      )}

      {v.phase === 'words' && playing && (
        <section class="card entry">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (word.trim()) act!({ type: 'submit', word: word.trim(), constraint: chosen });
            }}
          >
            <fieldset class="constraints">
              <legend>Ta contrainte</legend>
              {mine.map((c) => (
                <label key={c.id} class="check">
                  <input type="radio" name="constraint" value={c.id} checked={chosen === c.id} onChange={() => setChosen(c.id)} />
                  {c.text} <span class="bonus">+{c.bonus}</span>
                </label>
              ))}
            </fieldset>
            <WordInput name="word" value={word} label="Ton mot" placeholder="Ton mot secret" onInput={setWord} />
            <p class={`preview${outside.length ? ' bad' : ' good'}`} aria-live="polite">
              {typed.length === 0
                ? 'Seulement les lettres tirées, autant de fois que tu veux.'
                : outside.length
                  ? `Lettre${outside.length > 1 ? 's' : ''} impossible${outside.length > 1 ? 's' : ''}\u00a0: ${outside.join(', ')}.`
                  : `Score si le mot est accepté\u00a0: ${previewScore(word, v.stars, bonus)} points.`}
            </p>
            {mySubmission && (
              <p class="muted">
                {mySubmission.word === null ? (
                  <>{'Tu as abandonné cette manche. Un mot te vient\u00a0? Tu peux encore le poser.'}</>
                ) : (
                  <>
                    Mot posé&nbsp;: <b>{mySubmission.word}</b> ({mySubmission.score} points). Tu peux le remplacer.
                  </>
                )}
              </p>
            )}
            <div class="row">
              <button type="submit" data-action="submit" disabled={!typed.length || outside.length > 0}>
                Poser mon mot
              </button>
              <button type="button" class="secondary" data-action="give_up" onClick={() => act!({ type: 'give_up' })}>
                Je sèche
              </button>
            </div>
          </form>
        </section>
      )}

      {(v.phase === 'reveal' || v.phase === 'over') && v.last_round && <RoundPanel result={v.last_round} view={v} names={names} />}
      {v.phase === 'reveal' && playing && !v.ready?.[you!] && (
        <button data-action="ready" onClick={() => act!({ type: 'ready' })}>
          Manche suivante
        </button>
      )}

      {you !== null && mine.length > 0 && v.phase !== 'words' && (
        <section class="card">
          <h2>Tes contraintes</h2>
          {mine.map((c) => (
            <div key={c.id} class="constraint">
              {c.text} <span class="bonus">+{c.bonus}</span>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

function RoundPanel({ result, view, names }: { result: RoundResult; view: LettralettreView; names: string[] }) {
  return (
    <section class="card reveal">
      <h2>Résultats de la manche {result.round}</h2>
      <table class="scores">
        <thead>
          <tr>
            <th>Joueur</th>
            <th>Mot</th>
            <th>Points</th>
            <th>Jetons</th>
            <th>Son meilleur mot possible</th>
          </tr>
        </thead>
        <tbody>
          {result.entries.map((e) => (
            <tr key={e.player} class={result.winners.includes(e.player) ? 'winner' : ''}>
              <td>{names[e.player]}</td>
              <td>
                {e.word ?? <span class="muted">aucun</span>}
                {e.constraint && <div class="muted small">{constraintText(view, e.player, e.constraint)}</div>}
              </td>
              <td>{e.score}</td>
              <td>{e.eliminated ? 'éliminé' : e.tokens ? (e.tokens > 0 ? `+${e.tokens}` : `${e.tokens}`) : ''}</td>
              <td data-best={e.best?.word ?? ''}>
                {e.best ? (
                  <>
                    {e.best.word} ({e.best.score} points)
                    <div class="muted small">avec {constraintText(view, e.player, e.best.card)}</div>
                  </>
                ) : (
                  <span class="muted">aucun</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="best small">
        Sans aucune contrainte, le meilleur mot était&nbsp;:{' '}
        {result.best_possible.word ? (
          <b>
            {result.best_possible.word} ({result.best_possible.score} points)
          </b>
        ) : (
          'aucun'
        )}
      </p>
    </section>
  );
}

function Results({ outcome, view: v, names }: ResultsProps<LettralettreView, LettralettreDetails>) {
  const order = names.map((_, p) => p).sort((a, b) => outcome.rank[a] - outcome.rank[b]);
  return (
    <table class="scores">
      <thead>
        <tr>
          <th>Rang</th>
          <th>Joueur</th>
          <th>Jetons</th>
          <th>Manches gagnées</th>
        </tr>
      </thead>
      <tbody>
        {order.map((p) => (
          <tr key={p} class={outcome.rank[p] === 1 ? 'winner' : ''}>
            <td>{rankLabel(outcome.rank[p])}</td>
            <td>{names[p]}</td>
            <td>{v.out[p] ? 'éliminé' : v.tokens[p]}</td>
            <td>{v.rounds_won[p]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}


export const lettralettre: ClientGame<LettralettreView, LettralettreDetails> = {
  rulesSummary: fr`D'abord, des enchères pour gagner deux cartes contraintes. Puis chaque manche, des lettres tombent, une ou deux sont taboues : trouve en secret le mot qui rapporte le plus en respectant une de tes contraintes. Le meilleur gagne deux jetons, les autres en paient un : le plus de jetons l'emporte.`,
  rules: lettralettreRules,
  Board,
  Results,
};
