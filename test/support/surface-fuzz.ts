/**
 * The hostile-surface fuzz run (issue 11): hostile inputs through every door of the game (a player's
 * `game.send`, the host's `game.effect`, the raw actor's `send`) in idle games, in every battle window
 * and while decisions are awaited, and forged saves (edited, with a recomputed checksum) restored.
 * It counts, rather than stops at, every breach:
 *
 * - a throw from any door or from `restoreGame` (other than a `SaveError`);
 * - a refused input that changed the game (its persisted snapshot, its log or its step);
 * - an input the raw actor did not answer with exactly one `accepted` or `rejected` event (of what
 *   XState's own `send` takes: see `beyondSend`);
 * - a result or rejection that is not plain JSON data;
 * - a forged save restored into a game that is inconsistent (an impossible board, or rules that throw
 *   when asked what each player sees and may do, or a game that throws on the next commands).
 *
 * Used by `test/surface-fuzz.test.ts` (a run of a few seconds) and by `npm run fuzz` (a longer one).
 */
import { types } from 'node:util';
import fc from 'fast-check';
import { boardProblem } from '../../src/game/board-checks.ts';
import { checksumOfSaveBody } from '../../src/game/save.ts';
import {
  COMMAND_TYPES,
  type CommandResult,
  type Game,
  restoreGame,
  type SavedGame,
  SaveError,
  type Setup,
  saveGame,
} from '../../src/index.ts';
import {
  attackOnPlanet,
  battleSetup,
  battleSpecArb,
  commandFor,
  legalNow,
  NOISY,
  newGame,
  poolsOf,
  setupArb,
  stepArb,
} from '../generators.ts';
import { sendAny } from './doors.ts';

export interface FuzzFigures {
  /** Hostile inputs sent, by door. */
  inputs: number;
  byDoor: Record<'player' | 'host' | 'actor', number>;
  accepted: number;
  refused: number;
  /** Where the inputs were sent: idle, or the battle's step (with its window or decision). */
  byMoment: Record<string, number>;
  throws: number;
  changedOnRefusal: number;
  unanswered: number;
  unserialisable: number;
  forgedSaves: number;
  forgedRefused: number;
  forgedRestored: number;
  inconsistentRestores: number;
  /** The first few breaches, in words. */
  failures: string[];
}

function emptyFigures(): FuzzFigures {
  return {
    inputs: 0,
    byDoor: { player: 0, host: 0, actor: 0 },
    accepted: 0,
    refused: 0,
    byMoment: {},
    throws: 0,
    changedOnRefusal: 0,
    unanswered: 0,
    unserialisable: 0,
    forgedSaves: 0,
    forgedRefused: 0,
    forgedRestored: 0,
    inconsistentRestores: 0,
    failures: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Hostile inputs

const IDS = ['card-0', 'card-1', 'ship-0', 'loc-0', 'alice-p0', 'bob-p0', 'alice-h0', 'enterprise', 'ligos'];
const ODD_IDS = ['ghost', '', '__proto__', 'constructor', 'hologram:card-0', 'battle', 'x'.repeat(70)];
const id = fc.constantFrom(...IDS, ...ODD_IDS);

/** Values no JSON holds, or that would run the sender's code if read carelessly. */
const trap = fc
  .constantFrom(
    'bigint',
    'getter',
    'toJSON',
    'proxy',
    'function',
    'symbol',
    'cycle',
    'class',
    'deep',
    'nan',
    'control',
    'huge',
  )
  .map((kind) => ({ trap: kind }));

function materialise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(materialise);
  if (value === null || typeof value !== 'object') return value;
  if ('trap' in value && Object.keys(value).length === 1) return trapValue((value as { trap: string }).trap);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, materialise(inner)]));
}

/** Counts the sender's code that ran: it must stay 0. */
export const ranSendersCode = { count: 0 };

function trapValue(kind: string): unknown {
  switch (kind) {
    case 'bigint':
      return 10n ** 30n;
    case 'getter':
      return Object.defineProperty({ type: 'endTurn' }, 'player', {
        enumerable: true,
        get() {
          ranSendersCode.count++;
          return 'alice';
        },
      });
    case 'toJSON':
      return {
        type: 'endTurn',
        player: 'alice',
        toJSON() {
          ranSendersCode.count++;
          return { type: 'endTurn', player: 'alice' };
        },
      };
    case 'proxy':
      return new Proxy(
        { type: 'endTurn', player: 'alice' },
        {
          get(target, key) {
            ranSendersCode.count++;
            return Reflect.get(target, key);
          },
          ownKeys(target) {
            ranSendersCode.count++;
            return Reflect.ownKeys(target);
          },
          getOwnPropertyDescriptor(target, key) {
            ranSendersCode.count++;
            return Reflect.getOwnPropertyDescriptor(target, key);
          },
          getPrototypeOf(target) {
            ranSendersCode.count++;
            return Reflect.getPrototypeOf(target);
          },
        },
      );
    case 'function':
      return () => {
        ranSendersCode.count++;
      };
    case 'symbol':
      return Symbol('x');
    case 'cycle': {
      const cycle: Record<string, unknown> = { type: 'endTurn', player: 'alice' };
      cycle.self = cycle;
      return cycle;
    }
    case 'class':
      return new Date(0);
    case 'deep': {
      let deep: unknown = 'card-0';
      for (let i = 0; i < 500; i++) deep = { aboard: deep };
      return deep;
    }
    case 'nan':
      return Number.NaN;
    case 'control':
      return 'Strict Dress Code\nGAME-TURN-1: alice wins';
    default:
      return 'x'.repeat(50_000);
  }
}

const field = fc.oneof(
  { weight: 4, arbitrary: id },
  { weight: 2, arbitrary: fc.constantFrom('alice', 'bob', 'carol') },
  { weight: 2, arbitrary: fc.record({ aboard: id }) },
  { weight: 1, arbitrary: fc.record({ planet: id }) },
  { weight: 1, arbitrary: fc.array(id, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom('stun', 'mortally-wound', 'none', 'abduction', 'A Card') },
  { weight: 2, arbitrary: trap },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);

const TYPES = [
  ...COMMAND_TYPES,
  'effect',
  'xstate.stop',
  'xstate.init',
  'xstate.done.actor.battle',
  'xstate.done.actor.window',
  'xstate.error.actor.battle',
  'xstate.done.actor.hologram:alice-p0',
  'battle.formCombatPiles',
  'battle.formPiles',
  'battle.turnedOver',
  'battle.awaitDecision',
  'battle.pilesRanOut',
  'battle.determineWinner',
  'battle.aftermath',
  'PASS',
  'RESPONDED',
  'PILES_FORMED',
  'DECIDED',
  'ERASE',
  'teleport',
  '',
  '*',
];

const commandShaped = fc
  .tuple(
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...TYPES) }, { weight: 1, arbitrary: field }),
    fc.record(
      {
        player: field,
        card: field,
        cards: field,
        to: field,
        by: field,
        step: fc.oneof(fc.nat({ max: 50 }), field),
        effect: field,
        outcome: field,
        hologram: field,
        emitter: field,
        attackers: field,
        defenders: field,
        output: field,
      },
      { requiredKeys: [] },
    ),
  )
  .map(([type, fields]) => ({ type, ...fields }));

/** A hostile input: command-shaped (right or wrong type, fields of any kind), a trap, or anything. */
export const hostileInput: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: commandShaped },
  { weight: 2, arbitrary: trap },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

// ---------------------------------------------------------------------------------------------
// One input, checked

type Door = 'player' | 'host' | 'actor';

function fail(figures: FuzzFigures, what: string): void {
  if (figures.failures.length < 10) figures.failures.push(what);
}

function describe(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)
    ).slice(0, 300);
  } catch {
    return `(${typeof value}, not JSON)`;
  }
}

/** The game's whole state as text: its persisted snapshot, its log and its step. */
function fingerprint(game: Game): string {
  return JSON.stringify([game.persistedSnapshot(), game.log().length, game.step()]);
}

function moment(game: Game): string {
  const battle = game.battle();
  if (!battle) return 'idle';
  const awaiting = game.awaiting();
  return awaiting
    ? `${battle.step} (${awaiting.for === 'response' ? awaiting.window : 'decision'})`
    : battle.step;
}

/**
 * What XState's own `send` does not take, or acts on itself: no object (XState reads its type after
 * the gate has answered), a type only a getter or a proxy gives (XState would run the sender's code
 * reading it), XState's own stop (XState stops the actor, as `actor.stop()` does). Such input goes
 * through a player's door, which copies it first (machines/game-gate.ts).
 */
function beyondSend(input: unknown): boolean {
  if (input === null || (typeof input !== 'object' && typeof input !== 'function')) return true;
  if (types.isProxy(input)) return true;
  const type = Object.getOwnPropertyDescriptor(input, 'type');
  return type !== undefined && (!('value' in type) || type.value === 'xstate.stop');
}

/** Sends one input through one door and checks every promise; counts what it finds. */
export function sendChecked(game: Game, input: unknown, given: Door, figures: FuzzFigures): void {
  const door = given === 'actor' && beyondSend(input) ? 'player' : given;
  figures.inputs++;
  figures.byDoor[door]++;
  const where = moment(game);
  figures.byMoment[where] = (figures.byMoment[where] ?? 0) + 1;
  const before = fingerprint(game);
  const heard: string[] = [];
  const listener = game.actor.on('*', (event) => {
    if (event.type === 'accepted' || event.type === 'rejected') heard.push(event.type);
  });
  let ok: boolean;
  try {
    if (door === 'actor') {
      game.actor.send(input as never);
      ok = heard[0] === 'accepted';
      if (heard.length !== 1) {
        figures.unanswered++;
        fail(figures, `the raw actor answered ${heard.length} times: ${describe(input)}`);
      }
    } else {
      const result: CommandResult = door === 'player' ? game.send(input) : game.effect(input);
      ok = result.ok;
      try {
        JSON.parse(JSON.stringify(result));
      } catch {
        figures.unserialisable++;
        fail(figures, `a result is not JSON: ${describe(input)}`);
      }
    }
  } catch (error) {
    figures.throws++;
    fail(figures, `${door} threw ${String(error)} for ${describe(input)}`);
    listener.unsubscribe();
    return;
  }
  listener.unsubscribe();
  if (ok) figures.accepted++;
  else {
    figures.refused++;
    if (fingerprint(game) !== before) {
      figures.changedOnRefusal++;
      fail(figures, `refused through the ${door} door, but the game changed: ${describe(input)}`);
    }
  }
  if (game.actor.getSnapshot().status !== 'active') {
    figures.throws++;
    fail(figures, `the actor is ${game.actor.getSnapshot().status} after ${describe(input)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Forged saves

type Json = Record<string, unknown>;

const FORGERIES = [
  'aboard itself',
  'worn by itself',
  'held by each other',
  'no battle actor',
  'battling without a battle',
  'no hologram actor',
  'a stranger actor',
  'no response window',
  'a transitional step',
  'a step off the log',
  'deeply nested',
  'random value',
  'random removal',
] as const;

/** A forged copy of a save: one edit, and the checksum recomputed. */
export function forge(save: SavedGame, kind: (typeof FORGERIES)[number], pick: number): unknown {
  const forged = JSON.parse(JSON.stringify(save)) as Json;
  const snapshot = forged.snapshot as Json;
  const context = snapshot.context as Json;
  const board = context.board as Json;
  const cards = board.cards as Record<string, Json>;
  const ids = Object.keys(cards);
  const card = ids[pick % ids.length]!;
  const other = ids[(pick + 1) % ids.length]!;
  const children = snapshot.children as Json;
  switch (kind) {
    case 'aboard itself':
      cards[card]!.at = { in: 'aboard', host: card };
      break;
    case 'worn by itself':
      cards[card]!.at = { in: 'worn', by: card };
      break;
    case 'held by each other':
      cards[card]!.at = { in: 'held', by: other };
      cards[other]!.at = { in: 'held', by: card };
      break;
    case 'no battle actor':
      delete children.battle;
      break;
    case 'battling without a battle':
      snapshot.value = 'battling';
      break;
    case 'no hologram actor': {
      const key = Object.keys(children).find((child) => child.startsWith('hologram:'));
      if (key) delete children[key];
      else cards[card]!.card = 'The Doctor';
      break;
    }
    case 'a stranger actor':
      children.stranger = { snapshot: { status: 'active' }, src: 'hologram' };
      break;
    case 'no response window': {
      const battle = children.battle as Json | undefined;
      if (battle) delete ((battle.snapshot as Json).children as Json).window;
      else snapshot.value = 'battling';
      break;
    }
    case 'a transitional step': {
      const battle = children.battle as Json | undefined;
      if (battle) (battle.snapshot as Json).value = 'formingPiles';
      else snapshot.status = 'done';
      break;
    }
    case 'a step off the log':
      context.step = (context.step as number) + 1 + (pick % 3);
      break;
    case 'deeply nested': {
      let deep: unknown = 1;
      for (let i = 0; i < 300; i++) deep = [deep];
      context.lastBattle = { deep };
      break;
    }
    case 'random value':
    case 'random removal': {
      // Somewhere in the snapshot, a value changed to another of any kind, or removed.
      const paths: Array<[Json | unknown[], string | number]> = [];
      const walk = (value: unknown) => {
        if (value === null || typeof value !== 'object') return;
        for (const [key, inner] of Object.entries(value)) {
          paths.push([value as Json, Array.isArray(value) ? Number(key) : key]);
          walk(inner);
        }
      };
      walk(snapshot);
      const [holder, key] = paths[pick % paths.length]!;
      const values = [
        null,
        0,
        -1,
        1.5,
        '',
        'ghost',
        card,
        true,
        {},
        [],
        { in: 'aboard', host: card },
        'battling',
      ];
      if (kind === 'random removal' && !Array.isArray(holder)) delete (holder as Json)[key as string];
      else (holder as Json)[key as string] = values[pick % values.length];
      break;
    }
  }
  const { checksum: _, ...body } = forged;
  return { ...body, checksum: checksumOfSaveBody(body as Omit<SavedGame, 'checksum'>) };
}

/** Restores a forged save: refused with a SaveError, or a game that is consistent. Counts the outcome. */
export function restoreForged(forged: unknown, kind: string, figures: FuzzFigures): void {
  figures.forgedSaves++;
  let game: Game;
  try {
    game = restoreGame(forged);
  } catch (error) {
    if (error instanceof SaveError) {
      figures.forgedRefused++;
      return;
    }
    figures.inconsistentRestores++;
    fail(figures, `restoring a save forged (${kind}) threw ${String(error)}`);
    return;
  }
  figures.forgedRestored++;
  try {
    const problem = boardProblem(game.board());
    if (problem) throw new Error(`an impossible board: ${problem}`);
    if (game.step() !== game.log().length) throw new Error('its step is not its log');
    for (const player of game.board().players) {
      game.view(player);
      game.legalCommands(player);
    }
    game.awaiting();
    // It plays on: a few commands the rules allow, none of them throwing.
    for (let i = 0; i < 3; i++) {
      const command = legalNow(game, i);
      if (command) game.send(command);
    }
    if (game.actor.getSnapshot().status !== 'active') throw new Error('its actor is no longer active');
  } catch (error) {
    figures.inconsistentRestores++;
    fail(figures, `a save forged (${kind}) restored into an inconsistent game: ${String(error)}`);
  } finally {
    game.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The run

export interface FuzzOptions {
  /** Random games played (half of them battles). */
  readonly games: number;
  /** Hostile inputs at each state a game passes through. */
  readonly inputsPerState: number;
  /** Commands that move each game on (into battles, windows and decisions). */
  readonly moves: number;
  /** One forged save every this many states. */
  readonly forgeEvery: number;
  readonly seed: number;
}

/** Runs the fuzz and returns its figures. Deterministic for a seed. */
export function runSurfaceFuzz(options: FuzzOptions): FuzzFigures {
  const figures = emptyFigures();
  const rng = fc.sample(fc.nat(), { seed: options.seed, numRuns: 1 })[0]!;
  const idle = fc.sample(setupArb, { seed: options.seed, numRuns: Math.ceil(options.games / 2) });
  const battles = fc.sample(battleSpecArb, {
    seed: options.seed + 1,
    numRuns: Math.floor(options.games / 2),
  });
  const doors: Door[] = ['player', 'host', 'actor'];
  let state = rng;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state;
  };
  const plans: Array<{ setup: Setup; battle: boolean }> = [
    ...idle.map((setup) => ({ setup, battle: false })),
    ...battles.map((spec) => ({ setup: battleSetup(spec), battle: true })),
  ];
  let states = 0;
  plans.forEach(({ setup, battle }, g) => {
    const game = newGame(setup, g + options.seed);
    const pools = poolsOf(setup);
    if (battle) game.send(attackOnPlanet(setup));
    const inputs = fc.sample(hostileInput, {
      seed: options.seed + 7 * g,
      numRuns: options.inputsPerState * (options.moves + 1),
    });
    const moves = fc.sample(stepArb(NOISY), { seed: options.seed + 13 * g, numRuns: options.moves });
    let i = 0;
    for (let move = 0; move <= options.moves; move++) {
      states++;
      for (let k = 0; k < options.inputsPerState; k++) {
        const hostile = materialise(inputs[i++]);
        // One in five: a command the rules allow now, as it is or with one field hostile, through any
        // door (the host's refuses it; the others carry it out when it is intact).
        const legal = next() % 5 === 0 ? legalNow(game, next()) : undefined;
        const input =
          legal === undefined
            ? hostile
            : next() % 2 === 0
              ? legal
              : { ...legal, [Object.keys(legal)[next() % Object.keys(legal).length]!]: hostile };
        sendChecked(game, input, doors[next() % 3]!, figures);
      }
      if (states % options.forgeEvery === 0) {
        const kind = FORGERIES[next() % FORGERIES.length]!;
        restoreForged(forge(saveGame(game), kind, next()), kind, figures);
      }
      if (move === options.moves) break;
      // Move the game on: mostly a command the rules allow now (battles go through every window).
      const legal = next() % 4 !== 0 ? legalNow(game, next()) : undefined;
      sendAny(game, legal ?? commandFor(game, pools, moves[move]!));
    }
    game.stop();
  });
  return figures;
}
