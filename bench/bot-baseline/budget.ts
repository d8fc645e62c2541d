/**
 * A decision's budget in time, as work the search counts: the commands its playouts carry out (a fork
 * counts as a few), never the clock, so that the same seed gives the same choice on any machine, fast
 * or slow. What a command costs grows with the cards in play (a battle's steps look through its
 * personnel). The model below was fitted on this project's benchmark machine (2 cores of an AMD EPYC,
 * Node 20; `bench/bot-calibrate.ts` fits it again), with a margin for a machine shared with other work:
 * there, a search of the default 100 ms takes about 50 ms in the median and rarely more than 100 ms.
 * On a machine twice as slow the same search takes twice as long, and chooses the same.
 */

/** Milliseconds of one command of a playout at a position of `cards` cards: fixed cost plus a share per card. */
export function msPerCommand(cards: number): number {
  return MS_PER_COMMAND + MS_PER_COMMAND_PER_CARD * cards;
}

/** Fitted by `bench/bot-calibrate.ts` over decisions of 6 to 53 cards in play, then given a margin. */
const MS_PER_COMMAND = 0.085;
const MS_PER_COMMAND_PER_CARD = 0.0008;

/** The work a budget of `ms` milliseconds buys at a position of `cards` cards. */
export function workFor(ms: number, cards: number): number {
  return Math.max(1, Math.floor(ms / msPerCommand(cards)));
}
