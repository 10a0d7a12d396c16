// Logomachie's browser client: home (create or join a room), the room (seats,
// bots, options, the game, chat) and the replay of a finished game. Routes:
//   /             home
//   /salle/CODE   a room (the share link)
//   /games/ID     a finished game's replay
//   /regles/GAME  a game's rules (« Comment jouer »)
import { render } from 'preact';
import { App } from './app';
import './style.css';

render(<App />, document.getElementById('app')!);
