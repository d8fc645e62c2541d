import { describe, expect, it } from 'vitest';
import { createGame, SetupError } from '../src/index.ts';
import { wearersOf } from '../src/rules/consequences.ts';
import { Draft } from '../src/rules/draft.ts';
import { seedRandom } from '../src/rules/random.ts';
import { ALICE, accept, BOB, cited, endTurn, gameWith, refuse, tableWith } from './table.ts';

const doctorAboard = (host: string, extra: object = {}) => ({
  id: 'doctor',
  card: 'The Doctor',
  owner: ALICE,
  at: { aboard: host },
  hologram: 'active' as const,
  ...extra,
});

describe('HOLO-EXIST-1: holograms exist only aboard ships and facilities, or where a card allows', () => {
  it('HOLO-EXIST-1: a hologram without an emitter may not be moved to a planet without Holo-Projectors', () => {
    const game = gameWith([doctorAboard('enterprise')]);
    refuse(
      game,
      { type: 'move', player: ALICE, cards: ['doctor'], to: { planet: 'ligos' } },
      'HOLO-EXIST-1',
      'forbidden',
    );
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'enterprise' });
  });

  it('HOLO-EXIST-1: a hologram may go to a planet with Holo-Projectors, and stays active there', () => {
    const game = gameWith([doctorAboard('galaxy')]);
    accept(game, { type: 'move', player: ALICE, cards: ['doctor'], to: { planet: 'holana' } });
    expect(game.where('doctor')).toEqual({ in: 'planet', location: 'holana' });
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-EXIST-1: Holo equipment is confined like Holo personnel', () => {
    const game = gameWith([
      { id: 'dom', card: "'45 Dom Perignon", owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    refuse(game, { type: 'move', player: ALICE, cards: ['dom'], to: { planet: 'ligos' } }, 'HOLO-EXIST-1');
  });

  it('HOLO-EXIST-1: a hologram left on a planet whose Holo-Projectors go is erased by the engine', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'holana' }, hologram: 'active' },
    ]);
    const events = accept(game, { type: 'discard', player: BOB, card: 'projectors', by: 'a card of Bob' });
    expect(cited(events)).toContain('erased:HOLO-EXIST-1');
    expect(game.hologramState('doctor')).toBe('erased');
    expect(game.discardPile(ALICE)).toEqual(['projectors', 'doctor']);
  });

  it('HOLO-EXIST-1: a setup with a hologram on a planet without Holo-Projectors is refused', () => {
    const setup = tableWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'ligos' }, hologram: 'active' },
    ]);
    expect(() => createGame(setup)).toThrow(SetupError);
    try {
      createGame(setup);
    } catch (error) {
      expect((error as SetupError).clause).toBe('HOLO-EXIST-1');
      expect((error as SetupError).path).toBe('cards.5.at');
    }
  });
});

describe('HOLO-EXIST-2: deactivated aboard with no Holodeck it may use; a deactivated personnel is disabled', () => {
  it('HOLO-EXIST-2: an active hologram moved aboard a ship without a Holodeck is deactivated by the engine', () => {
    const game = gameWith([doctorAboard('enterprise')]);
    const events = accept(game, {
      type: 'move',
      player: ALICE,
      cards: ['doctor'],
      to: { aboard: 'shuttle' },
    });
    expect(cited(events)).toEqual(['moved:GAME-MOVE-1', 'deactivated:HOLO-EXIST-2']);
    expect(game.hologramState('doctor')).toBe('deactivated');
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'shuttle' });
  });

  it('HOLO-EXIST-2: a Holodeck Door played on the ship adds a Holodeck, so the hologram stays active', () => {
    const game = gameWith([
      doctorAboard('enterprise'),
      { id: 'door', card: 'Holodeck Door', owner: ALICE, at: { playedOn: 'shuttle' } },
    ]);
    const events = accept(game, {
      type: 'move',
      player: ALICE,
      cards: ['doctor'],
      to: { aboard: 'shuttle' },
    });
    expect(cited(events)).toEqual(['moved:GAME-MOVE-1']);
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-EXIST-2: when the Holodeck Door goes, a hologram aboard deactivates', () => {
    const game = gameWith([
      doctorAboard('shuttle'),
      { id: 'door', card: 'Holodeck Door', owner: ALICE, at: { playedOn: 'shuttle' } },
    ]);
    const events = accept(game, { type: 'discard', player: BOB, card: 'door', by: 'a card of Bob' });
    expect(cited(events)).toEqual(['discarded:GAME-DESTROY-1', 'deactivated:HOLO-EXIST-2']);
  });

  it('HOLO-EXIST-2: a hologram may not use the Holodeck of a ship its owner does not control', () => {
    // Alice's Doctor, held captive aboard Bob's Husnock Ship, may use it (HOLO-CAPTURE-1); but a
    // setup may not put Alice's active hologram aboard Bob's ship as crew.
    const setup = tableWith([doctorAboard('husnock')]);
    expect(() => createGame(setup)).toThrow(/may not be active aboard/);
  });

  it('HOLO-EXIST-2: a deactivated hologram is disabled: it cannot activate another hologram', () => {
    const game = gameWith([
      {
        id: 'doctor',
        card: 'The Doctor',
        owner: ALICE,
        at: { aboard: 'enterprise' },
        hologram: 'deactivated',
      },
      {
        id: 'emh',
        card: 'E.M.H. Program',
        owner: ALICE,
        at: { aboard: 'enterprise' },
        hologram: 'deactivated',
      },
    ]);
    refuse(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'emh' }, 'HOLO-EXIST-2');
  });

  it('HOLO-EXIST-2: a setup with an active hologram aboard a ship without a Holodeck is refused', () => {
    expect(() => createGame(tableWith([doctorAboard('shuttle')]))).toThrow(SetupError);
  });
});

describe('HOLO-EMIT-1: an emitter frees a hologram from Holodecks and ships', () => {
  it('HOLO-EMIT-1: a hologram wearing an emitter beams to a planet without Holo-Projectors and stays active', () => {
    const game = gameWith([
      doctorAboard('enterprise'),
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    expect(
      cited(accept(game, { type: 'wearEmitter', player: ALICE, emitter: 'emitter', hologram: 'doctor' })),
    ).toEqual(['emitter-worn:HOLO-EMIT-1']);
    accept(game, { type: 'move', player: ALICE, cards: ['doctor'], to: { planet: 'ligos' } });
    expect(game.hologramState('doctor')).toBe('active');
    // The wearer moves normally: the emitter stays on it.
    expect(game.where('emitter')).toEqual({ in: 'worn', by: 'doctor' });
  });

  it('HOLO-EMIT-1: a hologram wearing an emitter stays active aboard a ship without a Holodeck', () => {
    const game = gameWith([
      doctorAboard('enterprise'),
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    const events = accept(game, {
      type: 'move',
      player: ALICE,
      cards: ['doctor'],
      to: { aboard: 'shuttle' },
    });
    expect(cited(events)).toEqual(['moved:GAME-MOVE-1']);
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('CARD-EMITTER-1: only your Holo personnel present may wear your emitter, once', () => {
    const game = gameWith([
      doctorAboard('enterprise'),
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { aboard: 'shuttle' } },
      { id: 'emitter2', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
      { id: 'sumek', card: 'Sumek', owner: ALICE, at: { aboard: 'shuttle' } },
    ]);
    refuse(
      game,
      { type: 'wearEmitter', player: ALICE, emitter: 'emitter', hologram: 'data' },
      'CARD-EMITTER-1',
    );
    refuse(
      game,
      { type: 'wearEmitter', player: ALICE, emitter: 'emitter', hologram: 'doctor' },
      'CARD-EMITTER-1',
    );
    refuse(
      game,
      { type: 'wearEmitter', player: ALICE, emitter: 'emitter2', hologram: 'sumek' },
      'CARD-EMITTER-1',
    );
    accept(game, { type: 'wearEmitter', player: ALICE, emitter: 'emitter', hologram: 'sumek' });
    refuse(game, { type: 'move', player: ALICE, cards: ['emitter'], to: { planet: 'ligos' } }, 'GAME-MOVE-1');
  });
});

describe('HOLO-EMIT-2: a hologram whose emitter is removed away from ships is erased', () => {
  it('HOLO-EMIT-2: who wore an emitter is read as it was when taken, even after earlier writes of the same command and the emitter lost later', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'holana' }, hologram: 'active' },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    const draft = new Draft(game.table(), seedRandom(1));
    const untouched = wearersOf(draft);
    // An earlier step of the command writes (as the winner's kill does before the aftermath) ...
    draft.setStatus('data', { stopped: true });
    const taken = wearersOf(draft);
    // ... then the next step takes the emitter away: both readings still say the Doctor wore one.
    draft.toDiscardPile('emitter');
    expect(untouched.has('doctor')).toBe(true);
    expect(taken.has('doctor')).toBe(true);
    expect(taken.has('data')).toBe(false);
  });

  const onPlanet = (location: string) => [
    { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: location }, hologram: 'active' as const },
    { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
  ];

  it('HOLO-EMIT-2: removing the emitter on a planet without Holo-Projectors erases the hologram (discarded)', () => {
    const game = gameWith(onPlanet('ligos'));
    const events = accept(game, { type: 'removeEmitter', player: ALICE, emitter: 'emitter' });
    expect(cited(events)).toEqual([
      'emitter-removed:CARD-EMITTER-1',
      'erased:HOLO-EMIT-2',
      'discarded:HOLO-DEATH-2',
    ]);
    expect(game.hologramState('doctor')).toBe('erased');
    expect(game.discardPile(ALICE)).toEqual(['doctor']);
    expect(game.where('emitter')).toEqual({ in: 'planet', location: 'ligos' });
  });

  it('HOLO-EMIT-2: on a planet with Holo-Projectors the hologram survives losing its emitter', () => {
    const game = gameWith(onPlanet('holana'));
    expect(cited(accept(game, { type: 'removeEmitter', player: ALICE, emitter: 'emitter' }))).toEqual([
      'emitter-removed:CARD-EMITTER-1',
    ]);
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-EMIT-2: aboard a ship without a Holodeck, losing the emitter deactivates rather than erases', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'shuttle' }, hologram: 'active' },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    const events = accept(game, { type: 'removeEmitter', player: ALICE, emitter: 'emitter' });
    expect(cited(events)).toEqual(['emitter-removed:CARD-EMITTER-1', 'deactivated:HOLO-EXIST-2']);
  });

  it('HOLO-EMIT-2: an emitter destroyed by a card erases its wearer on a planet', () => {
    const game = gameWith(onPlanet('ligos'), { turn: { player: BOB, number: 2 } });
    const events = accept(game, { type: 'destroy', player: BOB, card: 'emitter', by: 'a card of Bob' });
    expect(cited(events)).toEqual([
      'discarded:GAME-DESTROY-1',
      'erased:HOLO-EMIT-2',
      'discarded:HOLO-DEATH-2',
    ]);
    expect(game.discardPile(ALICE)).toEqual(['emitter', 'doctor']);
  });

  it("HOLO-EMIT-2: a captive's emitter, removed, lies on the planet where it was taken; the captive is erased", () => {
    const game = gameWith([
      {
        id: 'doctor',
        card: 'The Doctor',
        owner: ALICE,
        at: { capturedBy: BOB, location: 'ligos' },
        hologram: 'active',
      },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    const events = accept(game, { type: 'removeEmitter', player: ALICE, emitter: 'emitter' });
    expect(cited(events)).toContain('erased:HOLO-EMIT-2');
    expect(game.where('emitter')).toEqual({ in: 'planet', location: 'ligos' });
  });

  it('HOLO-EMIT-2, HOLO-EXIST-1: a captive held on a planet with Holo-Projectors is not erased when its emitter comes off', () => {
    const game = gameWith([
      {
        id: 'doctor',
        card: 'The Doctor',
        owner: ALICE,
        at: { capturedBy: BOB, location: 'holana' },
        hologram: 'active',
      },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    const events = accept(game, { type: 'removeEmitter', player: ALICE, emitter: 'emitter' });
    expect(cited(events)).toEqual(['emitter-removed:CARD-EMITTER-1']);
    expect(game.where('doctor')).toEqual({ in: 'captured', by: BOB, host: null, location: 'holana' });
    expect(game.hologramState('doctor')).toBe('active');
  });

  it("CARD-EMITTER-1: the emitter may be removed only during its owner's turn, and only by its owner", () => {
    const game = gameWith(onPlanet('ligos'));
    refuse(game, { type: 'removeEmitter', player: BOB, emitter: 'emitter' }, 'GAME-OWN-1', 'not-your-card');
    accept(game, endTurn(ALICE));
    refuse(game, { type: 'removeEmitter', player: ALICE, emitter: 'emitter' }, 'CARD-EMITTER-1', 'forbidden');
    expect(game.hologramState('doctor')).toBe('active');
  });
});
