import { z } from 'zod';
import { cardDefinitionSchema } from './card-definition.ts';
import { idSchema } from './ids.ts';

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
  card: z.string().trim().min(1).max(120),
  owner: idSchema,
  at: setupPositionSchema,
  status: z
    .strictObject({
      stopped: z.boolean().optional(),
      disabled: z.boolean().optional(),
      inStasisUntilEndOfTurn: z.number().int().min(1).max(1_000_000).nullable().optional(),
      stunned: z.boolean().optional(),
      mortallyWounded: z.boolean().optional(),
    })
    .optional(),
  /** For a Holo card in play: its activation state (default: deactivated, as when reported). */
  hologram: z.enum(['active', 'deactivated']).optional(),
  /**
   * For a deactivated hologram: the turn on which it was deactivated (it may not be reactivated
   * then, HOLO-ACT-3). Absent: it was deactivated by reporting, and may be activated at once (HOLO-ACT-2).
   */
  deactivatedOnTurn: z.number().int().min(1).max(1_000_000).optional(),
  /** Icons added by other cards (["Holo"] from Holoprogram: 221B Baker Street). */
  addedIcons: z.array(z.string().min(1).max(40)).max(10).optional(),
  /** The affiliation mode of a multi-affiliation card (default: the first printed). */
  affiliation: z.string().trim().min(1).max(60).optional(),
});
export type SetupCard = z.infer<typeof setupCardSchema>;

/** The zod schema of a game setup (see the README's "The setup format"). */
export const setupSchema = z.strictObject({
  players: z.tuple([idSchema, idSchema]),
  turn: z.strictObject({ player: idSchema, number: z.number().int().min(1).max(1_000_000) }).optional(),
  locations: z.array(z.strictObject({ id: idSchema, name: z.string().min(1).max(120).optional() })).max(200),
  /** Card definitions of the client's own, added to the built-in library for this game. */
  cardDefinitions: z.array(cardDefinitionSchema).max(2000).optional(),
  cards: z.array(setupCardSchema).max(5000),
});
/** A game setup, as a client writes it. */
export type Setup = z.infer<typeof setupSchema>;
