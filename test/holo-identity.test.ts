import { describe, expect, it } from 'vitest';
import { ALICE, accept, BOB, cited, endTurn, gameWith, refuse } from './table.ts';

const runabout = {
  name: 'Holo Runabout',
  type: 'Ship' as const,
  staffing: ['Cmd', 'Stf'],
  characteristics: ['Holodeck'],
};
const plainShuttle = { name: 'Plain Shuttle', type: 'Ship' as const, staffing: ['Stf'] };

describe('HOLO-NORMAL-1: holograms are treated like other personnel, with no supervision', () => {
  const crew = (idenState: 'active' | 'deactivated') => [
    { id: 'runabout', card: 'Holo Runabout', owner: ALICE, at: { space: 'ligos' } },
    { id: 'iden', card: 'Iden', owner: ALICE, at: { aboard: 'runabout' }, hologram: idenState },
    { id: 'sumek', card: 'Sumek', owner: ALICE, at: { aboard: 'runabout' }, hologram: 'active' as const },
  ];

  it('HOLO-NORMAL-1: a crew of holograms alone staffs a ship, and it flies', () => {
    const game = gameWith(crew('active'), { cardDefinitions: [runabout, plainShuttle] });
    expect(game.staffing('runabout')).toEqual({ staffed: true, missing: [] });
    const events = accept(game, { type: 'moveShip', player: ALICE, ship: 'runabout', to: 'holana' });
    expect(cited(events)).toEqual(['ship-moved:GAME-STAFF-1']);
    // They went with it, and are still active aboard.
    expect(game.hologramState('iden')).toBe('active');
  });

  it('GAME-STAFF-1: staffing matches each requirement to a different crew member, not greedily', () => {
    const game = gameWith(
      [
        { id: 'both', card: 'Cmd Stf Officer', owner: ALICE, at: { aboard: 'enterprise' } },
        { id: 'stf', card: 'Stf Ensign', owner: ALICE, at: { aboard: 'enterprise' } },
        { id: 'cmd', card: 'Cmd Lieutenant', owner: ALICE, at: { aboard: 'enterprise' } },
      ],
      {
        cardDefinitions: [
          plainShuttle,
          { name: 'Cmd Stf Officer', type: 'Personnel', icons: ['Cmd', 'Stf'] },
          { name: 'Stf Ensign', type: 'Personnel', icons: ['Stf'] },
          { name: 'Cmd Lieutenant', type: 'Personnel', icons: ['Cmd'] },
        ],
      },
    );
    // The U.S.S. Enterprise needs Cmd, Stf, Stf: the officer must cover a Stf, the lieutenant the Cmd.
    expect(game.staffing('enterprise')).toEqual({ staffed: true, missing: [] });
  });

  it('HOLO-NORMAL-1: a deactivated hologram is disabled and does not staff', () => {
    const game = gameWith(crew('deactivated'), { cardDefinitions: [runabout, plainShuttle] });
    expect(game.staffing('runabout')).toEqual({ staffed: false, missing: ['Cmd'] });
    refuse(game, { type: 'moveShip', player: ALICE, ship: 'runabout', to: 'holana' }, 'GAME-STAFF-1');
  });

  it('HOLO-NORMAL-1: a hologram moves, beams and is stopped like any personnel', () => {
    const game = gameWith([
      {
        id: 'emh',
        card: 'E.M.H. Program',
        owner: ALICE,
        at: { aboard: 'enterprise' },
        hologram: 'active',
        status: { stopped: true },
      },
    ]);
    refuse(game, { type: 'move', player: ALICE, cards: ['emh'], to: { aboard: 'shuttle' } }, 'GAME-MOVE-1');
    accept(game, endTurn(ALICE)); // GAME-STOP-1: stopped cards recover at the end of the turn
    accept(game, endTurn(BOB));
    accept(game, { type: 'move', player: ALICE, cards: ['emh'], to: { aboard: 'shuttle' } });
  });
});

describe('HOLO-SPECIES-1: the gameplay species of every hologram is "hologram"', () => {
  it('HOLO-SPECIES-1: Sumek (who appears Vulcan) may not use a Vulcan Nerve Pinch', () => {
    const game = gameWith([
      { id: 'sumek', card: 'Sumek', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    expect(game.species('sumek')).toEqual(['Hologram']);
    expect(game.mayUse('sumek', 'Vulcan Nerve Pinch')).toMatchObject({
      allowed: false,
      clause: 'HOLO-SPECIES-1',
    });
  });

  it('HOLO-SPECIES-1: Data, a Soong-type android, may use it, until a Holo icon is added to him', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } }]);
    expect(game.mayUse('data', 'Vulcan Nerve Pinch')).toMatchObject({
      allowed: true,
      clause: 'HOLO-SPECIES-1',
    });
    const events = accept(game, {
      type: 'addHoloIcon',
      player: ALICE,
      card: 'data',
      by: 'Holoprogram: 221B Baker Street',
    });
    expect(cited(events)).toEqual(['icon-added:HOLO-SPECIES-1']);
    expect(game.species('data')).toEqual(['Hologram']);
    expect(game.mayUse('data', 'Vulcan Nerve Pinch')).toMatchObject({
      allowed: false,
      clause: 'HOLO-SPECIES-1',
    });
    // He is a hologram now, in every way: an active one, aboard a ship with a Holodeck.
    expect(game.hologramState('data')).toBe('active');
    expect(game.eligibleForSelection(['data'])).toEqual([]);
    refuse(
      game,
      { type: 'addHoloIcon', player: ALICE, card: 'data', by: 'Holoprogram: 221B Baker Street' },
      'CARD-HOLOPROGRAM-1',
    );
  });

  it('HOLO-SPECIES-1: a personnel that becomes a hologram aboard a ship without a Holodeck is deactivated', () => {
    const game = gameWith([{ id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'shuttle' } }]);
    const events = accept(game, {
      type: 'addHoloIcon',
      player: ALICE,
      card: 'data',
      by: 'Holoprogram: 221B Baker Street',
    });
    expect(cited(events)).toEqual(['icon-added:HOLO-SPECIES-1', 'deactivated:HOLO-EXIST-2']);
  });

  it('HOLO-SPECIES-1: a setup may add the Holo icon', () => {
    const game = gameWith([
      {
        id: 'data',
        card: 'Data',
        owner: ALICE,
        at: { aboard: 'enterprise' },
        addedIcons: ['Holo'],
        hologram: 'active',
      },
    ]);
    expect(game.mayUse('data', 'Vulcan Nerve Pinch').allowed).toBe(false);
  });
});

describe('HOLO-AFFIL-1: holograms use game text relating to affiliation', () => {
  it('HOLO-AFFIL-1: Iden in Hirogen mode may use a Hirogen Talon; in Bajoran mode not', () => {
    const game = gameWith([
      { id: 'iden', card: 'Iden', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    expect(game.mayUse('iden', 'Hirogen Talon')).toMatchObject({ allowed: false, clause: 'HOLO-AFFIL-1' });
    const events = accept(game, { type: 'changeAffiliation', player: ALICE, card: 'iden', to: 'Hirogen' });
    expect(cited(events)).toEqual(['affiliation-changed:HOLO-AFFIL-1']);
    expect(game.mayUse('iden', 'Hirogen Talon')).toMatchObject({ allowed: true, clause: 'HOLO-AFFIL-1' });
    expect(game.mayUse('iden', "D'k Tahg").allowed).toBe(false);
  });

  it('HOLO-AFFIL-1: a setup may start Iden in Hirogen mode; phasers need Federation', () => {
    const game = gameWith([
      {
        id: 'iden',
        card: 'Iden',
        owner: ALICE,
        at: { aboard: 'enterprise' },
        hologram: 'active',
        affiliation: 'Hirogen',
      },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    expect(game.mayUse('iden', 'Hirogen Talon').allowed).toBe(true);
    expect(game.mayUse('doctor', 'Starfleet Type II Phaser').allowed).toBe(true);
    expect(game.mayUse('doctor', 'Hirogen Talon').allowed).toBe(false);
  });

  it("GAME-AFFIL-1: the mode changes only during its owner's turn, to a mode the card has", () => {
    const game = gameWith([
      { id: 'iden', card: 'Iden', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
    ]);
    refuse(game, { type: 'changeAffiliation', player: ALICE, card: 'iden', to: 'Klingon' }, 'GAME-AFFIL-1');
    refuse(game, { type: 'changeAffiliation', player: ALICE, card: 'iden', to: 'Bajoran' }, 'GAME-AFFIL-1');
    refuse(
      game,
      { type: 'changeAffiliation', player: ALICE, card: 'doctor', to: 'Federation' },
      'GAME-AFFIL-1',
    );
    accept(game, endTurn(ALICE));
    refuse(game, { type: 'changeAffiliation', player: ALICE, card: 'iden', to: 'Hirogen' }, 'GAME-TURN-1');
  });
});
