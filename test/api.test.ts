import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import cardsJson from '../src/cards/cards.json' with { type: 'json' };
import {
  CardLibrary,
  CardLibraryError,
  COMMAND_TYPES,
  createGame,
  gameMachine,
  hologramActorId,
  NO_STATUSES,
  SetupError,
} from '../src/index.ts';
import { copyPlain } from '../src/model/plain.ts';
import { ALICE, accept, BOB, gameWith, refuse, sendAny, tableWith } from './table.ts';

describe('the card library', () => {
  it('knows every card of cards.json by name, with its facts', () => {
    const library = CardLibrary.builtIn();
    expect(library.names()).toEqual(cardsJson.cards.map((card) => card.name).sort());
    expect(library.get('Iden')).toMatchObject({
      affiliations: ['Bajoran', 'Hirogen'],
      strength: 8,
      icons: ['Cmd', 'DQ', 'Holo'],
    });
    expect(library.get('Vulcan Nerve Pinch').effects).toContainEqual({
      kind: 'use-only',
      species: ['Vulcan', 'Soong-type android'],
    });
  });

  it('GAME-INPUT-1: rejects unknown names and malformed definitions with a clear error', () => {
    const library = CardLibrary.builtIn();
    expect(() => library.get('Captain Kirk')).toThrow(/unknown card "Captain Kirk"/);
    expect(() => library.withDefinitions([{ name: 'Odd', type: 'Starbase' }])).toThrow(CardLibraryError);
    expect(() => library.withDefinitions([{ name: 'Odd', type: 'Personnel', strength: 'high' }])).toThrow(
      /cardDefinitions\.0\.strength/,
    );
    expect(() =>
      library.withDefinitions([
        { name: 'Twin', type: 'Event' },
        { name: 'Twin', type: 'Event' },
      ]),
    ).toThrow(/defined twice/);
  });

  it('takes a client’s own cards, inline in a setup, without touching the engine', () => {
    const game = gameWith(
      [{ id: 'vic', card: 'Vic Fontaine', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' }],
      {
        cardDefinitions: [
          { name: 'Plain Shuttle', type: 'Ship' },
          {
            name: 'Vic Fontaine',
            type: 'Personnel',
            affiliation: 'Non-Aligned',
            strength: 6,
            icons: ['Holo'],
          },
        ],
      },
    );
    expect(game.hologramState('vic')).toBe('active');
    expect(game.species('vic')).toEqual(['Hologram']);
    expect(game.mayUse('vic', 'Starfleet Type II Phaser').allowed).toBe(true);
    // A query names what the client holds: an unknown card, or card name, is the caller's error.
    expect(() => game.mayUse('vic', 'Phaser')).toThrow(RangeError);
    expect(() => game.mayUse('vic', 'Phaser')).toThrow(/no card named Phaser in this game's library/);
    expect(() => game.mayUse('nobody', 'Starfleet Type II Phaser')).toThrow(RangeError);
  });

  it('takes a client’s own cards as a list beside the setup, and rejects a malformed one', () => {
    const vic = {
      name: 'Vic Fontaine',
      type: 'Personnel',
      affiliation: 'Non-Aligned',
      strength: 6,
      icons: ['Holo'],
    };
    const setup = tableWith([
      { id: 'vic', card: 'Vic Fontaine', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    const game = createGame(setup, { cards: [vic] });
    expect(game.hologramState('vic')).toBe('deactivated');
    // The game actor knows the card too: the rules read it when a command names it.
    expect(game.effect({ type: 'kill', player: 'bob', card: 'vic', by: 'a card' }).ok).toBe(true);
    expect(() => createGame(setup)).toThrow(/unknown card "Vic Fontaine"/);
    expect(() => createGame(setup, { cards: [{ ...vic, strength: -1 }] })).toThrow(/cards\.0\.strength/);
  });
});

describe('setups', () => {
  it('GAME-INPUT-1: an affiliation a changeAffiliation command could not name (over 60 characters, or a control character) is refused in a card definition', () => {
    for (const affiliation of [`Bajoran/${'x'.repeat(61)}`, 'Bajoran/Kl\u0007ingon']) {
      expect(() =>
        createGame({
          players: [ALICE, BOB],
          locations: [{ id: 'ligos', name: 'Ligos VII' }],
          cardDefinitions: [{ name: 'Two Minds', type: 'Personnel', affiliation, strength: 4 }],
          cards: [{ id: 'two', card: 'Two Minds', owner: ALICE, at: { planet: 'ligos' } }],
        }),
      ).toThrow(SetupError);
    }
  });

  it('NO_STATUSES, which every game shares, is frozen: a client cannot change the next game', () => {
    expect(Object.isFrozen(NO_STATUSES)).toBe(true);
  });

  it('GAME-INPUT-1: a malformed or inconsistent setup is refused with the path of the problem', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /players/],
      [
        tableWith([{ id: 'x', card: 'Captain Kirk', owner: ALICE, at: 'hand' }]),
        /cards\.5\.card: unknown card/,
      ],
      [
        tableWith([{ id: 'enterprise', card: 'Data', owner: ALICE, at: 'hand' }]),
        /cards\.5\.id: id "enterprise" is used twice/,
      ],
      [tableWith([{ id: 'x', card: 'Data', owner: 'carol', at: 'hand' }]), /cards\.5\.owner/],
      [
        tableWith([{ id: 'x', card: 'Data', owner: ALICE, at: { aboard: 'nowhere' } }]),
        /cards\.5\.at\.aboard/,
      ],
      [
        tableWith([{ id: 'x', card: 'Data', owner: ALICE, at: { wornBy: 'enterprise' } }]),
        /cards\.5\.at\.wornBy/,
      ],
      [
        tableWith([{ id: 'x', card: 'Data', owner: ALICE, at: 'hand', hologram: 'active' }]),
        /cards\.5\.hologram/,
      ],
      [tableWith([{ id: '__proto__', card: 'Data', owner: ALICE, at: 'hand' }]), /cards\.5\.id/],
      [{ ...tableWith([]), extra: 1 }, /Unrecognized key/],
      [
        tableWith([{ id: 'x', card: 'Holodeck Door', owner: ALICE, at: { playedOn: 'projectors' } }]),
        /cards\.5\.at\.playedOn/,
      ],
      [
        tableWith([{ id: 'x', card: 'Data', owner: ALICE, at: { heldBy: 'enterprise' } }]),
        /cards\.5\.at\.heldBy/,
      ],
      [tableWith([{ id: 'x', card: 'The Doctor', owner: ALICE, at: 'table' }]), /cards\.5\.at\.table/],
      [
        tableWith([{ id: 'x', card: 'Data', owner: ALICE, at: { playedOn: 'enterprise' } }]),
        /cards\.5\.at\.playedOn/,
      ],
      [
        tableWith([
          { id: 'doc', card: 'The Doctor', owner: ALICE, at: 'hand' },
          { id: 'x', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doc' } },
        ]),
        /cards\.6\.at\.wornBy: "doc" is not in play/,
      ],
    ];
    for (const [setup, message] of cases) {
      expect(() => createGame(setup)).toThrow(SetupError);
      expect(() => createGame(setup)).toThrow(message);
    }
  });
});

describe('the origin of a game', () => {
  it('GAME-INPUT-1: a seed is a whole number from 0 to 2^32 - 1', () => {
    for (const seed of [1.5, Number.NaN, Number.POSITIVE_INFINITY, -1, 2 ** 32, '7' as unknown as number]) {
      expect(() => createGame(tableWith([]), { seed })).toThrow(/seed/);
    }
    expect(createGame(tableWith([]), { seed: 2 ** 32 - 1 }).origin.seed).toBe(2 ** 32 - 1);
  });

  it("keeps its own copy of the client's cards, and names each list's problems by the list's name", () => {
    const cards: Array<Record<string, unknown>> = [{ name: 'Vic Fontaine', type: 'Personnel', strength: 6 }];
    const game = createGame(tableWith([]), { cards });
    cards[0]!.strength = 99;
    expect(game.origin.cards).toEqual([{ name: 'Vic Fontaine', type: 'Personnel', strength: 6 }]);
    const twice = [
      { name: 'X', type: 'Event' },
      { name: 'X', type: 'Event' },
    ];
    expect(() => createGame(tableWith([]), { cards: twice })).toThrow(
      /^cards\.1\.name: "X" is defined twice$/,
    );
  });
});

describe('commands', () => {
  it('GAME-INPUT-1: malformed commands are refused with a typed rejection and no change', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } }]);
    for (const command of [
      null,
      'endTurn',
      42,
      [],
      {},
      { type: 'warp' },
      { type: 'endTurn' },
      { type: 'endTurn', player: ALICE, extra: true },
      { type: 'move', player: ALICE, cards: 'data', to: { planet: 'ligos' } },
      { type: 'move', player: ALICE, cards: [], to: { planet: 'ligos' } },
      { type: 'activate', player: ALICE, hologram: { $gt: '' }, by: 'data' },
      // A card named twice in one command is no command (not a rule's refusal).
      { type: 'move', player: ALICE, cards: ['data', 'data'], to: { planet: 'ligos' } },
    ]) {
      const rejection = refuse(game, command, 'GAME-INPUT-1', 'malformed');
      expect(rejection.type).toBe('rejected');
    }
  });

  it('GAME-INPUT-1: a rejection quotes the sender’s keys printable and short: no forged log line, no megabyte echoed back', () => {
    const game = gameWith([]);
    const forged = refuse(
      game,
      JSON.parse('{"type":"endTurn","player":"alice","x\\nBATTLE-5a: bob wins":1}'),
      'GAME-INPUT-1',
      'malformed',
    );
    expect(forged.message).not.toMatch(/[\n\r]/);
    const many: Record<string, unknown> = { type: 'endTurn', player: ALICE };
    for (let i = 0; i < 5000; i++) many[`key${i}`] = i;
    expect(refuse(game, many, 'GAME-INPUT-1', 'malformed').message.length).toBeLessThan(400);
  });

  it('GAME-INPUT-1: an input far larger than any command is refused by its size (too many values), the state unchanged', () => {
    const game = gameWith([]);
    const many = Array.from({ length: 50_000 }, (_, i) => `card-${i}`);
    const refused = refuse(
      game,
      { type: 'move', player: ALICE, cards: many, to: { planet: 'ligos' } },
      'GAME-INPUT-1',
      'malformed',
    );
    expect(refused.message).toMatch(/too many values/);
    const keys: Record<string, unknown> = { type: 'endTurn', player: ALICE };
    for (let i = 0; i < 20_000; i++) keys[`key${i}`] = i;
    expect(refuse(game, keys, 'GAME-INPUT-1', 'malformed').message).toMatch(/too many values/);
    expect(copyPlain(many).ok).toBe(true);
  });

  it('GAME-INPUT-1: a key the copy would inherit is copied as the sender’s own data: no setter planted on Object.prototype runs', () => {
    let ran = false;
    Object.defineProperty(Object.prototype, 'player', {
      configurable: true,
      get: () => 'planted',
      set: () => {
        ran = true;
      },
    });
    try {
      const copy = copyPlain(JSON.parse('{"type":"pass","player":"bob","constructor":"x"}'));
      expect(copy.ok).toBe(true);
      const value = (copy as { value: Record<string, unknown> }).value;
      expect(Object.hasOwn(value, 'player') && value.player).toBe('bob');
      expect(Object.hasOwn(value, 'constructor') && value.constructor).toBe('x');
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    } finally {
      delete (Object.prototype as { player?: unknown }).player;
    }
    expect(ran).toBe(false);
  });

  it('GAME-INPUT-1: in a hardened host (Object.prototype frozen) a command with a constructor key is answered, not thrown', () => {
    // In a child process: freezing Object.prototype here would reach every other test of this worker.
    const script = `
      import { createGame } from ${JSON.stringify(fileURLToPath(new URL('../src/index.ts', import.meta.url)))};
      const game = createGame({ players: ['alice', 'bob'], turn: { player: 'alice', number: 1 }, locations: [], cards: [] }, { seed: 1 });
      Object.freeze(Object.prototype);
      const result = game.send({ type: 'endTurn', player: 'alice', constructor: 'x' });
      process.stdout.write(result.ok ? 'accepted' : result.rejection.code + ' ' + result.rejection.clause);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out).toBe('malformed GAME-INPUT-1');
  });

  it('GAME-INPUT-1: unknown players, cards and locations are refused by name', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } }]);
    refuse(game, { type: 'endTurn', player: 'carol' }, 'GAME-INPUT-1', 'unknown-player');
    refuse(
      game,
      { type: 'move', player: ALICE, cards: ['picard'], to: { planet: 'ligos' } },
      'GAME-INPUT-1',
      'unknown-card',
    );
    refuse(
      game,
      { type: 'move', player: ALICE, cards: ['data'], to: { planet: 'risa' } },
      'GAME-INPUT-1',
      'unknown-card',
    );
  });

  it('GAME-MOVE-1: moves stay within a location, onto your own ships, one card once', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } }]);
    refuse(game, { type: 'move', player: ALICE, cards: ['data'], to: { aboard: 'galaxy' } }, 'GAME-MOVE-1');
    refuse(game, { type: 'move', player: ALICE, cards: ['data'], to: { aboard: 'husnock' } }, 'GAME-OWN-1');
    refuse(
      game,
      { type: 'move', player: ALICE, cards: ['data', 'data'], to: { planet: 'ligos' } },
      'GAME-INPUT-1',
    );
    refuse(
      game,
      { type: 'move', player: ALICE, cards: ['data'], to: { aboard: 'enterprise' } },
      'GAME-MOVE-1',
    );
    accept(game, { type: 'move', player: ALICE, cards: ['data'], to: { planet: 'ligos' } });
  });

  it('lists exactly the legal commands of a player’s turn, and none for the other player', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    expect(game.legalCommands(BOB)).toEqual([]);
    const legal = game.legalCommands(ALICE);
    expect(legal).toContainEqual({ type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
    expect(legal).toContainEqual({
      type: 'wearEmitter',
      player: ALICE,
      emitter: 'emitter',
      hologram: 'doctor',
    });
    expect(legal).toContainEqual({ type: 'endTurn', player: ALICE });
    expect(legal).not.toContainEqual({
      type: 'move',
      player: ALICE,
      cards: ['doctor'],
      to: { planet: 'ligos' },
    });
    for (const command of legal) {
      const copy = gameWith([
        { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
        { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } },
        { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { aboard: 'enterprise' } },
      ]);
      expect(sendAny(copy, command).ok).toBe(true);
    }
  });

  it('GAME-MOVE-1: only a card such as a Penalty Box holds a personnel, never the personnel itself', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'box', card: 'Penalty Box', owner: BOB, at: 'table' },
    ]);
    refuse(game, { type: 'leave', player: BOB, card: 'data', by: 'x', to: { held: 'data' } }, 'GAME-MOVE-1');
    refuse(
      game,
      { type: 'leave', player: BOB, card: 'data', by: 'x', to: { held: 'enterprise' } },
      'GAME-MOVE-1',
    );
    accept(game, { type: 'leave', player: BOB, card: 'data', by: 'Penalty Box', to: { held: 'box' } });
    // Discarding the box takes its occupant with it, once.
    accept(game, { type: 'discard', player: BOB, card: 'box', by: 'x' });
    expect(game.discardPile(ALICE)).toEqual(['data']);
    expect(game.discardPile(BOB)).toEqual(['box']);
  });

  it('knows every command type', () => {
    expect(COMMAND_TYPES).toHaveLength(20);
  });
});

describe('views', () => {
  it("a player sees their own hand, only the size of the opponent's, and no generator state", () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: 'hand' },
      { id: 'secret', card: "Fek'lhr", owner: BOB, at: 'hand' },
    ]);
    const alice = game.view(ALICE);
    expect(Object.keys(alice.cards)).toContain('doctor');
    expect(Object.keys(alice.cards)).not.toContain('secret');
    expect(alice.handSizes).toEqual({ alice: 1, bob: 1 });
    expect(JSON.stringify(alice)).not.toMatch(/Fek|random/);
    expect(Object.keys(game.view(BOB).cards)).toContain('secret');
  });
});

describe("the client's copies", () => {
  it('a client cannot corrupt the game through what it reads: boards and views are frozen, records copied', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } }]);
    const view = game.view(ALICE);
    const data = view.cards.data!;
    expect(() => {
      (data.at as { host: string }).host = 'nowhere';
    }).toThrow(TypeError);
    expect(() => {
      (game.board().cards.data!.status as { stopped: boolean }).stopped = true;
    }).toThrow(TypeError);
    accept(game, { type: 'move', player: ALICE, cards: ['data'], to: { planet: 'ligos' } });
    expect(() => {
      (game.board().cards.data!.at as { location: string }).location = 'holana';
    }).toThrow(TypeError);
    const log = game.log() as unknown[];
    log.pop();
    expect(game.log()).toHaveLength(1);
    accept(game, { type: 'endTurn', player: ALICE });
  });
});

describe('hidden information in refusals', () => {
  it("GAME-OWN-1: a refusal names a card in someone's hand by its id alone, never its name; to the other player it is no card at all", () => {
    const game = gameWith([{ id: 'secret', card: 'The Doctor', owner: ALICE, at: 'hand' }], {
      turn: { player: BOB, number: 2 },
    });
    // The host knows every card: its effect's refusal names it by id.
    const effect = sendAny(game, { type: 'discard', player: BOB, card: 'secret', by: 'a card' });
    expect(effect.ok).toBe(false);
    if (!effect.ok) {
      expect(effect.rejection.message).toContain('[secret]');
      expect(effect.rejection.message).not.toContain('Doctor');
    }
    // A player naming a card in the other's hand is answered as if it did not exist, word for word.
    for (const named of [
      (card: string) => ({ type: 'report', player: BOB, card, to: { aboard: 'husnock' } }),
      (card: string) => ({ type: 'move', player: BOB, cards: [card], to: { planet: 'ligos' } }),
      (card: string) => ({ type: 'activate', player: BOB, hologram: card, by: card }),
      (card: string) => ({ type: 'changeAffiliation', player: BOB, card, to: 'Federation' }),
      (card: string) => ({ type: 'report', player: BOB, card: 'nothing-of-bobs', to: { aboard: card } }),
      (card: string) => ({ type: 'move', player: BOB, cards: ['nothing-of-bobs'], to: { aboard: card } }),
      (card: string) => ({ type: 'wearEmitter', player: BOB, emitter: card, hologram: card }),
      (card: string) => ({ type: 'removeEmitter', player: BOB, emitter: card }),
      (card: string) => ({ type: 'moveShip', player: BOB, ship: card, to: 'ligos' }),
      (card: string) => ({
        type: 'attack',
        player: BOB,
        attackers: { aboard: card },
        defenders: { planet: 'ligos' },
      }),
      (card: string) => ({
        type: 'attack',
        player: BOB,
        attackers: { planet: 'ligos' },
        defenders: { aboard: card },
      }),
      (card: string) => ({ type: 'play', player: BOB, card, on: 'husnock' }),
      (card: string) => ({ type: 'play', player: BOB, card: 'nothing-of-bobs', on: card }),
      (card: string) => ({ type: 'respond', player: BOB, card }),
    ]) {
      const hidden = sendAny(game, named('secret'));
      const madeUp = sendAny(game, named('nothing'));
      expect(hidden.ok || madeUp.ok, JSON.stringify(named('secret'))).toBe(false);
      if (!hidden.ok && !madeUp.ok) {
        expect(hidden.rejection.code, JSON.stringify(named('secret'))).toBe(madeUp.rejection.code);
        expect(hidden.rejection.message.replaceAll('secret', 'nothing')).toBe(madeUp.rejection.message);
        expect(hidden.rejection.message).not.toContain('Doctor');
      }
    }
  });
});

describe('the game actor, embedded directly', () => {
  it('GAME-INPUT-1: answers an unknown event with an emitted rejection instead of dropping it', () => {
    const game = gameWith([]);
    const rejections: unknown[] = [];
    game.actor.on('rejected', (event) => rejections.push(event));
    game.actor.send({ type: 'warpSpeed' } as never);
    expect(rejections).toEqual([expect.objectContaining({ code: 'malformed', clause: 'GAME-INPUT-1' })]);
    expect(game.actor.getSnapshot().status).toBe('active');
  });

  it('spawns one hologram actor per Holo card in play, by name, with a systemId from the card', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
      { id: 'dom', card: "'45 Dom Perignon", owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'emh', card: 'E.M.H. Program', owner: ALICE, at: 'hand' },
    ]);
    const children = game.actor.getPersistedSnapshot() as unknown as {
      children: Record<string, { src: string; systemId: string }>;
    };
    expect(Object.keys(children.children).sort()).toEqual([
      hologramActorId('doctor'),
      hologramActorId('dom'),
    ]);
    expect(children.children[hologramActorId('doctor')]).toMatchObject({
      src: 'hologram',
      systemId: 'hologram:doctor',
    });
    expect(game.actor.system.get('hologram:dom')?.getSnapshot().value).toBe('deactivated');
  });

  it('restores from its persisted snapshot, hologram actors included, and goes on', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    accept(game, { type: 'kill', player: BOB, card: 'doctor', by: 'x' });
    const saved = JSON.parse(JSON.stringify(game.actor.getPersistedSnapshot()));
    // A restored actor takes its state from the snapshot; the input is only read by a fresh start.
    const restored = createActor(gameMachine, { snapshot: saved }).start();
    const doctor = restored.getSnapshot().context.holograms.doctor;
    expect(doctor?.getSnapshot().value).toBe('deactivated');
    expect(doctor?.getSnapshot().context.deactivatedOnTurn).toBe(1);
    const rejected: unknown[] = [];
    restored.on('rejected', (event) => rejected.push(event));
    restored.send({ type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
    expect(rejected).toEqual([expect.objectContaining({ clause: 'HOLO-ACT-3' })]);
  });
});
