import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { GameStore, Pruned } from './store/store.ts';

/**
 * Retention: a store that does not grow forever. A room needs only a game's latest checkpoint and the
 * steps after it, a returning seat at most the steps since the second-to-last; everything before that is
 * history. A sweep, every so often, deletes it (`store.prune`): from every game that has ended (written
 * whole to a folder first, where one is given), and from every game whose second-to-last checkpoint is
 * older than `keepMs` (abandoned games, and long ones). Every host process on a store may sweep it: a
 * prune is idempotent, and an export written twice is the same file.
 */

/** How a host keeps its store's history (`HostOptions.retain`, `stccg host --retain`). */
export interface RetentionOptions {
  /**
   * How long the history of a game in play is kept, in milliseconds: history before a second-to-last
   * checkpoint older than this goes. Undefined: only ended games lose theirs.
   */
  readonly keepMs?: number;
  /** A folder where each ended game is written whole (`GAME-ID.json`, an `ExportedGame`) before its history goes. */
  readonly exportTo?: string;
  /** How often a sweep runs, in milliseconds (default 60,000). */
  readonly everyMs?: number;
}

/** What one sweep did. */
export interface Swept extends Pruned {
  /** Ended games written to the export folder. */
  readonly exported: number;
}

/**
 * Games a sweep lists, exports and prunes at once: one statement deletes their history, and must end well
 * within the PostgreSQL store's statement timeout (a lease: 2 s) even for a backlog of long games.
 */
const BATCH = 20;
/** Batches in one sweep at most: the rest waits for the next sweep, so that a backlog never holds the store long. */
const MOST_BATCHES = 50;

/** One sweep: ended games (each exported first, where a folder is given), then old history of games in play. */
export async function sweep(store: GameStore, options: RetentionOptions): Promise<Swept> {
  let total: Swept = { games: 0, steps: 0, checkpoints: 0, exported: 0 };
  const add = (pruned: Pruned, exported = 0) => {
    total = {
      games: total.games + pruned.games,
      steps: total.steps + pruned.steps,
      checkpoints: total.checkpoints + pruned.checkpoints,
      exported: total.exported + exported,
    };
  };
  for (let batch = 0; batch < MOST_BATCHES; batch++) {
    const ended = await store.endedGames(BATCH);
    if (ended.length === 0) break;
    // Written and flushed to disk before anything is deleted: a sweep that fails between the two leaves
    // the game whole in the store, and the next sweep writes it again.
    if (options.exportTo) for (const gameId of ended) await exportTo(store, gameId, options.exportTo);
    add(await store.prune(ended), options.exportTo ? ended.length : 0);
  }
  if (options.keepMs !== undefined)
    for (let batch = 0; batch < MOST_BATCHES; batch++) {
      const old = await store.gamesWithOldHistory(options.keepMs, BATCH);
      if (old.length === 0) break;
      add(await store.prune(old));
    }
  return total;
}

/** A game written whole to `folder/GAME-ID.json`: through a temporary file, flushed, then renamed. */
async function exportTo(store: GameStore, gameId: string, folder: string): Promise<void> {
  const game = await store.exportGame(gameId);
  if (!game) return;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${gameId}.json`);
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(game)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
}

/** Sweeps a store every so often, until stopped; a sweep that fails (the store down) is tried again at the next. */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  constructor(
    private readonly store: GameStore,
    private readonly options: RetentionOptions,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.schedule();
  }

  /** Stops sweeping; resolves once a sweep under way has finished (before the store is closed). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    const every = this.options.everyMs ?? 60_000;
    // Jittered: the processes of one store, started together, do not sweep it at the same moment.
    this.timer = setTimeout(() => this.once(), every * (0.75 + Math.random() / 2));
    this.timer.unref();
  }

  private once(): void {
    this.running = sweep(this.store, this.options)
      .then((swept) => {
        if (swept.steps + swept.checkpoints > 0 || swept.exported > 0)
          this.log(
            `retention: ${swept.steps} steps and ${swept.checkpoints} checkpoints of ${swept.games} games deleted` +
              (this.options.exportTo ? `, ${swept.exported} ended games exported first` : ''),
          );
      })
      .catch((error: unknown) =>
        this.log(`retention: the sweep failed (tried again later): ${(error as Error).message}`),
      )
      .finally(() => this.schedule());
  }
}
