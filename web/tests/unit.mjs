// Unit tests of the client's pure functions (no browser, no server): each
// game screen's module is loaded through Vite's SSR loader (TypeScript and
// TSX as the build compiles them) and its exported helpers are checked with
// node:test. Fast (about a second); the browser test is web/tests/e2e.mjs.
//
// usage: node web/tests/unit.mjs   (from anywhere; needs web/node_modules)
import assert from 'node:assert/strict';
import path from 'node:path';
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
