import type { Command, CommandResult, Game } from 'stccg-rules';

/**
 * The two doors into a game: the players' own commands (their turn's actions, battle commands) and the
 * host's effects (what a card does: a dilemma makes a hologram leave, an interrupt kills, a trap
 * captures). This is the only module of the lab that knows how each door is called: when the client
 * API gives host effects a door of their own, only `sendHostEffect` changes.
 */

/** The command types a host sends for the effect of a card played, on either player's turn. */
export const HOST_EFFECT_TYPES = [
  'kill',
  'destroy',
  'discard',
  'leave',
  'capture',
  'select',
  'addHoloIcon',
] as const satisfies readonly Command['type'][];

export type HostEffectType = (typeof HOST_EFFECT_TYPES)[number];
export type HostEffect = Extract<Command, { type: HostEffectType }>;

/** Which door a command goes through. */
export type Door = 'player' | 'host';

export function isHostEffect(command: { readonly type: string }): command is HostEffect {
  return (HOST_EFFECT_TYPES as readonly string[]).includes(command.type);
}

/** The door a command of this type goes through. */
export function doorOf(command: { readonly type: string }): Door {
  return isHostEffect(command) ? 'host' : 'player';
}

/** A player's command. */
export function sendPlayerCommand(game: Game, command: unknown): CommandResult {
  return game.send(command);
}

/** The effect of a card, carried out by the host. (Today the same door as the players'.) */
export function sendHostEffect(game: Game, effect: unknown): CommandResult {
  return game.send(effect);
}

/** Sends a command through its door. */
export function sendThrough(game: Game, door: Door, command: unknown): CommandResult {
  return door === 'host' ? sendHostEffect(game, command) : sendPlayerCommand(game, command);
}
