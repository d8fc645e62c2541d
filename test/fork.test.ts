/**
 * A fork of a game (`game.fork()`, issue 26): the copy a search plays on from. It is the game a save
 * and restore would give, answers the same commands alike, and plays on by itself: nothing one does
 * reaches the other. Reseeded, it draws other numbers from the same position.
 */

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Command,
  type CommandResult,
  createGame,
  type Game,
  replayGame,
  restoreGame,
  saveGame,
} from '../src/index.ts';
import { attackOnPlanet, battleSetup, battleSpecArb, legalNow, seedArb } from './generators.ts';

const replay = JSON.parse(
  readFileSync(new URL('../examples/replays/boarding-party.json', import.meta.url), 'utf8'),
) as { setup: unknown; seed: number; log: Command[] };
const origin = { setup: replay.setup, seed: replay.seed, cards: [] };

/** The boarding party after `steps` commands of its replay. */
const boardingParty = (steps: number) => replayGame(origin, replay.log.slice(0, steps));

const snapshotOf = (game: Game) => JSON.stringify(game.persistedSnapshot());
const saveOf = (game: Game) => JSON.stringify(saveGame(game));

/** Plays `picks` into a game, each the legal command it picks now (see `legalNow`); the answers in order. */
function playPicks(game: Game, picks: readonly number[]): CommandResult[] {
  const answers: CommandResult[] = [];
  for (const pick of picks) {
    const command = legalNow(game, pick);
    if (!command) break;
    answers.push(game.send(command));
  }
  return answers;
}

describe('a fork is the game a save and restore would give', () => {
  it('saves to the very same save, at every step of the boarding party', () => {
    for (let steps = 0; steps <= replay.log.length; steps++) {
      const game = boardingParty(steps);
      const fork = game.fork();
      expect(saveOf(fork)).toBe(saveOf(game));
      expect(snapshotOf(fork)).toBe(snapshotOf(restoreGame(saveGame(game))));
      expect(fork.id).toBe(game.id);
      expect(fork.log()).toEqual(game.log());
      expect(fork.awaiting()).toEqual(game.awaiting());
      game.stop();
      fork.stop();
    }
  });

  it('answers the same commands as the game and as its restored save do, in random battles', () => {
    fc.assert(
      fc.property(battleSpecArb, seedArb, fc.array(fc.nat(50), { maxLength: 40 }), (spec, seed, picks) => {
        const setup = battleSetup(spec);
        const game = createGame(setup, { seed });
        game.send(attackOnPlanet(setup));
        const fork = game.fork();
        const restored = restoreGame(saveGame(game));
        const answers = playPicks(game, picks);
        expect(playPicks(fork, picks)).toEqual(answers);
        expect(playPicks(restored, picks)).toEqual(answers);
        expect(snapshotOf(fork)).toBe(snapshotOf(game));
        expect(snapshotOf(restored)).toBe(snapshotOf(game));
        for (const g of [game, fork, restored]) g.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the game’s policies, which answer in the fork as in the game', () => {
    const setup = battleSetup({
      alice: { personnel: [{ kind: 0, status: 'none' }], equipment: [], hand: [] },
      bob: { personnel: [{ kind: 1, status: 'none' }], equipment: [], hand: [] },
      turn: 0,
      lowerDecks: false,
    });
    const game = createGame(setup, { seed: 3, policies: { bob: 'strongest' } });
    const fork = game.fork();
    const inGame = game.send(attackOnPlanet(setup));
    const inFork = fork.send(attackOnPlanet(setup));
    expect(inFork).toEqual(inGame);
    expect(inGame.ok && inGame.auto.length).toBeGreaterThan(0);
  });

  it('takes other policies when given them', () => {
    const game = boardingParty(1);
    const fork = game.fork({ policies: { alice: 'strongest', bob: 'strongest' } });
    expect(game.awaiting()).not.toBeNull();
    const result = fork.answerByPolicies();
    expect(result.ok && result.auto.length).toBeGreaterThan(0);
    expect(fork.battle()).toBeUndefined();
    expect(game.battle()).toBeDefined();
  });
});

describe('a fork plays on by itself', () => {
  it('leaves the game as it was, whatever it plays', () => {
    const game = boardingParty(3);
    const before = saveOf(game);
    const fork = game.fork({ policies: { alice: 'strongest', bob: 'strongest' } });
    fork.answerByPolicies();
    expect(fork.battle()).toBeUndefined();
    expect(saveOf(game)).toBe(before);
    expect(game.eventsSince(game.step())).toEqual([]);
  });

  it('is left as it was by whatever the game plays, and by the game stopping', () => {
    const game = boardingParty(3);
    const fork = game.fork();
    const before = saveOf(fork);
    playPicks(game, [0, 0, 1, 0, 0, 2, 0, 0, 0, 0]);
    expect(game.step()).toBeGreaterThan(fork.step());
    game.stop();
    expect(saveOf(fork)).toBe(before);
    expect(fork.awaiting()).not.toBeNull();
    expect(playPicks(fork, [0]).every((answer) => answer.ok)).toBe(true);
  });

  it('has actors of its own: none of the game’s is the fork’s', () => {
    const game = boardingParty(3);
    const fork = game.fork();
    for (const id of ['battle', 'hologram:doctor', 'hologram:fek']) {
      const mine = fork.actor.system.get(id);
      expect(mine).toBeDefined();
      expect(mine).not.toBe(game.actor.system.get(id));
    }
  });

  it('forks again, and each fork of a fork is independent too', () => {
    const game = boardingParty(2);
    const first = game.fork();
    const second = first.fork();
    playPicks(first, [0, 0, 0]);
    expect(saveOf(second)).toBe(saveOf(game));
    expect(playPicks(second, [0, 0, 0])).toEqual(playPicks(game, [0, 0, 0]));
    expect(saveOf(second)).toBe(saveOf(first));
  });

  it('works out the events of earlier steps again, as a restored game does', () => {
    const game = boardingParty(5);
    const fork = game.fork();
    expect(fork.eventsSince(fork.step())).toEqual([]);
    expect(fork.eventsSince(0)).toEqual(game.eventsSince(0));
  });

  it('forks a game of over 64 cards (a shared board record) and plays it on alone', () => {
    const setup = battleSetup({
      alice: {
        personnel: Array.from({ length: 4 }, (_, kind) => ({ kind, status: 'none' })),
        equipment: [0, 1],
        hand: [0, 1, 2],
      },
      bob: {
        personnel: Array.from({ length: 4 }, (_, kind) => ({ kind, status: 'none' })),
        equipment: [2],
        hand: [3, 4],
      },
      turn: 0,
      lowerDecks: true,
    });
    const filler = Array.from({ length: 60 }, (_, i) => ({
      id: `filler-${i}`,
      card: 'Data',
      owner: i % 2 === 0 ? 'alice' : 'bob',
      at: 'hand' as const,
    }));
    const game = createGame({ ...setup, cards: [...setup.cards, ...filler] }, { seed: 9 });
    game.send(attackOnPlanet(setup));
    const before = saveOf(game);
    const fork = game.fork();
    expect(saveOf(fork)).toBe(before);
    const answers = playPicks(
      fork,
      Array.from({ length: 30 }, (_, i) => i),
    );
    expect(answers.length).toBeGreaterThan(0);
    expect(saveOf(game)).toBe(before);
    expect(
      playPicks(
        game,
        Array.from({ length: 30 }, (_, i) => i),
      ),
    ).toEqual(answers);
  });
});

describe('a reseeded fork', () => {
  /** Who won each of `count` battles of the boarding party played out by forks seeded 1..count. */
  const winners = (game: Game, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const fork = game.fork({ seed: i + 1, policies: { alice: 'strongest', bob: 'strongest' } });
      fork.answerByPolicies();
      const record = fork.lastBattle();
      fork.stop();
      return `${record?.winner}:${record?.killed}:${record?.piles.attacker.join(',')}`;
    });

  it('draws other numbers from the same position, and the same numbers for the same seed', () => {
    const game = boardingParty(1);
    const battles = winners(game, 12);
    expect(new Set(battles).size).toBeGreaterThan(1);
    expect(winners(game, 12)).toEqual(battles);
    expect(saveOf(game.fork({ seed: 5 }))).not.toBe(saveOf(game));
  });
});

describe('a reshuffled fork', () => {
  const pilesOf = (game: Game) => game.battle()!.data.piles;
  const sorted = (cards: readonly string[]) => [...cards].sort();

  it('holds the same cards in each face-down pile, in an order drawn from its seed', () => {
    const game = createGame(
      battleSetup({
        alice: {
          personnel: Array.from({ length: 6 }, () => ({ kind: 0, status: 'none' })),
          equipment: [],
          hand: [],
        },
        bob: {
          personnel: Array.from({ length: 6 }, () => ({ kind: 1, status: 'none' })),
          equipment: [],
          hand: [],
        },
        turn: 0,
        lowerDecks: false,
      }),
      { seed: 2 },
    );
    game.send({
      type: 'attack',
      player: 'alice',
      attackers: { planet: 'ligos' },
      defenders: { planet: 'ligos' },
    });
    game.send({ type: 'pass', player: 'bob' });
    game.send({ type: 'pass', player: 'alice' });
    const piles = pilesOf(game);
    expect(piles.attacker.length).toBeGreaterThan(2);
    const orders = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) {
      const fork = game.fork({ seed, reshuffle: true });
      const mine = pilesOf(fork);
      expect(sorted(mine.attacker)).toEqual(sorted(piles.attacker));
      expect(sorted(mine.defender)).toEqual(sorted(piles.defender));
      expect(pilesOf(game.fork({ seed, reshuffle: true }))).toEqual(mine);
      orders.add(JSON.stringify(mine));
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(pilesOf(game)).toEqual(piles);
  });

  it('needs a seed to draw the new order from', () => {
    expect(() => boardingParty(3).fork({ reshuffle: true })).toThrow(TypeError);
    expect(() => boardingParty(3).fork({ seed: 1, reshuffle: 'yes' as never })).toThrow(TypeError);
  });
});

describe('forking refuses what it cannot do, and leaves the game as it was', () => {
  it('refuses a stopped game (RangeError)', () => {
    const game = boardingParty(2);
    game.stop();
    expect(() => game.fork()).toThrow(RangeError);
  });

  it('refuses unknown options, bad seeds and bad policies (TypeError)', () => {
    const game = boardingParty(2);
    const before = saveOf(game);
    expect(() => game.fork({ sed: 1 } as never)).toThrow(TypeError);
    expect(() => game.fork({ seed: -1 })).toThrow(TypeError);
    expect(() => game.fork({ seed: 1.5 })).toThrow(TypeError);
    expect(() => game.fork({ policies: { alice: 'Strongest' as never } })).toThrow(TypeError);
    expect(() => game.fork({ policies: { carol: 'strongest' } })).toThrow(TypeError);
    expect(() => game.fork('fast' as never)).toThrow(TypeError);
    expect(saveOf(game)).toBe(before);
  });
});
