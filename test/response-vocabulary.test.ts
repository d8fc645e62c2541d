import { describe, expect, it } from 'vitest';
import { type CardDefinitionInput, createGame, SetupError } from '../src/index.ts';
import {
  ATTACK_ON_PLANET,
  battleGame,
  closeWindow,
  FIGHTERS,
  HOLO_FIGHTERS,
  holoOnPlanet,
  onPlanet,
  playOut,
} from './battle-table.ts';
import { accept, cited, refuse } from './table.ts';

/** Responses a client defines with the response vocabulary (docs/cards.md), and the built-ins written in it. */

const card = (name: string, effects: unknown[], type = 'Interrupt'): CardDefinitionInput =>
  ({ name, type, effects }) as CardDefinitionInput;

/** A battle at Ligos with the client's cards added to the test fighters. */
function gameWithCards(cards: CardDefinitionInput[], specs: Parameters<typeof battleGame>[0]) {
  return battleGame(specs, { cardDefinitions: [...FIGHTERS, ...HOLO_FIGHTERS, ...cards] });
}

describe('the response vocabulary is validated like the rest of the card schema', () => {
  const setupWith = (effects: unknown[]) => ({
    players: ['alice', 'bob'] as [string, string],
    locations: [{ id: 'ligos' }],
    cardDefinitions: [card('Odd Response', effects)],
    cards: [],
  });

  it('GAME-INPUT-1: a response that says both "does" and "effect", or neither, is refused', () => {
    expect(() =>
      createGame(
        setupWith([
          { kind: 'response', timing: 'pairing', effect: 'beam-away', does: [{ do: 'engage-next' }] },
        ]),
      ),
    ).toThrow(SetupError);
    expect(() => createGame(setupWith([{ kind: 'response', timing: 'pairing' }]))).toThrow(SetupError);
  });

  it('GAME-INPUT-1: an action the vocabulary does not know, or a target it does not know, is refused', () => {
    expect(() =>
      createGame(setupWith([{ kind: 'response', timing: 'pairing', does: [{ do: 'teleport' }] }])),
    ).toThrow(SetupError);
    expect(() =>
      createGame(
        setupWith([{ kind: 'response', timing: 'pairing', does: [{ do: 'stun', whom: 'everyone' }] }]),
      ),
    ).toThrow(SetupError);
    expect(() =>
      createGame(
        setupWith([
          {
            kind: 'response',
            timing: 'pairing',
            user: { species: ['Klingon'] },
            does: [{ do: 'engage-next' }],
          },
        ]),
      ),
    ).not.toThrow();
  });
});

describe("BATTLE-2: Tommygun's erase option, written in the vocabulary", () => {
  it('BATTLE-2, HOLO-DEATH-2, GAME-BATTLE-2: respond with the Tommygun erases every opposing Holo personnel in the battle; it stays in play', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      holoOnPlanet('alice', 'tommygun', 'Tommygun'),
      holoOnPlanet('alice', 'mine', 'Holo Fighter 3'),
      holoOnPlanet('bob', 'h1', 'Holo Fighter 5'),
      onPlanet('bob', 'b', 'Fighter 4'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'respond', player: 'alice', card: 'tommygun' });
    expect(cited(events)).toEqual([
      'responded:BATTLE-2',
      'erased:HOLO-DEATH-2',
      'discarded:HOLO-DEATH-2',
      'left-battle:GAME-BATTLE-2',
    ]);
    expect(game.battle()?.data.participants).toEqual({ attacker: ['a', 'mine'], defender: ['b'] });
    expect(game.where('tommygun')).toEqual({ in: 'planet', location: 'ligos' });
  });

  it("BATTLE-2: Tommygun's stun option stuns one opposing personnel drawn at random; either option once a battle", () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      holoOnPlanet('alice', 'tommygun', 'Tommygun'),
      onPlanet('bob', 'b1', 'Fighter 4'),
      onPlanet('bob', 'b2', 'Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    // Both options are among what Alice may do; the stun, with no Holo personnel to erase, is legal.
    expect(game.legalCommands('alice').filter((c) => c.type === 'respond')).toEqual([
      { type: 'respond', player: 'alice', card: 'tommygun', option: 'stun' },
    ]);
    refuse(game, { type: 'respond', player: 'alice', card: 'tommygun', option: 'erase' }, 'BATTLE-2');
    const events = accept(game, { type: 'respond', player: 'alice', card: 'tommygun', option: 'stun' });
    expect(cited(events)).toEqual(['responded:BATTLE-2', 'stunned:BATTLE-2']);
    const stunned = ['b1', 'b2'].filter((id) => game.board().cards[id]!.status.stunned);
    expect(stunned).toHaveLength(1);
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, { type: 'respond', player: 'alice', card: 'tommygun', option: 'stun' }, 'BATTLE-2');
  });

  it("BATTLE-2: Tommygun's stun is drawn among opponents it could stun: never one stunned already", () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      holoOnPlanet('alice', 'tommygun', 'Tommygun'),
      onPlanet('bob', 'b1', 'Fighter 4', { status: { stunned: true } }),
      onPlanet('bob', 'b2', 'Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    accept(game, { type: 'respond', player: 'alice', card: 'tommygun', option: 'stun' });
    expect(game.board().cards.b2!.status.stunned).toBe(true);
    const alone = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      holoOnPlanet('alice', 'tommygun', 'Tommygun'),
      onPlanet('bob', 'b1', 'Fighter 4', { status: { stunned: true } }),
    ]);
    accept(alone, ATTACK_ON_PLANET());
    accept(alone, { type: 'pass', player: 'bob' });
    expect(alone.legalCommands('alice').filter((c) => c.type === 'respond')).toEqual([]);
    refuse(alone, { type: 'respond', player: 'alice', card: 'tommygun', option: 'stun' }, 'BATTLE-2');
  });

  it('GAME-INPUT-1: an option the card does not offer is malformed, and nothing changes', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      holoOnPlanet('alice', 'tommygun', 'Tommygun'),
      onPlanet('alice', 'cry', 'Fighter 3'),
      onPlanet('bob', 'b1', 'Fighter 4'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    // `refuse` checks that nothing changed.
    const result = refuse(
      game,
      { type: 'respond', player: 'alice', card: 'tommygun', option: 'burn' },
      'GAME-INPUT-1',
      'malformed',
    );
    expect(result.message).toContain('erase or stun');
  });

  it('GAME-INPUT-1: a card with several responses names each one, each name once', () => {
    const stunOrKill = (options: unknown[]) =>
      createGame({
        players: ['alice', 'bob'],
        locations: [{ id: 'ligos' }],
        cardDefinitions: [
          card(
            'Two Ways',
            options.map((option) => ({
              kind: 'response',
              timing: 'start-of-battle',
              ...(option === undefined ? {} : { option }),
              does: [{ do: 'stun', whom: 'random-opponent' }],
            })),
          ),
        ],
        cards: [],
      });
    expect(() => stunOrKill(['stun', 'kill'])).not.toThrow();
    expect(() => stunOrKill(['stun', undefined])).toThrow(SetupError);
    expect(() => stunOrKill(['stun', 'stun'])).toThrow(SetupError);
    expect(() => stunOrKill(['Stun Now', 'kill'])).toThrow(SetupError);
  });

  it('HOLO-EXIST-2: a deactivated Tommygun may not be used; nor in a pairing (BATTLE-4e)', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      holoOnPlanet('alice', 'tommygun', 'Tommygun', { hologram: 'deactivated' }),
      holoOnPlanet('bob', 'h1', 'Holo Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, { type: 'respond', player: 'alice', card: 'tommygun' }, 'HOLO-EXIST-2');
  });
});

describe("BATTLE-4e: a client's own response cards", () => {
  const grip = card('Klingon Death Grip', [
    {
      kind: 'response',
      timing: 'pairing',
      user: { species: ['Klingon'] },
      does: [{ do: 'kill', whom: 'adversary' }],
    },
  ]);
  const klingon: CardDefinitionInput = {
    name: 'Klingon Fighter',
    type: 'Personnel',
    affiliation: 'Klingon',
    strength: 5,
    characteristics: ['Klingon'],
  };

  it('BATTLE-4e, HOLO-DEATH-1, GAME-BATTLE-2: a kill of a hologram adversary deactivates it; the pairing ends with no outcome', () => {
    const game = gameWithCards(
      [grip, klingon],
      [
        onPlanet('alice', 'k', 'Klingon Fighter'),
        { id: 'grip', card: 'Klingon Death Grip', owner: 'alice', at: 'hand' },
        holoOnPlanet('bob', 'h', 'Holo Fighter 20'),
      ],
    );
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    const events = accept(game, { type: 'respond', player: 'alice', card: 'grip' });
    expect(cited(events)).toEqual(['responded:BATTLE-4e', 'deactivated:HOLO-DEATH-1']);
    expect(game.discardPile('alice')).toEqual(['grip']);
    accept(game, { type: 'pass', player: 'bob' });
    expect(cited(accept(game, { type: 'pass', player: 'alice' }))).toContain('no-outcome:GAME-BATTLE-2');
  });

  // A hologram that appears Klingon, by its card or its lore (as Sumek appears Vulcan).
  const holoKlingons: CardDefinitionInput[] = [
    { ...klingon, name: 'Holo Klingon', icons: ['Holo'] },
    { name: 'Holo Warrior', type: 'Personnel', strength: 5, icons: ['Holo'], lore: { species: 'Klingon' } },
  ] as CardDefinitionInput[];

  it('BATTLE-4e, HOLO-SPECIES-1: a response for Klingons is refused to a personnel of another species, and to a hologram that appears Klingon', () => {
    for (const [mine, clause] of [
      ['Fighter 5', 'BATTLE-4e'],
      // A hologram who looks like no Klingon lacks the species for the card's own reason.
      ['Holo Fighter 5', 'BATTLE-4e'],
      // One who does is refused because its gameplay species is hologram, whatever it looks like.
      ['Holo Klingon', 'HOLO-SPECIES-1'],
      ['Holo Warrior', 'HOLO-SPECIES-1'],
    ] as const) {
      const game = gameWithCards(
        [grip, klingon, ...holoKlingons],
        [
          onPlanet('alice', 'k', mine, mine.startsWith('Holo') ? { hologram: 'active' } : {}),
          { id: 'grip', card: 'Klingon Death Grip', owner: 'alice', at: 'hand' },
          onPlanet('bob', 'b', 'Fighter 3'),
        ],
      );
      accept(game, ATTACK_ON_PLANET());
      closeWindow(game);
      refuse(game, { type: 'respond', player: 'alice', card: 'grip' }, clause);
    }
  });

  it('BATTLE-5, BATTLE-6: a STRENGTH change lasts until the end of the battle, and no longer', () => {
    const rally = card('Rally', [
      {
        kind: 'response',
        timing: 'start-of-battle',
        does: [{ do: 'strength', amount: 2, whom: 'your-personnel-in-battle' }],
      },
    ]);
    const game = gameWithCards(
      [rally],
      [
        onPlanet('alice', 'a', 'Fighter 3'),
        onPlanet('alice', 'c', 'Fighter 4'),
        { id: 'rally', card: 'Rally', owner: 'alice', at: 'hand' },
        onPlanet('bob', 'b', 'Fighter 10'),
      ],
    );
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'respond', player: 'alice', card: 'rally' });
    expect(cited(events)).toEqual([
      'responded:BATTLE-2',
      'strength-changed:BATTLE-2',
      'strength-changed:BATTLE-2',
    ]);
    playOut(game, () => 'none');
    expect(game.lastBattle()?.totals).toEqual({ attacker: 11, defender: 10 });
    expect(game.table().board.cards.a!.status.strengthThisBattle).toBeUndefined();
  });

  it('BATTLE-2: once per battle, from play: a random opponent mortally wounded; the second use is refused', () => {
    const gun = card(
      'Old Blaster',
      [
        {
          kind: 'response',
          timing: 'until-winner',
          from: 'play',
          oncePerBattle: true,
          does: [{ do: 'mortally-wound', whom: 'random-opponent' }],
        },
      ],
      'Equipment',
    );
    const game = gameWithCards(
      [gun],
      [
        onPlanet('alice', 'a', 'Fighter 3'),
        onPlanet('alice', 'gun', 'Old Blaster'),
        onPlanet('bob', 'b', 'Fighter 10'),
        onPlanet('bob', 'c', 'Fighter 9'),
      ],
    );
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'respond', player: 'alice', card: 'gun' });
    expect(cited(events)).toEqual(['responded:BATTLE-2', 'mortally-wounded:BATTLE-2']);
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, { type: 'respond', player: 'alice', card: 'gun' }, 'BATTLE-2');
  });
});

describe('BATTLE-2: a card offering a beam-away among its responses', () => {
  const beamOrStun = card('Beam Or Stun', [
    { kind: 'response', option: 'beam', timing: 'until-winner', effect: 'beam-away' },
    {
      kind: 'response',
      option: 'stun',
      timing: 'until-winner',
      does: [{ do: 'stun', whom: 'random-opponent' }],
    },
  ]);

  it('BATTLE-2: legalCommands lists the beam-away under its option, each personnel to each place, and it is accepted', () => {
    const game = gameWithCards(
      [beamOrStun],
      [
        onPlanet('alice', 'a', 'Fighter 5'),
        onPlanet('alice', 'b', 'Fighter 5'),
        { id: 'bos', card: 'Beam Or Stun', owner: 'alice', at: 'hand' },
        onPlanet('bob', 'd', 'Fighter 9'),
      ],
    );
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const legal = game.legalCommands('alice');
    const beams = legal.filter((c) => c.type === 'respond' && c.option === 'beam');
    // Two personnel, each to the planet or aboard Alice's ship there; never without whom or where.
    expect(beams).toContainEqual({
      type: 'respond',
      player: 'alice',
      card: 'bos',
      option: 'beam',
      personnel: ['a'],
      to: { aboard: 'enterprise' },
    });
    expect(beams.every((c) => c.type === 'respond' && c.personnel?.length === 1 && c.to)).toBe(true);
    expect(new Set(beams.map((c) => c.type === 'respond' && c.personnel?.[0]))).toEqual(new Set(['a', 'b']));
    expect(legal).toContainEqual({ type: 'respond', player: 'alice', card: 'bos', option: 'stun' });
    // Each listed command is legal: the beam-away is accepted and beams Alice's personnel up.
    accept(game, {
      type: 'respond',
      player: 'alice',
      card: 'bos',
      option: 'beam',
      personnel: ['a'],
      to: { aboard: 'enterprise' },
    });
    expect(game.where('a')).toEqual({ in: 'aboard', host: 'enterprise' });
    expect(game.battle()?.data.participants.attacker).not.toContain('a');
  });
});

describe('HOLO-BATTLE-1: a card each of your personnel may use to kill', () => {
  const fury = card('Battle Fury', [
    {
      kind: 'response',
      timing: 'start-of-battle',
      eachUser: true,
      does: [{ do: 'kill', whom: 'random-opponent' }],
    },
  ]);
  const fury3 = (alice: Parameters<typeof battleGame>[0]) =>
    gameWithCards(
      [fury],
      [
        ...alice,
        { id: 'fury', card: 'Battle Fury', owner: 'alice', at: 'hand' },
        onPlanet('bob', 'd1', 'Fighter 9'),
        onPlanet('bob', 'd2', 'Fighter 9'),
        onPlanet('bob', 'd3', 'Fighter 9'),
      ],
    );
  const killed = (game: ReturnType<typeof fury3>) =>
    ['d1', 'd2', 'd3'].filter((id) => game.board().cards[id]?.at.in === 'discard');

  it('HOLO-BATTLE-1: the holograms stand aside and each non-hologram kills; the card is not refused for them', () => {
    const game = fury3([
      onPlanet('alice', 'a1', 'Fighter 5'),
      onPlanet('alice', 'a2', 'Fighter 5'),
      holoOnPlanet('alice', 'h', 'Holo Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    accept(game, { type: 'respond', player: 'alice', card: 'fury' });
    // Two users kill (a1 and a2); the hologram, who may not kill a non-holographic opponent, does not.
    expect(killed(game)).toHaveLength(2);
  });

  it('HOLO-BATTLE-1: where holograms alone could use it to kill non-holographic opponents, it is refused', () => {
    const game = fury3([
      holoOnPlanet('alice', 'h1', 'Holo Fighter 5'),
      holoOnPlanet('alice', 'h2', 'Holo Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, { type: 'respond', player: 'alice', card: 'fury' }, 'HOLO-BATTLE-1');
    expect(killed(game)).toEqual([]);
  });
});
