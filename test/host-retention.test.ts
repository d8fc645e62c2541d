/**
 * Retention (issue 31, item 6): a store that does not grow forever. A game's history before its
 * second-to-last checkpoint goes once the game has ended (written whole to a folder first, where asked)
 * or once it is older than the time kept; what stays still rebuilds the game, seals checked, and play
 * goes on. On both stores (the same SQL), and through a host that sweeps its own.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ExportedGame,
  type GameStore,
  openEmbeddedStore,
  openPostgresStore,
  startHost,
  sweep,
} from '../host/index.ts';
import { BOARDING, boardingReference, createBoarding, playBoarding, sit } from './support/boarding.ts';
import { freshDatabase, retrying } from './support/host-processes.ts';
import { newGame, step } from './support/stored-games.ts';
import { embeddedStoreFolder } from './support/stores.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'stccg-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A game of `steps` steps, a checkpoint every 4 (the store keeps the last two: 8 and 12 for 14 steps). */
async function played(store: GameStore, id: string, steps = 14): Promise<void> {
  await store.createGame(newGame(id));
  for (let n = 1; n <= steps; n++)
    await store.appendSteps(id, [step(n)], n % 4 === 0 ? { step: n, save: `{"at":${n}}` } : undefined);
}

const stepsOf = async (store: GameStore, id: string) =>
  (await store.stepsSince(id, 0)).map((stored) => stored.step);

const POSTGRES = inject('postgresUrl');

/** A store, and a way to run SQL on its database behind its back (to make it look older). */
interface Opened {
  readonly store: GameStore;
  /** Runs statements on the store's database while the store is closed, and opens it again. */
  reopenAfter(statements: readonly string[]): Promise<GameStore>;
}

async function embedded(): Promise<Opened> {
  const folder = embeddedStoreFolder();
  const store = await openEmbeddedStore(folder);
  return {
    store,
    async reopenAfter(statements) {
      await store.close();
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(join(folder, 'pgdata'));
      for (const statement of statements) await db.query(statement);
      await db.close();
      return openEmbeddedStore(folder);
    },
  };
}

async function postgres(): Promise<Opened> {
  const url = await freshDatabase(POSTGRES);
  const store = await openPostgresStore(url);
  return {
    store,
    async reopenAfter(statements) {
      await store.close();
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      for (const statement of statements) await db.query(statement);
      await db.end();
      return openPostgresStore(url);
    },
  };
}

const STORES: Array<[string, () => Promise<Opened>, boolean]> = [
  ['the embedded store (PGlite)', embedded, true],
  ['the PostgreSQL store', postgres, POSTGRES !== ''],
];

describe.each(STORES)('%s', (_name, open, available) => {
  let opened: Opened;
  let store: GameStore;
  beforeAll(async () => {
    if (!available) return;
    opened = await open();
    store = opened.store;
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  it.runIf(available)(
    'an ended game loses its steps up to its second-to-last checkpoint; what a room is rebuilt from stays, byte for byte',
    async () => {
      await played(store, 'ended');
      const before = await store.loadGame('ended');
      expect(await store.endedGames(10)).not.toContain('ended');
      await store.markEnded('ended');
      expect(await store.endedGames(10)).toContain('ended');
      expect(await store.prune(['ended'])).toEqual({ games: 1, steps: 8, checkpoints: 0 });
      expect(await store.loadGame('ended')).toEqual(before);
      expect(before?.checkpoint.step).toBe(12);
      // A returning seat is told the steps since the second-to-last checkpoint.
      expect(await stepsOf(store, 'ended')).toEqual([9, 10, 11, 12, 13, 14]);
      // Pruned once: listed no more, and pruning again deletes nothing.
      expect(await store.endedGames(10)).not.toContain('ended');
      expect(await store.prune(['ended'])).toEqual({ games: 0, steps: 0, checkpoints: 0 });
    },
  );

  it.runIf(available)(
    'a game in play keeps its history until its second-to-last checkpoint is older than the time kept',
    async () => {
      await played(store, 'in-play');
      await played(store, 'short', 6);
      expect(await store.gamesWithOldHistory(3_600_000, 100)).not.toContain('in-play');
      const old = await store.gamesWithOldHistory(0, 100);
      expect(old).toContain('in-play');
      // One checkpoint past the first (4, with 0 gone): steps up to 0 are none; nothing to prune.
      expect(old).not.toContain('short');
      await store.prune(old);
      expect(await stepsOf(store, 'in-play')).toEqual([9, 10, 11, 12, 13, 14]);
      expect(await stepsOf(store, 'short')).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await store.gamesWithOldHistory(0, 100)).not.toContain('in-play');
      // Marking a game ended twice keeps the first time.
      await store.markEnded('short');
      const first = (await store.exportGame('short'))?.endedAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await store.markEnded('short');
      expect((await store.exportGame('short'))?.endedAt).toBe(first);
    },
  );

  it.runIf(available)(
    'exports a game whole as one JSON value: seats, every checkpoint held, every step with its seal',
    async () => {
      await played(store, 'whole');
      const exported = await store.exportGame('whole');
      expect(exported).toMatchObject({
        format: 'stccg-rules/game-export',
        version: 1,
        id: 'whole',
        endedAt: null,
        seats: { alice: 'a'.repeat(64), bob: 'b'.repeat(64) },
        checkpoints: [
          { step: 8, save: '{"at":8}' },
          { step: 12, save: '{"at":12}' },
        ],
      });
      expect(exported?.steps).toEqual(Array.from({ length: 14 }, (_, i) => step(i + 1)));
      expect(Date.parse(exported!.createdAt)).toBeGreaterThan(Date.now() - 600_000);
      expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
      expect(await store.exportGame('nobody')).toBeUndefined();
    },
  );

  it.runIf(available)(
    'a store written before retention gains its columns as it opens, and prunes its games',
    async () => {
      await played(store, 'older');
      store = await opened.reopenAfter([
        'drop index if exists stccg_games_ended',
        'alter table stccg_games drop column ended_at',
        'alter table stccg_games drop column pruned_at',
        'alter table stccg_checkpoints drop column created_at',
      ]);
      await store.markEnded('older');
      expect(await store.endedGames(100)).toContain('older');
      await store.prune(['older']);
      expect(await stepsOf(store, 'older')).toEqual([9, 10, 11, 12, 13, 14]);
    },
    60_000,
  );
});

describe('a host sweeping its store', () => {
  it('exports an ended game whole, then prunes it and a game in play; both are rebuilt from what stays, seals checked, and play goes on', async () => {
    const folder = embeddedStoreFolder();
    const exportTo = join(dir, 'exports');
    const options = { port: 0, store: folder, graceSeconds: 1, checkpointEvery: 4 };
    let host = await startHost(options);
    const games = [await createBoarding(host.url), await createBoarding(host.url)];
    for (const game of games) {
      const players = { alice: await sit(host.url, game, 'alice'), bob: await sit(host.url, game, 'bob') };
      await playBoarding(players, 0, 14);
      for (const player of Object.values(players)) await player.leave();
    }
    const [ended, inPlay] = games.map((game) => game.gameId) as [string, string];
    await host.store.markEnded(ended);
    const whole = (await host.store.stepsSince(ended, 0)).map((stored) => stored.mac);
    await host.close();

    // A host that keeps no history of games in play, sweeping often.
    host = await startHost({ ...options, retain: { keepMs: 0, exportTo, everyMs: 50 } });
    await retrying(async () => {
      for (const id of [ended, inPlay])
        expect(await stepsOf(host.store, id)).toEqual([9, 10, 11, 12, 13, 14]);
    }, 20_000);
    const exported = JSON.parse(readFileSync(join(exportTo, `${ended}.json`), 'utf8')) as ExportedGame;
    expect(exported.steps.map((stored) => stored.mac)).toEqual(whole);
    expect(exported.endedAt).not.toBeNull();
    expect(existsSync(join(exportTo, `${inPlay}.json`))).toBe(false);
    await host.close();

    // Rebuilt from the pruned store: the same game at the same step; its last command carried out.
    host = await startHost(options);
    try {
      for (const game of games) {
        const players = {
          alice: await sit(host.url, game, 'alice', 14),
          bob: await sit(host.url, game, 'bob', 14),
        };
        expect(players.alice.step).toBe(14);
        expect(players.alice.failures).toEqual([]);
        expect(players.bob.payload).toEqual(boardingReference(14).seat('bob').payload());
        await playBoarding(players, 14, BOARDING.log.length);
        expect(players.alice.payload).toEqual(boardingReference().seat('alice').payload());
        for (const player of Object.values(players)) await player.leave();
      }
    } finally {
      await host.close();
    }
  }, 120_000);

  it('a single sweep with nothing to do deletes nothing', async () => {
    const store = await openEmbeddedStore(embeddedStoreFolder());
    try {
      await played(store, 'young');
      expect(await sweep(store, { keepMs: 3_600_000 })).toEqual({
        games: 0,
        steps: 0,
        checkpoints: 0,
        exported: 0,
      });
      expect(await stepsOf(store, 'young')).toHaveLength(14);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe('stccg host --retain', () => {
  const host = (...args: string[]) =>
    spawnSync(process.execPath, ['bin/stccg-dev.mjs', 'host', '--port', '0', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('takes a time or `ended`, and refuses anything else (exit 2)', () => {
    const refused = host('--retain', '3 weeks', '--store', join(dir, 'never'));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("'ended', or a time such as 90s, 30m, 12h, 7d");
  });

  it('refuses --export-to without --retain (exit 2)', () => {
    const refused = host('--export-to', join(dir, 'out'), '--store', join(dir, 'never'));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('give --retain too');
  });
});
