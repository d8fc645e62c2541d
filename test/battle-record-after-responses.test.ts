import { describe, expect, it } from 'vitest';
import type { Game } from '../src/index.ts';
import {
  ATTACK_ON_PLANET,
  battleGame,
  closeWindow,
  holoOnPlanet,
  onPlanet,
  playOut,
} from './battle-table.ts';
import { accept } from './table.ts';

/**
 * What the battle's record says after a response struck in a pairing's window (issue 27, item 5): the
 * pairing names the strike and who struck, and a personnel that was to engage the next adversary is not
 * counted among the cards turned face up.
 */

/** Alice's personnel against Bob's, who has a '45 Dom Perignon on the planet; Alice has priority in the pairing's window. */
function pairingWithDomPerignon(alice: string, bob: string): Game {
  const game = battleGame([
    onPlanet('alice', 'a', alice),
    onPlanet('bob', 'd', bob),
    holoOnPlanet('bob', 'dom', "'45 Dom Perignon"),
  ]);
  accept(game, ATTACK_ON_PLANET());
  closeWindow(game);
  expect(game.awaiting()).toMatchObject({ player: 'alice', window: 'pairing' });
  return game;
}

describe('BATTLE-4e: a pairing whose combatant a response stunned records the stun and who struck', () => {
  it('BATTLE-4e: Dom Perignon stuns the weaker adversary: no choice is left, the pairing ends as a stun by its user', () => {
    const game = pairingWithDomPerignon('Fighter 5', 'Fighter 7');
    accept(game, { type: 'pass', player: 'alice' });
    const stunned = accept(game, { type: 'respond', player: 'bob', card: 'dom' });
    expect(stunned.find((e) => e.kind === 'stunned')).toMatchObject({
      clause: 'BATTLE-4e',
      card: 'a',
      by: 'd',
    });
    accept(game, { type: 'pass', player: 'alice' });
    const events = accept(game, { type: 'pass', player: 'bob' });
    // Bob's Fighter 7 may not stun a stunned adversary, and 7 is not more than double 5: nothing to decide.
    expect(game.awaiting()?.for).not.toBe('decision');
    const ended = events.find((e) => e.kind === 'pairing-ended');
    expect(ended).toMatchObject({ clause: 'BATTLE-4e', pairing: 1, outcome: 'stun' });
    expect(ended?.message).toContain('Fighter 5 [a] was stunned by a response of Fighter 7 [d]');
    expect(events.some((e) => e.kind === 'no-outcome')).toBe(false);
    playOut(game, () => 'none');
    expect(game.lastBattle()?.pairings[0]).toEqual({
      number: 1,
      attacker: 'a',
      defender: 'd',
      outcome: 'stun',
      by: 'd',
      clause: 'BATTLE-4e',
    });
  });

  it('BATTLE-4b, BATTLE-4e: a user more than double may still mortally wound the stunned adversary; declining keeps the stun on record', () => {
    const game = pairingWithDomPerignon('Fighter 5', 'Fighter 16');
    accept(game, { type: 'pass', player: 'alice' });
    accept(game, { type: 'respond', player: 'bob', card: 'dom' });
    closeWindow(game);
    expect(game.awaiting()).toMatchObject({
      player: 'bob',
      for: 'decision',
      options: ['none', 'mortally-wound'],
    });
    const events = accept(game, { type: 'decide', player: 'bob', outcome: 'none' });
    expect(events.find((e) => e.kind === 'pairing-ended')).toMatchObject({
      clause: 'BATTLE-4e',
      outcome: 'stun',
    });
    expect(events.find((e) => e.kind === 'pairing-ended')?.message).toContain('bob declines');
    expect(events.some((e) => e.kind === 'no-outcome')).toBe(false);
    expect(game.battle()?.data.pairings[0]).toMatchObject({ outcome: 'stun', by: 'd', clause: 'BATTLE-4e' });
  });

  it('BATTLE-4b: mortally wounding the stunned adversary is recorded as the decider’s', () => {
    const game = pairingWithDomPerignon('Fighter 5', 'Fighter 16');
    accept(game, { type: 'pass', player: 'alice' });
    accept(game, { type: 'respond', player: 'bob', card: 'dom' });
    closeWindow(game);
    accept(game, { type: 'decide', player: 'bob', outcome: 'mortally-wound' });
    expect(game.battle()?.data.pairings[0]).toMatchObject({
      outcome: 'mortally-wound',
      by: 'd',
      clause: 'BATTLE-4b',
    });
  });

  it('BATTLE-4a: with no response in the window, declining is still "no one stunned"', () => {
    const game = pairingWithDomPerignon('Fighter 5', 'Fighter 7');
    closeWindow(game);
    const events = accept(game, { type: 'decide', player: 'bob', outcome: 'none' });
    expect(events.find((e) => e.kind === 'no-outcome')?.clause).toBe('BATTLE-4a');
    expect(game.battle()?.data.pairings[0]).toMatchObject({ outcome: 'none', by: null });
  });
});

describe('BATTLE-4d: after Android Headlock with no next adversary, the android is not turned face up', () => {
  /** Data and a fighter of Alice's against Bob's Fek'lhr alone, from a seed that turns Data over first. */
  function dataFirst(): Game {
    for (let seed = 1; seed < 50; seed++) {
      const game = battleGame(
        [
          onPlanet('alice', 'data', 'Data'),
          onPlanet('alice', 'ensign', 'Fighter 3'),
          { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' },
          holoOnPlanet('bob', 'fek', "Fek'lhr"),
        ],
        {},
        seed,
      );
      accept(game, ATTACK_ON_PLANET());
      closeWindow(game);
      if (game.battle()?.data.pairing?.attacker === 'data') return game;
    }
    throw new Error('no seed turns Data over first');
  }

  it('BATTLE-4d, BATTLE-4e: the cards left in Data’s pile turn face up; Data, who left it for his pairing, does not', () => {
    const game = dataFirst();
    const headlock = accept(game, { type: 'respond', player: 'alice', card: 'headlock' });
    expect(headlock.find((e) => e.kind === 'mortally-wounded')).toMatchObject({ clause: 'BATTLE-4e' });
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'pass', player: 'alice' });
    const faceUp = events.find((e) => e.kind === 'face-up');
    expect(faceUp).toMatchObject({ clause: 'BATTLE-4d', cards: ['ensign'] });
    expect(faceUp?.message).not.toContain('Data');
    expect(game.battle()?.data.faceUp).toEqual(['ensign']);
    expect(game.battle()?.data.pairings[0]).toMatchObject({
      outcome: 'mortally-wound',
      by: 'data',
      clause: 'BATTLE-4e',
    });
    playOut(game, () => 'none');
    expect(game.lastBattle()?.faceUp).toEqual(['ensign']);
  });
});
