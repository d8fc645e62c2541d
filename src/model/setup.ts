import { cardDefinitionSchema } from './card-definition.ts';
import { idSchema } from './ids.ts';
import * as z from './zod.ts';

/**
 * A game setup: plain JSON that says who plays, whose turn it is, the locations, and every card with
 * where it is, its statuses and (for holograms) its activation state. `createGame` checks it with
 * this schema, then checks that every id it names exists.
 */

/** Where a card starts. */
export const setupPositionSchema = z.union([
  z.literal('hand'),
  z.literal('table'),
  z.literal('discard'),
  z.strictObject({ space: idSchema }),
  z.strictObject({ aboard: idSchema }),
  z.strictObject({ planet: idSchema }),
  z.strictObject({ wornBy: idSchema }),
  z.strictObject({ playedOn: idSchema }),
  z.strictObject({ heldBy: idSchema }),
  /** A captive: aboard one of the captor's ships or facilities, or (with no host) at a location. */
  z.strictObject({ capturedBy: idSchema, aboard: idSchema }),
  z.strictObject({ capturedBy: idSchema, location: idSchema }),
]);
export type SetupPosition = z.infer<typeof setupPositionSchema>;

export const setupCardSchema = z.strictObject({
  id: idSchema,
  /** The card's name in the library (built in, or defined in `cardDefinitions`). */
  card: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  owner: idSchema,
  at: setupPositionSchema,
  status: z.optional(
    z.strictObject({
      stopped: z.optional(z.boolean()),
      disabled: z.optional(z.boolean()),
      inStasisUntilEndOfTurn: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(1_000_000)))),
      stunned: z.optional(z.boolean()),
      mortallyWounded: z.optional(z.boolean()),
    }),
  ),
  /** For a Holo card in play: its activation state (default: deactivated, as when reported). */
  hologram: z.optional(z.enum(['active', 'deactivated'])),
  /**
   * For a deactivated hologram: the turn on which it was deactivated (it may not be reactivated
   * then, HOLO-ACT-3). Absent: it was deactivated by reporting, and may be activated at once (HOLO-ACT-2).
   */
  deactivatedOnTurn: z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))),
  /** Icons added by other cards (["Holo"] from Holoprogram: 221B Baker Street). */
  addedIcons: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(10))),
  /** The affiliation mode of a multi-affiliation card (default: the first printed). */
  affiliation: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
});
export type SetupCard = z.infer<typeof setupCardSchema>;

/** The zod schema of a game setup (see the README's "The setup format"). */
export const setupSchema = z.strictObject({
  players: z.tuple([idSchema, idSchema]),
  turn: z.optional(
    z.strictObject({ player: idSchema, number: z.int().check(z.minimum(1), z.maximum(1_000_000)) }),
  ),
  locations: z
    .array(
      z.strictObject({ id: idSchema, name: z.optional(z.string().check(z.minLength(1), z.maxLength(120))) }),
    )
    .check(z.maxLength(200)),
  /** Card definitions of the client's own, added to the built-in library for this game. */
  cardDefinitions: z.optional(z.array(cardDefinitionSchema).check(z.maxLength(2000))),
  cards: z.array(setupCardSchema).check(z.maxLength(5000)),
});
/** A game setup, as a client writes it. */
export type Setup = z.infer<typeof setupSchema>;
