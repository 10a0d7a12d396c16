// One WebSocket to the server, reopened after a network loss or a server
// restart (with a growing pause), each reopening announced so the room
// screen can `resume` with its token.

import type { ServerMessage } from './protocol';

export type LinkState = 'connecting' | 'open' | 'lost';

export class Link {
  private ws: WebSocket | null = null;
  private retry = 0;
  private queue: string[] = [];
  private closedByUs = false;
  state: LinkState = 'connecting';

  constructor(
    private onMessage: (m: ServerMessage) => void,
    private onState: (s: LinkState, reopened: boolean) => void,
  ) {
    this.open(false);
  }

  send(message: Record<string, unknown>): void {
    const text = JSON.stringify({ v: 1, ...message });
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }

  private open(reopened: boolean): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    this.setState('connecting', false);
    ws.onopen = () => {
      this.retry = 0;
      this.setState('open', reopened);
      for (const text of this.queue.splice(0)) ws.send(text);
    };
    ws.onmessage = (e) => {
      try {
        this.onMessage(JSON.parse(String(e.data)) as ServerMessage);
      } catch {
        // a message we cannot read: ignore it rather than break the screen
      }
    };
    ws.onclose = () => {
      if (this.closedByUs) return;
      this.setState('lost', false);
      const delay = Math.min(5000, 400 * 2 ** this.retry++);
      setTimeout(() => this.open(true), delay);
    };
  }

  private setState(s: LinkState, reopened: boolean): void {
    this.state = s;
    this.onState(s, reopened);
  }
}
