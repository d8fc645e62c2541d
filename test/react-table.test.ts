/**
 * The React example (examples/react-table): a table on @xstate/react's useSelector over the game
 * actor, rendered with react-dom/server as the actor is driven. It shows a player what they may see
 * (never the other hand), and enables its buttons with snapshot.can(), which agrees with the rules.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { labelOf, Table } from '../examples/react-table/table.tsx';
import { createGame } from '../src/index.ts';
import { battleSetup } from './generators.ts';

/** The server-rendered HTML, without React's text separators. */
const render = (game: ReturnType<typeof createGame>, player: string) =>
  renderToString(createElement(Table, { game, player })).replaceAll('<!-- -->', '');

/** The button with this label, and whether it is disabled. */
function button(html: string, label: string): { disabled: boolean } | undefined {
  const match = new RegExp(`<button type="button"( disabled="")?>${label}</button>`).exec(html);
  return match ? { disabled: match[1] !== undefined } : undefined;
}

describe('the React table example (useSelector over the game actor)', () => {
  const setup = battleSetup({
    alice: { personnel: [{ kind: 7, status: 'none' }], equipment: [], hand: [2] },
    bob: { personnel: [{ kind: 0, status: 'none' }], equipment: [], hand: [1] },
    turn: 0,
    lowerDecks: false,
  });

  it('GAME-TURN-1, BATTLE-2: shows each player their own table, with buttons enabled by can(), as the actor is driven', () => {
    const game = createGame(setup, { seed: 1 });
    const alice = render(game, 'alice');
    const bob = render(game, 'bob');
    expect(alice).toContain('alice: turn 3 (alice&#x27;s), step 0');
    // Each sees their own hand card, never the other's: only the sizes.
    expect(alice).toContain('data-card="alice-h0"');
    expect(alice).not.toContain('data-card="bob-h0"');
    expect(bob).toContain('data-card="bob-h0"');
    expect(alice).toContain('Hands: alice 1, bob 1');
    expect(button(alice, 'End turn')).toEqual({ disabled: false });
    expect(button(bob, 'End turn')).toEqual({ disabled: true });
    expect(button(alice, 'Pass')).toEqual({ disabled: true });
    const attack = game.legalCommands('alice').find((command) => command.type === 'attack')!;
    expect(alice).toContain(`>${labelOf(attack)}</button>`);

    // Driven: the attack opens the start-of-battle window, where Bob (the defender) has priority.
    expect(game.send(attack).ok).toBe(true);
    const battling = render(game, 'bob');
    expect(battling).toContain('data-battle="startOfBattle"');
    expect(battling).toContain('step 1');
    expect(button(battling, 'Pass')).toEqual({ disabled: false });
    expect(button(render(game, 'alice'), 'Pass')).toEqual({ disabled: true });
    expect(button(render(game, 'alice'), 'End turn')).toEqual({ disabled: true });
    game.stop();
  });
});
