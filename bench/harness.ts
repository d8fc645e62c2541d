import { createActor, createMachine } from 'xstate';

/**
 * Measuring against the floor, round by round. The floor is what XState itself costs per event: a
 * trivial machine of three states in a ring, one event type, no guards, actions or context. Every
 * measure is taken in rounds, each round timing the floor just before and just after its sample, and
 * every ratio is taken within its round (the sample over the mean of its two floors), so that whatever
 * slows the machine in one round (other work, a frequency change, a collection) slows both sides of
 * its ratio alike. A measure reports the median of its per-round ratios and their spread.
 */

/** How long a run is: rounds per measure, and the battles the odds play. `--quick` is a smoke run. */
export interface Budget {
  readonly quick: boolean;
  /** Rounds of each measure of single operations (a battle, a command, a save). */
  readonly rounds: number;
  /** Rounds of each growth measure (every size in each round). */
  readonly growthRounds: number;
  /** Battles of the boarding party the odds play. */
  readonly oddsBattles: number;
  /** Whole games replayed for the commands' latencies, of each kind. */
  readonly replayedGames: number;
}

export const FULL_BUDGET: Budget = {
  quick: false,
  rounds: 40,
  growthRounds: 7,
  oddsBattles: 10_000,
  replayedGames: 12,
};
export const QUICK_BUDGET: Budget = {
  quick: true,
  rounds: 8,
  growthRounds: 3,
  oddsBattles: 1_000,
  replayedGames: 3,
};

/** A value the measures accumulate, so that the JIT cannot drop the work as unused. */
export const sink = { value: 0 };

const ring = createMachine({
  id: 'floor',
  initial: 'red',
  states: {
    red: { on: { NEXT: 'green' } },
    green: { on: { NEXT: 'amber' } },
    amber: { on: { NEXT: 'red' } },
  },
});
const floorActor = createActor(ring).start();
const NEXT = { type: 'NEXT' } as const;
/** Events per floor sample: long enough for the timer, short beside the samples it brackets. */
const FLOOR_EVENTS = 500;

/** Nanoseconds now, from the monotonic high-resolution clock. */
export const now = () => Number(process.hrtime.bigint());

/** Nanoseconds of CPU this process has used (every thread: the engine's, and V8's collector's). */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};

/** Time taken, in nanoseconds: on the clock, and in CPU (which other work on the machine does not inflate). */
export interface Elapsed {
  readonly wall: number;
  readonly cpu: number;
}

/** Starts a stopwatch; calling what it returns reads the time since, divided by `per` operations. */
export function stopwatch(): (per?: number) => Elapsed {
  const wall = now();
  const cpu = cpuNow();
  return (per = 1) => ({ wall: (now() - wall) / per, cpu: (cpuNow() - cpu) / per });
}

/** One floor sample: nanoseconds per event of the ring machine. */
export function floorSample(): Elapsed {
  const watch = stopwatch();
  for (let i = 0; i < FLOOR_EVENTS; i++) floorActor.send(NEXT);
  const elapsed = watch(FLOOR_EVENTS);
  sink.value += floorActor.getSnapshot().matches('red') ? 1 : 0;
  return elapsed;
}

/** Median, quartiles and extremes of a list of numbers. */
export interface Spread {
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  readonly min: number;
  readonly max: number;
  readonly n: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    n: sorted.length,
  };
}

/** One round of a measure: its sample, and the floor around it. */
export interface Round {
  /** The sample, in nanoseconds on the clock (per operation). */
  readonly ns: number;
  /** The floor of this round: the mean of the samples just before and after, ns per event on the clock. */
  readonly floorNs: number;
  /**
   * The sample in floor events, in CPU time (the sample's CPU over the floor's): on a machine shared
   * with other work, a long sample is interrupted more often than the short floor samples around it,
   * which would inflate a ratio of clock times; CPU time counts only what this process did.
   */
  readonly floorEvents: number;
  /** The same ratio in clock time (what a quiet machine would show alike). */
  readonly wallFloorEvents: number;
}

/** A measure over its rounds. */
export interface Series {
  readonly rounds: readonly Round[];
  /** The sample, in milliseconds on the clock. */
  readonly ms: Spread;
  /** The floor, in nanoseconds per event on the clock. */
  readonly floorNs: Spread;
  /** The per-round ratios of the sample to the floor, in floor events (CPU time). */
  readonly floorEvents: Spread;
  /** The same in clock time. */
  readonly wallFloorEvents: Spread;
}

/**
 * Times one round: `sample` returns the time of one operation (it may time several and divide, or
 * prepare untimed work first), bracketed by two floor samples.
 */
export function round(sample: () => Elapsed): Round {
  const before = floorSample();
  const { wall, cpu } = sample();
  const after = floorSample();
  const floorNs = (before.wall + after.wall) / 2;
  const floorCpu = (before.cpu + after.cpu) / 2;
  return { ns: wall, floorNs, floorEvents: cpu / floorCpu, wallFloorEvents: wall / floorNs };
}

/** One round of a measure whose sample waits (a network's round trip, a database's commit). */
export async function roundAsync(sample: () => Promise<Elapsed>): Promise<Round> {
  const before = floorSample();
  const { wall, cpu } = await sample();
  const after = floorSample();
  const floorNs = (before.wall + after.wall) / 2;
  const floorCpu = (before.cpu + after.cpu) / 2;
  return { ns: wall, floorNs, floorEvents: cpu / floorCpu, wallFloorEvents: wall / floorNs };
}

export function seriesOf(rounds: readonly Round[]): Series {
  return {
    rounds,
    ms: spreadOf(rounds.map((r) => r.ns / 1e6)),
    floorNs: spreadOf(rounds.map((r) => r.floorNs)),
    floorEvents: spreadOf(rounds.map((r) => r.floorEvents)),
    wallFloorEvents: spreadOf(rounds.map((r) => r.wallFloorEvents)),
  };
}

/** `count` rounds of one sample each. */
export function interleaved(count: number, sample: () => Elapsed): Series {
  const rounds: Round[] = [];
  for (let i = 0; i < count; i++) rounds.push(round(sample));
  return seriesOf(rounds);
}

/** Least-squares slope of ln(y) against ln(x): the exponent k of y ∝ x^k. */
export function fittedExponent(points: readonly (readonly [number, number])[]): number {
  const xs = points.map(([x]) => Math.log(x));
  const ys = points.map(([, y]) => Math.log(y));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mx = mean(xs);
  const my = mean(ys);
  const covariance = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const variance = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return covariance / variance;
}
