#!/usr/bin/env node
// The `stccg` program run from the TypeScript sources (tsx compiles them on load), for development:
// `npm run stccg -- ARGS`. Clients run the compiled bin (bin/stccg.mjs).
import { register } from 'tsx/esm/api';

register();
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
// The host serves its play page's kit as one browser file: built from the sources first.
if (process.argv[2] === 'host') await (await import('../scripts/client-bundle.mjs')).writeClientBundle();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
