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
 * An idle game of `size` cards (at least 12; 40 by default), about three in ten of them holograms:
 * Holo-Projectors on the planet and Lower Decks on the table, and each player a ship with a Holodeck in
 * orbit, with a Mobile Holo-Emitter and a crew aboard (holograms, others, a phaser for every ten) and a
 * few cards in hand. Every size has `alice-crew-1`, `alice-crew-2` and `alice-holo-1` aboard `alice-ship`.
 */
export function idleSetup(size = 40): Setup {
  if (size < 12) throw new Error('an idle game has at least 12 cards');
  const crew = (owner: 'alice' | 'bob', ship: string, count: number): CardSpec[] => {
    const aboard = { aboard: `${owner}-ship` };
    const cards: CardSpec[] = [
      { id: `${owner}-ship`, card: ship, owner, at: { space: 'ligos' } },
      { id: `${owner}-emitter`, card: 'Mobile Holo-Emitter', owner, at: aboard },
    ];
    const rest = count - cards.length;
    const holograms = Math.max(1, Math.round((rest * 3) / 10));
    const phasers = Math.floor(rest / 10);
    const hand = Math.floor(rest / 10);
    for (let i = 0; i < holograms; i++) {
      const card = HOLOGRAMS[owner][i] ?? 'Holo Sparring Partner';
      cards.push({ id: `${owner}-holo-${i + 1}`, card, owner, at: aboard, hologram: 'active' });
    }
    for (let i = 0; i < phasers; i++) {
      cards.push({ id: `${owner}-phaser-${i + 1}`, card: 'Starfleet Type II Phaser', owner, at: aboard });
    }
    for (let i = 0; i < hand; i++) {
      cards.push({ id: `${owner}-hand-${i + 1}`, card: CREW[i % CREW.length]!, owner, at: 'hand' });
    }
    for (let i = 0; cards.length < count; i++) {
      cards.push({ id: `${owner}-crew-${i + 1}`, card: CREW[i % CREW.length]!, owner, at: aboard });
    }
    return cards;
  };
  const perPlayer = size - 2;
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 1 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }, { id: 'holana' }],
    cardDefinitions: BENCH_CARDS,
    cards: [
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
      { id: 'lower-decks', card: 'Lower Decks', owner: 'alice', at: 'table' },
      ...crew('alice', 'U.S.S. Enterprise', Math.ceil(perPlayer / 2)),
      ...crew('bob', 'Husnock Ship', Math.floor(perPlayer / 2)),
    ],
  };
}
