import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { hologramMachine } from '../src/index.ts';
import { type HologramEvent, hologramAfter, hologramTakes } from '../src/rules/hologram-life.ts';

const start = (initial: 'active' | 'deactivated', deactivatedOnTurn: number | null = null) =>
  createActor(hologramMachine, {
    input: { card: 'doctor', owner: 'alice', initial, deactivatedOnTurn },
  }).start();

describe('the hologram statechart', () => {
  it('HOLO-ACT-1: enters play deactivated when reported', () => {
    expect(start('deactivated').getSnapshot().value).toBe('deactivated');
    expect(start('active').getSnapshot().value).toBe('active');
  });

  it('HOLO-ACT-2: a reported hologram may be activated on the turn it was reported', () => {
    const actor = start('deactivated');
    actor.send({ type: 'ACTIVATE', turn: 1 });
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('HOLO-ACT-3: keeps the turn it deactivated, and refuses activation on that turn', () => {
    const actor = start('active');
    actor.send({ type: 'DEACTIVATE', turn: 4 });
    expect(actor.getSnapshot().context.deactivatedOnTurn).toBe(4);
    actor.send({ type: 'ACTIVATE', turn: 4 });
    expect(actor.getSnapshot().value).toBe('deactivated');
    actor.send({ type: 'ACTIVATE', turn: 6 });
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('HOLO-DEATH-2: erased is final, from either state', () => {
    for (const initial of ['active', 'deactivated'] as const) {
      const actor = start(initial);
      actor.send({ type: 'ERASE' });
      expect(actor.getSnapshot().value).toBe('erased');
      expect(actor.getSnapshot().status).toBe('done');
    }
  });

  it('HOLO-ACT-3: the rules’ hologram life (src/rules/hologram-life.ts) answers as a live actor of the chart does, for every state, turn and event, asked in any order', () => {
    const eventArb: fc.Arbitrary<HologramEvent> = fc.oneof(
      fc.record({ type: fc.constant('ACTIVATE' as const), turn: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ type: fc.constant('DEACTIVATE' as const), turn: fc.integer({ min: 1, max: 6 }) }),
      fc.constant({ type: 'ERASE' as const }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('active' as const, 'deactivated' as const),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
        fc.array(eventArb, { maxLength: 8 }),
        (initial, deactivatedOnTurn, events) => {
          // A live actor beside the rules' reading: both told the same events, in the same order.
          const actor = start(initial, deactivatedOnTurn);
          let view = hologramAfter(undefined, {
            type: 'SPAWN',
            input: { card: 'doctor', owner: 'alice', initial, deactivatedOnTurn },
          });
          for (const event of events) {
            expect(hologramTakes(view, event)).toBe(actor.getSnapshot().can(event));
            // An erased hologram's actor is done: it takes no event, and XState would warn of one
            // sent to it. The rules' reading must stay as it is all the same (checked below).
            if (actor.getSnapshot().status === 'active') actor.send(event);
            view = hologramAfter(view, event);
            const live = actor.getSnapshot();
            expect(view).toEqual({ state: live.value, deactivatedOnTurn: live.context.deactivatedOnTurn });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
