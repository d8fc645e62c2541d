import { responseOptionSchema } from './card-definition.ts';
import { idSchema } from './ids.ts';
import { hasControlCharacter } from './plain.ts';
import * as z from './zod.ts';

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
/**
 * Free text of a command, shown in rule events and logs: short, and without control characters (a
 * newline would forge a second log line).
 */
const freeText = (max: number) =>
  z.string().check(
    z.minLength(1),
    z.maxLength(max),
    z.refine((text) => !hasControlCharacter(text), 'free text may hold no control characters'),
  );
/** The name of the card whose effect this is (Escape Pod, Penalty Box, a dilemma...), for the record. */
const byCard = freeText(120);

/** The response windows of a personnel battle: start of battle (BATTLE-2), a pairing (BATTLE-4e), before the winner. */
export const BATTLE_WINDOWS = ['start-of-battle', 'pairing', 'until-winner'] as const;
export type BattleWindow = (typeof BATTLE_WINDOWS)[number];

/**
 * A host effect played as a response in a personnel battle's open window (BATTLE-2, BATTLE-4e, before
 * the winner): the card that does it (`card`: a card of the player's, in hand or in play) and the
 * window it answers (`window`: the one open now). Judged like `respond`: the player must have
 * priority, and priority passes after it. Without it, a host effect is refused while a battle runs.
 */
export const responseSchema = z.strictObject({ card, window: z.enum(BATTLE_WINDOWS) });
export type EffectResponse = z.infer<typeof responseSchema>;
const response = z.optional(responseSchema);
/**
 * Further cards the same effect strikes at once, beyond `card` (Tommygun: "erase up to 100 [Holo]
 * personnel present"). Each is judged as `card` is; all are named at once so that one card use is
 * one response.
 */
const also = z.optional(z.array(card).check(z.minLength(1), z.maxLength(100)));

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
  kill: z.strictObject({ type: z.literal('kill'), player, step, card, by: byCard, also, response }),
  /** A card destroys an equipment, ship or facility (HOLO-DEATH-1, HOLO-DEATH-3). */
  destroy: z.strictObject({ type: z.literal('destroy'), player, step, card, by: byCard, also, response }),
  /** A card discards a card in play (HOLO-DEATH-2). */
  discard: z.strictObject({ type: z.literal('discard'), player, step, card, by: byCard, also, response }),
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
    response,
  }),
  /** A card captures an opponent's personnel, for `player`; `to` is one of the captor's ships or facilities. */
  capture: z.strictObject({
    type: z.literal('capture'),
    player,
    step,
    card,
    by: byCard,
    to: z.optional(z.strictObject({ aboard: card })),
    response,
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
    response,
  }),
  /** Add the Holo icon to one of your personnel (Holoprogram: 221B Baker Street). */
  addHoloIcon: z.strictObject({ type: z.literal('addHoloIcon'), player, step, card, by: byCard }),
  /** Change the affiliation mode of one of your multi-affiliation cards during your turn. */
  changeAffiliation: z.strictObject({
    type: z.literal('changeAffiliation'),
    player,
    step,
    card,
    to: freeText(60),
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
  /**
   * Play a card from hand onto a ship: Rogue Borg Mercenaries, which "plays on any occupied ship" and
   * battles its crew at once (CARD-ROGUE-BORG-1, BATTLE-0). An interrupt: on either player's turn.
   */
  play: z.strictObject({ type: z.literal('play'), player, step, card, on: card }),
  /** Decline to respond in the open response window (two passes in a row close it). */
  pass: z.strictObject({ type: z.literal('pass'), player, step }),
  /**
   * Respond in the open response window with a card: an interrupt or equipment from hand, or a card in
   * play. Where the card offers several responses, `option` names the one played (Tommygun: `stun` or
   * `erase`; without it, the first). Emergency Transporter Armbands name the `personnel` to beam and
   * where `to`.
   */
  respond: z.strictObject({
    type: z.literal('respond'),
    player,
    step,
    card,
    option: z.optional(responseOptionSchema),
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
/** Every command type (players' commands and host effects), in the order of `commandSchemas`. */
export const COMMAND_TYPES = Object.keys(commandSchemas) as CommandType[];

/**
 * The host effects: what a card or dilemma did (kill, destroy, discard, leave, capture, select,
 * addHoloIcon). They come through the host's door (`game.effect`, or `{ type: 'effect', effect }` on
 * the raw actor), never from a player: a server forwards its players' messages to `game.send`, which
 * refuses them.
 */
export const HOST_EFFECT_TYPES = [
  'kill',
  'destroy',
  'discard',
  'leave',
  'capture',
  'select',
  'addHoloIcon',
] as const satisfies readonly CommandType[];
export type HostEffectType = (typeof HOST_EFFECT_TYPES)[number];
/** What a player may send: the actions of their turn and of a battle. */
export type PlayerCommandType = Exclude<CommandType, HostEffectType>;
/** Every player command type, in the order of `commandSchemas`. */
export const PLAYER_COMMAND_TYPES = COMMAND_TYPES.filter(
  (type): type is PlayerCommandType => !(HOST_EFFECT_TYPES as readonly string[]).includes(type),
);

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
  commandSchemas.play,
  commandSchemas.pass,
  commandSchemas.respond,
  commandSchemas.decide,
]);

/**
 * Anything the rules judge and a game's log holds: a player's command or a host effect. A client sends
 * players' commands with `game.send` and host effects with `game.effect`.
 */
export type Command = z.infer<typeof commandSchema>;
/** The command of one type. */
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;
/** A player's command: what a server forwards from its players (`game.send`). */
export type PlayerCommand = CommandOf<PlayerCommandType>;
/** A host effect: what a card or dilemma did, told by the host (`game.effect`). */
export type HostEffect = CommandOf<HostEffectType>;

export function isCommandType(type: unknown): type is CommandType {
  return typeof type === 'string' && Object.hasOwn(commandSchemas, type);
}

const HOST_EFFECT_SET: ReadonlySet<string> = new Set(HOST_EFFECT_TYPES);

/** Whether a type names a host effect (kill, destroy, discard, leave, capture, select, addHoloIcon). */
export function isHostEffectType(type: unknown): type is HostEffectType {
  return typeof type === 'string' && HOST_EFFECT_SET.has(type);
}

/** Whether a type names a player's command. */
export function isPlayerCommandType(type: unknown): type is PlayerCommandType {
  return isCommandType(type) && !isHostEffectType(type);
}

/** The host effects that may be played as a response in a battle window (all but addHoloIcon). */
export const RESPONSE_EFFECT_TYPES = [
  'kill',
  'destroy',
  'discard',
  'leave',
  'capture',
  'select',
] as const satisfies readonly HostEffectType[];

/** The response a host effect is played as, if any (`response` on kill, destroy, discard, leave, capture, select). */
export function responseOf(command: Command): EffectResponse | undefined {
  return 'response' in command ? command.response : undefined;
}

/** Whether a logged command is a host effect (to replay it through the host's door). */
export function isHostEffect(command: Command): command is HostEffect {
  return isHostEffectType(command.type);
}
