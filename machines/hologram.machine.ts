import { assign, initialTransition, setup, transition } from 'xstate';
import type { CardId, PlayerId } from '../src/model/board.ts';
import type { HologramState } from '../src/model/events.ts';

/**
 * One actor per holographic card in play (personnel and equipment): it owns the card's activation
 * state. The game actor spawns it (by the name `hologram`, so snapshots persist) with the systemId
 * `hologram:<card id>`, and tells it what the rules decided; it keeps the turn it last deactivated,
 * which HOLO-ACT-3 reads.
 *
 *   entering play ─▶ deactivated ⇄ active      (any) ─ERASE─▶ erased (final)
 */

export interface HologramContext {
  readonly card: CardId;
  readonly owner: PlayerId;
  /** The turn on which it last deactivated; null while it has not deactivated since it was reported (HOLO-ACT-2). */
  readonly deactivatedOnTurn: number | null;
  /** How it entered play: deactivated when reported (HOLO-ACT-1), or as set up / given the Holo icon. */
  readonly enteredAs: 'active' | 'deactivated';
}

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

/** The hologram statechart: one actor per Holo card in play, spawned by the game as `hologram`. */
export const hologramMachine = setup({
  types: {
    context: {} as HologramContext,
    input: {} as HologramInput,
    events: {} as HologramEvent,
  },
  guards: {
    /** Set up (or given the Holo icon) as an active hologram; otherwise it enters play deactivated (HOLO-ACT-1). */
    entersActive: ({ context }) => context.enteredAs === 'active',
    /** HOLO-ACT-3: not on the same turn it deactivated. */
    mayActivateOnTurn: ({ context }, { turn }: { turn: number }) => context.deactivatedOnTurn !== turn,
  },
  actions: {
    rememberDeactivationTurn: assign((_, { turn }: { turn: number }) => ({ deactivatedOnTurn: turn })),
  },
}).createMachine({
  id: 'hologram',
  context: ({ input }) => ({
    card: input.card,
    owner: input.owner,
    deactivatedOnTurn: input.deactivatedOnTurn,
    enteredAs: input.initial,
  }),
  initial: 'enteringPlay',
  states: {
    enteringPlay: {
      always: [{ guard: 'entersActive', target: 'active' }, { target: 'deactivated' }],
    },
    deactivated: {
      on: {
        ACTIVATE: {
          guard: { type: 'mayActivateOnTurn', params: ({ event }) => ({ turn: event.turn }) },
          target: 'active',
        },
      },
    },
    active: {
      on: {
        DEACTIVATE: {
          target: 'deactivated',
          actions: { type: 'rememberDeactivationTurn', params: ({ event }) => ({ turn: event.turn }) },
        },
      },
    },
    erased: { type: 'final' },
  },
  on: {
    ERASE: '.erased',
  },
});

/** A hologram's state as the rules read it: the chart's state and the turn it last deactivated. */
export interface HologramStateView {
  readonly state: HologramState;
  readonly deactivatedOnTurn: number | null;
}

/** A change the rules decide for a hologram: what the game tells its actor, or its spawn. */
export type HologramChangeEvent = HologramEvent | { type: 'SPAWN'; input: HologramInput };

type HologramSnapshot = ReturnType<typeof hologramMachine.resolveState>;

function snapshotOf(view: HologramStateView): HologramSnapshot {
  // Only the state and the turn are read by the chart's guards and actions.
  return hologramMachine.resolveState({
    value: view.state,
    context: { card: '', owner: '', deactivatedOnTurn: view.deactivatedOnTurn, enteredAs: 'active' },
  });
}

const viewOf = (snapshot: HologramSnapshot): HologramStateView => ({
  state: snapshot.value as HologramState,
  deactivatedOnTurn: snapshot.context.deactivatedOnTurn,
});

/**
 * What the hologram chart makes of a change, without an actor: the very transition the hologram actor
 * takes when the game tells it the same event (XState's pure `transition`). The rules see a hologram's
 * state through this while a command resolves, so what they decide and what the actor becomes cannot
 * disagree: the chart is the one owner of a hologram's state.
 */
export function hologramAfter(
  view: HologramStateView | undefined,
  change: HologramChangeEvent,
): HologramStateView {
  if (change.type === 'SPAWN') {
    const { initial, deactivatedOnTurn } = change.input;
    return remembered(`spawn|${initial}|${deactivatedOnTurn}`, () =>
      viewOf(initialTransition(hologramMachine, change.input)[0]),
    );
  }
  if (!view) throw new Error(`a hologram change (${change.type}) for a card with no hologram actor`);
  return remembered(`${keyOf(view, change)}|after`, () =>
    viewOf(transition(hologramMachine, snapshotOf(view), change)[0]),
  );
}

/** Whether the hologram chart takes this event now (HOLO-ACT-3 is its guard `mayActivateOnTurn`). */
export function hologramTakes(view: HologramStateView, event: HologramEvent): boolean {
  return remembered(`${keyOf(view, event)}|takes`, () => snapshotOf(view).can(event));
}

/** All the chart reads of a hologram and an event: its state, the turn it last deactivated, the event. */
const keyOf = (view: HologramStateView, event: HologramEvent) =>
  `${view.state}|${view.deactivatedOnTurn}|${event.type}|${event.type === 'ERASE' ? '' : event.turn}`;

/**
 * The chart's answers, remembered: what it makes of a change depends only on the state, the turn it
 * last deactivated and the event (its guards and actions read nothing else; `snapshotOf` leaves the
 * rest blank), and working it out through XState costs more than many rules do. Still the chart's own
 * answer, worked out once; bounded, since turns go on.
 */
const answers = new Map<string, unknown>();
const MAX_ANSWERS = 4096;

function remembered<T>(key: string, work: () => T): T {
  if (answers.has(key)) return answers.get(key) as T;
  if (answers.size >= MAX_ANSWERS) answers.clear();
  const answer = work();
  answers.set(key, typeof answer === 'object' ? Object.freeze(answer) : answer);
  return answer;
}
