/**
 * One rules layer, two drivers: the kernel (`src/kernel/`) plays every command exactly as the game over
 * its statecharts does. Random positions from the property tests' generators (holograms with and
 * without emitters, Holodecks, Holo-Projectors, equipment, captures, responses in hand, Rogue Borg,
 * several battles a turn) are played on both drivers with the same random commands and seeds, and
 * after every command the two must hold the same position (board, generator, holograms, battle,
 * awaited decision, last battle, step), give the same answer (rule events, rejections, the policies'
 * commands), allow the same commands and await the same decision.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameAt, gameStateOf, kernelOf, persistedSnapshotOf } from '../src/game/kernel-bridge.ts';
import { type Game, type Policy, restoreGame, type Setup, saveGame } from '../src/index.ts';
import type { KernelPolicy } from '../src/kernel/kernel.ts';
import { ROGUE_BORG } from '../src/model/battle.ts';
import { isHostEffectType } from '../src/model/commands.ts';
import {
  attackOnPlanet,
  battleSetup,
  battleSpecArb,
  commandFor,
  newGame,
  PLAY,
  poolsOf,
  type Step,
  seedArb,
  setupArb,
  steps,
} from './generators.ts';
import { disagreement } from './support/agree.ts';
import { sendAny } from './support/doors.ts';

/**
 * How many random sequences the properties play in `npm test` (a sequence: a position and its
 * commands): 400 setups of 40 sequences, and 200 battle positions of 20, over 20,000 in all.
 */
const SETUPS = 400;
const SEQUENCES_PER_SETUP = 40;
const BATTLE_POSITIONS = 200;
const SEQUENCES_PER_BATTLE = 20;
/** Some tens of seconds alone; a loaded 2-core CI running other files beside them takes longer. */
const BIG_PROPERTY_TIMEOUT = 300_000;

/** Plays the steps on a game and on the kernel at its position, comparing after each command. */
function playBoth(
  game: Game,
  setup: Setup,
  plan: readonly Step[],
  policies: Readonly<Record<string, KernelPolicy>> = {},
): void {
  const kernel = kernelOf(game, { events: true, policies, log: true });
  const logBefore = game.log().length;
  const pools = poolsOf(setup);
  const sent: unknown[] = [];
  const fail = (why: string) => {
    throw new Error(`${why}\n  commands sent: ${JSON.stringify(sent)}`);
  };
  const first = disagreement(game, kernel);
  if (first) fail(`before any command: ${first}`);
  for (const planned of plan) {
    const runs = planned.kind === 'run' ? planned.count : 1;
    for (let i = 0; i < runs; i++) {
      const step = planned.kind === 'run' ? { ...planned, pick: planned.pick + 7 * i } : planned;
      const command = commandFor(game, pools, step);
      sent.push(command);
      const byGame = sendAny(game, command);
      const byKernel = isHostEffectType((command as { type?: unknown } | null)?.type)
        ? kernel.effect(command)
        : kernel.send(command);
      const why = disagreement(game, kernel, { game: byGame, kernel: byKernel });
      if (why) fail(why);
    }
  }
  expect(kernel.log()).toEqual(game.log().slice(logBefore));
}

/** The sequences of one setup: each from a fork of its first position, reseeded, with its own commands. */
const sequencesArb = fc.array(fc.record({ seed: seedArb, plan: steps(PLAY, 14) }), {
  minLength: SEQUENCES_PER_SETUP,
  maxLength: SEQUENCES_PER_SETUP,
});

/** A policy function that answers with one of the legal commands, by a seeded pick. */
const pickingPolicy =
  (pick: number): Policy =>
  (situation) =>
    situation.legal[pick % Math.max(situation.legal.length, 1)] ?? {
      type: 'pass',
      player: situation.awaiting.player,
    };
const pickingKernelPolicy =
  (pick: number): KernelPolicy =>
  (situation) =>
    situation.legal[pick % Math.max(situation.legal.length, 1)] ?? {
      type: 'pass',
      player: situation.awaiting.player,
    };

/** Each side's policy: none (asked), built-in, or a function picking among the legal commands. */
const policyArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('strongest' as const, 'pass' as const),
  fc.nat({ max: 50 }).map((pick) => ({ pick })),
);
type PolicySpec = 'strongest' | 'pass' | { pick: number } | undefined;
const asGamePolicy = (spec: PolicySpec): Policy | undefined =>
  typeof spec === 'object' ? pickingPolicy(spec.pick) : spec;
const asKernelPolicy = (spec: PolicySpec): KernelPolicy | undefined =>
  typeof spec === 'object' ? pickingKernelPolicy(spec.pick) : spec;
const defined = <T>(entries: [string, T | undefined][]) =>
  Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as Record<string, T>;

/** A battle setup with Rogue Borg: some aboard each ship with a crew (start-of-turn battles), one in hand. */
function withRogueBorg(setup: Setup, borgAboard: number): Setup {
  const cards = setup.cards.map((card, i) =>
    card.at && typeof card.at === 'object' && 'planet' in card.at && i % 2 === 0
      ? { ...card, at: { aboard: card.owner === 'alice' ? 'enterprise' : 'husnock' } }
      : card,
  );
  for (let i = 0; i < borgAboard; i++)
    cards.push({
      id: `borg-${i}`,
      card: 'Rogue Borg Mercenaries',
      owner: i % 2 ? 'alice' : 'bob',
      at: { aboard: i % 2 ? 'husnock' : 'enterprise' },
    });
  cards.push({ id: 'borg-hand', card: 'Rogue Borg Mercenaries', owner: 'bob', at: 'hand' });
  return { ...setup, cards };
}

describe('GAME-KERNEL-1: the kernel plays every command as the statecharts do', () => {
  it(
    'GAME-KERNEL-1: random positions (holograms, emitters, Holodecks, Holo-Projectors, equipment, captures) and random commands and effects: the same position, answer, legal commands and awaited decision after every command',
    () => {
      fc.assert(
        fc.property(setupArb, seedArb, sequencesArb, (setup, seed, sequences) => {
          const base = newGame(setup, seed);
          for (const { seed: reseed, plan } of sequences) playBoth(base.fork({ seed: reseed }), setup, plan);
        }),
        { numRuns: SETUPS },
      );
    },
    BIG_PROPERTY_TIMEOUT,
  );

  it(
    'GAME-KERNEL-1: battles with responses in hand, Lower Decks, Rogue Borg and policies (built-in, functions, none): the same after every command, the policies’ commands included',
    () => {
      fc.assert(
        fc.property(
          battleSpecArb,
          fc.nat({ max: 3 }),
          seedArb,
          fc.array(
            fc.record({
              seed: seedArb,
              alice: policyArb,
              bob: policyArb,
              borg: policyArb,
              plan: steps(PLAY, 10),
            }),
            { minLength: SEQUENCES_PER_BATTLE, maxLength: SEQUENCES_PER_BATTLE },
          ),
          (spec, borg, seed, sequences) => {
            const plain = battleSetup(spec);
            const setup = borg > 0 ? withRogueBorg(plain, borg - 1) : plain;
            const base = newGame(setup, seed);
            for (const sequence of sequences) {
              const specs: [string, PolicySpec][] = [
                ['alice', sequence.alice],
                ['bob', sequence.bob],
                [ROGUE_BORG, sequence.borg],
              ];
              const game = base.fork({
                seed: sequence.seed,
                policies: defined(specs.map(([who, s]) => [who, asGamePolicy(s)])),
              });
              const kernelPolicies = defined(specs.map(([who, s]) => [who, asKernelPolicy(s)]));
              // The attack first, then whatever the plan sends (passes, responses, decisions, effects...).
              const kernel = kernelOf(game, { events: true, policies: kernelPolicies });
              const attack = attackOnPlanet(setup);
              const why = disagreement(game, kernel, {
                game: game.send(attack),
                kernel: kernel.send(attack),
              });
              if (why) throw new Error(`the attack: ${why}`);
              playBoth(game, setup, sequence.plan, kernelPolicies);
            }
          },
        ),
        { numRuns: BATTLE_POSITIONS },
      );
    },
    BIG_PROPERTY_TIMEOUT,
  );

  it('GAME-KERNEL-1: forks with reshuffled piles: a game’s fork and the kernel’s fork hold the same position', () => {
    fc.assert(
      fc.property(battleSpecArb, seedArb, seedArb, fc.nat({ max: 6 }), (spec, seed, reseed, passes) => {
        const setup = battleSetup(spec);
        const game = newGame(setup, seed);
        const kernel = kernelOf(game, { events: true });
        const attack = attackOnPlanet(setup);
        game.send(attack);
        kernel.send(attack);
        for (let i = 0; i < passes; i++) {
          const awaiting = game.awaiting();
          if (!awaiting) break;
          const command =
            awaiting.for === 'response'
              ? { type: 'pass' as const, player: awaiting.player }
              : { type: 'decide' as const, player: awaiting.player, outcome: awaiting.options[0]! };
          game.send(command);
          kernel.send(command);
        }
        const why = disagreement(
          game.fork({ seed: reseed, reshuffle: true }),
          kernel.fork({ seed: reseed, reshuffle: true }),
        );
        if (why) throw new Error(why);
      }),
      { numRuns: 200 },
    );
  });
});

describe('GAME-KERNEL-2: a position moves between the drivers without loss', () => {
  it('GAME-KERNEL-2: a game’s position into the kernel and back is the game restoreGame(saveGame(game)) gives', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY, 20), (setup, seed, plan) => {
        const game = newGame(setup, seed);
        const pools = poolsOf(setup);
        for (const step of plan) sendAny(game, commandFor(game, pools, step));
        const position = gameStateOf(game);
        const back = gameAt(position, { origin: game.origin, log: game.log(), id: game.id });
        const restored = restoreGame(saveGame(game));
        expect(saveGame(back)).toEqual(saveGame(restored));
        expect(persistedSnapshotOf(position)).toEqual(
          JSON.parse(JSON.stringify(restored.persistedSnapshot())),
        );
        // And the kernel's own position, played on, back into a game that answers as the kernel does.
        const kernel = kernelOf(game, { events: true });
        for (const step of plan.slice(0, 5)) {
          const command = commandFor(kernel, pools, step);
          if (isHostEffectType((command as { type?: unknown } | null)?.type)) kernel.effect(command);
          else kernel.send(command);
        }
        const resumed = gameAt(kernel.state, { origin: game.origin });
        const why = disagreement(resumed, kernel);
        if (why) throw new Error(why);
      }),
      { numRuns: 150 },
    );
  });
});
