import { Game } from '../game/game.ts';
import { kernelOf } from '../game/kernel-bridge.ts';
import { checkedOptions } from '../game/options.ts';
import type { PlayerId } from '../model/board.ts';
import type { PlayerCommand } from '../model/commands.ts';
import { safeText } from '../model/plain.ts';
import { workFor } from './budget.ts';
import { commandInWords, explanation } from './explain.ts';
import { candidatesOf, keyOf, memoryOf } from './plans.ts';
import type { Searching } from './playout.ts';
import { derivedSeed } from './rng.ts';
import { lostBy, personnelOf } from './score.ts';
import { chosen, search } from './search.ts';

/** How the bot decides (`chooseCommand(game, player, options)`). */
export interface BotOptions {
  /**
   * The time the decision may take, in milliseconds (default 100), as the work a search of that length
   * does on the benchmark machine: counted, not timed, so the choice depends on the seed alone.
   */
  readonly budgetMs?: number;
  /** Seeds the playouts (a whole number from 0 to 2^32 - 1; default 1): the same seed, the same choice. */
  readonly seed?: number;
  /**
   * The search's size as a number of playouts instead (each an iteration of the tree search: down the
   * tree, then played out), for tests and for comparing budgets: overrides `budgetMs`.
   */
  readonly playouts?: number;
}

/** The bot's choice: one of the seat's legal commands, and why, in a line a player can read. */
export interface BotChoice {
  /** One of `game.seat(player).payload().legal`, as the seat gave it (with its step). */
  readonly command: PlayerCommand;
  readonly explanation: string;
}

/** The default budget: a decision in at most about this long on the benchmark machine. */
export const DEFAULT_BUDGET_MS = 100;

/**
 * Chooses a command for `player` among the commands its seat may send now (`game.seat(player)`):
 * whom to attack with and whom, the outcome of a pairing, a response or a pass, an activation, an
 * emitter, a report or a move, or the end of the turn. It plans the whole turn: a tree search over
 * the sequences of its own commands (moves, activations, the attack, then its responses and decisions
 * in the battle), each iteration on a kernel fork where what it cannot see is drawn anew and the
 * opponent answers the battles, played on to the end of the opponent's next turn and scored by the
 * opponent's personnel killed or captured minus the player's own; the first command of the best turn
 * is chosen, explained in a line. Deterministic for a seed. Leaves the game as it was.
 * Throws `RangeError` for a player who is not in the game or has no command to send now, `TypeError`
 * for a bad option or something that is not a game.
 */
export function chooseCommand(game: Game, player: PlayerId, given: BotOptions = {}): BotChoice {
  if (!(game instanceof Game)) throw new TypeError('chooseCommand takes a game (createGame, restoreGame...)');
  const options = checkedOptions(given, 'chooseCommand', ['budgetMs', 'seed', 'playouts']);
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  if (typeof budgetMs !== 'number' || !(budgetMs > 0) || !Number.isFinite(budgetMs))
    throw new TypeError(
      `budgetMs is a number of milliseconds above 0, not ${safeText(String(budgetMs), 40)}`,
    );
  const seed = options.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0 || seed > 0xffff_ffff)
    throw new TypeError(`a seed is a whole number from 0 to 4294967295, not ${safeText(String(seed), 40)}`);
  const playouts = options.playouts;
  if (
    playouts !== undefined &&
    (typeof playouts !== 'number' || !Number.isSafeInteger(playouts) || playouts < 1)
  )
    throw new TypeError(`playouts is a whole number of 1 or more, not ${safeText(String(playouts), 40)}`);
  // The seat's door: a RangeError for a name that is no player's.
  const { legal } = game.seat(player).payload();
  if (legal.length === 0) {
    const awaiting = game.awaiting();
    throw new RangeError(
      `${safeText(player, 40)} has no command to send now: ${awaiting ? `the battle awaits ${awaiting.player}` : `it is ${game.board().turn.player}'s turn`}`,
    );
  }
  const board = game.board();
  const opponent = board.players.find((p) => p !== player)!;
  if (legal.length === 1) {
    return {
      command: legal[0]!,
      explanation: `${commandInWords(game, player, legal[0]!, board, opponent)}: the only command ${player} may send now`,
    };
  }
  const root = kernelOf(game, { events: false });
  const personnel = personnelOf(root.table());
  const searching: Searching = {
    me: player,
    opponent,
    personnel,
    lostBefore: {
      me: lostBy(board, personnel, player),
      opponent: lostBy(board, personnel, opponent),
    },
  };
  const memory = memoryOf(game.log(), player);
  // The seat's commands, as keys: the search plays the kernel's own (without their step).
  const seatCommands = new Map(legal.map((command) => [keyOf(command), command]));
  const candidates = candidatesOf(root.legalCommands(player), memory, board).filter((candidate) =>
    seatCommands.has(keyOf(candidate.command)),
  );
  // Should the seat and the kernel ever list different commands, the seat's first rather than none.
  if (candidates.length === 0)
    return {
      command: legal[0]!,
      explanation: `${commandInWords(game, player, legal[0]!, board, opponent)}: the first command ${player} may send now`,
    };
  const cards = Object.keys(board.cards).length;
  const size = playouts === undefined ? { work: workFor(budgetMs, cards) } : { iterations: playouts };
  // Each decision its own seeds: the game's step tells one decision of a game from the next.
  const result = search(root, searching, candidates, memory, size, derivedSeed(seed, game.step()));
  const best = chosen(result.root) ?? result.root.edges.values().next().value!;
  return {
    command: seatCommands.get(keyOf(best.candidate.command))!,
    explanation: explanation(game, player, result, opponent),
  };
}
