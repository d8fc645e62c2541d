import type { Actor, Snapshot } from 'xstate';
import type { gameMachine } from '../../machines/game.machine.ts';
import type { Board, CardId } from '../model/board.ts';
import { reshuffledPiles } from '../rules/battle/sequence.ts';
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
 */
export interface ForkStart {
  readonly snapshot: Snapshot<unknown>;
  readonly board: Board;
}

/**
 * How a fork's chances differ from its game's. With a seed, the fork's generator starts afresh from it
 * (as each battle of the odds does), so that forks played on from one position draw different piles
 * and kills; without one, it draws the same numbers as the game. `reshuffle` also puts the face-down
 * combat piles of a running battle in a new order drawn from that seed (BATTLE-3): a search that plays
 * on from what a player knows (which cards are in each pile, not their order) rather than from what
 * only the game knows.
 */
export interface ForkChances {
  readonly seed?: number;
  readonly reshuffle?: boolean;
}

export function forkSnapshot(actor: Actor<typeof gameMachine>, chances: ForkChances = {}): ForkStart {
  const snapshot = actor.getSnapshot();
  const { board } = snapshot.context;
  // The machine's own persisting (the gate's hook included), of the context without its board.
  const persisted = actor.logic.getPersistedSnapshot({
    ...snapshot,
    context: { ...snapshot.context, board: null as never },
  } as typeof snapshot) as unknown as { context: Record<string, unknown>; children: Children };
  let random = chances.seed === undefined ? undefined : seedRandom(chances.seed);
  if (random && chances.reshuffle) {
    const battle = persisted.children.battle;
    const piles = battle?.snapshot.context.piles;
    const reshuffled = piles ? reshuffledPiles(piles, random) : undefined;
    if (battle && reshuffled) {
      random = reshuffled.random;
      // The battle's context is the live battle's own (it holds no actor): the fork's is a copy.
      persisted.children = {
        ...persisted.children,
        battle: {
          ...battle,
          snapshot: {
            ...battle.snapshot,
            context: {
              ...battle.snapshot.context,
              piles: reshuffled.piles,
            },
          },
        },
      };
    }
  }
  // A new context object in any case (without an actor in it, XState would hand back the one given).
  persisted.context = { ...persisted.context, ...(random ? { random } : {}) };
  return { snapshot: persisted as unknown as Snapshot<unknown>, board };
}

/** The persisted children of a game, as far as the reshuffle reads them. */
type Children = Record<string, { snapshot: { context: Record<string, unknown> } }> & {
  battle?: {
    snapshot: {
      context: { piles?: { attacker: readonly CardId[]; defender: readonly CardId[] } };
    };
  };
};
