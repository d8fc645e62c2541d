import { describe, expect, it } from 'vitest';
import type { Game } from '../src/index.ts';
import type { BattleWindow } from '../src/model/commands.ts';
import {
  ATTACK_ON_PLANET,
  battleGame,
  closeWindow,
  holoOnPlanet,
  onPlanet,
  playOut,
} from './battle-table.ts';
import { accept, cited, refuse } from './table.ts';

/** Card effects played as responses in a battle's windows, through the host's door (issue 15). */

const tommygun = holoOnPlanet('alice', 'tommygun', 'Tommygun');
const erase = (card: string, window: BattleWindow, also?: string[]) => ({
  type: 'discard' as const,
  player: 'alice',
  card,
  ...(also ? { also } : {}),
  by: 'Tommygun',
  response: { card: 'tommygun', window },
});

/** Alice's Fighter 10 against Bob's holograms, at the start of the battle with Alice to respond. */
function startOfBattle(): Game {
  const game = battleGame([
    onPlanet('alice', 'a', 'Fighter 10'),
    tommygun,
    holoOnPlanet('bob', 'h1', 'Holo Fighter 5'),
    holoOnPlanet('bob', 'h2', 'Holo Fighter 9'),
  ]);
  accept(game, ATTACK_ON_PLANET());
  accept(game, { type: 'pass', player: 'bob' });
  return game;
}

describe('GAME-BATTLE-1: card effects during a battle come as responses in its open window', () => {
  it('GAME-BATTLE-1: a host effect without "response" is refused while a battle runs, and says how to play it', () => {
    const game = startOfBattle();
    const rejection = refuse(
      game,
      { type: 'kill', player: 'alice', card: 'h1', by: 'a phaser' },
      'GAME-BATTLE-1',
    );
    expect(rejection.message).toContain('response');
  });

  it('GAME-BATTLE-1: a host effect played as a response with no battle running is refused', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      tommygun,
      holoOnPlanet('bob', 'h1', 'Holo Fighter 5'),
    ]);
    refuse(game, erase('h1', 'start-of-battle'), 'GAME-BATTLE-1', 'not-now');
  });

  it('BATTLE-2: only the player with priority, in the window open now, with a card of theirs', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      tommygun,
      holoOnPlanet('bob', 'h1', 'Holo Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    // Bob, the defender, has the first opportunity.
    refuse(game, erase('h1', 'start-of-battle'), 'BATTLE-2', 'forbidden');
    accept(game, { type: 'pass', player: 'bob' });
    refuse(game, erase('h1', 'pairing'), 'BATTLE-2', 'forbidden');
    refuse(
      game,
      {
        type: 'kill',
        player: 'alice',
        card: 'h1',
        by: 'x',
        response: { card: 'h1', window: 'start-of-battle' },
      },
      'GAME-OWN-1',
      'not-your-card',
    );
    expect(game.actor.getSnapshot().can({ type: 'effect', effect: erase('h1', 'start-of-battle') })).toBe(
      true,
    );
    expect(game.actor.getSnapshot().can({ type: 'effect', effect: erase('h1', 'pairing') })).toBe(false);
  });
});

describe('BATTLE-2: Tommygun erases Holo personnel present at the start of a battle', () => {
  it('BATTLE-2, HOLO-DEATH-2, GAME-BATTLE-2: the erased holograms leave the battle, and priority passes', () => {
    const game = startOfBattle();
    const events = accept(game, erase('h1', 'start-of-battle', ['h2']));
    expect(cited(events)).toEqual([
      'responded:BATTLE-2',
      'erased:HOLO-DEATH-2',
      'discarded:HOLO-DEATH-2',
      'erased:HOLO-DEATH-2',
      'discarded:HOLO-DEATH-2',
      'left-battle:GAME-BATTLE-2',
      'left-battle:GAME-BATTLE-2',
    ]);
    const battle = game.battle()!;
    expect(battle.data.participants.defender).toEqual([]);
    expect(battle.window?.priority).toBe('bob');
    // The Tommygun is equipment in play: it stays.
    expect(game.where('tommygun')).toEqual({ in: 'planet', location: 'ligos' });
    playOut(game);
    expect(game.lastBattle()?.winner).toBe('alice');
    expect(game.lastBattle()?.killed).toBeNull();
  });

  it('GAME-INPUT-1: a further target named twice is refused, and nothing changes', () => {
    const game = startOfBattle();
    refuse(game, erase('h1', 'start-of-battle', ['h1']), 'GAME-INPUT-1', 'malformed');
  });
});

describe('GAME-BATTLE-2: what the battle makes of a card effect played in it', () => {
  it('HOLO-DEATH-1, GAME-BATTLE-2: a hologram killed in its pairing is deactivated, stays in the battle, and its pairing ends with no outcome', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 4'),
      { id: 'phaser', card: 'Starfleet Type II Phaser', owner: 'alice', at: 'hand' },
      holoOnPlanet('bob', 'h', 'Holo Fighter 20'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    expect(game.battle()?.data.pairing).toMatchObject({ attacker: 'a', defender: 'h' });
    const events = accept(game, {
      type: 'kill',
      player: 'alice',
      card: 'h',
      by: 'a card',
      response: { card: 'phaser', window: 'pairing' },
    });
    expect(cited(events)).toEqual(['responded:BATTLE-4e', 'deactivated:HOLO-DEATH-1']);
    // The card played from hand goes to the discard pile.
    expect(game.discardPile('alice')).toEqual(['phaser']);
    accept(game, { type: 'pass', player: 'bob' });
    const closing = accept(game, { type: 'pass', player: 'alice' });
    expect(cited(closing)).toContain('no-outcome:GAME-BATTLE-2');
    playOut(game);
    const last = game.lastBattle()!;
    expect(last.pairings[0]).toMatchObject({ outcome: 'none', clause: 'GAME-BATTLE-2' });
    // A disabled member stays in the battle: it adds nothing, and is stopped afterwards (BATTLE-6).
    expect(last.participants.defender).toEqual(['h']);
    expect(last.totals).toEqual({ attacker: 4, defender: 0 });
  });

  it('GAME-BATTLE-2: a personnel captured by a response leaves the battle', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      onPlanet('alice', 'trap', 'Fighter 1', { at: 'hand' }),
      onPlanet('bob', 'b', 'Fighter 3'),
      onPlanet('bob', 'c', 'Fighter 4'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, {
      type: 'capture',
      player: 'alice',
      card: 'b',
      by: 'a trap',
      to: { aboard: 'enterprise' },
      response: { card: 'trap', window: 'start-of-battle' },
    });
    expect(cited(events)).toEqual([
      'responded:BATTLE-2',
      'captured:GAME-CAPTURE-1',
      'left-battle:GAME-BATTLE-2',
    ]);
    expect(game.battle()?.data.participants.defender).toEqual(['c']);
  });
});

describe('BATTLE-4e: a response that strikes down a combatant settles its pairing, and the record says so', () => {
  it('BATTLE-4e: after Android Headlock the pairing is recorded as a mortal wound by the android, not "no one"', () => {
    const game = battleGame([
      onPlanet('alice', 'data', 'Data'),
      { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' },
      holoOnPlanet('bob', 'fek', "Fek'lhr"),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    accept(game, { type: 'respond', player: 'alice', card: 'headlock' });
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'pass', player: 'alice' });
    expect(cited(events)).toContain('pairing-ended:BATTLE-4e');
    expect(events.map((e) => e.message).join(' ')).not.toContain('no one stunned or mortally wounded');
    expect(game.battle()?.data.pairings[0]).toMatchObject({
      outcome: 'mortally-wound',
      by: 'data',
      clause: 'BATTLE-4e',
    });
  });

  it('BATTLE-5: a response in the window before the winner cites that window, not BATTLE-2', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 10'),
      onPlanet('bob', 'b', 'Fighter 3'),
      { id: 'armbands', card: 'Emergency Transporter Armbands', owner: 'bob', at: 'hand' },
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    closeWindow(game);
    accept(game, { type: 'decide', player: 'alice', outcome: 'none' });
    expect(game.awaiting()).toMatchObject({ player: 'bob', window: 'until-winner' });
    const events = accept(game, {
      type: 'respond',
      player: 'bob',
      card: 'armbands',
      personnel: ['b'],
      to: { aboard: 'husnock' },
    });
    expect(cited(events)).toEqual(['responded:BATTLE-5', 'moved:BATTLE-5']);
  });
});
