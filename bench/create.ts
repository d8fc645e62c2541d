import { createGame, restoreGame, saveGame } from '../src/index.ts';
import { type Budget, type Elapsed, interleaved, type Series, sink, stopwatch } from './harness.ts';
import { ATTACK, battleSetup, idleSetup } from './setups.ts';

/**
 * What a client pays to start a game: `createGame` (the setup checked, the board set up, the actors
 * started) for the idle game of 40 cards and the 10-against-10 battle; and to save and restore one in
 * mid-battle, as a file holds it (JSON text), the save holding the battle actor, its open window, the
 * hologram actors and a command log.
 */

export interface StartResult {
  readonly createIdle: Series;
  readonly createBattle: Series;
  readonly save: Series;
  readonly restore: Series;
  readonly saveBytes: number;
  readonly idleCards: number;
  readonly battleCards: number;
}

function timed(run: () => void): Elapsed {
  const watch = stopwatch();
  run();
  return watch();
}

export function measureStart(budget: Budget): StartResult {
  const idle = idleSetup(40);
  const battle = battleSetup(10);
  let seed = 0;
  const createIdle = interleaved(budget.rounds, () => {
    let game: ReturnType<typeof createGame> | undefined;
    const ns = timed(() => {
      game = createGame(idle, { seed: ++seed });
    });
    game!.stop();
    return ns;
  });
  const createBattle = interleaved(budget.rounds, () => {
    let game: ReturnType<typeof createGame> | undefined;
    const ns = timed(() => {
      game = createGame(battle, { seed: ++seed });
    });
    game!.stop();
    return ns;
  });
  // In mid-battle: the attack announced, its first window open (no policies).
  const midBattle = createGame(battle, { seed: 7 });
  if (!midBattle.send(ATTACK).ok) throw new Error('the benchmark attack was refused');
  const text = JSON.stringify(saveGame(midBattle));
  const save = interleaved(budget.rounds, () =>
    timed(() => {
      sink.value += JSON.stringify(saveGame(midBattle)).length;
    }),
  );
  const restore = interleaved(budget.rounds, () => {
    let restored: ReturnType<typeof restoreGame> | undefined;
    const ns = timed(() => {
      restored = restoreGame(JSON.parse(text));
    });
    sink.value += restored!.step();
    restored!.stop();
    return ns;
  });
  midBattle.stop();
  return {
    createIdle,
    createBattle,
    save,
    restore,
    saveBytes: Buffer.byteLength(text),
    idleCards: idle.cards.length,
    battleCards: battle.cards.length,
  };
}
