import { describe, expect, it, vi } from 'vitest';
import { SaveError, saveGame } from '../src/index.ts';
import { demoBattle } from './table.ts';

/**
 * GAME-INPUT-1: should the engine itself fail (a bug: XState stops an actor whose transition throws),
 * the game says so in its answer, answers nothing more, and refuses to be saved as it is: never
 * `ok`, never `queued` (an answer that promises an event that will not come).
 */

// D'k Tahg's response throws, as a bug in a rule would.
vi.mock('../src/rules/battle/responses.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/rules/battle/responses.ts')>();
  return {
    ...actual,
    resolveResponse: (...args: Parameters<typeof actual.resolveResponse>) => {
      if (args[2].card === 'tahg') throw new Error('a bug in a rule');
      return actual.resolveResponse(...args);
    },
  };
});

describe('an error inside the engine', () => {
  it('GAME-INPUT-1: the answer is a refusal that says the game stopped on an error; every later one too; no save is made of it', () => {
    const game = demoBattle(1);
    const saved = saveGame(game);
    const failed = game.send({ type: 'respond', player: 'bob', card: 'tahg' });
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.rejection.code).toBe('stopped');
    expect(failed.queued).toBeUndefined();
    expect(failed.rejection.message).toContain('error inside the engine (a bug in a rule)');
    const later = game.send({ type: 'pass', player: 'bob' });
    expect(!later.ok && later.rejection.message).toContain('error inside the engine');
    expect(() => saveGame(game)).toThrow(SaveError);
    expect(() => saveGame(game)).toThrow(/error inside the engine/);
    // The save made before it still restores the game as it was.
    expect(saved.log).toHaveLength(1);
  });
});
