import type { CommandResult, Game } from '../../src/game/game.ts';
import type { PlayerId } from '../../src/model/board.ts';
import { type BotChoice, type BotOptions, chooseCommand } from './choose.ts';

/** What the bot did for a seat: its choice, and the game's answer to it. */
export interface BotMove extends BotChoice {
  readonly result: CommandResult;
}

/**
 * A seat taken by the bot (a host's, a terminal game's, the lab's): when the game awaits a command
 * `player` may send (its turn's, or a battle's response, pass or decision), the bot chooses one
 * (`chooseCommand`) and sends it through the player's seat; null when the seat has nothing to send now
 * (the other player's turn, or a battle awaiting the other player). Call it after each step until it
 * gives null. Throws `RangeError` for a player who is not in the game, `TypeError` for a bad option.
 */
export function botMove(game: Game, player: PlayerId, options: BotOptions = {}): BotMove | null {
  const seat = game.seat(player);
  if (game.actor.getSnapshot().status !== 'active') return null;
  if (game.legalCommands(player).length === 0) return null;
  const choice = chooseCommand(game, player, options);
  return { ...choice, result: seat.send(choice.command) };
}
