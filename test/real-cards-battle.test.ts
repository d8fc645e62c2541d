import { describe, expect, it } from 'vitest';
import { cardListsBattle, cardListsScenario, isCardListsFile, loadCards } from '../src/cards/index.ts';
import { battleOdds, createGame, type Game, OddsError, type RuleEvent } from '../src/index.ts';
import { stccg } from './support/stccg.ts';

/**
 * Real cards in battle (issue 27): personnel and equipment from the card pool, loaded by name, fought
 * through with the game's commands; and the odds of two lists of card names.
 */

/** Alice's Klingons (and a Klingon Disruptor) against Bob's Federation crew (and a phaser), on Qo'noS. */
async function klingonsAgainstFederation(seed: number): Promise<Game> {
  const cards = await loadCards([
    'Gowron',
    'Kargan',
    'Klingon Disruptor',
    'Worf',
    'Tasha Yar',
    'Data',
    'Starfleet Type II Phaser',
  ]);
  const on = (owner: string) => (id: string, card: string) => ({ id, card, owner, at: { planet: 'qonos' } });
  const alice = on('alice');
  const bob = on('bob');
  return createGame(
    {
      players: ['alice', 'bob'],
      turn: { player: 'alice', number: 3 },
      locations: [{ id: 'qonos', name: "Qo'noS" }],
      cards: [
        alice('gowron', 'Gowron'),
        alice('kargan', 'Kargan'),
        alice('disruptor', 'Klingon Disruptor'),
        bob('worf', 'Worf'),
        bob('tasha', 'Tasha Yar'),
        bob('data', 'Data'),
        bob('phaser', 'Starfleet Type II Phaser'),
      ],
    },
    { seed, cards },
  );
}

/** Plays the battle out with commands: both pass every window; a decider mortally wounds, or stuns, where allowed. */
function fightOut(game: Game): RuleEvent[] {
  const events: RuleEvent[] = [];
  for (let i = 0; i < 100 && game.battle(); i++) {
    const awaiting = game.awaiting()!;
    const result = game.send(
      awaiting.for === 'response'
        ? { type: 'pass', player: awaiting.player }
        : {
            type: 'decide',
            player: awaiting.player,
            outcome: (['mortally-wound', 'stun', 'none'] as const).find((o) => awaiting.options.includes(o))!,
          },
    );
    if (!result.ok) throw new Error(result.rejection.message);
    events.push(...result.events);
  }
  return events;
}

describe('a battle of real personnel from the pool', () => {
  // The pool's STRENGTHs: Gowron 9, Kargan 9 (+2, the Klingon Disruptor, Klingon use); Worf 10, Tasha
  // Yar 8, Data 12 (+2, the Starfleet Type II Phaser, Federation use: the library's descriptors).
  const STRENGTH: Record<string, number> = { gowron: 11, kargan: 11, worf: 12, tasha: 10, data: 14 };

  it('BATTLE-1 to BATTLE-6: announced, piled, paired at the pool’s STRENGTHs with the equipment’s, totalled, won, and the survivors stopped', async () => {
    for (const seed of [1, 2, 3]) {
      const game = await klingonsAgainstFederation(seed);
      const announced = game.send({
        type: 'attack',
        player: 'alice',
        attackers: { planet: 'qonos' },
        defenders: { planet: 'qonos' },
      });
      expect(announced.ok).toBe(true);
      expect(game.battle()?.data.participants).toEqual({
        attacker: ['gowron', 'kargan'],
        defender: ['worf', 'tasha', 'data'],
      });
      const events = fightOut(game);
      expect(game.battle()).toBeUndefined();
      const engaged = events.filter((e) => e.kind === 'engaged');
      expect(engaged).toHaveLength(2);
      for (const pairing of engaged) {
        if (pairing.kind !== 'engaged') continue;
        expect(pairing.attackerStrength, `seed ${seed}`).toBe(STRENGTH[pairing.attacker]);
        expect(pairing.defenderStrength, `seed ${seed}`).toBe(STRENGTH[pairing.defender]);
      }
      // BATTLE-5: the totals are the STRENGTHs of those not struck down in a pairing.
      const record = game.lastBattle()!;
      const struck = new Set(
        record.pairings
          .filter((p) => p.outcome !== 'none')
          .map((p) => (p.by === p.attacker ? p.defender : p.attacker)),
      );
      const total = (ids: readonly string[]) =>
        ids.filter((id) => !struck.has(id)).reduce((sum, id) => sum + STRENGTH[id]!, 0);
      expect(record.totals).toEqual({
        attacker: total(['gowron', 'kargan']),
        defender: total(['worf', 'tasha', 'data']),
      });
      const winner =
        record.totals!.attacker === record.totals!.defender
          ? null
          : record.totals!.attacker > record.totals!.defender
            ? 'alice'
            : 'bob';
      expect(record.winner).toBe(winner);
      // BATTLE-6: whoever is still in play is stopped.
      const board = game.board();
      for (const id of Object.keys(STRENGTH)) {
        const card = board.cards[id]!;
        if (card.at.in !== 'discard') expect(card.status.stopped, `${id}, seed ${seed}`).toBe(true);
      }
      expect(events.at(-1)).toMatchObject({ kind: 'battle-over', clause: 'BATTLE-6' });
    }
  });
});

describe('odds for two lists of real cards', () => {
  it('a battle of card lists: the pool’s cards at a planet, Alice attacking; the odds with Wilson intervals', async () => {
    const battle = await cardListsBattle({
      place: "Qo'noS",
      attackers: ['Gowron', 'Kargan', 'Klingon Disruptor'],
      defenders: ['Worf', 'Tasha Yar', 'Data'],
    });
    expect(battle.attack).toEqual({
      type: 'attack',
      player: 'alice',
      attackers: { planet: 'qo-nos' },
      defenders: { planet: 'qo-nos' },
    });
    expect(battle.cards.map((c) => c.name)).toEqual([
      'Gowron',
      'Kargan',
      'Klingon Disruptor',
      'Worf',
      'Tasha Yar',
      'Data',
    ]);
    const odds = battleOdds(battle.setup, {
      battles: 200,
      seed: 7,
      attack: battle.attack,
      cards: battle.cards,
    });
    const { win, tie, loss } = odds.outcome;
    expect(win.value + tie.value + loss.value).toBeCloseTo(1, 10);
    for (const estimate of [win, tie, loss]) {
      expect(estimate.low).toBeLessThanOrEqual(estimate.value);
      expect(estimate.high).toBeGreaterThanOrEqual(estimate.value);
    }
    expect(odds.personnel.map((p) => `${p.owner}: ${p.name}`)).toEqual([
      'alice: Gowron',
      'alice: Kargan',
      'bob: Worf',
      'bob: Tasha Yar',
      'bob: Data',
    ]);
  });

  it('aboard a ship of the pool, with a hologram of the engine’s library: its Holodeck lets the hologram be there (HOLO-EXIST-2)', async () => {
    const battle = await cardListsBattle({
      place: { aboard: 'U.S.S. Enterprise' },
      attackers: ['Kargan'],
      defenders: ['The Doctor', 'Data'],
    });
    expect(battle.setup.cards.find((c) => c.card === 'The Doctor')).toMatchObject({
      hologram: 'active',
      at: { aboard: 'u-s-s-enterprise' },
    });
    const game = createGame(battle.setup, { cards: battle.cards });
    expect(game.send(battle.attack).ok).toBe(true);
  });

  it('an unknown name is an error naming it and the nearest names; a ship is a place, not a fighter', async () => {
    const unknown = cardListsBattle({
      place: 'Ligos',
      attackers: ['Gowron'],
      defenders: ['Worff', 'Tasha Yarr'],
    });
    await expect(unknown).rejects.toThrow(OddsError);
    await expect(unknown).rejects.toThrow(
      /unknown cards, not in the card pool or the library: "Worff" \(nearest: Worf, .*\); "Tasha Yarr" \(nearest: Tasha Yar, /,
    );
    await expect(
      cardListsBattle({ place: 'Ligos', attackers: ['Gowron'], defenders: ['U.S.S. Enterprise'] }),
    ).rejects.toThrow(/U\.S\.S\. Enterprise is a Ship: name it as the place/);
    await expect(
      cardListsBattle({ place: { aboard: 'Data' }, attackers: ['Gowron'], defenders: ['Worf'] }),
    ).rejects.toThrow(/the place Data is not a Ship/);
    await expect(
      cardListsBattle({ place: 'Ligos', attackers: [], defenders: ['Worf'] } as never),
    ).rejects.toThrow(/"attackers" is a list of 1 to 100 card names/);
  });

  it('an odds file of card lists: told from a setup by its lists; its policies read as a setup file’s; an unknown key refused', () => {
    const file = { place: 'Ligos', attackers: ['Gowron'], defenders: ['Worf'], policies: { bob: 'pass' } };
    expect(isCardListsFile(file)).toBe(true);
    expect(isCardListsFile({ setup: file })).toBe(false);
    expect(isCardListsFile({ players: ['alice', 'bob'] })).toBe(false);
    expect(cardListsScenario(file)).toEqual({
      lists: { place: 'Ligos', attackers: ['Gowron'], defenders: ['Worf'] },
      policies: { bob: 'pass' },
    });
    expect(() => cardListsScenario({ ...file, policies: { bob: 'cautious' } })).toThrow(
      /unknown policy "cautious"/,
    );
    expect(() => cardListsScenario({ ...file, side: 'alice' })).toThrow(OddsError);
    expect(() => cardListsScenario({ ...file, place: { orbit: 'Ligos' } })).toThrow(
      /"place" is a planet's name/,
    );
  });

  it('stccg odds reads card lists (examples/odds/real-cards.json) and answers as for a setup; an unknown name exits 2', async () => {
    const { code, stdout } = await stccg(
      'odds',
      'examples/odds/real-cards.json',
      '--battles',
      '100',
      '--workers',
      '1',
      '--json',
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.battles).toBe(100);
    expect(report.outcome.win).toEqual({
      value: expect.any(Number),
      low: expect.any(Number),
      high: expect.any(Number),
    });
    expect(report.personnel.map((p: { name: string }) => p.name)).toEqual([
      'Worf',
      'Kargan',
      'Data',
      'Tasha Yar',
      'Geordi La Forge',
    ]);
    const bad = await stccg('odds', 'test/fixtures/odds-unknown-card.json', '--battles', '10');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"Kargn" \(nearest: Kargan/);
  });
});
