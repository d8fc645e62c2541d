import { describe, expect, it } from 'vitest';
import { ALICE, accept, BOB, cited, gameWith, refuse } from './table.ts';

/** One of Bob's personnel aboard his ship or facility: his crew there. */
const BOBS_CREW = (host: string) => ({
  id: `bobs-crew-${host}`,
  card: 'Shakaar Edon',
  owner: BOB,
  at: { aboard: host },
});

describe('HOLO-CAPTURE-1: a hologram without an emitter is captured only if it can be relocated aboard', () => {
  it("HOLO-CAPTURE-1: relocated to the captor's crew aboard a ship at the same location, where it may use the Holodeck", () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
      BOBS_CREW('husnock'),
    ]);
    const events = accept(game, { type: 'capture', player: BOB, card: 'doctor', by: 'a trap card' });
    expect(cited(events)).toEqual(['captured:HOLO-CAPTURE-1']);
    expect(game.where('doctor')).toEqual({ in: 'captured', by: BOB, host: 'husnock', location: null });
    expect(game.hologramState('doctor')).toBe('active');
  });

  it("HOLO-CAPTURE-1: a ship of the captor's with no crew aboard will not take it: it deactivates and stays", () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    const events = accept(game, { type: 'capture', player: BOB, card: 'doctor', by: 'a trap card' });
    expect(cited(events)).toEqual(['deactivated:HOLO-CAPTURE-1', 'stays:HOLO-CAPTURE-1']);
    expect(events[0]?.message).toContain('no crew of bob');
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'enterprise' });
    expect(game.hologramState('doctor')).toBe('deactivated');
  });

  it("HOLO-CAPTURE-1: where one of the captor's ships has crew and another none, only the crewed one takes it", () => {
    const game = gameWith(
      [
        { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
        { id: 'raider', card: 'Bare Raider', owner: BOB, at: { space: 'ligos' } },
        BOBS_CREW('raider'),
      ],
      {
        cardDefinitions: [
          { name: 'Bare Raider', type: 'Ship' },
          { name: 'Plain Shuttle', type: 'Ship' },
        ],
      },
    );
    refuse(
      game,
      { type: 'capture', player: BOB, card: 'doctor', by: 'trap', to: { aboard: 'husnock' } },
      'HOLO-CAPTURE-1',
    );
    // Unnamed, the one crewed ship takes it.
    accept(game, { type: 'capture', player: BOB, card: 'doctor', by: 'trap' });
    expect(game.where('doctor')).toEqual({ in: 'captured', by: BOB, host: 'raider', location: null });
  });

  it('HOLO-CAPTURE-1: with no ship or facility of the captor there, it deactivates and stays', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'galaxy' }, hologram: 'active' },
    ]);
    const events = accept(game, { type: 'capture', player: BOB, card: 'doctor', by: 'a trap card' });
    expect(cited(events)).toEqual(['deactivated:HOLO-CAPTURE-1', 'stays:HOLO-CAPTURE-1']);
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'galaxy' });
  });

  it("HOLO-CAPTURE-1: held aboard a captor's ship without a Holodeck, it deactivates (HOLO-EXIST-2)", () => {
    const game = gameWith(
      [
        { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
        { id: 'raider', card: 'Bare Raider', owner: BOB, at: { space: 'ligos' } },
        BOBS_CREW('raider'),
        { ...BOBS_CREW('husnock'), id: 'bobs-other-crew' },
      ],
      {
        cardDefinitions: [
          { name: 'Bare Raider', type: 'Ship' },
          { name: 'Plain Shuttle', type: 'Ship' },
        ],
      },
    );
    refuse(game, { type: 'capture', player: BOB, card: 'doctor', by: 'a trap card' }, 'GAME-INPUT-1');
    const events = accept(game, {
      type: 'capture',
      player: BOB,
      card: 'doctor',
      by: 'a trap card',
      to: { aboard: 'raider' },
    });
    expect(cited(events)).toEqual(['captured:HOLO-CAPTURE-1', 'deactivated:HOLO-EXIST-2']);
  });

  it('HOLO-CAPTURE-1: the captor may not hold it aboard a ship elsewhere or not theirs', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    refuse(
      game,
      { type: 'capture', player: BOB, card: 'doctor', by: 'trap', to: { aboard: 'shuttle' } },
      'GAME-OWN-1',
    );
    refuse(game, { type: 'capture', player: ALICE, card: 'doctor', by: 'trap' }, 'GAME-CAPTURE-1');
  });
});

describe('HOLO-CAPTURE-2: a hologram with an emitter is captured normally', () => {
  it('HOLO-CAPTURE-2: captured even where the captor has no ship to hold it', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'holana' }, hologram: 'active' },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    const events = accept(game, { type: 'capture', player: BOB, card: 'doctor', by: 'a trap card' });
    expect(cited(events)).toEqual(['captured:HOLO-CAPTURE-2']);
    expect(game.where('doctor')).toEqual({ in: 'captured', by: BOB, host: null, location: 'holana' });
    expect(game.hologramState('doctor')).toBe('active');
    refuse(game, { type: 'capture', player: BOB, card: 'doctor', by: 'a trap card' }, 'GAME-CAPTURE-1');
  });

  it('GAME-CAPTURE-1: a non-holographic personnel is captured normally, by the game’s rule (HOLO-CAPTURE-2 is of holograms)', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'galaxy' } }]);
    const events = accept(game, { type: 'capture', player: BOB, card: 'data', by: 'a trap card' });
    expect(cited(events)).toEqual(['captured:GAME-CAPTURE-1']);
    expect(game.where('data')).toEqual({ in: 'captured', by: BOB, host: null, location: 'holana' });
  });
});

describe('HOLO-ASSIM-1: holograms are never selected for assimilation or abduction', () => {
  const crew = [
    { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
    {
      id: 'doctor',
      card: 'The Doctor',
      owner: ALICE,
      at: { aboard: 'enterprise' },
      hologram: 'active' as const,
    },
    {
      id: 'emh',
      card: 'E.M.H. Program',
      owner: ALICE,
      at: { aboard: 'enterprise' },
      hologram: 'active' as const,
    },
  ];

  it('HOLO-ASSIM-1: a random selection never picks a hologram, whatever the seed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const game = gameWith(crew, {}, seed);
      const [event] = accept(game, {
        type: 'select',
        player: BOB,
        purpose: 'assimilation',
        among: ['doctor', 'data', 'emh'],
        by: 'Borg',
      });
      expect(event).toMatchObject({
        kind: 'selected',
        clause: 'HOLO-ASSIM-1',
        card: 'data',
        excluded: ['doctor', 'emh'],
      });
    }
  });

  it('HOLO-ASSIM-1: a hologram may not be targeted for assimilation or abduction', () => {
    const game = gameWith(crew);
    for (const purpose of ['assimilation', 'abduction']) {
      refuse(
        game,
        { type: 'select', player: BOB, purpose, among: ['doctor', 'data'], pick: 'doctor', by: 'Borg' },
        'HOLO-ASSIM-1',
      );
    }
    accept(game, {
      type: 'select',
      player: BOB,
      purpose: 'abduction',
      among: ['doctor', 'data'],
      pick: 'data',
      by: 'Borg',
    });
  });

  it('HOLO-ASSIM-1: among holograms only, no one is selected', () => {
    const game = gameWith(crew);
    const [event] = accept(game, {
      type: 'select',
      player: BOB,
      purpose: 'abduction',
      among: ['doctor', 'emh'],
      by: 'Borg',
    });
    expect(event).toMatchObject({ card: null, excluded: ['doctor', 'emh'] });
    expect(game.eligibleForSelection(['doctor', 'emh', 'data'])).toEqual(['data']);
  });

  it('HOLO-ASSIM-1: random selection among several is deterministic for a seed and varies across seeds', () => {
    const people = [
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'shakaar', card: 'Shakaar Edon', owner: ALICE, at: { aboard: 'enterprise' } },
      {
        id: 'doctor',
        card: 'The Doctor',
        owner: ALICE,
        at: { aboard: 'enterprise' },
        hologram: 'active' as const,
      },
    ];
    const pick = (seed: number) => {
      const game = gameWith(people, {}, seed);
      const [event] = accept(game, {
        type: 'select',
        player: BOB,
        purpose: 'abduction',
        among: ['data', 'shakaar', 'doctor'],
        by: 'x',
      });
      return (event as { card: string }).card;
    };
    const picks = Array.from({ length: 20 }, (_, i) => pick(i + 1));
    expect(picks.map((_, i) => pick(i + 1))).toEqual(picks);
    expect(new Set(picks)).toEqual(new Set(['data', 'shakaar']));
  });
});

describe('captives and held cards go where their holders go', () => {
  it('GAME-CAPTURE-1: a captive aboard a ship moves with it; one held by a card cannot be captured', () => {
    const game = gameWith(
      [
        { id: 'shakaar', card: 'Shakaar Edon', owner: BOB, at: { aboard: 'husnock' } },
        { id: 'iden', card: 'Iden', owner: BOB, at: { aboard: 'husnock' }, hologram: 'active' },
        { id: 'sumek', card: 'Sumek', owner: BOB, at: { aboard: 'husnock' }, hologram: 'active' },
        { id: 'data', card: 'Data', owner: ALICE, at: { capturedBy: BOB, aboard: 'husnock' } },
        { id: 'edon', card: 'Shakaar Edon', owner: ALICE, at: { heldBy: 'box' } },
        { id: 'box', card: 'Penalty Box', owner: BOB, at: 'table' },
      ],
      { turn: { player: BOB, number: 2 } },
    );
    refuse(game, { type: 'capture', player: BOB, card: 'edon', by: 'a trap' }, 'GAME-CAPTURE-1');
    accept(game, { type: 'moveShip', player: BOB, ship: 'husnock', to: 'holana' });
    expect(game.where('data')).toEqual({ in: 'captured', by: BOB, host: 'husnock', location: null });
    expect(game.board().cards.husnock?.at).toEqual({
      in: 'space',
      location: 'holana',
    });
  });

  it('HOLO-DEATH-2: a hologram held by a discarded Penalty Box is erased, citing HOLO-DEATH-2', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { heldBy: 'box' }, hologram: 'active' },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
      { id: 'box', card: 'Penalty Box', owner: BOB, at: 'table' },
    ]);
    const events = accept(game, { type: 'discard', player: BOB, card: 'box', by: 'Q' });
    expect(cited(events)).toEqual([
      'discarded:GAME-DESTROY-1',
      'erased:HOLO-DEATH-2',
      'discarded:HOLO-DEATH-2',
      'discarded:GAME-DESTROY-1',
    ]);
  });
});
