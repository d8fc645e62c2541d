import { expect } from 'vitest';
import {
  type CommandResult,
  createGame,
  DEMO_BATTLE_SETUP,
  type Game,
  type RuleEvent,
  type Setup,
} from '../src/index.ts';
import { sendAny } from './support/doors.ts';

export { sendAny };

/**
 * A standard table for tests: at Ligos VII (no Holo-Projectors) Alice has the U.S.S. Enterprise
 * (Holodeck) and a shuttle without one, and Bob the Husnock Ship (Holodeck); at Holana, a planet with
 * Holo-Projectors, Alice has the U.S.S. Galaxy. Tests add the cards they need.
 */
export function tableWith(cards: Setup['cards'], extra: Partial<Setup> = {}): Setup {
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 1 },
    locations: [
      { id: 'ligos', name: 'Ligos VII' },
      { id: 'holana', name: 'Holana' },
    ],
    cardDefinitions: [{ name: 'Plain Shuttle', type: 'Ship', affiliation: 'Federation', staffing: ['Stf'] }],
    cards: [
      { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
      { id: 'shuttle', card: 'Plain Shuttle', owner: 'alice', at: { space: 'ligos' } },
      { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
      { id: 'galaxy', card: 'U.S.S. Galaxy', owner: 'alice', at: { space: 'holana' } },
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'holana' } },
      ...cards,
    ],
    ...extra,
  };
}

export function gameWith(cards: Setup['cards'], extra: Partial<Setup> = {}, seed = 1): Game {
  return createGame(tableWith(cards, extra), { seed });
}

/** Sends a command that must be accepted; returns its rule events. */
export function accept(game: Game, command: unknown): readonly RuleEvent[] {
  const result = sendAny(game, command);
  if (!result.ok) throw new Error(`expected acceptance, got: ${result.rejection.message}`);
  return result.events;
}

/**
 * Sends a command that must be refused, citing `clause`; checks the game did not change at all.
 * Returns the rejection.
 */
export function refuse(game: Game, command: unknown, clause: string, code?: string) {
  const before = JSON.stringify(game.persistedSnapshot());
  const result: CommandResult = sendAny(game, command);
  if (result.ok)
    throw new Error(
      `expected a rejection citing ${clause}, got: ${result.events.map((e) => e.message).join(' | ')}`,
    );
  expect(result.rejection.clause).toBe(clause);
  expect(result.rejection.message.startsWith(`${clause}: `)).toBe(true);
  if (code) expect(result.rejection.code).toBe(code);
  expect(JSON.stringify(game.persistedSnapshot())).toBe(before);
  return result.rejection;
}

/** The events of a kind, with the clause each cites. */
export function cited(events: readonly RuleEvent[]): string[] {
  return events.map((event) => `${event.kind}:${event.clause}`);
}

/** The demo's battle (DEMO_BATTLE_SETUP), its attack announced: Bob has priority at the start of battle. */
export function demoBattle(seed: number): Game {
  const game = createGame(DEMO_BATTLE_SETUP, { seed });
  accept(game, {
    type: 'attack',
    player: 'alice',
    attackers: { aboard: 'buruk' },
    defenders: { aboard: 'buruk' },
  });
  return game;
}

export const ALICE = 'alice';
export const BOB = 'bob';
export const endTurn = (player: string) => ({ type: 'endTurn', player });
