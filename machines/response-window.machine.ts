import { assign, setup } from 'xstate';
import {
  openWindow,
  type ResponseWindowContext,
  type ResponseWindowEvent,
  type ResponseWindowInput,
  type WindowKind,
  windowGuards,
  windowUpdates,
} from '../src/rules/battle/window.ts';

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
 *
 * Its guards and actions are the rules' (src/rules/battle/window.ts, which the kernel reads too); this
 * chart is their sequence, used twice: `responseWindowMachine` runs and draws it on
 * its own, and `windowStep` composes it into the battle statechart as a step of the battle (its `open`
 * state becomes the battle's step, its `closed` the step after), so a battle opens no window actor.
 */

export type {
  ResponseWindowContext,
  ResponseWindowEvent,
  ResponseWindowInput,
  WindowKind,
} from '../src/rules/battle/window.ts';

/** The window's transitions while it is open; `closed` is where the second pass in a row leads. */
function openTransitions<Closed extends string>(closed: Closed) {
  return {
    PASS: [
      { guard: 'closesWindow', target: closed, actions: 'recordPass' },
      { guard: 'hasPriority', actions: 'recordPass' },
    ],
    RESPONDED: { guard: 'hasPriority', actions: 'recordResponse' },
  } as const;
}

/**
 * The window composed as a step of another statechart (the battle): the step is the window's `open`
 * state, and its `closed` state is `next`, the step the second pass in a row leads to. The host
 * machine implements the guards and actions named here (`windowGuards`, `windowUpdates` on its window)
 * and opens and closes the window's context on entry and exit.
 */
export function windowStep<Next extends string>(next: Next) {
  return { on: openTransitions(next) } as const;
}

/** The response-window statechart on its own: priority and passes (the battle composes it with `windowStep`). */
export const responseWindowMachine = setup({
  types: {
    context: {} as ResponseWindowContext,
    input: {} as ResponseWindowInput,
    events: {} as ResponseWindowEvent,
    output: {} as { kind: WindowKind; responses: number },
  },
  guards: {
    hasPriority: ({ context, event }) => windowGuards.hasPriority(context, event),
    closesWindow: ({ context, event }) => windowGuards.closesWindow(context, event),
  },
  actions: {
    recordPass: assign(({ context }) => windowUpdates.recordPass(context)),
    recordResponse: assign(({ context }) => windowUpdates.recordResponse(context)),
  },
}).createMachine({
  id: 'responseWindow',
  context: ({ input }) => openWindow(input),
  initial: 'open',
  states: {
    open: { on: openTransitions('closed') },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ kind: context.kind, responses: context.responses }),
});
