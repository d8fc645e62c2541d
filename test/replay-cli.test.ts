import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../src/cli/replay.ts';
import { replayGame, restoreGame, saveGame } from '../src/index.ts';
import { tempFolder } from './support/temp.ts';

const EXAMPLE = 'examples/replays/boarding-party.json';

function run(file: string, narrate = false) {
  const lines: string[] = [];
  const code = replay(file, narrate, (line) => lines.push(line));
  return { code, text: lines.join('\n') };
}

describe('stccg replay', () => {
  it('replays a command log to the same game, narrating each command with its clauses', () => {
    const { code, text } = run(EXAMPLE, true);
    expect(code).toBe(0);
    expect(text).toContain('BATTLE-3: combat piles of 3 and 3 cards');
    expect(text).toContain('replayed 15 commands; the game is at step 15, turn 6');
  });

  it('checks a save: the replayed game must reach the saved snapshot', () => {
    const example = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
    const game = replayGame({ setup: example.setup, seed: example.seed, cards: [] }, example.log);
    const dir = tempFolder('replay');
    const save = saveGame(game);
    writeFileSync(join(dir, 'save.json'), JSON.stringify(save));
    expect(run(join(dir, 'save.json'))).toMatchObject({ code: 0 });
    expect(run(join(dir, 'save.json')).text).toContain('matches the saved snapshot');
    // The same save restores, too, at the same step.
    expect(restoreGame(save).step()).toBe(15);
    const other = {
      ...save,
      snapshot: { ...(save.snapshot as object), status: 'active', value: 'battling' },
    };
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
    expect(run(join(dir, 'other.json'))).toMatchObject({ code: 1 });
  });

  it('refuses a file that is not a log, or a log that does not fit its setup, without a stack trace', () => {
    const dir = tempFolder('replay');
    writeFileSync(join(dir, 'bad.json'), '{"hello": 1}');
    writeFileSync(join(dir, 'broken.json'), '{"log": [');
    const example = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
    writeFileSync(
      join(dir, 'wrong.json'),
      JSON.stringify({ ...example, log: [{ type: 'endTurn', player: 'bob' }] }),
    );
    for (const [file, code, message] of [
      ['bad.json', 2, /not a command log/],
      ['broken.json', 2, /cannot read a JSON file/],
      ['wrong.json', 1, /log entry 0 \(endTurn\) is refused on replay: GAME-TURN-1/],
    ] as const) {
      const result = run(join(dir, file));
      expect(result.code).toBe(code);
      expect(result.text).toMatch(message);
      expect(result.text).not.toMatch(/\n\s+at /);
    }
  });
});
