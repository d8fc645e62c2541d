import { describe, expect, it } from 'vitest';
import { libraryFor } from '../src/cards/library-for.ts';
import { type CardDefinitionInput, restoreGame, saveGame } from '../src/index.ts';
import { ATTACK_ON_PLANET, battleGame, onPlanet } from './battle-table.ts';
import { accept } from './table.ts';

/**
 * The rules' view of a game (`game.table()`): made once per game context and per actor snapshot, and
 * shared by the guards, the gate, the rules, the policies and clients. Shared, so it must be read-only,
 * and what is remembered must never outlive what it was read from.
 */
describe('the rules’ view of a game', () => {
  it('GAME-INPUT-1: the battle as game.table() gives it is frozen, data and all: a client’s write fails and the battle goes on as it was', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 4')]);
    accept(game, ATTACK_ON_PLANET());
    const battle = game.table().battle()!;
    const defenders = [...battle.data.participants.defender];
    expect(() => (battle.data.participants.defender as string[]).push('a')).toThrow(TypeError);
    expect(() => {
      (battle as { step: string }).step = 'over';
    }).toThrow(TypeError);
    expect(() => {
      (battle.window as { priority: string }).priority = 'alice';
    }).toThrow(TypeError);
    expect(game.battle()?.data.participants.defender).toEqual(defenders);
    expect(game.awaiting()).toMatchObject({ player: 'bob', for: 'response' });
    // A pass changes the window and nothing else: the view after it says so.
    accept(game, { type: 'pass', player: 'bob' });
    expect(game.table().battle()?.window).toEqual({ kind: 'start-of-battle', priority: 'alice', passes: 1 });
    expect(game.table().battle()?.data.participants.defender).toEqual(defenders);
  });

  it('BATTLE-4: a view is of the snapshot it was read from: after a command, the table reads the battle anew', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 4')]);
    accept(game, ATTACK_ON_PLANET());
    const before = game.table();
    accept(game, { type: 'pass', player: 'bob' });
    accept(game, { type: 'pass', player: 'alice' });
    // The table of the context before still reads the battle live (as a fresh one would).
    expect(before.battle()?.step).toBe('engaged');
    expect(game.table().battle()?.data.pairing).toMatchObject({ number: 1, attacker: 'a', defender: 'd' });
  });

  it('GAME-INPUT-1: games with the same client cards share one card library, whatever the array; other cards, another library', () => {
    const spy: CardDefinitionInput = { name: 'Spy', type: 'Personnel', affiliation: 'Romulan', strength: 4 };
    const list = [spy];
    const library = libraryFor(list);
    expect(libraryFor(JSON.parse(JSON.stringify(list)))).toBe(library);
    const other = libraryFor([{ ...spy, strength: 5 }]);
    expect(other).not.toBe(library);
    expect(other.get('Spy').strength).toBe(5);
    expect(library.get('Spy').strength).toBe(4);
    // Shared by every game with these cards: no one may write to a definition.
    expect(() => {
      (library.get('Spy') as { strength: number }).strength = 99;
    }).toThrow(TypeError);
    expect(() => {
      (libraryFor([]).get('The Doctor').icons as string[]).push('Vulcan');
    }).toThrow(TypeError);
  });

  it('GAME-INPUT-1: a restored game reads its own client cards, and plays on exactly as the game it was saved from', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 4')]);
    accept(game, ATTACK_ON_PLANET());
    const save = saveGame(game);
    const restored = restoreGame(save);
    expect(restored.table().library).toBe(game.table().library);
    for (const g of [game, restored]) {
      accept(g, { type: 'pass', player: 'bob' });
      accept(g, { type: 'pass', player: 'alice' });
    }
    expect(restored.persistedSnapshot()).toEqual(game.persistedSnapshot());
  });
});
