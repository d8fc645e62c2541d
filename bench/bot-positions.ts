import type { CardDefinitionInput, Setup } from '../src/index.ts';

/**
 * Positions where the win takes a whole turn (issue 30), for the bot's tests and its strength bench:
 * the attack wins only after two or more commands before it (holograms activated first, a group moved
 * together), or loses to a response the opponent holds. Each is Alice's turn at Ligos VII, Alice's
 * U.S.S. Enterprise (a Holodeck aboard) and Bob's Husnock Ship in orbit.
 */

const FIGHTERS: CardDefinitionInput[] = [6, 7, 8, 9, 10].map((strength) => ({
  name: `Fighter ${strength}`,
  type: 'Personnel',
  affiliation: 'Non-Aligned',
  strength,
}));

const HOLO_FIGHTERS: CardDefinitionInput[] = [9, 10].map((strength) => ({
  name: `Holo Fighter ${strength}`,
  type: 'Personnel',
  affiliation: 'Non-Aligned',
  strength,
  icons: ['Holo'],
}));

const JEM_HADAR: CardDefinitionInput = {
  name: "Jem'Hadar Soldier",
  type: 'Personnel',
  affiliation: 'Non-Aligned',
  strength: 10,
  characteristics: ["Jem'Hadar"],
};

type CardSpec = Setup['cards'][number];

const aboard = (owner: string, id: string, card: string, extra: Partial<CardSpec> = {}): CardSpec => ({
  id,
  card,
  owner,
  at: { aboard: 'enterprise' },
  ...extra,
});

const onPlanet = (owner: string, id: string, card: string): CardSpec => ({
  id,
  card,
  owner,
  at: { planet: 'ligos' },
});

function atLigos(cards: CardSpec[], definitions: CardDefinitionInput[]): Setup {
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 1 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }],
    cardDefinitions: definitions,
    cards: [
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
      { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
      { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
      ...cards,
    ],
  };
}

/**
 * Two holograms first: five of Bob's Fighter 7 have boarded Alice's Enterprise, where her Fighter 9
 * stands with two deactivated holograms. Each of hers stuns the adversary it engages, and the rest of
 * Bob's count: attacking at once, 9 against 28 left, loses; with one hologram activated, 19 against
 * 21; with both (the Holodeck lets them act), 28 against 14: the battle won every time, and Fighter 9,
 * no hologram, lets the winner kill (HOLO-BATTLE-2).
 */
export const HOLOGRAMS_FIRST: Setup = atLigos(
  [
    aboard('alice', 'fighter-9', 'Fighter 9'),
    aboard('alice', 'holo-10', 'Holo Fighter 10', { hologram: 'deactivated' }),
    aboard('alice', 'holo-9', 'Holo Fighter 9', { hologram: 'deactivated' }),
    ...[1, 2, 3, 4, 5].map((i) => aboard('bob', `bob-${i}`, 'Fighter 7')),
  ],
  [...FIGHTERS, ...HOLO_FIGHTERS],
);

/**
 * A group beamed down together: Alice's Fighters 9, 8 and 7 are aboard the Enterprise, Bob's Fighters
 * 10 and 6 on the planet. One of hers beamed down alone loses its battle; all three, 24 against 16,
 * win every time (whoever Fighter 10 stuns, the other two outweigh it).
 */
export const GROUP_TOGETHER: Setup = atLigos(
  [
    aboard('alice', 'fighter-9', 'Fighter 9'),
    aboard('alice', 'fighter-8', 'Fighter 8'),
    aboard('alice', 'fighter-7', 'Fighter 7'),
    onPlanet('bob', 'bob-10', 'Fighter 10'),
    onPlanet('bob', 'bob-6', 'Fighter 6'),
  ],
  FIGHTERS,
);

/**
 * An Android Headlock in Bob's hand: three Jem'Hadar of Alice's (STRENGTH 10 each) against Data (12)
 * on the planet. Without the Headlock, her attack wins and kills Data; with it, the first Jem'Hadar
 * Data engages is mortally wounded, Data engages and stuns the next, and the last one's 10 loses to
 * Data's 12: two of hers lost for none of his.
 */
export function headlockSetup(withHeadlock: boolean): Setup {
  return atLigos(
    [
      onPlanet('alice', 'jem-1', "Jem'Hadar Soldier"),
      onPlanet('alice', 'jem-2', "Jem'Hadar Soldier"),
      onPlanet('alice', 'jem-3', "Jem'Hadar Soldier"),
      onPlanet('bob', 'data', 'Data'),
      ...(withHeadlock
        ? [{ id: 'headlock', card: 'Android Headlock', owner: 'bob', at: 'hand' as const }]
        : []),
    ],
    [JEM_HADAR],
  );
}
