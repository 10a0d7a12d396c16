// boardgame.io 0.50 server for issue 22's comparison (bench/peers/load.mjs
// starts it): the pass game, in memory (the default storage), the Lobby API
// and the socket.io transport on one port of 127.0.0.1. Prints
// "listening PORT" once it accepts connections.
//
// usage: node bgio-server.mjs [PORT]   (0, the default: any free port)
import { createRequire } from 'node:module';
import { PassGame } from './bgio-game.mjs';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server');

const server = Server({ games: [PassGame], origins: [] });
// The socket.io transport replaced app.listen with one that listens on every
// interface; keep to loopback.
server.app.listen = (port, callback) => server.app.server.listen(port, '127.0.0.1', callback);
const { appServer } = await server.run(Number(process.argv[2] ?? 0));
console.log(`listening ${appServer.address().port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
