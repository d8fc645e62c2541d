import { idSchema } from './ids.ts';
import { z } from './zod.ts';

/**
 * The commands a client sends, each naming the player who sends it. They are XState events of the
 * game actor too: `{ type, player, ... }`. Every command is checked against this schema before any
 * rule sees it (GAME-INPUT-1).
 */

const player = idSchema;
const card = idSchema;
/**
 * The game's step the client saw when it made the command (optional): a command made from a stale
 * snapshot is refused rather than applied out of order (GAME-STEP-1).
 */
const step = z.optional(z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)));
/** The name of the card whose effect this is (Escape Pod, Penalty Box, a dilemma...), for the record. */
const byCard = z.string().check(z.minLength(1), z.maxLength(120));

/** A place a card can be sent to at a location. */
export const placeSchema = z.union([z.strictObject({ aboard: card }), z.strictObject({ planet: idSchema })]);
export type Place = z.infer<typeof placeSchema>;

export const commandSchemas = {
  /** Report a personnel or equipment card from hand aboard one of your ships or facilities (HOLO-ACT-1). */
  report: z.strictObject({
    type: z.literal('report'),
    player,
    step,
    card,
    to: z.strictObject({ aboard: card }),
  }),
  /** Move or beam personnel and equipment to a ship, facility or planet at the same location. */
  move: z.strictObject({
    type: z.literal('move'),
    player,
    step,
    cards: z.array(card).check(z.minLength(1), z.maxLength(100)),
    to: placeSchema,
  }),
  /** Place a Mobile Holo-Emitter on one of your Holo personnel present (HOLO-EMIT-1). */
  wearEmitter: z.strictObject({
    type: z.literal('wearEmitter'),
    player,
    step,
    emitter: card,
    hologram: card,
  }),
  /** Remove a worn Mobile Holo-Emitter during your turn (CARD-EMITTER-1, HOLO-EMIT-2). */
  removeEmitter: z.strictObject({ type: z.literal('removeEmitter'), player, step, emitter: card }),
  /** Activate a deactivated hologram with one of your unstopped personnel present (HOLO-ACT-2/3). */
  activate: z.strictObject({ type: z.literal('activate'), player, step, hologram: card, by: card }),
  /** End your turn. */
  endTurn: z.strictObject({ type: z.literal('endTurn'), player, step }),
  /** A card kills a personnel (HOLO-DEATH-1). */
  kill: z.strictObject({ type: z.literal('kill'), player, step, card, by: byCard }),
  /** A card destroys an equipment, ship or facility (HOLO-DEATH-1, HOLO-DEATH-3). */
  destroy: z.strictObject({ type: z.literal('destroy'), player, step, card, by: byCard }),
  /** A card discards a card in play (HOLO-DEATH-2). */
  discard: z.strictObject({ type: z.literal('discard'), player, step, card, by: byCard }),
  /**
   * A dilemma or card requires a personnel to leave where it is: to board a ship or facility
   * (`aboard`), to the planet, or onto the card that holds it (`held`: Penalty Box, Escape Pod).
   * HOLO-DILEMMA-1
   */
  leave: z.strictObject({
    type: z.literal('leave'),
    player,
    step,
    card,
    by: byCard,
    to: z.union([placeSchema, z.strictObject({ held: card })]),
  }),
  /** A card captures an opponent's personnel, for `player`; `to` is one of the captor's ships or facilities. */
  capture: z.strictObject({
    type: z.literal('capture'),
    player,
    step,
    card,
    by: byCard,
    to: z.optional(z.strictObject({ aboard: card })),
  }),
  /**
   * Select one personnel for assimilation or abduction among `among`: `pick` names your choice, or
   * without it one is chosen at random. Holograms are never eligible (HOLO-ASSIM-1).
   */
  select: z.strictObject({
    type: z.literal('select'),
    player,
    step,
    purpose: z.enum(['assimilation', 'abduction']),
    among: z.array(card).check(z.minLength(1), z.maxLength(100)),
    pick: z.optional(card),
    by: byCard,
  }),
  /** Add the Holo icon to one of your personnel (Holoprogram: 221B Baker Street). */
  addHoloIcon: z.strictObject({ type: z.literal('addHoloIcon'), player, step, card, by: byCard }),
  /** Change the affiliation mode of one of your multi-affiliation cards during your turn. */
  changeAffiliation: z.strictObject({
    type: z.literal('changeAffiliation'),
    player,
    step,
    card,
    to: z.string().check(z.minLength(1), z.maxLength(60)),
  }),
  /** Move one of your staffed ships to another location (GAME-STAFF-1; HOLO-NORMAL-1). */
  moveShip: z.strictObject({ type: z.literal('moveShip'), player, step, ship: card, to: idSchema }),
  /**
   * BATTLE-1: your Away Team (on a planet) or crew (aboard a ship or facility) attacks your opponent's
   * at the same location. `attackers` and `defenders` say where each group is.
   */
  attack: z.strictObject({
    type: z.literal('attack'),
    player,
    step,
    attackers: placeSchema,
    defenders: placeSchema,
  }),
  /** Decline to respond in the open response window (two passes in a row close it). */
  pass: z.strictObject({ type: z.literal('pass'), player, step }),
  /**
   * Respond in the open response window with a card: an interrupt or equipment from hand, or a card in
   * play. Emergency Transporter Armbands name the `personnel` to beam and where `to`.
   */
  respond: z.strictObject({
    type: z.literal('respond'),
    player,
    step,
    card,
    personnel: z.optional(z.array(card).check(z.minLength(1), z.maxLength(100))),
    to: z.optional(placeSchema),
  }),
  /** BATTLE-4a/b/c: the stronger personnel's player stuns, mortally wounds, or declines. */
  decide: z.strictObject({
    type: z.literal('decide'),
    player,
    step,
    outcome: z.enum(['stun', 'mortally-wound', 'none']),
  }),
} as const;

export type CommandType = keyof typeof commandSchemas;
/** Every command type, in the order of `commandSchemas`. */
export const COMMAND_TYPES = Object.keys(commandSchemas) as CommandType[];

/** The zod schema of any command: every command is checked by it before a rule sees it (GAME-INPUT-1). */
export const commandSchema = z.discriminatedUnion('type', [
  commandSchemas.report,
  commandSchemas.move,
  commandSchemas.wearEmitter,
  commandSchemas.removeEmitter,
  commandSchemas.activate,
  commandSchemas.endTurn,
  commandSchemas.kill,
  commandSchemas.destroy,
  commandSchemas.discard,
  commandSchemas.leave,
  commandSchemas.capture,
  commandSchemas.select,
  commandSchemas.addHoloIcon,
  commandSchemas.changeAffiliation,
  commandSchemas.moveShip,
  commandSchemas.attack,
  commandSchemas.pass,
  commandSchemas.respond,
  commandSchemas.decide,
]);

/** Any command a client may send. */
export type Command = z.infer<typeof commandSchema>;
/** The command of one type. */
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

export function isCommandType(type: unknown): type is CommandType {
  return typeof type === 'string' && Object.hasOwn(commandSchemas, type);
}
