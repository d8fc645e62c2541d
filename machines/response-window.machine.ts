import { assign, setup } from 'xstate';
import type { PlayerId } from '../src/model/board.ts';

/**
 * A response window: opened for an action, it gives the players, in turn, the opportunity to respond.
 * The opponent of the player who acted goes first, except where both act at once (a combat pairing
 * turned over), where the player whose turn it is goes first (BATTLE-4e). After any response the
 * other player has the next opportunity; two passes in a row close the window.
 *
 * The game judges whether a response is legal (the card, its timing, its conditions) before it tells
 * the window; the window keeps priority, and ignores a pass or response from the player without it.
 *
 *   open ─PASS (first of two)─▶ open ─PASS─▶ closed (final)
 *        └─RESPONDED─▶ open (priority to the other player, passes reset)
 */

export type WindowKind = 'start-of-battle' | 'pairing' | 'until-winner';

export interface ResponseWindowContext {
  readonly kind: WindowKind;
  /** The two players, the one with the first opportunity first. */
  readonly order: readonly [PlayerId, PlayerId];
  /** Who may respond or pass now. */
  readonly priority: PlayerId;
  /** Passes in a row (a response resets it; two close the window). */
  readonly passes: number;
  /** How many responses were made in this window. */
  readonly responses: number;
}

export interface ResponseWindowInput {
  readonly kind: WindowKind;
  readonly first: PlayerId;
  readonly second: PlayerId;
}

export type ResponseWindowEvent =
  | { type: 'PASS'; player: PlayerId }
  | { type: 'RESPONDED'; player: PlayerId };

const other = (context: ResponseWindowContext) =>
  context.priority === context.order[0] ? context.order[1] : context.order[0];

/** The response-window statechart: priority and passes; the battle invokes one per window as `window`. */
export const responseWindowMachine = setup({
  types: {
    context: {} as ResponseWindowContext,
    input: {} as ResponseWindowInput,
    events: {} as ResponseWindowEvent,
    output: {} as { kind: WindowKind; responses: number },
  },
  guards: {
    hasPriority: ({ context, event }) => event.player === context.priority,
    /** The second pass in a row: both players have declined, one after the other. */
    closesWindow: ({ context, event }) => event.player === context.priority && context.passes === 1,
  },
  actions: {
    passPriority: assign({
      priority: ({ context }) => other(context),
      passes: ({ context }) => context.passes + 1,
    }),
    respondAndPassPriority: assign({
      priority: ({ context }) => other(context),
      passes: 0,
      responses: ({ context }) => context.responses + 1,
    }),
  },
}).createMachine({
  id: 'responseWindow',
  context: ({ input }) => ({
    kind: input.kind,
    order: [input.first, input.second],
    priority: input.first,
    passes: 0,
    responses: 0,
  }),
  initial: 'open',
  states: {
    open: {
      on: {
        PASS: [
          { guard: 'closesWindow', target: 'closed', actions: 'passPriority' },
          { guard: 'hasPriority', actions: 'passPriority' },
        ],
        RESPONDED: { guard: 'hasPriority', actions: 'respondAndPassPriority' },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ kind: context.kind, responses: context.responses }),
});
