/**
 * A decision's budget in time, as work the search counts: the commands its iterations carry out, the
 * forks and the listings of legal commands (`search.ts`'s WORK), never the clock, so that the same seed
 * gives the same choice on any machine, fast or slow. What a command costs grows with the cards in
 * play (a battle's steps and a listing look through them). The model below was fitted on this
 * project's benchmark machine (2 cores of an AMD EPYC, Node 20; `bench/bot-calibrate.ts` fits it
 * again), with a margin for a machine shared with other work, so that 95 decisions in 100 take at most
 * their budget there. On a machine twice as slow the same search takes twice as long, and chooses the
 * same; a faster kernel makes the same search quicker, never longer.
 */

/** Milliseconds of one unit of work at a position of `cards` cards: a fixed cost plus a share per card. */
export function msPerWork(cards: number): number {
  return MS_PER_WORK + MS_PER_WORK_PER_CARD * cards;
}

/**
 * Fitted by `bench/bot-calibrate.ts` over decisions of 6 to 53 cards in play: 0.002 ms + 0.00042 ms a
 * card, a unit of work, on the machine alone, a decision's time over the fit's 0.86 in the median and
 * 1.85 at the 95th percentile; shared with other work (a load of 6 on its 2 cores), about three times
 * that. The model is about twice and a half the fit: the margin for the spread and for a shared machine.
 */
const MS_PER_WORK = 0.01;
const MS_PER_WORK_PER_CARD = 0.0007;

/** The work a budget of `ms` milliseconds buys at a position of `cards` cards. */
export function workFor(ms: number, cards: number): number {
  return Math.max(1, Math.floor(ms / msPerWork(cards)));
}
