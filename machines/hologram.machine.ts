import { assign, setup } from 'xstate';
import type { CardId, PlayerId } from '../src/model/board.ts';
import {
  entersActive,
  type HologramEvent,
  type HologramInput,
  mayActivateOnTurn,
} from '../src/rules/hologram-life.ts';

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

export type { HologramChangeEvent, HologramEvent, HologramInput } from '../src/rules/hologram-life.ts';

/** The hologram statechart: one actor per Holo card in play, spawned by the game as `hologram`. */
export const hologramMachine = setup({
  types: {
    context: {} as HologramContext,
    input: {} as HologramInput,
    events: {} as HologramEvent,
  },
  guards: {
    /** Set up (or given the Holo icon) as an active hologram; otherwise it enters play deactivated (HOLO-ACT-1). */
    entersActive: ({ context }) => entersActive(context.enteredAs),
    /** HOLO-ACT-3: not on the same turn it deactivated. */
    mayActivateOnTurn: ({ context }, { turn }: { turn: number }) =>
      mayActivateOnTurn(context.deactivatedOnTurn, turn),
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
