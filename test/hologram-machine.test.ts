import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { hologramMachine } from '../src/index.ts';

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
});
