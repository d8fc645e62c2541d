import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The rules lab: a single-page application that runs the engine's actors in the browser.
 * `npm run lab` serves it (Vite's dev server prints its address); `npm run lab:build` writes a static
 * site to dist/lab that loads nothing from the network (every script, style and ruling bundled).
 *
 * The lab imports the engine as a client imports the package: `stccg-rules`, `stccg-rules/debug`,
 * `stccg-rules/scenario`, `stccg-rules/cards`, `stccg-rules/bot` and `stccg-rules/client`, the package's browser-safe entry points (their sources,
 * so the lab needs no build).
 */

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  // The lab's address is printed by the dev server; nothing is opened or fetched.
  server: { host: '127.0.0.1', fs: { allow: [here('..')] } },
  preview: { host: '127.0.0.1' },
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^stccg-rules$/, replacement: here('../src/index.ts') },
      { find: /^stccg-rules\/debug$/, replacement: here('../src/debug/index.ts') },
      { find: /^stccg-rules\/scenario$/, replacement: here('../src/scenario/index.ts') },
      { find: /^stccg-rules\/cards$/, replacement: here('../src/cards/index.ts') },
      { find: /^stccg-rules\/bot$/, replacement: here('../src/bot/index.ts') },
      // The judge's console follows a hosted game as a spectator, through the client's kit.
      { find: /^stccg-rules\/client$/, replacement: here('../client/index.ts') },
      // elkjs's Node entry looks for the optional `web-worker` package; in a browser its bundled build
      // lays out in the page's thread (its "fake worker"), as it does in Node.
      { find: /^elkjs$/, replacement: 'elkjs/lib/elk.bundled.js' },
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: here('../dist/lab'),
    emptyOutDir: true,
    // One static site: no source maps fetched, no chunk size warnings for the engine and ELK.
    chunkSizeWarningLimit: 4000,
  },
});
