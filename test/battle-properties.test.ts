import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command, Game, Setup } from '../src/index.ts';
import { ATTACK_ON_PLANET, battleGame } from './battle-table.ts';

/**
 * Random battles on the planet: each side 1 to 8 fighters (some of them holograms, some stunned,
 * disabled or in stasis before the battle), 0 to 2 phasers each; every decision and response chosen at
 * random among the legal ones. Checked after every command and at the end.
 */

const STRENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 17] as const;
const HOLO_STRENGTHS = [3, 5, 9, 10, 20] as const;

const fighter = fc.record({
  holo: fc.boolean(),
  strength: fc.nat({ max: 100 }),
  status: fc.constantFrom('none', 'none', 'none', 'stunned', 'disabled', 'stasis', 'stopped'),
});

const side = fc.record({
  fighters: fc.array(fighter, { minLength: 1, maxLength: 8 }),
  phasers: fc.nat({ max: 2 }),
});

type SideSpec = { fighters: Array<{ holo: boolean; strength: number; status: string }>; phasers: number };

function cardsOf(owner: string, spec: SideSpec): Setup['cards'] {
  const cards: Setup['cards'] = spec.fighters.map((f, i) => ({
    id: `${owner}${i}`,
    card: f.holo
      ? `Holo Fighter ${HOLO_STRENGTHS[f.strength % HOLO_STRENGTHS.length]}`
      : `Fighter ${STRENGTHS[f.strength % STRENGTHS.length]}`,
    owner,
    at: { planet: 'ligos' },
    ...(f.holo ? { hologram: 'active' as const } : {}),
    status:
      f.status === 'stunned'
        ? { stunned: true }
        : f.status === 'disabled'
          ? { disabled: true }
          : f.status === 'stasis'
            ? { inStasisUntilEndOfTurn: 2 }
            : f.status === 'stopped'
              ? { stopped: true }
              : {},
  }));
  for (let i = 0; i < spec.phasers; i++) {
    cards.push({
      id: `${owner}-phaser${i}`,
      card: 'Starfleet Type II Phaser',
      owner,
      at: { planet: 'ligos' },
    });
  }
  return cards;
}

/** The STRENGTH the rules define here, computed without the engine: printed, +2 per usable phaser. */
function expectedStrength(game: Game, id: string): number {
  const board = game.board();
  const card = board.cards[id]!;
  const printed = Number(card.card.split(' ').pop());
  const people = Object.values(board.cards).filter(
    (c) => c.owner === card.owner && c.at.in === 'planet' && !c.card.includes('Phaser'),
  );
  const someoneCanUse = people.some(
    (c) =>
      !c.status.disabled &&
      game.hologramState(c.id) !== 'deactivated' &&
      c.status.inStasisUntilEndOfTurn === null,
  );
  const phasers = Object.values(board.cards).filter(
    (c) => c.owner === card.owner && c.at.in === 'planet' && c.card.includes('Phaser'),
  ).length;
  return printed + (someoneCanUse ? 2 * phasers : 0);
}

function expectedTotal(game: Game, ids: readonly string[]): number {
  return ids
    .filter((id) => {
      const status = game.board().cards[id]!.status;
      return (
        !status.disabled &&
        !status.stunned &&
        !status.mortallyWounded &&
        status.inStasisUntilEndOfTurn === null &&
        game.hologramState(id) !== 'deactivated'
      );
    })
    .reduce((sum, id) => sum + expectedStrength(game, id), 0);
}

describe('battle properties over random battles', () => {
  it("BATTLE-3, BATTLE-4b, BATTLE-5, BATTLE-6: never stunned and mortally wounded at once, no one in stasis engages, totals are the rules' sums, every card ends in one place", () => {
    let battles = 0;
    fc.assert(
      fc.property(
        side,
        side,
        fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
        fc.nat(),
        (mine, theirs, choices, seed) => {
          const game = battleGame([...cardsOf('alice', mine), ...cardsOf('bob', theirs)], {}, seed);
          const ids = new Set(Object.keys(game.board().cards));
          const inStasis = new Set(
            Object.values(game.board().cards)
              .filter((c) => c.status.inStasisUntilEndOfTurn !== null)
              .map((c) => c.id),
          );
          const started = game.send(ATTACK_ON_PLANET());
          if (!started.ok) {
            // Only when Alice has no one able to attack, or Bob no one to attack (BATTLE-1).
            expect(started.rejection.clause).toBe('BATTLE-1');
            return;
          }
          battles++;
          let expectedTotals: { attacker: number; defender: number } | null = null;
          for (let step = 0; game.battle(); step++) {
            const awaiting = game.awaiting()!;
            const battle = game.battle()!;
            if (battle.step === 'beforeWinner' && battle.window?.passes === 1 && !expectedTotals) {
              expectedTotals = {
                attacker: expectedTotal(game, battle.data.participants.attacker),
                defender: expectedTotal(game, battle.data.participants.defender),
              };
            }
            const legal = game.legalCommands(awaiting.player).filter((c: Command) => c.type !== 'respond');
            expect(legal.length).toBeGreaterThan(0);
            const command = legal[(choices[step % choices.length] ?? 0) % legal.length]!;
            const result = game.send(command);
            expect(result.ok).toBe(true);
            for (const card of Object.values(game.board().cards)) {
              expect(card.status.stunned && card.status.mortallyWounded).toBe(false);
            }
            expect(step).toBeLessThan(500);
          }
          const record = game.lastBattle()!;
          for (const pairing of record.pairings) {
            expect(inStasis.has(pairing.attacker) || inStasis.has(pairing.defender)).toBe(false);
          }
          expect(record.totals).toEqual(expectedTotals);
          expect(new Set(Object.keys(game.board().cards))).toEqual(ids);
          // The dead: the one the winner killed, and those mortally wounded (holograms deactivate instead).
          const mayDie = new Set([
            record.killed,
            ...record.pairings
              .filter((p) => p.outcome === 'mortally-wound')
              .map((p) => (p.by === p.attacker ? p.defender : p.attacker)),
          ]);
          for (const card of Object.values(game.board().cards)) {
            expect(['planet', 'space', 'discard', 'played-on']).toContain(card.at.in);
            if (card.at.in === 'discard') expect(mayDie.has(card.id)).toBe(true);
            expect(card.status.stunned || card.status.mortallyWounded).toBe(false);
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(battles).toBeGreaterThan(50);
  });
});
