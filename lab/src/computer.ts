import { useEffect } from 'react';
import type { Command } from 'stccg-rules';
import { chooseCommand } from 'stccg-rules/bot';
import type { LabSession } from './session.ts';

/**
 * "Play against the computer": the sides the computer plays (`stccg-rules/bot`) answer by themselves.
 * Whenever the game awaits one of them, at the end of the session's line (never while stepping through
 * it: an answer there would start a branch), the bot chooses after a short pause, so that each of its
 * moves shows, and its choice is sent like a click, with the line that explains it.
 */

/** The pause before each of the computer's moves, in ms: long enough to see the table change. */
const PAUSE_MS = 250;

export function useComputer(
  session: LabSession,
  version: number,
  sides: ReadonlySet<string>,
  play: (player: string, command: Command, explanation: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the session does (a command, a step)
  useEffect(() => {
    if (sides.size === 0 || session.cursor !== session.entries.length) return;
    const game = session.game;
    if (game.actor.getSnapshot().status !== 'active') return;
    const player = game.awaiting()?.player ?? game.board().turn.player;
    if (!sides.has(player) || game.legalCommands(player).length === 0) return;
    const timer = setTimeout(() => {
      // A seed of its own for each move of the line: the same session, the same choices.
      const choice = chooseCommand(game, player, { seed: session.cursor + 1 });
      play(player, choice.command, choice.explanation);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [session, version, sides, play]);
}
