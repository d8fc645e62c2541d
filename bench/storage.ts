import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type RetentionOptions, sweep } from '../host/retention.ts';
import { sealed } from '../host/seal.ts';
import { openEmbeddedStore } from '../host/store/embedded-store.ts';
import { openPostgresStore } from '../host/store/postgres-store.ts';
import type { GameStore, StoredStep } from '../host/store/store.ts';
import { startPostgres } from '../scripts/local-servers.ts';
import { generator } from '../src/bot/rng.ts';
import { type Command, createGame, type PlayerId, saveGame } from '../src/index.ts';

/**
 * Storage per game under retention (issue 31, item 6): one game of the boarding party played through
 * `steps` steps (100,000 by default) by seeded random legal commands, each step sealed as a host seals it
 * (chained from the checkpoint before it), a signed checkpoint every 50, appended to the store a
 * checkpoint's worth at a time (what a room commits one command at a time), while a retention sweep runs
 * every `sweepEvery` steps (history of a game in play kept `keepMs`: 0, the least a store may keep).
 * Sampled every tenth of the way, just before a sweep (the most it holds): the game's rows and their bytes (live data, `pg_column_size`), and the
 * tables' size on disk (`pg_total_relation_size`, dead rows included until vacuumed: on PostgreSQL its
 * autovacuum, looking every second here; the embedded store vacuums what it prunes). Then the game ends
 * and a last sweep runs. Without retention the rows grow with the steps; with it they stay bounded.
 */

const BOARDING = JSON.parse(
  readFileSync(fileURLToPath(new URL('../examples/replays/boarding-party.json', import.meta.url)), 'utf8'),
) as { setup: unknown };
const KEY = { id: 'bench', secret: 'a secret of at least thirty-two bytes for the bench' };
const CHECKPOINT_EVERY = 50;
const GAME = 'storage-bench';

/** One sample of the game's storage, at a step. */
export interface StorageSample {
  readonly step: number;
  /** The game's rows in the store now. */
  readonly steps: number;
  readonly checkpoints: number;
  /** Bytes of those rows' data (live, as PostgreSQL stores each row's values). */
  readonly liveBytes: number;
  /** Bytes on disk of the store's tables with their indexes and TOAST (dead rows too, until vacuumed). */
  readonly diskBytes: number;
  /** A step's row, on average, as stored (its data, without index). */
  readonly bytesPerStepRow: number;
}

export interface StorageResult {
  readonly store: string;
  /** A sweep every this many steps; 0: none. */
  readonly sweepEvery: number;
  readonly stepsPlayed: number;
  readonly samples: readonly StorageSample[];
  /** After the game ended and a last sweep. */
  readonly ended: StorageSample;
  /** A step's and a checkpoint's JSON text, bytes on average (what 100,000 steps would hold unpruned). */
  readonly bytesPerStep: number;
  readonly bytesPerCheckpoint: number;
  readonly seconds: number;
}

/** What the store's database holds of the game, and its tables' size. */
async function sample(
  db: pg.Client | undefined,
  store: GameStore,
  step: number,
  folder?: string,
): Promise<StorageSample> {
  const counts = await store.counts();
  if (!db) {
    // The embedded store: its rows' bytes are not asked of it from here; its folder's size on disk is.
    return {
      step,
      steps: counts.steps,
      checkpoints: counts.checkpoints,
      liveBytes: Number.NaN,
      diskBytes: folderBytes(folder!),
      bytesPerStepRow: Number.NaN,
    };
  }
  const [row] = (
    await db.query<{ live: string; disk: string; per_step: string }>(
      `select (select coalesce(avg(pg_column_size(s.*)), 0) from stccg_steps s where game_id = $1) as per_step,
              (select coalesce(sum(pg_column_size(s.*)), 0) from stccg_steps s where game_id = $1)
            + (select coalesce(sum(pg_column_size(c.*)), 0) from stccg_checkpoints c where game_id = $1) as live,
              pg_total_relation_size('stccg_steps') + pg_total_relation_size('stccg_checkpoints') as disk`,
      [GAME],
    )
  ).rows;
  return {
    step,
    steps: counts.steps,
    checkpoints: counts.checkpoints,
    liveBytes: Number(row!.live),
    diskBytes: Number(row!.disk),
    bytesPerStepRow: Number(row!.per_step),
  };
}

function folderBytes(folder: string): number {
  // The database's own files (`du`), as the embedded store keeps them in its folder.
  return Number(
    execFileSync('du', ['-sb', join(folder, 'pgdata', 'base')], { encoding: 'utf8' }).split('\t')[0],
  );
}

export async function measureStorage(options: {
  store: 'postgres' | 'embedded';
  steps: number;
  /** Every this many steps a sweep (default 1,000); 0: none (the reference, without retention). */
  sweepEvery?: number;
  retain?: RetentionOptions;
  seed?: number;
}): Promise<StorageResult> {
  const sweepEvery = options.sweepEvery ?? 1_000;
  const sweeping = sweepEvery > 0;
  const retain = options.retain ?? { keepMs: 0 };
  const folder = mkdtempSync(join(tmpdir(), 'stccg-storage-'));
  const server = options.store === 'postgres' ? await startPostgres({ shared: false }) : undefined;
  if (options.store === 'postgres' && !server)
    throw new Error('the bench needs PostgreSQL (Debian: postgresql)');
  const store =
    options.store === 'postgres'
      ? await openPostgresStore(server!.url)
      : await openEmbeddedStore(join(folder, 'store'));
  const db = server ? new pg.Client({ connectionString: server.url }) : undefined;
  try {
    await db?.connect();
    // A server's autovacuum makes deleted rows' space reusable, once a naptime (1 min by default): this game
    // writes in seconds what a game played by people writes in days, so the bench's server looks every
    // second, as a minute is to a service's churn (docs/scaling.md). The embedded store vacuums as it prunes.
    await db?.query("alter system set autovacuum_naptime = '1s'");
    await db?.query('select pg_reload_conf()');
    const started = performance.now();
    const pick = generator(options.seed ?? 1);
    const game = createGame(BOARDING.setup, { id: GAME, seed: 1, history: 64 });
    const save = () => JSON.stringify(saveGame(game, { key: KEY, log: false }));
    const first = save();
    await store.createGame({
      id: GAME,
      seats: { alice: 'a'.repeat(64), bob: 'b'.repeat(64) },
      checkpoint: { step: 0, save: first },
    });
    let previous = (JSON.parse(first) as { signature: { mac: string } }).signature.mac;
    let pending: StoredStep[] = [];
    const samples: StorageSample[] = [];
    let stepBytes = 0;
    let stepsMeasured = 0;
    let checkpointBytes = 0;
    let checkpoints = 0;
    const players: PlayerId[] = ['alice', 'bob'];
    while (game.step() < options.steps) {
      const legal = players.flatMap((player) =>
        game.legalCommands(player).map((command) => [player, command] as const),
      );
      if (legal.length === 0) throw new Error(`the game can go no further at step ${game.step()}`);
      const [player, command] = legal[pick(legal.length)]!;
      const before = game.step();
      const result = game.seat(player).send(command as Command);
      if (!result.ok) throw new Error(`a legal command was refused: ${result.rejection.message}`);
      for (const step of game.eventsSince(before, { replay: false })) {
        const stored = sealed(KEY, GAME, step, previous);
        previous = stored.mac!;
        pending.push(stored);
        stepBytes +=
          JSON.stringify(stored.command).length + JSON.stringify(stored.events).length + stored.mac!.length;
        stepsMeasured++;
      }
      const now = game.step();
      if (now - (pending[0]?.step ?? now) + 1 >= CHECKPOINT_EVERY || now >= options.steps) {
        const text = save();
        await store.appendSteps(GAME, pending, { step: now, save: text });
        checkpointBytes += text.length;
        checkpoints++;
        previous = (JSON.parse(text) as { signature: { mac: string } }).signature.mac;
        pending = [];
      }
      // Sampled before the sweep: the most the game holds (history since the last sweep too).
      if (Math.floor(now / (options.steps / 10)) > Math.floor(before / (options.steps / 10)))
        samples.push(await sample(db, store, now, join(folder, 'store')));
      if (sweeping && Math.floor(now / sweepEvery) > Math.floor(before / sweepEvery))
        await sweep(store, retain);
    }
    await store.markEnded(GAME);
    if (sweeping) await sweep(store, retain);
    const ended = await sample(db, store, game.step(), join(folder, 'store'));
    game.stop();
    return {
      store: options.store,
      sweepEvery,
      stepsPlayed: game.step(),
      samples,
      ended,
      bytesPerStep: stepBytes / Math.max(1, stepsMeasured),
      bytesPerCheckpoint: checkpointBytes / Math.max(1, checkpoints),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await db?.end().catch(() => {});
    await store.close();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

// `node --import tsx bench/storage.ts [--steps N] [--store postgres|embedded] [--sweep-every N]`: the game
// with retention, then the same game without it (the reference), printed as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1]! : fallback;
  };
  const given = {
    store: arg('store', 'postgres') as 'postgres' | 'embedded',
    steps: Number(arg('steps', '100000')),
  };
  const retained = await measureStorage({ ...given, sweepEvery: Number(arg('sweep-every', '1000')) });
  const kept = await measureStorage({ ...given, sweepEvery: 0 });
  const most = (result: StorageResult) => Math.max(...result.samples.map((s) => s.diskBytes));
  process.stdout.write(
    `${JSON.stringify({ retained, withoutRetention: kept, diskRatio: most(retained) / kept.ended.diskBytes }, null, 2)}\n`,
  );
  process.exit(0);
}
