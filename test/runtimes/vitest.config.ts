/**
 * `npm run test:runtimes`: the package in Node, Chromium, Deno, Bun and workerd (docs/deploy.md).
 * Kept out of `npm test` (whose pattern is *.test.ts): it starts runtimes and servers and
 * measures them, which takes a few minutes; CI runs it after `npm test`. The files run one
 * after the other, so the throughput figures do not compete for the machine.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../../', import.meta.url).pathname,
    include: ['test/runtimes/**/*.runtimes.ts'],
    globalSetup: ['test/runtimes/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
