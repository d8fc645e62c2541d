/**
 * The computer opponent (issues 26 and 30, `stccg-rules/bot`): it always chooses one of the seat's
 * legal commands, the same one for the same seed, leaves the game as it was, plays the obvious well
 * (attack when much stronger, keep out of a battle it would lose, take the strongest outcome), plans
 * its whole turn (holograms activated and a group moved before the attack that needs them), reckons
 * with the responses the opponent holds, and says why.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUP_TOGETHER, HOLOGRAMS_FIRST, headlockSetup } from '../bench/bot-positions.ts';
import { commandInWords, figuresInWords } from '../src/bot/explain.ts';
import { botMove, chooseCommand } from '../src/bot/index.ts';
import { candidatesOf, memoryOf } from '../src/bot/plans.ts';
import { lostBy, personnelOf } from '../src/bot/score.ts';
import { search } from '../src/bot/search.ts';
import { kernelOf } from '../src/game/kernel-bridge.ts';
import { createGame, type Game, saveGame } from '../src/index.ts';
import { ATTACK_ON_PLANET, battleGame, onPlanet } from './battle-table.ts';
import { attackOnPlanet, battleSetup, battleSpecArb, legalNow, seedArb } from './generators.ts';

/** A small search: tests need the choice, not the strength. */
const QUICK = { playouts: 24 } as const;

const saveOf = (game: Game) => JSON.stringify(saveGame(game));

/** Whoever the game waits for: the battle's awaited player, or the turn's. */
const actor = (game: Game) => game.awaiting()?.player ?? game.board().turn.player;

describe('the bot chooses one of the seat’s legal commands', () => {
  it('in random battles, at every step, and the game accepts it', () => {
    fc.assert(
      fc.property(battleSpecArb, seedArb, fc.array(fc.nat(30), { maxLength: 12 }), (spec, seed, picks) => {
        const setup = battleSetup(spec);
        const game = createGame(setup, { seed });
        for (const pick of [0, ...picks]) {
          const player = actor(game);
          const legal = game.seat(player).payload().legal;
          if (legal.length === 0) break;
          const before = saveOf(game);
          const { command, explanation } = chooseCommand(game, player, { playouts: 8, seed: pick });
          expect(legal).toContainEqual(command);
          expect(explanation.length).toBeGreaterThan(0);
          expect(saveOf(game)).toBe(before);
          expect(game.seat(player).send(command).ok).toBe(true);
          // The other player moves on by a random legal command now and then.
          const next = legalNow(game, pick);
          if (next && pick % 2 === 0) game.send(next);
        }
        game.stop();
      }),
      { numRuns: 15 },
    );
  });

  it('chooses the same command, explained alike, for the same seed', () => {
    const setup = battleSetup({
      alice: {
        personnel: [
          { kind: 0, status: 'none' },
          { kind: 2, status: 'none' },
        ],
        equipment: [0],
        hand: [0],
      },
      bob: {
        personnel: [
          { kind: 1, status: 'none' },
          { kind: 3, status: 'none' },
        ],
        equipment: [1],
        hand: [1],
      },
      turn: 0,
      lowerDecks: true,
    });
    const one = createGame(setup, { seed: 4 });
    const two = createGame(setup, { seed: 4 });
    for (let i = 0; i < 6; i++) {
      const player = actor(one);
      if (one.seat(player).payload().legal.length === 0) break;
      const a = chooseCommand(one, player, { ...QUICK, seed: 9 });
      const b = chooseCommand(two, player, { ...QUICK, seed: 9 });
      expect(b).toEqual(a);
      // A budget in time is counted as work, not timed: the same choice too.
      expect(chooseCommand(two, player, { budgetMs: 10, seed: 9 })).toEqual(
        chooseCommand(one, player, { budgetMs: 10, seed: 9 }),
      );
      one.send(a.command);
      two.send(b.command);
    }
  });

  it('gives the only command there is without searching, and says so', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'b', 'Fighter 5')]);
    game.send(ATTACK_ON_PLANET());
    const choice = chooseCommand(game, 'bob');
    expect(choice.command).toMatchObject({ type: 'pass', player: 'bob' });
    expect(choice.explanation).toMatch(/only command/);
  });
});

describe('the bot plays the obvious well', () => {
  it('attacks when its side is far stronger, and explains it with its chance and kills', () => {
    const game = battleGame([
      onPlanet('alice', 'a1', 'Fighter 10'),
      onPlanet('alice', 'a2', 'Fighter 9'),
      onPlanet('alice', 'a3', 'Fighter 8'),
      onPlanet('bob', 'b1', 'Fighter 2'),
    ]);
    const { command, explanation } = chooseCommand(game, 'alice', { seed: 2 });
    expect(command).toMatchObject({ type: 'attack', attackers: { planet: 'ligos' } });
    expect(explanation).toMatch(
      /^attack with Fighter 10, Fighter 9 and Fighter 8 against Fighter 2 on Ligos VII: \d+% to win, expected [\d.]+ kills?/,
    );
  });

  it('keeps out of a battle it would lose: no attack, its party beamed up or the turn ended', () => {
    const game = battleGame([
      onPlanet('alice', 'a1', 'Fighter 2'),
      onPlanet('alice', 'a2', 'Fighter 1'),
      onPlanet('bob', 'b1', 'Fighter 10'),
      onPlanet('bob', 'b2', 'Fighter 9'),
      onPlanet('bob', 'b3', 'Fighter 8'),
    ]);
    const { command } = chooseCommand(game, 'alice', { seed: 2 });
    expect(command.type).not.toBe('attack');
    expect(command).toMatchObject({ type: 'move', to: { aboard: 'enterprise' } });
  });

  it('takes the strongest outcome a pairing allows', () => {
    // Fighter 17 against Fighter 3: more than double, so Alice may mortally wound (BATTLE-4b).
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 17'), onPlanet('bob', 'b', 'Fighter 3')]);
    game.send(ATTACK_ON_PLANET());
    for (let i = 0; i < 10 && game.awaiting()?.for !== 'decision'; i++) {
      const player = actor(game);
      game.send({ type: 'pass', player });
    }
    expect(game.awaiting()).toMatchObject({ player: 'alice', for: 'decision' });
    const { command, explanation } = chooseCommand(game, 'alice', { seed: 1 });
    expect(command).toMatchObject({ type: 'decide', outcome: 'mortally-wound' });
    expect(explanation).toMatch(/^mortally wound Fighter 3/);
  });
});

/**
 * Plays Alice's first turn with the bot (its battle's other side passing every window and taking the
 * strongest outcome), and gives Alice's commands and the battle that ended.
 */
function firstTurnOfTheBot(game: Game, seed: number) {
  const commands: string[] = [];
  for (let i = 0; i < 60 && game.board().turn.player === 'alice'; i++) {
    const awaiting = game.awaiting();
    if (awaiting && awaiting.player === 'bob') {
      game.send(
        awaiting.for === 'response'
          ? { type: 'pass', player: 'bob' }
          : { type: 'decide', player: 'bob', outcome: awaiting.options[0] ?? 'none' },
      );
      continue;
    }
    const move = botMove(game, 'alice', { playouts: 200, seed });
    if (!move?.result.ok) break;
    commands.push(move.command.type);
  }
  return { commands, battle: game.lastBattle() };
}

describe('the bot plans its whole turn', () => {
  it('activates both holograms before it attacks, and wins the battle in its first turn', () => {
    for (const seed of [1, 2, 3]) {
      const game = createGame(HOLOGRAMS_FIRST, { seed });
      const { commands, battle } = firstTurnOfTheBot(game, seed);
      const attack = commands.indexOf('attack');
      expect(attack, commands.join(' ')).toBeGreaterThan(0);
      expect(commands.slice(0, attack).filter((type) => type === 'activate')).toHaveLength(2);
      expect(battle?.winner).toBe('alice');
    }
  });

  it('moves its group down together before it attacks, and wins the battle in its first turn', () => {
    for (const seed of [1, 2, 3]) {
      const game = createGame(GROUP_TOGETHER, { seed });
      const { commands, battle } = firstTurnOfTheBot(game, seed);
      const attack = commands.indexOf('attack');
      expect(attack, commands.join(' ')).toBeGreaterThan(0);
      expect(commands.slice(0, attack).filter((type) => type === 'move')).toHaveLength(3);
      expect(battle?.winner).toBe('alice');
    }
  });

  it('explains the turn it plans: the commands before the attack, the attack, and its chance', () => {
    const game = createGame(HOLOGRAMS_FIRST, { seed: 1 });
    const { explanation } = chooseCommand(game, 'alice', { playouts: 200, seed: 1 });
    expect(explanation).toMatch(
      /^activate Holo Fighter 10 and Holo Fighter 9, then attack with Fighter 9, Holo Fighter 10 and Holo Fighter 9 against Fighter 7 ×5 aboard U\.S\.S\. Enterprise/,
    );
    expect(explanation).toMatch(/: \d+% to win, expected [\d.]+ kills?/);
  });
});

describe('the bot reckons with the responses the opponent holds', () => {
  it('does not attack into an Android Headlock in the opponent’s hand when that loses, and attacks without it', () => {
    for (const seed of [1, 2, 3]) {
      const held = chooseCommand(createGame(headlockSetup(true), { seed }), 'alice', { playouts: 200, seed });
      expect(held.command.type, held.explanation).not.toBe('attack');
      const none = chooseCommand(createGame(headlockSetup(false), { seed }), 'alice', {
        playouts: 200,
        seed,
      });
      expect(none.command.type, none.explanation).toBe('attack');
    }
  });
});

describe('botMove, a seat taken by the bot', () => {
  it('sends its choice through the seat when the game awaits it, and nothing otherwise', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 9'), onPlanet('bob', 'b', 'Fighter 4')]);
    expect(botMove(game, 'bob', QUICK)).toBeNull();
    const move = botMove(game, 'alice', QUICK);
    expect(move?.result.ok).toBe(true);
    expect(game.step()).toBe(move?.result.ok ? move.result.step : -1);
    expect(game.log().at(-1)).toMatchObject({ type: move?.command.type, player: 'alice' });
  });
});

describe('the bot refuses what it cannot do, and leaves the game as it was', () => {
  const game = createGame(
    battleSetup({
      alice: { personnel: [{ kind: 0, status: 'none' }], equipment: [], hand: [] },
      bob: { personnel: [{ kind: 1, status: 'none' }], equipment: [], hand: [] },
      turn: 0,
      lowerDecks: false,
    }),
  );

  it('a player who is not in the game (RangeError)', () => {
    expect(() => chooseCommand(game, 'carol')).toThrow(RangeError);
    expect(() => botMove(game, 'carol')).toThrow(RangeError);
  });

  it('a player with no command to send now (RangeError)', () => {
    expect(() => chooseCommand(game, 'bob')).toThrow(/bob has no command to send now: it is alice's turn/);
  });

  it('bad options, or no game (TypeError)', () => {
    const before = saveOf(game);
    for (const options of [
      { budgetMs: 0 },
      { budgetMs: Number.NaN },
      { seed: -1 },
      { seed: 2 ** 32 },
      { playouts: 0 },
      { playouts: 1.5 },
      { budget: 5 },
    ])
      expect(() => chooseCommand(game, 'alice', options as never)).toThrow(TypeError);
    expect(() => chooseCommand({} as Game, 'alice')).toThrow(TypeError);
    expect(saveOf(game)).toBe(before);
  });

  it('a stopped game: nothing to send', () => {
    const stopped = createGame(
      battleSetup({
        alice: { personnel: [{ kind: 0, status: 'none' }], equipment: [], hand: [] },
        bob: { personnel: [{ kind: 1, status: 'none' }], equipment: [], hand: [] },
        turn: 0,
        lowerDecks: false,
      }),
    );
    stopped.send(
      attackOnPlanet(
        battleSetup({
          alice: { personnel: [], equipment: [], hand: [] },
          bob: { personnel: [], equipment: [], hand: [] },
          turn: 0,
          lowerDecks: false,
        }),
      ),
    );
    stopped.stop();
    expect(botMove(stopped, 'alice')).toBeNull();
    expect(() => chooseCommand(stopped, 'alice')).toThrow(RangeError);
  });
});

describe('the bot’s words are true', () => {
  /** Bob's turn: his Husnock Ship and, in his hand, Rogue Borg Mercenaries; Alice's crew of Fighters. */
  const rogueBorgSetup = (crew: number, borgs: number) => ({
    players: ['alice', 'bob'],
    turn: { player: 'bob', number: 2 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }],
    cardDefinitions: [{ name: 'Fighter 1', type: 'Personnel', affiliation: 'Non-Aligned', strength: 1 }],
    cards: [
      { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
      { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
      ...Array.from({ length: crew }, (_, i) => ({
        id: `crewman-${i + 1}`,
        card: 'Fighter 1',
        owner: 'alice',
        at: { aboard: 'enterprise' },
      })),
      ...Array.from({ length: borgs }, (_, i) => ({
        id: `borg-${i + 1}`,
        card: 'Rogue Borg Mercenaries',
        owner: 'bob',
        at: 'hand',
      })),
    ],
  });

  it('a play that starts a battle the bot is not in (Rogue Borg) claims no chance to win it', () => {
    const game = createGame(rogueBorgSetup(1, 1), { seed: 1 });
    const root = kernelOf(game, { events: false });
    const personnel = personnelOf(root.table());
    const board = game.board();
    const searching = {
      me: 'bob',
      opponent: 'alice',
      personnel,
      lostBefore: { me: lostBy(board, personnel, 'bob'), opponent: lostBy(board, personnel, 'alice') },
    };
    const memory = memoryOf(game.log(), 'bob');
    const candidates = candidatesOf(root.legalCommands('bob'), memory, board);
    const result = search(root, searching, candidates, memory, { iterations: 60 }, 1);
    const play = [...result.root.edges.values()].find((edge) => edge.candidate.command.type === 'play');
    expect(play).toBeDefined();
    expect(play!.visits).toBeGreaterThan(0);
    // The Rogue Borg battle Alice's crew: no battle Bob won, lost or tied.
    expect(play!.won + play!.lost + play!.tied).toBe(0);
    expect(figuresInWords(play!, 'alice')).toMatch(
      /^expected \d+(\.\d)? kills? and .+ by the end of alice's turn$/,
    );
    game.stop();
  });

  it('tells copies of a card apart by their ids, those in the other player’s hand unseen', () => {
    const game = createGame(rogueBorgSetup(4, 2), { seed: 1 });
    const move = (card: string) =>
      commandInWords(game, 'alice', {
        type: 'move',
        player: 'alice',
        cards: [card],
        to: { planet: 'ligos' },
      });
    const lines = ['crewman-1', 'crewman-2', 'crewman-3', 'crewman-4'].map(move);
    expect(lines[1]).toBe('move Fighter 1 [crewman-2] on Ligos VII');
    expect(new Set(lines).size).toBe(4);
    // All four together read as one, counted; two of them, by their ids.
    expect(
      commandInWords(game, 'alice', {
        type: 'move',
        player: 'alice',
        cards: ['crewman-1', 'crewman-2', 'crewman-3', 'crewman-4'],
        to: { planet: 'ligos' },
      }),
    ).toBe('move Fighter 1 ×4 on Ligos VII');
    expect(
      commandInWords(game, 'alice', {
        type: 'move',
        player: 'alice',
        cards: ['crewman-1', 'crewman-3'],
        to: { planet: 'ligos' },
      }),
    ).toBe('move Fighter 1 [crewman-1] and Fighter 1 [crewman-3] on Ligos VII');
    // Bob's two copies in his hand: told apart for Bob, who holds them; Alice is told of no copy.
    const play = { type: 'play', player: 'bob', card: 'borg-1', on: 'enterprise' } as const;
    expect(commandInWords(game, 'bob', play)).toBe(
      'play Rogue Borg Mercenaries [borg-1] on U.S.S. Enterprise',
    );
    expect(commandInWords(game, 'bob', play, game.board(), 'alice')).toBe(
      'play Rogue Borg Mercenaries on U.S.S. Enterprise',
    );
    game.stop();
  });
});
