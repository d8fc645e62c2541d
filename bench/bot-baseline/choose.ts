import { derivedSeed } from '../../src/bot/rng.ts';
import { lossesOn, personnelOf } from '../../src/bot/score.ts';
import { Game } from '../../src/game/game.ts';
import { checkedOptions } from '../../src/game/options.ts';
import type { PlayerId } from '../../src/model/board.ts';
import type { PlayerCommand } from '../../src/model/commands.ts';
import { safeText } from '../../src/model/plain.ts';
import { workFor } from './budget.ts';
import { commandInWords, explanation } from './explain.ts';
import { plansFor } from './plans.ts';
import type { Searching } from './playout.ts';
import { search } from './search.ts';

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
   * The search's size as a number of playouts instead (each plan's playouts counted together), for
   * tests and for comparing budgets: overrides `budgetMs`.
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
/** At most this many playouts of one plan: past it, a plan's figures hardly move. */
const MAX_PLAYOUTS_PER_PLAN = 64;
/** The playouts of a `playouts` budget are counted as the work of playouts this long. */
const WORK_PER_PLAYOUT = 20;

/**
 * Chooses a command for `player` among the commands its seat may send now (`game.seat(player)`):
 * whom to attack with and whom, the outcome of a pairing, a response or a pass, an activation, an
 * emitter, a report or a move, or the end of the turn. Each command (and each regrouping of the
 * player's cards that its moves begin) is played out on forks of the game to the end of the
 * opponent's next turn, and scored by the opponent's personnel killed or captured minus the player's
 * own; the best is chosen, explained in a line. Deterministic for a seed. Leaves the game as it was.
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
      explanation: `${commandInWords(game, player, legal[0]!)}: the only command ${player} may send now`,
    };
  }
  const personnel = personnelOf(game);
  const searching: Searching = {
    me: player,
    opponent,
    personnel,
    lostBefore: lossesOn(board, personnel),
    step: game.step(),
    inBattle: game.battle() !== undefined,
  };
  const plans = plansFor(game, player, legal);
  const cards = Object.keys(board.cards).length;
  const work = playouts === undefined ? workFor(budgetMs, cards) : playouts * WORK_PER_PLAYOUT;
  const ranked = search(
    game,
    searching,
    plans,
    { work, maxPlayouts: MAX_PLAYOUTS_PER_PLAN },
    // Each decision its own seeds: the game's step tells one decision of a game from the next.
    derivedSeed(seed, game.step()),
  );
  return {
    command: ranked[0]!.plan.commands[0] as PlayerCommand,
    explanation: explanation(game, player, ranked, opponent),
  };
}
