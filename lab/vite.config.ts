import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The rules lab: a single-page application that runs the engine's actors in the browser.
 * `npm run lab` serves it (Vite's dev server prints its address); `npm run lab:build` writes a static
 * site to dist/lab that loads nothing from the network (every script, style and ruling bundled).
 *
 * The lab imports the engine as a client imports the package: `stccg-rules` (src/index.ts) and
 * `stccg-rules/debug` and `stccg-rules/scenario` (see lab/src/package/: the browser-safe parts, until the
 * package's own entry points are browser-safe).
 */

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `node:` modules that engine files reachable from the lab import, resolved to lab/shims (temporary). */
const STAND_INS: Readonly<Record<string, string>> = {
  'node:crypto': here('./shims/node-crypto.ts'),
  'node:fs': here('./shims/node-fs.ts'),
  'node:fs/promises': here('./shims/node-fs.ts'),
  'node:path': here('./shims/node-path.ts'),
  'node:util': here('./shims/node-util.ts'),
};

function nodeStandIns(): Plugin {
  return {
    name: 'stccg-lab:node-stand-ins',
    enforce: 'pre',
    resolveId(id) {
      return STAND_INS[id] ?? null;
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  // The lab's address is printed by the dev server; nothing is opened or fetched.
  server: { host: '127.0.0.1', fs: { allow: [here('..')] } },
  preview: { host: '127.0.0.1' },
  plugins: [nodeStandIns(), react()],
  resolve: {
    alias: [
      { find: /^stccg-rules$/, replacement: here('../src/index.ts') },
      { find: /^stccg-rules\/debug$/, replacement: here('./src/package/debug.ts') },
      { find: /^stccg-rules\/scenario$/, replacement: here('./src/package/scenario.ts') },
      // elkjs's Node entry looks for the optional `web-worker` package; in a browser its bundled build
      // lays out in the page's thread (its "fake worker"), as it does in Node.
      { find: /^elkjs$/, replacement: 'elkjs/lib/elk.bundled.js' },
    ],
  },
  worker: { format: 'es', plugins: () => [nodeStandIns()] },
  build: {
    outDir: here('../dist/lab'),
    emptyOutDir: true,
    // One static site: no source maps fetched, no chunk size warnings for the engine and ELK.
    chunkSizeWarningLimit: 4000,
  },
});
