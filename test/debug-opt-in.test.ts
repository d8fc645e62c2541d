import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameOptions } from '../src/game/game.ts';

/**
 * Visual debugging is opt-in and costs nothing when off: the demo's games get no inspection observer
 * unless a trace or Stately is asked for, and `@statelyai/inspect` is never even imported unless
 * `--stately` is given. (The package is replaced here by a stand-in that notes being imported; the
 * real one needs stately.ai, which tests never reach.)
 */

const seen = vi.hoisted(() => ({ statelyImported: false, gameOptions: [] as GameOptions[] }));

vi.mock('@statelyai/inspect', () => {
  seen.statelyImported = true;
  return { createInspector: () => ({ inspect: { next: () => {} }, stop: () => {} }) };
});

vi.mock('../src/game/game.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/game/game.ts')>();
  return {
    ...original,
    createGame: (setup: unknown, options: GameOptions = {}) => {
      seen.gameOptions.push(options);
      return original.createGame(setup, options);
    },
  };
});

const { main } = await import('../src/cli/main.ts');

describe('visual debugging is opt-in', () => {
  let dir = '';
  const out: string[] = [];
  beforeEach(() => {
    seen.gameOptions = [];
    out.length = 0;
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the plain demo creates its games with no inspection observer, and never loads the inspector', async () => {
    expect(await main(['demo'])).toBe(0);
    expect(seen.gameOptions).toHaveLength(2);
    for (const options of seen.gameOptions) expect(options).not.toHaveProperty('inspect');
    expect(seen.statelyImported).toBe(false);
  });

  it('the demo with --trace inspects only its battle, writes the trace, and still never loads the inspector', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stccg-opt-in-'));
    const path = join(dir, 'battle.jsonl');
    expect(await main(['demo', '--trace', path])).toBe(0);
    expect(seen.gameOptions.map((options) => typeof options.inspect)).toEqual(['undefined', 'function']);
    expect((await readFile(path, 'utf8')).split('\n')[0]).toContain('"format":"stccg-trace"');
    expect(out.join('')).toContain(`trace of the battle: ${path}`);
    expect(seen.statelyImported).toBe(false);
  });

  it('charts and view never load the inspector either', async () => {
    dir ||= await mkdtemp(join(tmpdir(), 'stccg-opt-in-'));
    expect(await main(['charts', '--out', join(dir, 'charts')])).toBe(0);
    expect(await main(['view', join(dir, 'battle.jsonl'), '--out', join(dir, 'battle.html')])).toBe(0);
    expect(seen.statelyImported).toBe(false);
  });
});
