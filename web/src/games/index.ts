// Client components per registered game (server name → components).
import type { ClientGame } from './types';
import { wordbank } from './wordbank';
import { lettralettre } from './lettralettre';
import { motpourmot } from './motpourmot';
import { trapwords } from './trapwords';
import { tapecho } from './tapecho';

export const clientGames: Record<string, ClientGame> = { wordbank, lettralettre, motpourmot, trapwords, tapecho };
