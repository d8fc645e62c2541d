import { z } from 'zod';
import type { BattleStep, PairingOutcome } from '../model/battle.ts';
import { cardDefinitionSchema } from '../model/card-definition.ts';
import { allClauses, type ClauseId } from '../model/clauses.ts';
import { BATTLE_WINDOWS, commandSchema } from '../model/commands.ts';
import type { HologramState, RejectionCode, RuleEventKind } from '../model/events.ts';
import { ID_CHECKS } from '../model/ids.ts';
import { setupPositionSchema, setupSchema } from '../model/setup.ts';

/**
 * A scenario: a ruling that runs. It sets up a position (exactly the setup `createGame` takes), plays
 * commands, and states what must follow: commands accepted (with the rule events they must cause),
 * commands refused (with the clause they must cite), and expectations about the state. This schema
 * checks scenario files, and `schema/scenario.schema.json` is generated from it (`npm run schema`).
 */

// The engine's vocabularies are TypeScript types; the lists below spell them out for the schema, and
// `everyOf` makes the compiler refuse a list that misses a member, so they cannot fall behind.
type Exhaustive<T extends string, L extends readonly T[]> = [Exclude<T, L[number]>] extends [never]
  ? L
  : { missing: Exclude<T, L[number]> };
const everyOf =
  <T extends string>() =>
  <const L extends readonly [T, ...T[]]>(list: L & Exhaustive<T, L>): L =>
    list;

export const RULE_EVENT_KINDS = everyOf<RuleEventKind>()([
  'reported',
  'moved',
  'emitter-worn',
  'emitter-removed',
  'activated',
  'deactivated',
  'erased',
  'discarded',
  'captured',
  'left',
  'stays',
  'selected',
  'icon-added',
  'affiliation-changed',
  'turn-ended',
  'unstopped',
  'ship-moved',
  'played',
  'battle-announced',
  'passed',
  'responded',
  'left-battle',
  'strength-changed',
  'in-stasis',
  'combat-piles',
  'engaged',
  'decision-awaited',
  'stunned',
  'mortally-wounded',
  'no-outcome',
  'pairing-ended',
  'face-up',
  'totals',
  'battle-won',
  'battle-tied',
  'killed',
  'recovered',
  'stopped',
  'battle-over',
]);

export const REJECTION_CODES = everyOf<RejectionCode>()([
  'malformed',
  'unknown-player',
  'unknown-card',
  'not-your-turn',
  'not-your-card',
  'not-your-seat',
  'forbidden',
  'not-now',
  'stale',
  'stopped',
  'queued',
]);

export const BATTLE_STEPS = everyOf<BattleStep>()([
  'startOfBattle',
  'formingPiles',
  'turningOver',
  'engaged',
  'deciding',
  'pilesRanOut',
  'beforeWinner',
  'determiningWinner',
  'aftermath',
  'over',
]);

const HOLOGRAM_STATES = everyOf<HologramState>()(['deactivated', 'active', 'erased']);
const OUTCOMES = everyOf<PairingOutcome>()(['stun', 'mortally-wound', 'none']);
/** The response windows of a battle (machines/battle.machine.ts). */
const WINDOWS = BATTLE_WINDOWS;

const clauseIds = allClauses().map((c) => c.id) as [ClauseId, ...ClauseId[]];
/** A clause id the engine knows (the specification's HOLO-* and BATTLE-*, and its own GAME-* and CARD-*). */
export const clauseIdSchema = z.enum(clauseIds).meta({ id: 'clause' });

// The engine's shared schemas, named (as clones: the originals stay as they are) so that the JSON Schema
// defines each once under its name.
const command = named(commandSchema, {
  id: 'command',
  description: 'a command, exactly as a client sends it',
});
const position = named(setupPositionSchema, {
  id: 'position',
  description: 'where a card is, as a setup says it',
});
const cardDefinition = named(cardDefinitionSchema, { id: 'cardDefinition' });
const setup = named(setupSchema, { id: 'setup', description: 'exactly the setup createGame takes' });

/**
 * Classic zod's `.meta()` for the engine's schemas, which are zod/mini (the same zod core, without the
 * methods): a clone, registered with its name and description.
 */
function named<T extends z.core.$ZodType>(schema: T, meta: z.core.GlobalMeta): T {
  const clone = z.core.clone(schema);
  z.globalRegistry.add(clone, meta);
  return clone;
}

// An id as the engine checks it, as a classic zod schema (with .optional(), .describe()...).
const player = z.string().check(...ID_CHECKS);
const card = player;
const cardList = z.array(card).max(500);
const count = z.number().int().min(0).max(100_000);
const sideCounts = z
  .strictObject({ attacker: count.optional(), defender: count.optional() })
  .describe('by side of the battle: the attacker, the defender');
/** A line for the reader, printed instead of the step's command or checks. */
const say = z.string().min(1).max(300).optional().describe('the step in words, printed as it runs');

/** A rule event the command must cause: every field given must match. */
export const eventMatcherSchema = z
  .strictObject({
    kind: z.enum(RULE_EVENT_KINDS).optional(),
    clause: clauseIdSchema.optional(),
    card: card.optional().describe('the card it is about: its card, hologram, emitter or ship'),
    message: z.string().min(1).max(300).optional().describe('text the message contains'),
  })
  .refine((m) => Object.keys(m).length > 0, 'name at least one of kind, clause, card, message')
  .meta({ id: 'eventMatcher' });
export type EventMatcher = z.infer<typeof eventMatcherSchema>;

/** What a card must be: where, its statuses, its hologram state, and what the rules say of it. */
export const cardExpectationSchema = z
  .strictObject({
    at: z.optional(position),
    hologram: z
      .enum(HOLOGRAM_STATES)
      .nullable()
      .optional()
      .describe('its hologram state; null: no hologram state (not a hologram in play)'),
    stopped: z.boolean().optional(),
    disabled: z
      .boolean()
      .optional()
      .describe('disabled by a card, or as a deactivated hologram (HOLO-EXIST-2)'),
    inStasis: z.boolean().optional(),
    inStasisUntilEndOfTurn: z.number().int().min(1).nullable().optional(),
    stunned: z.boolean().optional(),
    mortallyWounded: z.boolean().optional(),
    affiliation: z
      .string()
      .min(1)
      .max(60)
      .optional()
      .describe('the affiliation mode of a multi-affiliation card'),
    species: z
      .array(z.string().min(1).max(80))
      .max(20)
      .optional()
      .describe('its gameplay species, in any order'),
    strength: z.number().int().optional().describe('its STRENGTH now, with every modifier'),
    mayUse: z
      .record(z.string().min(1).max(120), z.boolean())
      .optional()
      .describe('card name: may this personnel use it ("use only" restrictions)'),
    selectable: z.boolean().optional().describe('may it be selected for assimilation or abduction'),
    staffed: z.boolean().optional().describe('for a ship: is it staffed'),
  })
  .meta({ id: 'cardExpectation' });
export type CardExpectation = z.infer<typeof cardExpectationSchema>;

/** A pairing of the battle: every field given must match. */
const pairingSchema = z
  .strictObject({
    number: z.number().int().min(1).optional(),
    attacker: card.optional(),
    defender: card.optional(),
    outcome: z.enum(OUTCOMES).optional(),
    by: card.nullable().optional().describe('the card that stunned or mortally wounded; null for none'),
    clause: clauseIdSchema.optional(),
  })
  .meta({ id: 'pairing' });
export type PairingExpectation = z.infer<typeof pairingSchema>;

/** What both a running battle and the record of the last one show. */
const battleRecordFields = {
  attacker: player.optional().describe('the attacking player'),
  defender: player.optional().describe('the defending player'),
  participants: z
    .strictObject({ attacker: cardList.optional(), defender: cardList.optional() })
    .optional()
    .describe('who takes part, by side, in any order'),
  left: cardList
    .optional()
    .describe('who left the battle while it ran (GAME-BATTLE-2), in the order they left'),
  pairings: z.array(pairingSchema).max(500).optional().describe('every pairing settled so far, in order'),
  faceUp: cardList.optional().describe('the cards turned face up when the other pile ran out, in any order'),
  totals: sideCounts.optional(),
  winner: player.nullable().optional().describe('null: a tie (or not determined yet)'),
  killed: card.nullable().optional().describe('the personnel the winner killed; null: no one'),
};

export const battleExpectationSchema = z
  .strictObject({
    ...battleRecordFields,
    step: z.enum(BATTLE_STEPS).optional(),
    pairing: pairingSchema.nullable().optional().describe('the pairing engaged now'),
    window: z.enum(WINDOWS).nullable().optional().describe('the response window open now'),
    priority: player.nullable().optional().describe('who may respond or pass now'),
    pileSizes: sideCounts.optional().describe('how many cards are left face down in each combat pile'),
  })
  .meta({ id: 'battle' });
export type BattleExpectation = z.infer<typeof battleExpectationSchema>;

export const lastBattleExpectationSchema = z.strictObject(battleRecordFields).meta({ id: 'lastBattle' });
export type LastBattleExpectation = z.infer<typeof lastBattleExpectationSchema>;

/** What the game waits for in a battle: every field given must match. */
const awaitingSchema = z.strictObject({
  player: player.optional(),
  for: z.enum(['response', 'decision']).optional(),
  window: z.enum(WINDOWS).optional(),
  options: z.array(z.enum(OUTCOMES)).max(3).optional().describe('a decision’s outcomes, in any order'),
});

/** What one player's view shows, and what it hides. */
export const viewExpectationSchema = z
  .strictObject({
    sees: cardList.optional().describe('cards this player sees'),
    doesNotSee: cardList.optional().describe('cards hidden from this player'),
    handSizes: z
      .record(player, count)
      .optional()
      .describe('how many cards each player holds, as this player sees'),
    pileSizes: sideCounts
      .nullable()
      .optional()
      .describe('the combat piles as shown: sizes only; null: no battle'),
  })
  .meta({ id: 'view' });
export type ViewExpectation = z.infer<typeof viewExpectationSchema>;

/** An expectation about the state now: every part given is checked, nothing else. */
export const expectationSchema = z
  .strictObject({
    cards: z.record(card, cardExpectationSchema).optional().describe('card id: what it must be'),
    discard: z
      .record(player, cardList)
      .optional()
      .describe('player: their discard pile, bottom first, exactly'),
    turn: z
      .strictObject({ player: player.optional(), number: z.number().int().min(1).optional() })
      .optional(),
    awaiting: awaitingSchema.nullable().optional().describe('what a battle waits for; null: nothing'),
    battle: battleExpectationSchema.nullable().optional().describe('the battle running now; null: none'),
    lastBattle: lastBattleExpectationSchema
      .nullable()
      .optional()
      .describe('the record of the last battle that ended; null: none yet'),
    view: z.record(player, viewExpectationSchema).optional().describe('player: what their view shows'),
  })
  .refine((e) => Object.keys(e).length > 0, 'an expectation checks something: cards, discard, turn, ...')
  .meta({ id: 'expectation' });
export type Expectation = z.infer<typeof expectationSchema>;

/** A command that must be accepted, with the rule events it must (and must not) cause. */
export const doStepSchema = z
  .strictObject({
    say,
    do: command,
    emits: z
      .array(eventMatcherSchema)
      .max(100)
      .optional()
      .describe('rule events it must cause, in this order (others may come between)'),
    doesNotEmit: z.array(eventMatcherSchema).max(100).optional().describe('rule events it must not cause'),
  })
  .meta({ id: 'doStep', description: 'a command that must be accepted' });

/** A command that must be refused, optionally citing a clause, with a code, saying something. */
export const rejectStepSchema = z
  .strictObject({
    say,
    reject: command,
    clause: clauseIdSchema.optional().describe('the clause the rejection must cite'),
    code: z.enum(REJECTION_CODES).optional(),
    message: z.string().min(1).max(300).optional().describe('text the rejection message contains'),
  })
  .meta({ id: 'rejectStep', description: 'a command that must be refused' });

export const expectStepSchema = z
  .strictObject({ say, expect: expectationSchema })
  .meta({ id: 'expectStep', description: 'an expectation about the state now' });

/** A step: told apart by its key, `do`, `reject` or `expect`. */
export const stepSchema = z.union([doStepSchema, rejectStepSchema, expectStepSchema]);
export type StepKind = 'do' | 'reject' | 'expect';
export type Step = z.infer<typeof stepSchema>;
export type DoStep = z.infer<typeof doStepSchema>;
export type RejectStep = z.infer<typeof rejectStepSchema>;
export type ExpectStep = z.infer<typeof expectStepSchema>;

export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional().describe('the JSON Schema of this file, for editors'),
    title: z.string().min(1).max(300).describe('the question the ruling answers'),
    answer: z.string().min(1).max(1000).optional().describe('the ruling, in a sentence or two'),
    clauses: z.array(clauseIdSchema).min(1).max(40).describe('the clauses it is about'),
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe("seeds the game's random choices"),
    setup,
    cards: z
      .array(cardDefinition)
      .max(2000)
      .optional()
      .describe('card definitions of its own, added to the built-in library'),
    pool: z
      .array(z.string().trim().min(1).max(120))
      .min(1)
      .max(200)
      .optional()
      .describe(
        'cards of the card pool (stccg-rules/cards) it plays with, by name: their definitions are added as `cards` are, and the setup names them like any card',
      ),
    policies: z
      .record(player, z.enum(['strongest', 'pass']))
      .optional()
      .describe('player: a policy that answers for them in battle'),
    steps: z.array(stepSchema).min(1).max(1000),
  })
  .superRefine((scenario, context) => {
    // Ids the schema cannot know: those an expectation or a policy names must exist in the setup,
    // so that a typo is a malformed file rather than a failed (or vacuous) check.
    const players = new Set<string>(scenario.setup.players);
    const cards = new Set(scenario.setup.cards.map((c) => c.id));
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    for (const name of Object.keys(scenario.policies ?? {}))
      if (!players.has(name)) issue(['policies', name], `a player of the setup (${[...players].join(', ')})`);
    scenario.steps.forEach((step, i) => {
      if (!('expect' in step)) return;
      const expect = step.expect;
      for (const id of Object.keys(expect.cards ?? {}))
        if (!cards.has(id)) issue(['steps', i, 'expect', 'cards', id], 'a card id of the setup');
      for (const part of ['discard', 'view'] as const)
        for (const name of Object.keys(expect[part] ?? {}))
          if (!players.has(name))
            issue(['steps', i, 'expect', part, name], `a player of the setup (${[...players].join(', ')})`);
    });
    const defined = new Set((scenario.setup.cardDefinitions ?? []).map((d) => d.name));
    (scenario.cards ?? []).forEach((definition, i) => {
      if (defined.has(definition.name))
        issue(['cards', i, 'name'], 'a card name not defined elsewhere in the file');
      defined.add(definition.name);
    });
    // A pool card comes with its definition: one the file also defines would be defined twice.
    (scenario.pool ?? []).forEach((name, i) => {
      if (defined.has(name))
        issue(['pool', i], 'a pool card not defined elsewhere in the file (nor named twice in pool)');
      defined.add(name);
    });
  });

/** A scenario as a file holds it. */
export type Scenario = z.infer<typeof scenarioSchema>;

/** The JSON Schema of scenario files, generated from `scenarioSchema` (what `npm run schema` writes). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { target: 'draft-2020-12', io: 'input', reused: 'inline' }),
    title: 'stccg-rules scenario: a ruling that runs',
  };
}
