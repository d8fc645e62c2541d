import type { InspectionEvent } from 'xstate';
import { connectStately, type StatelyConnection } from '../debug/stately.ts';
import { recordTrace } from '../debug/trace.ts';
import { writeTrace } from '../debug/trace-files.ts';
import { type DemoWatcher, runDemo } from '../demo/demo.ts';
import type { Game } from '../game/game.ts';

/** Where `stccg demo --trace` writes when given no file. */
export const DEFAULT_DEMO_TRACE = 'out/demo-trace.jsonl';

export interface WatchedDemoOptions {
  readonly seed: number;
  /** Record the battle as a trace into this file (`true`: the default file). */
  readonly trace?: string | boolean;
  /** Send the battle to Stately's inspector too. */
  readonly stately?: boolean;
}

/** What the demo needs of the outside world (tests give their own). */
export interface DemoDevices {
  /** The demo's narration (stdout). */
  readonly write: (line: string) => void;
  /** Notes about the trace and the inspector (stderr), so that the narration stays as it is. */
  readonly note: (line: string) => void;
  readonly connectStately?: typeof connectStately;
}

/**
 * `stccg demo` with its debugging options: the demo as it always narrates, its battle recorded as a
 * trace and/or sent to Stately's inspector. With neither, the demo's games get no inspection
 * observer at all, and the inspector's package is never loaded.
 */
export async function runWatchedDemo(options: WatchedDemoOptions, devices: DemoDevices): Promise<void> {
  const tracePath = options.trace === true ? DEFAULT_DEMO_TRACE : options.trace || null;
  const recorder = tracePath
    ? recordTrace({ title: `stccg demo: the battle aboard the I.K.S. Buruk (seed ${options.seed})` })
    : null;
  let stately: StatelyConnection | null = null;
  if (options.stately) {
    // The inspector is a convenience: without it (its package missing, a worker refused) the demo goes on.
    try {
      stately = await (devices.connectStately ?? connectStately)({ log: devices.note });
    } catch (error) {
      devices.note(
        `Stately inspector: ${error instanceof Error ? error.message : String(error)}; going on without it`,
      );
    }
  }
  try {
    const watchers = [recorder, stately].filter((watcher) => watcher !== null);
    runDemo(devices.write, options.seed, watchers.length > 0 ? together(watchers) : undefined);
    if (recorder && tracePath) {
      await writeTrace(tracePath, recorder.trace());
      const records = recorder.trace().records.length;
      devices.note(
        `trace of the battle: ${tracePath} (${records} records); see it with: stccg view ${tracePath}`,
      );
    }
  } finally {
    await stately?.stop();
  }
}

/** Several watchers as one: each sees every inspection event and is told the game. */
function together(watchers: ReadonlyArray<DemoWatcher>): DemoWatcher {
  return {
    inspect: (event: InspectionEvent) => {
      for (const watcher of watchers) watcher.inspect?.(event);
    },
    attach: (game: Game) => {
      for (const watcher of watchers) watcher.attach?.(game);
    },
  };
}
