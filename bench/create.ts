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

/** Untimed runs of each measure before its rounds: see `warmUp` (battle.ts) for why both sides run hot. */
const WARM_UP_RUNS = 150;

export function measureStart(budget: Budget): StartResult {
  const idle = idleSetup(40);
  const battle = battleSetup(10);
  let seed = 0;
  // In mid-battle: the attack announced, its first window open (no policies).
  const midBattle = createGame(battle, { seed: 7 });
  if (!midBattle.send(ATTACK).ok) throw new Error('the benchmark attack was refused');
  const text = JSON.stringify(saveGame(midBattle));
  // The battles of the warm-up compiled the commands; creating, saving and restoring a game (the setup
  // checked, the save's schema and checksum) are paths of their own, compiled here, as in a server that
  // restores games all day. Seeds far from the timed ones.
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    createGame(idle, { seed: 1_000_000 + i }).stop();
    createGame(battle, { seed: 1_000_000 + i }).stop();
    sink.value += JSON.stringify(saveGame(midBattle)).length;
    restoreGame(JSON.parse(text)).stop();
  }
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
