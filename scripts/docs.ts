// `npm run docs`: writes the engine's statecharts (Mermaid, drawn from the machines) into
// docs/architecture.md between its chart markers, then the API reference (TypeDoc, from the JSDoc
// of the four entries) into docs/api/ (git-ignored).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chartOf } from '../src/debug/chart-model.ts';
import { ENGINE_MACHINES } from '../src/debug/charts.ts';
import { mermaidOf } from '../src/debug/mermaid.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const page = `${root}docs/architecture.md`;
const START = '<!-- charts:start -->';
const END = '<!-- charts:end -->';

const charts = ENGINE_MACHINES.map(
  ([name, machine]) => `### ${name}\n\n\`\`\`mermaid\n${mermaidOf(chartOf(name, machine))}\`\`\`\n`,
).join('\n');
const text = readFileSync(page, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`${page} has no ${START} ... ${END} markers`);
writeFileSync(page, `${text.slice(0, from + START.length)}\n\n${charts}\n${text.slice(to)}`);
process.stdout.write(`wrote the statecharts into ${page}\n`);

if (!process.argv.includes('--charts-only')) {
  execFileSync(
    process.execPath,
    [
      '--import',
      './scripts/typedoc-typescript.mjs',
      'node_modules/typedoc/bin/typedoc',
      '--logLevel',
      'Warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  process.stdout.write('wrote the API reference into docs/api/index.html\n');
}
