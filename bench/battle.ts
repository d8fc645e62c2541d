import { createGame, type Game, type GameOptions } from '../src/index.ts';
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
 * A whole personnel battle, run unattended: both players answer by the `strongest` policy, so the one
 * `attack` command runs every window, pairing, decision, the totals and the aftermath. Each round
 * creates the game untimed (a fresh seed each time, so the piles differ) and times the battle alone.
 */

const POLICIES: GameOptions['policies'] = { alice: 'strongest', bob: 'strongest' };

/** Seeds for the event counts: enough battles that the mean does not hang on one shuffle. */
const COUNTED_BATTLES = 50;

export interface BattleResult {
  readonly perSide: number;
  readonly cards: number;
  /** One battle per round. */
  readonly series: Series;
  /**
   * Events per battle: every event an actor of the game processes (XState's `@xstate.event`
   * inspection events), the mean over COUNTED_BATTLES seeds.
   */
  readonly eventsPerBattle: number;
  /** Commands per battle: the attack and every pass and decision the policies sent. */
  readonly commandsPerBattle: number;
  /** The engine's cost per event over the floor's, per round: (battle ÷ events) ÷ floor event. */
  readonly perEventRatio: Spread;
}

export function battleGame(perSide: number, seed: number, options: GameOptions = {}): Game {
  return createGame(battleSetup(perSide), { seed, policies: POLICIES, ...options });
}

export function fight(game: Game): number {
  const result = game.send(ATTACK);
  if (!result.ok || game.battle()) throw new Error('the benchmark battle did not run to its end');
  return result.auto.length + 1;
}

/** Counts the events and commands of battles on COUNTED_BATTLES seeds. */
function countEvents(perSide: number): { events: number; commands: number } {
  let events = 0;
  let commands = 0;
  for (let seed = 1; seed <= COUNTED_BATTLES; seed++) {
    let counting = false;
    const game = battleGame(perSide, seed, {
      inspect: (event) => {
        if (counting && event.type === '@xstate.event') events++;
      },
    });
    counting = true;
    commands += fight(game);
    game.stop();
  }
  return { events: events / COUNTED_BATTLES, commands: commands / COUNTED_BATTLES };
}

let seeds = 0;

/** The time of one battle of this size, on the next seed (the game is set up untimed). */
export function battleSample(perSide: number): Elapsed {
  const game = battleGame(perSide, ++seeds);
  const watch = stopwatch();
  sink.value += fight(game);
  const elapsed = watch();
  game.stop();
  return elapsed;
}

export function measureBattle(perSide: number, budget: Budget): BattleResult {
  const series = interleaved(budget.rounds, () => battleSample(perSide));
  const counted = countEvents(perSide);
  return {
    perSide,
    cards: battleSetup(perSide).cards.length,
    series,
    eventsPerBattle: counted.events,
    commandsPerBattle: counted.commands,
    perEventRatio: spreadOf(series.rounds.map((r) => r.floorEvents / counted.events)),
  };
}

/**
 * Plays battles of each size, untimed, until the engine runs hot: the floor is measured hot (its tiny
 * loop is compiled within its first samples), so the engine must be too, or the ratio would be of a
 * half-compiled engine to a compiled floor. Each size gets about the work of `rounds` battles of 10
 * against 10 (more of the small, fewer of the large), in turns, so that no size runs hot alone.
 */
export function warmUp(rounds: number, sizes: readonly number[]): void {
  const battles = (perSide: number) => Math.max(3, Math.round((rounds * 10) / perSide));
  const most = Math.max(...sizes.map(battles));
  for (let round = 1; round <= most; round++) {
    for (const perSide of sizes) {
      if (round > battles(perSide)) continue;
      // Seeds far from the timed battles' (1, 2, 3...), so the warm-up plays other shuffles.
      const game = battleGame(perSide, 1_000_000 + round);
      sink.value += fight(game);
      game.stop();
    }
  }
}
