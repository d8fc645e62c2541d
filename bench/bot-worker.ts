import { parentPort } from 'node:worker_threads';
import { type GameSpec, playGame } from './bot-games.ts';

/**
 * A worker thread of the bot's strength measure (bench/bot.ts): plays the games it is handed, one
 * message each, and answers each with its record. Each game depends on its spec alone, so any split of
 * the games among workers records the same games.
 */
parentPort!.on('message', (spec: GameSpec) => {
  parentPort!.postMessage(playGame(spec));
});
