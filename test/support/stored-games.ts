import type { NewGame, StoredStep } from '../../host/index.ts';
import { type Command, createGame, type RuleEvent, saveGame } from '../../src/index.ts';
import { BOARDING } from './boarding.ts';

/**
 * Games and steps written straight into a store, for the store's own tests: a game as a host creates it
 * (the boarding party's first checkpoint, signed), and steps of a made-up command with a made-up seal
 * (the store keeps seals; checking them is the host's work).
 */

export const KEY = { id: 'test', secret: 'a secret of at least thirty-two bytes for the tests' };

export function newGame(id: string): NewGame {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed, id });
  const save = JSON.stringify(saveGame(game, { key: KEY, log: false }));
  game.stop();
  return { id, seats: { alice: 'a'.repeat(64), bob: 'b'.repeat(64) }, checkpoint: { step: 0, save } };
}

export const step = (n: number): StoredStep => ({
  mac: `test:${n}`,
  step: n,
  command: { type: 'pass', player: n % 2 ? 'alice' : 'bob' } as Command,
  events: [
    { type: 'rule', kind: 'passed', clause: 'BATTLE-2', message: `step ${n}` } as unknown as RuleEvent,
  ],
});
