/**
 * Property tests: random setups, random command sequences (mostly legal commands, card effects on
 * random cards, and garbage), and the invariants every game must keep whatever is sent to it.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allClauses, type Board, type Game, type RuleEvent } from '../src/index.ts';
import { REJECTION_CODES } from '../src/scenario/schema.ts';
import {
  at,
  isHolographicCard,
  isPersonnelOrEquipment,
  NOISY,
  nat,
  newGame,
  noProblems,
  PLAY,
  PLAYERS,
  play,
  positionProblems,
  seedArb,
  setupArb,
  steps,
  typeOf,
  WITH_HOLODECK,
  xstateSpecial,
} from './generators.ts';
import { sendAny } from './table.ts';

// ---------------------------------------------------------------------------------------------
// Invariants (the random setups and commands, and the invariant on positions, are in generators.ts)

/**
 * HOLO-EXIST-1, HOLO-EXIST-2, HOLO-EMIT-1: what is wrong with where the holograms in play are. A
 * hologram exists aboard a ship or facility, on a planet with Holo-Projectors, or wearing an emitter;
 * it is active only wearing an emitter, aboard with a Holodeck it may use (its owner's, or its
 * captor's when held captive there), or where Holo-Projectors let it exist.
 */
function hologramProblems(game: Game): string[] {
  const board = game.board();
  const cards = Object.values(board.cards);
  const problems: string[] = [];
  for (const card of cards) {
    const state = game.hologramState(card.id);
    if (state === undefined || state === 'erased') continue;
    const where = card.at;
    const emitter = wearsEmitter(board, card.id);
    let exists = emitter;
    let mayBeActive = emitter;
    if (where.in === 'aboard') {
      exists = true;
      mayBeActive ||= hasHolodeck(board, where.host) && board.cards[where.host]!.owner === card.owner;
    } else if (where.in === 'captured') {
      // A captive exists where it is held: aboard its captor's ship, or on the planet (issue 15).
      const onProjectors = where.host === null && hasProjectors(board, where.location);
      exists ||= where.host !== null || onProjectors;
      mayBeActive ||= (where.host !== null && hasHolodeck(board, where.host)) || onProjectors;
    } else if (where.in === 'planet') {
      exists ||= hasProjectors(board, where.location);
      mayBeActive = exists;
    }
    if (!exists) problems.push(`HOLO-EXIST-1: ${card.id} (${state}) exists at ${JSON.stringify(where)}`);
    else if (state === 'active' && !mayBeActive) {
      problems.push(`HOLO-EXIST-2: ${card.id} is active at ${JSON.stringify(where)}`);
    }
  }
  return problems;
}

const wearsEmitter = (board: Board, id: string) =>
  Object.values(board.cards).some((card) => card.at.in === 'worn' && card.at.by === id);

const hasHolodeck = (board: Board, host: string) =>
  WITH_HOLODECK.has(board.cards[host]!.card) ||
  Object.values(board.cards).some(
    (card) => card.card === 'Holodeck Door' && card.at.in === 'played-on' && card.at.target === host,
  );

const hasProjectors = (board: Board, location: string) =>
  Object.values(board.cards).some(
    (card) => card.card === 'Holo-Projectors' && card.at.in === 'played-on' && card.at.target === location,
  );

const CLAUSE_IDS: readonly string[] = allClauses().map((clause) => clause.id);

/** The clauses under which a hologram goes to the discard pile. */
const ERASURE_CLAUSES = ['HOLO-EMIT-2', 'HOLO-EXIST-1', 'HOLO-DEATH-2', 'HOLO-DEATH-3'];
/**
 * The commands that may erase a hologram: destroying or discarding it, its host or what holds it,
 * removing or destroying its emitter, or giving the Holo icon to a personnel where holograms may not
 * exist (HOLO-EXIST-1). Killing never does (HOLO-DEATH-1; a personnel holds no one).
 */
const ERASING_COMMANDS = ['destroy', 'discard', 'removeEmitter', 'addHoloIcon'];

const commandType = (command: unknown) =>
  command !== null && typeof command === 'object' ? (command as { type?: unknown }).type : undefined;

// ---------------------------------------------------------------------------------------------

describe('properties over random setups and command sequences', () => {
  it('GAME-MOVE-1, GAME-DESTROY-1: a card is always in exactly one place, no card is created or lost, every position names what exists', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY), (setup, seed, plan) => {
        const ids = setup.cards.map((card) => card.id).sort();
        play(
          setup,
          seed,
          plan,
          ({ game, before }) => {
            const board = game.board();
            expect(Object.keys(board.cards).sort()).toEqual(ids);
            noProblems(positionProblems(board));
            for (const id of ids) {
              const was = before.cards[id]!.at;
              const now = board.cards[id]!.at;
              // The discard pile is the end: nothing leaves it, and nothing goes back to a hand.
              if (was.in === 'discard') expect(now).toEqual(was);
              if (was.in !== 'hand') expect(now.in).not.toBe('hand');
            }
          },
          (game) => {
            noProblems(positionProblems(game.board()));
          },
        );
      }),
      { numRuns: 200 },
    );
  });

  it('HOLO-DEATH-2: a hologram reaches the discard pile only by erasure, discard or its host’s destruction', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY), (setup, seed, plan) => {
        play(setup, seed, plan, ({ game, command, result, before }) => {
          const board = game.board();
          const events: readonly RuleEvent[] = result.ok ? result.events : [];
          for (const id of Object.keys(board.cards)) {
            const was = before.cards[id]!.at.in;
            if (was === 'hand' || was === 'discard' || board.cards[id]!.at.in !== 'discard') continue;
            if (!isHolographicCard(board, id)) continue;
            // A holographic card in play went to the discard pile with this command.
            const erased = events.filter((event) => event.kind === 'erased' && event.hologram === id);
            expect(erased, `${id} is discarded without an erased event`).toHaveLength(1);
            expect(ERASURE_CLAUSES).toContain(erased[0]!.clause);
            expect(ERASING_COMMANDS).toContain(commandType(command));
            // HOLO-DEATH-1: the hologram a card would destroy is deactivated instead.
            if (commandType(command) === 'destroy') expect((command as { card: string }).card).not.toBe(id);
            const discarded = events.filter((event) => event.kind === 'discarded' && event.card === id);
            expect(discarded.map((event) => event.clause)).toEqual(['HOLO-DEATH-2']);
          }
          for (const event of events) {
            if (event.kind === 'erased') expect(board.cards[event.hologram]!.at.in).toBe('discard');
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('HOLO-DEATH-2: an erased hologram is in the discard pile, a hologram in the discard pile is erased, and every hologram in play has its actor', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY), (setup, seed, plan) => {
        const check = (game: Game) => {
          const board = game.board();
          for (const [id, card] of Object.entries(board.cards)) {
            const state = game.hologramState(id);
            const where = card.at.in;
            if (state !== undefined) {
              expect(isHolographicCard(board, id)).toBe(true);
              expect(state === 'erased', `${id} is ${state} in ${where}`).toBe(where === 'discard');
            } else if (where !== 'hand' && where !== 'discard' && isHolographicCard(board, id)) {
              expect(isPersonnelOrEquipment(card.card), `${id} is a hologram in play with no state`).toBe(
                false,
              );
            }
          }
        };
        play(setup, seed, plan, ({ game }) => check(game), check);
      }),
      { numRuns: 150 },
    );
  });

  it('HOLO-EXIST-1/2, HOLO-ACT-2/3, HOLO-DILEMMA-1, HOLO-CAPTURE-1, HOLO-ASSIM-1: holograms exist, are active, activated, moved, captured and selected only as the rules allow', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY), (setup, seed, plan) => {
        // The turn each hologram last deactivated other than by reporting (HOLO-ACT-3).
        const deactivatedOn = new Map<string, number>();
        for (const card of setup.cards) {
          if (card.deactivatedOnTurn !== undefined) deactivatedOn.set(card.id, card.deactivatedOnTurn);
        }
        let states = new Map<string, string | undefined>();
        const remember = (game: Game) => {
          states = new Map(Object.keys(game.board().cards).map((id) => [id, game.hologramState(id)]));
        };
        play(
          setup,
          seed,
          plan,
          ({ game, command, result, before }) => {
            noProblems(hologramProblems(game));
            const board = game.board();
            const turn = before.turn.number;
            const type = commandType(command);
            const target = (command as { card?: string } | null)?.card;
            if (result.ok && (type === 'leave' || type === 'capture') && target !== undefined) {
              const live = states.get(target) === 'active' || states.get(target) === 'deactivated';
              const now = board.cards[target]!.at;
              if (live && !wearsEmitter(before, target)) {
                const { to } = command as { to?: object };
                // HOLO-DILEMMA-1: made to leave without boarding a ship or facility, it deactivates and stays.
                // HOLO-CAPTURE-1: captured only if relocated aboard the captor's ship or facility.
                const relocated =
                  type === 'leave'
                    ? to !== undefined && 'aboard' in to
                    : now.in === 'captured' && now.host !== null;
                if (!relocated) {
                  expect(now, `${target} stays where it is`).toEqual(before.cards[target]!.at);
                  expect(game.hologramState(target)).toBe('deactivated');
                }
              }
            }
            for (const event of result.ok ? result.events : []) {
              if (event.kind === 'deactivated' && event.clause !== 'HOLO-ACT-1') {
                deactivatedOn.set(event.hologram, turn);
              } else if (event.kind === 'activated') {
                const { hologram, by } = event;
                expect(deactivatedOn.get(hologram), `${hologram} reactivated on turn ${turn}`).not.toBe(turn);
                expect(states.get(hologram)).toBe('deactivated');
                // HOLO-ACT-2: aboard with a Holodeck it may use, or wearing an emitter...
                const at = board.cards[hologram]!.at;
                const host = at.in === 'aboard' || at.in === 'captured' ? at.host : null;
                const ownHolodeck =
                  host !== null &&
                  hasHolodeck(board, host) &&
                  (at.in === 'captured' || board.cards[host]!.owner === board.cards[hologram]!.owner);
                expect(ownHolodeck || wearsEmitter(board, hologram), `${hologram} activated there`).toBe(
                  true,
                );
                // ...by another of its owner's unstopped personnel (an active one, if a hologram).
                expect(by).not.toBe(hologram);
                expect(board.cards[by]!.owner).toBe(board.cards[hologram]!.owner);
                expect(typeOf(board.cards[by]!.card)).toBe('Personnel');
                expect(before.cards[by]!.status.stopped).toBe(false);
                expect(states.get(by) ?? 'active').toBe('active');
              } else if (event.kind === 'selected' && event.card !== null) {
                expect(isHolographicCard(board, event.card), `${event.card} selected`).toBe(false);
              }
            }
            remember(game);
          },
          (game) => {
            noProblems(hologramProblems(game));
            remember(game);
          },
        );
      }),
      { numRuns: 200 },
    );
  });

  it('GAME-INPUT-1: a rejected command changes nothing and says why, citing a clause', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(NOISY), (setup, seed, plan) => {
        let snapshot = '';
        play(
          setup,
          seed,
          plan,
          ({ game, result }) => {
            const now = JSON.stringify(game.persistedSnapshot());
            if (!result.ok) {
              expect(now).toBe(snapshot);
              expect(Object.keys(result).sort()).toEqual(['ok', 'rejection']);
              const { code, clause, message } = result.rejection;
              expect(REJECTION_CODES).toContain(code);
              expect(CLAUSE_IDS).toContain(clause);
              expect(typeof message).toBe('string');
              expect(message.length).toBeGreaterThan(0);
            } else {
              expect(result.step).toBe(game.step());
              expect(result.events.length).toBeGreaterThan(0);
              for (const event of result.events) expect(CLAUSE_IDS).toContain(event.clause);
            }
            snapshot = now;
          },
          (game) => {
            snapshot = JSON.stringify(game.persistedSnapshot());
          },
        );
      }),
      { numRuns: 200 },
    );
  });

  it('HOLO-ASSIM-1, BATTLE-3, BATTLE-5a (random choices): the same setup, seed and commands give the same snapshot and rule events', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(NOISY), (setup, seed, plan) => {
        const twin = newGame(setup, seed);
        play(
          setup,
          seed,
          plan,
          ({ game, command, result }) => {
            const again = sendAny(twin, command);
            expect(JSON.stringify(again)).toBe(JSON.stringify(result));
            expect(JSON.stringify(twin.persistedSnapshot())).toBe(JSON.stringify(game.persistedSnapshot()));
          },
          (game) => {
            expect(JSON.stringify(twin.persistedSnapshot())).toBe(JSON.stringify(game.persistedSnapshot()));
          },
        );
      }),
      { numRuns: 150 },
    );
  });

  it('GAME-TURN-1: legalCommands lists only commands of the player who may act now, send accepts each, and a battle always awaits someone who can act', () => {
    fc.assert(
      fc.property(
        setupArb,
        seedArb,
        steps(PLAY),
        fc.array(nat, { minLength: 2, maxLength: 2 }),
        (setup, seed, plan, probes) => {
          const checkList = (game: Game) => {
            const turn = game.board().turn.player;
            const battle = game.battle();
            for (const player of PLAYERS) {
              const legal = game.legalCommands(player);
              for (const c of legal) expect(c.player).toBe(player);
              // Outside a battle only the turn player acts, and may always end the turn.
              if (battle === undefined) {
                const endTurn = legal.filter((c) => c.type === 'endTurn');
                expect(player === turn ? endTurn : legal).toEqual(
                  player === turn ? [{ type: 'endTurn', player }] : [],
                );
              }
            }
            // In a battle the game always awaits someone, who always has something to send.
            if (battle !== undefined) {
              const awaiting = game.awaiting();
              expect(awaiting, `a battle at ${battle.step} awaits no one`).not.toBeNull();
              expect(game.legalCommands(awaiting!.player).length).toBeGreaterThan(0);
            }
          };
          const { game, sent } = play(
            setup,
            seed,
            plan,
            ({ game, step, command, result }) => {
              // A command taken from the list is accepted.
              if (step.kind === 'legal' || step.kind === 'run') {
                expect(result, JSON.stringify(command)).toMatchObject({ ok: true });
              }
              checkList(game);
            },
            checkList,
          );
          // Listed commands are accepted on a second game built from the same setup, seed and commands.
          const legal = PLAYERS.flatMap((player) => game.legalCommands(player));
          for (const probe of legal.length > 0 ? probes : []) {
            const command = at(legal, probe, legal[0]!);
            const replay = newGame(setup, seed);
            for (const c of sent) sendAny(replay, c);
            const result = sendAny(replay, command);
            expect(result, `${JSON.stringify(command)} after ${JSON.stringify(sent)}`).toMatchObject({
              ok: true,
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  const staysActive = ({ game }: { game: Game }) => {
    expect(game.actor.getSnapshot().status).toBe('active');
  };

  it('GAME-INPUT-1: send never throws and the game actor stays active, whatever the input', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(NOISY), (setup, seed, plan) => {
        play(setup, seed, plan, staysActive);
      }),
      { numRuns: 200 },
    );
  });

  it('GAME-INPUT-1: send never throws and the game actor stays active for a command shaped like an XState event (a type that is no string, or xstate.*)', () => {
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY, 6), xstateSpecial, (setup, seed, plan, special) => {
        play(setup, seed, [...plan, { kind: 'garbage', value: special }], staysActive);
      }),
      { numRuns: 100 },
    );
  });
});
