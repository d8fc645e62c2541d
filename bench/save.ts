import { type Command, createGame, type Game, restoreGame, saveGame } from '../src/index.ts';
import { type Budget, sink, type Timing, timeTask } from './harness.ts';
import { ATTACK, battleSetup } from './setups.ts';

/**
 * Save and restore of a game in mid-battle: a 10-against-10 battle, played (without policies) to the
 * window of its fourth pairing, so the save holds the battle actor, its open window, the hologram
 * actors and a command log. A save is written as a file would hold it (JSON text) and read back from one.
 */

export interface SaveResult {
  readonly save: Timing;
  readonly restore: Timing;
  readonly saveAndRestore: Timing;
  readonly bytes: number;
  readonly logLength: number;
}

/** The game at the fourth pairing's window. */
function midBattle(): Game {
  const game = createGame(battleSetup(10), { seed: 7 });
  const send = (command: Command) => {
    const result = game.send(command);
    if (!result.ok) throw new Error(result.rejection.message);
  };
  send(ATTACK);
  for (;;) {
    const battle = game.battle();
    const awaiting = game.awaiting();
    if (!battle || !awaiting) throw new Error('the battle ended before its fourth pairing');
    if (battle.step === 'engaged' && battle.data.pairing?.number === 4) return game;
    send(
      awaiting.for === 'response'
        ? { type: 'pass', player: awaiting.player }
        : { type: 'decide', player: awaiting.player, outcome: awaiting.options.at(-1) ?? 'none' },
    );
  }
}

export async function measureSave(budget: Budget): Promise<SaveResult> {
  const game = midBattle();
  const text = JSON.stringify(saveGame(game));
  const restoreOnce = (from: string) => {
    const restored = restoreGame(JSON.parse(from));
    sink.value += restored.step();
    restored.stop();
  };
  const save = await timeTask(
    'save (mid-battle)',
    () => {
      sink.value += JSON.stringify(saveGame(game)).length;
      return undefined;
    },
    budget,
  );
  const restore = await timeTask(
    'restore (mid-battle)',
    () => {
      restoreOnce(text);
      return undefined;
    },
    budget,
  );
  const saveAndRestore = await timeTask(
    'save + restore (mid-battle)',
    () => {
      restoreOnce(JSON.stringify(saveGame(game)));
      return undefined;
    },
    budget,
  );
  game.stop();
  return { save, restore, saveAndRestore, bytes: Buffer.byteLength(text), logLength: game.log().length };
}
