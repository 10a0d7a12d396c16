// The cluster's promises, tested through HAProxy on a local 3-node cluster
// (scripts/cluster.sh up 3 must be running; tests/cluster/run.sh does it):
//
//   kill    kill -9 of the node serving rooms mid-game (Word Bank rooms
//           playing, and a room of every other game waiting for its host):
//           their players are back in their seats on another node within a few seconds, no
//           acknowledged action is lost, none is applied twice, and a waiting
//           hourglass resumes with the time it had;
//   pause   a node paused (SIGSTOP) past its lease while its room is taken
//           over cannot add to that room when it wakes (fencing), and its
//           players are moved to the new node;
//   orphan  a room whose players have all gone when its node dies is taken
//           over by a live node anyway, and its hourglass runs out there;
//   redis   Redis restarted mid-game: play goes on, nothing lost;
//   pg      PostgreSQL stopped mid-game: actions are refused with a clear
//           error (never acknowledged) and play resumes once it is back.
//
// Usage: node failover.mjs CLUSTER_SCRIPT LB_PORT [scenario…]
import { execFileSync } from 'node:child_process';
import { Player, sleep } from './client.mjs';

const [clusterScript, lbPort, ...wanted] = process.argv.slice(2);
const base = `ws://127.0.0.1:${lbPort}`;
const http = `http://127.0.0.1:${lbPort}`;
const scenarios = wanted.length ? wanted : ['kill', 'pause', 'orphan', 'redis', 'pg'];
const players = [];

function cluster(...args) {
  return execFileSync(clusterScript, args, { encoding: 'utf8' }).trim();
}
function check(cond, message) {
  if (!cond) throw new Error(message);
}
function log(...a) {
  console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...a);
}

async function player(name, node = '') {
  const p = new Player(base, name);
  p.node = node; // HAProxy sends /ws?node=NAME to that node
  players.push(p);
  await p.open();
  return p;
}

// A Word Bank room: the host and a guest (people, passing on their turn when
// `auto`) and a medium bot, with a one-minute hourglass per turn.
async function wordBankRoom(label, { auto = true, guest = true } = {}) {
  const host = await player(`${label}-hôte`);
  host.send({ type: 'create', game: 'wordbank', name: `${label}H` });
  await host.waitFor((m) => m.type === 'welcome', 10_000, 'welcome');
  const seats = guest ? 3 : 2;
  host.send({ type: 'players', players: seats });
  host.send({ type: 'options', options: { turn_seconds: 60, stall_rounds: 20 } });
  let other = null;
  if (guest) {
    other = await player(`${label}-invité`);
    other.send({ type: 'join', room: host.room, name: `${label}G` });
    await other.waitFor((m) => m.type === 'welcome', 10_000, 'welcome');
    other.send({ type: 'seat', seat: 1 });
    await host.waitFor((m) => m.type === 'room' && m.seats?.[1]?.member === other.member, 10_000, 'guest seated');
  }
  host.send({ type: 'bot', seat: seats - 1, level: 'medium' });
  await host.waitFor((m) => m.type === 'room' && m.seats?.[seats - 1]?.bot, 10_000, 'bot seated');
  for (const p of [host, other]) {
    if (!p) continue;
    p.autoPass = auto;
    p.startNudging();
  }
  host.restarts = true;
  host.send({ type: 'start' });
  await host.waitFor((m) => m.type === 'view', 10_000, 'first view');
  return { host, guest: other, code: host.room, people: [host, other].filter(Boolean) };
}

// Every game in the store has its actions numbered 0…n−1 (the primary key
// forbids a number twice), and each room's current game holds exactly the
// actions its players last saw.
// A room of another game on node `node` (reached through HAProxy with
// ?node=): the host in seat 0, bots in every other seat, started, and the
// host's turn reached (its view says so).
async function otherGameRoom(game, node) {
  const host = await player(`${game}-hôte`, node);
  host.send({ type: 'create', game, name: 'Hôte' });
  await host.waitFor((m) => m.type === 'welcome', 10_000, `${game}: welcome`);
  const summary = host.summary ?? (await host.waitFor((m) => m.type === 'room', 10_000, `${game}: room`));
  for (let seat = 1; seat < summary.players; ++seat) host.send({ type: 'bot', seat, level: 'medium' });
  await host.waitFor(
    (m) => m.type === 'room' && m.seats.filter((x) => x?.bot).length === summary.players - 1,
    10_000,
    `${game}: bots seated`,
  );
  host.send({ type: 'start' });
  await host.viewWhere((m) => m.your_turn && !m.over, 15_000, `${game}: the host's turn`);
  return { host, game, code: host.room, people: [host] };
}

function checkLog(rooms) {
  const gaps = cluster('sql', 'SELECT game FROM actions GROUP BY game HAVING COUNT(*) <> MAX(seq) + 1');
  check(gaps === '', `games with gaps in their log: ${gaps}`);
  for (const r of rooms) {
    const stored = Number(
      cluster('sql', `SELECT COUNT(a.seq) FROM rooms r LEFT JOIN actions a ON a.game = r.game_id WHERE r.code = '${r.code}'`),
    );
    for (const p of r.people) {
      // A player is sent every version in Word Bank; other games may keep
      // quiet about what a player cannot see (another team's traps).
      if (r.game) check(p.version <= stored, `room ${r.code}: the store holds ${stored} actions, ${p.name} saw version ${p.version}`);
      else check(p.version === stored, `room ${r.code}: the store holds ${stored} actions, ${p.name} saw version ${p.version}`);
      check(p.acked <= stored, `room ${r.code}: ${p.name} had version ${p.acked} acknowledged, the store holds ${stored}`);
      check(p.regressions.length === 0, `room ${r.code}: ${p.name} saw older versions after reconnecting: ${p.regressions}`);
    }
  }
}

function stopPlaying(rooms) {
  for (const r of rooms) for (const p of r.people) p.autoPass = false;
}

async function settle(rooms) {
  stopPlaying(rooms);
  await sleep(600); // the last passes are answered
}

async function kill() {
  const rooms = [];
  for (let i = 0; i < 5; ++i) rooms.push(await wordBankRoom(`k${i}`));
  // A room where the person to play waits: its hourglass must survive the move.
  const frozen = await wordBankRoom('gel', { auto: false, guest: false });
  await frozen.host.viewWhere((m) => m.your_turn, 10_000, 'its turn');
  await sleep(1500);
  const victim = cluster('owner', frozen.code);
  const moving = rooms.filter((r) => cluster('owner', r.code) === victim);
  // Every other game, on the node about to die, each waiting for its host.
  const kinds = [];
  for (const game of ['lettralettre', 'motpourmot', 'trapwords', 'tapecho']) kinds.push(await otherGameRoom(game, victim));
  for (const k of kinds) check(cluster('owner', k.code) === victim, `${k.game} is not on ${victim}`);
  const kindVersions = kinds.map((k) => k.host.view.version);
  // The waiting player's hourglass, just before the kill.
  const before = frozen.host.view;
  const remaining = before.deadline_ms - Date.now() - (before.server_ms - frozen.host.viewAt);
  log(`kill -9 ${victim}, serving ${moving.length + 1} of ${rooms.length + 1} rooms`);
  const seenBefore = new Map(rooms.map((r) => [r, r.people.reduce((n, p) => n + p.acks, 0)]));
  const killedAt = Date.now();
  cluster('kill', victim);
  const back = await frozen.host.waitFor((m) => m.type === 'view', 15_000, 'its view on another node');
  const took = Date.now() - killedAt;
  const now = cluster('owner', frozen.code);
  log(`back in its seat after ${took} ms on ${now}; hourglass ${remaining} ms before, ${back.deadline_ms - back.server_ms} ms after`);
  check(now && now !== victim, `the room is still on ${victim}`);
  check(took < 10_000, `back after ${took} ms`);
  check(back.version === before.version, `version ${before.version} before, ${back.version} after`);
  const after = back.deadline_ms - back.server_ms;
  // Without the pause it would have lost the whole outage (≥ the lease).
  // The clock is paused from the dead node's last heartbeat (once a second):
  // up to a second is given back, in the players' favour.
  check(after >= remaining - 2500 && after <= remaining + 1500, `hourglass ${remaining} ms before, ${after} ms after`);
  // The other games came back where they were, on live nodes.
  for (const [i, k] of kinds.entries()) {
    const view = await k.host.viewWhere(() => k.host.viewAt > killedAt, 15_000, `${k.game}: its view after the move`);
    check(view.version === kindVersions[i], `${k.game}: version ${kindVersions[i]} before, ${view.version} after`);
    check(view.your_turn, `${k.game}: no longer the host's turn after the move`);
    check(cluster('owner', k.code) !== victim, `${k.game} is still on ${victim}`);
  }
  log(`${kinds.map((k) => k.game).join(', ')}: back at their versions on live nodes`);
  // The rooms that moved go on playing on their new node.
  await sleep(3000);
  for (const r of moving) {
    const now2 = r.people.reduce((n, p) => n + p.acks, 0);
    const state = r.people.map((p) => `${p.name}: v${p.version} acked ${p.acked} turn ${p.view?.your_turn} over ${p.view?.over} errors ${p.errors} moves ${p.moves} reconnects ${p.reconnects}`);
    check(now2 > seenBefore.get(r), `room ${r.code} did not play after the move (${seenBefore.get(r)} → ${now2}): ${state.join('; ')}`);
  }
  await settle(rooms);
  checkLog([...rooms, frozen, ...kinds]);
  cluster('start', victim);
  log(`kill: ${moving.length + 1} rooms moved, all logs whole; ${victim} restarted`);
  for (const r of [...rooms, frozen, ...kinds]) for (const p of r.people) p.close();
}

async function pause() {
  const room = await wordBankRoom('p', { guest: false });
  await sleep(1000);
  const victim = cluster('owner', room.code);
  room.host.autoPass = false;
  await sleep(300);
  const version = room.host.version;
  log(`SIGSTOP ${victim} at version ${version}`);
  cluster('pause', victim);
  // A pass reaches the paused node (its turn: the bot answers at once).
  if (room.host.view?.your_turn) room.host.act({ type: 'pass' });
  await sleep(3500); // past the lease
  const watcher = await player('p-spectateur');
  watcher.send({ type: 'join', room: room.code, name: 'Spectateur' });
  await watcher.waitFor((m) => m.type === 'welcome', 15_000, 'welcome on another node');
  const owner = cluster('owner', room.code);
  check(owner && owner !== victim, `the room was not taken over (owner ${owner})`);
  const taken = Number(cluster('sql', `SELECT COUNT(a.seq) FROM rooms r JOIN actions a ON a.game = r.game_id WHERE r.code = '${room.code}'`));
  log(`taken over by ${owner} with ${taken} actions; waking ${victim}`);
  cluster('wake', victim);
  // The woken node finds its lease gone and moves its players over.
  const view = await room.host.waitFor((m) => m.type === 'view', 15_000, 'a view from the new node');
  await sleep(1000);
  const stored = Number(cluster('sql', `SELECT COUNT(a.seq) FROM rooms r JOIN actions a ON a.game = r.game_id WHERE r.code = '${room.code}'`));
  check(stored === taken, `the paused node added to the room after the takeover (${taken} → ${stored})`);
  check(view.version === taken, `the host sees version ${view.version}, the store holds ${taken}`);
  log(`pause: nothing written by ${victim} after the takeover; host moved (${room.host.moves} moved, errors ${room.host.errors.join(',') || 'none'})`);
  // And play goes on.
  room.host.autoPass = true;
  if (room.host.view?.your_turn) room.host.act({ type: 'pass' });
  await room.host.waitFor((m) => m.type === 'view' && typeof m.ack === 'number', 10_000, 'an accepted pass');
  await settle([room]);
  checkLog([room]);
  room.host.close();
  watcher.close();
}

async function orphan() {
  const host = await player('o-hôte');
  host.send({ type: 'create', game: 'wordbank', name: 'Orphée' });
  await host.waitFor((m) => m.type === 'welcome', 10_000, 'welcome');
  host.send({ type: 'options', options: { turn_seconds: 3 } });
  host.send({ type: 'bot', seat: 1, level: 'medium' });
  await host.waitFor((m) => m.type === 'room' && m.seats?.[1]?.bot, 10_000, 'bot seated');
  host.send({ type: 'start' });
  await host.viewWhere((m) => m.your_turn, 10_000, 'its turn');
  const code = host.room;
  const count = () =>
    Number(cluster('sql', `SELECT COUNT(a.seq) FROM rooms r JOIN actions a ON a.game = r.game_id WHERE r.code = '${code}'`));
  const before = count();
  host.close(); // everyone has gone
  const victim = cluster('owner', code);
  cluster('kill', victim);
  log(`room ${code} left by its players at ${before} actions; kill -9 ${victim}`);
  const killedAt = Date.now();
  let owner = '';
  let after = before;
  while (Date.now() - killedAt < 25_000 && after === before) {
    await sleep(500);
    owner = cluster('owner', code);
    after = count();
  }
  check(owner && owner !== victim, `nobody took the room over (owner ${owner})`);
  check(after > before, `the hourglass never ran out on ${owner} (${before} actions)`);
  log(`orphan: taken over by ${owner}, its hourglass ran out ${Date.now() - killedAt} ms after the kill`);
  cluster('start', victim);
}

async function redis() {
  const rooms = [];
  for (let i = 0; i < 3; ++i) rooms.push(await wordBankRoom(`r${i}`));
  await sleep(1000);
  const before = rooms.map((r) => r.people.reduce((n, p) => n + p.acks, 0));
  log('restarting Redis');
  cluster('redis-restart');
  await sleep(4000); // longer than a lease: every lease was renewed from nothing
  rooms.forEach((r, i) => {
    const now = r.people.reduce((n, p) => n + p.acks, 0);
    check(now > before[i], `room ${r.code} stopped playing across the Redis restart (${before[i]} → ${now})`);
    check(cluster('owner', r.code) !== '', `room ${r.code} has no lease after the restart`);
  });
  await settle(rooms);
  checkLog(rooms);
  log('redis: every room played on');
  for (const r of rooms) for (const p of r.people) p.close();
}

async function pg() {
  const rooms = [];
  for (let i = 0; i < 3; ++i) rooms.push(await wordBankRoom(`q${i}`));
  await sleep(1000);
  log('stopping PostgreSQL');
  cluster('pg-stop');
  await sleep(1500);
  const during = rooms.map((r) => r.people.reduce((n, p) => n + p.acks, 0));
  await sleep(1500);
  rooms.forEach((r, i) => {
    const now = r.people.reduce((n, p) => n + p.acks, 0);
    check(now === during[i], `room ${r.code} acknowledged actions while PostgreSQL was down (${during[i]} → ${now})`);
  });
  const refused = rooms.flatMap((r) => r.people).flatMap((p) => p.errors).filter((c) => c === 'store_failed').length;
  check(refused > 0, 'no action was refused while PostgreSQL was down');
  log(`${refused} actions refused with store_failed; starting PostgreSQL`);
  cluster('pg-start');
  const restarted = Date.now();
  const stalled = () => rooms.filter((r, i) => r.people.reduce((n, p) => n + p.acks, 0) <= during[i]);
  while (stalled().length && Date.now() - restarted < 15_000) await sleep(250);
  for (const r of stalled()) {
    const state = r.people.map((p) => `${p.name}: v${p.version} turn ${p.view?.your_turn} pending ${p.pending.size} errors ${p.errors.slice(-3)}`);
    check(false, `room ${r.code} did not play again within 15 s of PostgreSQL's return: ${state.join('; ')}`);
  }
  log(`every room played again ${Date.now() - restarted} ms after PostgreSQL was back`);
  await settle(rooms);
  checkLog(rooms);
  log('pg: refused while down, played on after');
  for (const r of rooms) for (const p of r.people) p.close();
}

const all = { kill, pause, orphan, redis, pg };
let failed = false;
for (const name of scenarios) {
  const started = Date.now();
  try {
    await all[name]();
    log(`ok ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed = true;
    log(`FAILED ${name}: ${e.message}`);
  }
  for (const p of players.splice(0)) p.close();
}
// The game list is served by any node from the shared store, and any node
// sums every node's numbers.
try {
  const recent = await (await fetch(`${http}/api/replays`)).json();
  check(Array.isArray(recent.games ?? recent), 'no replay list');
  await sleep(1500);
  const numbers = await (await fetch(`${http}/api/cluster`)).json();
  check(numbers.nodes?.length === 3, `/api/cluster lists ${numbers.nodes?.length} nodes`);
  const sum = numbers.nodes.reduce((n, x) => n + x.metrics.messages, 0);
  check(numbers.total.messages === sum && sum > 0, `/api/cluster total ${numbers.total.messages}, nodes ${sum}`);
  log(`cluster numbers: ${JSON.stringify(numbers.total)}`);
} catch (e) {
  failed = true;
  log(`FAILED replays: ${e.message}`);
}
process.exit(failed ? 1 : 0);
