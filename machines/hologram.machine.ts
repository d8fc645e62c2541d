import { assign, setup } from 'xstate';
import type { CardId, PlayerId } from '../src/model/board.ts';

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
    mayActivateOnTurn: ({ context, event }) =>
      event.type === 'ACTIVATE' && context.deactivatedOnTurn !== event.turn,
  },
  actions: {
    rememberDeactivationTurn: assign({
      deactivatedOnTurn: ({ event }) => (event.type === 'DEACTIVATE' ? event.turn : null),
    }),
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
        ACTIVATE: { guard: 'mayActivateOnTurn', target: 'active' },
      },
    },
    active: {
      on: {
        DEACTIVATE: { target: 'deactivated', actions: 'rememberDeactivationTurn' },
      },
    },
    erased: { type: 'final' },
  },
  on: {
    ERASE: '.erased',
  },
});
