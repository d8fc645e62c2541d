import { Worker } from 'node:worker_threads';
import type { InspectionEvent } from 'xstate';
import { compact } from './summaries.ts';

/**
 * Stately's inspector, for users with a connection to stately.ai: `stccg demo --stately` sends the
 * battle there (`@statelyai/inspect`, the XState v5 successor of `@xstate/inspect`, which only
 * supports XState 4). Strictly opt-in: the package is imported (dynamically) only when this is
 * called, and nothing of it loads otherwise.
 *
 * The Sky inspector's socket cannot be closed through its API and keeps reconnecting while the site
 * cannot be reached, so it runs in a worker thread: the worker is unref'd (it never keeps the program
 * alive) and `stop()` terminates it. On this side, the package's own inspector turns XState's
 * inspection events into Stately's serialisable ones and posts them to the worker.
 */
export interface StatelyConnection {
  /** XState's inspection observer: give it to `createGame(setup, { inspect })`. */
  readonly inspect: (event: InspectionEvent) => void;
  /** Gives what was sent a moment to leave (none if stately.ai is unreachable), then closes everything. */
  stop(): Promise<void>;
}

export interface StatelyOptions {
  /** Where to say what happens (stderr in the CLI). */
  readonly log: (line: string) => void;
  /** How long `stop()` waits for the events to leave, when stately.ai is reachable (default 2 s). */
  readonly graceMs?: number;
}

export async function connectStately(options: StatelyOptions): Promise<StatelyConnection> {
  // An optional peer dependency: only this opt-in feature needs it (and its WebSocket stack).
  let createInspector: typeof import('@statelyai/inspect').createInspector;
  try {
    ({ createInspector } = await import('@statelyai/inspect'));
  } catch {
    throw new Error(
      "Stately's inspector needs the optional package @statelyai/inspect: npm install @statelyai/inspect",
    );
  }
  const worker = new Worker(new URL('./stately-worker.mjs', import.meta.url));
  worker.unref();
  let unreachable = false;
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const giveUp = (why: string) => {
    if (unreachable) return;
    unreachable = true;
    options.log(`Stately inspector: stately.ai cannot be reached (${why}); going on without it`);
    settle();
  };
  worker.on('message', (message: { type?: string; message?: string }) => {
    if (message.type === 'unreachable') giveUp(message.message ?? 'no connection');
  });
  worker.on('error', (error) => giveUp(error.message));

  const inspector = createInspector(
    { send: (event) => worker.postMessage(event) },
    // Structured cloning refuses functions and actor references: send plain data only.
    { serialize: (event) => plain(event) as typeof event },
  );
  return {
    inspect: (event) => inspector.inspect.next?.(event),
    async stop() {
      // The inspector hands each event over on a timer of its own: let those run first.
      await sleep(20);
      if (!unreachable) await Promise.race([settled, sleep(options.graceMs ?? 2000)]);
      inspector.stop();
      await worker.terminate();
    },
  };
}

/** A Stately event as plain data; of a snapshot, only what the inspector shows (not the machine object). */
function plain(event: object): unknown {
  const { snapshot, ...rest } = event as { snapshot?: Record<string, unknown> };
  if (!snapshot) return compact(rest);
  const { status, value, context, output, error } = snapshot;
  return compact({ ...rest, snapshot: { status, value, context, output, error } });
}

// Bounded waits, so they may hold the program open: the grace is what lets the events leave.
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
