/**
 * `npm run test:quick`: the tests of the core's layers (contract, household, rules, engine,
 * calculations, the operation registry), with the property and differential tests at their
 * quick counts (test/support/runs.ts), for the edit–test loop. No type-check, no architecture
 * rules, no shells (HTTP, CLI, processes, builds): `npm test` runs everything.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/{contract,household,rules,engine,calculations,registry}/**/*.test.ts'],
    // An explicit BUDGETNORM_TEST_RUNS (e.g. full) still wins.
    env: { BUDGETNORM_TEST_RUNS: process.env['BUDGETNORM_TEST_RUNS'] || 'quick' },
  },
});
