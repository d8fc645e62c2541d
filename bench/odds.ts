import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { oddsScenario } from '../src/odds/odds.ts';
import { parallelBattleOdds } from '../src/odds/parallel.ts';
import { type Budget, floorSample, stopwatch } from './harness.ts';

/**
 * Odds of `examples/odds/boarding-party.json`, as `stccg odds` plays them: on every core, from start
 * (reading the position) to report, the pool's threads started and stopped within the time.
 */

export interface OddsResult {
  readonly battles: number;
  readonly workers: number;
  readonly seconds: number;
  /** Seconds for 10,000 battles at this rate (the goal's figure; a quick run plays fewer). */
  readonly secondsPer10000: number;
  readonly battlesPerSecond: number;
  /** CPU the run used, every thread (the workers' too): what the odds cost the machine. */
  readonly cpuSeconds: number;
  /** The floor around the run, ns per event. */
  readonly floorNs: number;
}

const FILE = fileURLToPath(new URL('../examples/odds/boarding-party.json', import.meta.url));

export async function measureOdds(budget: Budget): Promise<OddsResult> {
  const scenario = oddsScenario(JSON.parse(readFileSync(FILE, 'utf8')));
  const workers = availableParallelism();
  const options = {
    battles: budget.oddsBattles,
    seed: 1,
    workers,
    ...(scenario.attack !== undefined ? { attack: scenario.attack } : {}),
    ...(scenario.policies ? { policies: scenario.policies } : {}),
  };
  const before = floorSample();
  const watch = stopwatch();
  const report = await parallelBattleOdds(scenario.setup, options);
  const elapsed = watch();
  const seconds = elapsed.wall / 1e9;
  const floorNs = (before.wall + floorSample().wall) / 2;
  if (report.battles !== budget.oddsBattles) throw new Error('the odds played the wrong number of battles');
  return {
    battles: budget.oddsBattles,
    workers,
    seconds,
    secondsPer10000: (seconds * 10_000) / budget.oddsBattles,
    battlesPerSecond: budget.oddsBattles / seconds,
    cpuSeconds: elapsed.cpu / 1e9,
    floorNs,
  };
}
