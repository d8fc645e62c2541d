import { type CommandResult, type Game, HOST_EFFECT_TYPES, type HostEffect } from 'stccg-rules';

/**
 * The two doors into a game: the players' own commands (their turn's actions, battle commands) and the
 * host's effects (what a card does: a dilemma makes a hologram leave, an interrupt kills, a trap
 * captures). This is the only module of the lab that knows how each door is called: when the client
 * API gives host effects a door of their own, only `sendHostEffect` changes.
 */

export { HOST_EFFECT_TYPES, type HostEffect };
export type HostEffectType = HostEffect['type'];

/** Whether a command, however it was typed in, is a host effect (the engine's own list decides). */
export function isHostEffect(command: { readonly type: string }): command is HostEffect {
  return (HOST_EFFECT_TYPES as readonly string[]).includes(command.type);
}

/** Which door a command goes through. */
export type Door = 'player' | 'host';

/** The door a command of this type goes through. */
export function doorOf(command: { readonly type: string }): Door {
  return isHostEffect(command) ? 'host' : 'player';
}

/** A player's command. */
export function sendPlayerCommand(game: Game, command: unknown): CommandResult {
  return game.send(command);
}

/** The effect of a card, carried out by the host: the host's door (`game.effect`). */
export function sendHostEffect(game: Game, effect: unknown): CommandResult {
  return game.effect(effect);
}

/** Sends a command through its door. */
export function sendThrough(game: Game, door: Door, command: unknown): CommandResult {
  return door === 'host' ? sendHostEffect(game, command) : sendPlayerCommand(game, command);
}
