import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chartOf } from '../src/debug/chart-model.ts';
import { ENGINE_MACHINES } from '../src/debug/charts.ts';
import { mermaidOf } from '../src/debug/mermaid.ts';

/** The README and the manual stay true: short, their links lead somewhere, their example runs. */

const ROOT = resolve(import.meta.dirname, '..');
/**
 * The files a clone has: committed, or new and about to be (never one git ignores, as the generated API
 * reference in docs/api/ is: a link to it would lead nowhere on GitHub or in a fresh clone).
 */
const FILES = new Set(
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && existsSync(join(ROOT, file))),
);
const PAGES = [...FILES].filter((file) =>
  /^(README|CHANGELOG|CONTRIBUTING)\.md$|^docs\/[^/]+\.md$/.test(file),
);

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings (a repeated heading gets -1, -2 as GitHub does). */
function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of readFileSync(join(ROOT, page), 'utf8').split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence && /^#{1,6}\s+(.+)$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1]!);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

describe('the README and the manual', () => {
  it('the README is at most 10 KB and starts with the two commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
    expect(readme.slice(0, 300)).toMatch(/npm install && npm start[\s\S]*npm test/);
  });

  it('every relative link of the README and docs/ leads to a file a clone has, and to a heading there', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const path = target === '' ? page : normalize(join(dirname(page), target!));
        if (!FILES.has(path)) missing.push(`${page} → ${target}`);
        else if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor))
          missing.push(`${page} → ${target}#${anchor} (no such heading)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the README says the package is not published yet, and how to install it from a clone', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('not published on npm yet');
    expect(readme).toContain('npm pack');
    expect(readme).not.toMatch(/^npm install stccg-rules/m);
  });

  it('docs/architecture.md holds the statecharts as the machines draw them (npm run docs)', () => {
    const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    for (const [name, machine] of ENGINE_MACHINES) {
      expect(page, `stale chart of ${name}: run npm run docs`).toContain(
        `### ${name}\n\n\`\`\`mermaid\n${mermaidOf(chartOf(name, machine))}\`\`\``,
      );
    }
  });

  it("the README's embedding example runs as written", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /## Embedding the engine\n\n```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'stccg-readme-'));
    const file = join(dir, 'example.ts');
    const core = pathToFileURL(join(ROOT, 'src', 'index.ts')).href;
    writeFileSync(
      file,
      `${example.replace("from 'stccg-rules'", `from '${core}'`).replaceAll('console.log', 'said.push')}\nexport { again, game };`.replace(
        /^/,
        'export const said: string[] = [];\n',
      ),
    );
    const module = (await import(pathToFileURL(file).href).finally(() =>
      rmSync(dir, { recursive: true, force: true }),
    )) as {
      game: { step(): number };
      again: { step(): number };
      said: string[];
    };
    // The report and the host's kill are carried out; the move to the planet is refused.
    expect(module.game.step()).toBe(2);
    expect(module.again.step()).toBe(2);
  });
});
