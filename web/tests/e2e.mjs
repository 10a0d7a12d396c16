// End-to-end: a real server, headless Chromium (Debian's, driven by
// playwright-core) and people in browser contexts (a phone and a desktop)
// play every game through the UI against bots: Word Bank (two people, their
// words from `logomachie solve wordbank` on what their screen shows),
// Lettralettre, Mot pour Mot (online and at the table), TrapWords and Le
// Tapécho; plus the rules pages, a first evening on a small phone and a phone
// whose clock is wrong. Also checked: a reload puts a player back in their
// seat, player text is escaped, the replay page shows the finished game.
// Screenshots of each screen go to $SCREENSHOTS (default build/screenshots).
//
// usage: node web/tests/e2e.mjs BIN_DIR [PART,PART…]   (BIN_DIR holds
// logomachie and fr.lex; the client must be built in BIN_DIR/../web)
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';
import { chromium } from 'playwright-core';

const binDir = path.resolve(process.argv[2] ?? 'build/bin');
const logomachie = path.join(binDir, 'logomachie');
const shots = path.resolve(process.env.SCREENSHOTS ?? path.join(binDir, '..', 'screenshots'));
mkdirSync(shots, { recursive: true });

// The test is cut into parts. `node e2e.mjs BIN_DIR part,part…` runs those
// parts in order in one server and one browser; with no list, the parts run
// as three groups at once, each in its own process (its own server and
// browser), because most of a part is waiting on a game's clocks: the test
// takes as long as its longest group, not the sum.
const allParts = ['rules', 'evening', 'wordbank', 'lettralettre', 'motpourmot', 'table', 'trapwords', 'tapecho', 'clock'];
const groups = [['trapwords'], ['motpourmot', 'table', 'clock'], ['tapecho', 'rules', 'evening', 'wordbank', 'lettralettre']];
if (groups.flat().sort().join() !== [...allParts].sort().join()) throw new Error('every part is in one group');
if (!process.argv[3]) process.exit(await runGroups());
const chosen = process.argv[3].split(',');
for (const p of chosen) if (!allParts.includes(p)) throw new Error(`unknown part ${p} (parts: ${allParts.join(', ')})`);
const wanted = (part) => chosen.includes(part);
// Runs `run` when `name` is one of the chosen parts, and says how long it took.
async function part(name, run) {
  if (!wanted(name)) return;
  const started = Date.now();
  await run();
  console.log(`e2e: part ${name} took ${Math.round((Date.now() - started) / 1000)} s`);
}

// Runs every group in a child process of its own, their lines prefixed with
// the group's first part; the exit status is the first failure's.
async function runGroups() {
  const runs = groups.map((parts) => new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), binDir, parts.join(',')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (l) => console.log(`[${parts[0]}] ${l}`));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  }));
  const codes = await Promise.all(runs);
  return codes.find((c) => c !== 0) ?? 0;
}

const work = mkdtempSync(path.join(tmpdir(), 'logomachie-e2e-'));
const deadline = Date.now() + 420_000; // a group, bounded

function check(condition, message) {
  if (!condition) throw new Error(`échec : ${message}`);
}

// Mot pour Mot's category deck: category id → its answers.
const deck = new Map();
for (const line of readFileSync(new URL('../../data/motpourmot/categories.tsv', import.meta.url), 'utf8').split('\n')) {
  const f = line.split('\t');
  if (f.length === 5 && !line.startsWith('#')) deck.set(f[0], f[4].split('|'));
}

// From the home page, a new room of `game`: its lobby's address.
async function newRoom(page, base, game) {
  await page.goto(base + '/');
  await page.locator(`[data-game=${game}] button`).click();
  await page.waitForURL(/\/salle\/[A-Z]{5}$/);
}

// Whoever creates a room sits at its first seat at once (no « M’asseoir ici »).
async function hostSeated(page) {
  await page.locator('.seat[data-seat="0"]', { hasText: '(toi)' }).waitFor({ timeout: 5000 });
}

// Runs a step the game may refuse or the screen may have moved past: false
// when it failed (said under E2E_DEBUG).
async function skippable(game, what) {
  try {
    await what();
    return true;
  } catch (e) {
    if (process.env.E2E_DEBUG) console.error(`${game}: skipped`, e.message.split('\n')[0]);
    return false;
  }
}

// A child process speaking JSON Lines: one request, one answer.
function jsonLines(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (l) => waiting.shift()?.(JSON.parse(l)));
  return {
    ask: (obj) => new Promise((resolve) => { waiting.push(resolve); child.stdin.write(JSON.stringify(obj) + '\n'); }),
    close: () => child.stdin.end(),
  };
}

function startServer() {
  const child = spawn(logomachie, ['serve', '--port', '0', '--db', path.join(work, 'e2e.db')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', () => {}); // structured logs
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout });
    rl.on('line', (l) => {
      const m = /http:\/\/localhost:(\d+)\//.exec(l);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`le serveur s’est arrêté (${code})`)));
  });
}

// Phone-sized checks of a first evening (issue 20), on a 360×640 phone
// without a secure context (plain http on the local network: no clipboard,
// no share sheet): every screen fits the width and passes axe-core with no
// serious violation; a wrong code is refused before the name form; the host
// is seated; bots have names of their own; the link can be shared (fallback
// and QR code); sending someone away asks first and a reload does not bring
// them back; the tab's title says when it is your turn.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function screenOk(page, what) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  check(width.scroll <= width.inner, `${what} : pas de défilement horizontal (${width.scroll} > ${width.inner} px)`);
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: axeSource });
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(serious.length === 0, `${what} : accessibilité (axe-core) ${serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`).join(' ; ')}`);
}

async function firstEvening(browser, base) {
  const phone = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  await phone.addInitScript(() => {
    // What a phone sees over plain http on the local network.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  try {
    const host = await phone.newPage();
    const guest = await guestContext.newPage();
    for (const p of [host, guest]) p.on('pageerror', (e) => { throw new Error(`erreur JavaScript : ${e.message}`); });
    await host.goto(base + '/');
    await host.getByText('Word Bank').first().waitFor();
    await screenOk(host, 'accueil');

    // A wrong code: told at once, no name asked.
    await guest.goto(base + '/salle/ZZZZZ');
    await guest.getByText('introuvable').waitFor();
    check((await guest.locator('input[name=name]').count()) === 0, 'un code faux est refusé avant le formulaire du prénom');
    await guest.screenshot({ path: path.join(shots, 'bad-code-phone.png') });

    for (const game of ['wordbank', 'lettralettre', 'motpourmot', 'trapwords', 'tapecho']) {
      await host.goto(base + '/');
      await host.fill('input[name=name]', 'Léa');
      await host.locator(`[data-game=${game}] button`).click();
      await host.waitForURL(/\/salle\/[A-Z]{5}$/);
      await hostSeated(host);
      const seats = await host.locator('.seat').count();
      for (let i = 1; i < seats; ++i) {
        await host.locator(`.seat[data-seat="${i}"]`).getByRole('button', { name: 'Ajouter un robot' }).click();
        await host.locator(`.seat[data-seat="${i}"] .tag.bot`).waitFor();
      }
      const names = (await host.locator('.seat .seat-name').allTextContents()).map((t) => t.replace(/robot.*$|\(toi\)/g, '').trim());
      check(new Set(names).size === names.length && names.every((n) => n && !/^Robot/.test(n)), `chaque robot a son prénom (${names.join(', ')})`);
      await screenOk(host, `salon ${game}`);
      if (game === 'wordbank') {
        await host.screenshot({ path: path.join(shots, 'lobby-phone.png'), fullPage: true });
        // Sharing without clipboard nor share sheet: the link is selected and the player told; a QR code to scan.
        await host.locator('[data-action=share]').click();
        const said = await host.locator('.share-outcome').innerText();
        check(/Lien (copié|sélectionné)/.test(said), `partager le lien dit ce qui s’est passé (« ${said} »)`);
        await host.getByRole('button', { name: 'QR code' }).click();
        await host.locator('.qr svg[role=img]').waitFor();
        await screenOk(host, 'QR code');
        await host.screenshot({ path: path.join(shots, 'share-phone.png') });
        // A guest joins; sending them away asks first, and a reload does not bring them back.
        await guest.goto(host.url());
        await guest.fill('input[name=name]', 'Hugo');
        await guest.getByRole('button', { name: 'Entrer dans la salle' }).click();
        await host.locator('.people li', { hasText: 'Hugo' }).waitFor();
        await host.locator('.people li', { hasText: 'Hugo' }).getByRole('button', { name: 'renvoyer' }).click();
        // The first tap only asks: Hugo is still in, a confirmation is shown.
        await host.locator('[data-action=kick-confirm]').waitFor();
        check((await host.locator('.people li', { hasText: 'Hugo' }).count()) === 1, 'renvoyer demande confirmation avant de renvoyer');
        await host.locator('[data-action=kick-confirm]').click();
        await guest.getByText('L’hôte t’a demandé de quitter la salle').waitFor();
        await guest.reload();
        await guest.getByText('L’hôte t’a demandé de quitter la salle').waitFor();
        check((await guest.locator('input[name=name]').count()) === 0, 'un joueur renvoyé ne revient pas en rechargeant la page');
      }
      await host.getByRole('button', { name: 'Lancer la partie' }).click();
      await host.locator('.board-area').waitFor();
      await host.waitForTimeout(700);
      await screenOk(host, `partie ${game}`);
      await host.screenshot({ path: path.join(shots, `${game}-phone-360.png`) });
      if (game === 'wordbank') {
        // Léa's turn comes (first, or after the bot's): the tab says so.
        await host.waitForFunction(() => document.title.startsWith('À toi'), null, { timeout: 20000 });
        // A made-up word is flagged before it is sent (the server's dictionary answers).
        await host.fill('input[name=password]', 'zorglubette');
        await host.locator('.preview.bad[data-judged=refused]', { hasText: 'dictionnaire' }).waitFor({ timeout: 5000 });
        await host.screenshot({ path: path.join(shots, 'wordbank-unknown-word-phone.png') });
        await host.fill('input[name=password]', '');
      }
    }
    console.log('e2e: first evening on a 360 px phone: five lobbies and games fit, pass axe-core, share fallback, kick confirmed');
  } finally {
    await phone.close();
    await guestContext.close();
  }
}

// « Comment jouer » on a phone (390×844): each game's rules open from its
// home card with the game's title and no sideways scroll, close with the
// « Fermer » button or Escape (focus back on the opener), and open once from
// a room's lobby, which is still there once they are closed. A few seconds.
async function checkRulesPages(browser, base) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const errors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    const open = async (opener, title) => {
      await opener.click();
      const dialog = page.getByRole('dialog', { name: /^Comment jouer/ });
      await dialog.waitFor();
      const heading = await dialog.locator('h2').first().innerText();
      check(heading.includes(title.replace(/^Le /, '')), `les règles ouvertes portent le titre du jeu (${heading})`);
      check((await dialog.locator('.rules-content h3').count()) >= 4, `${title} : les règles ont leurs parties`);
      const box = await dialog.boundingBox();
      check(box && box.x >= 0 && box.x + box.width <= 390 && (await fits()), `${title} : pas de défilement horizontal`);
      return dialog;
    };
    await page.goto(base + '/');
    await page.locator('[data-game]').first().waitFor();
    const games = await page.locator('[data-game]').evaluateAll((els) => els.map((e) => ({ name: e.dataset.game, title: e.querySelector('h2').textContent })));
    check(games.length >= 5, `chaque jeu a sa carte (${games.length})`);
    for (const [i, g] of games.entries()) {
      const dialog = await open(page.locator(`[data-game="${g.name}"] [data-rules-open]`), g.title);
      if (i === 0) await page.screenshot({ path: path.join(shots, 'rules-phone.png') });
      if (i % 2) await page.keyboard.press('Escape');
      else await dialog.locator('[data-rules-close]').click();
      await dialog.waitFor({ state: 'detached' });
      check(await page.evaluate((n) => document.activeElement?.dataset.rulesOpen === n, g.name), `${g.title} : le focus revient au lien « Comment jouer »`);
    }
    await page.fill('input[name=name]', 'Ana');
    await page.locator('[data-game=wordbank] button').click();
    await page.waitForURL(/\/salle\/[A-Z]{5}$/);
    await page.locator('.lobby').waitFor();
    const dialog = await open(page.locator('.room-head [data-rules-open]'), 'Word Bank');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    check(await page.locator('.lobby').isVisible(), 'le salon est toujours là après les règles');
    check(errors.length === 0, `pas d’erreur JavaScript (${errors.join(' ; ')})`);
    console.log(`e2e: « Comment jouer » of ${games.length} games from the home page, and from a lobby, on a phone`);
  } finally {
    await context.close();
  }
}

const server = await startServer();
const solver = jsonLines(logomachie, ['solve', 'wordbank']);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});

try {
  await part('rules', () => checkRulesPages(browser, server.url));
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'fr-FR' });
  await part('evening', () => firstEvening(browser, server.url));
  const lea = await phone.newPage();
  const tom = await desktop.newPage();
  // Every screen Léa's phone (390×844) shows is also checked: no sideways
  // scroll, no serious accessibility violation (axe-core).
  const leaShot = lea.screenshot.bind(lea);
  lea.screenshot = async (options) => {
    await screenOk(lea, path.basename(options.path, '.png'));
    return leaShot(options);
  };
  for (const p of [lea, tom]) p.on('pageerror', (e) => { throw new Error(`erreur JavaScript : ${e.message}`); });
  if (!wanted('wordbank')) {
    // The Word Bank part names Léa on the home page; the others need her name too.
    await lea.goto(server.url + '/');
    await lea.fill('input[name=name]', 'Léa');
  }

  await part('wordbank', async () => {
    // Home, then a Word Bank room.
    await lea.goto(server.url + '/');
    await lea.getByText('Word Bank').first().waitFor();
    await lea.fill('input[name=name]', 'Léa');
    await lea.screenshot({ path: path.join(shots, 'home.png'), fullPage: true });
    // The home cards state each game's goal as its rulebook does.
    const wbCard = await lea.locator('[data-game=wordbank]').innerText();
    check(wbCard.includes('le moins de pierres') && !wbCard.includes('premier à vider'), 'Word Bank : le moins de pierres restantes gagne (pas le premier à vider sa réserve)');
    check((await lea.locator('[data-game=lettralettre]').innerText()).includes('le plus de jetons'), 'Lettralettre : le plus de jetons l’emporte');
    await lea.locator('[data-game=wordbank] button').click();
    await lea.waitForURL(/\/salle\/[A-Z]{5}$/);
    const code = lea.url().slice(-5);

    // Tom opens the share link and joins with a name that looks like markup.
    await tom.goto(`${server.url}/salle/${code}`);
    await tom.fill('input[name=name]', 'Tom <b>');
    await tom.screenshot({ path: path.join(shots, 'join.png') });
    await tom.getByRole('button', { name: 'Entrer dans la salle' }).click();
    await lea.getByText('Tom <b>').first().waitFor(); // shown as text, not markup

    // The host sets three seats, both sit, a bot takes the third.
    await lea.selectOption('select[name=players]', '3');
    await lea.locator('.seat[data-seat="2"]').waitFor();
    await hostSeated(lea);
    await tom.locator('.seat[data-seat="1"]').getByRole('button', { name: 'M’asseoir ici' }).click();
    await lea.locator('.seat[data-seat="1"]').getByText('Tom <b>').waitFor();
    await lea.locator('.seat[data-seat="2"] select').selectOption('hard');
    await lea.locator('.seat[data-seat="2"]').getByRole('button', { name: 'Ajouter un robot' }).click();
    await lea.locator('.seat[data-seat="2"]').getByText('Robot difficile').waitFor();
    await tom.fill('.chat input', '<img src=x onerror="window.pwned=1"> salut !');
    await tom.getByRole('button', { name: 'Envoyer' }).click();
    await lea.locator('.chat li', { hasText: 'salut' }).waitFor();
    check((await lea.locator('.chat img').count()) === 0, 'le message de chat est affiché comme du texte');
    check(await lea.evaluate(() => window.pwned === undefined), 'aucun script injecté');
    await lea.screenshot({ path: path.join(shots, 'room.png'), fullPage: true });
    await tom.screenshot({ path: path.join(shots, 'room-desktop.png') });
    await lea.getByRole('button', { name: 'Lancer la partie' }).click();
    await lea.locator('.wordbank').waitFor();
    await tom.locator('.wordbank').waitFor();

    // Play: whoever has the turn asks the solver about what their screen shows.
    const pages = [lea, tom];
    let moves = 0;
    let reloaded = false;
    const shotTurn = [false, false];
    while (!(await lea.locator('.results').isVisible())) {
      check(Date.now() < deadline, 'la partie se termine à temps');
      let played = false;
      for (const [seat, page] of pages.entries()) {
        const button = page.locator('[data-action=password]');
        if (!(await button.isVisible())) continue;
        const circle = await page.locator('.vault').evaluateAll((els) =>
          els.map((e) => ({ letter: e.dataset.letter, free: Number(e.dataset.free) })));
        const used = await page.locator('.used .tag').allTextContents();
        const gems = Number(await page.locator(`.player[data-seat="${seat}"]`).getAttribute('data-hand'));
        const best = await solver.ask({ circle, used, gems });
        if (!best.word) {
          await page.locator('[data-action=pass]').click();
        } else {
          await page.fill('input[name=password]', best.word);
          await page.locator(`[data-dir=${best.direction}]`).click();
          for (const c of best.cards) await page.locator(`.vault[data-index="${c}"]`).click();
          await page.locator('.preview.good').waitFor();
          if (!shotTurn[seat]) {
            await page.screenshot({ path: path.join(shots, seat === 0 ? 'wordbank-turn-phone.png' : 'wordbank-turn-desktop.png'), fullPage: true });
            shotTurn[seat] = true;
          }
          await button.click();
        }
        await button.waitFor({ state: 'hidden' });
        ++moves;
        played = true;
        if (moves === 2 && !reloaded) {
          // Tom reloads: back in his seat with the whole view, thanks to his token.
          await tom.reload();
          await tom.locator('.wordbank .player[data-seat="1"]', { hasText: '(toi)' }).waitFor();
          reloaded = true;
        }
      }
      if (!played) await lea.waitForTimeout(100);
    }
    check(moves >= 2 && reloaded, 'les deux joueurs ont joué et Tom est revenu après un rechargement');
    // The log tells the game in the server's sentences (Game::describe, the
    // same the terminal prints), with the seats' names.
    const feed = (await lea.locator('.feed li').allTextContents()).join('\n');
    check(/(Léa|Tom <b>|[A-ZÉ][a-zéèï]+) (joue «\u00a0[^»]+\u00a0»\u00a0: \d+ pierres? posées?|passe son tour)|Partie terminée/.test(feed), `le journal raconte la partie : ${feed.slice(0, 200)}`);
    await tom.locator('.results').waitFor();
    const winnerRows = await lea.locator('.results tr.winner').count();
    check(winnerRows >= 1, 'le résultat désigne au moins un gagnant');
    await lea.screenshot({ path: path.join(shots, 'results-phone.png'), fullPage: true });
    await tom.screenshot({ path: path.join(shots, 'results-desktop.png'), fullPage: true });

    // The replay of the finished game.
    await tom.getByText('Revoir la partie').click();
    await tom.waitForURL(/\/games\/\d+$/);
    await tom.locator('.replay input[type=range]').waitFor();
    const steps = Number(await tom.locator('.replay input[type=range]').getAttribute('max'));
    check(steps >= moves, `le replay a tous les coups (${steps} ≥ ${moves})`);
    await tom.getByRole('button', { name: 'Début' }).click();
    await tom.getByText('Début de la partie.').waitFor();
    await tom.getByRole('button', { name: 'Coup suivant' }).click();
    await tom.locator('.replay', { hasText: /joue «\u00a0|passe son tour|tour perdu/ }).first().waitFor();
    await tom.screenshot({ path: path.join(shots, 'replay.png'), fullPage: true });
    console.log(`e2e: Word Bank game finished in the browser (${moves} human moves, replay of ${steps} steps)`);
  });

  await part('lettralettre', async () => {
    // Lettralettre: Léa against an easy bot, through every screen of the game.
    const ll = jsonLines(logomachie, ['solve', 'lettralettre']);
    try {
      await newRoom(lea, server.url, 'lettralettre');
      await hostSeated(lea);
      await lea.locator('.seat[data-seat="1"]').getByRole('button', { name: 'Ajouter un robot' }).click();
      await lea.locator('.seat[data-seat="1"]').getByText('Robot').waitFor();
      await lea.getByRole('button', { name: 'Lancer la partie' }).click();
      await lea.locator('.lettralettre').waitFor();
      const seen = new Set();
      let words = 0;
      const rounds = new Set(); // « Manche n » titles seen
      while (!(await lea.locator('.results').isVisible())) {
        check(Date.now() < deadline, 'la partie de Lettralettre se termine à temps');
        const take = lea.locator('[data-action=take]');
        const submit = lea.locator('[data-action=submit]');
        const ready = lea.locator('[data-action=ready]');
        if (await take.isVisible()) {
          if (!seen.has('auction')) await lea.screenshot({ path: path.join(shots, 'lettralettre-auction.png'), fullPage: true });
          seen.add('auction');
          await take.click();
          await lea.waitForTimeout(100);
        } else if (await submit.isVisible() && !(await lea.locator('.entry p.muted', { hasText: 'Mot posé\u00a0:' }).isVisible())) {
          const tile = (sel) => lea.locator(sel).evaluateAll((els) => els.map((e) => ({ l: e.dataset.letter, s: Number(e.dataset.stars) })));
          const shown = await tile('.letters-area .tiles .tile');
          const taboo = await tile('.letters-area .taboo-line .tile');
          const stars = Object.fromEntries(shown.filter((t) => t.s > 0).map((t) => [t.l, t.s]));
          // Léa plays the best word over her two constraints (the solver knows them by id).
          let best = { word: null, score: -1 };
          let choice = null;
          for (const id of await lea.locator('input[name=constraint]').evaluateAll((els) => els.map((e) => e.value))) {
            const r = await ll.ask({ letters: shown.map((t) => t.l), taboo: taboo.map((t) => t.l), stars, constraint: id });
            if (process.env.E2E_DEBUG) console.error('lettralettre', JSON.stringify({ shown, taboo, id, r }));
            // `solve lettralettre` may offer a one-letter word, which the game refuses (two letters at least).
            if (r.word && r.word.replace(/[^\p{L}]/gu, '').length >= 2 && r.score > best.score) [best, choice] = [r, id];
          }
          rounds.add(await lea.locator('.letters-area h2').innerText());
          if (best.word) {
            await lea.locator(`input[name=constraint][value="${choice}"]`).check();
            await lea.fill('input[name=word]', best.word);
            await lea.locator('.preview.good').waitFor();
          }
          if (!seen.has('words')) await lea.screenshot({ path: path.join(shots, 'lettralettre-words.png'), fullPage: true });
          seen.add('words');
          if (best.word) {
            await submit.click();
            ++words;
          } else {
            await lea.locator('[data-action=give_up]').click();
          }
          await lea.waitForTimeout(100);
        } else if (await ready.isVisible()) {
          if (!seen.has('reveal')) await lea.screenshot({ path: path.join(shots, 'lettralettre-reveal.png'), fullPage: true });
          seen.add('reveal');
          await ready.click();
          await lea.waitForTimeout(100);
        } else {
          if (process.env.E2E_DEBUG) console.error('waiting', (await lea.locator('.lettralettre').innerText()).slice(0, 300).replace(/\n/g, ' | '));
          await lea.waitForTimeout(100);
        }
      }
      check(rounds.size >= 1 && seen.has('auction') && seen.has('reveal'), 'Léa a vu les enchères, les manches et les résultats');
      await lea.screenshot({ path: path.join(shots, 'lettralettre-results.png'), fullPage: true });
      console.log(`e2e: Lettralettre game finished in the browser (${rounds.size} rounds played by Léa, ${words} words sent)`);
    } finally {
      ll.close();
    }
  });
  await part('motpourmot', async () => {
    // Mot pour Mot: Léa and a bot against two bots. Léa is her team's captain;
    // her words come from our category deck (the answer that pulls the most
    // tiles her way); she contests one bot word to see the vote.
    {
      await newRoom(lea, server.url, 'motpourmot');
      await lea.selectOption('select[name=players]', '4');
      await lea.locator('.seat[data-seat="3"]').waitFor();
      check((await lea.locator('.seat[data-seat="1"] [data-seat-label]').innerText()) === 'Équipe rouge', 'le salon montre les équipes');
      await hostSeated(lea);
      for (const seat of [1, 2, 3]) {
        // Hard bots: they think 3–5 s a word where medium ones take 4–11 s.
        await lea.locator(`.seat[data-seat="${seat}"] select`).selectOption('hard');
        await lea.locator(`.seat[data-seat="${seat}"]`).getByRole('button', { name: 'Ajouter un robot' }).click();
        await lea.locator(`.seat[data-seat="${seat}"]`).getByText('Robot difficile').waitFor();
      }
      await lea.getByRole('button', { name: 'Lancer la partie' }).click();
      await lea.locator('.motpourmot').waitFor();
      const seen = new Set();
      let words = 0;
      let turns = 0;
      while (!(await lea.locator('.results').isVisible())) {
        check(Date.now() < deadline, 'la partie de Mot pour Mot se termine à temps');
        const play = lea.locator('[data-action=word]');
        const accept = lea.locator('[data-action=accept]');
        const voteNo = lea.locator('[data-action=vote-no]');
        if (await play.isVisible()) {
          const id = await lea.locator('.category-card').getAttribute('data-category');
          const tiles = await lea.locator('.street-tile[data-letter]').evaluateAll((els) => els.map((e) => ({ l: e.dataset.letter, p: Number(e.dataset.position) })));
          const free = new Set(tiles.filter((t) => Math.abs(t.p) < 3).map((t) => t.l));
          const used = new Set();
          const key = (w) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/œ/gi, 'oe').replace(/æ/gi, 'ae').toUpperCase().replace(/[^A-Z]/g, '');
          for (const u of await lea.evaluate(() => [...document.querySelectorAll('[data-used]')].map((e) => e.dataset.used))) used.add(u);
          let best = null;
          let score = -1;
          for (const w of deck.get(id) ?? []) {
            const k = key(w);
            if (used.has(k)) continue;
            const s = [...k].filter((l) => free.has(l)).length;
            if (s > score) [best, score] = [w, s];
          }
          check(best !== null, `une réponse pour ${id}`);
          await lea.fill('input[name=word]', best);
          await lea.locator('.preview.good').waitFor();
          if (!seen.has('play')) await lea.screenshot({ path: path.join(shots, 'motpourmot-turn.png'), fullPage: true });
          seen.add('play');
          await play.click();
          ++words;
          await lea.waitForTimeout(100);
        } else if (await accept.isVisible()) {
          if (!seen.has('challenge')) {
            await lea.screenshot({ path: path.join(shots, 'motpourmot-challenge.png'), fullPage: true });
            seen.add('challenge');
            await lea.locator('[data-action=category]').click();
          } else {
            await accept.click();
          }
          ++turns;
          await lea.waitForTimeout(100);
        } else if (await voteNo.isVisible()) {
          await lea.screenshot({ path: path.join(shots, 'motpourmot-vote.png'), fullPage: true });
          seen.add('vote');
          await voteNo.click();
          await lea.waitForTimeout(100);
        } else {
          if (process.env.E2E_DEBUG) console.error('waiting', (await lea.locator('.motpourmot').innerText()).slice(0, 300).replace(/\n/g, ' | '));
          await lea.waitForTimeout(100);
        }
      }
      check(seen.has('play') && seen.has('challenge') && seen.has('vote'), 'Léa a joué, contesté et voté');
      await lea.screenshot({ path: path.join(shots, 'motpourmot-results.png'), fullPage: true });
      console.log(`e2e: Mot pour Mot game finished in the browser (${words} words by Léa, ${turns} bot words judged)`);
    }
  });
  await part('table', async () => {
    // Mot pour Mot in table mode: one seat, one shared screen for both teams.
    // The screen types each team's word, lets the other team accept or
    // contest it, and takes the show of hands as a tally.
    {
      await newRoom(lea, server.url, 'motpourmot');
      await lea.selectOption('select[name=players]', '1');
      // The room summary comes back once the change is saved: wait for it.
      await lea.locator('.seat[data-seat="0"] [data-seat-label]', { hasText: 'écran partagé' }).waitFor({ timeout: 5000 }).catch(() => {});
      check((await lea.locator('.seat[data-seat="0"] [data-seat-label]').innerText()) === 'écran partagé', 'une place : écran partagé');
      await hostSeated(lea);
      await lea.getByRole('button', { name: 'Lancer la partie' }).click();
      await lea.locator('.motpourmot').waitFor();
      const turnTeam = () => lea.locator('.turn-line .team-name').innerText();
      const answer = async () => {
        const id = await lea.locator('.category-card').getAttribute('data-category');
        const used = await lea.evaluate(() => [...document.querySelectorAll('[data-used]')].map((e) => e.dataset.used));
        return (deck.get(id) ?? []).find((w) => !used.includes(w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z]/g, '')));
      };
      const first = await turnTeam();
      await lea.fill('input[name=word]', await answer());
      await lea.locator('[data-action=word]').click();
      await lea.locator('[data-action=accept]').click(); // the other team lets it stand
      await lea.waitForFunction((t) => document.querySelector('.turn-line .team-name')?.textContent !== t, first);
      check((await lea.locator('.last-turn').getAttribute('data-result')) === 'stood', 'le mot accepté reste');
      await lea.fill('input[name=word]', await answer());
      await lea.locator('[data-action=word]').click();
      await lea.locator('[data-action=category]').click();
      await lea.fill('input[name=valid]', '1');
      await lea.fill('input[name=invalid]', '3');
      await lea.screenshot({ path: path.join(shots, 'motpourmot-table.png'), fullPage: true });
      await lea.locator('[data-action=tally]').click();
      await lea.locator('.last-turn[data-result=reverted]').waitFor();
      check((await turnTeam()) === first, 'après un mot annulé, l’autre équipe joue');
      console.log('e2e: Mot pour Mot table mode: a word accepted, a word voted down by a tally');
    }
  });
  await part('trapwords', async () => {
    // TrapWords, typed mode: Léa (blue team, seat 0) and a hard bot against
    // two easy bots, 30-second hourglass, one minute to write. Léa writes
    // traps from the thesaurus (`logomachie lexicon synonyms` on the word she
    // sees), gives clues the same way when she holds the torch, answers when her
    // teammate does (her screen must never show her own team's word), and
    // contests one clue as an opponent. The referee's verdicts show in the
    // turn's chat. Two whole rounds (eight rounds of 30-second hourglasses are
    // too long for this test), more (six at most) when the bots ended Léa's
    // turns before she got a word in, or the end of the game.
    {
      const twDeadline = Date.now() + 420_000; // six rounds at most, on a busy machine
      const synonyms = (word) => {
        let out = '';
        try {
          out = execFileSync(logomachie, ['lexicon', 'synonyms', word], { encoding: 'utf8' });
        } catch {
          return [];
        }
        const words = out.split('\n').flatMap((l) => (l.split('\t')[1] ?? '').split('|'));
        return [...new Set(words.filter((w) => /^[\p{L}-]+$/u.test(w)))];
      };
      const fallback = ['lumière', 'voyage', 'danger', 'histoire', 'nuit', 'royaume', 'trésor', 'combat', 'magie', 'maison'];
      const soon = { timeout: 3000 };
      const attempt = (what) => skippable('trapwords', what);
      await newRoom(lea, server.url, 'trapwords');
      await lea.locator('.seat[data-seat="3"]').waitFor(); // four seats by default
      check((await lea.locator('.seat[data-seat="1"] [data-seat-label]').innerText()) === 'Équipe rouge', 'le salon montre les équipes');
      await lea.selectOption('select[name=write_seconds]', '60');
      await hostSeated(lea);
      for (const seat of [1, 2, 3]) {
        // Léa's teammate is a hard bot (its clues dodge more traps) and the
        // opponents, who write her team's traps, easy ones (their traps are
        // less often the clue): Léa gets to answer in the first rounds, and
        // the part does not play on to the sixth round waiting for it.
        const level = seat === 2 ? 'hard' : 'easy';
        await lea.locator(`.seat[data-seat="${seat}"] select`).selectOption(level);
        await lea.locator(`.seat[data-seat="${seat}"]`).getByRole('button', { name: 'Ajouter un robot' }).click();
        await lea.locator(`.seat[data-seat="${seat}"]`).getByText(seat === 2 ? 'Robot difficile' : 'Robot facile').waitFor();
      }
      await lea.getByRole('button', { name: 'Lancer la partie' }).click();
      const board = lea.locator('.trapwords');
      await board.waitFor();
      const seen = new Set();
      const myClues = new Map(); // turn → clues Léa gave
      const answered = new Map(); // turn → clues Léa already answered
      const guesserText = []; // what Léa's screen said while she guessed
      const said = new Set();
      let traps = 0;
      let clues = 0;
      let guesses = 0;
      let flagged = false;
      const verdicts = () => lea.locator('.trapwords [data-kind=clue][data-player="0"] [data-verdict]').count();
      for (;;) {
        check(Date.now() < twDeadline, 'la partie de TrapWords avance à temps');
        if (await lea.locator('.results').isVisible()) break;
        // One look at the screen: the phase, Léa's role, and what the turn shows.
        const { round, phase, role, team, shown, toc, text } = await board.evaluate((e) => ({
          round: Number(e.dataset.round),
          phase: e.dataset.phase,
          role: e.dataset.role,
          team: e.querySelector('.tw-turn')?.dataset.team,
          shown: e.querySelectorAll('[data-secret]').length,
          toc: !!e.querySelector('.tw-turn [data-curse=toc]'),
          // The turn as shown, without the answers typed by the team (a right
          // answer that breaks a curse stays on screen, as typed).
          text: (() => {
            const turn = e.querySelector('.tw-turn');
            let shownText = turn?.innerText ?? '';
            for (const l of turn?.querySelectorAll('.tw-line.guess') ?? []) shownText = shownText.replace(l.innerText, '');
            return shownText;
          })(),
        }));
        // Two whole rounds played, and Léa has had every role (bots may end a turn before she gets a word in).
        if (round > 2 && phase === 'write' && ['write', 'clue', 'guess'].every((x) => seen.has(x))) break;
        check(round <= 6, `Léa a écrit, donné des indices et deviné en six manches (${[...seen].join(', ')})`);
        const key = `${round}:${team}`;
        if (phase === 'write' && role === 'writer' && (await lea.locator('[data-action=seal]').isVisible())) {
          // Léa fills her team's sheet (her teammate writes on it too), then hands it in.
          const secret = await lea.locator('.tw-write [data-secret]').getAttribute('data-secret', soon);
          const ideas = [...synonyms(secret), ...fallback];
          await attempt(async () => {
            for (const word of ideas) {
              const sheet = lea.locator('.tw-sheet');
              const count = Number(await sheet.getAttribute('data-count', soon));
              if (count >= Number(await sheet.getAttribute('data-limit', soon))) break;
              await lea.fill('input[name=trap]', word, soon);
              await lea.locator('[data-action=trap]').click(soon);
              // Written, or refused (same family as the word, already there…): the banner says why.
              await lea.waitForFunction((n) => Number(document.querySelector('.tw-sheet')?.dataset.count) !== n || document.querySelector('.error'), count, soon);
              if (await lea.locator('.error').isVisible()) await lea.locator('.error button').click(soon);
              else ++traps;
            }
            const forbidden = lea.locator('[data-action=forbidden]');
            if (await forbidden.count()) await forbidden.first().click(soon);
            if (!seen.has('write')) await lea.screenshot({ path: path.join(shots, 'trapwords-write.png'), fullPage: true });
            seen.add('write');
            await lea.locator('[data-action=seal]').click(soon);
            await lea.locator('[data-action=seal]').waitFor({ state: 'hidden', ...soon });
          });
        } else if (role === 'giver' && (await lea.locator('input[name=clue]').isEnabled().catch(() => false))) {
          // Léa holds the torch: one clue at a time, after her teammate's answer; she passes after two.
          const lines = await lea.locator('.tw-turn .tw-line').evaluateAll((els) => els.map((e) => `${e.dataset.kind}:${e.dataset.player}`));
          const given = myClues.get(key) ?? 0;
          if (given > 0 && lines.at(-1) === 'clue:0') {
            await lea.waitForTimeout(200); // her teammate is thinking
          } else if (given >= 2) {
            await attempt(() => lea.locator('[data-action=give_up]').click(soon));
            await lea.waitForTimeout(200);
          } else {
            const secret = await lea.locator('.tw-turn [data-secret]').getAttribute('data-secret', soon).catch(() => null);
            const clue = [...(secret ? synonyms(secret) : []), ...fallback].find((w) => !said.has(`${key}:${w}`));
            said.add(`${key}:${clue}`);
            const before = await verdicts();
            if (!seen.has('turn-chat') && (lines.length > 0 || !seen.has('turn'))) {
              // The clue-giver's screen: her word, her next clue and, best, the chat with the referee's verdicts.
              await attempt(() => lea.fill('input[name=clue]', clue, soon));
              await lea.screenshot({ path: path.join(shots, 'trapwords-turn.png'), fullPage: true });
              seen.add(lines.length > 0 ? 'turn-chat' : 'turn');
            }
            const sent = await attempt(async () => {
              await lea.fill('input[name=clue]', clue, soon);
              await lea.locator('[data-action=clue]').click(soon);
              await lea.waitForFunction((n) => document.querySelectorAll('.trapwords [data-kind=clue][data-player="0"] [data-verdict]').length > n, before, soon);
            });
            if (sent) {
              myClues.set(key, given + 1);
              ++clues;
              seen.add('clue');
            }
          }
        } else if (role === 'guesser') {
          // Léa guesses: her own team's word is never on her screen.
          check(shown === 0, 'qui devine ne voit pas le mot de son équipe');
          guesserText.push({ round, team: Number(team), text });
          const turnClues = await lea.locator('.tw-turn .tw-line.clue .said').allTextContents();
          const done = answered.get(key) ?? 0;
          if (process.env.E2E_DEBUG) console.error('trapwords guesser', key, done, JSON.stringify(turnClues), text.slice(0, 300).replace(/\n/g, ' | '));
          if (turnClues.length > done && (await lea.locator('input[name=guess]').isEnabled().catch(() => false))) {
            const last = turnClues.at(-1).replace(/[«»]/g, '').trim().split(/\s+/).at(-1);
            const guess = [...synonyms(last), ...fallback].find((w) => !said.has(`${key}:${w}`) && w !== last);
            said.add(`${key}:${guess}`);
            if (await attempt(async () => {
              await lea.fill('input[name=guess]', toc ? `Je mange mon chapeau si ce n’est pas ${guess}` : guess, soon);
              if (!seen.has('guess')) await lea.screenshot({ path: path.join(shots, 'trapwords-guess.png'), fullPage: true });
              await lea.locator('[data-action=guess]').click(soon);
            })) {
              answered.set(key, turnClues.length);
              ++guesses;
              seen.add('guess');
            }
          }
          await lea.waitForTimeout(150);
        } else if (role === 'opponent' && !flagged && (await lea.locator('[data-action=flag]').isEnabled().catch(() => false))) {
          // Léa contests a clue once: her teammate backs her in the vote.
          if (await attempt(async () => {
            await lea.selectOption('select[name=reason]', 'sonorite', soon);
            await lea.locator('[data-action=flag]').click(soon);
            await lea.locator('.tw-vote').waitFor(soon);
          })) {
            flagged = true;
            await lea.screenshot({ path: path.join(shots, 'trapwords-vote.png'), fullPage: true });
            seen.add('vote');
          }
        } else if (role === 'disarm') {
          await attempt(() => lea.locator('[data-action=disarm]').first().click(soon));
        } else {
          if (process.env.E2E_DEBUG) console.error('trapwords waiting', phase, role, (await board.innerText()).slice(0, 200).replace(/\n/g, ' | '));
          await lea.waitForTimeout(150);
        }
      }
      const over = await lea.locator('.results').isVisible();
      // Every finished turn is in the history with its word: none was on Léa's screen while she guessed.
      const played = await lea.locator('.tw-history > ol > li').evaluateAll((els) => els.map((e) => ({ round: Number(e.dataset.round), team: Number(e.dataset.team), word: e.dataset.word, result: e.dataset.result })));
      check(played.length >= (over ? 1 : 4), `les tours joués sont dans l’historique (${played.length})`);
      for (const g of guesserText) {
        const word = played.find((p) => p.round === g.round && p.team === g.team)?.word;
        check(word && !g.text.toLocaleLowerCase('fr').split(/[^\p{L}-]+/u).includes(word.toLocaleLowerCase('fr')), `le mot « ${word} » n’était pas à l’écran de Léa`);
      }
      check(over || (traps > 0 && clues > 0 && guesses > 0), 'Léa a joué chaque rôle');
      const verdictTexts = await lea.locator('.trapwords [data-verdict]').allTextContents();
      check(verdictTexts.length > 0 && verdictTexts.every((t) => t.length > 0), 'les verdicts de l’arbitre sont affichés');
      await lea.screenshot({ path: path.join(shots, over ? 'trapwords-results.png' : 'trapwords-round.png'), fullPage: true });
      console.log(`e2e: TrapWords ${over ? 'game finished' : 'two rounds played'} in the browser (${traps} traps, ${clues} clues and ${guesses} guesses by Léa, ${played.length} turns, results: ${played.map((p) => p.result).join(' ')})`);
    }
  });
  await part('tapecho', async () => {
    // Le Tapécho (16+): Léa (seat 0, a woman in the game by her choice) and three
    // medium bots, one game, 5 s to react, 60 s a turn. On her turn Léa plays
    // a handicap with an attack when she can (the game ends sooner), else an
    // atout that fits, a handicap on the first player it fits, an attack, or
    // swaps a card she cannot use and keeps the first drawn; she parries an
    // attack when she holds her défense and lets everything else go. Her
    // screen never shows another player's hand unless « main ouverte » is on.
    // A game takes a minute or two; past two minutes the test stops and says so.
    {
      const tpStart = Date.now();
      const tpDeadline = tpStart + 120_000;
      await lea.goto(server.url + '/');
      const summary = await lea.locator('[data-game=tapecho] p').nth(1).innerText();
      check(summary.startsWith('16 ans et plus.'), 'l’accueil annonce Le Tapécho pour les 16 ans et plus');
      await lea.locator('[data-game=tapecho] button').click();
      await lea.waitForURL(/\/salle\/[A-Z]{5}$/);
      await lea.locator('.seat[data-seat="3"]').waitFor(); // four seats by default
      check((await lea.locator('.options .tp-age').innerText()).includes('16 ans'), 'les options rappellent l’âge');
      check((await lea.locator('.seat[data-seat="1"] [data-seat-label]').innerText()) === 'Femme', 'le salon montre le sexe de chaque place dans le jeu');
      // Léa plays a woman: place 1 turns « femme », and the last other woman's
      // place turns « homme » so that the table stays balanced.
      await lea.selectOption('select[name=sex-0]', 'F');
      await lea.locator('.seat[data-seat="0"] [data-seat-label]', { hasText: 'Femme' }).waitFor();
      check((await lea.locator('.seat[data-seat="3"] [data-seat-label]').innerText()) === 'Homme', 'changer le sexe d’une place garde la table équilibrée');
      // One option at a time: each change sends the whole set, once the server has the last one.
      for (const [name, value] of [['react_seconds', '5'], ['turn_seconds', '60'], ['games', '1']]) {
        await lea.selectOption(`select[name=${name}]`, value);
        await lea.waitForTimeout(300);
      }
      await hostSeated(lea);
      for (const seat of [1, 2, 3]) {
        await lea.locator(`.seat[data-seat="${seat}"] select`).selectOption('medium');
        await lea.locator(`.seat[data-seat="${seat}"]`).getByRole('button', { name: 'Ajouter un robot' }).click();
        await lea.locator(`.seat[data-seat="${seat}"]`).getByText('Robot moyen').waitFor();
      }
      await lea.getByRole('button', { name: 'Lancer la partie' }).click();
      const board = lea.locator('.tapecho');
      await board.waitFor();
      check((await lea.locator('.tp-head h2').innerText()).startsWith('Partie 1 / 1'), 'une seule partie');
      check((await lea.locator('.tp-side[data-seat="0"]').getAttribute('data-sex')) === 'F', 'Léa joue une femme, comme choisi au salon');
      const soon = { timeout: 3000 };
      const tries = (what) => skippable('tapecho', what);
      const moves = { combo: 0, atout: 0, handicap: 0, attack: 0, swap: 0, pass: 0 };
      let turns = 0;
      let prompts = 0;
      let parried = 0;
      let shotHand = false;
      let stopped = false;
      while (!(await lea.locator('.results').isVisible())) {
        if (Date.now() > tpDeadline) {
          stopped = true; // a long game: enough turns played, the results are checked below only if reached
          break;
        }
        // One look at the screen: whose turn, the prompt, and what of the hands shows.
        const s = await board.evaluate((e) => ({
          myTurn: e.querySelector('.tp-hand-area')?.dataset.myTurn === 'true',
          prompt: e.querySelector('.tp-window')?.dataset.waiting === 'true',
          keep: !!e.querySelector('[data-action=keep]'),
          sex: e.querySelector('.tp-side[data-seat="0"]')?.dataset.sex,
          count: Number(e.querySelector('.tp-side[data-seat="0"]')?.dataset.handCount),
          hand: [...e.querySelectorAll('.tp-hand [data-card]')].map((c) => ({ id: c.dataset.card, type: c.dataset.type, sex: c.dataset.sex })),
          foreign: [...e.querySelectorAll('.tp-side')].filter((x) => x.querySelector('.tp-open-hand') && (x.dataset.seat === '0' || x.dataset.openHand !== 'true')).length,
          hands: e.querySelectorAll('.tp-hand').length,
        }));
        check(s.hands === 1 && s.foreign === 0, 'aucune main adverse à l’écran hors « main ouverte »');
        check(s.hand.length === s.count || s.count === 0, `la main montrée a ${s.count} cartes (${s.hand.length})`);
        const click = (sel) => lea.locator(sel).first().click(soon);
        if (s.prompt) {
          if (!prompts) await lea.screenshot({ path: path.join(shots, 'tapecho-reaction.png'), fullPage: true });
          ++prompts;
          const defend = lea.locator('.tp-window [data-action=defend]');
          if (await defend.isVisible()) {
            if (await tries(() => defend.click(soon))) ++parried;
          } else {
            await tries(() => click('.tp-window [data-action=let_go]'));
          }
          await lea.waitForFunction(() => document.querySelector('.tp-window')?.dataset.waiting !== 'true', null, soon).catch(() => {});
        } else if (s.keep) {
          await tries(() => click('[data-action=keep]'));
          await lea.waitForFunction(() => !document.querySelector('[data-action=keep]'), null, soon).catch(() => {});
        } else if (s.myTurn) {
          if (!shotHand) {
            await lea.screenshot({ path: path.join(shots, 'tapecho-hand.png'), fullPage: true });
            shotHand = true;
          }
          ++turns;
          const fits = (c) => c.sex === 'X' || c.sex === s.sex;
          const pick = (id) => click(`.tp-hand [data-card="${id}"][aria-pressed=false]`).catch(() => {}); // tapping a picked card drops it
          // Léa's moves, best first: [kind, card, steps once the card is picked, the send button].
          // A handicap with an attack comes first (two cards at once: the game ends sooner).
          const first = async (sel) => {
            const l = lea.locator(`${sel}:enabled`);
            if (!(await l.count())) return false;
            await l.first().click(soon);
            return true;
          };
          const gift = async () => (await first('[data-action=give]')) || true; // donne-carte's gift, when asked
          const of = (type) => s.hand.filter((c) => c.type === type);
          const dead = s.hand.find((c) => (c.type === 'atout' && !fits(c)) || c.type === 'hors-contexte') ?? s.hand[0];
          const options = [
            ...of('handicap').flatMap((h) => of('attaque').map((a) => ['combo', h.id, async () => (await first('[data-action=target]')) && (await lea.selectOption('select[name=attack]', a.id, soon), await first('[data-action=attack-target]')) && gift(), 'handicap'])),
            ...of('atout').filter(fits).map((c) => ['atout', c.id, async () => true, 'atout']),
            ...of('handicap').map((c) => ['handicap', c.id, () => first('[data-action=target]'), 'handicap']),
            ...of('attaque').map((c) => ['attack', c.id, async () => (await first('[data-action=attack-target]')) && gift(), 'attack']),
            // Else swap the card least likely to be played: a wrong-sex atout, a spare reaction card.
            ...(dead ? [['swap', dead.id, async () => true, 'swap']] : []),
          ];
          let played = 'pass';
          for (const [kind, id, steps, button] of options) {
            await pick(id);
            const send = lea.locator(`[data-action=${button}]`);
            if ((await steps()) && (await send.isVisible()) && (await send.isEnabled())) {
              await send.click(soon);
              played = kind;
              break;
            }
          }
          if (played === 'pass') await click('[data-action=pass]');
          ++moves[played];
          await lea.waitForFunction(() => document.querySelector('.tp-hand-area')?.dataset.myTurn !== 'true', null, soon).catch(() => {});
        } else {
          await lea.waitForTimeout(100);
        }
      }
      if (!prompts) console.log('e2e: Le Tapécho: no reaction prompt came up for Léa this game');
      check(turns > 0, 'Léa a joué');
      if (!stopped) {
        const rows = await lea.locator('.tp-results .tp-scores tbody tr').evaluateAll((els) => els.map((e) => Number(e.dataset.total)));
        check(rows.length === 4 && rows.every((n) => Number.isFinite(n)), 'les résultats montrent les scores');
        check((await lea.locator('.tp-results tr.winner').count()) >= 1, 'les résultats désignent un gagnant');
      }
      await lea.screenshot({ path: path.join(shots, stopped ? 'tapecho-table.png' : 'tapecho-results.png'), fullPage: true });
      console.log(`e2e: Le Tapécho ${stopped ? 'stopped after' : 'game finished in the browser,'} ${turns} turns by Léa (${moves.combo} handicaps with an attack, ${moves.atout} atouts, ${moves.handicap} handicaps, ${moves.attack} attacks, ${moves.swap} swaps, ${moves.pass} passes), ${prompts} reaction prompts, ${parried} parried, ${Math.round((Date.now() - tpStart) / 1000)} s`);
    }
  });
  await part('clock', async () => {
    // A phone whose clock is ten minutes fast still shows the server's
    // hourglass: the client corrects for the offset measured on the connection
    // (uncorrected, the turn would show 0 s from the start).
    {
      const fast = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
      await fast.addInitScript(() => {
        const realNow = Date.now.bind(Date);
        Date.now = () => realNow() + 600_000;
      });
      const zoe = await fast.newPage();
      await newRoom(zoe, server.url, 'motpourmot');
      await zoe.selectOption('select[name=players]', '1');
      await hostSeated(zoe);
      await zoe.getByRole('button', { name: 'Lancer la partie' }).click();
      const timer = zoe.locator('.motpourmot [role=timer]').first();
      await timer.waitFor();
      const seconds = Number((await timer.getAttribute('aria-label')).match(/\d+/)[0]);
      check(seconds > 0 && seconds <= 300, `le sablier d’un téléphone en avance de 10 min montre le temps du serveur (${seconds} s)`);
      await fast.close();
      console.log(`e2e: a phone 10 minutes fast shows ${seconds} s on the hourglass`);
    }
  });
  console.log(`e2e: screenshots in ${shots}`);
} finally {
  await browser.close();
  solver.close();
  server.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
