import type { Actor, Snapshot } from 'xstate';
import type { gameMachine } from '../../machines/game.machine.ts';
import type { Board } from '../model/board.ts';
import { seedRandom } from '../rules/random.ts';

/**
 * What a fork of a game starts from (`game.fork()`): the persisted snapshot a save would hold, made
 * without the walks and copies a save needs, and the board apart. The board is left out of XState's
 * walks (persisting and reviving look through every object for actors; the board is frozen and holds
 * none) and put back into the revived context (see `Resumption.board`): the fork shares it, as it
 * shares the battle's and the holograms' data, for every command makes a new board rather than
 * writing to one (see `draftOf`). Nothing goes through JSON: the context and the map of hologram
 * actors are new objects (XState's persisting copies whatever holds an actor), into which the revival
 * writes the fork's own actors.
 *
 * With a seed, the fork's generator starts afresh from it (as each battle of the odds does), so that
 * forks played on from one position draw different piles and kills; without one, it draws the same
 * numbers as the game.
 */
export function forkSnapshot(
  actor: Actor<typeof gameMachine>,
  seed?: number,
): { readonly snapshot: Snapshot<unknown>; readonly board: Board } {
  const snapshot = actor.getSnapshot();
  const { board } = snapshot.context;
  // The machine's own persisting (the gate's hook included), of the context without its board.
  const persisted = actor.logic.getPersistedSnapshot({
    ...snapshot,
    context: { ...snapshot.context, board: null as never },
  } as typeof snapshot) as unknown as { context: Record<string, unknown> };
  // A new context object in any case (without an actor in it, XState would hand back the one given).
  persisted.context = {
    ...persisted.context,
    ...(seed === undefined ? {} : { random: seedRandom(seed) }),
  };
  return { snapshot: persisted as unknown as Snapshot<unknown>, board };
}
