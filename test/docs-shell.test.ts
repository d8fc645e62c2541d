import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every shell line of the README, CONTRIBUTING.md and docs/ that starts with `npx stccg` or `npm` runs
 * as written (issue 32): a newcomer copies them. Each page's lines run in its order, in a folder of its
 * own that looks like a clone (`examples/` in it), so that what one line writes (`out/demo-trace.jsonl`)
 * the next reads. A line that would run long, serve until stopped, need the network or rebuild this
 * checkout runs a stand-in instead, listed below with its reason; a line listed here that the pages no
 * longer hold fails the test, and so does a long line not listed (it times out).
 *
 * `npx stccg` is the package's bin, `node bin/stccg.mjs`, which runs the compiled `dist/`; the test runs
 * the same program from the sources (`bin/stccg-dev.mjs`, what `npm run stccg --` runs), because
 * package.test.ts rebuilds `dist/` (`npm pack`) while the tests run.
 */

const ROOT = resolve(import.meta.dirname, '..');
const DEV_BIN = join(ROOT, 'bin', 'stccg-dev.mjs');
/** A line that runs longer than this is a long one: give it a stand-in. */
const LINE_TIMEOUT_MS = 60_000;

/** The lines not run as written: what runs instead, and why. */
const STAND_INS = new Map<string, { readonly instead: string; readonly why: string }>([
  [
    'npm install && npm start',
    {
      instead: 'npm install --help && npx stccg demo',
      why: 'installs from the registry, and npm start builds dist/ (package.test.ts rebuilds it meanwhile): the demo it then runs, from the sources',
    },
  ],
  ['npm test', { instead: 'npm test --help', why: 'runs this very test, and every other' }],
  [
    'npm pack',
    { instead: 'npm pack --help', why: 'builds dist/ (package.test.ts packs the package itself)' },
  ],
  [
    'npm install ../stccg-rules/stccg-rules-0.7.0.tgz',
    { instead: 'npm install --help', why: 'runs in another project, with the tarball npm pack writes' },
  ],
  [
    'npm install ../stccg-rules/stccg-rules-0.7.0.tgz @colyseus/core@0.16 @colyseus/ws-transport@0.16 @colyseus/schema@3 colyseus.js@0.16 @electric-sql/pglite@0.5',
    { instead: 'npm install --help', why: 'installs from the registry, in another project' },
  ],
  ['npm install pg@8', { instead: 'npm install --help', why: 'installs from the registry' }],
  [
    'npx stccg host --game examples/replays/boarding-party.json',
    { instead: 'npx stccg host --help', why: 'serves until stopped (host.e2e.test.ts starts hosts)' },
  ],
  ['npx stccg host --port 2567 &', { instead: 'npx stccg host --help', why: 'serves until stopped' }],
  ['npm run lab', { instead: 'npm run lab -- --help', why: "Vite's dev server: serves until stopped" }],
  [
    'npm run lab:build',
    {
      instead: 'npm run lab:build -- --help',
      why: 'a build of the whole lab into dist/lab (lab.e2e.test.ts builds it)',
    },
  ],
  [
    'npm start -- --trace',
    {
      instead: 'npx stccg demo --trace',
      why: 'npm start builds dist/ (package.test.ts rebuilds it meanwhile) before the demo it then runs',
    },
  ],
  [
    'npx stccg view my.jsonl --out page.html --open',
    { instead: 'npx stccg view my.jsonl --out page.html', why: '--open serves the page until Ctrl-C' },
  ],
  [
    'npx stccg view out/4d.jsonl --open',
    { instead: 'npx stccg view out/4d.jsonl', why: '--open serves the page until Ctrl-C' },
  ],
  [
    `npm run stccg -- cards import GEMP/set[12]* --type Personnel --type Ship --type Equipment --about "$(node -p "require('./src/cards/pool/pool.json').about")" -o src/cards/pool/pool.json`,
    {
      instead: 'npm run stccg -- cards import --help',
      why: "reads the community's card files, which a clone does not hold, and rewrites the pool",
    },
  ],
]);

/** The pages a newcomer reads: the README, CONTRIBUTING.md and the manual, as git holds them (or will). */
const PAGES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /^(README\.md|CONTRIBUTING\.md|docs\/[^/]+\.md)$/.test(file))
  .sort();

/** The shell lines of a page that start with `npx stccg` or `npm`: in code blocks, continuations joined, comments off. */
function shellLines(page: string): string[] {
  const lines: string[] = [];
  let fence = false;
  let pending = '';
  for (const line of readFileSync(join(ROOT, page), 'utf8').split('\n')) {
    if (line.startsWith('```')) {
      fence = !fence;
      continue;
    }
    if (!fence) continue;
    if (pending !== '' || /^(npx stccg|npm)\b/.test(line)) {
      pending += `${pending === '' ? '' : ' '}${line.trim().replace(/\\$/, '').trim()}`;
      if (line.trimEnd().endsWith('\\')) continue;
      lines.push(pending.replace(/\s+#\s.*$/, '').trim());
      pending = '';
    }
  }
  return lines;
}

const ALL = PAGES.map((page) => ({ page, lines: shellLines(page) }));

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs a line with `sh` in `cwd`, `npx stccg` being the program from the sources; stdin empty. */
function run(line: string, cwd: string): Promise<{ code: number | null; output: string }> {
  const command = line.replaceAll(/\bnpx stccg\b/g, `node ${JSON.stringify(DEV_BIN)}`);
  return new Promise((done) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output = `${output}${chunk}`.slice(-4000)));
    child.stderr.on('data', (chunk) => (output = `${output}${chunk}`.slice(-4000)));
    let late = '';
    const timer = setTimeout(() => {
      late = ` (stopped after ${LINE_TIMEOUT_MS / 1000} s: a long line needs a stand-in)`;
      child.kill('SIGKILL');
    }, LINE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output: `${output}${late}` });
    });
  });
}

describe('the shell lines of the README and the manual', () => {
  it('are found: the README its two first, and every stand-in still stands for a line of a page', () => {
    const readme = ALL.find((each) => each.page === 'README.md')!.lines;
    expect(readme.slice(0, 2)).toEqual(['npm install && npm start', 'npm test']);
    const every = new Set(ALL.flatMap((each) => each.lines));
    expect([...STAND_INS.keys()].filter((line) => !every.has(line))).toEqual([]);
  });

  for (const { page, lines } of ALL) {
    if (lines.length === 0) continue;
    it(`${page}: each line runs, exit code 0 (${lines.length} lines)`, { timeout: 10 * 60_000 }, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'stccg-docs-shell-'));
      folders.push(cwd);
      symlinkSync(join(ROOT, 'examples'), join(cwd, 'examples'));
      symlinkSync(join(ROOT, 'package.json'), join(cwd, 'package.json'));
      symlinkSync(join(ROOT, 'node_modules'), join(cwd, 'node_modules'));
      symlinkSync(join(ROOT, 'lab'), join(cwd, 'lab'));
      symlinkSync(join(ROOT, 'bin'), join(cwd, 'bin'));
      for (const line of lines) {
        const stand = STAND_INS.get(line);
        const started = Date.now();
        const { code, output } = await run(stand?.instead ?? line, cwd);
        if (process.env.STCCG_SHELL_TIMES) console.log(`${Date.now() - started} ms  ${line}`);
        expect(code, `${page}: ${line}${stand ? ` (instead: ${stand.instead})` : ''}\n${output}`).toBe(0);
      }
    });
  }
});
