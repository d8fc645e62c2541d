/**
 * What each player sees (`game.view(player)`) of a game in the middle of a battle: never the order of
 * the face-down combat piles (BATTLE-3), never the generator's state, never the other player's hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, type Game, type PlayerView, type Setup } from '../src/index.ts';
import { attackOnPlanet, type BattleSpec, battleSetup, battleSpecArb, PLAYERS } from './generators.ts';

/** Both players pass every window until a pairing is turned over (the piles are formed, face down). */
function toFirstPairing(game: Game): void {
  for (let i = 0; i < 20 && game.battle()?.step === 'startOfBattle'; i++) {
    const awaiting = game.awaiting()!;
    expect(game.send({ type: 'pass', player: awaiting.player }).ok).toBe(true);
  }
}

/** A battle after the piles are formed: Alice's four personnel and phaser against Bob's four. */
const FOUR_A_SIDE: BattleSpec = {
  alice: {
    personnel: [
      { kind: 0, status: 'none' },
      { kind: 1, status: 'none' },
      { kind: 2, status: 'none' },
      { kind: 5, status: 'none' },
    ],
    equipment: [0],
    hand: [2, 1],
  },
  bob: {
    personnel: [
      { kind: 3, status: 'none' },
      { kind: 4, status: 'none' },
      { kind: 6, status: 'none' },
      { kind: 0, status: 'none' },
    ],
    equipment: [],
    hand: [2, 3],
  },
  turn: 0,
  lowerDecks: false,
};

function midBattle(spec: BattleSpec, seed: number): { game: Game; setup: Setup } {
  const setup = battleSetup(spec);
  const game = createGame(setup, { seed });
  expect(game.send(attackOnPlanet(setup)).ok).toBe(true);
  toFirstPairing(game);
  return { game, setup };
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): Set<string> {
  const keys = new Set<string>();
  const walk = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    for (const [key, inner] of Object.entries(v)) {
      keys.add(key);
      walk(inner);
    }
  };
  walk(value);
  return keys;
}

/**
 * The view without what the table shows face up: the pairing turned over (its two cards), and the rest
 * of a pile turned face up when the other ran out (BATTLE-4d), as a set.
 */
function withoutTurnedOver(view: PlayerView): unknown {
  return {
    ...view,
    battle: view.battle && { ...view.battle, pairing: null, faceUp: [...view.battle.faceUp].sort() },
  };
}

describe("BATTLE-3: each player's view of a battle hides the combat piles' order and the generator's state", () => {
  it('after the piles are formed, a view shows only their sizes: no piles field, no generator state, nothing the player may not see', () => {
    const { game } = midBattle(FOUR_A_SIDE, 11);
    const battle = game.battle()!;
    expect(battle.step).toBe('engaged');
    // What the engine holds: the piles face down, top card first, and the generator's state.
    const piles = battle.data.piles;
    expect(piles.attacker.length + piles.defender.length).toBeGreaterThan(2);
    const randomState = JSON.stringify(game.actor.getSnapshot().context.random);
    for (const player of PLAYERS) {
      const view = game.view(player);
      const text = JSON.stringify(view);
      expect(view.battle?.pileSizes).toEqual({
        attacker: piles.attacker.length,
        defender: piles.defender.length,
      });
      const keys = keysOf(view);
      for (const hidden of ['piles', 'random', 'engagesNext', 'options', 'legal', 'window', 'awaiting']) {
        expect(keys.has(hidden), `${player}'s view has a ${hidden} field`).toBe(false);
      }
      expect(text).not.toMatch(/random/i);
      expect(text).not.toContain(randomState.slice(1, -1));
      // The pairing turned over is public; the cards still face down appear only where every card is
      // listed (in play, in the attack's order), never in pile order.
      expect(view.battle?.pairing).toEqual(battle.data.pairing);
      expect(view.battle?.faceUp).toEqual([]);
    }
  });

  it('two games alike but for the seed, whose face-down piles differ, look the same to each player (but for the pairing turned over)', () => {
    const first = midBattle(FOUR_A_SIDE, 1).game;
    let compared = 0;
    for (let seed = 2; seed < 40; seed++) {
      const other = midBattle(FOUR_A_SIDE, seed).game;
      const [a, b] = [first.battle()!.data.piles, other.battle()!.data.piles];
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      compared++;
      for (const player of PLAYERS) {
        expect(withoutTurnedOver(other.view(player))).toEqual(withoutTurnedOver(first.view(player)));
      }
      other.stop();
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('random battles: once the piles are formed, views under two seeds differ only in the cards turned face up', () => {
    let differentPiles = 0;
    fc.assert(
      fc.property(battleSpecArb, fc.nat(), fc.nat(), (spec, seed1, seed2) => {
        fc.pre(seed1 !== seed2);
        const setup = battleSetup(spec);
        const games = [createGame(setup, { seed: seed1 }), createGame(setup, { seed: seed2 })] as const;
        if (!games.every((game) => game.send(attackOnPlanet(setup)).ok)) return;
        // Both players pass the start-of-battle window in both games: the piles form, shuffled by each seed.
        for (const game of games) toFirstPairing(game);
        const [a, b] = games.map((game) => game.battle());
        if (JSON.stringify(a?.data.piles) !== JSON.stringify(b?.data.piles)) differentPiles++;
        for (const player of PLAYERS) {
          const [one, two] = games.map((game) => game.view(player));
          expect(withoutTurnedOver(two!)).toEqual(withoutTurnedOver(one!));
          expect(keysOf(one).has('piles')).toBe(false);
          expect(JSON.stringify(one)).not.toMatch(/random/i);
        }
        for (const game of games) game.stop();
      }),
      { numRuns: 60 },
    );
    expect(differentPiles).toBeGreaterThan(5);
  });
});

describe("a player's view never shows the other player's hand", () => {
  it("each player sees their own hand, only the size of the other's, and the same table", () => {
    const { game, setup } = midBattle(FOUR_A_SIDE, 5);
    const hands = Object.fromEntries(
      PLAYERS.map((player) => [
        player,
        setup.cards.filter((card) => card.owner === player && card.at === 'hand').map((card) => card.id),
      ]),
    );
    expect(hands.alice).toHaveLength(2);
    expect(hands.bob).toHaveLength(2);
    const tables = PLAYERS.map((player) => {
      const view = game.view(player);
      const opponent = player === 'alice' ? 'bob' : 'alice';
      const text = JSON.stringify(view);
      expect(view.player).toBe(player);
      expect(view.handSizes).toEqual({ alice: 2, bob: 2 });
      // Own hand: listed; the other's: not a trace of it (no id, no card name).
      for (const id of hands[player]!) expect(Object.keys(view.cards)).toContain(id);
      for (const id of hands[opponent]!) expect(text).not.toContain(`"${id}"`);
      const seen = new Set(Object.values(view.cards).map((card) => card.card));
      for (const card of setup.cards.filter((c) => c.owner === opponent && c.at === 'hand')) {
        if (!seen.has(card.card)) expect(text).not.toContain(card.card);
      }
      return {
        ...view,
        player: null,
        cards: Object.values(view.cards).filter((card) => card.at.in !== 'hand'),
      };
    });
    // Everything else is the same table for both.
    expect(tables[1]).toEqual(tables[0]);
  });
});
