import { describe, expect, it } from 'vitest';
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

/** A fighter of Alice's or Bob's; a hologram (a "Holo" card or Fek'lhr) is set up active. */
const side = (owner: string, id: string, card: string) =>
  card.startsWith('Holo') || card === "Fek'lhr" ? holoOnPlanet(owner, id, card) : onPlanet(owner, id, card);

/** A one-against-one battle on the planet, brought to its pairing's decision. */
function duel(attacker: string, defender: string, extra: Parameters<typeof battleGame>[0] = []) {
  const game = battleGame([side('alice', 'a', attacker), side('bob', 'd', defender), ...extra]);
  accept(game, ATTACK_ON_PLANET());
  closeWindow(game); // start of battle
  closeWindow(game); // the pairing's window
  return game;
}

describe('BATTLE-4: adversaries turned over together compare STRENGTH with modifiers', () => {
  it('BATTLE-4: the pairing is announced with both STRENGTHs', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 8'), onPlanet('bob', 'd', 'Fighter 3')]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'pass', player: 'alice' });
    expect(events.find((e) => e.kind === 'engaged')).toMatchObject({
      clause: 'BATTLE-4',
      attacker: 'a',
      defender: 'd',
      attackerStrength: 8,
      defenderStrength: 3,
    });
  });
});

describe('BATTLE-4a/b/c: stun if greater, mortally wound if more than double, nothing if equal', () => {
  it('BATTLE-4a: greater STRENGTH may stun, not mortally wound (8 against 5)', () => {
    const game = duel('Fighter 8', 'Fighter 5');
    expect(game.awaiting()).toEqual({ player: 'alice', for: 'decision', options: ['none', 'stun'] });
    refuse(game, { type: 'decide', player: 'alice', outcome: 'mortally-wound' }, 'BATTLE-4b');
    expect(cited(accept(game, { type: 'decide', player: 'alice', outcome: 'stun' }))).toContain(
      'stunned:BATTLE-4a',
    );
    expect(game.board().cards.d?.status.stunned).toBe(true);
  });

  it('BATTLE-4b: exactly double STRENGTH may stun but not mortally wound (8 against 4)', () => {
    const game = duel('Fighter 8', 'Fighter 4');
    expect(game.awaiting()).toMatchObject({ for: 'decision', options: ['none', 'stun'] });
  });

  it('BATTLE-4b: a mortal wound refused at exactly double cites BATTLE-4b, the clause that decides it', () => {
    const game = duel('Fighter 8', 'Fighter 4');
    const rejection = refuse(
      game,
      { type: 'decide', player: 'alice', outcome: 'mortally-wound' },
      'BATTLE-4b',
    );
    expect(rejection.message).toContain('exactly double is not more than double');
  });

  it('BATTLE-4c: a stun asked for after a pairing of equal STRENGTH is refused citing BATTLE-4c', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    // In the pairing's window the pairing is engaged: equal STRENGTH settles it already.
    refuse(game, { type: 'decide', player: 'alice', outcome: 'stun' }, 'BATTLE-4c', 'forbidden');
    closeWindow(game);
    expect(game.battle()?.step).toBe('beforeWinner');
    refuse(game, { type: 'decide', player: 'bob', outcome: 'stun' }, 'BATTLE-4c', 'forbidden');
  });

  it("HOLO-BATTLE-1: a hologram's mortal wound at more than double is refused citing HOLO-BATTLE-1, not BATTLE-4b", () => {
    const game = duel('Fighter 5', "Fek'lhr");
    refuse(game, { type: 'decide', player: 'bob', outcome: 'mortally-wound' }, 'HOLO-BATTLE-1');
  });

  it('BATTLE-4b: one more than double may mortally wound (9 against 4)', () => {
    const game = duel('Fighter 9', 'Fighter 4');
    expect(game.awaiting()).toMatchObject({ player: 'alice', options: ['none', 'stun', 'mortally-wound'] });
    expect(cited(accept(game, { type: 'decide', player: 'alice', outcome: 'mortally-wound' }))).toContain(
      'mortally-wounded:BATTLE-4b',
    );
  });

  it('BATTLE-4c: equal STRENGTH: neither may stun or mortally wound, and no one is asked', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    accept(game, { type: 'pass', player: 'alice' });
    const events = accept(game, { type: 'pass', player: 'bob' });
    expect(cited(events)).toContain('no-outcome:BATTLE-4c');
    refuse(game, { type: 'decide', player: 'alice', outcome: 'stun' }, 'BATTLE-4c', 'forbidden');
  });

  it('BATTLE-4a: the stronger may decline; the weaker may not decide', () => {
    const game = duel('Fighter 5', 'Fighter 8');
    refuse(game, { type: 'decide', player: 'alice', outcome: 'stun' }, 'BATTLE-4a');
    expect(cited(accept(game, { type: 'decide', player: 'bob', outcome: 'none' }))).toContain(
      'no-outcome:BATTLE-4a',
    );
    expect(game.board().cards.a?.status.stunned).toBe(false);
  });
});

describe('HOLO-BATTLE-1: holograms may stun but not mortally wound non-holographic adversaries', () => {
  it("HOLO-BATTLE-1: Fek'lhr (15) against a STRENGTH 5 personnel may only stun", () => {
    const game = duel('Fighter 5', "Fek'lhr", []);
    expect(game.awaiting()).toMatchObject({ player: 'bob', options: ['none', 'stun'] });
    refuse(game, { type: 'decide', player: 'bob', outcome: 'mortally-wound' }, 'HOLO-BATTLE-1');
  });

  it('HOLO-BATTLE-1: a hologram may mortally wound another hologram', () => {
    const game = duel('Holo Fighter 3', "Fek'lhr");
    expect(game.awaiting()).toMatchObject({ options: ['none', 'stun', 'mortally-wound'] });
  });

  it('HOLO-BATTLE-1: Disengage Safety Protocols in play suspends the protocols', () => {
    const game = duel('Fighter 5', "Fek'lhr", [
      { id: 'dsp', card: 'Disengage Safety Protocols', owner: 'bob', at: 'table' },
    ]);
    expect(game.awaiting()).toMatchObject({ options: ['none', 'stun', 'mortally-wound'] });
  });

  it('HOLO-BATTLE-1: a non-holographic personnel may mortally wound a hologram', () => {
    const game = duel('Fighter 16', 'Holo Fighter 5');
    expect(game.awaiting()).toMatchObject({ player: 'alice', options: ['none', 'stun', 'mortally-wound'] });
  });
});

describe('HOLO-BATTLE-2: a total entirely from holograms wins but kills no one', () => {
  it('HOLO-BATTLE-2: holograms alone win without a kill', () => {
    const game = duel('Holo Fighter 10', 'Fighter 3');
    const events = accept(game, { type: 'decide', player: 'alice', outcome: 'none' });
    closeWindow(game);
    expect(game.battle()).toBeUndefined();
    const all = [...events];
    expect(game.lastBattle()).toMatchObject({
      winner: 'alice',
      killed: null,
      totals: { attacker: 10, defender: 3 },
    });
    expect(all.length).toBeGreaterThan(0);
    expect(game.where('d')).toEqual({ in: 'planet', location: 'ligos' });
  });

  it('HOLO-BATTLE-2: Disengage Safety Protocols suspends it too: holograms alone win and kill', () => {
    const game = duel('Holo Fighter 10', 'Fighter 3', [
      { id: 'dsp', card: 'Disengage Safety Protocols', owner: 'alice', at: 'table' },
    ]);
    accept(game, { type: 'decide', player: 'alice', outcome: 'none' });
    const events = [
      ...accept(game, { type: 'pass', player: 'bob' }),
      ...accept(game, { type: 'pass', player: 'alice' }),
    ];
    expect(cited(events)).toContain('battle-won:BATTLE-5a');
    expect(cited(events)).not.toContain('battle-won:HOLO-BATTLE-2');
    expect(game.lastBattle()).toMatchObject({ winner: 'alice', killed: 'd' });
    expect(game.discardPile('bob')).toEqual(['d']);
  });

  it('HOLO-BATTLE-2: with a non-holographic personnel among the winners, the winner kills', () => {
    const game = battleGame([
      holoOnPlanet('alice', 'a', 'Holo Fighter 10'),
      onPlanet('alice', 'b', 'Fighter 1'),
      onPlanet('bob', 'd', 'Fighter 3'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    playOut(game, () => 'none');
    expect(game.lastBattle()).toMatchObject({ winner: 'alice', killed: 'd' });
    expect(game.discardPile('bob')).toEqual(['d']);
  });

  it("HOLO-BATTLE-2: a non-hologram who adds no STRENGTH does not make the holograms' total any less theirs", () => {
    const game = battleGame(
      [
        holoOnPlanet('alice', 'fek', "Fek'lhr"),
        onPlanet('alice', 'zero', 'Fighter 0'),
        onPlanet('bob', 'd', 'Fighter 4'),
      ],
      {
        cardDefinitions: [
          ...FIGHTERS,
          ...HOLO_FIGHTERS,
          { name: 'Fighter 0', type: 'Personnel', strength: 0 },
        ],
      },
    );
    accept(game, ATTACK_ON_PLANET());
    playOut(game, () => 'none');
    expect(game.lastBattle()).toMatchObject({ winner: 'alice', killed: null });
  });

  it('HOLO-BATTLE-2: the ruling is announced with its clause', () => {
    const game = duel('Holo Fighter 10', 'Fighter 3');
    accept(game, { type: 'decide', player: 'alice', outcome: 'none' });
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'pass', player: 'alice' });
    expect(cited(events)).toContain('battle-won:HOLO-BATTLE-2');
    expect(cited(events)).not.toContain('killed:BATTLE-5a');
  });
});
