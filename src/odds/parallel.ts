import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Tinypool from 'tinypool';
import { checkedOptions } from '../game/options.ts';
import {
  type BattleOdds,
  emptyOddsTally,
  mergeOddsTally,
  ODDS_OPTIONS,
  OddsError,
  type OddsOptions,
  type OddsTally,
  oddsReport,
  playOddsBattles,
  prepareOdds,
} from './odds.ts';
import type { OddsTask } from './odds-worker.ts';

/**
 * Battle odds on every core (Node only: `worker_threads`, through tinypool's pool). The position is
 * checked and set up once on this thread; the battles are dealt to the workers in runs of consecutive
 * indices, and their tallies merged in index order. Each battle's seed depends on its index alone, so
 * the report is the one `battleOdds` gives, whatever the number of workers.
 */

export interface ParallelOddsOptions extends OddsOptions {
  /**
   * How many worker threads play the battles. By default every core Node may use
   * (`os.availableParallelism()`), but no more than one per BATTLES_PER_DEFAULT_WORKER battles: a thread
   * costs a start-up (loading the engine) worth hundreds of battles. With 1, they are played on this thread.
   */
  readonly workers?: number;
}

/** Runs per worker: enough for the workers to share the battles evenly, few enough to cost little. */
const RUNS_PER_WORKER = 8;

// The worker module is a sibling of this one: once built, `odds-worker.js`; from the TypeScript
// sources, a small entry that has tsx compile them in the worker thread too.
const fromSources = extname(fileURLToPath(import.meta.url)) === '.ts';
const workerFile = new URL(
  fromSources ? './odds-worker-from-sources.mjs' : './odds-worker.js',
  import.meta.url,
);

/** Battles that make a worker thread worth starting, when the number of workers is not given. */
export const BATTLES_PER_DEFAULT_WORKER = 50_000;

/** The number of workers asked for, checked; by default every core, but no more than the battles are worth. */
export function workerCount(workers: number | undefined, battles: number): number {
  if (workers === undefined) {
    const worth = Number.isSafeInteger(battles) ? Math.ceil(battles / BATTLES_PER_DEFAULT_WORKER) : 1;
    return Math.max(1, Math.min(availableParallelism(), worth));
  }
  if (!Number.isSafeInteger(workers) || workers < 1) {
    throw new OddsError(`workers must be a whole number of 1 or more, not ${workers}`);
  }
  return workers;
}

/**
 * Plays the attack `options.battles` times on `options.workers` threads and reports the odds: the same
 * report as `battleOdds(setup, options)`. Policies must be named (`'strongest'`, `'pass'`): a function
 * cannot cross to another thread. Rejects with `SetupError` or `OddsError`.
 */
export async function parallelBattleOdds(setup: unknown, given: ParallelOddsOptions): Promise<BattleOdds> {
  const options = checkedOptions(given, 'parallelBattleOdds', [...ODDS_OPTIONS, 'workers'], OddsError);
  const { workers: asked, onProgress, ...rest } = options;
  const workers = workerCount(asked, rest.battles);
  if (workers === 1) {
    const prepared = prepareOdds(setup, rest);
    const total = prepared.battles;
    let done = 0;
    return oddsReport(
      prepared,
      playOddsBattles(prepared, 0, total, () => onProgress?.(++done, total)),
    );
  }
  for (const [player, policy] of Object.entries(rest.policies ?? {})) {
    if (typeof policy === 'function') {
      throw new OddsError(
        `the policy of "${player}" is a function, which cannot run on a worker thread: name a policy, or use battleOdds`,
      );
    }
  }
  // Started first: the threads load the engine while this one sets the position up.
  const threads =
    Number.isSafeInteger(rest.battles) && rest.battles >= 1 ? Math.min(workers, rest.battles) : 1;
  const pool = new Tinypool({ filename: workerFile.href, minThreads: threads, maxThreads: threads });
  try {
    const prepared = prepareOdds(setup, rest);
    const total = prepared.battles;
    const size = Math.max(1, Math.ceil(total / (workers * RUNS_PER_WORKER)));
    const tasks: OddsTask[] = [];
    for (let from = 0; from < total; from += size)
      tasks.push({ prepared, from, to: Math.min(total, from + size) });
    let done = 0;
    const tallies = await Promise.all(
      tasks.map(async (task) => {
        const tally = (await pool.run(task)) as OddsTally;
        done += tally.battles;
        onProgress?.(done, total);
        return tally;
      }),
    );
    // In index order: the personnel are listed in the order they first fought, as on one thread.
    return oddsReport(prepared, tallies.reduce(mergeOddsTally, emptyOddsTally()));
  } finally {
    await pool.destroy();
  }
}
