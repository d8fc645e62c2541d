import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chartOf } from '../src/debug/chart-model.ts';
import { ENGINE_MACHINES } from '../src/debug/charts.ts';
import { mermaidOf } from '../src/debug/mermaid.ts';

/** The README and the manual stay true: short, their links lead somewhere, their example runs. */

const ROOT = resolve(import.meta.dirname, '..');
const PAGES = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
// Pages other engineers write in parallel (embedding, open rulings, the lab, performance), and the
// generated API reference: linked before they exist here.
const WRITTEN_ELSEWHERE = new Set([
  'docs/embedding.md',
  'docs/open-rulings.md',
  'docs/lab.md',
  'docs/performance.md',
  'docs/api/index.html',
]);

describe('the README and the manual', () => {
  it('the README is at most 10 KB and starts with the two commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
    expect(readme.slice(0, 300)).toMatch(/npm install && npm start[\s\S]*npm test/);
  });

  it('every relative link of the README and docs/ leads to a file', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const path = join(dirname(page), target!);
        if (!existsSync(join(ROOT, path)) && !WRITTEN_ELSEWHERE.has(path))
          missing.push(`${page} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
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
    const module = (await import(pathToFileURL(file).href)) as {
      game: { step(): number };
      again: { step(): number };
      said: string[];
    };
    // The report and the host's kill are carried out; the move to the planet is refused.
    expect(module.game.step()).toBe(2);
    expect(module.again.step()).toBe(2);
  });
});
