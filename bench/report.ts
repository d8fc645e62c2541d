import { cpus, loadavg, totalmem } from 'node:os';
import type { BattleResult } from './battle.ts';
import type { BotStrength } from './bot.ts';
import type { CommandLatency } from './commands.ts';
import type { StartResult } from './create.ts';
import type { ForkResult } from './fork.ts';
import type { Growth } from './growth.ts';
import type { Spread } from './harness.ts';
import type { HostResult } from './host.ts';
import type { KernelResult } from './kernel.ts';
import type { LoadResult } from './load.ts';
import type { MemoryResult } from './memory.ts';
import type { OddsResult } from './odds.ts';
import type { SkeletonResult } from './skeleton.ts';

/**
 * What `npm run bench` writes: each goal of issue 13 (and the earlier targets) with its figure, its
 * spread over the rounds and its verdict; then the details. Times are read against the floor measured
 * in the same rounds (see harness.ts): a figure "in floor events" is how many events the trivial
 * machine processes in that time on this machine at that moment.
 */

export interface Measured {
  readonly battle: BattleResult;
  readonly skeleton: SkeletonResult;
  readonly battleGrowth: Growth;
  readonly moveGrowth: Growth;
  readonly commands: CommandLatency;
  readonly start: StartResult;
  readonly memory: MemoryResult;
  readonly odds: OddsResult;
  readonly fork: ForkResult;
  readonly kernel: KernelResult;
  readonly bot: BotStrength;
  readonly host: HostResult;
  /** The load on two host processes: at the goal's rate, and as fast as answers come. */
  readonly load: { readonly paced: LoadResult; readonly saturated: LoadResult };
}

export interface Goal {
  readonly goal: string;
  readonly value: number;
  readonly unit: string;
  /** The spread over the rounds, as text ("q1–q3, min–max"). */
  readonly spread: string;
  readonly target: string;
  readonly met: boolean;
  /** Whose work the goal waits on, when it is not this part of the issue. */
  readonly note?: string;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly node: string;
  readonly platform: string;
  /** The one-minute load average when the run began: other work on the machine slows every figure. */
  readonly loadAverage: number;
}

export function thisMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg()[0] ?? 0,
  };
}

/** Three significant figures, grouped thousands: enough to compare runs, no false precision. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  if (size >= 1000) return Math.round(value).toLocaleString('en-US');
  if (size >= 100) return value.toFixed(0);
  if (size >= 10) return value.toFixed(1);
  if (size >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

const range = (s: Spread) =>
  `${formatNumber(s.q1)}–${formatNumber(s.q3)} (min ${formatNumber(s.min)}, max ${formatNumber(s.max)}; ${s.n} rounds)`;

export function goalsOf(measured: Measured): Goal[] {
  const {
    battle,
    skeleton,
    battleGrowth,
    moveGrowth,
    commands,
    start,
    memory,
    odds,
    fork,
    kernel,
    bot,
    host,
    load,
  } = measured;
  const xstateAlone = formatNumber(skeleton.series.floorEvents.median);
  const saveAndRestore = start.save.ms.median + start.restore.ms.median;
  return [
    {
      goal: `battle 10v10: events per battle (mean of 50 seeds)`,
      value: battle.eventsPerBattle,
      unit: 'events',
      spread: '',
      target: '≤ 75',
      met: battle.eventsPerBattle <= 75,
      note: 'each pass is two events (the player’s command to the game, then PASS to the battle), each decision two (decide, then DECIDED)',
    },
    {
      goal: `idle move: growth exponent over ${moveGrowth.sizes[0]!.cards}–${moveGrowth.sizes.at(-1)!.cards} cards (median of per-round fits)`,
      value: moveGrowth.exponent.median,
      unit: '',
      spread: range(moveGrowth.exponent),
      target: moveGrowth.boundText,
      met: moveGrowth.met,
    },
    {
      goal: `battle: growth exponent over ${battleGrowth.sizes[0]!.cards}–${battleGrowth.sizes.at(-1)!.cards} cards (median of per-round fits)`,
      value: battleGrowth.exponent.median,
      unit: '',
      spread: range(battleGrowth.exponent),
      target: battleGrowth.boundText,
      met: battleGrowth.met,
    },
    {
      goal: 'battle 10v10 on the statecharts: whole battle ÷ XState alone carrying the same events (medians, same process; no slower than 0.7.0)',
      value: battle.series.floorEvents.median / skeleton.series.floorEvents.median,
      unit: '×',
      spread: `${formatNumber(battle.series.floorEvents.median)} ÷ ${xstateAlone} floor events`,
      target: '≤ 2.3×',
      met: battle.series.floorEvents.median / skeleton.series.floorEvents.median <= 2.3,
    },
    {
      goal: 'kernel: battle 10v10 on built-in policies (median on the clock)',
      value: kernel.kernelMicroseconds.median,
      unit: 'µs',
      spread: range(kernel.kernelMicroseconds),
      target: '≤ 20 µs',
      met: kernel.kernelMicroseconds.median <= 20,
      note: 'the rules’ own work (STRENGTH, piles, the aftermath, the boards they make) is most of a kernel battle: see docs/performance.md',
    },
    {
      goal: 'kernel: the statecharts’ battle ÷ the kernel’s, the same battle in the same rounds (CPU)',
      value: kernel.speedup.median,
      unit: '×',
      spread: range(kernel.speedup),
      target: '≥ 100×',
      met: kernel.speedup.median >= 100,
      note: 'see the kernel goal above',
    },
    {
      goal: 'kernel: odds, 10,000 battles of the boarding party in process (battleOdds)',
      value: kernel.oddsKernelSeconds.median,
      unit: 's',
      spread: `${range(kernel.oddsKernelSeconds)}; the statecharts ${formatNumber(kernel.oddsStatechartsSecondsPer10000.median)} s`,
      target: '≤ 0.1 s',
      met: kernel.oddsKernelSeconds.median <= 0.1,
      note: 'see the kernel goal above',
    },
    {
      goal: 'kernel: a fork mid-battle at the boarding party’s size (kernel.fork with a seed and reshuffle)',
      value: kernel.forkMicroseconds.median,
      unit: 'µs',
      spread: `${range(kernel.forkMicroseconds)}; a game into a kernel (kernelOf) ${formatNumber(kernel.intoKernelMicroseconds.median)} µs`,
      target: '≤ 5 µs',
      met: kernel.forkMicroseconds.median <= 5,
    },
    {
      goal: 'kernel: bytes allocated by a battle 10v10 (reported)',
      value: kernel.bytesPerBattle.median / 1024,
      unit: 'KiB',
      spread: `the statecharts ${formatNumber(kernel.statechartBytesPerBattle.median / 1024)} KiB`,
      target: 'reported',
      met: true,
    },
    {
      goal: 'fork of a game mid-battle at the boarding party’s size (median)',
      value: fork.boardingParty.ms.median,
      unit: 'ms',
      spread: `${range(fork.boardingParty.ms)}; ${formatNumber(fork.boardingParty.floorEvents.median)} floor events`,
      target: '≤ 0.1 ms',
      met: fork.boardingParty.ms.median <= 0.1,
    },
    ...bot.matchups.map((m) => ({
      goal: `bot against a ${m.opponent} player: won of the games not drawn (${formatNumber(m.games)} games, ${formatNumber(m.draws)} drawn)`,
      value: 100 * m.winRate.value,
      unit: '%',
      spread: `95% Wilson ${formatNumber(100 * m.winRate.low)}–${formatNumber(100 * m.winRate.high)}%; ${m.wins} won, ${m.losses} lost`,
      target: `≥ ${formatNumber(100 * m.goal)}%`,
      met: m.met,
    })),
    {
      goal: `bot: illegal commands chosen (${formatNumber(bot.decisions)} decisions searched)`,
      value: bot.illegal,
      unit: '',
      spread: '',
      target: '0',
      met: bot.illegal === 0,
    },
    {
      goal: `bot: a decision at the default budget (median on the clock, ${bot.timing.decisions} decisions alone on a thread)`,
      value: bot.timing.ms.median,
      unit: 'ms',
      spread: `${range(bot.timing.ms)}; ${formatNumber(100 * bot.timing.overBudget)}% over ${bot.budgetMs} ms`,
      target: `≤ ${bot.budgetMs} ms`,
      met: bot.timing.ms.median <= bot.budgetMs,
    },
    {
      goal: `odds: 10,000 battles of the boarding party on ${odds.workers} worker${odds.workers === 1 ? '' : 's'}${odds.battles === 10_000 ? '' : ` (from ${formatNumber(odds.battles)} played)`}`,
      value: odds.secondsPer10000,
      unit: 's',
      spread: `${formatNumber((odds.cpuSeconds * 10_000) / odds.battles)} s of CPU`,
      target: '≤ 0.5 s',
      met: odds.secondsPer10000 <= 0.5,
      note: 'timed as a user runs it: `stccg odds FILE --battles 10000`, the built program in a process of its own, its start in the time; on the kernel',
    },
    {
      goal: `commands: p99 over all ${formatNumber(commands.commands)} commands of ${commands.games} replayed games (earlier target)`,
      value: commands.ms.p99,
      unit: 'ms',
      spread: `${formatNumber(commands.floorEvents.p99)} floor events`,
      target: '< 1 ms',
      met: commands.ms.p99 < 1,
    },
    {
      goal: 'save + restore in mid-battle, medians (earlier target)',
      value: saveAndRestore,
      unit: 'ms',
      spread: '',
      target: '< 2 ms',
      met: saveAndRestore < 2,
    },
    {
      goal: `host: median update, its JSON Patch ÷ the whole payload (boarding party, ${host.patch.updates} updates of both seats and a spectator)`,
      value: host.patch.ratio.median * 100,
      unit: '%',
      spread: `${formatNumber(host.patch.ratio.q1 * 100)}–${formatNumber(host.patch.ratio.q3 * 100)}% (min ${formatNumber(host.patch.ratio.min * 100)}, max ${formatNumber(host.patch.ratio.max * 100)}); ${formatNumber(host.patch.patchBytes.median)} B of ${formatNumber(host.patch.wholeBytes.median)} B`,
      target: '≤ 15%',
      met: host.patch.ratio.median <= 0.15,
    },
    {
      goal: `load: games open at once on two host processes (${load.paced.seats.toLocaleString('en-US')} seats)`,
      value: load.paced.games,
      unit: 'games',
      spread: `opened in ${formatNumber(load.paced.joinSeconds)} s; ${formatNumber(load.paced.kbPerIdleGame)} KB of host memory each, idle`,
      target: '≥ 1,000',
      met: load.paced.games >= 1000,
    },
    {
      goal: `load: accepted commands a second, ${load.paced.offered ?? '?'} a second offered by ${load.paced.games.toLocaleString('en-US')} games`,
      value: load.paced.perSecond,
      unit: '/s',
      spread: `as fast as answers come: ${formatNumber(load.saturated.perSecond)}/s`,
      target: '≥ 500',
      met: load.paced.perSecond >= 500,
    },
    {
      goal: `load: a command's round trip, p99, at ${load.paced.offered ?? '?'} a second offered`,
      value: load.paced.roundTrip.p99,
      unit: 'ms',
      spread: `p50 ${formatNumber(load.paced.roundTrip.median)} ms, max ${formatNumber(load.paced.roundTrip.max)} ms`,
      target: '≤ 50 ms',
      met: load.paced.roundTrip.p99 <= 50,
      note: `every process on this 2-core machine, each by its own pid, after ${formatNumber(load.paced.warmSeconds)} s of warm-up: CPU a command, the hosts ${formatNumber(load.paced.hostCpuMsPerCommand)} ms, PostgreSQL ${formatNumber(load.paced.cpuMsPerCommand.postgres)} ms, Redis ${formatNumber(load.paced.cpuMsPerCommand.redis)} ms, the load generator ${formatNumber(load.paced.cpuMsPerCommand.generator)} ms, other work on the machine ${formatNumber(load.paced.cpuMsPerCommand.other)} ms; load average ${formatNumber(load.paced.loadAverage[0])}-${formatNumber(load.paced.loadAverage[1])} (see docs/scaling.md)`,
    },
    {
      goal: 'load: errors and commands lost (both runs; the store against what the seats saw accepted)',
      value: load.paced.errors + load.saturated.errors + load.paced.lost + load.saturated.lost,
      unit: '',
      spread: `errors ${load.paced.errors + load.saturated.errors}, lost ${load.paced.lost + load.saturated.lost}, refused by a host ${load.paced.refusedByHost + load.saturated.refusedByHost}, stale ${load.paced.stale + load.saturated.stale}`,
      target: '0',
      met: load.paced.errors + load.saturated.errors + load.paced.lost + load.saturated.lost === 0,
    },
    {
      goal: `idle game of ${memory.cards} cards: heap per game, of ${memory.games} held (earlier target)`,
      value: memory.bytesPerGame / 1024,
      unit: 'KB',
      spread: '',
      target: '< 100 KB',
      met: memory.bytesPerGame < 100 * 1024,
    },
  ];
}

/** A Markdown table, its columns padded as the formatter (Biome) writes them; `right` columns right-aligned. */
function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: ReadonlySet<number>,
): string {
  const widths = header.map((title, i) => Math.max(title.length, 3, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (right.has(i) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const verdict = (met: boolean) => (met ? 'met' : '**MISSED**');

export function machineLine(machine: Machine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverage.toFixed(2)} at the start`;
}

/** The goals as a Markdown table (also printed on the terminal). */
export function goalsTable(goals: readonly Goal[]): string {
  return table(
    ['goal', 'value', 'spread (q1–q3)', 'target', 'verdict'],
    goals.map((g) => [
      g.goal,
      `${formatNumber(g.value)} ${g.unit}`.trimEnd(),
      g.spread,
      g.target,
      `${verdict(g.met)}${g.met || !g.note ? '' : ` (${g.note})`}`,
    ]),
    new Set([1]),
  );
}

/** The whole page, docs/performance.md. */
export function performancePage(
  measured: Measured,
  goals: readonly Goal[],
  machine: Machine,
  date: string,
  quick: boolean,
  seconds: number,
): string {
  const { battle, skeleton, battleGrowth, moveGrowth, commands, start, odds, host, kernel } = measured;
  const ms = (s: Spread) => `${formatNumber(s.median)} ms`;
  const fe = (s: Spread) => `${formatNumber(s.median)} (${formatNumber(s.q1)}–${formatNumber(s.q3)})`;
  const growthTable = (g: Growth) =>
    table(
      ['cards', 'median', 'in floor events (q1–q3)'],
      g.sizes.map((s) => [String(s.cards), ms(s.ms), fe(s.floorEvents)]),
      new Set([0, 1, 2]),
    );
  return `# Performance

> Generated by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${date}; do not edit by hand (the next run rewrites it, and \`bench/results.json\` holds every figure).${quick ? ' **A quick run: its figures are rough.**' : ''}

Machine: ${machineLine(machine)}; the run took ${seconds.toFixed(0)} s.

## How it is measured

The floor is what XState itself costs per event: a machine of three states in a ring, one event, no
guards, actions or context. Every measure is taken in rounds; each round times the floor just before
and just after its sample, and the ratio is taken within the round (the sample over the mean of its two
floors), so that whatever slows the machine during a round slows both sides of its ratio alike. Ratios
("in floor events") are of CPU time, which counts only what this process did: on a machine shared with
other work, a long sample is interrupted more often than the short floor samples around it, and a ratio
of clock times would grow with the sample's length (\`bench/results.json\` keeps the clock ratios too,
\`wallFloorEvents\`). Each figure is the median of its rounds, with the quartiles (and extremes) of the
rounds beside it. Both sides are measured hot: before anything is timed, the engine plays battles of
every size until its hot paths are compiled (some 200 battles' worth), and creates, saves and restores
games 150 times before those are timed (paths of their own: the setup's checks, the save's schema and
checksum), as the floor's tiny loop is within its first samples: the figures are a server's that plays and
restores games all day, not a first call's. Absolute times swing with whatever else the machine runs; the ratios are the figures
to compare between runs, and even they swing by a quarter from one run to the next on this machine.

## Goals

${goalsTable(goals)}

## Details

Floor: ${formatNumber(battle.series.floorNs.median)} ns per event (median of the battle's rounds; ${formatNumber(1e9 / battle.series.floorNs.median)} events per second).

**Battle 10 against 10** (${battle.cards} cards; both players \`strongest\`; ${formatNumber(battle.eventsPerBattle)} events and ${formatNumber(battle.commandsPerBattle)} commands per battle): ${ms(battle.series.ms)} (q1–q3 ${formatNumber(battle.series.ms.q1)}–${formatNumber(battle.series.ms.q3)} ms), ${fe(battle.series.floorEvents)} floor events; per event ${formatNumber(battle.perEventRatio.median)}× the floor's.

**The kernel** (\`bench/kernel.ts\`; the engine's second driver over the same rules, \`src/kernel/\`): the same 10-against-10 battle, both players \`strongest\`, ${formatNumber(kernel.kernelMicroseconds.median)} µs on the kernel (q1–q3 ${formatNumber(kernel.kernelMicroseconds.q1)}–${formatNumber(kernel.kernelMicroseconds.q3)}) against ${ms(kernel.statecharts.ms)} on the statecharts in the same rounds: ${formatNumber(kernel.speedup.median)}× (q1–q3 ${formatNumber(kernel.speedup.q1)}–${formatNumber(kernel.speedup.q3)}, of CPU time). It allocates ${formatNumber(kernel.bytesPerBattle.median / 1024)} KiB a battle, the statecharts ${formatNumber(kernel.statechartBytesPerBattle.median / 1024)} KiB. Odds of the boarding party, 10,000 battles in this process: ${formatNumber(kernel.oddsKernelSeconds.median)} s on the kernel, ${formatNumber(kernel.oddsStatechartsSecondsPer10000.median)} s on the statecharts (a game a battle, as the odds were played in 0.7.0, from ${quick ? 100 : 500} battles). A fork of a kernel mid-battle: ${formatNumber(kernel.forkMicroseconds.median)} µs; a game's state into a kernel: ${formatNumber(kernel.intoKernelMicroseconds.median)} µs. In 0.7.0 (bench/results.json of 2 December 2026), with the statecharts alone: the odds took 6.6 s on two workers, a fork 0.055 ms, and the battle was 2.17× XState alone. What stands in the way of the kernel's goals is the rules' own work, which both drivers share: by profile (\`node --cpu-prof\` over kernel battles, docs/architecture.md), resolving the commands is about 60% of a kernel battle (STRENGTH and its modifiers about a fifth, re-read at the pairing's turn, its decision and the totals; the boards and cards each command makes; the attack's schema check), the kernel's own stepping (its battle sequence, tables, policies) about a sixth, and the collector the rest.

**The same battles with no rules** (\`bench/skeleton.ts\`): XState's own share. Each of the battles the event counts were taken on is recorded, and played again by the battle's and the holograms' own charts under a game chart of the same shape: for each command (${formatNumber(skeleton.commandsPerBattle)} a battle on average), a guarded transition running the actions the game ran (one assign, the ${formatNumber(skeleton.sentPerBattle)} sends to the battle and the holograms, the ${formatNumber(skeleton.emittedPerBattle)} emitted events), with what the rules decided recorded instead of worked out; no gate, table, rules or policy. ${ms(skeleton.series.ms)}, ${fe(skeleton.series.floorEvents)} floor events: ${formatNumber((100 * skeleton.series.floorEvents.median) / battle.series.floorEvents.median)}% of the battle above. A goal for the whole battle below this figure cannot be met by the rules: it asks for fewer events or actions, which is the shape of the actor system and of its emitted events, not the rules' work. The game's part alone, with nothing sent to the battle actor: ${fe(skeleton.gameAlone.floorEvents)} floor events; the rest is the battle actor's own events, the most that running the battle as a state of the game's actor could save of XState's work.

**Battle growth** (fitted exponent ${fe(battleGrowth.exponent)}, bound ${battleGrowth.boundText}; the last step alone ${fe(battleGrowth.lastStepExponent)}):

${growthTable(battleGrowth)}

**Idle \`move\` growth** (fitted exponent ${fe(moveGrowth.exponent)}, bound ${moveGrowth.boundText}):

${growthTable(moveGrowth)}

**Commands of whole replayed games** (${formatNumber(commands.commands)} commands of ${commands.games} games: random games of the property tests' generators, 10-against-10 battles and idle games played by random legal commands; each command timed alone): median ${formatNumber(commands.ms.median)} ms, p99 ${formatNumber(commands.ms.p99)} ms (${formatNumber(commands.floorEvents.p99)} floor events), max ${formatNumber(commands.ms.max)} ms.

${table(
  ['command', 'sent', 'p99'],
  commands.byType.map((t) => [t.type, String(t.count), `${formatNumber(t.p99Ms)} ms`]),
  new Set([1, 2]),
)}

**What a client pays to start** (medians; in floor events):

${table(
  ['', 'median', 'in floor events (q1–q3)'],
  [
    [
      `createGame, idle game of ${start.idleCards} cards`,
      ms(start.createIdle.ms),
      fe(start.createIdle.floorEvents),
    ],
    [
      `createGame, battle 10v10 (${start.battleCards} cards)`,
      ms(start.createBattle.ms),
      fe(start.createBattle.floorEvents),
    ],
    [
      `save in mid-battle (${formatNumber(start.saveBytes / 1024)} KB of JSON)`,
      ms(start.save.ms),
      fe(start.save.floorEvents),
    ],
    ['restore in mid-battle (from JSON text)', ms(start.restore.ms), fe(start.restore.floorEvents)],
  ],
  new Set([1, 2]),
)}

**Odds** of \`examples/odds/boarding-party.json\`: ${formatNumber(odds.battles)} battles on ${odds.workers} worker threads in ${formatNumber(odds.seconds)} s on the clock (${formatNumber(odds.battlesPerSecond)} battles per second), ${formatNumber(odds.cpuSeconds)} s of CPU over every thread; the floor was ${formatNumber(odds.floorNs)} ns per event around the run.

${botSection(measured.fork, measured.bot)}
${hostSection(host)}
${loadSection(measured.load)}`;
}

/** The fork and the bot's strength (issue 26). */
function botSection(fork: ForkResult, bot: BotStrength): string {
  const ms = (s: Spread) => `${formatNumber(s.median)} ms`;
  return `## Forks and the computer opponent (stccg-rules/bot)

**A fork of a game** (\`bench/fork.ts\`: \`game.fork()\` of the boarding party at every step of its battle, ${fork.cards} cards): ${ms(fork.boardingParty.ms)} (q1–q3 ${formatNumber(fork.boardingParty.ms.q1)}–${formatNumber(fork.boardingParty.ms.q3)} ms), ${formatNumber(fork.boardingParty.floorEvents.median)} floor events; the 10-against-10 battle just after its attack, ${ms(fork.battle10.ms)}. A save and a restore of the same game takes some twenty times as long (above).

**The bot's strength** (\`bench/bot.ts\`; alone: \`node --import tsx bench/bot-main.ts\`): ${bot.positions} positions where a battle can happen (the examples, and random positions of the property tests' generators), each game played for ${bot.turns} turns with the bot on either side, at its default budget (${bot.budgetMs} ms), on ${bot.workers} worker threads in ${formatNumber(bot.seconds)} s. A game's score is the opponent's personnel killed or captured minus one's own.

${table(
  ['against', 'games', 'won', 'lost', 'drawn', 'won of not drawn', '95% Wilson', 'goal'],
  bot.matchups.map((m) => [
    m.opponent,
    String(m.games),
    String(m.wins),
    String(m.losses),
    String(m.draws),
    `${formatNumber(100 * m.winRate.value)}%`,
    `${formatNumber(100 * m.winRate.low)}–${formatNumber(100 * m.winRate.high)}%`,
    `≥ ${formatNumber(100 * m.goal)}% (${m.met ? 'met' : 'MISSED'})`,
  ]),
  new Set([1, 2, 3, 4, 5]),
)}

Illegal choices: ${bot.illegal} of ${formatNumber(bot.decisions)} decisions searched. A decision (${bot.timing.decisions} timed alone on a thread): median ${ms(bot.timing.ms)}, q1–q3 ${formatNumber(bot.timing.ms.q1)}–${formatNumber(bot.timing.ms.q3)} ms, max ${ms({ ...bot.timing.ms, median: bot.timing.ms.max })}; ${formatNumber(100 * bot.timing.overBudget)}% over the budget.
`;
}

/** The load on two host processes (issue 25). */
function loadSection(load: Measured['load']): string {
  const row = (name: string, l: LoadResult) => [
    name,
    `${formatNumber(l.perSecond)}/s`,
    `${formatNumber(l.roundTrip.median)} ms`,
    `${formatNumber(l.roundTrip.p99)} ms`,
    `${formatNumber(l.roundTrip.max)} ms`,
    String(l.errors),
    String(l.lost),
    `${l.cpuMsPerCommand.hosts.map(formatNumber).join(' + ')} / ${formatNumber(l.cpuMsPerCommand.postgres)} / ${formatNumber(l.cpuMsPerCommand.redis)} / ${formatNumber(l.cpuMsPerCommand.generator)} / ${formatNumber(l.cpuMsPerCommand.other)} ms`,
    `${formatNumber(l.coresBusy)}`,
    `${formatNumber(l.loadAverage[0])}-${formatNumber(l.loadAverage[1])}`,
  ];
  const { paced, saturated } = load;
  return `## Load on two host processes (\`bench/load.ts\`)

Every process on this machine, on loopback: a PostgreSQL of its own (fsync on, as production runs it), a
Redis, two \`stccg host\` processes (the built program) sharing them, and the load generator. It opens
${paced.games.toLocaleString('en-US')} games of the boarding party, seats both players of each (asking
either host: Colyseus sends them to the one holding the game), and for ${formatNumber(paced.seconds)} s
every seat the game awaits sends one of its legal commands, chosen by a seeded generator: first with
the games' players thinking between commands so that together they offer ${paced.offered ?? '?'} a second
(exponential think times), then as fast as each answer comes (the machine's capacity; by Little's law
its latency is games ÷ throughput). Each run plays ${formatNumber(paced.warmSeconds)} s first, unmeasured
(the hosts' code compiled hot, PostgreSQL's caches filled). A command's round trip runs from its sending
to its answer, which comes once its step is committed. Lost: steps the seats saw accepted that the store
does not hold (warm-up included). ${paced.games.toLocaleString('en-US')} idle open games took
${formatNumber(paced.kbPerIdleGame)} KB of the hosts' memory each.

CPU a command is each process's own, told apart by its pid (\`bench/process-cpu.ts\`): each host, PostgreSQL
(its postmaster and every backend, those that exited too), Redis, the load generator; "other" is the
rest of the machine's busy CPU (other work on it, and the kernel's own). Cores: the machine's busy CPU
while measured (2 is all of it). A host's CPU is a share of every command: each host carried half.

${table(
  [
    'run',
    'accepted',
    'p50',
    'p99',
    'max',
    'errors',
    'lost',
    'CPU a command: hosts / PostgreSQL / Redis / generator / other',
    'cores',
    'load average',
  ],
  [row(`${paced.offered}/s offered`, paced), row('as fast as answers come', saturated)],
  new Set([1, 2, 3, 4, 5, 6, 8]),
)}

Alone: \`npm run bench:load -- --games 1000 --seconds 30 --rate 550 --warm 15\`.
`;
}

/** The host's figures (issue 24): bytes per update, round trips, persisting a command, the embedded store. */
function hostSection(host: HostResult): string {
  const ms = (s: Spread) => `${formatNumber(s.median)} ms`;
  const fe = (s: Spread) => `${formatNumber(s.median)} (${formatNumber(s.q1)}–${formatNumber(s.q3)})`;
  const kb = (bytes: number) => `${formatNumber(bytes / 1024)} KB`;
  return `## The host (stccg-rules/host)

**Bytes per update** (\`bench/host.ts\`: every step of the boarding party, for Alice's seat, Bob's and a spectator's; JSON text): the whole payload ${formatNumber(host.patch.wholeBytes.median)} B (median; ${formatNumber(host.patch.wholeBytes.min)}–${formatNumber(host.patch.wholeBytes.max)}), its JSON Patch ${formatNumber(host.patch.patchBytes.median)} B (q1–q3 ${formatNumber(host.patch.patchBytes.q1)}–${formatNumber(host.patch.patchBytes.q3)}, max ${formatNumber(host.patch.patchBytes.max)}): ${formatNumber(host.patch.ratio.median * 100)}% of it.

**A command's round trip** through a host in this process over loopback (the embedded store; each command of ${host.commandsTimed / 15} boarding parties sent by its seat with colyseus.js and timed to its answer, which comes once the step is committed): median ${ms(host.roundTrip.ms)}, p99 ${formatNumber(percentile(host.roundTrip, 0.99))} ms, max ${formatNumber(host.roundTrip.ms.max)} ms; CPU of host and client together ${fe(host.roundTrip.floorEvents)} floor events a command.

**Persisting one command** (one step appended, committed), as a game grows: the log is append-only, so its cost does not grow with the game (fitted exponent over 10–10,000 steps beside each store):

${table(
  ['store', ...host.stores[0]!.lengths.map((l) => `${l.steps.toLocaleString('en-US')} steps`), 'exponent'],
  host.stores.map((store) => [
    store.store,
    ...store.lengths.map((l) => `${ms(l.append.ms)} (${formatNumber(l.append.floorEvents.median)} fe)`),
    formatNumber(store.exponent),
  ]),
  new Set(host.stores[0]!.lengths.map((_, i) => i + 1)),
)}

**A checkpoint against a whole save** (\`saveGame(game, { log: false, key })\`, written every 50 steps, against the whole save of the same game, signed, as JSON text):

${table(
  ['steps', 'checkpoint', 'its time', 'whole save', 'its time'],
  host.checkpoints.map((c) => [
    c.steps.toLocaleString('en-US'),
    kb(c.checkpointBytes),
    ms(c.checkpoint.ms),
    kb(c.wholeBytes),
    ms(c.whole.ms),
  ]),
  new Set([0, 1, 2, 3, 4]),
)}

**The embedded store** (PGlite, PostgreSQL in WebAssembly, in a Node process of its own): a new store opens in ${formatNumber(host.embedded.firstStartMs)} ms (PostgreSQL's initdb, once per folder), an existing one in ${formatNumber(host.embedded.startMs)} ms; the process's resident memory goes from ${formatNumber(host.embedded.rssBeforeMb)} MB to ${formatNumber(host.embedded.rssAfterMb)} MB (${formatNumber(host.embedded.rssAfterMb - host.embedded.rssBeforeMb)} MB for the store, with PostgreSQL's buffers set small).
`;
}

/** A high percentile of a series' rounds, in ms. */
function percentile(series: { readonly rounds: readonly { readonly ns: number }[] }, q: number): number {
  const sorted = series.rounds.map((r) => r.ns / 1e6).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
