/**
 * Odds on every core (`parallelBattleOdds`, Node only): the position is set up once, each battle
 * starts from its snapshot with its own seed (`battleSeed(seed, index)`), and the report is the same
 * whatever the number of workers, and the same as `battleOdds` on one thread.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import {
  battleOdds,
  battleSeed,
  emptyOddsTally,
  mergeOddsTally,
  OddsError,
  oddsScenario,
  playOddsBattles,
  prepareOdds,
} from '../src/odds/odds.ts';
import { parallelBattleOdds } from '../src/odds/parallel.ts';

const BOARDING = oddsScenario(JSON.parse(readFileSync('examples/odds/boarding-party.json', 'utf8')));
const OPTIONS = { battles: 40, seed: 11, ...(BOARDING.policies ? { policies: BOARDING.policies } : {}) };

describe('battle odds on worker threads', () => {
  it('gives the report of battleOdds, whatever the number of workers', async () => {
    const one = battleOdds(BOARDING.setup, OPTIONS);
    for (const workers of [1, 2, 3]) {
      expect(await parallelBattleOdds(BOARDING.setup, { ...OPTIONS, workers })).toEqual(one);
    }
  }, 60_000);

  it('tallies any split of the battles, merged in order, as one run', () => {
    const prepared = prepareOdds(BOARDING.setup, OPTIONS);
    const whole = playOddsBattles(prepared, 0, 40);
    const split = [
      playOddsBattles(prepared, 0, 7),
      playOddsBattles(prepared, 7, 8),
      playOddsBattles(prepared, 8, 40),
    ];
    expect(split.reduce(mergeOddsTally, emptyOddsTally())).toEqual(whole);
    // Not a tally that any run would match: other indices, other seeds, other battles (many of them,
    // so that two tallies agreeing by chance is out of the question).
    expect(playOddsBattles(prepared, 0, 200)).not.toEqual(playOddsBattles(prepared, 200, 400));
  });

  it('starts each battle from the prepared position as createGame would with its seed', () => {
    const prepared = prepareOdds(BOARDING.setup, { battles: 3, seed: 5 });
    const tally = playOddsBattles(prepared, 2, 3);
    const game = createGame(BOARDING.setup, { seed: battleSeed(5, 2), policies: prepared.policies });
    const result = game.send(prepared.attack);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const winner = game.lastBattle()!.winner;
    expect(tally.wins).toBe(winner === prepared.attacker ? 1 : 0);
    expect(tally.ties).toBe(winner === null ? 1 : 0);
    const announced = result.events.find((event) => event.kind === 'battle-announced');
    if (announced?.kind !== 'battle-announced') throw new Error('no battle announced');
    const dead = (ids: readonly string[]) =>
      ids.filter((id) => game.board().cards[id]!.at.in === 'discard').length;
    expect(tally.killed.attacker.sum).toBe(dead(announced.attackers));
    expect(tally.killed.defender.sum).toBe(dead(announced.defenders));
    game.stop();
  });

  it('refuses a number of workers that is not a whole number of 1 or more', async () => {
    await expect(parallelBattleOdds(BOARDING.setup, { ...OPTIONS, workers: 0 })).rejects.toThrow(OddsError);
    await expect(parallelBattleOdds(BOARDING.setup, { ...OPTIONS, worker: 2 } as never)).rejects.toThrow(
      /parallelBattleOdds has no option "worker"/,
    );
    await expect(parallelBattleOdds(BOARDING.setup, { ...OPTIONS, workers: 1.5 })).rejects.toThrow(
      /workers must be a whole number/,
    );
  });

  it('refuses a policy function on worker threads (it cannot cross to another thread)', async () => {
    await expect(
      parallelBattleOdds(BOARDING.setup, {
        ...OPTIONS,
        workers: 2,
        policies: { alice: () => ({ type: 'pass', player: 'alice' }) },
      }),
    ).rejects.toThrow(/cannot run on a worker thread/);
  });
});
