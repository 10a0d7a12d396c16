// One WebSocket to the server, reopened after a network loss or a server
// restart (with a growing pause), each reopening announced so the room
// screen can `resume` with its token.
//
// In a cluster (docs/scaling.md) a room lives on one node: a node that does
// not serve it answers `moved` (with the node's name, or without one while
// the room changes node). The link then reopens to that node through the
// load balancer (/ws?node=NAME) and sends again the message that entered the
// room; when the room it is in moves, it reopens and lets the screen resume.

import type { ServerMessage } from './protocol';

// Messages that enter a room (answered by welcome, peek or error).
const ENTRIES = new Set(['create', 'join', 'resume', 'peek']);

export type LinkState = 'connecting' | 'open' | 'lost';

export class Link {
  private ws: WebSocket | null = null;
  private retry = 0;
  private queue: string[] = [];
  private closedByUs = false;
  private node = ''; // the cluster node serving our room ('' for any)
  private entry: string | null = null; // a create/join/resume/peek not answered yet
  private resend: string | null = null; // to send first on the next opening
  private moves = 0; // `moved` answers in a row (a pause grows with them)
  private movedAway = false; // the socket was closed to follow a `moved`
  state: LinkState = 'connecting';

  constructor(
    private onMessage: (m: ServerMessage) => void,
    private onState: (s: LinkState, reopened: boolean) => void,
  ) {
    this.open(false);
  }

  send(message: Record<string, unknown>): void {
    const text = JSON.stringify({ v: 1, ...message });
    if (ENTRIES.has(String(message.type))) this.entry = text;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }

  private open(reopened: boolean): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const where = this.node ? `?node=${encodeURIComponent(this.node)}` : '';
    const ws = new WebSocket(`${scheme}://${location.host}/ws${where}`);
    this.ws = ws;
    this.setState('connecting', false);
    ws.onopen = () => {
      this.retry = 0;
      const first = this.resend;
      this.resend = null;
      if (first) ws.send(first);
      // Announced as a reopening only when nothing was sent again for the
      // screen (it would resume a second time).
      this.setState('open', reopened && !first);
      for (const text of this.queue.splice(0)) ws.send(text);
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return; // a message we cannot read: ignore it rather than break the screen
      }
      if (m.type === 'moved') {
        this.follow(ws, m);
        return;
      }
      if (m.type === 'welcome' || m.type === 'peek' || m.type === 'error') this.entry = null;
      if (m.type === 'welcome') this.moves = 0;
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.closedByUs) return;
      if (this.movedAway) {
        this.movedAway = false;
        setTimeout(() => this.open(true), this.movePause());
        return;
      }
      this.setState('lost', false);
      const delay = Math.min(5000, 400 * 2 ** this.retry++);
      setTimeout(() => this.open(true), delay);
    };
  }

  // A `moved` answer: to the named node (or, while the room changes node, to
  // the same one after a pause), sending again what entered the room; a
  // `moved` about the room we are in (no entry waiting) lets the screen resume.
  private follow(ws: WebSocket, m: { node?: string; retry_ms?: number }): void {
    ++this.moves;
    const again = this.entry;
    if (m.node && m.node !== this.node) {
      this.node = m.node;
      this.resend = again;
      this.movedAway = true;
      ws.close();
    } else if (again) {
      setTimeout(() => {
        if (this.ws === ws && ws.readyState === WebSocket.OPEN) ws.send(again);
      }, this.movePause(m.retry_ms));
    } else {
      this.node = m.node ?? '';
      this.movedAway = true;
      ws.close();
    }
  }

  private movePause(hint = 0): number {
    return Math.max(hint, Math.min(3000, 100 * 2 ** Math.min(this.moves, 5)));
  }

  private setState(s: LinkState, reopened: boolean): void {
    this.state = s;
    this.onState(s, reopened);
  }
}
