import type { CardId, PlayerId } from '../model/board.ts';
import type { HologramState } from '../model/events.ts';
import type { HologramView } from './table.ts';

/**
 * A hologram's life, as the rules define it: it enters play (active when set up so or given the Holo
 * icon, deactivated when reported: HOLO-ACT-1), is deactivated and activated again (HOLO-ACT-2/3), and
 * is erased for good (HOLO-EMIT-2, HOLO-DEATH-2/3).
 *
 *   entering play ─▶ deactivated ⇄ active      (any) ─ERASE─▶ erased (final)
 *
 * One definition, read by both drivers: the hologram statechart (`machines/hologram.machine.ts`) takes
 * its guards and actions from here, and the kernel (`src/kernel/`) steps a hologram with
 * `hologramAfter`. `test/hologram-machine.test.ts` holds the chart and these functions equal for every
 * state, turn and event.
 */

/** What a hologram actor is spawned with (the chart's input). */
export interface HologramInput {
  readonly card: CardId;
  readonly owner: PlayerId;
  readonly initial: 'active' | 'deactivated';
  readonly deactivatedOnTurn: number | null;
}

export type HologramEvent =
  /** HOLO-ACT-2/3: one of its owner's unstopped personnel present activates it. */
  | { type: 'ACTIVATE'; turn: number }
  /** HOLO-ACT-1, HOLO-EXIST-2, HOLO-DEATH-1, HOLO-DILEMMA-1, HOLO-CAPTURE-1: it deactivates. */
  | { type: 'DEACTIVATE'; turn: number }
  /** HOLO-EMIT-2, HOLO-DEATH-2, HOLO-DEATH-3: it is erased (discarded). */
  | { type: 'ERASE' };

/** A change the rules decide for a hologram: what the game tells its actor, or its spawn. */
export type HologramChangeEvent = HologramEvent | { type: 'SPAWN'; input: HologramInput };

/** HOLO-ACT-1: set up (or given the Holo icon) active; reported, it enters play deactivated. */
export function entersActive(enteredAs: 'active' | 'deactivated'): boolean {
  return enteredAs === 'active';
}

/** HOLO-ACT-3: a hologram is not activated on the same turn it deactivated. */
export function mayActivateOnTurn(deactivatedOnTurn: number | null, turn: number): boolean {
  return deactivatedOnTurn !== turn;
}

/**
 * Where each event leads from each state, and whether it is taken: the chart's transitions as data.
 * `erased` is final: nothing leads out of it.
 */
const TAKES: Readonly<
  Record<HologramState, (view: HologramView, event: HologramEvent) => HologramState | undefined>
> = {
  deactivated: (view, event) =>
    event.type === 'ERASE'
      ? 'erased'
      : event.type === 'ACTIVATE' && mayActivateOnTurn(view.deactivatedOnTurn, event.turn)
        ? 'active'
        : undefined,
  active: (_, event) =>
    event.type === 'ERASE' ? 'erased' : event.type === 'DEACTIVATE' ? 'deactivated' : undefined,
  // Final: nothing leads out of it (ERASE leads back into it, as the chart's root-level ERASE does).
  erased: (_, event) => (event.type === 'ERASE' ? 'erased' : undefined),
};

/** Whether the hologram takes this event now (HOLO-ACT-3 is the guard of ACTIVATE). */
export function hologramTakes(view: HologramView, event: HologramEvent): boolean {
  return TAKES[view.state](view, event) !== undefined;
}

/** A hologram entering play (the chart's `enteringPlay`, which it leaves at once). */
export function hologramEntering(input: Pick<HologramInput, 'initial' | 'deactivatedOnTurn'>): HologramView {
  return {
    state: entersActive(input.initial) ? 'active' : 'deactivated',
    deactivatedOnTurn: input.deactivatedOnTurn,
  };
}

/**
 * What a hologram becomes after a change: spawned, or told an event (an event it does not take leaves
 * it as it was). Deactivating remembers the turn (HOLO-ACT-3 reads it).
 */
export function hologramAfter(view: HologramView | undefined, change: HologramChangeEvent): HologramView {
  if (change.type === 'SPAWN') return hologramEntering(change.input);
  if (!view) throw new Error(`a hologram change (${change.type}) for a card with no hologram actor`);
  const next = TAKES[view.state](view, change);
  if (next === undefined) return view;
  return {
    state: next,
    deactivatedOnTurn: change.type === 'DEACTIVATE' ? change.turn : view.deactivatedOnTurn,
  };
}
