import { generator } from '../src/bot/rng.ts';
import type { Command, Game, PlayerCommand } from '../src/index.ts';

/**
 * The players the bot's strength is measured against (issue 26): one choosing uniformly among its
 * legal commands, and a greedy one (attack whenever allowed, always the strongest outcome, every
 * response it may play). Each is seeded, so that a game replays.
 */

/** A player of the measure: the command it sends among those its seat may send now. */
export type Player = (game: Game, legal: readonly PlayerCommand[]) => Command;

/** Uniformly among the legal commands. */
export function randomPlayer(seed: number): Player {
  const pick = generator(seed);
  return (_game, legal) => legal[pick(legal.length)]!;
}

const STRONGEST_FIRST = ['mortally-wound', 'stun', 'none'] as const;

/**
 * Attacks whenever the rules allow (the first attack they list), takes the strongest outcome they
 * allow, plays every response it may (the first listed), and otherwise passes or ends its turn.
 */
export function greedyPlayer(): Player {
  return (_game, legal) => {
    const first = (type: Command['type']) => legal.find((command) => command.type === type);
    const decision = STRONGEST_FIRST.map((outcome) =>
      legal.find((command) => command.type === 'decide' && command.outcome === outcome),
    ).find(Boolean);
    return decision ?? first('respond') ?? first('attack') ?? first('pass') ?? first('endTurn') ?? legal[0]!;
  };
}
