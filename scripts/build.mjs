// `npm run build` (and `prepack`, so that `npm pack` and `npm publish` ship a fresh dist/): compiles
// src/ and machines/ to dist/ with tsc (ESM JavaScript and .d.ts; no source maps: tsc's JavaScript reads like the sources, which the package does not ship, so maps would point at files a client does not have), then
// copies the files tsc does not: the trace viewer's page assets, the Stately worker and the card pool.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { writeClientBundle } from './client-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url)
  .resolve('typescript/package.json')
  .replace(/package\.json$/, 'bin/tsc');
rmSync(`${root}dist`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
cpSync(`${root}src/debug/viewer`, `${root}dist/src/debug/viewer`, { recursive: true });
cpSync(`${root}src/debug/stately-worker.mjs`, `${root}dist/src/debug/stately-worker.mjs`);
// The card pool (stccg-rules/cards), which loadCards imports on demand: tsc emits it only as long as
// that import names it literally, so it is copied whatever tsc makes of it.
cpSync(`${root}src/cards/pool/pool.json`, `${root}dist/src/cards/pool/pool.json`);
// The host's play page (plain HTML, CSS and JavaScript, served as they are), and the client's kit it
// joins with, as one browser file.
cpSync(`${root}host/page`, `${root}dist/host/page`, { recursive: true });
await writeClientBundle(`${root}dist/host/page/client.js`);
