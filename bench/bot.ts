import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { chance, type Estimate } from '../src/odds/intervals.ts';
import {
  examplePositions,
  type GameRecord,
  type GameSpec,
  gameSpecs,
  playGame,
  randomPositions,
} from './bot-games.ts';
import { type Budget, type Spread, spreadOf } from './harness.ts';

/**
 * The bot's strength (issue 26), measured, not timed: seeded games from positions where a battle can
 * happen (the examples, and random battles of the property tests' generators), each played for a fixed
 * number of turns with the bot on either side, against a player choosing uniformly among its legal
 * commands and against a greedy player. A game is won, lost or drawn by the bot's score (the
 * opponent's personnel killed or captured minus its own); the win rate is of the games not drawn, with
 * its Wilson interval. The games are played on every core (worker threads), each from its own seeds,
 * so the figures do not depend on how they were shared.
 */

export interface Matchup {
  readonly opponent: 'random' | 'greedy';
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Wins among the games not drawn, with its 95% Wilson interval. */
  readonly winRate: Estimate;
  /** The bot's mean score per game. */
  readonly meanScore: number;
  /** The goal of issue 26 for the win rate (0.8 against random, 0.6 against greedy), and whether it is met. */
  readonly goal: number;
  readonly met: boolean;
}

export interface BotStrength {
  /** The bot's budget per decision (its default). */
  readonly budgetMs: number;
  /** Turns each game is played for. */
  readonly turns: number;
  readonly positions: number;
  readonly matchups: readonly Matchup[];
  /** The bot's choices the engine refused, or that were not among its seat's legal commands: the goal is none. */
  readonly illegal: number;
  /**
   * The time of the decisions the bot searched (more than one command to choose from), in ms: taken
   * from the games of a first pass played on this thread alone, before the workers start (a decision
   * timed beside another thread's games would be timed on a shared core).
   */
  readonly timing: {
    readonly games: number;
    readonly decisions: number;
    /** On the clock. */
    readonly ms: Spread;
    /** In CPU time (the collector's threads included): what other work on the machine does not inflate. */
    readonly cpuMs: Spread;
    /** The share of those decisions over the budget, on the clock. */
    readonly overBudget: number;
  };
  /** Decisions the bot searched in all the games. */
  readonly decisions: number;
  /** Turns the measure ended for a player who sent 40 commands in them (a random player moving cards about). */
  readonly forcedTurnEnds: number;
  readonly workers: number;
  readonly seconds: number;
}

export interface BotStrengthOptions {
  /** Games against each opponent (default: 1,000; a quick budget, 60). */
  readonly games?: number;
  /** The bot's budget per decision (default: its own default, 100 ms). */
  readonly budgetMs?: number;
  /** Turns each game is played for (default 4: each player's turn twice). */
  readonly turns?: number;
  /** Worker threads (default: every core). 1 plays on this thread. */
  readonly workers?: number;
  /** Told after each game. */
  readonly onProgress?: (done: number, total: number) => void;
}

const GOALS = { random: 0.8, greedy: 0.6 } as const;
/** Games of each opponent timed on this thread alone, before the others are played on the workers. */
const TIMED_GAMES = 15;
/** Games played untimed before the timing pass, so that it times a hot engine. */
const WARM_UP_GAMES = 6;
/** Random positions of the generators, besides the examples. */
const RANDOM_POSITIONS = 60;
const POSITIONS_SEED = 26;

export async function measureBotStrength(
  budget: Budget,
  options: BotStrengthOptions = {},
): Promise<BotStrength> {
  const games = options.games ?? (budget.quick ? 60 : 1000);
  const budgetMs = options.budgetMs ?? 100;
  const turns = options.turns ?? 4;
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const positions = [...(await examplePositions()), ...randomPositions(RANDOM_POSITIONS, POSITIONS_SEED)];
  const specs = gameSpecs(positions, games, turns, budgetMs);
  const started = performance.now();
  // The timing pass: the first games of each opponent, on this thread alone (see `timing`), once the
  // engine and the bot run hot (games of the last positions, untimed, as every benchmark warms up first).
  for (let i = 1; i <= WARM_UP_GAMES; i++) playGame(specs[specs.length - i]!);
  const timed = new Map<number, GameRecord>();
  for (let i = 0; i < Math.min(TIMED_GAMES, games); i++) {
    for (const at of [i, games + i]) timed.set(at, playGame(specs[at]!));
  }
  const rest = await playAll(
    specs.filter((_, at) => !timed.has(at)),
    workers,
    (done, total) => options.onProgress?.(done + timed.size, total + timed.size),
  );
  const records = specs.map((_, at) => timed.get(at) ?? rest.shift()!);
  const seconds = (performance.now() - started) / 1000;
  const timedMs = [...timed.values()].flatMap((record) => record.decisionMs);
  const timedCpuMs = [...timed.values()].flatMap((record) => record.decisionCpuMs);
  return {
    budgetMs,
    turns,
    positions: positions.length,
    matchups: (['random', 'greedy'] as const).map((opponent) =>
      matchupOf(
        opponent,
        records.filter((record) => record.opponent === opponent),
      ),
    ),
    illegal: records.reduce((sum, record) => sum + record.illegal, 0),
    timing: {
      games: timed.size,
      decisions: timedMs.length,
      ms: spreadOf(timedMs),
      cpuMs: spreadOf(timedCpuMs),
      overBudget: timedMs.filter((ms) => ms > budgetMs).length / Math.max(1, timedMs.length),
    },
    decisions: records.reduce((sum, record) => sum + record.decisionMs.length, 0),
    forcedTurnEnds: records.reduce((sum, record) => sum + record.forcedTurnEnds, 0),
    workers,
    seconds,
  };
}

function matchupOf(opponent: 'random' | 'greedy', records: readonly GameRecord[]): Matchup {
  const wins = records.filter((record) => record.score > 0).length;
  const losses = records.filter((record) => record.score < 0).length;
  const winRate = chance(wins, wins + losses);
  return {
    opponent,
    games: records.length,
    wins,
    losses,
    draws: records.length - wins - losses,
    winRate,
    meanScore: records.reduce((sum, record) => sum + record.score, 0) / Math.max(1, records.length),
    goal: GOALS[opponent],
    met: winRate.value >= GOALS[opponent],
  };
}

/** Plays every game, on `workers` threads (1: this one), and gives their records in the specs' order. */
async function playAll(
  specs: readonly GameSpec[],
  workers: number,
  onProgress?: (done: number, total: number) => void,
): Promise<GameRecord[]> {
  const records: GameRecord[] = new Array(specs.length);
  let done = 0;
  if (workers === 1) {
    specs.forEach((spec, i) => {
      records[i] = playGame(spec);
      onProgress?.(++done, specs.length);
    });
    return records;
  }
  let next = 0;
  const threads = Array.from({ length: Math.min(workers, specs.length) }, () => {
    // From the TypeScript sources: the worker registers tsx itself (bot-worker.mjs).
    const worker = new Worker(new URL('./bot-worker.mjs', import.meta.url));
    return new Promise<void>((resolve, reject) => {
      let current = -1;
      const deal = () => {
        if (next >= specs.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        current = next++;
        worker.postMessage(specs[current]);
      };
      worker.on('message', (record: GameRecord) => {
        records[current] = record;
        onProgress?.(++done, specs.length);
        deal();
      });
      worker.on('error', reject);
      deal();
    });
  });
  await Promise.all(threads);
  return records;
}
