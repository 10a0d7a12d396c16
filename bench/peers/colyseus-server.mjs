// Colyseus 0.16 server for issue 22's comparison (bench/peers/load.mjs starts
// it): our own pass room, in memory, on one port of 127.0.0.1. Four clients
// per room; once the fourth has joined, the player whose turn it is may send
// "pass", which counts the turn and hands it to the next seat. The state
// carries the turn number and whose turn it is (a session id). Prints
// "listening PORT" once it accepts connections.
//
// By default each pass is sent at once (broadcastPatch); PATCH=tick leaves
// the framework's default, a patch every 50 ms for the whole room.
//
// usage: node colyseus-server.mjs [PORT]   (0, the default: any free port)
import http from 'node:http';
import { Server, Room } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Schema, defineTypes } from '@colyseus/schema';

const immediate = process.env.PATCH !== 'tick';

class PassState extends Schema {
  constructor() {
    super();
    this.turn = 0;      // passes so far
    this.current = '';  // the session id whose turn it is ('' before four have joined)
  }
}
defineTypes(PassState, { turn: 'number', current: 'string' });

class PassRoom extends Room {
  onCreate() {
    this.maxClients = 4;
    this.seats = [];
    this.setState(new PassState());
    this.onMessage('pass', (client) => {
      if (client.sessionId !== this.state.current) {
        client.send('refused', 'not_your_turn');
        return;
      }
      const seat = this.seats.indexOf(client.sessionId);
      this.state.turn += 1;
      this.state.current = this.seats[(seat + 1) % this.seats.length];
      if (immediate) this.broadcastPatch();
    });
  }

  onJoin(client) {
    this.seats.push(client.sessionId);
    if (this.seats.length === 4) {
      this.state.current = this.seats[0];
      if (immediate) this.broadcastPatch();
    }
  }

  onLeave(client) {
    this.seats = this.seats.filter((id) => id !== client.sessionId);
  }
}

const httpServer = http.createServer();
const gameServer = new Server({ transport: new WebSocketTransport({ server: httpServer }), greet: false });
gameServer.define('pass', PassRoom);
await gameServer.listen(Number(process.argv[2] ?? 0), '127.0.0.1');
console.log(`listening ${httpServer.address().port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
