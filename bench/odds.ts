import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { workerCount } from '../src/odds/parallel.ts';
import { type Budget, floorSample } from './harness.ts';

/**
 * Odds of `examples/odds/boarding-party.json` as a user gets them: `stccg odds FILE --battles N --json`,
 * the built program in a process of its own (its start, reading the position, the worker pool on every
 * core, the report), timed on the clock from outside. `bench/odds-cli.mjs` runs it as `bin/stccg.mjs`
 * does and adds the CPU its process used (every thread, the workers' too). `npm run bench` builds first.
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
const RUNNER = fileURLToPath(new URL('./odds-cli.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));

export function measureOdds(budget: Budget): OddsResult {
  if (!existsSync(BUILT)) throw new Error('the odds are timed on the built program: npm run build first');
  const before = floorSample();
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [RUNNER, 'odds', FILE, '--battles', String(budget.oddsBattles), '--json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  const floorNs = (before.wall + floorSample().wall) / 2;
  if (run.status !== 0) throw new Error(`stccg odds failed (${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { battles: number };
  if (report.battles !== budget.oddsBattles) throw new Error('the odds played the wrong number of battles');
  const cpu = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as { cpuMicroseconds: number };
  return {
    battles: budget.oddsBattles,
    // As `stccg odds` chooses by default (every core, one per 1,000 battles): its own rule.
    workers: workerCount(undefined, budget.oddsBattles),
    seconds,
    secondsPer10000: (seconds * 10_000) / budget.oddsBattles,
    battlesPerSecond: budget.oddsBattles / seconds,
    cpuSeconds: cpu.cpuMicroseconds / 1e6,
    floorNs,
  };
}
