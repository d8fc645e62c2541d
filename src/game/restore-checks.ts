import { libraryFor } from '../cards/library-for.ts';
import { ROGUE_BORG } from '../model/battle.ts';
import type { Board } from '../model/board.ts';
import { cardDefinitionSchema } from '../model/card-definition.ts';
import { idSchema } from '../model/ids.ts';
import { safeText } from '../model/plain.ts';
import * as z from '../model/zod.ts';
import { isHolographic, isPersonnelOrEquipment } from '../rules/cards.ts';
import type { Table } from '../rules/table.ts';
import { boardProblem } from './board-checks.ts';

/**
 * What `restoreGame` checks in a save's persisted snapshot before XState revives it: its shape, the
 * board's invariants, and that its actors are exactly those the board calls for. A checksum detects
 * damage, not forgery: a save edited with a recomputed checksum must still be refused, with a clear
 * reason, rather than restored into a game that throws later (a card aboard itself sends the rules
 * round for ever; a battling game without its battle actor waits for ever).
 */

const id = idSchema;
const int = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));
const statusesSchema = z.strictObject({
  stopped: z.boolean(),
  disabled: z.boolean(),
  inStasisUntilEndOfTurn: z.nullable(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
  stunned: z.boolean(),
  mortallyWounded: z.boolean(),
  strengthThisBattle: z.optional(z.int().check(z.minimum(-1000), z.maximum(1000))),
});
const positionSchema = z.union([
  z.strictObject({ in: z.literal('hand') }),
  z.strictObject({ in: z.literal('table') }),
  z.strictObject({ in: z.literal('space'), location: id }),
  z.strictObject({ in: z.literal('aboard'), host: id }),
  z.strictObject({ in: z.literal('planet'), location: id }),
  z.strictObject({ in: z.literal('worn'), by: id }),
  z.strictObject({ in: z.literal('played-on'), target: id }),
  z.strictObject({ in: z.literal('captured'), by: id, host: id, location: z.null() }),
  z.strictObject({ in: z.literal('captured'), by: id, host: z.null(), location: id }),
  z.strictObject({ in: z.literal('held'), by: id }),
  z.strictObject({ in: z.literal('discard'), order: int }),
]);
const boardSchema = z.strictObject({
  players: z.tuple([id, id]),
  turn: z.strictObject({
    player: id,
    number: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  }),
  locations: z.record(id, z.strictObject({ id, name: z.string().check(z.minLength(1), z.maxLength(120)) })),
  cards: z.record(
    id,
    z.strictObject({
      id,
      card: z.string().check(z.minLength(1), z.maxLength(120)),
      owner: id,
      at: positionSchema,
      status: statusesSchema,
      addedIcons: z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(10)),
      affiliationMode: z.nullable(z.string().check(z.minLength(1), z.maxLength(60))),
    }),
  ),
  nextDiscard: int,
});
/** A reference to a child actor, as XState persists it. */
const actorRef = (name: string) => z.strictObject({ xstate$$type: z.literal(1), id: z.literal(name) });
const childSchema = z.strictObject({
  snapshot: z.record(z.string(), z.unknown()),
  src: z.string(),
  systemId: z.optional(z.string()),
  syncSnapshot: z.optional(z.boolean()),
});
const outcome = z.enum(['stun', 'mortally-wound', 'none']);
const text = z.string().check(z.maxLength(2000));
/** The decision a battle's pairing awaits (BATTLE-4a/b/c): held by the game since save version 3. */
const decisionSchema = z.strictObject({
  side: z.enum(['attacker', 'defender']),
  options: z.array(outcome).check(z.minLength(1), z.maxLength(3)),
  clause: text,
  reason: text,
  denied: z.array(z.strictObject({ outcome, clause: text, reason: text })).check(z.maxLength(3)),
});
const cardList = z.array(id).check(z.maxLength(5000));
const side = z.enum(['attacker', 'defender']);
const groupSchema = z.strictObject({
  owner: id,
  where: z.union([z.strictObject({ aboard: id }), z.strictObject({ planet: id })]),
});
const pairing = { number: z.int().check(z.minimum(1), z.maximum(100_000)), attacker: id, defender: id };
const total = z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000));
/**
 * What a battle's data holds (`BattleData`), every field of it, read alike in a running battle's context
 * and in a battle's record: the rules read each field of a running battle, so a save missing one (or
 * holding another shape) is refused here rather than restored into a battle that throws at its next step.
 */
const battleDataSchema = z.strictObject({
  attacker: id,
  defender: id,
  players: z.tuple([id, id]),
  next: cardList,
  activePlayer: id,
  attackingGroup: groupSchema,
  defendingGroup: groupSchema,
  participants: z.strictObject({ attacker: cardList, defender: cardList }),
  left: cardList,
  piles: z.strictObject({ attacker: cardList, defender: cardList }),
  faceUp: cardList,
  pairing: z.nullable(z.strictObject(pairing)),
  engagesNext: z.nullable(z.strictObject({ side, card: id })),
  pairings: z
    .array(z.strictObject({ ...pairing, outcome, by: z.nullable(id), clause: text }))
    .check(z.maxLength(5000)),
  usedOncePerBattle: cardList,
  totals: z.nullable(z.strictObject({ attacker: total, defender: total })),
  winner: z.nullable(id),
  killed: z.nullable(id),
});
/** A battle actor's snapshot, as XState persists it: no history (and no actor of its own, below). */
const battleSnapshotSchema = z.strictObject({
  status: z.enum(['active', 'done']),
  value: z.string().check(z.maxLength(40)),
  historyValue: z.strictObject({}),
  context: z.unknown(),
  // Empty: checked below, with its own reason.
  children: z.record(z.string(), z.unknown()),
  output: z.optional(z.unknown()),
  error: z.optional(z.undefined()),
});
/** A running battle's context (the battle actor's): its data, and its response window (checked below). */
const battleContextSchema = z.extend(battleDataSchema, { window: z.unknown() });
/** The record of a battle once it is over (`lastBattle`, a done battle's output): its data, all of it. */
const battleRecordSchema = battleDataSchema;

const gameSnapshotSchema = z.strictObject({
  status: z.literal('active'),
  value: z.enum(['playing', 'battling']),
  historyValue: z.strictObject({}),
  context: z.strictObject({
    board: boardSchema,
    customCards: z.array(cardDefinitionSchema).check(z.maxLength(2000)),
    // xoroshiro128+'s state: four 32-bit words.
    random: z.array(z.int().check(z.minimum(-0x8000_0000), z.maximum(0xffff_ffff))).check(z.length(4)),
    step: int,
    battle: z.nullable(actorRef('battle')),
    awaitedDecision: z.nullable(decisionSchema),
    lastBattle: z.nullable(battleRecordSchema),
    holograms: z.record(id, z.strictObject({ xstate$$type: z.literal(1), id: z.string() })),
  }),
  children: z.record(z.string(), childSchema),
  output: z.optional(z.undefined()),
  error: z.optional(z.undefined()),
});

const hologramSnapshotSchema = z.strictObject({
  status: z.enum(['active', 'done']),
  value: z.enum(['deactivated', 'active', 'erased']),
  historyValue: z.strictObject({}),
  context: z.strictObject({
    card: id,
    owner: id,
    deactivatedOnTurn: z.nullable(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
    enteredAs: z.enum(['active', 'deactivated']),
  }),
  children: z.strictObject({}),
  output: z.optional(z.undefined()),
  error: z.optional(z.undefined()),
});

/** The steps a battle rests at, waiting for a player; the window each has (null: none). */
const RESTING_STEPS: Readonly<Record<string, string | null>> = {
  startOfBattle: 'start-of-battle',
  engaged: 'pairing',
  deciding: null,
  beforeWinner: 'until-winner',
};

/** A battle's open response window: part of the battle's context (no actor of its own, save version 2). */
const windowSchema = z.strictObject({
  kind: z.enum(['start-of-battle', 'pairing', 'until-winner']),
  order: z.tuple([id, id]),
  priority: id,
  passes: z.union([z.literal(0), z.literal(1)]),
  responses: int,
});

/**
 * Why a persisted game snapshot cannot be revived, if it cannot (before XState revives it). `logLength`
 * is the number of commands in the save's log: the game's step counts them.
 */
export function snapshotProblem(snapshot: unknown, logLength: number): string | undefined {
  const parsed = gameSnapshotSchema.safeParse(snapshot);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `its snapshot is not a game's: ${safeText(issue.path.join('.'), 120) || '(snapshot)'}: ${safeText(issue.message, 200)}`;
  }
  const { value, context, children } = parsed.data;
  const board = context.board as Board;
  const problem = boardProblem(board);
  if (problem) return `its board is impossible: ${problem}`;
  if (context.step !== logLength)
    return `its step (${context.step}) is not the number of commands in its log (${logLength})`;
  let table: Table;
  try {
    table = {
      board,
      library: libraryFor(context.customCards),
      hologram: () => undefined,
      battle: () => undefined,
      step: context.step,
    };
    for (const card of Object.values(board.cards)) {
      if (!table.library.has(card.card)) return `"${card.id}" is "${card.card}", a card not in its library`;
    }
  } catch (error) {
    return `its cards cannot be read (${(error as Error).message})`;
  }

  // Hologram actors: exactly one for each Holo personnel or equipment in play, each for its own card.
  const expected = new Set<string>();
  for (const [key, ref] of Object.entries(context.holograms)) {
    if (!Object.hasOwn(board.cards, key))
      return `it has a hologram actor for "${key}", a card not in the game`;
    if (ref.id !== `hologram:${key}`) return `the hologram actor of "${key}" is another card's`;
    const child = children[ref.id];
    if (child?.src !== 'hologram') return `the hologram actor of "${key}" is missing`;
    const hologram = hologramSnapshotSchema.safeParse(child.snapshot);
    if (
      !hologram.success ||
      hologram.data.context.card !== key ||
      hologram.data.context.owner !== board.cards[key]!.owner
    )
      return `the hologram actor of "${key}" is not a hologram's`;
    if ((hologram.data.status === 'done') !== (hologram.data.value === 'erased'))
      return `the hologram actor of "${key}" is done without being erased`;
    const at = board.cards[key]!.at.in;
    // HOLO-DEATH-2: an erased hologram is discarded; one still in play is not erased.
    if (hologram.data.value === 'erased' && at !== 'discard' && at !== 'hand')
      return `the hologram actor of "${key}" is erased, but its card is in play`;
    expected.add(ref.id);
  }
  for (const card of Object.values(board.cards)) {
    const inPlay = card.at.in !== 'hand' && card.at.in !== 'discard';
    const hologram = inPlay && isHolographic(table, card.id) && isPersonnelOrEquipment(table, card.id);
    if (hologram && !Object.hasOwn(context.holograms, card.id))
      return `"${card.id}" is a hologram in play without its hologram actor`;
  }

  const last = context.lastBattle;
  if (last) {
    const sides = new Set([...board.players, ROGUE_BORG]);
    if (
      !sides.has(last.attacker) ||
      !board.players.includes(last.defender) ||
      (last.winner !== null && !sides.has(last.winner))
    )
      return 'its last battle is not between the two players, nor the Rogue Borg and a player';
  }

  // The battle: an actor exactly while battling, resting at a step that waits for a player, with a
  // response window exactly where that step has one.
  if ((value === 'battling') !== (context.battle !== null)) return 'its battle and its state disagree';
  // A decision is awaited exactly while the battle rests at `deciding` (BATTLE-4a/b/c).
  const deciding = context.battle !== null && String(children.battle?.snapshot.value) === 'deciding';
  if (deciding !== (context.awaitedDecision !== null))
    return deciding
      ? 'its battle awaits a decision it does not hold'
      : 'it awaits a decision outside a pairing';
  if (context.battle) {
    expected.add('battle');
    const battle = children.battle;
    if (battle?.src !== 'battle') return 'it is battling without its battle actor';
    if (!battleSnapshotSchema.safeParse(battle.snapshot).success)
      return "its battle actor's snapshot is no battle's";
    const step = String(battle.snapshot.value);
    // `over`: the battle has just ended and the game has not closed it yet (a save made by a listener or
    // subscriber of the command that ended it). The restored game starts the done battle, which tells it
    // so, and closes it as it would have (`closeBattleSavedAsItEnded`, game.machine.ts).
    const done = battle.snapshot.status === 'done';
    if (
      (done ? step !== 'over' : battle.snapshot.status !== 'active') ||
      !(done || Object.hasOwn(RESTING_STEPS, step))
    )
      return `its battle is at no step where a battle waits (${step.slice(0, 40)})`;
    // A battle that is over holds its record (`output`), which becomes the game's last battle: a
    // battle's, and this battle's; a battle still running holds none.
    const output = (battle.snapshot as { output?: unknown }).output;
    if (done) {
      // Its record is its data, as the battle machine's output makes it (the context without the window).
      const { window: _closed, ...record } = battle.snapshot.context as Record<string, unknown>;
      if (!battleRecordSchema.safeParse(output).success || canonical(output) !== canonical(record))
        return "its battle is over without its own battle's record";
    } else if (output !== undefined) return 'its running battle has a record already';
    const data = battleContextSchema.safeParse(battle.snapshot.context);
    if (!data.success) return 'its battle has no battle data';
    const players = new Set(board.players);
    // Two players, or (CARD-ROGUE-BORG-1) the Rogue Borg attacking a player's crew.
    const attackerKnown = players.has(data.data.attacker) || data.data.attacker === ROGUE_BORG;
    if (!attackerKnown || !players.has(data.data.defender) || data.data.attacker === data.data.defender)
      return 'its battle is not between the two players, nor the Rogue Borg and a player';
    // The game's two players hold its windows, the one whose turn it is first (a battle runs within a turn).
    const [first, second] = data.data.players;
    if (first === second || !players.has(first) || !players.has(second))
      return "its battle's players are not the game's";
    if (data.data.activePlayer !== board.turn.player) return 'its battle is not of the turn the game is at';
    // A pairing is engaged exactly at the steps of one (BATTLE-4): its window, and its decision.
    const inPairing = step === 'engaged' || step === 'deciding';
    if (inPairing && data.data.pairing === null) return `its battle is at ${step} with no pairing engaged`;
    if (step === 'startOfBattle' && data.data.pairing !== null)
      return 'its battle has a pairing before its start';
    const { participants, left, piles, faceUp, next, pairing: engaged, engagesNext } = data.data;
    const groupHosts = [data.data.attackingGroup.where, data.data.defendingGroup.where].flatMap((where) =>
      'aboard' in where ? [where.aboard] : [],
    );
    for (const card of [
      ...participants.attacker,
      ...participants.defender,
      ...left,
      ...piles.attacker,
      ...piles.defender,
      ...faceUp,
      ...next,
      ...groupHosts,
      ...(engaged ? [engaged.attacker, engaged.defender] : []),
      ...(engagesNext ? [engagesNext.card] : []),
    ]) {
      if (!Object.hasOwn(board.cards, card)) return `its battle names "${card}", a card not in the game`;
    }
    // The response window is part of the battle's context (no actor of its own since save version 2).
    if (Object.keys(battle.snapshot.children ?? {}).length > 0) return 'its battle has an actor of its own';
    const windowKind = done ? null : RESTING_STEPS[step];
    const window = (battle.snapshot.context as { window?: unknown }).window;
    if (windowKind === null) {
      if (window !== null) return `its battle has a response window at ${step}, which has none`;
    } else {
      if (window === null || window === undefined) return `its battle at ${step} has no response window`;
      const parsedWindow = windowSchema.safeParse(window);
      if (!parsedWindow.success || parsedWindow.data.kind !== windowKind)
        return `its battle's response window is not the one of ${step}`;
      const { order, priority } = parsedWindow.data;
      if (
        !players.has(order[0]) ||
        !players.has(order[1]) ||
        order[0] === order[1] ||
        !order.includes(priority)
      )
        return "its battle's response window is not between the two players";
    }
  }
  for (const key of Object.keys(children)) {
    if (!expected.has(key)) return `it has an actor "${key.slice(0, 60)}" the game does not know`;
  }
  return undefined;
}

/**
 * Whether a restored board can be the game its origin sets up: a game's players, locations and cards
 * (each card's id, kind and owner) are fixed by its setup; only where the cards are and their statuses
 * change. A save whose snapshot disagrees with its own origin was not written by this game (its replay
 * would be another game).
 */
export function originProblem(
  origin: { readonly board: Board; readonly customCards: readonly unknown[] },
  context: { readonly board: Board; readonly customCards: readonly unknown[] },
): string | undefined {
  const { board } = context;
  if (board.players[0] !== origin.board.players[0] || board.players[1] !== origin.board.players[1])
    return 'its players are not those of its setup';
  const locations = Object.keys(board.locations);
  if (
    locations.length !== Object.keys(origin.board.locations).length ||
    locations.some((key) => !Object.hasOwn(origin.board.locations, key))
  )
    return 'its locations are not those of its setup';
  const ids = Object.keys(board.cards);
  if (ids.length !== Object.keys(origin.board.cards).length) return 'its cards are not those of its setup';
  for (const key of ids) {
    const set = Object.hasOwn(origin.board.cards, key) ? origin.board.cards[key] : undefined;
    const card = board.cards[key]!;
    if (!set || set.card !== card.card || set.owner !== card.owner)
      return `its card "${key.slice(0, 60)}" is not the one its setup deals`;
  }
  if (canonical(context.customCards) !== canonical(origin.customCards))
    return "its card definitions are not its origin's";
  return undefined;
}

/** JSON text with every object's keys sorted: the same data gives the same text, whatever its key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
