#!/usr/bin/env node
// The `stccg` program. The engine ships as TypeScript sources; tsx compiles them on load,
// so a clean clone runs without a build step.
import { register } from 'tsx/esm/api';

register();
// A reader that stops early (`stccg demo | head`) is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
