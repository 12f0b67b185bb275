import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

const SRC = fileURLToPath(new URL('./src/', import.meta.url));

/** The package's entry points, as the sources (no build needed). */
const ENTRIES: Readonly<Record<string, string>> = {
  budgetnorm: `${SRC}index.ts`,
  'budgetnorm/node': `${SRC}node/index.ts`,
  'budgetnorm/http': `${SRC}http/index.ts`,
  'budgetnorm/worker': `${SRC}worker/index.ts`,
};

/**
 * The documentation's code examples import the package by name (`import … from 'budgetnorm'`).
 * test/docs/runnable-examples.test.ts writes each to a temporary folder named
 * `budgetnorm-doc-examples-…` (examples.ts, MODULE_FOLDER_PREFIX) and imports it; inside such a
 * folder only, the package's names resolve to src/. Everything else resolves as usual.
 */
const docExamples: Plugin = {
  name: 'budgetnorm-doc-examples',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer === undefined || !importer.includes('/budgetnorm-doc-examples-')) return null;
    return ENTRIES[source] ?? null;
  },
};

export default defineConfig({
  plugins: [docExamples],
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Ceilings for a hang, not a measure of speed: generous, for a busy 2-core machine running
    // another suite beside this one. Vitest's default hook ceiling (10 s) once failed the
    // browser build's beforeAll (test/browser/bundle.test.ts) on such a machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two test files at a time. Vitest's default in a run is one worker fewer than the cores,
    // which on the 2-core machines of CI and development left one core to the child processes
    // only: the suite took 378-416 s of vitest time, and 272 s with two workers (2026-11-27).
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
