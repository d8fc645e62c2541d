/**
 * BATTLE-4, BATTLE-5: STRENGTH read through the index by place (`strength.ts`) is the STRENGTH of every
 * modifier that reaches the card: the totals a battle asks for (summed modifiers added once per spot)
 * agree with the full reading that names each part, card by card, at every step of random battles.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTACK, battleSetup as benchBattle } from '../bench/setups.ts';
import { createGame, type Game } from '../src/index.ts';
import { strengthOf, strengthTotals } from '../src/rules/battle/strength.ts';
import { attackOnPlanet, battleSetup, battleSpecArb, legalNow } from './generators.ts';

function agree(game: Game): void {
  const table = game.table();
  const ids = Object.keys(table.board.cards);
  const totals = strengthTotals(table, ids);
  ids.forEach((id, i) => {
    const full = strengthOf(table, id);
    expect(totals[i], id).toBe(full.total);
    expect(full.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(full.total);
  });
}

describe('STRENGTH by place', () => {
  it('BATTLE-4, BATTLE-5: the totals agree with the full reading at every step of random battles', () => {
    fc.assert(
      fc.property(battleSpecArb, fc.array(fc.nat({ max: 1000 }), { maxLength: 60 }), (spec, picks) => {
        const setup = battleSetup(spec);
        const game = createGame(setup, { seed: 3 });
        agree(game);
        game.send(attackOnPlanet(setup));
        for (const pick of picks) {
          agree(game);
          const command = legalNow(game, pick);
          if (!game.battle() || !command) break;
          game.send(command);
        }
        game.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('BATTLE-4: each phaser adds +2 to every one of its owner’s personnel present, but not Lower Decks twice', () => {
    const game = createGame(benchBattle(10), { seed: 1 });
    agree(game);
    const table = game.table();
    // Two phasers a side; Lower Decks (+2 to universal non-holographic personnel) once, its copy adds nothing.
    const veteran = strengthOf(table, 'alice-5');
    expect(veteran.parts.map((part) => part.source)).toEqual([
      'alice-5',
      'lower-decks',
      'alice-phaser-1',
      'alice-phaser-2',
    ]);
    expect(veteran.total).toBe(9 + 2 + 2 + 2);
    expect(game.send(ATTACK).ok).toBe(true);
    game.stop();
  });
});
