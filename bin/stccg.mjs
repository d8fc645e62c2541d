#!/usr/bin/env node
// The `stccg` program: the compiled CLI (`npm run build` writes dist/; `npm pack` builds it too, by
// `prepack`). A reader that stops early (`stccg demo | head`) is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { main } = await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
