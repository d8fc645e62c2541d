// The client's kit (stccg-rules/client) as one browser file, for the host's play page: esbuild bundles
// it with colyseus.js and the core's patch functions (nothing else of the engine reaches it), so that the
// page needs no bundler and no network but the host. `npm run build` writes it into dist/host/page; run
// from the sources, the host serves host/page/client.js, written by `writeClientBundle()` (the e2e tests
// and `npm run stccg` do).

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Writes the bundle to `outfile` (the source tree's host/page/client.js unless told). */
export async function writeClientBundle(outfile = `${root}host/page/client.js`) {
  const { version } = (await import('colyseus.js/package.json', { with: { type: 'json' } })).default;
  await build({
    entryPoints: [`${root}client/index.ts`],
    absWorkingDir: root,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    outfile,
    // colyseus.js reads its version from the environment, which a browser does not have.
    define: { 'process.env.VERSION': JSON.stringify(version) },
    logLevel: 'warning',
  });
}
