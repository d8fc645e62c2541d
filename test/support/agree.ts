import { isDeepStrictEqual } from 'node:util';
import { gameStateOf } from '../../src/game/kernel-bridge.ts';
import type { CommandResult, Game } from '../../src/index.ts';
import type { Kernel, KernelResult } from '../../src/kernel/kernel.ts';
import type { GameState } from '../../src/kernel/state.ts';
import { plainBoard } from '../../src/model/card-record.ts';

/**
 * The differential check between the two drivers: after the same command, a game over the statecharts
 * and the kernel must hold the same position (board, generator, holograms, battle, awaited decision,
 * last battle, step), answer alike, allow the same commands and await the same decision. Returns what
 * differs, in words, or undefined when they agree.
 */

/** A position as plain data to compare: the board's cards as a plain record. */
function comparable(position: GameState): Record<string, unknown> {
  return { ...position, board: plainBoard(position.board) };
}

/** The first key at which two values differ, as a path ("battle.context.piles"), or undefined. */
export function whereTheyDiffer(a: unknown, b: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) === !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const inner = whereTheyDiffer(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (inner !== undefined) return inner;
    }
  }
  return `${path || '(value)'}: ${JSON.stringify(a)?.slice(0, 400)} ≠ ${JSON.stringify(b)?.slice(0, 400)}`;
}

export function disagreement(
  game: Game,
  kernel: Kernel,
  results?: { game: CommandResult; kernel: KernelResult },
): string | undefined {
  if (results) {
    const answer = whereTheyDiffer(results.game, results.kernel, 'answer');
    if (answer) return answer;
  }
  const position = whereTheyDiffer(comparable(gameStateOf(game)), comparable(kernel.state), 'position');
  if (position) return position;
  const awaiting = whereTheyDiffer(game.awaiting(), kernel.awaiting(), 'awaiting');
  if (awaiting) return awaiting;
  for (const player of game.board().players) {
    const legal = whereTheyDiffer(
      game.legalCommands(player),
      kernel.legalCommands(player),
      `legal(${player})`,
    );
    if (legal) return legal;
  }
  return undefined;
}
