/**
 * `stccg play FILE --bot PLAYER` (issue 26): a game on the terminal against the computer. Your seat's
 * table and legal commands, numbered; the bot's choices with their explanations; exit codes as every
 * command has them (0 a game played or left, 2 bad input).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { play } from '../src/cli/play.ts';
import { createGame, saveGame } from '../src/index.ts';
import { stccg } from './support/stccg.ts';
import { tempFolder } from './support/temp.ts';

const BOARDING_PARTY = 'examples/odds/boarding-party.json';
const FAST = ['--budget', '5'];

describe('stccg play', () => {
  it('shows your table and numbered commands, plays the bot’s explained choices, and ends with the losses (0)', async () => {
    const { code, stdout } = await stccg(
      'play',
      BOARDING_PARTY,
      '--bot',
      'bob',
      ...FAST,
      '--commands',
      '2,1,1,1,1,1,1',
      '--turns',
      '1',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^You are alice; bob is the computer/);
    expect(stdout).toContain('aboard I.K.S. Buruk: Data, The Doctor (active, wears Mobile Holo-Emitter)');
    expect(stdout).toContain("bob's hand: 1 card");
    expect(stdout).toMatch(
      / {2}2\. attack with Data, The Doctor and Starfleet Ensign against Klingon Warrior ×2 and Fek'lhr aboard I\.K\.S\. Buruk\n/,
    );
    expect(stdout).toContain('BATTLE-1: alice attacks with Data [data]');
    expect(stdout).toMatch(
      /bob \(computer\): .+\(\d+ playouts of \d+ plans\)|bob \(computer\): .+: the only command bob may send now/,
    );
    expect(stdout).toMatch(
      /The end \(.+\): alice lost \d+, bob lost \d+ \(personnel killed or captured\)\.\n$/,
    );
  });

  it('plays two bots against each other for the turns asked', async () => {
    const { code, stdout } = await stccg(
      'play',
      BOARDING_PARTY,
      '--bot',
      'alice',
      '--bot',
      'bob',
      ...FAST,
      '--turns',
      '2',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^alice and bob are the computer/);
    expect(stdout).toMatch(/alice \(computer\): /);
    expect(stdout).toMatch(/bob \(computer\): /);
    expect(stdout).toContain('The end (2 turns played)');
    expect(stdout).not.toContain('Your commands');
  });

  it('goes on from a save', async () => {
    const dir = tempFolder('play');
    const game = createGame(JSON.parse(readFileSync(BOARDING_PARTY, 'utf8')).setup, { seed: 3 });
    game.send({ type: 'endTurn', player: 'alice' });
    writeFileSync(join(dir, 'save.json'), JSON.stringify(saveGame(game)));
    const { code, stdout } = await stccg(
      'play',
      join(dir, 'save.json'),
      '--bot',
      'bob',
      ...FAST,
      '--turns',
      '1',
      '--commands',
      '1,1,1,1,1,1,1,1,1,1,1,1',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/bob \(computer\): /);
    expect(stdout).toContain('The end (1 turn played)');
  });

  it('asks again for a choice that is none of the commands, and ends when you type q', async () => {
    const lines: string[] = [];
    const typed = ['x', '99', '0', 'q'][Symbol.iterator]();
    const code = await play(
      BOARDING_PARTY,
      { bot: ['bob'], seed: 1, botSeed: 1, budget: 5 },
      {
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
        lines: { next: async () => typed.next() },
      },
    );
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain('"x" is none of the commands: a number from 1 to 11, or q');
    expect(text).toContain('"99" is none of the commands');
    expect(text).toContain('"0" is none of the commands');
    expect(text).toContain('The end (you left the game)');
  });

  it('refuses a bot that is no player of the game, a bad option and a file it cannot read (2)', async () => {
    const stranger = await stccg('play', BOARDING_PARTY, '--bot', 'carol');
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain('--bot carol is not a player of this game (alice, bob)');
    for (const args of [
      ['--budget', '0'],
      ['--turns', 'two'],
      ['--commands', '1,x'],
    ]) {
      const { code } = await stccg('play', BOARDING_PARTY, '--bot', 'bob', ...args);
      expect(code, args.join(' ')).toBe(2);
    }
    const missing = await stccg('play', '/no/such/file.json', '--bot', 'bob');
    expect(missing.code).toBe(2);
    const dir = tempFolder('play');
    writeFileSync(join(dir, 'bad.json'), '{ "players": ["alice"] }');
    const bad = await stccg('play', join(dir, 'bad.json'), '--bot', 'bob');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^stccg play: .*bad\.json: /);
  });

  it("plays from a replay's setup, as the README's line does (`stccg host --game` takes it too)", async () => {
    const { code, stdout } = await stccg(
      'play',
      'examples/replays/boarding-party.json',
      '--bot',
      'bob',
      ...FAST,
      '--commands',
      '1',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^You are alice; bob is the computer/);
  });

  it('tells copies of a card apart: on the table and in the commands, by their ids', async () => {
    const { code, stdout } = await stccg('play', BOARDING_PARTY, '--bot', 'bob', ...FAST, '--commands', '1');
    expect(code).toBe(0);
    const warriors = /Klingon Warrior \[([^\]]+)\], Klingon Warrior \[([^\]]+)\]/.exec(stdout);
    expect(warriors, stdout).not.toBeNull();
    expect(warriors![1]).not.toBe(warriors![2]);
    // Every numbered command of the first list reads differently from every other.
    const lines = stdout.split('\n');
    const from = lines.indexOf('Your commands:') + 1;
    const commands: string[] = [];
    for (const line of lines.slice(from)) {
      const numbered = /^ {2}\d+\. (.+)$/.exec(line);
      if (!numbered) break;
      commands.push(numbered[1]!);
    }
    expect(commands.length).toBeGreaterThan(1);
    expect(new Set(commands).size).toBe(commands.length);
  });

  it("--bot's help says its default in words, not as an empty list", async () => {
    const { stdout } = await stccg('play', '--help');
    expect(stdout).toContain("default: the game's second player");
    expect(stdout).not.toContain('(default: [])');
  });
});
