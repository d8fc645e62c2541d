import type { CommandResult, Game } from '../../src/index.ts';
import { isHostEffectType } from '../../src/model/commands.ts';

/**
 * Sends a player's command through the players' door and a host effect (kill, destroy, ...) through
 * the host's: what a host does with its own log, or a test with its plan.
 */
export function sendAny(game: Game, command: unknown): CommandResult {
  const type = (command as { type?: unknown } | null)?.type;
  return isHostEffectType(type) ? game.effect(command) : game.send(command);
}
