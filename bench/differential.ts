import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import type { DifferentialTally, DifferentialTask } from './differential-task.ts';

/**
 * `npm run bench:differential [-- BATTLES]` (default 1,000,000): battles played to their end through
 * both drivers, the statecharts and the kernel, on every core, and compared (every rule event, the
 * board, the last battle's record, what awaits, the step). Prints the battles, commands and divergences
 * (which must be 0) and exits 1 on any. The property test (test/kernel-differential.test.ts) compares
 * after every command of random games; this compares many more whole battles.
 */

const battles = Number(process.argv[2] ?? 1_000_000);
if (!Number.isSafeInteger(battles) || battles < 1)
  throw new Error(`battles: a whole number, not ${process.argv[2]}`);
const threads = availableParallelism();
const pool = new Tinypool({
  filename: new URL('./differential-worker.mjs', import.meta.url).href,
  minThreads: threads,
  maxThreads: threads,
});
const CHUNK = 5_000;
const started = performance.now();
const tasks: Promise<DifferentialTally>[] = [];
let done = 0;
for (let from = 0; from < battles; from += CHUNK) {
  const task: DifferentialTask = { from, count: Math.min(CHUNK, battles - from) };
  tasks.push(
    pool.run(task).then((tally: DifferentialTally) => {
      done += tally.battles;
      if (done % 50_000 < CHUNK) process.stderr.write(`differential: ${done}/${battles} battles\n`);
      return tally;
    }),
  );
}
const tallies = await Promise.all(tasks);
await pool.destroy();
const total = tallies.reduce(
  (sum, t) => ({
    battles: sum.battles + t.battles,
    commands: sum.commands + t.commands,
    divergences: sum.divergences + t.divergences,
    examples: [...sum.examples, ...t.examples].slice(0, 5),
  }),
  { battles: 0, commands: 0, divergences: 0, examples: [] as string[] },
);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${total.battles.toLocaleString('en-US')} battles (${total.commands.toLocaleString('en-US')} commands) through both drivers on ${threads} threads in ${seconds.toFixed(0)} s: ${total.divergences} divergences\n`,
);
for (const example of total.examples) process.stdout.write(`  ${example}\n`);
process.exitCode = total.divergences === 0 ? 0 : 1;
