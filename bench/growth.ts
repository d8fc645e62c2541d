import { createGame } from '../src/index.ts';
import { battleSample } from './battle.ts';
import {
  type Budget,
  fittedExponent,
  type Round,
  round,
  type Spread,
  sink,
  spreadOf,
  stopwatch,
} from './harness.ts';
import { battleSetup, idleSetup } from './setups.ts';

/**
 * How cost grows with the board. Each round measures every size once, each sample bracketed by its own
 * floor, and fits the exponent k (time ∝ n^k, least squares over every size) to that round's times in
 * floor events; the verdict reads the median of the rounds' exponents, their spread beside it. The
 * battle's bound is the exponent n log n itself has over the same sizes; the idle `move`'s is 0.3.
 */

/** Battles of 11, 41, 161 and 641 cards (two ships, Holo-Projectors, Lower Decks and each side's phasers). */
export const BATTLE_SIDES = [2, 15, 65, 265] as const;
/** Idle games of 12 to 640 cards. */
export const IDLE_SIZES = [12, 40, 160, 640] as const;

export interface SizeResult {
  readonly cards: number;
  /** Per round, in floor events and in milliseconds. */
  readonly floorEvents: Spread;
  readonly ms: Spread;
}

export interface Growth {
  readonly what: string;
  readonly sizes: readonly SizeResult[];
  /** Each round's fitted exponent. */
  readonly exponent: Spread;
  /** The exponent of the last step alone (the largest two sizes), per round. */
  readonly lastStepExponent: Spread;
  /** The most the median exponent may be. */
  readonly bound: number;
  readonly boundText: string;
  readonly met: boolean;
}

const nLogN = (n: number) => n * Math.log(n);

function growthOf(
  what: string,
  cards: readonly number[],
  rounds: readonly (readonly Round[])[],
  bound: number,
  boundText: string,
): Growth {
  const exponents = rounds.map((r) => fittedExponent(r.map((sample, i) => [cards[i]!, sample.floorEvents])));
  const last = cards.length - 1;
  const lastStep = rounds.map(
    (r) =>
      Math.log(r[last]!.floorEvents / r[last - 1]!.floorEvents) / Math.log(cards[last]! / cards[last - 1]!),
  );
  const exponent = spreadOf(exponents);
  return {
    what,
    sizes: cards.map((n, i) => ({
      cards: n,
      floorEvents: spreadOf(rounds.map((r) => r[i]!.floorEvents)),
      ms: spreadOf(rounds.map((r) => r[i]!.ns / 1e6)),
    })),
    exponent,
    lastStepExponent: spreadOf(lastStep),
    bound,
    boundText,
    met: exponent.median <= bound,
  };
}

/** Battle time over 11 to 641 cards; a small battle is played several times per sample, for the timer. */
export function battleGrowth(budget: Budget): Growth {
  const cards = BATTLE_SIDES.map((side) => battleSetup(side).cards.length);
  const repeats = BATTLE_SIDES.map((side) => Math.max(1, Math.round(600 / (side * side))));
  const rounds: Round[][] = [];
  for (let r = 0; r < budget.growthRounds; r++) {
    rounds.push(
      BATTLE_SIDES.map((side, i) =>
        round(() => {
          let wall = 0;
          let cpu = 0;
          for (let k = 0; k < repeats[i]!; k++) {
            const elapsed = battleSample(side);
            wall += elapsed.wall;
            cpu += elapsed.cpu;
          }
          return { wall: wall / repeats[i]!, cpu: cpu / repeats[i]! };
        }),
      ),
    );
  }
  const bound = fittedExponent(cards.map((n) => [n, nLogN(n)] as const));
  return growthOf(
    'battle (both players strongest)',
    cards,
    rounds,
    bound,
    `≤ ${bound.toFixed(2)} (n log n's)`,
  );
}

/** Moves per sample of the idle `move`: one crew member down to the planet and back up. */
const MOVES = 200;

/** One `move` in an idle game over 12 to 640 cards. */
export function moveGrowth(budget: Budget): Growth {
  const games = IDLE_SIZES.map((size) => createGame(idleSetup(size)));
  const down = { type: 'move', player: 'alice', cards: ['alice-crew-1'], to: { planet: 'ligos' } } as const;
  const up = {
    type: 'move',
    player: 'alice',
    cards: ['alice-crew-1'],
    to: { aboard: 'alice-ship' },
  } as const;
  const sample = (i: number) => () => {
    const game = games[i]!;
    const watch = stopwatch();
    for (let k = 0; k < MOVES; k++) {
      const result = game.send(k % 2 === 0 ? down : up);
      if (!result.ok) throw new Error(`benchmark move refused: ${result.rejection.message}`);
    }
    const elapsed = watch(MOVES);
    sink.value += elapsed.wall > 0 ? 1 : 0;
    return elapsed;
  };
  // Untimed first: compiled for every size before any is timed.
  for (let i = 0; i < games.length; i++) sample(i)();
  const rounds: Round[][] = [];
  for (let r = 0; r < budget.growthRounds * 3; r++) rounds.push(IDLE_SIZES.map((_, i) => round(sample(i))));
  for (const game of games) game.stop();
  return growthOf('idle move', [...IDLE_SIZES], rounds, 0.3, '≤ 0.3');
}
