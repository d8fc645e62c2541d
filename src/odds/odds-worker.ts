import { type OddsTally, type PreparedOdds, playOddsBattles } from './odds.ts';

/** One task of the parallel odds: a run of consecutive battles of a prepared position. */
export interface OddsTask {
  readonly prepared: PreparedOdds;
  readonly from: number;
  readonly to: number;
}

/** Runs on a worker thread of `parallelBattleOdds`'s pool: plays battles `from` to `to` and tallies them. */
export default function playTask({ prepared, from, to }: OddsTask): OddsTally {
  return playOddsBattles(prepared, from, to);
}
