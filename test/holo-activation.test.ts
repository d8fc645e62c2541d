import { describe, expect, it } from 'vitest';
import { hologramActorId } from '../src/index.ts';
import { ALICE, accept, BOB, cited, endTurn, gameWith, refuse } from './table.ts';

const data = { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'enterprise' } };

describe('HOLO-ACT-1: a hologram is deactivated when reported', () => {
  it('HOLO-ACT-1: reporting spawns the hologram actor in its deactivated state', () => {
    const game = gameWith([{ id: 'doctor', card: 'The Doctor', owner: ALICE, at: 'hand' }]);
    expect(game.hologramState('doctor')).toBeUndefined();
    const events = accept(game, {
      type: 'report',
      player: ALICE,
      card: 'doctor',
      to: { aboard: 'enterprise' },
    });
    expect(cited(events)).toEqual(['reported:GAME-REPORT-1', 'deactivated:HOLO-ACT-1']);
    expect(game.hologramState('doctor')).toBe('deactivated');
    const actor = game.actor.system.get(hologramActorId('doctor'));
    expect(actor?.getSnapshot().value).toBe('deactivated');
  });

  it('HOLO-ACT-1: a hologram reported aboard a ship without a Holodeck is deactivated too', () => {
    const game = gameWith([{ id: 'doctor', card: 'The Doctor', owner: ALICE, at: 'hand' }]);
    accept(game, { type: 'report', player: ALICE, card: 'doctor', to: { aboard: 'shuttle' } });
    expect(game.hologramState('doctor')).toBe('deactivated');
  });

  it('GAME-REPORT-1: only your own card from your hand, aboard your own ship, on your turn', () => {
    const game = gameWith([
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: 'hand' },
      { id: 'emh', card: 'E.M.H. Program', owner: BOB, at: 'hand' },
    ]);
    refuse(game, { type: 'report', player: ALICE, card: 'doctor', to: { aboard: 'husnock' } }, 'GAME-OWN-1');
    // Bob's hand is hidden from Alice: his card there is, to her, no card at all.
    refuse(
      game,
      { type: 'report', player: ALICE, card: 'emh', to: { aboard: 'enterprise' } },
      'GAME-INPUT-1',
      'unknown-card',
    );
    refuse(
      game,
      { type: 'report', player: BOB, card: 'emh', to: { aboard: 'husnock' } },
      'GAME-TURN-1',
      'not-your-turn',
    );
  });
});

describe('HOLO-ACT-2: activation by your unstopped personnel present, where a Holodeck or an emitter serves', () => {
  it('HOLO-ACT-2: a reported hologram may be activated on the same turn', () => {
    const game = gameWith([data, { id: 'doctor', card: 'The Doctor', owner: ALICE, at: 'hand' }]);
    accept(game, { type: 'report', player: ALICE, card: 'doctor', to: { aboard: 'enterprise' } });
    const events = accept(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
    expect(cited(events)).toEqual(['activated:HOLO-ACT-2']);
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-ACT-2: another active hologram may activate it', () => {
    const game = gameWith([
      { id: 'emh', card: 'E.M.H. Program', owner: ALICE, at: { aboard: 'enterprise' }, hologram: 'active' },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    accept(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'emh' });
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-ACT-2: a stopped personnel may not activate a hologram', () => {
    const game = gameWith([
      { ...data, status: { stopped: true } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    const rejection = refuse(
      game,
      { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' },
      'HOLO-ACT-2',
    );
    expect(rejection.message).toMatch(/stopped/);
  });

  it('HOLO-ACT-2: the activator must be present', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'shuttle' } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    refuse(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' }, 'HOLO-ACT-2');
  });

  it('HOLO-ACT-2: the activator must be your own personnel', () => {
    const game = gameWith([
      { id: 'shakaar', card: 'Shakaar Edon', owner: BOB, at: { aboard: 'enterprise' } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    refuse(
      game,
      { type: 'activate', player: ALICE, hologram: 'doctor', by: 'shakaar' },
      'GAME-OWN-1',
      'not-your-card',
    );
  });

  it('HOLO-ACT-2: no activation aboard a ship without a Holodeck (unless wearing an emitter)', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { aboard: 'shuttle' } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'shuttle' } },
      { id: 'emh', card: 'E.M.H. Program', owner: ALICE, at: { aboard: 'shuttle' } },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'emh' } },
    ]);
    refuse(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' }, 'HOLO-ACT-2');
    accept(game, { type: 'activate', player: ALICE, hologram: 'emh', by: 'data' });
  });

  it('HOLO-ACT-2: a hologram wearing an emitter is activated on a planet by personnel there', () => {
    const game = gameWith([
      { id: 'data', card: 'Data', owner: ALICE, at: { planet: 'ligos' } },
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { planet: 'ligos' } },
      { id: 'emitter', card: 'Mobile Holo-Emitter', owner: ALICE, at: { wornBy: 'doctor' } },
    ]);
    accept(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
    expect(game.hologramState('doctor')).toBe('active');
  });

  it("HOLO-ACT-2: a hologram is not activated on the opponent's turn, nor twice", () => {
    const game = gameWith(
      [data, { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' } }],
      {
        turn: { player: BOB, number: 2 },
      },
    );
    refuse(
      game,
      { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' },
      'GAME-TURN-1',
      'not-your-turn',
    );
    accept(game, endTurn(BOB));
    accept(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
    refuse(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' }, 'HOLO-ACT-2');
  });

  it('HOLO-ACT-2: only holograms are activated', () => {
    const game = gameWith([
      data,
      { id: 'emh', card: 'E.M.H. Program', owner: ALICE, at: { aboard: 'enterprise' } },
    ]);
    refuse(game, { type: 'activate', player: ALICE, hologram: 'data', by: 'emh' }, 'HOLO-ACT-2');
  });
});

describe('HOLO-ACT-3: reactivation only on a later turn of yours', () => {
  const setup = [
    data,
    {
      id: 'doctor',
      card: 'The Doctor',
      owner: ALICE,
      at: { aboard: 'enterprise' },
      hologram: 'active' as const,
    },
  ];

  it('HOLO-ACT-3: not on the same turn it deactivated; yes on a later turn of its owner', () => {
    const game = gameWith(setup);
    accept(game, { type: 'kill', player: BOB, card: 'doctor', by: 'Strict Dress Code' });
    expect(game.hologramState('doctor')).toBe('deactivated');
    const rejection = refuse(
      game,
      { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' },
      'HOLO-ACT-3',
    );
    expect(rejection.message).toMatch(/turn 1/);
    accept(game, endTurn(ALICE));
    refuse(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' }, 'GAME-TURN-1');
    accept(game, endTurn(BOB));
    const events = accept(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
    expect(cited(events)).toEqual(['activated:HOLO-ACT-3']);
    expect(game.hologramState('doctor')).toBe('active');
  });

  it('HOLO-ACT-3: a setup may say on which turn a hologram deactivated', () => {
    const game = gameWith([
      data,
      { id: 'doctor', card: 'The Doctor', owner: ALICE, at: { aboard: 'enterprise' }, deactivatedOnTurn: 1 },
    ]);
    refuse(game, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' }, 'HOLO-ACT-3');
    const later = gameWith(
      [
        data,
        {
          id: 'doctor',
          card: 'The Doctor',
          owner: ALICE,
          at: { aboard: 'enterprise' },
          deactivatedOnTurn: 1,
        },
      ],
      { turn: { player: ALICE, number: 3 } },
    );
    accept(later, { type: 'activate', player: ALICE, hologram: 'doctor', by: 'data' });
  });
});
