import { createActor, createMachine } from 'xstate';
import { type Budget, sink, type Timing, timeTask } from './harness.ts';

/**
 * The floor: what XState itself costs per event, measured in the same run as the engine so that the
 * engine's figures can be read as ratios to it. A trivial machine of three states in a ring, one
 * event type, no guards, no actions, no context: every event is one transition of one actor.
 */

const ring = createMachine({
  id: 'floor',
  initial: 'red',
  states: {
    red: { on: { NEXT: 'green' } },
    green: { on: { NEXT: 'amber' } },
    amber: { on: { NEXT: 'red' } },
  },
});

/** Events sent in one timed iteration: one event alone is too short for the timer to resolve. */
const EVENTS_PER_ITERATION = 1000;

export interface FloorResult {
  /** Nanoseconds per event, as a timing (each sample is the mean over one batch). */
  readonly perEvent: Timing;
  readonly eventsPerSecond: number;
}

export async function measureFloor(budget: Budget): Promise<FloorResult> {
  const actor = createActor(ring).start();
  const next = { type: 'NEXT' } as const;
  const perEvent = await timeTask(
    'floor: three-state machine',
    () => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < EVENTS_PER_ITERATION; i++) actor.send(next);
      const elapsedMs = Number(process.hrtime.bigint() - start) / 1e6;
      sink.value += actor.getSnapshot().matches('red') ? 1 : 0;
      return { overriddenDuration: elapsedMs / EVENTS_PER_ITERATION, overriddenIterationCost: elapsedMs };
    },
    budget,
  );
  actor.stop();
  return { perEvent, eventsPerSecond: 1000 / perEvent.medianMs };
}
