/**
 * Input read where a proxy cannot be told apart without running its traps (a browser: no Node, so no
 * `util.types.isProxy`). There a proxy is read like the object it stands for, and a trap that throws
 * (or a revoked proxy) must not make a door throw: the input is refused like any other that is not
 * data, with the state unchanged (GAME-INPUT-1), and a setup or save like it with its own typed error.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../src/model/node-builtin.ts', () => ({ nodeBuiltin: () => undefined }));

const { createGame, restoreGame, saveGame, SaveError, SetupError } = await import('../src/index.ts');
const { DEMO_SETUP } = await import('../src/demo/demo-setup.ts');

const throwing = <T extends object>(target: T): T =>
  new Proxy(target, {
    getPrototypeOf() {
      throw new Error('trap');
    },
    ownKeys() {
      throw new Error('trap');
    },
  });

const revoked = <T extends object>(target: T): T => {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
};

describe('GAME-INPUT-1 without a proxy check (a browser)', () => {
  it('a command whose proxy throws as it is read is refused as malformed; the state is unchanged', () => {
    const game = createGame(DEMO_SETUP, { seed: 1 });
    const before = JSON.stringify(game.persistedSnapshot());
    for (const input of [
      throwing({ type: 'endTurn', player: 'alice' }),
      revoked({ type: 'endTurn', player: 'alice' }),
    ]) {
      const sent = game.send(input);
      expect(sent.ok).toBe(false);
      if (!sent.ok) expect(sent.rejection).toMatchObject({ code: 'malformed', clause: 'GAME-INPUT-1' });
      const effect = game.effect(input);
      expect(effect.ok).toBe(false);
    }
    // The raw actor's send is XState's, which reads an event's type itself: a proxy whose traps throw
    // elsewhere is answered; a revoked one XState cannot read, and goes through game.send.
    const answers: string[] = [];
    game.actor.on('rejected', (event) => answers.push(event.code));
    expect(() => game.actor.send(throwing({ type: 'endTurn', player: 'alice' }) as never)).not.toThrow();
    expect(answers).toEqual(['malformed']);
    expect(JSON.stringify(game.persistedSnapshot())).toBe(before);
    game.stop();
  });

  it('a save or a setup whose proxy throws is refused with SaveError or SetupError, never another error', () => {
    const game = createGame(DEMO_SETUP, { seed: 1 });
    const save = saveGame(game);
    game.stop();
    for (const forged of [throwing(save), revoked(save)]) {
      expect(() => restoreGame(forged)).toThrow(SaveError);
    }
    for (const setup of [throwing(DEMO_SETUP as object), revoked(DEMO_SETUP as object)]) {
      expect(() => createGame(setup, { seed: 1 })).toThrow(SetupError);
    }
  });
});
