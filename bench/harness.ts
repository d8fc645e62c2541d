import { Bench, type FnHook, type FnReturnedObject } from 'tinybench';

/** What one timed task measured, in milliseconds per operation. */
export interface Timing {
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  /** Relative margin of error of the mean, in percent (95%). */
  readonly rmePercent: number;
  readonly samples: number;
}

/** How long each task runs; `--quick` shortens everything for a smoke run. */
export interface Budget {
  /** Milliseconds of measured iterations per task (tinybench's `time`). */
  readonly timeMs: number;
  /** Milliseconds of warm-up per task, so the JIT has compiled the hot paths first. */
  readonly warmupMs: number;
}

export const FULL_BUDGET: Budget = { timeMs: 2000, warmupMs: 400 };
export const QUICK_BUDGET: Budget = { timeMs: 250, warmupMs: 100 };

/** A value the tasks accumulate, so that the JIT cannot drop the work as unused. */
export const sink = { value: 0 };

/**
 * Times one operation with tinybench: each iteration is one call of `fn`, with `beforeEach` (untimed)
 * preparing what it needs. `fn` may return tinybench's `overriddenDuration` when it times a batch itself.
 */
export async function timeTask(
  name: string,
  fn: () => undefined | FnReturnedObject,
  budget: Budget,
  beforeEach?: FnHook,
): Promise<Timing> {
  const bench = new Bench({
    name,
    time: budget.timeMs,
    warmupTime: budget.warmupMs,
    timestampProvider: 'hrtimeNow',
    throws: true,
  });
  bench.add(name, fn, { async: false, ...(beforeEach ? { beforeEach } : {}) });
  await bench.run();
  const result = bench.getTask(name)?.result;
  if (result?.state !== 'completed') throw new Error(`benchmark ${name} did not complete (${result?.state})`);
  const latency = result.latency;
  return {
    medianMs: latency.p50,
    p99Ms: latency.p99,
    meanMs: latency.mean,
    rmePercent: latency.rme,
    samples: latency.samplesCount,
  };
}

/** Nanoseconds from milliseconds, for per-event figures. */
export const toNs = (ms: number) => ms * 1e6;
