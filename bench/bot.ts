import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { chance, type Estimate } from '../src/odds/intervals.ts';
import {
  type Claim,
  examplePositions,
  type GameRecord,
  type GameSpec,
  gameSpecs,
  type Opponent,
  type OpponentGames,
  playGame,
  randomPositions,
  turnPositions,
} from './bot-games.ts';
import { type Budget, type Spread, spreadOf } from './harness.ts';

/**
 * The bot's strength (issues 26 and 30), measured, not timed: seeded games from positions where a
 * battle can happen (the examples, with real cards among them; positions whose win takes a whole turn;
 * random battles of the property tests' generators), each played for a fixed number of turns with the
 * bot on either side, against a player choosing uniformly among its legal commands, a greedy player,
 * the 0.7.0 bot, and the bot itself at a tenth of the budget. A game is won, lost or drawn by the bot's
 * score (the opponent's personnel killed or captured minus its own); the win rate is of the games not
 * drawn, with its Wilson interval. The chances to win the bot claims are set beside the battles that
 * followed them (its calibration). The games are played on every core (worker threads), each from its
 * own seeds, so the figures do not depend on how they were shared.
 */

export interface Matchup {
  readonly opponent: Opponent;
  /** The bot's budget in these games, and its opponent's (when a bot). */
  readonly budgetMs: number;
  readonly opponentBudgetMs: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Wins among the games not drawn, with its 95% Wilson interval. */
  readonly winRate: Estimate;
  /** The bot's mean score per game. */
  readonly meanScore: number;
  /** The games lost, by position and the bot's seat ("random-2 as alice": 3), most first. */
  readonly lostWhere: ReadonlyArray<readonly [where: string, games: number]>;
  /** The goal of issue 30 for the win rate (0.97, 0.85, 0.7 and 0.58), and whether it is met. */
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
  /** The chances the bot claimed, by tens of points, against the battles' outcomes. */
  readonly calibration: readonly CalibrationBucket[];
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
    /** The 95th percentile on the clock. */
    readonly p95: number;
  };
  /** Decisions the bot searched in all the games. */
  readonly decisions: number;
  /** Turns the measure ended for a player who sent 40 commands in them (a random player moving cards about). */
  readonly forcedTurnEnds: number;
  readonly workers: number;
  readonly seconds: number;
}

/** The claims of one bucket (from `low` to `low` + 10 points, the last one to 100 included). */
export interface CalibrationBucket {
  readonly low: number;
  readonly claims: number;
  /** The mean chance claimed, and the share of those battles won. */
  readonly claimed: number;
  readonly observed: number;
  /** The observed share's 95% Wilson interval. */
  readonly interval: Estimate;
}

export interface BotStrengthOptions {
  /** Games against each opponent (default: 1,000; a quick budget, 60). */
  readonly games?: number;
  /** The opponents (default: random, greedy and the baseline; `self` is long: the bot at 1 s a decision). */
  readonly opponents?: readonly Opponent[];
  /** The bot's budget per decision (default: its own default, 100 ms). */
  readonly budgetMs?: number;
  /** Against itself: the bot's budget (default 1,000 ms) and its opponent's (default 100 ms). */
  readonly selfBudgetMs?: number;
  readonly selfOpponentBudgetMs?: number;
  /** Seeds the random positions (default 26): another seed, other positions (an out-of-sample check). */
  readonly positionsSeed?: number;
  /** Turns each game is played for (default 6: each player's turn three times). */
  readonly turns?: number;
  /** Worker threads (default: every core). 1 plays on this thread. */
  readonly workers?: number;
  /** Told after each game. */
  readonly onProgress?: (done: number, total: number) => void;
}

const GOALS: Readonly<Record<Opponent, number>> = { random: 0.97, greedy: 0.85, baseline: 0.7, self: 0.58 };
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
  const turns = options.turns ?? 6;
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const positions = [
    ...(await examplePositions()),
    ...turnPositions(),
    ...randomPositions(RANDOM_POSITIONS, options.positionsSeed ?? POSITIONS_SEED),
  ];
  const opponents: OpponentGames[] = (options.opponents ?? ['random', 'greedy', 'baseline']).map(
    (opponent) =>
      opponent === 'self'
        ? {
            opponent,
            games,
            budgetMs: options.selfBudgetMs ?? 1000,
            opponentBudgetMs: options.selfOpponentBudgetMs ?? 100,
          }
        : { opponent, games, budgetMs, opponentBudgetMs: 100 },
  );
  const specs = gameSpecs(positions, opponents, turns);
  const started = performance.now();
  // The timing pass: the first games of each opponent, on this thread alone (see `timing`), once the
  // engine and the bot run hot (games of the last positions, untimed, as every benchmark warms up first).
  for (let i = 1; i <= WARM_UP_GAMES; i++) playGame(specs[specs.length - i]!);
  const timed = new Map<number, GameRecord>();
  // Timed at the default budget only: the games against itself are at another.
  opponents.forEach((group, o) => {
    if (group.opponent === 'self') return;
    for (let i = 0; i < Math.min(TIMED_GAMES, games); i++)
      timed.set(o * games + i, playGame(specs[o * games + i]!));
  });
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
    matchups: opponents.map((group) =>
      matchupOf(
        group,
        records.filter((record) => record.opponent === group.opponent),
      ),
    ),
    illegal: records.reduce((sum, record) => sum + record.illegal, 0),
    calibration: calibrationOf(records.flatMap((record) => record.claims)),
    timing: {
      games: timed.size,
      decisions: timedMs.length,
      ms: spreadOf(timedMs),
      cpuMs: spreadOf(timedCpuMs),
      overBudget: timedMs.filter((ms) => ms > budgetMs).length / Math.max(1, timedMs.length),
      p95: [...timedMs].sort((a, b) => a - b)[Math.floor(timedMs.length * 0.95)] ?? 0,
    },
    decisions: records.reduce((sum, record) => sum + record.decisionMs.length, 0),
    forcedTurnEnds: records.reduce((sum, record) => sum + record.forcedTurnEnds, 0),
    workers,
    seconds,
  };
}

/** The claims by tens of points (a claim of 100% in the last bucket). */
function calibrationOf(claims: readonly Claim[]): CalibrationBucket[] {
  const buckets: CalibrationBucket[] = [];
  for (let low = 0; low < 100; low += 10) {
    const inside = claims.filter(
      (claim) => Math.min(90, Math.floor((claim.chance * 100 + 1e-9) / 10) * 10) === low,
    );
    if (inside.length === 0) continue;
    const won = inside.filter((claim) => claim.won).length;
    buckets.push({
      low,
      claims: inside.length,
      claimed: inside.reduce((sum, claim) => sum + claim.chance, 0) / inside.length,
      observed: won / inside.length,
      interval: chance(won, inside.length),
    });
  }
  return buckets;
}

function matchupOf(group: OpponentGames, records: readonly GameRecord[]): Matchup {
  const { opponent } = group;
  const wins = records.filter((record) => record.score > 0).length;
  const losses = records.filter((record) => record.score < 0).length;
  const winRate = chance(wins, wins + losses);
  return {
    opponent,
    budgetMs: group.budgetMs,
    opponentBudgetMs: group.opponentBudgetMs,
    games: records.length,
    wins,
    losses,
    draws: records.length - wins - losses,
    winRate,
    meanScore: records.reduce((sum, record) => sum + record.score, 0) / Math.max(1, records.length),
    lostWhere: [
      ...records
        .filter((record) => record.score < 0)
        .reduce((counts, record) => {
          const where = `${record.position} as ${record.bot}`;
          return counts.set(where, (counts.get(where) ?? 0) + 1);
        }, new Map<string, number>()),
    ].sort((a, b) => b[1] - a[1]),
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
