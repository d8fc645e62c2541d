import { closesWindow } from '../../model/battle.ts';
import type { PlayerId } from '../../model/board.ts';
import type { BattleWindow } from '../../model/commands.ts';

/**
 * A response window (BATTLE-2, BATTLE-4e, before the winner): opened for an action, it gives the
 * players, in turn, the opportunity to respond. The opponent of the player who acted goes first,
 * except where both act at once (a combat pairing turned over), where the player whose turn it is goes
 * first (BATTLE-4e). After any response the other player has the next opportunity; two passes in a row
 * close the window.
 *
 * One definition, read by both drivers: the response-window statechart (and the battle statechart,
 * which composes it as its steps) takes its guards and actions from here, and so does the kernel.
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
