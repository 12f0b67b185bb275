/**
 * `npm run test:browser`: the tests that drive Chromium (docs/browser.md). Kept out of
 * `npm test` (whose pattern is *.test.ts), so `npm test` needs no browser; CI runs both.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../../', import.meta.url).pathname,
    include: ['test/browser/**/*.chromium.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
