// Le Tapécho (16+): the context card, your hand with the turn's actions
// (atout on yourself, handicap with an optional attack, attack, swap and
// keep), the reaction prompts (défense, hors contexte, let go) with their
// countdown, every player's side of the table, the games played, and the
// results over several games and modes. Card texts come from the deck
// bundled by tapecho-deck.ts: the view only carries card ids.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BoardProps, ClientGame, OptionsProps, OptionWidgetProps, ResultsProps } from './types';
import { gameOver, Hourglass, NowLine, plural, rankLabel, waitFor, watching, yourMove, type Now } from '../ui';
import { fr } from '../french';
import { tapechoRules } from './tapecho-rules';
import { optionValue } from '../options';
import { signedNumber } from '../french';
import { card, context, contextOfColour } from './tapecho-deck';
import type { CardType, Sex, TapechoCard } from './tapecho-deck';
import './tapecho.css'; // this board's styles (and its rules' examples'); the shared ones are in src/style.css

// --- the server's view (games/tapecho/tapecho.cc, public_json) ------------

export type PlayerSex = 'H' | 'F';

export interface SideView {
  sex: PlayerSex;
  hand_count: number;
  atouts: string[];
  handicaps: string[];
  doubled: string[]; // handicaps that count double
  skip: boolean;
  atout_blocked: boolean;
  open_hand: boolean;
  attacked: boolean; // received an attack since its own turn began
  score: number; // the cards in front of the player (public)
  hand_cost?: number; // what its atouts and handicaps in hand would cost, when its hand is visible
  total: number; // the games already finished
  shown_attack?: string;
  hand?: string[]; // to its player, and to everyone under « main ouverte »
}

export interface WindowView {
  actor: number;
  attack?: { card: string; target: number };
  contestable?: { card: string; owner: number };
  hors?: { player: number };
  waiting: number[];
}

export interface GameResult {
  game: number;
  context: string;
  scores: number[];
  winner: number;
}

export type Mode = 'classique' | 'sexes' | 'couples';

// What the player whose turn it is may do (its own view only, phase
// « turn »: TapechoState::turn_moves, games/tapecho/moves.cc): the engine's
// list of moves, card by card. The board greys out and enables from it and
// runs no rule of its own.
export interface MovesView {
  cards: { card: string; targets: number[] }[]; // the cards it may play now (hand order), each with the seats it may go on (an atout's: the player and teammates)
  swap: boolean; // whether it may swap a card (something left to draw)
  pass: boolean; // whether it may pass (nothing else to do)
}

export interface TapechoView {
  game: 'tapecho';
  players: number;
  phase: 'turn' | 'choose' | 'react' | 'over';
  mode: Mode;
  game_no: number;
  games: number;
  context: string;
  current: number;
  sides: SideView[];
  links: { attacker: number; target: number; card: string }[];
  window?: WindowView;
  choice?: string[]; // the two cards drawn by a swap, to the player who swapped
  moves?: MovesView; // to the player whose turn it is
  pile_count: number;
  discard_count: number;
  results: GameResult[];
  now: number;
  deadline?: number; // game clock
  teams: number[]; // per seat, its team (classique: the seat)
  react_seconds: number;
  turn_seconds: number;
  you?: number;
}

export interface TapechoDetails {
  totals: number[]; // per seat, over the games played
  teams: number[]; // per seat, its team (classique: the seat)
  mode: Mode;
  games: GameResult[];
}

// --- words and colours --------------------------------------------------------

const TYPE_NAMES: Record<CardType, string> = {
  atout: 'Atout',
  handicap: 'Handicap',
  attaque: 'Attaque',
  defense: 'Défense',
  'hors-contexte': 'Hors contexte',
};

const SEX_NAMES: Record<Sex, string> = { H: 'homme', F: 'femme', X: 'mixte' };
const DEFENSES: Record<PlayerSex, string> = { H: 'Superchopeur', F: 'Wonderchopeuse' };

// The context spots (never blue or pink: those are the sexes' colours).
const SPOTS: Record<string, string> = {
  jaune: '#f2c230',
  vert: '#2e9e4f',
  violet: '#8e44ad',
  orange: '#f08a24',
  turquoise: '#17a2a2',
  rouge: '#d63031',
  gris: '#8a94a6',
  marron: '#8d5b3a',
};

// « tache verte »: the colour agreed with « tache » (feminine).
function spotColour(colour: string): string {
  return ({ vert: 'verte', violet: 'violette', gris: 'grise' } as Record<string, string>)[colour] ?? colour;
}

// What an attack does, told to the one who holds it.
const EFFECTS: Record<string, string> = {
  'vol-atout': 'Tu lui prends son dernier atout (défaussé s’il n’est pas de ton sexe).',
  'defausse-atout': 'Son dernier atout part à la défausse.',
  'passe-tour': 'Son prochain tour saute.',
  'pioche-deux': 'Deux cartes de plus dans sa main.',
  'echange-main': 'Vous échangez vos mains.',
  'donne-carte': 'Tu lui refiles une carte de ta main.',
  'main-ouverte': 'Sa main reste visible de tous jusqu’à la fin de son prochain tour.',
  'transfert-handicap': 'Ton dernier handicap passe chez lui ou chez elle, si son sexe le permet.',
  'atout-bloque': 'Pas d’atout pour son prochain tour.',
  'double-handicap': 'Son dernier handicap comptera double.',
  lien: 'Reste toute la partie\u00a0: à la fin, la cible te cède 3 points.',
};

// What a landed attack did (`a` attacked `t`).
function landed(effect: string, a: string, t: string): string {
  switch (effect) {
    case 'vol-atout':
      return `${a} pique le dernier atout de ${t}, s’il y en avait un.`;
    case 'defausse-atout':
      return `Le dernier atout de ${t} part à la défausse, s’il y en avait un.`;
    case 'passe-tour':
      return `${t} passera son prochain tour.`;
    case 'pioche-deux':
      return `${t} pioche deux cartes.`;
    case 'echange-main':
      return `${a} et ${t} échangent leurs mains.`;
    case 'donne-carte':
      return `${a} refile une carte à ${t}.`;
    case 'main-ouverte':
      return `${t} joue main ouverte jusqu’à la fin de son prochain tour.`;
    case 'transfert-handicap':
      return `Le dernier handicap de ${a} passe chez ${t}, si son sexe le permet.`;
    case 'atout-bloque':
      return `${t} ne pourra pas poser d’atout à son prochain tour.`;
    case 'double-handicap':
      return `Le dernier handicap de ${t} comptera double.`;
    case 'lien':
      return `Lien entre ${a} et ${t}\u00a0: à la fin, ${t} cédera 3 points à ${a}.`;
  }
  return '';
}

const MODES: Record<Mode, string> = {
  classique: 'chacun pour soi',
  sexes: 'guerre des sexes',
  couples: 'guerre des couples',
};

const TYPE_ORDER: CardType[] = ['atout', 'handicap', 'attaque', 'defense', 'hors-contexte'];

// « +1 point », « −7 points »: French counts 0 and ±1 in the singular.
function pointsText(n: number): string {
  return `${signedNumber(n)} point${Math.abs(n) > 1 ? 's' : ''}`;
}

function points(c: TapechoCard): string | null {
  return c.type === 'atout' || c.type === 'handicap' ? signedNumber(c.points) : null;
}

// « attaqué » / « attaquée » after the player's sex in the game.
function agreed(word: string, sex: PlayerSex): string {
  return sex === 'F' ? `${word}e` : word;
}

// The length (s) of the running timer.
function timerLength(v: TapechoView): number | undefined {
  if (v.deadline === undefined) return undefined;
  return v.phase === 'react' ? v.react_seconds : v.turn_seconds;
}

// The other players of `p`'s team (none in classique): atouts may go on them.
function teammates(v: TapechoView, p: number): number[] {
  if (v.mode === 'classique') return [];
  return v.sides.map((_, q) => q).filter((q) => q !== p && v.teams[q] === v.teams[p]);
}

// --- cards ----------------------------------------------------------------------

function Spot({ colour }: { colour: string }) {
  if (!colour) return null;
  const place = contextOfColour(colour)?.name;
  return <span class="tp-spot" style={{ background: SPOTS[colour] ?? '#999' }} title={`tache ${spotColour(colour)}${place ? `\u00a0: ${place}` : ''}`} data-colour={colour} />;
}

// A card as in the hand: the sex's colour band, the type, the points, the
// context spot, the text and, for an attack, what it does.
function CardFace({ id, selected, dim, onClick }: { id: string; selected?: boolean; dim?: boolean; onClick?: () => void }) {
  const c = card(id);
  const pts = points(c);
  const body = (
    <>
      <span class="tp-band">
        <span class="tp-type">{TYPE_NAMES[c.type]}</span>
        {pts && <span class="tp-points">{pts}</span>}
      </span>
      <span class="tp-text">
        <Spot colour={c.colour} /> {c.text}
      </span>
      {c.type === 'attaque' && <span class="tp-effect">{EFFECTS[c.effect] ?? ''}</span>}
      <span class="tp-for">{c.type === 'hors-contexte' ? 'contre une carte hors contexte' : `pour ${c.sex === 'X' ? 'tout le monde' : `les ${SEX_NAMES[c.sex]}s`}`}</span>
    </>
  );
  const cls = `tp-card sex-${c.sex} ${c.type}${selected ? ' selected' : ''}${dim ? ' dim' : ''}`;
  return onClick ? (
    <button type="button" class={cls} data-card={id} data-type={c.type} data-sex={c.sex} aria-pressed={!!selected} onClick={onClick}>
      {body}
    </button>
  ) : (
    <div class={cls} data-card={id} data-type={c.type} data-sex={c.sex}>
      {body}
    </div>
  );
}

// A card lying on the table, in one line.
function CardChip({ id, doubled }: { id: string; doubled?: boolean }) {
  const c = card(id);
  const pts = points(c);
  return (
    <span class={`tp-chip sex-${c.sex} ${c.type}`} data-card={id} title={c.type === 'attaque' ? EFFECTS[c.effect] : `${TYPE_NAMES[c.type]} ${SEX_NAMES[c.sex]}`}>
      <Spot colour={c.colour} />
      {pts && <b>{pts}</b>} {c.text}
      {doubled && <span class="tp-double">×2</span>}
    </span>
  );
}

function SexBadge({ sex }: { sex: PlayerSex }) {
  return (
    <span class={`tp-sex sex-${sex}`} title={`${SEX_NAMES[sex]} dans le jeu`}>
      {sex}
    </span>
  );
}

function ContextCard({ id }: { id: string }) {
  const c = context(id);
  return (
    <div class="tp-context" data-context={id} style={{ borderColor: SPOTS[c.colour] }}>
      <span class="tp-context-label">Contexte</span>
      <span class="tp-context-name">
        <Spot colour={c.colour} /> {c.name}
      </span>
      <span class="small">{c.description}</span>
      <span class="small muted">Les cartes à tache d’une autre couleur peuvent être annulées par un «&nbsp;Hors contexte&nbsp;».</span>
    </div>
  );
}

// --- the turn -------------------------------------------------------------------

interface Plan {
  card: string | null;
  target: number | null;
  attack: string; // an attack played with a handicap ('' = none)
  attackTarget: number | null;
  give: string; // donne-carte's gift
}

const NO_PLAN: Plan = { card: null, target: null, attack: '', attackTarget: null, give: '' };

function sortHand(hand: string[]): string[] {
  return hand.slice().sort((a, b) => {
    const ca = card(a);
    const cb = card(b);
    return TYPE_ORDER.indexOf(ca.type) - TYPE_ORDER.indexOf(cb.type) || Math.abs(cb.points) - Math.abs(ca.points) || a.localeCompare(b);
  });
}

// The seats card `id` may be played on now, as the engine lists them in the
// player's view (none: the card cannot be played this turn, only swapped).
export function targetsOf(v: Pick<TapechoView, 'moves'>, id: string): number[] {
  return v.moves?.cards.find((m) => m.card === id)?.targets ?? [];
}

function Targets({ v, you, names, ok, chosen, action, onPick }: { v: TapechoView; you: number; names: string[]; ok: (p: number) => boolean; chosen: number | null; action: string; onPick: (p: number) => void }) {
  return (
    <div class="row tp-targets">
      {v.sides.map((s, p) =>
        p === you ? null : (
          <button key={p} type="button" class={`small${chosen === p ? '' : ' secondary'}`} data-action={action} data-target={p} disabled={!ok(p)} aria-pressed={chosen === p} onClick={() => onPick(p)}>
            <SexBadge sex={s.sex} /> {names[p]}
            {s.attacked && action !== 'target' && ` (${agreed('déjà attaqué', s.sex)})`}
          </button>
        ),
      )}
    </div>
  );
}

// The gift of a donne-carte attack: one of the other cards of the hand.
function GiftPicker({ hand, except, chosen, onPick }: { hand: string[]; except: string[]; chosen: string; onPick: (id: string) => void }) {
  const spare = hand.filter((id) => !except.includes(id));
  if (!spare.length) return <p class="small muted">Plus de carte à refiler&nbsp;: l’attaque partira sans cadeau.</p>;
  return (
    <div class="tp-gift">
      <p class="small">Quelle carte refiler&nbsp;?</p>
      <div class="row">
        {spare.map((id) => (
          <button key={id} type="button" class={`small${chosen === id ? '' : ' secondary'}`} data-action="give" data-card={id} aria-pressed={chosen === id} onClick={() => onPick(id)}>
            {card(id).text}
          </button>
        ))}
      </div>
    </div>
  );
}

function TurnActions({ v, you, names, hand, plan, setPlan, act }: { v: TapechoView; you: number; names: string[]; hand: string[]; plan: Plan; setPlan: (p: Plan) => void; act: NonNullable<BoardProps['act']> }) {
  const me = v.sides[you];
  const id = plan.card!;
  const c = card(id);
  const targets = targetsOf(v, id);
  const canSwap = !!v.moves?.swap;
  const attacks = hand.filter((x) => x !== id && card(x).type === 'attaque');
  const needsGift = (attackId: string, except: string[]) => card(attackId).effect === 'donne-carte' && hand.some((x) => !except.includes(x));
  const withGift = (body: Record<string, unknown>) => (plan.give ? { ...body, give: plan.give } : body);
  const other = me.sex === 'H' ? 'F' : 'H';
  const mates = teammates(v, you);
  return (
    <div class="tp-actions" data-picked={id}>
      {c.type === 'atout' && (
        <>
          <div class="row">
            <button data-action="atout" disabled={!targets.includes(you)} onClick={() => act({ type: 'atout', card: id })}>
              Poser sur moi
            </button>
            {mates.map((p) => (
              <button key={p} class="secondary" data-action="atout" data-target={p} disabled={!targets.includes(p)} onClick={() => act({ type: 'atout', card: id, target: p })}>
                Offrir à {names[p]}
              </button>
            ))}
          </div>
          {targets.length === 0 && !me.atout_blocked && <p class="small muted">Cet atout est pour les {SEX_NAMES[other]}s&nbsp;: tu ne peux que l’échanger.</p>}
          {me.atout_blocked && <p class="small muted">Une attaque bloque tes atouts pour ce tour.</p>}
        </>
      )}
      {c.type === 'handicap' && (
        <>
          <p class="small">Infliger à…</p>
          <Targets v={v} you={you} names={names} action="target" chosen={plan.target} ok={(p) => targets.includes(p)} onPick={(p) => setPlan({ ...plan, target: p, attackTarget: plan.attackTarget ?? p })} />
          {plan.target !== null && attacks.length > 0 && (
            <div class="tp-extra">
              <label class="row small">
                Avec une attaque&nbsp;?
                <select name="attack" value={plan.attack} onChange={(e) => setPlan({ ...plan, attack: e.currentTarget.value, give: '' })}>
                  <option value="">non, le handicap seul</option>
                  {attacks.map((a) => (
                    <option key={a} value={a}>
                      {card(a).text}
                    </option>
                  ))}
                </select>
              </label>
              {plan.attack && (
                <>
                  <p class="small muted">{EFFECTS[card(plan.attack).effect]}</p>
                  <Targets v={v} you={you} names={names} action="attack-target" chosen={plan.attackTarget} ok={(p) => targetsOf(v, plan.attack).includes(p)} onPick={(p) => setPlan({ ...plan, attackTarget: p })} />
                  {card(plan.attack).effect === 'donne-carte' && <GiftPicker hand={hand} except={[id, plan.attack]} chosen={plan.give} onPick={(g) => setPlan({ ...plan, give: g })} />}
                </>
              )}
            </div>
          )}
          <button
            data-action="handicap"
            disabled={
              plan.target === null ||
              (!!plan.attack && (plan.attackTarget === null || !targetsOf(v, plan.attack).includes(plan.attackTarget) || (needsGift(plan.attack, [id, plan.attack]) && !plan.give)))
            }
            onClick={() =>
              act(plan.attack ? withGift({ type: 'handicap', card: id, target: plan.target, attack: plan.attack, attack_target: plan.attackTarget }) : { type: 'handicap', card: id, target: plan.target })
            }
          >
            {plan.target === null ? 'Infliger à…' : `Infliger à ${names[plan.target]}${plan.attack ? ` et attaquer ${names[plan.attackTarget ?? plan.target]}` : ''}`}
          </button>
        </>
      )}
      {c.type === 'attaque' && (
        <>
          <p class="small">Attaquer… <span class="muted">{EFFECTS[c.effect]}</span></p>
          <Targets v={v} you={you} names={names} action="attack-target" chosen={plan.target} ok={(p) => targets.includes(p)} onPick={(p) => setPlan({ ...plan, target: p })} />
          {c.effect === 'donne-carte' && <GiftPicker hand={hand} except={[id]} chosen={plan.give} onPick={(g) => setPlan({ ...plan, give: g })} />}
          <button data-action="attack" disabled={plan.target === null || (needsGift(id, [id]) && !plan.give)} onClick={() => act(withGift({ type: 'attack', card: id, target: plan.target }))}>
            {plan.target === null ? 'Attaquer…' : `Attaquer ${names[plan.target]}`}
          </button>
        </>
      )}
      {(c.type === 'defense' || c.type === 'hors-contexte') && <p class="small muted">Cette carte se joue hors de ton tour, pour réagir.</p>}
      {canSwap && (
        <div class="row">
          <button class="secondary" data-action="swap" onClick={() => act({ type: 'swap', card: id })}>
            Échanger
          </button>
          <span class="small muted">Défausse cette carte, pioches-en deux et gardes-en une.</span>
        </div>
      )}
    </div>
  );
}

function HandPanel({ v, you, names, act, deadline, total }: { v: TapechoView; you: number; names: string[]; act: BoardProps['act']; deadline?: number; total?: number }) {
  const me = v.sides[you];
  const hand = useMemo(() => sortHand(me.hand ?? []), [(me.hand ?? []).join()]);
  const [plan, setPlan] = useState<Plan>(NO_PLAN);
  const myTurn = act !== null && v.phase === 'turn' && v.current === you;
  const choosing = act !== null && v.phase === 'choose' && v.current === you && !!v.choice;
  useEffect(() => setPlan(NO_PLAN), [v.current, v.phase, v.game_no, hand.join()]);
  // Greyed out: a card the engine does not list as playable now (it may still be swapped).
  const dim = (id: string) => targetsOf(v, id).length === 0;
  return (
    <section class={`card tp-hand-area${myTurn ? ' my-turn' : ''}`} data-my-turn={myTurn} aria-label="Ta main">
      <div class="turn-line">
        <h2>{myTurn ? 'À toi de jouer\u00a0!' : choosing ? 'Garde une carte' : 'Ta main'}</h2>
        <span class="small muted">
          <SexBadge sex={me.sex} /> {plural(hand.length, 'carte', 'cartes')}
        </span>
        {(myTurn || choosing) && <Hourglass deadline={deadline} total={total} />}
      </div>
      {myTurn && !plan.card && <p class="small muted">Touche une carte pour la jouer.</p>}
      {choosing && (
        <div class="tp-choice">
          <p class="small">Tu as pioché ces deux cartes&nbsp;: garde-en une, l’autre retourne sur la pioche.</p>
          <div class="tp-cards">
            {v.choice!.map((id) => (
              <div key={id} class="tp-keep">
                <CardFace id={id} />
                <button data-action="keep" data-card={id} onClick={() => act!({ type: 'keep', card: id })}>
                  Garder
                </button>
              </div>
            ))}
          </div>
        </div>
      )}
      <div class="tp-cards tp-hand" data-count={hand.length}>
        {hand.map((id) => (
          <CardFace key={id} id={id} selected={plan.card === id} dim={myTurn && dim(id)} onClick={myTurn ? () => setPlan(plan.card === id ? NO_PLAN : { ...NO_PLAN, card: id }) : undefined} />
        ))}
        {hand.length === 0 && <p class="muted small">Plus une carte en main&nbsp;!</p>}
      </div>
      {myTurn && plan.card && hand.includes(plan.card) && <TurnActions v={v} you={you} names={names} hand={hand} plan={plan} setPlan={setPlan} act={act!} />}
      {myTurn && v.moves?.pass && (
        <div class="row">
          <button class="secondary" data-action="pass" onClick={() => act!({ type: 'pass' })}>
            Passer
          </button>
          <span class="small muted">Rien à jouer, et plus rien à piocher.</span>
        </div>
      )}
    </section>
  );
}

// --- reactions -------------------------------------------------------------------

function WindowPanel({ v, you, names, act, deadline, total }: { v: TapechoView; you: number | null; names: string[]; act: BoardProps['act']; deadline?: number; total?: number }) {
  const w = v.window!;
  const waiting = act !== null && you !== null && w.waiting.includes(you);
  const me = you !== null ? v.sides[you] : null;
  const hand = me?.hand ?? [];
  const defense = me ? hand.find((id) => card(id).type === 'defense' && card(id).sex === me.sex) : undefined;
  const hors = hand.find((id) => card(id).type === 'hors-contexte');
  const targeted = !!w.attack && w.attack.target === you;
  const contest = !!w.contestable && !w.hors && you !== w.actor;
  const horsOnMe = !!w.hors && you === w.actor;
  const actor = names[w.actor];
  const contested = w.contestable ? card(w.contestable.card) : null;
  const prompt = targeted ? 'On t’attaque\u00a0!' : horsOnMe ? 'Hors contexte contre ta carte\u00a0!' : 'À toi de réagir\u00a0?';
  return (
    <section class={`card tp-window${waiting ? ' tp-prompt' : ''}`} data-waiting={waiting} role={waiting ? 'alertdialog' : undefined} aria-label="Réactions">
      <div class="turn-line">
        <h2>{waiting ? prompt : 'Le temps de réagir…'}</h2>
        <Hourglass deadline={deadline} total={total} />
      </div>
      {w.attack && (
        <div class="tp-banner attack" data-attack={w.attack.card} data-target={w.attack.target}>
          <p>
            <b>{actor}</b> attaque <b>{names[w.attack.target]}</b>&nbsp;: <CardChip id={w.attack.card} />
          </p>
          <p class="small">Si rien ne la pare&nbsp;: {landed(card(w.attack.card).effect, actor, names[w.attack.target])}</p>
          {!targeted && <p class="small muted">{names[w.attack.target]} peut encore parer avec sa défense.</p>}
        </div>
      )}
      {contested && !w.hors && (
        <div class="tp-banner contest" data-contestable={w.contestable!.card}>
          <p>
            <CardChip id={w.contestable!.card} /> n’a pas la couleur du contexte.
          </p>
          <p class="small muted">{you === w.actor ? 'Un «\u00a0Hors contexte\u00a0» peut l’annuler…' : 'Un «\u00a0Hors contexte\u00a0» l’annule\u00a0: premier arrivé, premier servi.'}</p>
        </div>
      )}
      {w.hors && contested && (
        <div class="tp-banner hors" data-hors={w.hors.player}>
          <p>
            <b>{names[w.hors.player]}</b> crie «&nbsp;Hors contexte&nbsp;!&nbsp;» contre <CardChip id={w.contestable!.card} />
          </p>
          <p class="small muted">{horsOnMe ? 'Ta défense peut sauver ta carte.' : `${actor} peut encore sauver sa carte avec sa défense.`}</p>
        </div>
      )}
      {waiting && me && (
        <div class="row tp-reactions">
          {(targeted || horsOnMe) && defense && (
            <button data-action="defend" data-card={defense} onClick={() => act!({ type: 'defend', card: defense })}>
              Parer avec {DEFENSES[me.sex]}
            </button>
          )}
          {contest && hors && (
            <button data-action="hors_contexte" data-card={hors} onClick={() => act!({ type: 'hors_contexte', card: hors, against: w.contestable!.card })}>
              Hors contexte&nbsp;!
            </button>
          )}
          <button class="secondary" data-action="let_go" onClick={() => act!({ type: 'let_go' })}>
            Laisser passer
          </button>
        </div>
      )}
      {waiting && me && (targeted || horsOnMe) && !defense && <p class="small muted">Pas de {DEFENSES[me.sex]} en main&nbsp;: tu ne peux pas parer.</p>}
      {waiting && contest && !hors && !targeted && <p class="small muted">Pas de «&nbsp;Hors contexte&nbsp;» en main.</p>}
      {!waiting && <p class="small muted">On attend {w.waiting.length ? w.waiting.map((p) => names[p]).join(', ') : 'la suite'}…</p>}
    </section>
  );
}

// --- the table -----------------------------------------------------------------

function SidePanel({ v, p, names, you }: { v: TapechoView; p: number; names: string[]; you: number | null }) {
  const s = v.sides[p];
  const links = v.links.filter((l) => l.attacker === p || l.target === p);
  const current = p === v.current && v.phase !== 'over';
  return (
    <div class={`tp-side sex-${s.sex}${current ? ' current' : ''}`} data-seat={p} data-sex={s.sex} data-open-hand={s.open_hand} data-attacked={s.attacked} data-score={s.score} data-hand-count={s.hand_count}>
      <div class="row spread">
        <span class="tp-who">
          <SexBadge sex={s.sex} /> <b>{names[p]}</b>
          {p === you && ' (toi)'}
        </span>
        <span class="tp-score" title="Les cartes posées devant ce joueur">
          {signedNumber(s.score)} pts
          {s.hand_cost !== undefined && s.hand_cost > 0 && (
            <span class="muted tp-hand-cost" title="Ce que coûteraient les atouts et handicaps encore en main si la partie s’arrêtait maintenant">
              {' '}
              (−{s.hand_cost} en main)
            </span>
          )}
          {v.games > 1 && (
            <span class="muted" title="Le total des parties précédentes">
              {' '}
              · avant&nbsp;: {signedNumber(s.total)}
            </span>
          )}
        </span>
      </div>
      <div class="small">
        <span class="muted">{plural(s.hand_count, 'carte', 'cartes')} en main</span>
        {s.skip && <span class="tag warn">passe son tour</span>}
        {s.atout_blocked && <span class="tag warn">atout bloqué</span>}
        {s.open_hand && <span class="tag warn">main ouverte</span>}
        {s.attacked && <span class="tag">{agreed('déjà attaqué', s.sex)}</span>}
        {links.map((l, i) => (
          <span key={i} class="tag tp-link" data-link={l.card} title={card(l.card).text}>
            lien {l.attacker === p ? `avec ${names[l.target]}\u00a0: +3` : `avec ${names[l.attacker]}\u00a0: −3`}
          </span>
        ))}
      </div>
      {s.atouts.length > 0 && (
        <div class="tp-pile atouts">
          <span class="label">Atouts</span>
          {s.atouts.map((id) => (
            <CardChip key={id} id={id} />
          ))}
        </div>
      )}
      {s.handicaps.length > 0 && (
        <div class="tp-pile handicaps">
          <span class="label">Handicaps</span>
          {s.handicaps.map((id) => (
            <CardChip key={id} id={id} doubled={s.doubled.includes(id)} />
          ))}
        </div>
      )}
      {s.shown_attack && (
        <div class="tp-pile attack">
          <span class="label">Attaque reçue</span>
          <CardChip id={s.shown_attack} />
        </div>
      )}
      {s.hand && p !== you && (
        <div class="tp-pile tp-open-hand">
          <span class="label">{s.open_hand ? 'Main ouverte' : 'Sa main'}</span>
          {s.hand.map((id) => (
            <CardChip key={id} id={id} />
          ))}
        </div>
      )}
    </div>
  );
}

function PastGames({ v, names }: { v: TapechoView; names: string[] }) {
  if (!v.results.length) return null;
  return (
    <section class="card tp-past">
      <h2>Parties jouées</h2>
      <ScoreTable results={v.results} names={names} totals={v.sides.map((s) => s.total)} />
    </section>
  );
}

// Scores per game and in total, one row per player.
function ScoreTable({ results, names, totals, rank }: { results: GameResult[]; names: string[]; totals: number[]; rank?: number[] }) {
  const seats = names.map((_, p) => p);
  if (rank) seats.sort((a, b) => rank[a] - rank[b]);
  return (
    <table class="scores tp-scores">
      <thead>
        <tr>
          {rank && <th>Rang</th>}
          <th>Joueur</th>
          {results.map((r) => (
            <th key={r.game} title={context(r.context).name}>
              P{r.game}
            </th>
          ))}
          <th>Total</th>
        </tr>
      </thead>
      <tbody>
        {seats.map((p) => (
          <tr key={p} class={rank?.[p] === 1 ? 'winner' : ''} data-seat={p} data-total={totals[p]}>
            {rank && <td>{rankLabel(rank[p])}</td>}
            <td>{names[p]}</td>
            {results.map((r) => (
              <td key={r.game} class={r.winner === p ? 'tp-best' : ''}>
                {signedNumber(r.scores[p])}
              </td>
            ))}
            <td>
              <b>{signedNumber(totals[p])}</b>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// --- the board -----------------------------------------------------------------

// What to do now (the line at the top of the board). `canAct`: the viewer
// may send actions (a seated player in a running game).
export function tapechoNow(v: Pick<TapechoView, 'phase' | 'current' | 'window'>, you: number | null, names: string[], canAct: boolean): Now {
  if (v.phase === 'over') return gameOver();
  const me = canAct && you !== null;
  const other = (text: string) => (me ? waitFor(text) : watching(text));
  if (v.phase === 'react' && v.window) {
    const w = v.window;
    if (me && w.waiting.includes(you!)) {
      if (w.attack?.target === you) return yourMove(fr`pare l'attaque avec ta défense, ou laisse passer.`);
      if (w.hors && w.actor === you) return yourMove(fr`sauve ta carte avec ta défense, ou laisse passer.`);
      if (w.contestable && !w.hors) return yourMove(fr`crie « Hors contexte ! » si tu en as un, ou laisse passer.`);
      return yourMove(fr`réagis, ou laisse passer.`);
    }
    return other(fr`${names[w.actor]} a joué, place aux réactions.`);
  }
  if (v.phase === 'choose') return me && v.current === you ? yourMove(fr`garde une des deux cartes piochées.`) : other(fr`${names[v.current]} choisit la carte à garder.`);
  if (me && v.current === you) return yourMove(fr`touche une carte de ta main pour la jouer, ou pour l'échanger.`);
  return other(fr`${names[v.current]} joue son tour.`);
}

function Board({ view: v, deadline, names, you, act }: BoardProps<TapechoView>) {
  const total = timerLength(v);
  return (
    <div class="tapecho" data-phase={v.phase} data-current={v.current} data-game-no={v.game_no}>
      <NowLine now={tapechoNow(v, you, names, act !== null)} />
      <section class="card tp-head">
        <div class="turn-line">
          <h2>
            Partie {v.game_no} / {v.games} <span class="muted small">· {MODES[v.mode]}</span>
          </h2>
          {you !== v.current && (v.phase === 'turn' || v.phase === 'choose') && <Hourglass deadline={deadline} total={total} />}
        </div>
        <ContextCard id={v.context} />
        <p class="small tp-status">
          <span class="muted">Pioche&nbsp;: {plural(v.pile_count, 'carte', 'cartes')} · défausse&nbsp;: {v.discard_count}</span>
        </p>
      </section>
      {v.window && v.phase === 'react' && <WindowPanel v={v} you={you} names={names} act={act} deadline={deadline} total={total} />}
      {you !== null && v.sides[you] && <HandPanel v={v} you={you} names={names} act={act} deadline={deadline} total={total} />}
      <section class="card tp-table" aria-label="La table">
        <h2>Sur la table</h2>
        {v.sides.map((_, p) => (
          <SidePanel key={p} v={v} p={p} names={names} you={you} />
        ))}
        <p class="small muted">Score&nbsp;: les cartes posées devant soi. À la fin de la partie, chaque atout ou handicap resté en main retire sa valeur (sans le signe).</p>
      </section>
      {v.phase !== 'over' && <PastGames v={v} names={names} />}
    </div>
  );
}

// --- options, results, events ------------------------------------------------

// The in-game sex of each seat, from options with the schema's defaults
// filled in (options.tsx, withDefaults); empty while the schema is not known.
function seatSexes(options: Record<string, unknown>, players: number): PlayerSex[] {
  const chosen = options.sexes;
  return Array.isArray(chosen) && chosen.length === players ? (chosen as PlayerSex[]) : [];
}

function balanced(sexes: PlayerSex[]): boolean {
  const men = sexes.filter((x) => x === 'H').length;
  return Math.abs(men - (sexes.length - men)) <= 1;
}

// Each seat's sex, chosen before the game (« défini en début de partie »).
// The table stays balanced to ±1: a change that would tip it swaps the last
// other seat of that sex the other way.
export function withSex(sexes: PlayerSex[], p: number, sex: PlayerSex): PlayerSex[] {
  const next = sexes.map((x, q) => (q === p ? sex : x));
  if (balanced(next)) return next;
  for (let q = next.length - 1; q >= 0; q--) {
    if (q !== p && next[q] === sex) {
      next[q] = sex === 'H' ? 'F' : 'H';
      break;
    }
  }
  return next;
}

// The couples of « guerre des couples » as the engine forms them
// (TapechoState::teams): the first man with the first woman in seat order,
// the second with the second, and so on. Each couple: [man, woman] seats.
export function couplesOf(sexes: PlayerSex[]): [number, number][] {
  const men = sexes.flatMap((x, p) => (x === 'H' ? [p] : []));
  const women = sexes.flatMap((x, p) => (x === 'F' ? [p] : []));
  return men.slice(0, women.length).map((m, i) => [m, women[i]]);
}

// The schema's "sexes" option, one select per seat, kept balanced.
function SexPicker({ spec, options, onChange, players, seatNames }: OptionWidgetProps) {
  const sexes = seatSexes({ sexes: optionValue(spec, options, players) ?? null }, players);
  return (
    <fieldset class="tp-sexes">
      <legend>{spec.label}</legend>
      {sexes.map((x, p) => (
        <label key={p} class="row small">
          <span>{seatNames[p] ?? `Place ${p + 1}`}</span>
          <select name={`sex-${p}`} value={x} disabled={!onChange} onChange={(e) => onChange?.({ ...options, sexes: withSex(sexes, p, e.currentTarget.value as PlayerSex) })}>
            {(spec.choices ?? []).map((c) => (
              <option value={String(c.value)} key={String(c.value)}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <p class="muted small">{spec.help} Changer une place en fait basculer une autre.</p>
    </fieldset>
  );
}

// The couples the chosen sexes make, named, so the host sees who plays with whom.
function CouplesLine({ options, players, seatNames }: OptionsProps) {
  const sexes = seatSexes(options, players);
  const couples = couplesOf(sexes);
  const name = (p: number) => seatNames[p] ?? `Place ${p + 1}`;
  return (
    <p class="muted small" data-couples={couples.map((c) => c.join('+')).join(',')}>
      {'Guerre des couples\u00a0: le premier homme (dans l’ordre des places) fait équipe avec la première femme, le deuxième avec la deuxième, et ainsi de suite. '}
      {couples.length > 0 && `Couples\u00a0: ${couples.map(([m, f]) => `${name(m)} et ${name(f)}`).join('\u00a0; ')}.`}
      {sexes.length === players && couples.length * 2 < players && ' Il faut autant d’hommes que de femmes, donc un nombre pair de joueurs.'}
    </p>
  );
}

// Above the options drawn from the schema: the age notice, and who plays
// with whom in guerre des couples.
function OptionsNote(props: OptionsProps) {
  return (
    <>
      <p class="notice small tp-age" data-age="16">
        <b>16 ans et plus.</b> {'On drague, on se chambre et on se pique ses atouts\u00a0: un jeu pour les grands.'}
      </p>
      {props.options.mode === 'couples' && <CouplesLine {...props} />}
    </>
  );
}

// The teams of the mode: seats grouped by team number, with a name.
function teamsOf(mode: Mode, teams: number[], sexes: PlayerSex[]): { name: string; seats: number[] }[] {
  const out = new Map<number, number[]>();
  teams.forEach((t, p) => out.set(t, [...(out.get(t) ?? []), p]));
  return [...out.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, seats]) => ({ name: mode === 'sexes' ? (sexes[seats[0]] === 'H' ? 'Les hommes' : 'Les femmes') : `Couple ${t + 1}`, seats }));
}

function Results({ outcome, view: v, names }: ResultsProps<TapechoView, TapechoDetails>) {
  const d = outcome.details ?? {};
  const mode: Mode = d.mode ?? v.mode;
  const totals: number[] = d.totals ?? v.sides.map((s) => s.total);
  const results: GameResult[] = d.games ?? v.results;
  const rank = outcome.rank;
  const firsts = names.map((_, p) => p).filter((p) => rank[p] === 1);
  const teams = mode === 'classique' ? [] : teamsOf(mode, d.teams ?? names.map((_, p) => p), v.sides.map((s) => s.sex));
  const teamTotal = (seats: number[]) => seats.reduce((n, p) => n + totals[p], 0);
  const who = (seats: number[]) => seats.map((p) => names[p]).join(' et ');
  const winners = teams.filter((t) => rank[t.seats[0]] === 1);
  return (
    <div class="tp-results" data-mode={mode}>
      <p class="winner-line">
        {mode === 'classique'
          ? firsts.length > 1
            ? `${who(firsts)} l’emportent à égalité avec ${pointsText(totals[firsts[0]])}\u00a0!`
            : `${who(firsts)} l’emporte avec ${pointsText(totals[firsts[0]])}\u00a0: ${v.sides[firsts[0]]?.sex === 'F' ? 'la reine' : 'le roi'} de la séduction\u00a0!`
          : winners.length > 1
            ? `Égalité entre ${winners.map((t) => t.name.toLocaleLowerCase('fr')).join(' et ')}\u00a0!`
            : `${winners[0]?.name ?? ''} ${mode === 'sexes' ? 'gagnent la guerre des sexes' : `(${who(winners[0]?.seats ?? [])}) gagne la guerre des couples`} avec ${pointsText(teamTotal(winners[0]?.seats ?? []))}\u00a0!`}
      </p>
      {teams.length > 0 && (
        <table class="scores tp-teams">
          <thead>
            <tr>
              <th>Équipe</th>
              <th>Joueurs</th>
              <th>Points</th>
            </tr>
          </thead>
          <tbody>
            {teams.map((t) => (
              <tr key={t.name} class={rank[t.seats[0]] === 1 ? 'winner' : ''}>
                <td>{t.name}</td>
                <td>{who(t.seats)}</td>
                <td>{signedNumber(teamTotal(t.seats))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ScoreTable results={results} names={names} totals={totals} rank={mode === 'classique' ? rank : undefined} />
      <p class="small muted">
        {plural(results.length, 'partie', 'parties')}&nbsp;: {results.map((r) => `${context(r.context).name} (${names[r.winner]} en tête)`).join(', ')}.
      </p>
    </div>
  );
}


export const tapecho: ClientGame<TapechoView, TapechoDetails> = {
  rulesSummary: fr`16 ans et plus. Des atouts de séduction pour soi, des handicaps et des attaques pour les autres, une défense pour parer, et gare aux cartes hors contexte ! Dès qu'une main est vide, le plus de points gagne.`,
  rules: tapechoRules({ effects: EFFECTS, CardChip, SexBadge }),
  Board,
  OptionsNote,
  optionWidgets: { sexes: SexPicker },
  Results,
  seatLabel: (seat, players, options) => {
    const sex = seatSexes(options, players)[seat];
    return sex === 'H' ? 'Homme' : sex === 'F' ? 'Femme' : null;
  },
  // A new number of seats: the host's choices are kept where they still fit.
  refitOptions: (options, players) => {
    if (!Array.isArray(options.sexes) || options.sexes.length === players) return null;
    const kept = (options.sexes as PlayerSex[]).slice(0, players);
    while (kept.length < players) kept.push(kept.filter((x) => x === 'H').length > kept.length / 2 ? 'F' : 'H');
    const { sexes: _, ...rest } = options;
    return balanced(kept) ? { ...rest, sexes: kept } : rest;
  },
};
