// Unit tests of the client's pure functions (no browser, no server): each
// game screen's module is loaded through Vite's SSR loader (TypeScript and
// TSX as the build compiles them) and its exported helpers are checked with
// node:test. Fast (about a second); the browser test is web/tests/e2e.mjs.
//
// usage: node web/tests/unit.mjs   (from anywhere; needs web/node_modules)
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] }, // no pre-bundling for the browser: nothing is served
});
after(() => vite.close());
const load = (file) => vite.ssrLoadModule(`/src/games/${file}`);

const motpourmot = await load('motpourmot.tsx');
const lettralettre = await load('lettralettre.tsx');
const tapecho = await load('tapecho.tsx');
const trapwords = await load('trapwords.tsx');
const wordbank = await load('wordbank.tsx');
const { clientGames } = await load('index.ts');
const { fr, typographyProblems } = await vite.ssrLoadModule('/src/french.ts');
const french = await vite.ssrLoadModule('/src/french.ts');

test('Mot pour Mot: only a word played letter for letter is flagged; other accents are the server’s to judge', () => {
  const { playedAsTyped } = motpourmot;
  // « pécher » after « pêcher » is another word (the engine accepts it), and
  // « pecher » the same one (the engine refuses it, and says why): the screen
  // lets both through to the server rather than guess.
  assert.equal(playedAsTyped('pécher', ['pêcher']), false);
  assert.equal(playedAsTyped('pecher', ['pêcher']), false);
  assert.equal(playedAsTyped('PÊCHER', ['pêcher']), false);
  assert.equal(playedAsTyped(' pêcher ', ['chien', 'pêcher']), true);
  assert.equal(playedAsTyped('', ['pêcher']), false);
});

// Rules the client runs too, for a preview without a round trip, answer as
// the engine does: golden vectors written by the C++ side (games_tests'
// WebGolden suites, scripts/update-web-golden.sh).
const golden = (name) => JSON.parse(readFileSync(path.join(root, 'tests/golden', name), 'utf8'));

test('Word Bank placement: the preview checks and suggests as placement.cc does (golden vectors)', async () => {
  const { best, placementFault, placementProblem } = await load('placement.ts');
  const { vectors } = golden('wordbank-placement.json');
  assert.ok(vectors.length >= 100);
  let checked = 0;
  for (const v of vectors) {
    const found = best(v.circle, v.letters, v.gems);
    assert.deepEqual(found && { cards: found.cards, direction: found.dir }, v.best, `best ${v.letters} ${JSON.stringify(v.circle)}`);
    for (const c of v.checks) {
      assert.equal(placementFault(v.circle, v.letters, c.cards, c.direction, c.gems), c.fault, `check ${v.letters} ${JSON.stringify(c)}`);
      assert.equal(placementProblem(v.circle, v.letters, c.cards, c.gems, c.direction) === null, c.fault === 'ok');
      ++checked;
    }
  }
  assert.ok(checked >= 400);
});

test('Letters: the preview counts a word’s letters as game_letters does (golden vectors)', async () => {
  const { gameLetters, onlyLetters } = await load('letters.ts');
  const { vectors } = golden('game-letters.json');
  assert.ok(vectors.length >= 100);
  // The engine answers "" for a word it refuses; the screen asks onlyLetters first.
  const wrong = vectors.filter(({ word, letters }) => (onlyLetters(word) ? gameLetters(word) : '') !== letters);
  assert.deepEqual(wrong, []);
});

test('Le Tapécho: the client reads the deck’s files as the engine does (golden deck)', async () => {
  const { CARDS, CONTEXTS } = await load('tapecho-deck.ts');
  const { cards, contexts } = golden('tapecho-deck.json');
  assert.ok(cards.length >= 100 && contexts.length >= 5);
  assert.deepEqual([...CARDS.values()], cards);
  assert.deepEqual([...CONTEXTS.values()], contexts);
});

test('Mot pour Mot pulls: the preview moves the tiles as pulls.cc does (golden vectors)', () => {
  const { previewPulls } = motpourmot;
  const { vectors } = golden('motpourmot-pulls.json');
  assert.ok(vectors.length >= 100);
  for (const v of vectors) {
    assert.deepEqual(previewPulls(v.word, v.tiles, v.team, v.cells), v.steps, `team ${v.team} « ${v.word} » on ${JSON.stringify(v.tiles)}`);
  }
  // The set is varied: captures, captured tiles skipped, letters without a tile, words that pull nothing.
  assert.ok(vectors.some((v) => v.steps.some((s) => s.captured)));
  assert.ok(vectors.some((v) => v.steps.length === 0 && v.word.trim() !== ''));
  assert.ok(new Set(vectors.map((v) => v.team)).size === 2);
});

test('Le Tapécho: the hand is greyed out and enabled from the moves the engine sends, to the player whose turn it is only', async () => {
  const { targetsOf } = tapecho;
  const { player, spectator } = await vite.ssrLoadModule('/tests/golden/tapecho.ts');
  let turns = 0;
  for (const v of player) {
    const mine = v.phase === 'turn' && v.current === v.you;
    assert.equal(v.moves !== undefined, mine, `moves in ${v.phase}, seat ${v.you}, current ${v.current}`);
    if (!mine) continue;
    ++turns;
    const hand = v.sides[v.you].hand;
    for (const m of v.moves.cards) assert.ok(hand.includes(m.card) && m.targets.length > 0, m.card);
    for (const id of hand) assert.deepEqual(targetsOf(v, id), v.moves.cards.find((m) => m.card === id)?.targets ?? []);
  }
  assert.ok(turns > 0);
  assert.ok(spectator.every((v) => v.moves === undefined));
  assert.deepEqual(targetsOf({}, 'atout-discours-de-temoin'), []);
});

test('Lettralettre: a player who gave up is shown as such, never as having laid a word', () => {
  const { wordRoundStatus } = lettralettre;
  const view = { out: [false, false, false, true], submitted: [true, true, false, false], gave_up: [false, true, false, false] };
  assert.equal(wordRoundStatus(view, 0), '✓ mot posé');
  assert.equal(wordRoundStatus(view, 1), 'a abandonné');
  assert.equal(wordRoundStatus(view, 2), '… cherche');
  assert.equal(wordRoundStatus(view, 3), 'éliminé');
});

test('Le Tapécho: couples pair the i-th man with the i-th woman, as the engine does', () => {
  const { couplesOf } = tapecho;
  // Not « places 1 et 2, 3 et 4 »: with H H F F, places 1 and 3 play together.
  assert.deepEqual(couplesOf(['H', 'H', 'F', 'F']), [
    [0, 2],
    [1, 3],
  ]);
  assert.deepEqual(couplesOf(['F', 'H', 'H', 'F', 'H', 'F']), [
    [1, 0],
    [2, 3],
    [4, 5],
  ]);
  assert.deepEqual(couplesOf(['H', 'H', 'F']), [[0, 2]]);
});

test('TrapWords: a verdict is shown in the server’s words, never the client’s own', () => {
  const { verdictOf } = trapwords;
  const fired = {
    kind: 'clue',
    player: 0,
    text: 'il galope',
    say: '\u00a0: «\u00a0il galope\u00a0»',
    verdict: { fired: [{ trap: 'galop', word: 'galope', relation: 'derivative' }], violations: [] },
    verdict_say: 'Piège\u00a0! «\u00a0galope\u00a0» déclenche «\u00a0galop\u00a0» (même famille)',
  };
  assert.deepEqual(verdictOf(fired), { id: 'trap', text: 'Piège\u00a0! «\u00a0galope\u00a0» déclenche «\u00a0galop\u00a0» (même famille)' });
  const ok = { kind: 'clue', player: 0, text: 'animal', say: '\u00a0: «\u00a0animal\u00a0»', verdict: { fired: [], violations: [] }, verdict_say: 'Indice accepté.' };
  assert.deepEqual(verdictOf(ok), { id: 'ok', text: 'Indice accepté.' });
  const wrong = { kind: 'guess', player: 2, text: 'âne', say: ' propose «\u00a0âne\u00a0»', verdict: { fired: [], violations: [], correct: false }, verdict_say: 'Raté.' };
  assert.deepEqual(verdictOf(wrong), { id: 'wrong', text: 'Raté.' });
  assert.equal(verdictOf({ kind: 'vote', say: 'Vote\u00a0: l’indice tient (1 pour l’annuler, 2 contre).' }), null);
});

test('French typography: a quoted word keeps its guillemets, a negative score its minus sign', () => {
  const { guillemets, numberText, signedNumber } = french;
  assert.equal(guillemets('pomme de terre'), '«\u00a0pomme de terre\u00a0»');
  assert.equal(numberText(3), '3');
  assert.equal(numberText(0), '0');
  assert.equal(numberText(-7), '\u22127');
  assert.equal(signedNumber(3), '+3');
  assert.equal(signedNumber(0), '0');
  assert.equal(signedNumber(-2), '\u22122');
  for (const n of [-12, -1]) assert.ok(!numberText(n).includes('-') && !signedNumber(n).includes('-'), 'never a hyphen-minus');
});

// « Comment jouer »: every registered game brings its rules (src/rules.tsx
// draws them), and every text a player reads there, on the home card or in
// the what-to-do-now line is French typography (src/french.ts).

// The text of a Preact tree, string by string: function components are
// called (the rules' examples and signs use no hooks), attributes a screen
// reader says are read too.
function textsOf(node) {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (typeof node.type === 'function') return textsOf(node.type(node.props ?? {}));
  const said = ['title', 'aria-label', 'alt'].map((k) => node.props?.[k]).filter((x) => typeof x === 'string');
  return [...said, ...textsOf(node.props?.children)];
}

function rulesTexts(rules) {
  const out = [rules.goal];
  for (const s of rules.sections) {
    out.push(s.title);
    if (s.text) out.push(s.text);
    for (const item of s.items ?? []) {
      if (typeof item === 'string') out.push(item);
      else out.push(item.text, ...textsOf(item.sign));
    }
    if (s.Example) out.push(...textsOf(s.Example({})));
  }
  return out;
}

function assertFrench(texts, where) {
  const problems = texts.flatMap((t) => typographyProblems(t).map((p) => `${where}: ${p}`));
  assert.deepEqual(problems, []);
}

test('Comment jouer: every registered game has its rules, with a goal, a turn, the screen’s signs and an example', () => {
  const games = Object.entries(clientGames);
  assert.ok(games.length >= 5, 'the five games at least');
  for (const [name, game] of games) {
    const r = game.rules;
    assert.ok(r && r.goal.length > 40, `${name}: a goal`);
    assert.ok(r.sections.length >= 4, `${name}: sections`);
    assert.ok(r.sections.every((s) => s.title && (s.text || s.items?.length || s.Example)), `${name}: no empty section`);
    assert.ok(r.sections.some((s) => s.title === 'À l’écran' && s.items.some((i) => typeof i !== 'string')), `${name}: what the screen's signs mean`);
    assert.ok(r.sections.some((s) => s.Example), `${name}: a worked example`);
    assert.ok(rulesTexts(r).join(' ').length > 1500, `${name}: enough to learn the game`);
  }
});

test('Comment jouer: the rules, the home cards and the turn lines are in French typography', () => {
  for (const [name, game] of Object.entries(clientGames)) {
    assertFrench(rulesTexts(game.rules), `${name} (règles)`);
    assertFrench([game.rulesSummary], `${name} (accueil)`);
  }
});

test('French typography: fr typesets what we write, never a player’s name', () => {
  assert.equal(fr`Attends : ${"O'Neil"} choisit l'atout « roi » ! Score -3 ; fin ?`, 'Attends\u00a0: O\'Neil choisit l’atout «\u00a0roi\u00a0»\u00a0! Score −3\u00a0; fin\u00a0?');
  assert.equal(fr('Le but : gagner.'), 'Le but\u00a0: gagner.');
  assert.deepEqual(typographyProblems('Le but\u00a0: «\u00a0gagner\u00a0» l’atout, −3.'), []);
  assert.equal(typographyProblems('Le but : gagner').length, 1);
  assert.equal(typographyProblems("l'atout").length, 1);
  assert.equal(typographyProblems('« roi\u00a0»').length, 1);
  assert.equal(typographyProblems('score -3').length, 1);
});

test('What to do now: one line on every screen, « À toi » for the player whose move it is', () => {
  const names = ['Léa', 'Tom', 'Zoé', 'Max'];
  const lines = [];
  const check = (now, kind, part) => {
    assert.equal(now.kind, kind, now.text);
    assert.ok(now.text.includes(part), `${now.text} ⊅ ${part}`);
    lines.push(now.text);
  };
  const { wordbankNow } = wordbank;
  check(wordbankNow({ current: 0, over: false }, 0, names, true), 'you', 'À toi\u00a0: trouve un mot de passe');
  check(wordbankNow({ current: 1, over: false }, 0, names, true), 'wait', 'Attends\u00a0: Tom cherche');
  check(wordbankNow({ current: 1, over: false }, null, names, false), 'watch', 'Tom cherche');
  check(wordbankNow({ current: 1, over: true }, 0, names, false), 'over', 'Partie terminée');

  const { lettralettreNow } = lettralettre;
  const ll = { phase: 'auction', out: [false, false], tokens: [0, 8], auction: { bidder: 0 }, submitted: [false, false], gave_up: [false, false], ready: [false, false] };
  check(lettralettreNow(ll, 0, names, true), 'you', 'sans jeton, tu ne peux pas passer');
  check(lettralettreNow(ll, 1, names, true), 'wait', 'Léa prend la contrainte');
  check(lettralettreNow({ ...ll, phase: 'words' }, 1, names, true), 'you', 'forme un mot');
  check(lettralettreNow({ ...ll, phase: 'words', submitted: [false, true] }, 1, names, true), 'wait', 'remplacer ton mot');
  check(lettralettreNow({ ...ll, phase: 'words', out: [true, false] }, 0, names, true), 'watch', 'éliminé');
  check(lettralettreNow({ ...ll, phase: 'reveal' }, 1, names, true), 'you', '«\u00a0Manche suivante\u00a0»');
  check(lettralettreNow({ ...ll, phase: 'reveal' }, null, names, false), 'watch', 'Les autres lisent');

  const { motpourmotNow } = motpourmot;
  const teams = [{ captain: 0 }, { captain: 1 }];
  const mpm = { table: false, phase: 'play', team: 0, teams, your_team: 0 };
  check(motpourmotNow(mpm, 0, names, true), 'you', 'joue-le avant la fin du sablier');
  check(motpourmotNow(mpm, 2, names, true), 'you', 'propose des mots à Léa');
  check(motpourmotNow({ ...mpm, your_team: 1 }, 1, names, true), 'wait', 'l’équipe bleue cherche');
  check(motpourmotNow({ ...mpm, phase: 'challenge', your_team: 1, played: { accepted: [false, false], votes: [], vote: '' } }, 1, names, true), 'you', 'conteste le mot');
  check(motpourmotNow({ ...mpm, phase: 'vote', played: { accepted: [], votes: [null, null], vote: 'category' } }, 0, names, true), 'you', 'vote');
  check(motpourmotNow({ ...mpm, table: true }, 0, names, true), 'you', 'À vous\u00a0: l’équipe bleue trouve');

  const { trapwordsNow } = trapwords;
  const sheet = (sealed) => ({ limit: 3, sealed });
  const tw = { phase: 'write', mode: 'typed', teams: [{ sheet: sheet(false) }, { sheet: sheet(true) }], your_team: 0 };
  check(trapwordsNow(tw, 0, names, true), 'you', 'À vous\u00a0: écrivez 3 mots-pièges contre le mot de l’équipe rouge');
  check(trapwordsNow({ ...tw, your_team: 1 }, 1, names, true), 'wait', 'l’équipe bleue finit d’écrire');
  const turn = { team: 0, clue_giver: 0 };
  check(trapwordsNow({ ...tw, phase: 'turn', turn }, 0, names, true), 'you', 'fais deviner ton mot');
  check(trapwordsNow({ ...tw, phase: 'turn', turn }, 2, names, true), 'you', 'devine le mot à partir des indices de Léa');
  check(trapwordsNow({ ...tw, phase: 'turn', turn, your_team: 1 }, 1, names, true), 'wait', 'l’équipe bleue devine');
  check(trapwordsNow({ ...tw, phase: 'turn', turn, mode: 'table', your_team: 1 }, 1, names, true), 'you', 'À vous\u00a0: arbitrez');
  check(trapwordsNow({ ...tw, phase: 'vote', turn: { ...turn, flag: { votes: [null, null, null, null] } }, your_team: 1 }, 1, names, true), 'you', 'vote');
  check(trapwordsNow({ ...tw, phase: 'disarm', disarm: { team: 1, clue_giver: 0 } }, 0, names, true), 'you', 'choisis une ligne');

  const { tapechoNow } = tapecho;
  check(tapechoNow({ phase: 'turn', current: 0 }, 0, names, true), 'you', 'touche une carte');
  check(tapechoNow({ phase: 'turn', current: 2 }, 0, names, true), 'wait', 'Zoé joue');
  check(tapechoNow({ phase: 'choose', current: 0 }, 0, names, true), 'you', 'garde une des deux');
  const win = { actor: 1, waiting: [0, 2], attack: { card: 'x', target: 0 } };
  check(tapechoNow({ phase: 'react', current: 1, window: win }, 0, names, true), 'you', 'pare l’attaque');
  check(tapechoNow({ phase: 'react', current: 1, window: { actor: 1, waiting: [0, 2, 3], contestable: { card: 'x', owner: 1 } } }, 0, names, true), 'you', '«\u00a0Hors contexte\u00a0!\u00a0»');
  check(tapechoNow({ phase: 'react', current: 1, window: win }, 3, names, true), 'wait', 'Tom a joué');
  check(tapechoNow({ phase: 'over', current: 1 }, 3, names, false), 'over', 'Partie terminée');

  assertFrench(lines, 'à toi');
});

test('The link follows a cluster’s `moved`: to the named node with the same entry, again later while the room moves, and lets the screen resume when its room moved', async () => {
  const sockets = [];
  class FakeSocket {
    static OPEN = 1;
    constructor(url) {
      this.url = url;
      this.sent = [];
      this.readyState = 0;
      sockets.push(this);
    }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() {
      this.readyState = 3;
      setTimeout(() => this.onclose?.(), 0);
    }
    opened() {
      this.readyState = 1;
      this.onopen?.();
    }
    receive(m) { this.onmessage?.({ data: JSON.stringify(m) }); }
  }
  const saved = { WebSocket: globalThis.WebSocket, location: globalThis.location };
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: 'http:', host: 'jeu.example' };
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  try {
    const { Link } = await vite.ssrLoadModule('/src/socket.ts');
    const messages = [];
    const states = [];
    const link = new Link((m) => messages.push(m), (s, reopened) => states.push([s, reopened]));
    sockets[0].opened();
    link.send({ type: 'join', room: 'ABCDE', name: 'Léa' });
    sockets[0].receive({ type: 'moved', room: 'ABCDE', node: 'n2', retry_ms: 750 });
    assert.equal(messages.length, 0, 'moved is the link’s business, not the screen’s');
    await wait(400);
    assert.equal(sockets.length, 2);
    assert.equal(sockets[1].url, 'ws://jeu.example/ws?node=n2');
    sockets[1].opened();
    assert.equal(sockets[1].sent[0].type, 'join', 'the same message again, on the right node');
    assert.equal(sockets[1].sent[0].name, 'Léa');
    assert.deepEqual(states.at(-1), ['open', false], 'not announced as a reopening: the join was sent again');
    sockets[1].receive({ type: 'welcome', room: 'ABCDE', member: 2, token: 't' });
    assert.equal(messages.at(-1).type, 'welcome');
    // The room changes node: the resume is asked again on the same connection.
    link.send({ type: 'resume', room: 'ABCDE', token: 't' });
    sockets[1].receive({ type: 'moved', room: 'ABCDE', retry_ms: 200 });
    await wait(350);
    assert.equal(sockets.length, 2);
    assert.deepEqual(sockets[1].sent.filter((m) => m.type === 'resume').length, 2);
    sockets[1].receive({ type: 'welcome', room: 'ABCDE', member: 2 });
    // Its room moved away while in it: reconnect, and the screen resumes.
    sockets[1].receive({ type: 'moved', room: 'ABCDE', retry_ms: 0 });
    await wait(600);
    assert.equal(sockets.length, 3);
    assert.equal(sockets[2].url, 'ws://jeu.example/ws');
    sockets[2].opened();
    assert.deepEqual(states.at(-1), ['open', true], 'announced as a reopening: the screen sends its resume');
    assert.equal(sockets[2].sent.length, 0);
    link.close();
  } finally {
    globalThis.WebSocket = saved.WebSocket;
    if (saved.location === undefined) delete globalThis.location;
    else globalThis.location = saved.location;
  }
});
