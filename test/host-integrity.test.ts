/**
 * What the host promises about its store, each on a store made to misbehave: a command is answered only
 * once its step is committed (a store that holds the commit holds the answer); a step changed in the
 * store, a checkpoint of another game or steps with a gap are refused as the room is rebuilt, never
 * played; a client joining while the store is down is told so, and is served once it is back.
 */

import { describe, expect, it } from 'vitest';
import {
  type GameStore,
  type LoadedGame,
  openEmbeddedStore,
  type StoredStep,
  StoreError,
  startHost,
} from '../host/index.ts';
import { BOARDING, createBoarding, sit } from './support/boarding.ts';
import { SeatClient } from './support/host-client.ts';
import { embeddedStoreFolder } from './support/stores.ts';

/** A store like the embedded one, whose commits and loads a test can hold back, fail or tamper with. */
async function unrulyStore() {
  const inner = await openEmbeddedStore(embeddedStoreFolder());
  const control = {
    failing: false,
    /** While set, every commit waits for it. */
    hold: undefined as Promise<void> | undefined,
    commits: 0,
    tamper: undefined as ((loaded: LoadedGame) => LoadedGame) | undefined,
  };
  const down = () =>
    Promise.reject(new StoreError('the store is unavailable: connection refused', 'unavailable'));
  const store: GameStore = Object.assign(Object.create(inner) as GameStore, {
    async appendSteps(...args: Parameters<GameStore['appendSteps']>) {
      if (control.failing) return down();
      await control.hold;
      await inner.appendSteps(...args);
      control.commits++;
    },
    async loadGame(id: string) {
      if (control.failing) return down();
      const loaded = await inner.loadGame(id);
      return loaded && control.tamper ? control.tamper(loaded) : loaded;
    },
  });
  return { store, inner, control };
}

describe('the host and its store', () => {
  it('a command is answered, and told to anyone, only once its step is committed', async () => {
    const { store, control } = await unrulyStore();
    const host = await startHost({ port: 0, store });
    try {
      const created = await createBoarding(host.url);
      const alice = await sit(host.url, created, 'alice');
      const bob = await sit(host.url, created, 'bob');
      let release!: () => void;
      control.hold = new Promise((resolve) => (release = resolve));
      alice.room.send('command', { id: 'held', command: BOARDING.log[0] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The game has judged it, but the store has not committed it: no one has heard of it.
      expect(alice.answers.has('held')).toBe(false);
      expect(bob.step).toBe(0);
      expect(control.commits).toBe(0);
      release();
      await alice.until(() => alice.answers.has('held'), 'the answer');
      expect(alice.answers.get('held')).toMatchObject({ ok: true, step: 1 });
      expect(control.commits).toBe(1);
      await bob.until(() => bob.step === 1, 'step 1 at Bob');
      await alice.leave();
      await bob.leave();
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a step changed in the store, steps with a gap, or a checkpoint of another game: the room is not rebuilt from them', async () => {
    const { store, control } = await unrulyStore();
    const host = await startHost({ port: 0, store, checkpointEvery: 1000 });
    try {
      const created = await createBoarding(host.url);
      let players = {
        alice: await sit(host.url, created, 'alice'),
        bob: await sit(host.url, created, 'bob'),
      };
      for (const command of BOARDING.log.slice(0, 6))
        expect(await players[command.player as 'alice' | 'bob'].send(command)).toMatchObject({ ok: true });
      await players.alice.leave();
      await players.bob.leave();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the room closes
      const forgeries: Array<[string, (loaded: LoadedGame) => LoadedGame, RegExp]> = [
        [
          'a decision changed',
          (loaded) => ({
            ...loaded,
            steps: loaded.steps.map((step) =>
              step.command.type === 'decide'
                ? ({ ...step, command: { ...step.command, outcome: 'none' } } as StoredStep)
                : step,
            ),
          }),
          /step 6 has been changed since it was stored/,
        ],
        [
          'a step taken out',
          (loaded) => ({ ...loaded, steps: loaded.steps.filter((step) => step.step !== 3) }),
          /do not run on/,
        ],
        [
          'an unsealed step',
          (loaded) => ({ ...loaded, steps: loaded.steps.map((step) => ({ ...step, mac: '' })) }),
          /not sealed/,
        ],
        [
          "another game's checkpoint",
          (loaded) => ({
            ...loaded,
            checkpoint: {
              ...loaded.checkpoint,
              save: loaded.checkpoint.save.replace(created.gameId, 'other'),
            },
          }),
          /checkpoint is of another game|changed since it was signed/,
        ],
      ];
      for (const [what, tamper, why] of forgeries) {
        control.tamper = tamper;
        await expect(sit(host.url, created, 'alice'), what).rejects.toThrow(why);
      }
      // As the store holds it, the game comes back.
      control.tamper = undefined;
      players = { alice: await sit(host.url, created, 'alice'), bob: await sit(host.url, created, 'bob') };
      expect(players.alice.step).toBe(6);
      await players.alice.leave();
      await players.bob.leave();
    } finally {
      await host.close();
    }
  }, 60_000);

  it('joining while the store is down: told so and closed, never left waiting; served once it is back', async () => {
    const { store, control } = await unrulyStore();
    const host = await startHost({ port: 0, store });
    try {
      const created = await createBoarding(host.url);
      const alice = await sit(host.url, created, 'alice');
      const bob = await sit(host.url, created, 'bob');
      expect(await alice.send(BOARDING.log[0])).toMatchObject({ ok: true });
      await bob.until(() => bob.step === 1, 'step 1');
      control.failing = true;
      // Bob's pass is the rules' to accept, and the store's to refuse: the room drops its game.
      expect(await bob.send(BOARDING.log[1])).toMatchObject({ ok: false, refused: { code: 'unavailable' } });
      // A spectator joining now is told the store is unavailable, and closed.
      await expect(SeatClient.join(host.url, { gameId: created.gameId })).rejects.toThrow();
      control.failing = false;
      const watcher = await SeatClient.join(host.url, { gameId: created.gameId, since: 0 });
      expect(watcher.step).toBe(1);
      expect(watcher.heard.map((step) => step.step)).toEqual([1]);
      // And Bob's pass goes through.
      expect(await bob.send(BOARDING.log[1])).toMatchObject({ ok: true, step: 2 });
      for (const seat of [alice, bob, watcher]) await seat.leave();
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a key too weak to sign is refused as the host starts (TypeError), not at its first game', async () => {
    await expect(
      startHost({ port: 0, store: embeddedStoreFolder(), key: { id: 'k', secret: 'short' } }),
    ).rejects.toThrow(TypeError);
  }, 60_000);
});
