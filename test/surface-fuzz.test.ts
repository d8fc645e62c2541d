/**
 * GAME-INPUT-1, the whole surface: hostile inputs through every door (a player's `game.send`, the
 * host's `game.effect`, the raw actor's `send`) in idle games, in every battle window and while
 * decisions are awaited, and forged saves with recomputed checksums: zero throws, zero changes on
 * refusal, every raw input answered once, every result plain JSON, zero inconsistent restores, and
 * none of the sender's code run. `npm run fuzz` runs the same at a larger scale (see surface-fuzz.ts).
 */
import { describe, expect, it } from 'vitest';
import { ranSendersCode, runSurfaceFuzz } from './support/surface-fuzz.ts';

describe('the hostile-surface fuzz run', () => {
  it('GAME-INPUT-1: thousands of hostile inputs and forged saves: no throw, no change on refusal, no silent input, no inconsistent restore', () => {
    const figures = runSurfaceFuzz({ games: 30, inputsPerState: 25, moves: 10, forgeEvery: 2, seed: 2026 });
    expect(figures.failures).toEqual([]);
    expect({
      throws: figures.throws,
      changedOnRefusal: figures.changedOnRefusal,
      unanswered: figures.unanswered,
      unserialisable: figures.unserialisable,
      inconsistentRestores: figures.inconsistentRestores,
      ranSendersCode: ranSendersCode.count,
    }).toEqual({
      throws: 0,
      changedOnRefusal: 0,
      unanswered: 0,
      unserialisable: 0,
      inconsistentRestores: 0,
      ranSendersCode: 0,
    });
    // The run reached what it claims to: thousands of inputs through each door, idle games, every
    // window of a battle and awaited decisions; forged saves refused, and some (harmless edits) restored.
    expect(figures.inputs).toBeGreaterThanOrEqual(8000);
    for (const door of ['player', 'host', 'actor'] as const)
      expect(figures.byDoor[door]).toBeGreaterThan(2000);
    for (const moment of [
      'idle',
      'startOfBattle (start-of-battle)',
      'engaged (pairing)',
      'beforeWinner (until-winner)',
      'deciding (decision)',
    ])
      expect(figures.byMoment[moment] ?? 0, moment).toBeGreaterThan(20);
    expect(figures.accepted).toBeGreaterThan(100);
    expect(figures.forgedRefused).toBeGreaterThan(50);
    expect(figures.forgedRestored).toBeGreaterThan(0);
  });
});
