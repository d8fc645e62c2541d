import { chooseCommand } from '../src/bot/index.ts';
import { generator } from '../src/bot/rng.ts';
import type { Command, Game, PlayerCommand, PlayerId } from '../src/index.ts';
import { chooseCommand as baselineChoice } from './bot-baseline/index.ts';

/**
 * The players the bot's strength is measured against (issues 26 and 30): one choosing uniformly among
 * its legal commands; a greedy one; the 0.7.0 bot (bench/bot-baseline); and the bot itself at another
 * budget. Each is seeded, so that a game replays.
 */

/** A player of the measure: the command it sends among those its seat may send now. */
export type Player = (game: Game, legal: readonly PlayerCommand[], player: PlayerId) => Command;

/** Uniformly among the legal commands. */
export function randomPlayer(seed: number): Player {
  const pick = generator(seed);
  return (_game, legal) => legal[pick(legal.length)]!;
}

const STRONGEST_FIRST = ['mortally-wound', 'stun', 'none'] as const;

/**
 * Takes the strongest outcome the rules allow, plays every response it may (the first listed),
 * activates its holograms, attacks whenever the rules allow (the first attack they list), moves its
 * personnel toward the opponent's (each card once a turn: where an adversary stands), and otherwise
 * passes or ends its turn.
 */
export function greedyPlayer(): Player {
  let movedTurn = -1;
  const moved = new Set<string>();
  return (game, legal) => {
    const first = (type: Command['type']) => legal.find((command) => command.type === type);
    const decision = STRONGEST_FIRST.map((outcome) =>
      legal.find((command) => command.type === 'decide' && command.outcome === outcome),
    ).find(Boolean);
    const board = game.board();
    if (board.turn.number !== movedTurn) {
      movedTurn = board.turn.number;
      moved.clear();
    }
    const towards = legal.find((command) => {
      if (command.type !== 'move' || command.cards.some((card) => moved.has(card))) return false;
      const mover = board.cards[command.cards[0]!]!;
      return Object.values(board.cards).some(
        (card) =>
          card.owner !== mover.owner &&
          ('aboard' in command.to
            ? card.at.in === 'aboard' && card.at.host === command.to.aboard
            : card.at.in === 'planet' && card.at.location === command.to.planet),
      );
    });
    const choice =
      decision ??
      first('respond') ??
      first('activate') ??
      first('attack') ??
      towards ??
      first('pass') ??
      first('endTurn') ??
      legal[0]!;
    if (choice.type === 'move') for (const card of choice.cards) moved.add(card);
    return choice;
  };
}

/** The 0.7.0 bot (flat Monte-Carlo over single commands), at its default budget. */
export function baselinePlayer(seed: number, budgetMs = 100): Player {
  return (game, _legal, player) => baselineChoice(game, player, { budgetMs, seed }).command;
}

/** The bot itself at another budget. */
export function botPlayer(seed: number, budgetMs: number): Player {
  return (game, _legal, player) => chooseCommand(game, player, { budgetMs, seed }).command;
}
