// Logomachie's browser client: home (create or join a room), the room (seats,
// bots, options, the game, chat) and the replay of a finished game. Routes:
//   /             home
//   /salle/CODE   a room (the share link)
//   /games/ID     a finished game's replay
//   /regles/GAME  a game's rules (« Comment jouer »)
import { render } from 'preact';
// The shared styles first: each game's own (games/<name>.css, imported by its
// board) come after them in the bundle, so they win ties as they did in one file.
import './style.css';
import { App } from './app';

render(<App />, document.getElementById('app')!);
