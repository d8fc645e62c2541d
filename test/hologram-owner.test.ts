/**
 * A hologram's state has one definition, its life in the rules (`src/rules/hologram-life.ts`), which the
 * statechart's guards read: the rules see a hologram's state, while a command resolves, through
 * `hologramAfter`, and judge HOLO-ACT-3 by `hologramTakes`, and a live actor of the chart agrees. These properties hold the rules' word (their rule events) to the
 * hologram actors' states, and the pure transition to a running actor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { hologramMachine } from '../machines/hologram.machine.ts';
import type { HologramState, HologramView, RuleEvent } from '../src/index.ts';
import {
  type HologramEvent,
  type HologramInput,
  hologramAfter,
  hologramTakes,
} from '../src/rules/hologram-life.ts';
import { PLAY, play, seedArb, setupArb, steps } from './generators.ts';

/** The state a rule event says a hologram is in now, if it says one. */
function stateSaid(event: RuleEvent): [card: string, state: HologramState] | undefined {
  switch (event.kind) {
    case 'activated':
      return [event.hologram, 'active'];
    case 'deactivated':
      return [event.hologram, 'deactivated'];
    case 'erased':
      return [event.hologram, 'erased'];
    default:
      return undefined;
  }
}

const eventArb: fc.Arbitrary<HologramEvent> = fc.oneof(
  fc.record({ type: fc.constant('ACTIVATE' as const), turn: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ type: fc.constant('DEACTIVATE' as const), turn: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ type: 'ERASE' as const }),
);

const inputArb: fc.Arbitrary<HologramInput> = fc.record({
  card: fc.constant('doctor'),
  owner: fc.constant('alice'),
  initial: fc.constantFrom('active' as const, 'deactivated' as const),
  deactivatedOnTurn: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
});

describe('a hologram has one owner: its statechart', () => {
  it("HOLO-ACT-1/2/3, HOLO-DEATH-2: the rules' view of a hologram after any events is the hologram actor's state after them", () => {
    fc.assert(
      fc.property(inputArb, fc.array(eventArb, { maxLength: 12 }), (input, events) => {
        const actor = createActor(hologramMachine, { input }).start();
        let view: HologramView = hologramAfter(undefined, { type: 'SPAWN', input });
        for (const event of events) {
          // HOLO-ACT-3: the rules ask the chart's own guard whether it takes an activation now.
          expect(hologramTakes(view, event)).toBe(actor.getSnapshot().can(event));
          // An erased hologram's actor is done: it takes no event, and XState would warn of one sent
          // to it. The rules' view must stay as it is all the same (checked below).
          if (actor.getSnapshot().status === 'active') actor.send(event);
          view = hologramAfter(view, event);
          const snapshot = actor.getSnapshot();
          expect(view).toEqual({
            state: snapshot.value,
            deactivatedOnTurn: snapshot.context.deactivatedOnTurn,
          });
        }
        actor.stop();
      }),
      { numRuns: 300 },
    );
  });

  it('HOLO-ACT-3: a hologram deactivated this turn is not taken by the chart, and the rules cite HOLO-ACT-3', () => {
    const view = hologramAfter(
      hologramAfter(undefined, {
        type: 'SPAWN',
        input: { card: 'doctor', owner: 'alice', initial: 'active', deactivatedOnTurn: null },
      }),
      { type: 'DEACTIVATE', turn: 2 },
    );
    expect(view).toEqual({ state: 'deactivated', deactivatedOnTurn: 2 });
    expect(hologramTakes(view, { type: 'ACTIVATE', turn: 2 })).toBe(false);
    expect(hologramTakes(view, { type: 'ACTIVATE', turn: 3 })).toBe(true);
    // A second deactivation of a deactivated hologram keeps the turn it deactivated on (the chart ignores it).
    expect(hologramAfter(view, { type: 'DEACTIVATE', turn: 3 })).toEqual(view);
  });

  it('every rule event about a hologram (activated, deactivated, erased) matches its actor’s state, and every change of an actor’s state has its rule event', () => {
    let checked = 0;
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY, 30), (setup, seed, plan) => {
        let states: Record<string, HologramState | undefined> | null = null;
        const { game } = play(
          setup,
          seed,
          plan,
          ({ game, result }) => {
            const cards = Object.keys(game.board().cards);
            const said = new Map<string, HologramState>();
            if (result.ok) {
              for (const event of result.events) {
                const state = stateSaid(event);
                if (state) said.set(state[0], state[1]);
              }
            }
            checked += said.size;
            for (const [card, state] of said) {
              expect({ card, state: game.hologramState(card) }).toEqual({ card, state });
            }
            for (const card of cards) {
              const before = states?.[card];
              const now = game.hologramState(card);
              // A hologram that enters play (reported, or given the Holo icon) is new, not a change.
              if (before !== undefined && before !== now)
                expect({ card, said: said.get(card) }).toEqual({ card, said: now });
            }
            states = Object.fromEntries(cards.map((card) => [card, game.hologramState(card)]));
          },
          (game) => {
            states = Object.fromEntries(
              Object.keys(game.board().cards).map((card) => [card, game.hologramState(card)]),
            );
          },
        );
        game.stop();
      }),
      { numRuns: 150 },
    );
    // The games are about holograms: rule events about them were held to their actors.
    expect(checked).toBeGreaterThan(20);
  });
});
