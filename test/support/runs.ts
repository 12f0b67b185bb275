/**
 * How many cases the property and differential tests run, from one setting for the whole
 * suite: the environment variable `BUDGETNORM_TEST_RUNS`.
 *
 * - `full`: every count as its test writes it (10,000 households where the docs promise
 *   10,000). CI runs this (`.ci/run`).
 * - `local`, or unset: a tenth of that, for `npm test` on a developer's machine.
 * - `quick`: a hundredth, for `npm run test:quick` in the edit–test loop.
 *
 * A count never drops below {@link MIN_RUNS} (nor rises above the full count), so a property
 * still sees some variety. Any other value is refused, so a typo cannot quietly run less.
 */

/** The levels `BUDGETNORM_TEST_RUNS` takes, and the share of the full count each runs. */
export const RUN_LEVELS = { full: 1, local: 1 / 10, quick: 1 / 100 } as const;

export type RunLevel = keyof typeof RUN_LEVELS;

/** The fewest cases a scaled count runs. */
export const MIN_RUNS = 20;

/** The level `BUDGETNORM_TEST_RUNS` names (`local` when it is unset or empty). */
export function runLevelOf(value: string | undefined): RunLevel {
  if (value === undefined || value === '') return 'local';
  if (Object.hasOwn(RUN_LEVELS, value)) return value as RunLevel;
  throw new Error(
    `BUDGETNORM_TEST_RUNS=${JSON.stringify(value)}: expected one of ${Object.keys(RUN_LEVELS).join(', ')} (or unset, which is local)`,
  );
}

/** The level this test run uses. */
export const RUN_LEVEL: RunLevel = runLevelOf(process.env['BUDGETNORM_TEST_RUNS']);

/** The count to run at `level` for a test that runs `full` cases in CI: a whole number. */
export function runsAt(level: RunLevel, full: number): number {
  if (!Number.isInteger(full) || full < 1) throw new Error(`a full count is a whole number from 1, got ${full}`);
  return Math.min(full, Math.max(MIN_RUNS, Math.round(full * RUN_LEVELS[level])));
}

/** The count to run now for a test that runs `full` cases in CI (`BUDGETNORM_TEST_RUNS=full`). */
export function runs(full: number): number {
  return runsAt(RUN_LEVEL, full);
}
