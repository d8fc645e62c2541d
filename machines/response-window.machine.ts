import { assign, setup } from 'xstate';
import { closesWindow } from '../src/model/battle.ts';
import type { PlayerId } from '../src/model/board.ts';
import type { BattleWindow } from '../src/model/commands.ts';

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
 * This module is the window's one definition, used twice: `responseWindowMachine` runs and draws it on
 * its own, and `windowStep` composes it into the battle statechart as a step of the battle (its `open`
 * state becomes the battle's step, its `closed` the step after), so a battle opens no window actor.
 */

/** The response windows of a battle: at its start, in each pairing, and before the winner is determined. */
export type WindowKind = BattleWindow;

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

/** A window just opened: the first player holds priority, no one has passed or responded. */
export function openWindow(input: ResponseWindowInput): ResponseWindowContext {
  return {
    kind: input.kind,
    order: [input.first, input.second],
    priority: input.first,
    passes: 0,
    responses: 0,
  };
}

const other = (window: ResponseWindowContext) =>
  window.priority === window.order[0] ? window.order[1] : window.order[0];

/** The window's guards, on the window's own context and a pass or response. */
export const windowGuards = {
  hasPriority: (window: ResponseWindowContext, event: ResponseWindowEvent) =>
    event.player === window.priority,
  /** The second pass in a row: both players have declined, one after the other (`closesWindow`, src/model/battle.ts). */
  closesWindow: (window: ResponseWindowContext, event: ResponseWindowEvent) =>
    closesWindow(window, event.player),
};

/** The window's actions, as what each makes of the window's context. */
export const windowUpdates = {
  /** A pass: priority to the other player, one more pass in a row. */
  recordPass: (window: ResponseWindowContext): ResponseWindowContext => ({
    ...window,
    priority: other(window),
    passes: window.passes + 1,
  }),
  /** A response (the game carried it out): priority to the other player, the passes start again. */
  recordResponse: (window: ResponseWindowContext): ResponseWindowContext => ({
    ...window,
    priority: other(window),
    passes: 0,
    responses: window.responses + 1,
  }),
};

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
