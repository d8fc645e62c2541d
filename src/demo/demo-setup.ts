import type { Setup } from '../model/setup.ts';

/**
 * The demo's table: Alice's U.S.S. Enterprise (with a Holodeck) orbits Ligos VII with Data, an
 * E.M.H. Program and a Mobile Holo-Emitter aboard, The Doctor in hand; Bob's Husnock Ship is there too.
 */
export const DEMO_SETUP: Setup = {
  players: ['alice', 'bob'],
  turn: { player: 'alice', number: 1 },
  locations: [{ id: 'ligos', name: 'Ligos VII' }],
  cards: [
    { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
    { id: 'data', card: 'Data', owner: 'alice', at: { aboard: 'enterprise' } },
    { id: 'emh', card: 'E.M.H. Program', owner: 'alice', at: { aboard: 'enterprise' }, hologram: 'active' },
    { id: 'emitter', card: 'Mobile Holo-Emitter', owner: 'alice', at: { aboard: 'enterprise' } },
    { id: 'doctor', card: 'The Doctor', owner: 'alice', at: 'hand' },
    { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
    { id: 'shakaar', card: 'Shakaar Edon', owner: 'bob', at: { aboard: 'husnock' } },
  ],
};
