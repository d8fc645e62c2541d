import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Prints the one-line notice when browser tests skip, or fails where CI requires a browser; starts
    // a PostgreSQL and a Redis of the tests' own where Debian's packages are installed.
    globalSetup: ['test/support/browser-notice.ts', 'test/support/servers.ts'],
    // Property tests run many random games; keep them well inside CI's budget.
    testTimeout: 60_000,
  },
});
