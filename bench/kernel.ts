import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Game, Kernel } from '../src/index.ts';
import {
  type Budget,
  type Elapsed,
  interleaved,
  type Series,
  type Spread,
  sink,
  spreadOf,
  stopwatch,
} from './harness.ts';
import { ATTACK, battleSetup } from './setups.ts';

/**
 * The kernel against the statecharts (issue 30), side by side in one process, round by round: each
 * round times the statecharts' battle and the kernel's on the same position and seeds, so that
 * whatever slows the machine in a round slows both. Also the kernel's odds in process (against the
 * statecharts' on fewer battles), its fork, and the bytes a battle allocates. Both drivers are the built
 * package's (`dist/`, as clients run them; `npm run bench` builds first): run from the TypeScript
 * sources, tsx's loader wraps every closure the rules make in a naming call, which costs the kernel,
 * whose commands take microseconds, about twice its time.
 */

type Engine = typeof import('../src/index.ts');
type Bridge = typeof import('../src/game/kernel-bridge.ts');
type Odds = typeof import('../src/odds/odds.ts');

const built = (path: string) => new URL(`../dist/src/${path}`, import.meta.url).href;
const { battleOdds, createGame, replayGame } = (await import(built('index.js'))) as Engine;
const { kernelOf } = (await import(built('game/kernel-bridge.js'))) as Bridge;
const { battleSeed, oddsScenario } = (await import(built('odds/odds.js'))) as Odds;

export interface KernelResult {
  /** 10 against 10, both players `strongest`: one statecharts battle per round. */
  readonly statecharts: Series;
  /** The same battle on the kernel: `KERNEL_BATTLES` per round, per battle. */
  readonly kernel: Series;
  /** Per round: the statecharts' battle over the kernel's. */
  readonly speedup: Spread;
  /** The kernel's battle in microseconds on the clock, per round. */
  readonly kernelMicroseconds: Spread;
  /** Odds of the boarding party in this process: the kernel's 10,000 battles, in seconds, per round. */
  readonly oddsKernelSeconds: Spread;
  /** The statecharts' odds of the same, from `STATECHART_ODDS` battles, as seconds per 10,000. */
  readonly oddsStatechartsSecondsPer10000: Spread;
  /** A kernel's fork mid-battle at the boarding party's size, in microseconds. */
  readonly forkMicroseconds: Spread;
  /** A game's state into a kernel (`kernelOf`) at the same position, in microseconds. */
  readonly intoKernelMicroseconds: Spread;
  /** Bytes a 10-against-10 battle allocates on the kernel (heap growth over battles with no collection between). */
  readonly bytesPerBattle: Spread;
  /** The same on the statecharts. */
  readonly statechartBytesPerBattle: Spread;
}

const POLICIES = { alice: 'strongest', bob: 'strongest' } as const;
/** Kernel battles per timed sample: each takes microseconds, far below the clock's useful grain. */
const KERNEL_BATTLES = 200;
/** Statecharts battles the side-by-side odds play (scaled to 10,000). */
const STATECHART_ODDS = 500;

const BOARDING = oddsScenario(
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../examples/odds/boarding-party.json', import.meta.url)), 'utf8'),
  ),
);
const REPLAY = new URL('../examples/replays/boarding-party.json', import.meta.url);

let seed = 0;

function statechartsBattle(base: Game): Elapsed {
  const game = base.fork({ seed: ++seed });
  const watch = stopwatch();
  const result = game.send(ATTACK);
  const elapsed = watch();
  if (!result.ok || game.battle()) throw new Error('the benchmark battle did not run to its end');
  sink.value += result.auto.length;
  game.stop();
  return elapsed;
}

function kernelBattles(base: Kernel): Elapsed {
  const watch = stopwatch();
  for (let i = 0; i < KERNEL_BATTLES; i++) {
    const result = base.fork({ seed: ++seed }).send(ATTACK);
    if (!result.ok) throw new Error('the kernel refused the benchmark attack');
    sink.value += result.auto.length;
  }
  return watch(KERNEL_BATTLES);
}

/** The statecharts' odds of the boarding party, played as the odds did before the kernel: a game a battle. */
function statechartOdds(battles: number): number {
  const probe = createGame(BOARDING.setup, { seed: 1, policies: POLICIES });
  const attack = probe.legalCommands(probe.board().turn.player).find((c) => c.type === 'attack')!;
  const started = performance.now();
  for (let i = 0; i < battles; i++) {
    const game = probe.fork({ seed: battleSeed(1, i) });
    sink.value += game.send(attack).ok ? 1 : 0;
    game.stop();
  }
  probe.stop();
  return ((performance.now() - started) / 1000) * (10_000 / battles);
}

/**
 * Heap bytes per call of `work`, from runs with no garbage collection in them (a run a collection
 * interrupted is thrown away): the allocation a battle makes, not what survives it.
 */
function bytesPer(work: () => void, per: number, tries: number): number[] {
  const collect = (globalThis as { gc?: () => void }).gc;
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const found: number[] = [];
  for (let i = 0; i < tries * 4 && found.length < tries; i++) {
    collect?.();
    const before = collections;
    const heap = process.memoryUsage().heapUsed;
    work();
    const grown = process.memoryUsage().heapUsed - heap;
    if (collections === before && grown > 0) found.push(grown / per);
  }
  observer.disconnect();
  return found;
}

export function measureKernel(budget: Budget): KernelResult {
  const base = createGame(battleSetup(10), { seed: 1, policies: POLICIES });
  const kernel = kernelOf(base, { policies: POLICIES });
  // Hot before timed: both drivers, several hundred battles each.
  for (let i = 0; i < (budget.quick ? 20 : 100); i++) statechartsBattle(base);
  for (let i = 0; i < (budget.quick ? 5 : 20); i++) kernelBattles(kernel);
  const rounds = budget.rounds;
  const statechartRounds: Elapsed[] = [];
  const kernelRounds: Elapsed[] = [];
  const statecharts = interleaved(rounds, () => {
    const elapsed = statechartsBattle(base);
    statechartRounds.push(elapsed);
    return elapsed;
  });
  const kernelSeries = interleaved(rounds, () => {
    const elapsed = kernelBattles(kernel);
    kernelRounds.push(elapsed);
    return elapsed;
  });
  const speedup = spreadOf(
    statecharts.rounds.map((r, i) => r.floorEvents / kernelSeries.rounds[i]!.floorEvents),
  );

  // Odds in process: the kernel's 10,000 and the statecharts' fewer, in turns.
  const oddsKernel: number[] = [];
  const oddsStatecharts: number[] = [];
  const oddsRounds = budget.quick ? 2 : 5;
  for (let r = 0; r < oddsRounds; r++) {
    const started = performance.now();
    const odds = battleOdds(BOARDING.setup, {
      battles: 10_000,
      ...(BOARDING.attack !== undefined ? { attack: BOARDING.attack } : {}),
    });
    oddsKernel.push((performance.now() - started) / 1000);
    sink.value += odds.battles;
    oddsStatecharts.push(statechartOdds(budget.quick ? 100 : STATECHART_ODDS));
  }

  // Forks mid-battle at the boarding party's size.
  const replay = JSON.parse(readFileSync(REPLAY, 'utf8')) as { setup: unknown; seed: number; log: unknown[] };
  const origin = { setup: replay.setup, seed: replay.seed, cards: [] };
  const midBattle = replayGame(origin, replay.log.slice(0, Math.min(3, replay.log.length)));
  const atBoarding = kernelOf(midBattle);
  const forks: number[] = [];
  const intoKernel: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let watch = stopwatch();
    for (let i = 0; i < 1000; i++) sink.value += atBoarding.fork({ seed: i, reshuffle: true }).step();
    forks.push(watch(1000).wall / 1000);
    watch = stopwatch();
    for (let i = 0; i < 100; i++) sink.value += kernelOf(midBattle).step();
    intoKernel.push(watch(100).wall / 1000);
  }
  midBattle.stop();

  const bytes = bytesPer(() => kernelBattles(kernel), KERNEL_BATTLES, 10);
  const statechartBytes = bytesPer(() => statechartsBattle(base), 1, 10);
  base.stop();
  return {
    statecharts,
    kernel: kernelSeries,
    speedup,
    kernelMicroseconds: spreadOf(kernelRounds.map((e) => e.wall / 1000)),
    oddsKernelSeconds: spreadOf(oddsKernel),
    oddsStatechartsSecondsPer10000: spreadOf(oddsStatecharts),
    forkMicroseconds: spreadOf(forks),
    intoKernelMicroseconds: spreadOf(intoKernel),
    bytesPerBattle: spreadOf(bytes),
    statechartBytesPerBattle: spreadOf(statechartBytes),
  };
}
