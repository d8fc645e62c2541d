import { describe, expect, it } from 'vitest';
import { ALICE, accept, BOB, cited, gameWith, refuse } from './table.ts';

const doctor = {
  id: 'doctor',
  card: 'The Doctor',
  owner: ALICE,
  at: { aboard: 'enterprise' },
  hologram: 'active' as const,
};

describe('HOLO-DEATH-1: a hologram that would be killed or destroyed is deactivated instead', () => {
  it('HOLO-DEATH-1: a hologram killed by a card is deactivated and stays where it is', () => {
    const game = gameWith([doctor]);
    const events = accept(game, { type: 'kill', player: BOB, card: 'doctor', by: 'Strict Dress Code' });
    expect(cited(events)).toEqual(['deactivated:HOLO-DEATH-1']);
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'enterprise' });
    expect(game.discardPile(ALICE)).toEqual([]);
  });

  it('HOLO-DEATH-1: a non-holographic personnel killed by a card is discarded', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } }]);
    const events = accept(game, { type: 'kill', player: BOB, card: 'data', by: 'Strict Dress Code' });
    expect(cited(events)).toEqual(['discarded:GAME-DESTROY-1']);
    expect(game.discardPile(ALICE)).toEqual(['data']);
  });

  it('HOLO-DEATH-1: a deactivated hologram that would be killed stays deactivated (no second deactivation)', () => {
    const game = gameWith([{ ...doctor, hologram: 'deactivated' as const }]);
    const events = accept(game, { type: 'kill', player: BOB, card: 'doctor', by: 'Strict Dress Code' });
    expect(cited(events)).toEqual(['stays:HOLO-DEATH-1']);
    expect(game.hologramState('doctor')).toBe('deactivated');
  });

  it('HOLO-DEATH-1: a holographic equipment that would be destroyed is deactivated instead', () => {
    const game = gameWith([
      { id: 'dom', card: "'45 Dom Perignon", owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    const events = accept(game, { type: 'destroy', player: BOB, card: 'dom', by: 'a card' });
    expect(cited(events)).toEqual(['deactivated:HOLO-DEATH-1']);
    expect(game.hologramState('dom')).toBe('deactivated');
  });

  it('GAME-DESTROY-1: personnel are killed, not destroyed; cards out of play are neither', () => {
    const game = gameWith([doctor, { id: 'data', card: 'Data', owner: ALICE, at: 'hand' }]);
    refuse(game, { type: 'destroy', player: BOB, card: 'doctor', by: 'a card' }, 'GAME-DESTROY-1');
    refuse(game, { type: 'kill', player: BOB, card: 'enterprise', by: 'a card' }, 'GAME-DESTROY-1');
    refuse(game, { type: 'kill', player: BOB, card: 'data', by: 'a card' }, 'GAME-PLAY-1');
  });
});

describe('HOLO-DEATH-2: a discarded or erased hologram goes to the discard pile', () => {
  it('HOLO-DEATH-2: a hologram discarded by a card is erased, on top of its owner’s discard pile', () => {
    const game = gameWith([doctor]);
    const events = accept(game, {
      type: 'discard',
      player: ALICE,
      card: 'doctor',
      by: "I'm a Doctor, Not a Doorstop",
    });
    expect(cited(events)).toEqual(['erased:HOLO-DEATH-2', 'discarded:HOLO-DEATH-2']);
    expect(game.hologramState('doctor')).toBe('erased');
    expect(game.discardPile(ALICE)).toEqual(['doctor']);
    expect(game.board().cards.doctor?.at).toEqual({ in: 'discard', order: 0 });
  });

  it('HOLO-DEATH-2: a discarded hologram takes its worn emitter to the discard pile with it', () => {
    const game = gameWith([
      doctor,
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    accept(game, { type: 'discard', player: ALICE, card: 'doctor', by: 'a card' });
    expect(game.discardPile(ALICE)).toEqual(['doctor', 'emitter']);
  });
});

describe('HOLO-DEATH-3: holographic cards aboard a destroyed ship or facility are discarded', () => {
  it('HOLO-DEATH-3: destroying the ship discards its holograms (erased), even one wearing an emitter', () => {
    const game = gameWith([
      doctor,
      { id: 'emh', card: 'E.M.H. Program', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'emh' } },
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'door', card: 'Holodeck Door', owner: ALICE, at: { playedOn: 'enterprise' } },
    ]);
    const events = accept(game, { type: 'destroy', player: BOB, card: 'enterprise', by: 'a battle' });
    expect(cited(events)).toEqual([
      'discarded:GAME-DESTROY-1',
      'erased:HOLO-DEATH-3',
      'discarded:HOLO-DEATH-2',
      'erased:HOLO-DEATH-3',
      'discarded:HOLO-DEATH-2',
      'discarded:GAME-DESTROY-1',
      'discarded:GAME-DESTROY-1',
      'discarded:GAME-DESTROY-1',
    ]);
    expect(game.hologramState('doctor')).toBe('erased');
    expect(game.hologramState('emh')).toBe('erased');
    expect(new Set(game.discardPile(ALICE))).toEqual(
      new Set(['enterprise', 'doctor', 'emh', 'emitter', 'data', 'door']),
    );
  });

  it('HOLO-DEATH-3 speaks of destruction: a ship discarded otherwise takes its holograms with it under HOLO-DEATH-2', () => {
    const game = gameWith([doctor]);
    const events = accept(game, {
      type: 'discard',
      player: ALICE,
      card: 'enterprise',
      by: "'45 Dom Perignon (replace your ship)",
    });
    expect(cited(events)).toEqual([
      'discarded:GAME-DESTROY-1',
      'erased:HOLO-DEATH-2',
      'discarded:HOLO-DEATH-2',
    ]);
    expect(game.hologramState('doctor')).toBe('erased');
  });

  it('HOLO-DEATH-3: a hologram on the planet below is untouched by its ship’s destruction', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'holana' }, hologram: 'active' },
    ]);
    accept(game, { type: 'destroy', player: BOB, card: 'galaxy', by: 'a battle' });
    expect(game.hologramState('doctor')).toBe('active');
  });
});

describe('HOLO-DILEMMA-1: a hologram a card would make leave without boarding deactivates instead', () => {
  it('HOLO-DILEMMA-1: Penalty Box: a hologram without an emitter deactivates and stays aboard', () => {
    const game = gameWith([doctor, { id: 'box', card: 'Penalty Box', owner: BOB, at: 'table' }]);
    const events = accept(game, {
      type: 'leave',
      player: BOB,
      card: 'doctor',
      by: 'Penalty Box',
      to: { held: 'box' },
    });
    expect(cited(events)).toEqual(['deactivated:HOLO-DILEMMA-1', 'stays:HOLO-DILEMMA-1']);
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'enterprise' });
  });

  it('HOLO-DILEMMA-1: from a planet with Holo-Projectors too', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'holana' }, hologram: 'active' },
    ]);
    accept(game, { type: 'leave', player: BOB, card: 'doctor', by: 'a dilemma', to: { planet: 'ligos' } });
    expect(game.where('doctor')).toEqual({ in: 'planet', location: 'holana' });
    expect(game.hologramState('doctor')).toBe('deactivated');
  });

  it('HOLO-DILEMMA-1: a hologram wearing an emitter leaves normally', () => {
    const game = gameWith([
      doctor,
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
      { id: 'box', card: 'Penalty Box', owner: BOB, at: 'table' },
    ]);
    const events = accept(game, {
      type: 'leave',
      player: BOB,
      card: 'doctor',
      by: 'Penalty Box',
      to: { held: 'box' },
    });
    expect(cited(events)).toEqual(['left:HOLO-DILEMMA-1']);
    expect(game.where('doctor')).toEqual({ in: 'held', by: 'box' });
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-DILEMMA-1: a hologram that boards another ship at once goes', () => {
    const game = gameWith([doctor]);
    accept(game, { type: 'leave', player: BOB, card: 'doctor', by: 'Escape Pod', to: { aboard: 'shuttle' } });
    expect(game.where('doctor')).toEqual({ in: 'aboard', host: 'shuttle' });
    // Aboard a ship without a Holodeck, HOLO-EXIST-2 then applies.
    expect(game.hologramState('doctor')).toBe('deactivated');
  });

  it('HOLO-DILEMMA-1: a non-holographic personnel simply leaves', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } },
      { id: 'box', card: 'Penalty Box', owner: BOB, at: 'table' },
    ]);
    const events = accept(game, {
      type: 'leave',
      player: BOB,
      card: 'data',
      by: 'Penalty Box',
      to: { held: 'box' },
    });
    expect(cited(events)).toEqual(['left:GAME-MOVE-1']);
    expect(game.where('data')).toEqual({ in: 'held', by: 'box' });
  });
});
