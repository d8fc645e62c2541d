import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { build, createServer as createViteServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_VERSION } from '../src/index.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts';

/**
 * The package as a client gets it (test/consumer/README.md): packed with `npm pack` (which builds it),
 * laid out in a temporary project as npm installs it, its dependencies and the xstate peer linked from
 * this repository's node_modules (only those the packed package.json declares, so an undeclared import
 * fails; no network at test time). Then plain Node, the TypeScript compiler, vite and Chromium use it.
 */

const ROOT = resolve(import.meta.dirname, '..');
const NODE_ONLY_PACKAGES = ['commander', 'cli-progress', 'elkjs', 'yaml', '@statelyai/inspect'];
/** The host's packages: optional peers, which npm never installs for a client that does not ask. */
const HOST_PACKAGES = [
  '@colyseus/core',
  '@colyseus/redis-driver',
  '@colyseus/redis-presence',
  '@colyseus/schema',
  '@colyseus/ws-transport',
  '@electric-sql/pglite',
  'colyseus.js',
  'pg',
];
let app = '';
let tarball = { file: '', size: 0 };
let packed: {
  version: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

/** Node with no loader and no inherited options. */
function node(args: readonly string[]): string {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  // Its stderr kept: a client that is refused a seat on purpose (client.mjs) has colyseus.js warn of it;
  // a failure's message carries it.
  return execFileSync(process.execPath, args, {
    cwd: app,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function link(name: string): void {
  const target = join(app, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
}

/** The folder of the tarball and the client apps, removed when the file ends. */
let folder = '';
afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

beforeAll(() => {
  const dir = execFileSync('mktemp', ['-d', join(tmpdir(), 'stccg-consumer-XXXXXX')], {
    encoding: 'utf8',
  }).trim();
  folder = dir;
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as Array<{ filename: string; size: number }>;
  tarball = { file: join(dir, pack!.filename), size: pack!.size };
  app = join(dir, 'app');
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  execFileSync('tar', ['-xzf', tarball.file, '-C', dir]);
  renameSync(join(dir, 'package'), join(app, 'node_modules', 'stccg-rules'));
  packed = JSON.parse(readFileSync(join(app, 'node_modules', 'stccg-rules', 'package.json'), 'utf8'));
  for (const name of [...Object.keys(packed.dependencies), ...Object.keys(packed.peerDependencies)])
    link(name);
  link('@types/node');
  cpSync(join(ROOT, 'test', 'consumer'), app, { recursive: true });
  cpSync(join(ROOT, 'examples', 'replays', 'boarding-party.json'), join(app, 'boarding-party.json'));
  cpSync(join(ROOT, 'examples', 'rulings', 'battle-4d-face-up-is-announced.json'), join(app, 'ruling.json'));
  writeFileSync(join(app, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
}, 60_000);

describe('the packed package', () => {
  it('holds the built JavaScript and its types, and no sources, maps, tests or benchmarks', () => {
    const files = execFileSync('tar', ['-tzf', tarball.file], { encoding: 'utf8' }).split('\n');
    expect(files).toContain('package/dist/src/index.js');
    expect(files).toContain('package/dist/src/index.d.ts');
    // The client's kit, and its browser file the host serves to the play page.
    expect(files).toContain('package/dist/client/index.d.ts');
    expect(files).toContain('package/dist/host/page/client.js');
    // No maps: they would point at TypeScript sources the package does not ship.
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /^package\/(src|test|bench|machines|examples|docs)\//.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    // 5.24 brought setup().extend and enqueueActions, which the machines use (5.23 fails to load them).
    // Stately's inspector is an optional peer: only `stccg demo --stately` and connectStately use it;
    // so are the host's packages: only stccg-rules/host and `stccg host` use them.
    expect(packed.peerDependencies.xstate).toBe('^5.24.0');
    // Required: npm 7 and later install it with the package (every entry needs it).
    expect(packed.peerDependenciesMeta?.xstate).toBeUndefined();
    expect(Object.keys(packed.peerDependencies).sort()).toEqual(
      ['@statelyai/inspect', 'xstate', ...HOST_PACKAGES].sort(),
    );
    for (const optional of ['@statelyai/inspect', ...HOST_PACKAGES]) {
      expect(packed.peerDependenciesMeta?.[optional], optional).toEqual({ optional: true });
      expect(Object.keys(packed.dependencies)).not.toContain(optional);
    }
    // No install script: an installed tarball runs nothing (npm 11 warns of one on every install).
    expect(Object.keys((packed as { scripts?: object }).scripts ?? {})).not.toContain('prepare');
    expect(
      Object.keys((packed as { scripts?: object }).scripts ?? {}).filter((name) => /install/.test(name)),
    ).toEqual([]);
    for (const loader of ['tsx', 'esbuild', 'xstate', 'typescript', 'vite'])
      expect(Object.keys(packed.dependencies)).not.toContain(loader);
    process.stdout.write(`package: ${(tarball.size / 1024).toFixed(1)} KB packed\n`);
  });

  it('(a) plain Node 20, no loader: imports every entry, plays, saves and restores a game', () => {
    const result = JSON.parse(node(['play.mjs']));
    expect(result).toEqual({
      commands: 15,
      saveVersion: SAVE_VERSION,
      step: 15,
      same: true,
      entries: Array(4).fill('function'),
      sameOdds: true,
      schema: true,
    });
  });

  it('the core and the browser-safe entries load no node: module; the core none of the CLI or debug packages', () => {
    const loadedBy = (entry: string) => JSON.parse(node(['loaded.mjs', entry])) as string[];
    const core = loadedBy('stccg-rules');
    expect(core.some((url) => url.includes('/node_modules/zod/'))).toBe(true);
    expect(core.filter((url) => url.startsWith('node:'))).toEqual([]);
    for (const name of [...NODE_ONLY_PACKAGES, ...HOST_PACKAGES])
      expect(core.filter((url) => url.includes(`/node_modules/${name}/`))).toEqual([]);
    for (const entry of ['stccg-rules/debug', 'stccg-rules/scenario', 'stccg-rules/bot'])
      expect(loadedBy(entry).filter((url) => url.startsWith('node:'))).toEqual([]);
  });

  it('real cards: stccg-rules/cards loads pool cards by name (its JSON shipped) and plays them, no node: module loaded; the importer runs', () => {
    expect(JSON.parse(node(['cards.mjs']))).toEqual({
      loaded: ['Worf', 'Kargan'],
      attacked: true,
      unknown: expect.stringMatching(/^unknown card, not in the card pool: "Worff" \(nearest: Worf/),
      lists: 2,
      imported: ['X'],
    });
    const loaded = JSON.parse(node(['loaded.mjs', 'stccg-rules/cards'])) as string[];
    expect(loaded.filter((url) => url.startsWith('node:'))).toEqual([]);
    expect(loaded.some((url) => url.includes('hjson'))).toBe(false);
  });

  it('runs the compiled stccg bin', () => {
    expect(node(['node_modules/stccg-rules/bin/stccg.mjs', '--version']).trim()).toBe(packed.version);
  });

  it('(c) stccg-rules/host in plain Node, with its optional peers: a host, a game, two seats, a command answered', () => {
    const seen = JSON.parse(node(['host.mjs']));
    expect(seen).toEqual({ answer: { id: 1, ok: true, step: 1 }, bobStep: 1, battle: 'startOfBattle' });
  });

  it('stccg-rules/client in plain Node: both seats joined from their links, an answer settled with its update, a refusal typed', () => {
    expect(JSON.parse(node(['client.mjs']))).toEqual({
      answer: { ok: true, step: 1 },
      aliceStep: 1,
      bobStep: 1,
      battle: 'startOfBattle',
      refused: true,
    });
  });

  it('a client with the core alone (no optional peer): `stccg host` names the packages to install, exit 2', () => {
    const core = join(app, '..', 'core-only');
    mkdirSync(join(core, 'node_modules'), { recursive: true });
    // A copy, not a link: Node resolves a link's packages from where it points, where the peers are.
    cpSync(join(app, 'node_modules', 'stccg-rules'), join(core, 'node_modules', 'stccg-rules'), {
      recursive: true,
    });
    for (const name of [...Object.keys(packed.dependencies), 'xstate']) {
      const target = join(core, 'node_modules', name);
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
    }
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    let failure: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, ['node_modules/stccg-rules/bin/stccg.mjs', 'host', '--port', '0'], {
        cwd: core,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(2);
    expect(failure.stderr).toMatch(/the host's packages are not installed/);
    expect(failure.stderr).toMatch(/npm install @colyseus\/core@0\.16/);
  });

  it('a client without xstate (the required peer left out): --help and --version run, a command says what to install, exit 2', () => {
    const bare = join(app, '..', 'no-xstate');
    mkdirSync(join(bare, 'node_modules'), { recursive: true });
    // A copy, not a link: Node resolves a link's packages from where it points, where xstate is.
    cpSync(join(app, 'node_modules', 'stccg-rules'), join(bare, 'node_modules', 'stccg-rules'), {
      recursive: true,
    });
    for (const name of Object.keys(packed.dependencies)) {
      const target = join(bare, 'node_modules', name);
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
    }
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const stccg = (...args: string[]) =>
      spawnSync(process.execPath, ['node_modules/stccg-rules/bin/stccg.mjs', ...args], {
        cwd: bare,
        env,
        encoding: 'utf8',
      });
    const help = stccg('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: stccg');
    expect(stccg('--version').stdout.trim()).toBe(packed.version);
    const demo = stccg('demo');
    expect(demo.status).toBe(2);
    expect(demo.stderr).toBe(
      'stccg demo: needs xstate, a peer dependency of stccg-rules, and it is not installed.\n' +
        'Install it beside the package: npm install xstate@^5.24.0\n',
    );
  });

  it('(b) a client file type-checks under strict and exactOptionalPropertyTypes, moduleResolution nodenext and bundler', async () => {
    const tsc = createRequire(import.meta.url)
      .resolve('typescript/package.json')
      .replace(/package\.json$/, 'bin/tsc');
    // skipLibCheck is off, so that the package's declarations are checked too; xstate's own
    // declarations do not pass under exactOptionalPropertyTypes (a client sets skipLibCheck for them),
    // so only errors in the client's file or in this package count.
    const checks = await Promise.all(
      ['nodenext', 'bundler'].map(
        (resolution) =>
          new Promise<string>((done) =>
            execFile(
              process.execPath,
              [tsc, '-p', `tsconfig.${resolution}.json`],
              { cwd: app },
              (_, stdout, stderr) => done(`${stdout}${stderr}`),
            ),
          ),
      ),
    );
    for (const output of checks) {
      const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      expect(errors.filter((line) => !line.includes('/node_modules/xstate/'))).toEqual([]);
    }
  });
});

describe('(d) bundled by esbuild', () => {
  it('keeps only the zod the schemas use (no locale but English), and zod still speaks English', async () => {
    const outfile = join(app, 'dist', 'esbuild', 'main.js');
    const result = await esbuild({
      entryPoints: [join(app, 'esbuild', 'main.js')],
      absWorkingDir: app,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      outfile,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs);
    const bytesOf = (part: string) =>
      inputs.filter(([path]) => path.includes(part)).reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    const locales = inputs.filter(([path, input]) => path.includes('/locales/') && input.bytesInOutput > 0);
    const gzipped = gzipSync(readFileSync(outfile)).length;
    process.stdout.write(
      `esbuild createGame-only program: ${(gzipped / 1024).toFixed(1)} KB gzipped, zod ${(bytesOf('/node_modules/zod/') / 1024).toFixed(1)} KB minified\n`,
    );
    // All of zod (its 40 locales among it) was 430 KB of a 600 KB program when the engine re-exported
    // zod/mini's \`z\` object; the schemas use some 30 KB of it.
    expect(bytesOf('/node_modules/zod/')).toBeLessThan(60 * 1024);
    expect(locales.map(([path]) => path.split('/').pop())).toEqual(['en.js']);
    // The English locale is configured by a module with a side effect, which package.json names so that
    // no bundler drops it: without it, every message would read "Invalid input".
    const { step, message } = JSON.parse(node([outfile]));
    expect(step).toBe(0);
    expect(message).toMatch(/locations: Invalid input: expected array, received number/);
  });
});

describe('(c) in a web page, bundled by vite', () => {
  let served: Server | undefined;
  let url = '';
  beforeAll(async () => {
    for (const page of ['page', 'size']) {
      await build({
        root: app,
        logLevel: 'silent',
        configFile: false,
        // Relative asset paths: the pages are served from a folder of their own.
        base: './',
        build: { outDir: join(app, 'dist', page), rolldownOptions: { input: join(app, page, 'index.html') } },
      });
    }
    served = createServer((request, response) => {
      const path = join(app, 'dist', decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      let body: Buffer;
      try {
        body = readFileSync(path);
      } catch {
        response.writeHead(404).end();
        return;
      }
      const type =
        { '.html': 'text/html', '.js': 'text/javascript' }[extname(path)] ?? 'application/octet-stream';
      response.writeHead(200, { 'content-type': type }).end(body);
    });
    await new Promise<void>((listening) => served!.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => served?.close());

  it('a page that uses only createGame stays small (gzipped)', () => {
    const assets = join(app, 'dist', 'size', 'assets');
    expect(readdirSync(join(app, 'dist', 'size', 'size'))).toEqual(['index.html']);
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const gzipped = js.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length, 0);
    process.stdout.write(`createGame-only page: ${(gzipped / 1024).toFixed(1)} KB gzipped\n`);
    // A guard against growth, not the aim: the issue aimed at 50 KB; with the input gate, the Rogue
    // Borg, the shared cards record and the checks of policies and persisted boards the page is about
    // 63 KB (XState 38 KB and zod/mini 30 KB of it before gzip, its English messages 3 KB; the card
    // data and clause texts 21 KB).
    expect(gzipped).toBeLessThan(64 * 1024);
    const all = js.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    expect(all).not.toMatch(/node:crypto|createHash/);
    // zod's English messages, which the engine's refusals quote: the module that configures them has a
    // side effect package.json declares (a bundler dropped it while the package said it had none).
    expect(all).toContain('Invalid input: expected');
  });

  describe.skipIf(!CHROMIUM)('in headless Chromium', () => {
    /** Opens a page; its result (the #out text) and every console error or uncaught exception. */
    async function open(address: string): Promise<{ out: string; errors: string[] }> {
      const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(address);
        await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'running', null, {
          timeout: 20_000,
        });
        return { out: (await page.textContent('#out')) ?? '', errors };
      } finally {
        await browser.close();
      }
    }

    it('the built page creates a game, plays, saves and restores; records, draws and runs a ruling (debug, scenario): no error', async () => {
      // vite keeps the page's path under its root: dist/page/page/index.html.
      const { out, errors } = await open(`${url}/page/page/index.html`);
      expect(errors).toEqual([]);
      expect(JSON.parse(out)).toEqual({
        commands: 15,
        saveVersion: SAVE_VERSION,
        step: 15,
        same: true,
        traced: true,
        mermaid: true,
        svg: true,
        ruling: 'passed',
      });
    });

    it("the same page on vite's dev server", async () => {
      const dev = await createViteServer({
        root: app,
        logLevel: 'silent',
        configFile: false,
        server: { port: 0 },
      });
      await dev.listen();
      try {
        const { out, errors } = await open(`${dev.resolvedUrls!.local[0]}page/index.html`);
        expect(errors).toEqual([]);
        expect(JSON.parse(out)).toMatchObject({
          saveVersion: SAVE_VERSION,
          same: true,
          svg: true,
          ruling: 'passed',
        });
      } finally {
        await dev.close();
      }
    });
  });
});
