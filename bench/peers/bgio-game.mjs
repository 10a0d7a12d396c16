// Our own minimal boardgame.io game for issue 22: four players take turns,
// and the current player's only move is to pass. G carries the turn number
// (how many passes so far) and whose turn it is. Written for boardgame.io
// 0.50 (moves and setup take one object: { G, ctx, ... }).
export const PassGame = {
  name: 'pass',
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ ctx }) => ({ turn: 0, current: ctx.currentPlayer }),
  // One move per turn: the turn ends by itself after the pass.
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    pass: {
      move: ({ G, ctx }) => {
        G.turn += 1;
        G.current = String((Number(ctx.currentPlayer) + 1) % ctx.numPlayers);
      },
      // Not run on the client first: the state a player sees is the
      // server's, as with the other two servers.
      client: false,
    },
  },
};
