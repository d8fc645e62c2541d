import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/main.ts';
import { parseTrace } from '../src/debug/trace-records.ts';
import { checksumOfSaveBody } from '../src/game/save.ts';
import { replayGame, saveGame } from '../src/index.ts';
import { stccg } from './support/stccg.ts';
import { tempFolder } from './support/temp.ts';

/**
 * The conventions every `stccg` command keeps (docs/cli.md): `--version`; exit code 0 success, 1 a
 * ruling or check failed, 2 bad input or usage; `--json` on every command that reports; `run --trace`
 * writes exactly what it says.
 */

const RULING = 'examples/rulings/battle-4d-face-up-is-announced.json';
const temp = () => tempFolder('cli');

describe('stccg conventions', () => {
  it('--version prints the package version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
    const { code, stdout } = await stccg('--version');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(version);
  });

  it('usage errors exit 2: no command, an unknown command, an unknown option, a bad option value', async () => {
    for (const args of [[], ['deal'], ['run', RULING, '--colour'], ['demo', '--seed', 'x'], ['run']]) {
      const { code, stderr } = await stccg(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr, args.join(' ')).not.toBe('');
    }
  });

  it('--help lists every command as its own module defines it (the modules load only when they run)', async () => {
    const { code, stdout } = await stccg('--help');
    expect(code).toBe(0);
    for (const command of COMMANDS) {
      const program = new Command();
      (await command.load()).register(program);
      const [defined] = program.commands;
      expect(defined!.name()).toBe(command.name);
      expect(defined!.description()).toBe(command.description);
      expect(
        defined!.registeredArguments
          .map((a) => (a.variadic ? `<${a.name()}...>` : `<${a.name()}>`))
          .join(' '),
      ).toBe(command.args);
      expect(stdout).toContain(`${command.name} ${command.args}`.trim());
    }
    expect(stdout).toContain('Exit codes: 0 success, 1 a ruling or check failed, 2 bad input or usage');
  });

  it('without xstate: --help and --version load only the argument parser; a command says what to install (2)', () => {
    // A loader hook that finds no xstate, as a client without the peer would.
    const dir = temp();
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `export async function resolve(specifier, context, next) {
        if (specifier === 'xstate' || specifier.startsWith('xstate/')) {
          const error = new Error(\`Cannot find package '\${specifier}' imported from \${context.parentURL}\`);
          error.code = 'ERR_MODULE_NOT_FOUND';
          throw error;
        }
        return next(specifier, context);
      }\n`,
    );
    writeFileSync(
      join(dir, 'without-xstate.mjs'),
      "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n",
    );
    const stccg = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', join(dir, 'without-xstate.mjs'), 'bin/stccg-dev.mjs', ...args],
        {
          encoding: 'utf8',
        },
      );
    const help = stccg('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: stccg');
    const version = stccg('--version');
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    const demo = stccg('demo');
    expect(demo.status).toBe(2);
    expect(demo.stderr).toBe(
      'stccg demo: needs xstate, a peer dependency of stccg-rules, and it is not installed.\n' +
        'Install it beside the package: npm install xstate@^5.24.0\n',
    );
  });

  it('a missing file is bad input (2) for every command that reads one', async () => {
    for (const command of ['run', 'replay', 'view', 'odds']) {
      const { code } = await stccg(command, '/no/such/file.json');
      expect(code, command).toBe(2);
    }
  });
});

describe('stccg run --trace writes what it says', () => {
  it('OUT.jsonl with one scenario: that one file', async () => {
    const dir = temp();
    const out = join(dir, 'one.jsonl');
    expect((await stccg('run', RULING, '--trace', out)).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['one.jsonl']);
    expect(parseTrace(readFileSync(out, 'utf8')).records.length).toBeGreaterThan(0);
  });

  it('OUT.jsonl with a folder of scenarios: refused (2), nothing written', async () => {
    const dir = temp();
    const { code, stderr } = await stccg('run', 'examples/rulings', '--trace', join(dir, 'all.jsonl'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/is one file, but \d+ scenario files are named/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a folder OUT: one <scenario>.jsonl per scenario inside it, nothing beside it', async () => {
    const dir = temp();
    const second = 'examples/rulings/battle-4c-equal-strength.json';
    expect((await stccg('run', RULING, second, '--trace', join(dir, 'traces'))).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['traces']);
    expect(readdirSync(join(dir, 'traces')).sort()).toEqual([
      'battle-4c-equal-strength.jsonl',
      'battle-4d-face-up-is-announced.jsonl',
    ]);
  });
});

describe('--json on every command that reports', () => {
  it('replay --json: the outcome as data; a snapshot not reached exits 1', async () => {
    const dir = temp();
    const example = JSON.parse(readFileSync('examples/replays/boarding-party.json', 'utf8'));
    const save = saveGame(replayGame({ setup: example.setup, seed: example.seed, cards: [] }, example.log));
    writeFileSync(join(dir, 'save.json'), JSON.stringify(save));
    const ok = await stccg('replay', join(dir, 'save.json'), '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      commands: 15,
      step: 15,
      matchesSnapshot: true,
      error: null,
    });
    // Another snapshot with its checksum made anew: the save passes its checks, the replay differs.
    const { checksum: _, ...body } = { ...save, snapshot: { value: 'elsewhere' } };
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...body, checksum: checksumOfSaveBody(body) }));
    const differs = await stccg('replay', join(dir, 'other.json'), '--json');
    expect(differs.code).toBe(1);
    expect(JSON.parse(differs.stdout)).toMatchObject({ matchesSnapshot: false });
    const missing = await stccg('replay', join(dir, 'none.json'), '--json');
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error).toMatch(/cannot read a JSON file/);
  });

  it('replay of an older save: a version 2 save reaches its snapshot (migrated as restoreGame reads it); a version 1 save is replayed without comparing its snapshot', async () => {
    const dir = temp();
    const fixtures = JSON.parse(readFileSync('test/fixtures/saves-v2.json', 'utf8')) as Record<
      string,
      { version: number; checksum: string }
    >;
    for (const [name, save] of Object.entries(fixtures)) {
      expect(save.version).toBe(2);
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(save));
      const replayed = await stccg('replay', join(dir, `${name}.json`), '--json');
      expect(replayed.code, name).toBe(0);
      expect(JSON.parse(replayed.stdout), name).toMatchObject({ matchesSnapshot: true, error: null });
    }
    // A version 1 save (0.1): its snapshot is of a shape no longer read, its origin and log still replay.
    const { checksum: _, ...body } = { ...fixtures.afterBattle!, version: 1 };
    writeFileSync(
      join(dir, 'v1.json'),
      JSON.stringify({ ...body, checksum: checksumOfSaveBody(body as never) }),
    );
    const old = await stccg('replay', join(dir, 'v1.json'));
    expect(old.code).toBe(0);
    expect(old.stdout).toMatch(/its snapshot is not compared: this is a version 1 save/);
    const oldJson = await stccg('replay', join(dir, 'v1.json'), '--json');
    expect(JSON.parse(oldJson.stdout)).toMatchObject({
      matchesSnapshot: null,
      error: null,
      note: expect.stringMatching(/its snapshot is not compared: this is a version 1 save/),
    });
    // Damaged (its checksum does not match), whatever its version: refused.
    writeFileSync(join(dir, 'damaged.json'), JSON.stringify({ ...body, checksum: 'f'.repeat(64) }));
    expect((await stccg('replay', join(dir, 'damaged.json'))).code).toBe(1);
  });

  it('charts --json and view --json: what was written', async () => {
    const dir = temp();
    const charts = await stccg('charts', '--out', join(dir, 'charts'), '--json');
    expect(charts.code).toBe(0);
    const { written } = JSON.parse(charts.stdout) as { written: string[] };
    expect(written).toHaveLength(8);
    for (const path of written) expect(existsSync(path)).toBe(true);
    const trace = join(dir, 'trace.jsonl');
    await stccg('run', RULING, '--trace', trace);
    const view = await stccg('view', trace, '--json');
    expect(view.code).toBe(0);
    expect(JSON.parse(view.stdout)).toMatchObject({
      page: join(dir, 'trace.html'),
      records: expect.any(Number),
    });
  });
});
