/**
 * The host's stores, one contract for both (the same SQL): the embedded PostgreSQL (PGlite) in a folder,
 * and a real PostgreSQL server (the tests' own, from Debian's package; see test/support/servers.ts).
 * Then the host on a store that fails: a command the store cannot commit is answered `unavailable` and
 * never carried out, and play goes on from the store's truth when it is back.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type GameStore,
  openEmbeddedStore,
  openPostgresStore,
  StoreError,
  startHost,
} from '../host/index.ts';
import { BOARDING, sit } from './support/boarding.ts';
import { freshDatabase } from './support/host-processes.ts';
import { newGame, step } from './support/stored-games.ts';
import { embeddedStoreFolder } from './support/stores.ts';

const dir = mkdtempSync(join(tmpdir(), 'stccg-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POSTGRES = inject('postgresUrl');

const STORES: Array<[string, () => Promise<GameStore>, boolean]> = [
  ['the embedded store (PGlite)', () => openEmbeddedStore(embeddedStoreFolder()), true],
  ['the PostgreSQL store', async () => openPostgresStore(await freshDatabase(POSTGRES)), POSTGRES !== ''],
];

describe.each(STORES)('%s', (_name, open, available) => {
  let store: GameStore;
  beforeAll(async () => {
    if (available) store = await open();
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  it.runIf(available)('records a game once: its seats and its first checkpoint, byte for byte', async () => {
    const game = newGame('one');
    await store.createGame(game);
    const loaded = await store.loadGame('one');
    expect(loaded).toEqual({ id: 'one', seats: game.seats, checkpoint: game.checkpoint, steps: [] });
    await expect(store.createGame(newGame('one'))).rejects.toMatchObject({ reason: 'taken' });
    expect(await store.loadGame('nobody')).toBeUndefined();
  });

  it.runIf(available)('appends steps, and loads the latest checkpoint with the steps after it', async () => {
    await store.createGame(newGame('two'));
    await store.appendSteps('two', [step(1), step(2)]);
    await store.appendSteps('two', [step(3)], { step: 3, save: '{"at":3}' });
    await store.appendSteps('two', [step(4)]);
    const loaded = await store.loadGame('two');
    expect(loaded?.checkpoint).toEqual({ step: 3, save: '{"at":3}' });
    expect(loaded?.steps).toEqual([step(4)]);
    expect(await store.stepsSince('two', 1)).toEqual([step(2), step(3), step(4)]);
  });

  it.runIf(available)('keeps the last two checkpoints only', async () => {
    await store.createGame(newGame('three'));
    for (let n = 1; n <= 4; n++)
      await store.appendSteps('three', [step(n)], { step: n, save: `{"at":${n}}` });
    const before = await store.counts();
    await store.appendSteps('three', [step(5)], { step: 5, save: '{"at":5}' });
    const after = await store.counts();
    expect(after.checkpoints).toBe(before.checkpoints);
    expect((await store.loadGame('three'))?.checkpoint.step).toBe(5);
  });

  it.runIf(available)(
    'refuses a step already stored (conflict), committing nothing of that append',
    async () => {
      await store.createGame(newGame('four'));
      await store.appendSteps('four', [step(1), step(2)]);
      await expect(store.appendSteps('four', [step(3), step(2)])).rejects.toMatchObject({
        name: 'StoreError',
        reason: 'conflict',
      });
      expect((await store.loadGame('four'))?.steps.map((s) => s.step)).toEqual([1, 2]);
    },
  );

  it.runIf(available)('keeps the first key it is given, for every later host', async () => {
    const first = await store.keptKey(() => ({ id: 'k1', secret: 's'.repeat(40) }));
    const second = await store.keptKey(() => ({ id: 'k2', secret: 't'.repeat(40) }));
    expect(second).toEqual(first);
  });
});

/** The holder the store's lock file names. */
const lockIn = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'host.lock'), 'utf8')) as { pid: number; nonce: string };

describe('the embedded store is one process’s at a time', () => {
  it('a second open of its folder is refused (locked), naming the process that holds it', async () => {
    const folder = embeddedStoreFolder();
    const store = await openEmbeddedStore(folder);
    try {
      await expect(openEmbeddedStore(folder)).rejects.toThrow(StoreError);
      await expect(openEmbeddedStore(folder)).rejects.toMatchObject({ reason: 'locked' });
      await expect(openEmbeddedStore(folder)).rejects.toThrow(`pid ${process.pid}`);
    } finally {
      await store.close();
    }
    // Closed, it opens again.
    await (await openEmbeddedStore(folder)).close();
  }, 60_000);

  it('a lock naming this very pid, but not held by this process, is an earlier process’s (a host restarted as pid 1): taken over', async () => {
    const folder = embeddedStoreFolder();
    writeFileSync(
      join(folder, 'host.lock'),
      JSON.stringify({ pid: process.pid, nonce: 'earlier', started: '1' }),
    );
    const store = await openEmbeddedStore(folder);
    try {
      // The lock is this open's now: its own nonce, not the earlier process's; and it holds.
      expect(lockIn(folder)).toMatchObject({ pid: process.pid });
      expect(lockIn(folder).nonce).not.toBe('earlier');
      await expect(openEmbeddedStore(folder)).rejects.toMatchObject({ reason: 'locked' });
      expect(await store.counts()).toMatchObject({ games: 0 });
    } finally {
      await store.close();
    }
    expect(existsSync(join(folder, 'host.lock'))).toBe(false);
  }, 60_000);

  it('a lock left by a process that died (SIGKILL) is taken over', async () => {
    const folder = embeddedStoreFolder();
    await (await openEmbeddedStore(folder)).close();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(join(folder, 'host.lock'), JSON.stringify({ pid: dead }));
    const store = await openEmbeddedStore(folder);
    try {
      // Taken over: the lock names this process, not the dead one, and keeps a second open out.
      expect(lockIn(folder).pid).toBe(process.pid);
      await expect(openEmbeddedStore(folder)).rejects.toMatchObject({ reason: 'locked' });
      expect(await store.counts()).toMatchObject({ games: 0 });
    } finally {
      await store.close();
    }
    expect(existsSync(join(folder, 'host.lock'))).toBe(false);
  }, 60_000);
});

describe('a host whose store fails a commit', () => {
  it('answers the command unavailable and never carries it out; when the store is back, play goes on from its truth', async () => {
    const inner = await openEmbeddedStore(embeddedStoreFolder());
    let failing = false;
    const store: GameStore = Object.assign(Object.create(inner) as GameStore, {
      appendSteps: (...args: Parameters<GameStore['appendSteps']>) =>
        failing
          ? Promise.reject(new StoreError('the store is unavailable: connection refused', 'unavailable'))
          : inner.appendSteps(...args),
      loadGame: (id: string) =>
        failing
          ? Promise.reject(new StoreError('the store is unavailable: connection refused', 'unavailable'))
          : inner.loadGame(id),
    });
    const host = await startHost({ port: 0, store });
    try {
      const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
      const alice = await sit(host.url, created, 'alice');
      const bob = await sit(host.url, created, 'bob');
      expect(await alice.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
      await bob.until(() => bob.step === 1, 'step 1');
      failing = true;
      const refused = await bob.send(BOARDING.log[1]);
      expect(refused).toMatchObject({ ok: false, refused: { code: 'unavailable' } });
      expect((await inner.loadGame(created.gameId))?.steps.map((s) => s.step)).toEqual([1]);
      // While it is down, every command is refused the same way.
      expect(await bob.send(BOARDING.log[1])).toMatchObject({ ok: false, refused: { code: 'unavailable' } });
      expect(bob.step).toBe(1);
      failing = false;
      // Back: the same command is carried out at step 2, as the store says, and everyone is told.
      expect(await bob.send(BOARDING.log[1])).toMatchObject({ ok: true, step: 2 });
      await alice.until(() => alice.step === 2, 'step 2 at Alice');
      expect(alice.failures).toEqual([]);
      expect((await inner.loadGame(created.gameId))?.steps.map((s) => s.step)).toEqual([1, 2]);
      await alice.leave();
      await bob.leave();
    } finally {
      await host.close();
    }
  }, 60_000);
});
