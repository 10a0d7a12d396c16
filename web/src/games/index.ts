// Client components per registered game (server name → components).
import type { ClientGame } from './types';
import { wordbank } from './wordbank';
import { lettralettre } from './lettralettre';

export const clientGames: Record<string, ClientGame> = { wordbank, lettralettre };
