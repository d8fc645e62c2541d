import { describe, expect, it } from 'vitest';
import { strengthOf } from '../src/rules/battle/strength.ts';
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

const strength = (game: ReturnType<typeof battleGame>, id: string) => strengthOf(game.table(), id).total;

describe('STRENGTH modifiers of the battle cards (BATTLE-4, BATTLE-5)', () => {
  it('BATTLE-4: Starfleet Type II Phaser: each of your personnel present +2, cumulative, Federation or Non-Aligned use only', () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      onPlanet('alice', 'p1', 'Starfleet Type II Phaser'),
      onPlanet('alice', 'p2', 'Starfleet Type II Phaser'),
      onPlanet('bob', 'shakaar', 'Shakaar Edon'),
    ]);
    expect(strength(game, 'data')).toBe(16);
    expect(strength(game, 'shakaar')).toBe(8); // not Bob's phasers
    const klingons = battleGame([
      holoOnPlanet('bob', 'fek', "Fek'lhr"),
      onPlanet('bob', 'p', 'Starfleet Type II Phaser'),
    ]);
    expect(strength(klingons, 'fek')).toBe(15); // no Federation or Non-Aligned personnel to use it
  });

  it("BATTLE-4: Klingon Disruptor and D'k Tahg for Klingons; a deactivated hologram cannot use them", () => {
    const game = battleGame([
      holoOnPlanet('bob', 'fek', "Fek'lhr"),
      onPlanet('bob', 'kd', 'Klingon Disruptor'),
      onPlanet('bob', 'tahg', "D'k Tahg"),
    ]);
    expect(strength(game, 'fek')).toBe(18);
    const off = battleGame([
      holoOnPlanet('bob', 'fek', "Fek'lhr", { hologram: 'deactivated' }),
      onPlanet('bob', 'kd', 'Klingon Disruptor'),
    ]);
    expect(strength(off, 'fek')).toBe(15);
  });

  it('BATTLE-4: Lower Decks: your non-holographic universal personnel +2; a second copy adds nothing', () => {
    const game = battleGame(
      [
        onPlanet('alice', 'grunt', 'Universal Grunt'),
        holoOnPlanet('alice', 'emh', 'E.M.H. Program'),
        onPlanet('alice', 'data', 'Data'),
        { id: 'ld1', card: 'Lower Decks', owner: 'alice', at: 'table' },
        { id: 'ld2', card: 'Lower Decks (Voyager)', owner: 'alice', at: 'table' },
        onPlanet('bob', 'bobgrunt', 'Universal Grunt'),
      ],
      { cardDefinitions: [{ name: 'Universal Grunt', type: 'Personnel', strength: 4, universal: true }] },
    );
    expect(strength(game, 'grunt')).toBe(6);
    expect(strength(game, 'emh')).toBe(5); // holographic
    expect(strength(game, 'data')).toBe(12); // not universal
    expect(strength(game, 'bobgrunt')).toBe(4); // not Bob's Lower Decks
  });

  it('BATTLE-5: Shakaar Edon: other Bajorans present +2, opposing ones too, even while he is stunned', () => {
    const bajoran = {
      name: 'Bajoran Fighter',
      type: 'Personnel' as const,
      strength: 3,
      characteristics: ['Bajoran'],
    };
    const game = battleGame(
      [
        onPlanet('bob', 'shakaar', 'Shakaar Edon', { status: { stunned: true } }),
        onPlanet('bob', 'kira', 'Bajoran Fighter'),
        onPlanet('alice', 'odo', 'Bajoran Fighter'),
        holoOnPlanet('alice', 'iden', 'Iden'),
      ],
      { cardDefinitions: [bajoran] },
    );
    expect(strength(game, 'kira')).toBe(5);
    expect(strength(game, 'odo')).toBe(5);
    expect(strength(game, 'shakaar')).toBe(8);
    expect(strength(game, 'iden')).toBe(8); // Iden is Bajoran by affiliation, but of species hologram
  });
});

describe('BATTLE-2: responses at the start of battle', () => {
  it('BATTLE-2: Vulcan Nerve Pinch: each of your Soong-type androids places one opposing personnel in stasis (random)', () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      { id: 'pinch', card: 'Vulcan Nerve Pinch', owner: 'alice', at: 'hand' },
      onPlanet('bob', 'd1', 'Fighter 5'),
      onPlanet('bob', 'd2', 'Fighter 6'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'respond', player: 'alice', card: 'pinch' });
    const stasis = events.find((e) => e.kind === 'in-stasis');
    expect(stasis).toMatchObject({ clause: 'BATTLE-2', by: 'data', untilEndOfTurn: 3 });
    const frozen = (stasis as { card: string }).card;
    expect(game.board().cards[frozen]?.status.inStasisUntilEndOfTurn).toBe(3);
    expect(game.battle()?.data.participants.defender).not.toContain(frozen);
    expect(game.discardPile('alice')).toEqual(['pinch']);
    playOut(game, () => 'none');
    expect(game.lastBattle()?.pairings.every((p) => p.defender !== frozen)).toBe(true);
  });

  it('GAME-INPUT-1: whom to beam and where are the Armbands’ alone: a Vulcan Nerve Pinch naming them is malformed, and nothing is logged', () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      { id: 'pinch', card: 'Vulcan Nerve Pinch', owner: 'alice', at: 'hand' },
      onPlanet('bob', 'd1', 'Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const extra = {
      type: 'respond',
      player: 'alice',
      card: 'pinch',
      personnel: ['data'],
      to: { planet: 'ligos' },
    };
    expect(game.actor.getSnapshot().can(extra as never)).toBe(false);
    const logged = game.log().length;
    refuse(game, extra, 'GAME-INPUT-1', 'malformed');
    expect(game.log()).toHaveLength(logged);
    accept(game, { type: 'respond', player: 'alice', card: 'pinch' });
  });

  it('HOLO-SPECIES-1: Sumek may not use a Vulcan Nerve Pinch in battle', () => {
    const game = battleGame([
      holoOnPlanet('alice', 'sumek', 'Sumek'),
      { id: 'pinch', card: 'Vulcan Nerve Pinch', owner: 'alice', at: 'hand' },
      onPlanet('bob', 'd1', 'Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, { type: 'respond', player: 'alice', card: 'pinch' }, 'HOLO-SPECIES-1');
  });

  it("BATTLE-2: D'k Tahg reports to a just-initiated battle involving your Klingon cards, and adds +1", () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 5'),
      holoOnPlanet('bob', 'fek', "Fek'lhr"),
      { id: 'tahg', card: "D'k Tahg", owner: 'bob', at: 'hand' },
    ]);
    accept(game, ATTACK_ON_PLANET());
    expect(cited(accept(game, { type: 'respond', player: 'bob', card: 'tahg' }))).toContain(
      'reported:BATTLE-2',
    );
    expect(game.where('tahg')).toEqual({ in: 'planet', location: 'ligos' });
    expect(strength(game, 'fek')).toBe(16);
  });

  it('HOLO-ACT-1: a Holo equipment that reports to a battle enters play deactivated, and adds nothing yet', () => {
    const game = battleGame(
      [
        onPlanet('alice', 'a', 'Fighter 5'),
        holoOnPlanet('bob', 'fek', "Fek'lhr"),
        { id: 'holo-blade', card: 'Holo Blade', owner: 'bob', at: 'hand' },
      ],
      {
        cardDefinitions: [
          ...FIGHTERS,
          ...HOLO_FIGHTERS,
          {
            name: 'Holo Blade',
            type: 'Equipment',
            icons: ['Holo'],
            effects: [
              { kind: 'strength', amount: 3, to: 'your-personnel-present', cumulative: true },
              {
                kind: 'response',
                timing: 'start-of-battle',
                effect: 'report-to-battle',
                affiliation: 'Klingon',
              },
            ],
          },
        ],
      },
    );
    accept(game, ATTACK_ON_PLANET());
    const events = accept(game, { type: 'respond', player: 'bob', card: 'holo-blade' });
    expect(cited(events)).toEqual(expect.arrayContaining(['reported:BATTLE-2', 'deactivated:HOLO-ACT-1']));
    expect(game.hologramState('holo-blade')).toBe('deactivated');
    expect(strength(game, 'fek')).toBe(15);
  });

  it('HOLO-AFFIL-1: a Hirogen Talon reports to a battle of Iden in Hirogen mode, not in Bajoran mode', () => {
    const setup = (mode: string) =>
      battleGame([
        onPlanet('alice', 'a', 'Fighter 5'),
        holoOnPlanet('bob', 'iden', 'Iden', { affiliation: mode }),
        { id: 'talon', card: 'Hirogen Talon', owner: 'bob', at: 'hand' },
      ]);
    const bajoran = setup('Bajoran');
    accept(bajoran, ATTACK_ON_PLANET());
    refuse(bajoran, { type: 'respond', player: 'bob', card: 'talon' }, 'HOLO-AFFIL-1');
    const hirogen = setup('Hirogen');
    accept(hirogen, ATTACK_ON_PLANET());
    accept(hirogen, { type: 'respond', player: 'bob', card: 'talon' });
    expect(strength(hirogen, 'iden')).toBe(9);
  });

  it('BATTLE-2: a response must fit the window and come from the right place', () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' },
      { id: 'pinch', card: 'Vulcan Nerve Pinch', owner: 'alice', at: 'discard' },
      onPlanet('bob', 'd', 'Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, { type: 'respond', player: 'alice', card: 'headlock' }, 'BATTLE-2');
    refuse(game, { type: 'respond', player: 'alice', card: 'pinch' }, 'BATTLE-2');
    refuse(game, { type: 'respond', player: 'alice', card: 'data' }, 'BATTLE-2');
    refuse(game, { type: 'respond', player: 'alice', card: 'd' }, 'GAME-OWN-1', 'not-your-card');
  });
});

describe('Emergency Transporter Armbands: beam away during battle, before the winner is determined', () => {
  it('BATTLE-2: a personnel beamed away leaves the battle: no pairing, no total, no kill, not stopped', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 3'),
      onPlanet('alice', 'b', 'Fighter 3'),
      { id: 'eta', card: 'Emergency Transporter Armbands', owner: 'alice', at: 'hand' },
      onPlanet('bob', 'd', 'Fighter 9'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    closeWindow(game);
    accept(game, { type: 'decide', player: 'bob', outcome: 'none' });
    // Before the winner is determined: Bob first, then Alice beams one of hers up.
    accept(game, { type: 'pass', player: 'bob' });
    const staying = game.battle()!.data.faceUp[0]!;
    const leaving = staying === 'a' ? 'b' : 'a';
    accept(game, {
      type: 'respond',
      player: 'alice',
      card: 'eta',
      personnel: [leaving],
      to: { aboard: 'enterprise' },
    });
    expect(game.where(leaving)).toEqual({ in: 'aboard', host: 'enterprise' });
    closeWindow(game);
    expect(game.lastBattle()?.killed).not.toBe(leaving);
    expect(game.board().cards[leaving]?.status.stopped).toBe(false);
  });
});

describe("'45 Dom Perignon and Android Headlock: responses to a pairing (BATTLE-4e)", () => {
  it("BATTLE-4e: '45 Dom Perignon stuns an adversary once per battle; deactivated, it may not be used", () => {
    const game = battleGame([
      onPlanet('alice', 'a1', 'Fighter 5'),
      onPlanet('alice', 'a2', 'Fighter 5'),
      holoOnPlanet('alice', 'dom', "'45 Dom Perignon"),
      onPlanet('bob', 'd1', 'Fighter 9'),
      onPlanet('bob', 'd2', 'Fighter 9'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    const first = game.battle()!.data.pairing!;
    expect(cited(accept(game, { type: 'respond', player: 'alice', card: 'dom' }))).toContain(
      'stunned:BATTLE-4e',
    );
    expect(game.board().cards[first.defender]?.status.stunned).toBe(true);
    accept(game, { type: 'pass', player: 'bob' });
    accept(game, { type: 'pass', player: 'alice' });
    // The second pairing's window: the Dom Perignon was used once this battle already.
    expect(game.battle()?.data.pairing?.number).toBe(2);
    refuse(game, { type: 'respond', player: 'alice', card: 'dom' }, 'BATTLE-4e');

    const off = battleGame([
      onPlanet('alice', 'a1', 'Fighter 5'),
      holoOnPlanet('alice', 'dom', "'45 Dom Perignon", { hologram: 'deactivated' }),
      onPlanet('bob', 'd1', 'Fighter 9'),
    ]);
    accept(off, ATTACK_ON_PLANET());
    closeWindow(off);
    refuse(off, { type: 'respond', player: 'alice', card: 'dom' }, 'HOLO-EXIST-2');
  });

  it("HOLO-BATTLE-1: with Disengage Safety Protocols on the table, '45 Dom Perignon (a Holo weapon) mortally wounds instead of stunning", () => {
    const game = battleGame([
      onPlanet('alice', 'a1', 'Fighter 5'),
      holoOnPlanet('alice', 'dom', "'45 Dom Perignon"),
      onPlanet('bob', 'd1', 'Fighter 9'),
      { id: 'dsp', card: 'Disengage Safety Protocols', owner: 'bob', at: 'table' },
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    const events = accept(game, { type: 'respond', player: 'alice', card: 'dom' });
    expect(cited(events)).toContain('mortally-wounded:HOLO-BATTLE-1');
    expect(cited(events)).not.toContain('stunned:BATTLE-4e');
    expect(game.board().cards.d1?.status).toMatchObject({ stunned: false, mortallyWounded: true });
    playOut(game, () => 'none');
    expect(game.discardPile('bob')).toContain('d1');
  });

  it('BATTLE-4e: Android Headlock mortally wounds a hologram that engaged your android, who engages the next adversary', () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' },
      holoOnPlanet('bob', 'h1', 'Holo Fighter 20'),
      holoOnPlanet('bob', 'h2', 'Holo Fighter 20'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    const first = game.battle()!.data.pairing!.defender;
    accept(game, { type: 'respond', player: 'alice', card: 'headlock' });
    accept(game, { type: 'pass', player: 'bob' });
    accept(game, { type: 'pass', player: 'alice' });
    const second = game.battle()!.data.pairing!;
    expect(second).toMatchObject({ number: 2, attacker: 'data' });
    expect(second.defender).not.toBe(first);
    playOut(game, () => 'none');
    expect(game.hologramState(first)).toBe('deactivated'); // HOLO-DEATH-1 at the aftermath
  });

  it('HOLO-SPECIES-1: Data with the Holo icon is no android: no Android Headlock', () => {
    const game = battleGame([
      holoOnPlanet('alice', 'data', 'Data', { addedIcons: ['Holo'] }),
      { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' },
      holoOnPlanet('bob', 'h1', 'Holo Fighter 20'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    refuse(game, { type: 'respond', player: 'alice', card: 'headlock' }, 'HOLO-SPECIES-1');
  });

  it("BATTLE-4e: Android Headlock only against a Borg drone, Jem'Hadar, Rogue Borg or hologram", () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' },
      onPlanet('bob', 'd', 'Fighter 9'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    refuse(game, { type: 'respond', player: 'alice', card: 'headlock' }, 'BATTLE-4e');
  });
});
