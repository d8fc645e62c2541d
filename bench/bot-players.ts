import type { Command, Game, PlayerCommand } from '../src/index.ts';

/**
 * The players the bot's strength is measured against (issue 26): one choosing uniformly among its
 * legal commands, and a greedy one (attack whenever allowed, always the strongest outcome, every
 * response it may play). Each is seeded, so that a game replays.
 */

/** A player of the measure: the command it sends among those its seat may send now. */
export type Player = (game: Game, legal: readonly PlayerCommand[]) => Command;

/** A seeded generator of whole numbers below a bound (mulberry32). */
function generator(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

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
