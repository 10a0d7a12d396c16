// A scripted player for the cluster tests: one WebSocket through the load
// balancer, following `moved` as the web client does (web/src/socket.ts),
// reconnecting and resuming with its token when its connection drops, and
// remembering everything the tests check (versions seen and acknowledged,
// refusals, when it was last answered).
import WebSocket from 'ws';

const ENTRIES = new Set(['create', 'join', 'resume', 'peek']);

export class Player {
  constructor(base, name) {
    this.base = base; // ws://127.0.0.1:PORT
    this.name = name;
    this.node = '';
    this.room = '';
    this.token = '';
    this.seat = null;
    this.view = null; // the last view message
    this.version = -1; // the highest version seen
    this.acked = -1; // the highest version reached by one of our own acts (this game)
    this.acks = 0; // own acts accepted, every game
    this.lastSeen = -1; // the version of the last view before the connection dropped
    this.regressions = []; // a view after a reconnection older than the one before
    this.errors = []; // refusals, by code
    this.moves = 0;
    this.reconnects = 0;
    this.autoPass = false; // pass whenever it is our turn
    this.pace = 100; // ms before passing
    this.restarts = false; // start another game when one ends (the host)
    this.closed = false;
    this.entry = null;
    this.waiters = [];
    this.nextId = 1;
    this.pending = new Map(); // act id → the version it was sent against
    this.lastMessageAt = 0;
  }

  // Plays on by itself as a person would: passes on its turn, presses
  // « Rejouer » (the host) when a game ends, and tries again a moment later
  // when the server refused or did not answer (a node died, the store was down).
  startNudging() {
    this.nudger ??= setInterval(() => {
      if (!this.autoPass || !this.view || Date.now() - this.lastMessageAt < 500) return;
      if (this.view.over && this.restarts) this.send({ type: 'start' });
      else if (this.view.your_turn && !this.view.over) {
        this.pending.clear(); // whatever was sent before got no answer
        this.act({ type: 'pass' });
      }
    }, 250);
  }

  open(resend = null) {
    const url = `${this.base}/ws${this.node ? `?node=${this.node}` : ''}`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws = ws;
    ws.on('open', () => {
      if (resend) ws.send(resend);
      else if (this.token) this.send({ type: 'resume', room: this.room, token: this.token });
    });
    ws.on('message', (data) => this.receive(ws, JSON.parse(String(data))));
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.closed || this.ws !== ws) return;
      this.reconnects++;
      this.lastSeen = this.view && !this.view.over ? this.view.version : -1;
      setTimeout(() => this.open(this.entry && !this.token ? this.entry : null), 200);
    });
    return new Promise((resolve) => {
      ws.once('open', resolve);
      ws.once('error', resolve);
    });
  }

  send(message) {
    const text = JSON.stringify({ v: 1, ...message });
    if (ENTRIES.has(message.type)) this.entry = text;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  act(action) {
    const id = this.nextId++;
    this.pending.set(id, this.version);
    this.send({ type: 'act', version: this.version, action, id });
  }

  receive(ws, m) {
    this.lastMessageAt = Date.now();
    if (m.type === 'moved') {
      this.moves++;
      const again = this.entry;
      if (m.node && m.node !== this.node) {
        this.node = m.node;
        this.ws = null;
        ws.close();
        setTimeout(() => this.open(again), 50);
      } else if (again) {
        setTimeout(() => ws.readyState === WebSocket.OPEN && ws.send(again), Math.max(100, m.retry_ms ?? 0));
      } else {
        this.node = m.node ?? '';
        this.ws = null;
        ws.close();
        setTimeout(() => this.open(null), Math.max(50, m.retry_ms ?? 0));
      }
      return;
    }
    if (m.type === 'welcome' || m.type === 'peek' || m.type === 'error') this.entry = null;
    if (m.type === 'welcome') {
      this.room = m.room;
      if (m.token) this.token = m.token;
      this.member = m.member;
    }
    if (m.type === 'room') this.summary = m;
    if (m.type === 'error') {
      this.errors.push(m.code);
      if (typeof m.id === 'number') this.pending.delete(m.id);
    }
    if (m.type === 'view') {
      if (this.lastSeen >= 0 && m.version < this.lastSeen) this.regressions.push(`${this.lastSeen} → ${m.version}`);
      this.lastSeen = -1;
      if (m.version < (this.view?.version ?? 0)) this.acked = -1; // a new game
      this.view = m;
      this.viewAt = Date.now();
      this.version = m.version;
      if (typeof m.ack === 'number') {
        this.pending.delete(m.ack);
        this.acks++;
        if (m.version > this.acked) this.acked = m.version;
      }
      if (this.autoPass && m.your_turn && !m.over) setTimeout(() => this.autoPass && this.act({ type: 'pass' }), this.pace);
      // The host starts another game when one ends.
      if (this.autoPass && m.over && this.restarts) setTimeout(() => this.autoPass && this.send({ type: 'start' }), this.pace);
    }
    for (const w of [...this.waiters]) {
      if (w.test(m)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  }

  // The next message satisfying `test` (or a past view, when `test` already
  // holds for the last one and `current` is set).
  waitFor(test, timeoutMs = 10_000, what = 'a message') {
    return new Promise((resolve, reject) => {
      const w = { test, resolve };
      this.waiters.push(w);
      setTimeout(() => {
        const i = this.waiters.indexOf(w);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error(`${this.name}: no ${what} within ${timeoutMs} ms`));
        }
      }, timeoutMs);
    });
  }

  // The current view if it satisfies `test`, or the next view that does.
  viewWhere(test, timeoutMs = 10_000, what = 'a view') {
    if (this.view && test(this.view)) return Promise.resolve(this.view);
    return this.waitFor((m) => m.type === 'view' && test(m), timeoutMs, what);
  }

  close() {
    clearInterval(this.nudger);
    this.closed = true;
    this.autoPass = false;
    this.ws?.close();
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
