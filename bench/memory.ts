import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createGame, type Game } from '../src/index.ts';
import { idleSetup } from './setups.ts';

/**
 * Heap per idle game: many games held at once (a server hosting them), the heap measured after a full
 * collection before and after, divided by their number. Everything a game keeps counts: its origin
 * (the setup, for saves and replays), the board, the game actor and one actor per hologram.
 */

export interface MemoryResult {
  readonly games: number;
  readonly cards: number;
  readonly holograms: number;
  readonly bytesPerGame: number;
}

/** A full collection: `global.gc` under `node --expose-gc`, else the flag is set now. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapAfterCollection(gc: () => void): number {
  // Twice: what the first collection frees may let weakly held caches go in the second.
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export function measureMemory(games = 1000): MemoryResult {
  const gc = collector();
  const setup = idleSetup();
  // One game first, so that modules, the card library and compiled code are not counted.
  createGame(setup).stop();
  const before = heapAfterCollection(gc);
  const held: Game[] = [];
  for (let i = 0; i < games; i++) held.push(createGame(setup, { seed: i }));
  const after = heapAfterCollection(gc);
  const bytesPerGame = (after - before) / held.length;
  for (const game of held) game.stop();
  return {
    games: held.length,
    cards: setup.cards.length,
    holograms: setup.cards.filter((card) => card.hologram !== undefined).length,
    bytesPerGame,
  };
}
