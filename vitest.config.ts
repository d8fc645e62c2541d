import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One temp folder for the run, removed at its end (first: the servers' folders go in it too); the
    // one-line notice when browser tests skip, or a failure where CI requires a browser; a PostgreSQL
    // and a Redis of the tests' own where Debian's packages are installed.
    globalSetup: ['test/support/temp-folder.ts', 'test/support/browser-notice.ts', 'test/support/servers.ts'],
    // The host's libraries' console lines for what the tests do on purpose (a refused join), dropped.
    setupFiles: ['test/support/quiet-peers.ts'],
    // Property tests run many random games; keep them well inside CI's budget.
    testTimeout: 60_000,
  },
});
