import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Property tests run many cases; keep the per-test ceiling generous but finite.
    testTimeout: 60_000,
  },
});
