// `npm run chaos`: every fault of test/host-faults.test.ts run 20 times and more on real servers (two
// `stccg host` processes, a PostgreSQL and a Redis of their own, TCP proxies the faults cut), and the
// figures gathered: how soon after a lease lapsed the other host took the game over, how soon the game
// was joinable again once the fault ended, and the violations the history checker found (the goal: 0).
// Prints them, and writes them to out/chaos.json.
//
//   npm run chaos [-- --rounds N] [--minutes M]
//
// Each fault's rounds are bounded in time (a share of --minutes, 40 by default); the run as a whole is
// stopped past its bound, and everything it started with it (vitest stops its hosts and servers).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const FAULTS = [
  'stall',
  'cut from PostgreSQL',
  'cut from PostgreSQL, mid-transaction',
  'cut from Redis',
  'slow PostgreSQL',
  'CPU starvation',
] as const;

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '20' }, minutes: { type: 'string', default: '40' } },
});
const rounds = Number(values.rounds);
const minutes = Number(values.minutes);
if (!(rounds >= 1) || !(minutes > 0)) {
  process.stderr.write('chaos: --rounds N (at least 1) and --minutes M (more than 0)\n');
  process.exit(2);
}

mkdirSync(`${root}out`, { recursive: true });
const figuresFile = `${root}out/chaos-rounds.jsonl`;
rmSync(figuresFile, { force: true });
const load = loadavg()[0]!;
const started = Date.now();
process.stdout.write(
  `chaos: ${FAULTS.length} faults, ${rounds} rounds each, within ${minutes} min (load average ${load.toFixed(2)})\n`,
);

// vitest runs the faults (its global setup starts the servers, its hooks stop the hosts); the rounds of
// one fault stop beginning past their share of the time, and the whole run is stopped past all of it.
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', 'test/host-faults.test.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        STCCG_FAULT_ROUNDS: String(rounds),
        STCCG_FAULT_SECONDS: String(Math.floor((minutes * 60) / FAULTS.length)),
        STCCG_FAULT_FIGURES: figuresFile,
      },
    },
  );
  const hard = setTimeout(
    () => {
      process.stderr.write('chaos: past its time: stopping the run\n');
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    },
    (minutes + 3) * 60_000,
  );
  child.once('exit', (exit, signal) => {
    clearTimeout(hard);
    resolve(exit ?? (signal ? 1 : 0));
  });
});

interface Round {
  readonly fault: string;
  readonly takeoverMs?: number;
  readonly joinableMs?: number;
  readonly violations: readonly string[];
  readonly refusals?: Readonly<Record<string, number>>;
}

let lines: string[] = [];
try {
  lines = readFileSync(figuresFile, 'utf8').split('\n').filter(Boolean);
} catch {
  // No round ran.
}
const all = lines.map((line) => JSON.parse(line) as Round);

/** The q-quantile of some figures (nearest rank), undefined for none. */
function quantile(figures: readonly number[], q: number): number | undefined {
  if (figures.length === 0) return undefined;
  const sorted = [...figures].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const ms = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));
const byFault = FAULTS.map((fault) => {
  const of = all.filter((round) => round.fault === fault);
  const takeovers = of.flatMap((round) => (round.takeoverMs === undefined ? [] : [round.takeoverMs]));
  const joinables = of.flatMap((round) => (round.joinableMs === undefined ? [] : [round.joinableMs]));
  const refusals: Record<string, number> = {};
  for (const round of of)
    for (const [code, n] of Object.entries(round.refusals ?? {})) refusals[code] = (refusals[code] ?? 0) + n;
  return {
    fault,
    rounds: of.length,
    takeoverMs: {
      p50: ms(quantile(takeovers, 0.5)),
      p99: ms(quantile(takeovers, 0.99)),
      max: ms(quantile(takeovers, 1)),
    },
    joinableMs: {
      p50: ms(quantile(joinables, 0.5)),
      p99: ms(quantile(joinables, 0.99)),
      max: ms(quantile(joinables, 1)),
    },
    violations: of.reduce((sum, round) => sum + round.violations.length, 0),
    examples: [...new Set(of.flatMap((round) => round.violations))].slice(0, 5),
    refusals,
  };
});
const takeovers = all.flatMap((round) => (round.takeoverMs === undefined ? [] : [round.takeoverMs]));
const joinables = all.flatMap((round) => (round.joinableMs === undefined ? [] : [round.joinableMs]));
const report = {
  date: new Date(started).toISOString(),
  command: `npm run chaos -- --rounds ${rounds} --minutes ${minutes}`,
  machine: { cores: cpus().length, loadAverageAtStart: Number(load.toFixed(2)), node: process.version },
  seconds: Math.round((Date.now() - started) / 1000),
  vitestExit: code,
  takeoverAfterLapseMs: { p50: ms(quantile(takeovers, 0.5)), p99: ms(quantile(takeovers, 0.99)) },
  joinableAgainMs: { p50: ms(quantile(joinables, 0.5)), p99: ms(quantile(joinables, 0.99)) },
  violations: byFault.reduce((sum, fault) => sum + fault.violations, 0),
  faults: byFault,
};
writeFileSync(`${root}out/chaos.json`, `${JSON.stringify(report, null, 2)}\n`);

const cell = (value: number | undefined) => (value === undefined ? '–' : `${value}`);
process.stdout.write(
  `\nchaos: ${all.length} rounds in ${report.seconds} s\n` +
    `${'fault'.padEnd(38)} rounds  takeover p50/p99/max ms  joinable p50/p99/max ms  violations\n` +
    byFault
      .map(
        (f) =>
          `${f.fault.padEnd(38)} ${String(f.rounds).padStart(6)}  ${`${cell(f.takeoverMs.p50)}/${cell(f.takeoverMs.p99)}/${cell(f.takeoverMs.max)}`.padStart(23)}  ${`${cell(f.joinableMs.p50)}/${cell(f.joinableMs.p99)}/${cell(f.joinableMs.max)}`.padStart(23)}  ${f.violations}`,
      )
      .join('\n') +
    `\nall: takeover after the lease lapsed p50 ${cell(report.takeoverAfterLapseMs.p50)} ms, p99 ${cell(report.takeoverAfterLapseMs.p99)} ms; ` +
    `joinable again p50 ${cell(report.joinableAgainMs.p50)} ms, p99 ${cell(report.joinableAgainMs.p99)} ms; violations ${report.violations}\n` +
    `written to out/chaos.json\n`,
);
for (const fault of byFault)
  for (const example of fault.examples) process.stdout.write(`  ${fault.fault}: ${example}\n`);
const short = byFault.filter((fault) => fault.rounds < rounds);
if (short.length > 0)
  process.stdout.write(
    `chaos: fewer rounds than asked for: ${short.map((f) => `${f.fault} (${f.rounds})`).join(', ')}\n`,
  );
process.exitCode = report.violations === 0 && short.length === 0 && code === 0 ? 0 : 1;
