/**
 * What every client does first: plays the example's command log in one game, and again in two halves
 * with a save (through JSON text) and a restore between. Both must end in the very same state.
 */
export function playSaveRestore({ createGame, saveGame, restoreGame }, example) {
  const options = { seed: example.seed };
  const sendAll = (game, commands) => {
    for (const command of commands) {
      const result = game.send(command);
      if (!result.ok) throw new Error(`refused: ${result.rejection.message}`);
    }
  };
  const whole = createGame(example.setup, options);
  sendAll(whole, example.log);
  const half = Math.floor(example.log.length / 2);
  const first = createGame(example.setup, options);
  sendAll(first, example.log.slice(0, half));
  const save = JSON.parse(JSON.stringify(saveGame(first)));
  first.stop();
  const restored = restoreGame(save);
  sendAll(restored, example.log.slice(half));
  const same = JSON.stringify(restored.persistedSnapshot()) === JSON.stringify(whole.persistedSnapshot());
  const summary = { commands: example.log.length, saveVersion: save.version, step: restored.step(), same };
  whole.stop();
  restored.stop();
  return summary;
}
