import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { kernelOf } from '../src/game/kernel-bridge.ts';
import { createGame, type Game } from '../src/index.ts';
import { plainBoard } from '../src/model/card-record.ts';
import { attackOnPlanet, battleSetup, battleSpecArb } from '../test/generators.ts';

/**
 * One worker's share of the differential bench (`bench/differential.ts`): battles played to their end
 * on both drivers, the statecharts and the kernel, from random battle positions (the property tests'
 * generator: holograms, equipment, responses in hand, statuses, Lower Decks) with random seeds and
 * policies, compared by every rule event of the battle and the whole state after it.
 */

export interface DifferentialTask {
  /** The first battle's index, and how many to play: battle i's position and seed come from i alone. */
  readonly from: number;
  readonly count: number;
}

export interface DifferentialTally {
  readonly battles: number;
  readonly commands: number;
  /** The battles where the drivers differed, each in words (at most a few kept). */
  readonly divergences: number;
  readonly examples: readonly string[];
}

/** Battles played from one position (with different seeds and policies) before the next position. */
const BATTLES_PER_POSITION = 50;
const POLICY_PAIRS = [
  ['strongest', 'strongest'],
  ['strongest', 'pass'],
  ['pass', 'strongest'],
  ['pass', 'pass'],
] as const;

export default function playDifferential(task: DifferentialTask): DifferentialTally {
  let battles = 0;
  let commands = 0;
  let divergences = 0;
  const examples: string[] = [];
  let base: Game | undefined;
  let attack: ReturnType<typeof attackOnPlanet> | undefined;
  for (let i = task.from; i < task.from + task.count; i++) {
    if (!base || i % BATTLES_PER_POSITION === 0 || i === task.from) {
      base?.stop();
      const position = Math.floor(i / BATTLES_PER_POSITION);
      const [spec] = fc.sample(battleSpecArb, { seed: position, numRuns: 1 });
      const setup = battleSetup(spec!);
      base = createGame(setup, { seed: position });
      attack = attackOnPlanet(setup);
    }
    const [alice, bob] = POLICY_PAIRS[i % POLICY_PAIRS.length]!;
    const policies = { alice, bob };
    const game = base.fork({ seed: i >>> 0, policies });
    const kernel = kernelOf(game, { events: true, policies });
    const byGame = game.send(attack!);
    const byKernel = kernel.send(attack!);
    battles++;
    commands += byGame.ok ? byGame.auto.length + 1 : 1;
    const game_ = {
      answer: byGame,
      board: plainBoard(game.board()),
      lastBattle: game.lastBattle(),
      awaiting: game.awaiting(),
      step: game.step(),
    };
    const kernel_ = {
      answer: byKernel,
      board: plainBoard(kernel.board()),
      lastBattle: kernel.lastBattle(),
      awaiting: kernel.awaiting(),
      step: kernel.step(),
    };
    if (!isDeepStrictEqual(game_, kernel_)) {
      divergences++;
      if (examples.length < 3) examples.push(`battle ${i}: ${JSON.stringify(game_).slice(0, 300)}`);
    }
    game.stop();
  }
  base?.stop();
  return { battles, commands, divergences, examples };
}
