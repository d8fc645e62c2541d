import { derivedSeed } from '../../src/bot/rng.ts';
import type { Game } from '../../src/game/game.ts';
import type { Plan } from './plans.ts';
import { playout, type Searching } from './playout.ts';

/**
 * The search: flat Monte-Carlo over the plans with successive halving. Every plan still in the running
 * is played out once per sweep, all from the same seeds in a sweep (common random numbers: two plans
 * are compared over the same shuffles and kills, so a difference in score is the plans', not the
 * dice's); after 2, 4, 8... sweeps the worse half is dropped, down to the two best, which share what is
 * left. The budget is counted in work (the commands the playouts carry out, and each fork), never in
 * time, so that the same seed gives the same choice on any machine.
 */

/** What a plan's playouts came to. */
export interface PlanTally {
  readonly plan: Plan;
  playouts: number;
  /** Sums over the playouts: the score (kills minus losses), the kills and the losses. */
  score: number;
  kills: number;
  losses: number;
  /** The first battle each playout finished: how many the bot won, lost and tied. */
  won: number;
  lost: number;
  tied: number;
}

/** What a playout's fork costs, in the commands' work (see `budget.ts`). */
export const FORK_WORK = 3;

export interface SearchBudget {
  /** Work to spend, in commands carried out (a fork counts `FORK_WORK`). */
  readonly work: number;
  /** At most this many playouts of one plan: beyond it, a plan's figures hardly move. */
  readonly maxPlayouts: number;
}

/** A plan's worth for ranking: its mean score, and its slight preference between equals. */
export function worth(tally: PlanTally): number {
  return tally.playouts === 0
    ? Number.NEGATIVE_INFINITY
    : tally.score / tally.playouts + tally.plan.preference;
}

/** Best first; of two equal, the one listed first (the seat's own order of its commands). */
const byWorth = (tallies: readonly PlanTally[]) =>
  tallies
    .map((tally, order) => ({ tally, order }))
    .sort((a, b) => worth(b.tally) - worth(a.tally) || a.order - b.order)
    .map(({ tally }) => tally);

/** Plays the plans out and ranks them, best first (each with its tally). */
export function search(
  game: Game,
  searching: Searching,
  plans: readonly Plan[],
  budget: SearchBudget,
  seed: number,
): PlanTally[] {
  const tallies: PlanTally[] = plans.map((plan) => ({
    plan,
    playouts: 0,
    score: 0,
    kills: 0,
    losses: 0,
    won: 0,
    lost: 0,
    tied: 0,
  }));
  let alive = tallies;
  let work = 0;
  let playouts = 0;
  for (let sweep = 0; sweep < budget.maxPlayouts; sweep++) {
    // A sweep is not begun that would overrun the budget (and one begun is finished: its plans would be
    // compared on unequal seeds otherwise): the playouts' mean work tells what one more costs.
    if (sweep > 0 && work + (alive.length * work) / playouts > budget.work) break;
    const playoutSeed = derivedSeed(seed, sweep);
    for (const tally of alive) {
      const outcome = playout(game, tally.plan.commands, searching, playoutSeed);
      tally.playouts++;
      tally.kills += outcome.kills;
      tally.losses += outcome.losses;
      tally.score += outcome.kills - outcome.losses;
      if (outcome.battle === 'won') tally.won++;
      else if (outcome.battle === 'lost') tally.lost++;
      else if (outcome.battle === 'tied') tally.tied++;
      work += outcome.commands + FORK_WORK;
      playouts++;
      // The first sweep may stop short (a large choice on a small budget): the plans not played out yet
      // rank last. Later sweeps finish, so that the plans compared have played the same seeds.
      if (sweep === 0 && work >= budget.work) break;
    }
    const done = sweep + 1;
    if (alive.length > 2 && (done & (done - 1)) === 0 && done >= 2) {
      alive = byWorth(alive).slice(0, Math.max(2, Math.ceil(alive.length / 2)));
    }
  }
  return byWorth(tallies.filter((tally) => alive.includes(tally))).concat(
    byWorth(tallies.filter((tally) => !alive.includes(tally))),
  );
}
