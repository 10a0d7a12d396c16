// Issue 22's load generator: one workload, three servers (docs/benchmarks.md,
// "Peers"). A benchmark, not a test.
//
// Starts the server itself (on 127.0.0.1, any free port; Logomachie with a
// fresh SQLite file in a temporary folder, so every action is durable), opens
// --clients players in rooms of 4, and in each room the player whose turn it
// is passes. No room acts before every room is in (or --ramp-limit seconds,
// 90 by default, have passed: then the rooms that are playing,
// rooms_playing); then rooms are paced so that the
// whole run offers --rate actions/s: each room acts every rooms/rate seconds
// on its own clock (rooms spread over that interval), as soon as its current
// player has the turn. The latency is
// from the acting player's send to that player's receipt of the state that
// shows its action. After a warm-up, measures --seconds; then prints one JSON
// line: achieved actions/s, p50/p95/p99/max latency, errors, the server's CPU
// time over the window (/proc/PID/stat) and RSS at its end, the generator's
// own CPU time and event-loop delay. --rate may list several rates
// (250,500,1000): the same server and clients are then measured at each in
// turn (a warm-up before each), one JSON line per rate, which saves a ramp.
// Stops the server by its PID.
//
//   logomachie  our protocol (docs/protocol.md) over `ws`, Word Bank rooms of
//               4 (its "pass" action), each room's players from their own
//               127.1.x.y source address (the server limits rooms and joins
//               per address), games restarted by the host when they end
//   bgio        boardgame.io 0.50, our pass game (bgio-game.mjs): matches made
//               with the Lobby API, players with the official client over
//               socket.io (WebSocket transport only)
//   colyseus    Colyseus 0.16, our pass room (colyseus-server.mjs), players
//               with the official client (colyseus.js)
//
// usage: node load.mjs --server logomachie|bgio|colyseus [--clients 200]
//          [--rate 250[,500…]] [--seconds 20] [--warmup 3] [--bin build/bin/logomachie]
//          [--serve-args '--room-threads 2']   (more flags for `logomachie serve`)
//          [--port N --pids P1,P2…] [--address-offset ROOMS] [--ramp-limit 90]
// With --port, Logomachie is already running there (a cluster behind its load
// balancer, scripts/cluster-bench.sh): nothing is started or stopped, the
// server CPU and RSS are the sum over --pids, and players follow `moved` to
// their room's node (/ws?node=NAME). --address-offset shifts the rooms'
// source addresses, so that two generators (each process may open at most
// its descriptor limit) can play on one server without sharing addresses.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

// ---- options ---------------------------------------------------------------
const o = { server: '', clients: 200, rate: '250', seconds: 20, warmup: 3, bin: path.join(here, '../../build/bin/logomachie'), 'serve-args': '', port: 0, pids: '', 'address-offset': 0, 'ramp-limit': 90 };
for (let i = 2; i < process.argv.length; i += 2) {
  const k = process.argv[i].replace(/^--/, '');
  const v = process.argv[i + 1];
  if (!(k in o) || v === undefined) {
    console.error(`load.mjs: unknown option ${process.argv[i]}\nusage: node load.mjs --server logomachie|bgio|colyseus [--clients 200] [--rate 250[,500…]] [--seconds 20] [--warmup 3] [--bin PATH] [--ramp-limit 90]`);
    process.exit(2);
  }
  o[k] = typeof o[k] === 'number' ? Number(v) : v;
}
if (!['logomachie', 'bgio', 'colyseus'].includes(o.server)) {
  console.error('load.mjs: --server logomachie|bgio|colyseus');
  process.exit(2);
}
const PER_ROOM = 4;
const RAMP_LIMIT_S = Number.isFinite(o['ramp-limit']) ? Math.min(Math.max(o['ramp-limit'], 10), 600) : 90;  // then measures the rooms that are playing (rooms_playing)
o.clients = Math.max(PER_ROOM, Math.min(20000, Math.floor(o.clients / PER_ROOM) * PER_ROOM));  // bounded
o.seconds = Math.min(Math.max(o.seconds, 1), 60);
const rooms = o.clients / PER_ROOM;
const rates = String(o.rate).split(',').map(Number).filter((r) => r > 0);
if (!rates.length) {
  console.error('load.mjs: --rate must be positive');
  process.exit(2);
}
let interval = (rooms / rates[0]) * 1000;  // ms between two actions of one room

// ---- measures --------------------------------------------------------------
const stats = {
  measuring: false,
  windowStart: 0,
  windowEnd: Infinity,
  actions: 0,            // acted and seen back within the window
  latencies: [],
  errors: 0,             // refusals and transport errors, whole run
  codes: {},
  failedConnects: 0,
  connected: 0,
  started: 0,            // rooms whose game has begun
  lost: 0,               // sent in the window, never seen back
};
function error(code) {
  stats.errors += 1;
  stats.codes[code] = (stats.codes[code] ?? 0) + 1;
}

// ---- the server under test -------------------------------------------------
let serverProc = null;
let tmp = null;

function startServer() {
  return new Promise((resolve, reject) => {
    let cmd, args;
    const env = { ...process.env, NODE_ENV: 'production' };
    if (o.server === 'logomachie') {
      tmp = mkdtempSync(path.join(tmpdir(), 'peers-'));
      cmd = o.bin;
      args = ['serve', '--port', '0', '--bind', '127.0.0.1', '--db', path.join(tmp, 'load.db'),
              ...o['serve-args'].split(' ').filter(Boolean)];
    } else {
      cmd = process.execPath;
      args = [path.join(here, o.server === 'bgio' ? 'bgio-server.mjs' : 'colyseus-server.mjs'), '0'];
    }
    serverProc = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errText = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${errText.slice(-500)}`)), 15000);
    serverProc.stderr.on('data', (d) => { if (errText.length < 20000) errText += d; });
    serverProc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/localhost:(\d+)\//) ?? out.match(/listening (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    serverProc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${errText.slice(-500)}`));
    });
  });
}

async function stopServer() {
  if (serverProc && serverProc.exitCode === null) {
    const gone = new Promise((r) => serverProc.once('exit', r));
    serverProc.kill('SIGTERM');
    const t = setTimeout(() => serverProc.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(t);
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}

const hz = 100;  // USER_HZ: 100 on Linux
const serverPids = () => (o.port ? String(o.pids).split(',').filter(Boolean).map(Number) : [serverProc.pid]);
function serverCpuTicks() {
  let ticks = 0;
  for (const pid of serverPids()) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);  // utime + stime (fields 14, 15)
  }
  return ticks;
}
function serverRssKib() {
  let kib = 0;
  for (const pid of serverPids()) {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    kib += m ? Number(m[1]) : 0;
  }
  return kib;
}

// ---- pacing and latency, common to the three adapters ----------------------
// A room: when it may act next. Each player keeps its own pending pass
// ({ turn, sentAt, timer }), so that the next player's turn does not hide the
// previous player's answer.
class Room {
  constructor(index) {
    this.index = index;
    this.nextAt = 0;
    this.players = [];
  }

  // `player` has the turn at `turn` (a number that grows with every action):
  // it passes at the room's next slot.
  turn(player, turn) {
    if (!pacing) {  // still ramping: every room starts together once all are in
      this.waiting = [player, turn];
      return;
    }
    if (player.pending && player.pending.turn >= turn) return;
    if (player.pending?.timer) clearTimeout(player.pending.timer);
    const now = performance.now();
    if (!this.nextAt) this.nextAt = now + Math.random() * interval;
    const at = Math.max(now, this.nextAt);
    // A room that fell behind catches up by one slot at most.
    this.nextAt = Math.max(this.nextAt + interval, now - interval);
    const pending = { turn, sentAt: 0, timer: null, act: null };
    player.pending = pending;
    if (!this.players.includes(player)) this.players.push(player);
    pending.act = () => {
      pending.timer = null;
      if (player.pending !== pending || closing) return;
      pending.sentAt = performance.now();
      player.pass(turn);
    };
    if (at - now < 1) pending.act();
    else pending.timer = setTimeout(pending.act, at - now);
  }

  // The rate changed: a pass still waiting for its slot of the old rate
  // (up to a whole old interval away) moves to a slot of the new one, so
  // that the warm-up, not the measured window, absorbs the change.
  retime() {
    const now = performance.now();
    this.nextAt = now + Math.random() * interval;
    for (const player of this.players) {
      const p = player.pending;
      if (!p?.timer) continue;
      clearTimeout(p.timer);
      p.timer = setTimeout(p.act, this.nextAt - now);
      this.nextAt += interval;
    }
  }

  // `player` sees a state at `turn`: its own pass came back?
  seen(player, turn) {
    const p = player.pending;
    if (!p || !p.sentAt || turn <= p.turn) return;
    player.pending = null;
    if (stats.measuring && p.sentAt >= stats.windowStart && performance.now() <= stats.windowEnd) {
      stats.actions += 1;
      stats.latencies.push(performance.now() - p.sentAt);
    }
  }
}

let closing = false;
let pacing = false;
let rampOver = false;
const allClients = [];
const allRooms = Array.from({ length: rooms }, (_, i) => new Room(i));

// ---- Logomachie: our protocol over ws ---------------------------------------
// Turn numbers: the game's number (the host restarts a finished game) and the
// view's version, as one growing number.
function logomachieRoom(port, room) {
  return new Promise((resolve) => {
    const a = room.index + o['address-offset'];
    const localAddress = `127.1.${Math.floor(a / 250) % 250}.${(a % 250) + 1}`;
    const url = `ws://127.0.0.1:${port}/ws`;
    let code = null;
    let game = 0;
    let resolved = false;
    const done = () => { if (!resolved) { resolved = true; resolve(); } };
    const players = [];
    const open = (seat, node = '') => {
      const ws = new WebSocket(node ? `${url}?node=${node}` : url, { localAddress, perMessageDeflate: false });
      const player = { ws, seat, version: -1, game: 0 };
      player.pass = (turn) => {
        ws.send(JSON.stringify({ type: 'act', version: turn % 1e6, action: { type: 'pass' } }));
      };
      players.push(player);
      allClients.push({ close: () => ws.terminate() });
      ws.on('open', () => {
        stats.connected += 1;
        if (seat === 0) ws.send(JSON.stringify({ type: 'create', game: 'wordbank', name: 'hote' }));
        else ws.send(JSON.stringify({ type: 'join', room: code, name: `joueur${seat}` }));
      });
      ws.on('error', () => { if (!closing) { stats.failedConnects += 1; done(); } });
      ws.on('close', () => { if (!closing) error('closed'); });
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString());
        if (m.type === 'moved' && m.node) {
          // A cluster: the room is on another node; join there.
          players.splice(players.indexOf(player), 1);
          ws.removeAllListeners('close');
          ws.close();
          stats.connected -= 1;
          open(seat, m.node);
          return;
        }
        if (m.type === 'welcome') {
          if (seat === 0) {
            code = m.room;
            ws.send(JSON.stringify({ type: 'players', players: PER_ROOM }));
            // The longest game Word Bank allows when nobody places a stone: 20 rounds.
            ws.send(JSON.stringify({ type: 'options', options: { stall_rounds: 20 } }));
          }
          ws.send(JSON.stringify({ type: 'seat', seat }));
        } else if (m.type === 'room') {
          if (seat === 0 && players.length === 1 && m.players === PER_ROOM && code) {
            for (let s = 1; s < PER_ROOM; s++) open(s);  // the seats exist now
          }
          const taken = m.seats.filter((s) => s && s.member !== undefined && s.member !== null).length;
          if (seat === 0 && m.status === 'lobby' && taken >= PER_ROOM && !player.starting) {
            player.starting = true;
            ws.send(JSON.stringify({ type: 'start' }));
          }
        } else if (m.type === 'error') {
          error(m.code);
          if (m.code === 'stale') player.pending = null;
        } else if (m.type === 'view') {
          if (seat === 0 && player.starting && m.version === 0 && !m.over) {
            player.starting = false;
            if (game === 0) { stats.started += 1; done(); }
          }
          const turn = game * 1e6 + m.version;
          room.seen(player, m.over ? game * 1e6 + 1e6 - 1 : turn);
          if (m.over) {
            if (seat === 0 && !player.starting) {
              game += 1;
              player.starting = true;
              ws.send(JSON.stringify({ type: 'start' }));
            }
            return;
          }
          player.game = game;
          if (m.your_turn) room.turn(player, turn);
        }
      });
    };
    open(0);
  });
}

// ---- boardgame.io: the official client over socket.io -----------------------
async function bgioRoom(port, room, lib) {
  const base = `http://127.0.0.1:${port}`;
  const post = async (url, body) => {
    const r = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json();
  };
  let matchID;
  const creds = [];
  try {
    ({ matchID } = await post('/games/pass/create', { numPlayers: PER_ROOM }));
    const joins = Array.from({ length: PER_ROOM }, (_, s) =>
      post(`/games/pass/${matchID}/join`, { playerID: String(s), playerName: `p${s}` }));
    for (const j of await Promise.all(joins)) creds.push(j.playerCredentials);
  } catch (e) {
    if (!stats.failedConnects) console.error(`load.mjs: ${e.message}`);
    stats.failedConnects += PER_ROOM;
    return;
  }
  let synced = 0;
  await new Promise((resolve) => {
    for (let s = 0; s < PER_ROOM; s++) {
      const playerID = String(s);
      const client = lib.Client({
        game: lib.PassGame,
        numPlayers: PER_ROOM,
        matchID,
        playerID,
        credentials: creds[s],
        debug: false,
        multiplayer: lib.SocketIO({ server: base, socketOpts: { transports: ['websocket'], forceNew: true } }),
      });
      const player = { client, pass: () => client.moves.pass() };
      allClients.push({ close: () => client.stop() });
      let first = true;
      client.subscribe((state) => {
        if (!state || !state.isConnected) return;
        if (first) {
          first = false;
          stats.connected += 1;
          if (++synced === PER_ROOM) { stats.started += 1; resolve(); }
        }
        room.seen(player, state.G.turn);
        if (state.ctx.currentPlayer === playerID && state.isActive) room.turn(player, state.G.turn);
      });
      client.start();
    }
    setTimeout(resolve, 30000);
  });
}

// ---- Colyseus: the official client ------------------------------------------
async function colyseusRoom(port, room, lib) {
  const client = new lib.Client(`ws://127.0.0.1:${port}`);
  let resolve;
  const playing = new Promise((r) => { resolve = r; });
  let ready = 0;
  // Listens as soon as it has joined: the state that starts the game may come
  // before the last player's join returns.
  const attach = (r) => {
    stats.connected += 1;
    const player = { pass: () => r.send('pass') };
    allClients.push({ close: () => r.leave() });
    let started = false;
    r.onMessage('refused', (code) => error(code));
    r.onError((code) => error(`error_${code}`));
    r.onStateChange((state) => {
      if (!state.current) return;
      if (!started) {
        started = true;
        if (++ready === PER_ROOM) { stats.started += 1; resolve(); }
      }
      room.seen(player, state.turn);
      if (state.current === r.sessionId) room.turn(player, state.turn);
    });
    return r;
  };
  try {
    const first = attach(await client.create('pass'));
    for (let s = 1; s < PER_ROOM; s++) attach(await client.joinById(first.roomId));
  } catch (e) {
    if (!stats.failedConnects) console.error(`load.mjs: ${e.message}`);
    stats.failedConnects += 1;
    return;
  }
  await Promise.race([playing, sleep(30000)]);
}

// ---- the run -----------------------------------------------------------------
function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))];
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const port = o.port || (await startServer());
  let lib = null;
  if (o.server === 'bgio') {
    const { Client } = require('boardgame.io/client');
    const { SocketIO } = require('boardgame.io/multiplayer');
    const { PassGame } = await import('./bgio-game.mjs');
    lib = { Client, SocketIO, PassGame };
  } else if (o.server === 'colyseus') {
    lib = { Client: require('colyseus.js').Client };
  }
  setTimeout(() => {
    console.error('load.mjs: the run overran its time limit');
    finish(1);
  }, (RAMP_LIMIT_S + rates.length * (o.warmup + o.seconds + 2) + 30) * 1000).unref();
  const open = { logomachie: logomachieRoom, bgio: bgioRoom, colyseus: colyseusRoom }[o.server];
  const t0 = performance.now();
  // Ramp: a few rooms at a time.
  const all = allRooms;
  let next = 0;
  const CONCURRENCY = 40;
  const ramp = Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < all.length && !rampOver) await open(port, all[next++], lib);
  }));
  await Promise.race([ramp, sleep(RAMP_LIMIT_S * 1000)]);
  rampOver = true;
  const rampS = (performance.now() - t0) / 1000;
  pacing = true;
  for (const r of all) {
    if (r.waiting) r.turn(...r.waiting);
    r.waiting = null;
  }
  console.error(`load.mjs ${o.server}: ${stats.connected} connected, ${stats.started}/${rooms} rooms playing after ${rampS.toFixed(1)} s`);
  for (const rate of rates) {
    const previous = interval;
    interval = (rooms / rate) * 1000;
    if (interval !== previous) for (const r of allRooms) r.retime();
    console.error(`load.mjs ${o.server}: ${o.clients} clients, ${rate} actions/s: warm-up ${o.warmup} s, then ${o.seconds} s`);
    await sleep(o.warmup * 1000);
    console.log(JSON.stringify(await measure(rate, rampS)));
  }
}

async function measure(rate, rampS) {
  Object.assign(stats, { actions: 0, latencies: [], lost: 0 });
  stats.codes = {};
  const errors0 = stats.errors;
  const failed0 = stats.failedConnects;
  const loadAtWindow = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const ticks0 = serverCpuTicks();
  stats.measuring = true;
  stats.windowStart = performance.now();
  stats.windowEnd = stats.windowStart + o.seconds * 1000;
  await sleep(o.seconds * 1000);
  const ticks1 = serverCpuTicks();
  const rss = serverRssKib();
  const cpu1 = process.cpuUsage(cpu0);
  loop.disable();
  await sleep(1000);  // answers to actions sent just before the end
  stats.measuring = false;
  for (const r of allRooms) {
    for (const p of r.players) {
      if (p.pending?.sentAt >= stats.windowStart && p.pending.sentAt <= stats.windowEnd - 1000) stats.lost += 1;
    }
  }
  const lat = stats.latencies.sort((a, b) => a - b);
  return {
    server: o.server,
    clients: o.clients,
    rooms,
    rooms_playing: stats.started,
    connected: stats.connected,
    ramp_s: +rampS.toFixed(1),
    target_actions_per_s: rate,
    window_s: o.seconds,
    actions: stats.actions,
    actions_per_s: +(stats.actions / o.seconds).toFixed(1),
    p50_ms: +percentile(lat, 0.5).toFixed(2),
    p95_ms: +percentile(lat, 0.95).toFixed(2),
    p99_ms: +percentile(lat, 0.99).toFixed(2),
    max_ms: +(lat.length ? lat[lat.length - 1] : 0).toFixed(2),
    errors_in_window: stats.errors - errors0,  // refusals, closed connections (measured window + 1 s)
    codes: stats.codes,
    lost: stats.lost,  // sent in the window (to 1 s before its end), never seen back
    failed_connects: failed0,
    server_cpu_s: +((ticks1 - ticks0) / hz).toFixed(2),
    server_cpu_pct: +(((ticks1 - ticks0) / hz / o.seconds) * 100).toFixed(0),
    server_rss_mib: +(rss / 1024).toFixed(1),
    generator_cpu_s: +((cpu1.user + cpu1.system) / 1e6).toFixed(2),
    generator_loop_delay_p99_ms: +(loop.percentile(99) / 1e6).toFixed(1),
    load_at_window: loadAtWindow,
  };
}

let finishing = null;
async function finish(code) {
  if (!finishing) {
    finishing = (async () => {
      closing = true;
      for (const c of allClients) {
        try { c.close(); } catch { /* already closed */ }
      }
      await stopServer();
      process.exit(code);
    })();
  }
  return finishing;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(1));

try {
  await main();
  await finish(0);
} catch (e) {
  console.error(`load.mjs: ${e.message}`);
  await finish(1);
}
