import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests run many random games; keep them well inside CI's budget.
    testTimeout: 60_000,
  },
});
