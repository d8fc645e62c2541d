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

/**
 * The demo's battle: Alice's boarding party (Data, The Doctor wearing a Mobile Holo-Emitter, a
 * universal ensign, a Starfleet Type II Phaser; Lower Decks on the table) has beamed aboard Bob's
 * I.K.S. Buruk, whose Klingon crew (two warriors and Fek'lhr, a hologram) has a D'k Tahg in hand.
 */
export const DEMO_BATTLE_SETUP: Setup = {
  players: ['alice', 'bob'],
  turn: { player: 'alice', number: 5 },
  locations: [{ id: 'qonos', name: "Qo'noS" }],
  cardDefinitions: [
    {
      name: 'I.K.S. Buruk',
      type: 'Ship',
      affiliation: 'Klingon',
      characteristics: ['Holodeck'],
      staffing: ['Cmd'],
    },
    {
      name: 'Klingon Warrior',
      type: 'Personnel',
      affiliation: 'Klingon',
      strength: 7,
      universal: true,
      characteristics: ['Klingon'],
    },
    {
      name: 'Starfleet Ensign',
      type: 'Personnel',
      affiliation: 'Federation',
      strength: 4,
      universal: true,
      icons: ['Stf'],
    },
  ],
  cards: [
    { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'qonos' } },
    { id: 'buruk', card: 'I.K.S. Buruk', owner: 'bob', at: { space: 'qonos' } },
    { id: 'data', card: 'Data', owner: 'alice', at: { aboard: 'buruk' } },
    { id: 'doctor', card: 'The Doctor', owner: 'alice', at: { aboard: 'buruk' }, hologram: 'active' },
    { id: 'emitter', card: 'Mobile Holo-Emitter', owner: 'alice', at: { wornBy: 'doctor' } },
    { id: 'ensign', card: 'Starfleet Ensign', owner: 'alice', at: { aboard: 'buruk' } },
    { id: 'phaser', card: 'Starfleet Type II Phaser', owner: 'alice', at: { aboard: 'buruk' } },
    { id: 'lower-decks', card: 'Lower Decks', owner: 'alice', at: 'table' },
    { id: 'korath', card: 'Klingon Warrior', owner: 'bob', at: { aboard: 'buruk' } },
    { id: 'kurn', card: 'Klingon Warrior', owner: 'bob', at: { aboard: 'buruk' } },
    { id: 'fek', card: "Fek'lhr", owner: 'bob', at: { aboard: 'buruk' }, hologram: 'active' },
    { id: 'tahg', card: "D'k Tahg", owner: 'bob', at: 'hand' },
  ],
};
