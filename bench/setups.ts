import type { CardDefinitionInput, Command, Setup } from '../src/index.ts';

/**
 * The tables the benchmarks play on. Every battle is on the planet at Ligos VII, which has
 * Holo-Projectors so that holograms may stand there; both players' ships orbit it. The mix of a side
 * stays the same at every size, so the growth benchmark measures size and nothing else: about three
 * in ten are holograms, one phaser for every five personnel, Lower Decks on each table, a Bajoran or
 * two on each side and Shakaar Edon with Bob.
 */

/** Personnel made for the benchmarks: universal, so that Lower Decks reaches the non-holographic ones. */
const BENCH_CARDS: CardDefinitionInput[] = [
  { name: 'Mercenary', type: 'Personnel', affiliation: 'Non-Aligned', strength: 6, universal: true },
  { name: 'Veteran', type: 'Personnel', affiliation: 'Non-Aligned', strength: 9, universal: true },
  { name: 'Cadet', type: 'Personnel', affiliation: 'Non-Aligned', strength: 3, universal: true },
  {
    name: 'Resistance Fighter',
    type: 'Personnel',
    affiliation: 'Non-Aligned',
    strength: 5,
    universal: true,
    characteristics: ['Bajoran'],
  },
  {
    name: 'Holo Sparring Partner',
    type: 'Personnel',
    affiliation: 'Non-Aligned',
    strength: 7,
    universal: true,
    icons: ['Holo'],
    characteristics: ['Hologram'],
  },
];

/** Real holograms first, then sparring partners when a side needs more than three. */
const HOLOGRAMS: Readonly<Record<'alice' | 'bob', readonly string[]>> = {
  alice: ['E.M.H. Program', 'E.M.H.-Mark II', 'Sumek'],
  bob: ["Fek'lhr", 'E.M.H. Program', 'Holo Sparring Partner'],
};

/** The rest of a side, in turn (a varied spread of STRENGTH, so pairings end every way). */
const CREW: readonly string[] = ['Mercenary', 'Veteran', 'Cadet', 'Resistance Fighter', 'Mercenary', 'Cadet'];

type CardSpec = Setup['cards'][number];

/** One side's personnel on the planet, with its phasers. Bob's side has Shakaar Edon. */
function side(owner: 'alice' | 'bob', perSide: number): CardSpec[] {
  const holograms = Math.round((perSide * 3) / 10);
  const cards: CardSpec[] = [];
  for (let i = 0; i < perSide; i++) {
    const id = `${owner}-${i + 1}`;
    const at = { planet: 'ligos' };
    if (i < holograms) {
      const card = HOLOGRAMS[owner][i] ?? 'Holo Sparring Partner';
      cards.push({ id, card, owner, at, hologram: 'active' });
    } else if (owner === 'bob' && i === holograms) {
      cards.push({ id, card: 'Shakaar Edon', owner, at });
    } else {
      cards.push({ id, card: CREW[(i - holograms) % CREW.length]!, owner, at });
    }
  }
  for (let i = 0; i < Math.max(1, Math.floor(perSide / 5)); i++) {
    cards.push({
      id: `${owner}-phaser-${i + 1}`,
      card: 'Starfleet Type II Phaser',
      owner,
      at: { planet: 'ligos' },
    });
  }
  return cards;
}

/** A battle of `perSide` personnel a side on the planet, Alice to attack (`ATTACK`). */
export function battleSetup(perSide: number): Setup {
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 3 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }],
    cardDefinitions: BENCH_CARDS,
    cards: [
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
      { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
      { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
      { id: 'lower-decks', card: 'Lower Decks', owner: 'alice', at: 'table' },
      { id: 'lower-decks-voyager', card: 'Lower Decks (Voyager)', owner: 'bob', at: 'table' },
      ...side('alice', perSide),
      ...side('bob', perSide),
    ],
  };
}

/** Alice's Away Team attacks Bob's on the planet. */
export const ATTACK: Command = {
  type: 'attack',
  player: 'alice',
  attackers: { planet: 'ligos' },
  defenders: { planet: 'ligos' },
};

/**
 * An idle game of 40 cards, 10 of them holograms: each player has a ship with a Holodeck and a crew
 * aboard (five holograms, eight others), an emitter and a phaser, and three cards in hand; Holo-Projectors
 * on the planet and Lower Decks on the table.
 */
export function idleSetup(): Setup {
  const crew = (owner: 'alice' | 'bob', ship: string): CardSpec[] => {
    const cards: CardSpec[] = [{ id: `${owner}-ship`, card: ship, owner, at: { space: 'ligos' } }];
    for (let i = 0; i < 5; i++) {
      const card = HOLOGRAMS[owner][i] ?? 'Holo Sparring Partner';
      cards.push({
        id: `${owner}-holo-${i + 1}`,
        card,
        owner,
        at: { aboard: `${owner}-ship` },
        hologram: 'active',
      });
    }
    for (let i = 0; i < 8; i++) {
      cards.push({
        id: `${owner}-crew-${i + 1}`,
        card: CREW[i % CREW.length]!,
        owner,
        at: { aboard: `${owner}-ship` },
      });
    }
    cards.push(
      { id: `${owner}-emitter`, card: 'Mobile Holo-Emitter', owner, at: { aboard: `${owner}-ship` } },
      { id: `${owner}-phaser`, card: 'Starfleet Type II Phaser', owner, at: { aboard: `${owner}-ship` } },
      { id: `${owner}-hand-1`, card: 'Mercenary', owner, at: 'hand' },
      { id: `${owner}-hand-2`, card: 'Veteran', owner, at: 'hand' },
      { id: `${owner}-hand-3`, card: 'Cadet', owner, at: 'hand' },
    );
    return cards;
  };
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 1 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }, { id: 'holana' }],
    cardDefinitions: BENCH_CARDS,
    cards: [
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
      { id: 'lower-decks', card: 'Lower Decks', owner: 'alice', at: 'table' },
      ...crew('alice', 'U.S.S. Enterprise'),
      ...crew('bob', 'Husnock Ship'),
    ],
  };
}
