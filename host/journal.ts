import { type Game, resumeGame, type SavedGame, type SaveKey } from '../src/index.ts';
import { sealProblem } from './seal.ts';
import type { LoadedGame, StoredStep } from './store/store.ts';

/** A game rebuilt from its journal, and the seal its next step chains to. */
export interface RebuiltGame {
  readonly game: Game;
  /** The seal of the last step stored (or the checkpoint's signature, where none follows it). */
  readonly lastSeal: string;
}

/**
 * A game rebuilt from what its store holds, its latest checkpoint and the steps after it, each step
 * checked against its seal before any is played: throws (an `Error` saying why) where the journal is not
 * this game's as a host of these keys wrote it, so that a row changed, added or dropped in the store is
 * never played.
 */
export function rebuildGame(
  gameId: string,
  loaded: LoadedGame,
  keys: readonly SaveKey[],
  history: number,
): RebuiltGame {
  const checkpoint = JSON.parse(loaded.checkpoint.save) as SavedGame;
  const problem = journalProblem(gameId, keys, checkpoint, loaded.checkpoint.step, loaded.steps);
  if (problem) throw new Error(problem);
  // resumeGame checks the checkpoint's own signature against the same keys.
  const game = resumeGame(
    checkpoint,
    loaded.steps.map((step) => step.command),
    { key: keys, history },
  );
  return { game, lastSeal: loaded.steps.at(-1)?.mac ?? checkpoint.signature?.mac ?? '' };
}

/**
 * Why a checkpoint and the steps after it are not this game's, as a host of these keys wrote them: a
 * checkpoint of another game or step, or steps not running on from it one by one, each sealed in a chain
 * from the checkpoint's signature. Undefined where they are.
 */
export function journalProblem(
  gameId: string,
  keys: readonly SaveKey[],
  checkpoint: SavedGame,
  step: number,
  steps: readonly StoredStep[],
): string | undefined {
  if (checkpoint.id !== gameId) return `its checkpoint is of another game ("${String(checkpoint.id)}")`;
  if (checkpoint.logStart !== step) return `its checkpoint of step ${step} holds step ${checkpoint.logStart}`;
  let previous = checkpoint.signature?.mac ?? '';
  for (const [i, stored] of steps.entries()) {
    if (stored.step !== step + i + 1)
      return `its steps do not run on from step ${step} (step ${stored.step} follows)`;
    const problem = sealProblem(keys, gameId, stored, previous);
    if (problem) return problem;
    previous = stored.mac ?? '';
  }
  return undefined;
}
