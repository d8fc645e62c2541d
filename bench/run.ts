import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureBattle, warmUp } from './battle.ts';
import { measureBotStrength } from './bot.ts';
import { measureCommands } from './commands.ts';
import { measureStart } from './create.ts';
import { measureFork } from './fork.ts';
import { BATTLE_SIDES, battleGrowth, moveGrowth } from './growth.ts';
import { type Budget, FULL_BUDGET, QUICK_BUDGET } from './harness.ts';
import { measureHost } from './host.ts';
import { measureKernel } from './kernel.ts';
import { measureLoad } from './load.ts';
import { measureMemory } from './memory.ts';
import { measureOdds } from './odds.ts';
import { goalsOf, goalsTable, type Measured, machineLine, performancePage, thisMachine } from './report.ts';
import { measureSkeleton } from './skeleton.ts';

/**
 * `npm run bench`: every figure measured in one process, each against the floor measured in the same
 * rounds (see harness.ts). Prints the goals with their verdicts, and writes docs/performance.md and
 * bench/results.json. `npm run bench -- --quick` is a short smoke run (its figures are rough).
 */

const quick = process.argv.includes('--quick');
const budget: Budget = quick ? QUICK_BUDGET : FULL_BUDGET;
const progress = (what: string) => process.stderr.write(`bench: ${what}\n`);
const started = performance.now();
const machine = thisMachine();

// Every size of battle, untimed, before anything is timed: otherwise whichever measure ran first
// would also pay for compiling the engine's hot paths, and be a half-compiled engine against a hot floor.
progress('warming up');
warmUp(quick ? 20 : 200, [10, ...BATTLE_SIDES.slice(0, 3)]);

progress('battle 10v10');
const battle = measureBattle(10, budget);
progress('the same battles with no rules (XState alone)');
const skeleton = measureSkeleton(10, budget);
progress('battle growth, 11 to 641 cards');
const grownBattle = battleGrowth(budget);
progress('idle move growth, 12 to 640 cards');
const grownMove = moveGrowth(budget);
progress('commands of whole replayed games');
const commands = measureCommands(budget);
progress('createGame, save and restore');
const start = measureStart(budget);
progress('fork of a game mid-battle');
const fork = measureFork(budget);
progress('the kernel beside the statecharts: battles, odds, forks, allocation');
const kernel = measureKernel(budget);
progress('memory (idle games held)');
const memory = measureMemory(quick ? 200 : 1000);
progress(`odds (${budget.oddsBattles} battles on every core)`);
const odds = measureOdds(budget);
progress(`the bot's strength (${quick ? 60 : 1000} games against each opponent, every core)`);
const bot = await measureBotStrength(budget, {
  onProgress: (done, total) => {
    if (done % 250 === 0 || done === total) progress(`bot: ${done}/${total} games`);
  },
});
const host = await measureHost(budget, progress);
// The load on two host processes (issue 25): the goal's run, the games offering 550 commands a second
// together, then the same games as fast as their answers come (the machine's capacity).
const games = quick ? 100 : 1000;
const seconds = quick ? 5 : 20;
progress(`load: ${games} games on two hosts, 550 commands a second offered`);
// Each run plays a while first, unmeasured: the hosts' code compiled hot, as a process serving all day is.
const warmSeconds = quick ? 3 : 15;
const paced = await measureLoad({ games, seconds, rate: quick ? 55 : 550, warmSeconds });
progress(`load: ${games} games on two hosts, as fast as answers come`);
const saturated = await measureLoad({ games, seconds, warmSeconds });

const measured: Measured = {
  battle,
  skeleton,
  battleGrowth: grownBattle,
  moveGrowth: grownMove,
  commands,
  start,
  memory,
  odds,
  fork,
  kernel,
  bot,
  host,
  load: { paced, saturated },
};
const goals = goalsOf(measured);
const runSeconds = (performance.now() - started) / 1000;
const date = new Date().toISOString();
process.stdout.write(`\n${goalsTable(goals)}\n\n${machineLine(machine)}; ${runSeconds.toFixed(0)} s\n`);

/** Where docs/performance.md's hand-run sections begin. */
const KEPT_MARKER =
  '<!-- Kept by npm run bench: the sections below come from their own commands (bench:storage, bench:matchmaking, chaos). -->';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Rounds are summarised: their spreads are kept, each sample is not.
const withoutRounds = JSON.parse(
  JSON.stringify(measured, (key, value) => (key === 'rounds' ? undefined : value)),
) as unknown;
writeFileSync(
  here('./results.json'),
  `${JSON.stringify({ date, machine, quick, seconds: runSeconds, goals, details: withoutRounds }, null, 2)}\n`,
);
// The page's last sections come from benches of their own (storage, matchmaking, chaos): kept as they are.
const page = here('../docs/performance.md');
const kept = readFileSync(page, 'utf8').split(KEPT_MARKER)[1];
writeFileSync(
  page,
  `${performancePage(measured, goals, machine, date, quick, runSeconds).trimEnd()}\n\n${
    kept === undefined ? '' : `${KEPT_MARKER}${kept}`
  }`,
);
progress('written to bench/results.json and docs/performance.md');
