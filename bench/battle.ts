import { createGame, type Game, type GameOptions } from '../src/index.ts';
import { type Budget, sink, type Timing, timeTask } from './harness.ts';
import { ATTACK, battleSetup } from './setups.ts';

/**
 * A whole personnel battle, run unattended: both players answer by the `strongest` policy, so the one
 * `attack` command runs every window, pairing, decision, the totals and the aftermath. The game is
 * created before the timer starts (a fresh seed each time, so the piles differ); only the battle is timed.
 */

const POLICIES: GameOptions['policies'] = { alice: 'strongest', bob: 'strongest' };

/** Seeds for the event counts: enough battles that the mean does not hang on one shuffle. */
const COUNTED_BATTLES = 50;

export interface BattleResult {
  readonly perSide: number;
  readonly timing: Timing;
  /**
   * Events per battle: every event an actor of the game processes (XState's `@xstate.event`
   * inspection events): the commands the game actor receives, the battle's requests and the game's
   * answers, passes forwarded to the windows, `xstate.init` of each actor spawned (the battle and
   * each window) and the `xstate.done.actor.*` that close them. The mean over COUNTED_BATTLES seeds.
   */
  readonly eventsPerBattle: number;
  /** Commands per battle: the attack and every pass and decision the policies sent. */
  readonly commandsPerBattle: number;
}

function battleGame(perSide: number, seed: number, options: GameOptions = {}): Game {
  return createGame(battleSetup(perSide), { seed, policies: POLICIES, ...options });
}

function fight(game: Game): number {
  const result = game.send(ATTACK);
  if (!result.ok || game.battle()) throw new Error(`the benchmark battle did not run to its end`);
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

export async function measureBattle(perSide: number, budget: Budget): Promise<BattleResult> {
  let seed = 0;
  let game: Game | undefined;
  const timing = await timeTask(
    `battle ${perSide}v${perSide}`,
    () => {
      sink.value += fight(game!);
      return undefined;
    },
    budget,
    () => {
      game?.stop();
      game = battleGame(perSide, ++seed);
    },
  );
  game?.stop();
  const counted = countEvents(perSide);
  return { perSide, timing, eventsPerBattle: counted.events, commandsPerBattle: counted.commands };
}

/** Plays `rounds` battles of each size, untimed. */
export function warmUp(rounds: number, sizes: readonly number[]): void {
  for (let round = 1; round <= rounds; round++) {
    for (const perSide of sizes) {
      // Seeds far from the timed battles' (1, 2, 3...), so the warm-up plays other shuffles.
      const game = battleGame(perSide, 1_000_000 + round);
      sink.value += fight(game);
      game.stop();
    }
  }
}
