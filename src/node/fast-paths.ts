/**
 * The fast path of a long-running Node process (docs/fast-paths.md): programs compiled with
 * memos, which remember the amounts that read only a household's make-up. The service and the
 * batch's workers enable it; a single CLI call does not, since making the memos costs one call
 * more than they save. `BUDGETNORM_MEMOS=0` keeps the plain path.
 */
import { LIBRARY_DEFAULT, setFastPaths } from '../calculations/fast-paths.js';

/**
 * The environment switches of the fast paths (docs/fast-paths.md): each on unless its variable
 * is `0`. The service and the batch read them from `process.env`.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { disableFastPaths, enableFastPaths, type FastPathSwitches } from 'budgetnorm/node';
 *
 * const body = {
 *   LeeftijdHoofdpersoon: 40, HeeftPartner: false, AantalThuiswonendeKinderen: 0, AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2400, BijzondereUitgaven: {}, Woning: { WoningSoort: 0, HuurPerMaand: 800 },
 * } as const;
 * const plain = repaymentCapacity(body);
 * const withoutMemos: FastPathSwitches = { BUDGETNORM_MEMOS: '0' };
 * enableFastPaths(withoutMemos);
 * try {
 *   assert.deepEqual(repaymentCapacity(body), plain);
 * } finally {
 *   disableFastPaths();
 * }
 * ```
 */
export interface FastPathSwitches {
  /** `0`: programs compute every amount in every evaluation (no memos). */
  readonly BUDGETNORM_MEMOS?: string | undefined;
  /**
   * No effect: the generated code was removed (issue 41); calculations run on closures.
   *
   * @deprecated Leave it out.
   */
  readonly BUDGETNORM_GENERATED_CODE?: string | undefined;
  /**
   * No effect: results are always written by `JSON.stringify` (issue 41).
   *
   * @deprecated Leave it out.
   */
  readonly BUDGETNORM_RESULT_JSON?: string | undefined;
  /**
   * No effect: every request body is checked by zod (issue 41).
   *
   * @deprecated Leave it out.
   */
  readonly BUDGETNORM_ONE_PASS_CHECK?: string | undefined;
}

/**
 * From now on, every program compiled in this process remembers the amounts that read only a
 * household's make-up: the same results, errors and notices, computed faster when a process
 * calculates many households (docs/fast-paths.md has the figures). Explanations
 * (`explain: true`) are recorded without memos. Calling it again changes nothing. Does not throw.
 *
 * @param env - Where the switches are read ({@link FastPathSwitches}); default `process.env`.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { disableFastPaths, enableFastPaths } from 'budgetnorm/node';
 *
 * const body = {
 *   LeeftijdHoofdpersoon: 40,
 *   HeeftPartner: true,
 *   AantalThuiswonendeKinderen: 2,
 *   AantalAutos: 1,
 *   NettoBesteedbaarInkomenPerMaand: 3600,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 0, HuurPerMaand: 900 },
 * } as const;
 * const plain = repaymentCapacity(body);
 * enableFastPaths();
 * try {
 *   assert.deepEqual(repaymentCapacity(body), plain);
 *   assert.deepEqual(repaymentCapacity(body), plain); // from the memos
 * } finally {
 *   disableFastPaths();
 * }
 * ```
 */
export function enableFastPaths(env: FastPathSwitches = processEnv()): void {
  // The same reading as the shells' check at start (a value they refuse never gets here from them).
  setFastPaths({ memos: memosSwitch(env.BUDGETNORM_MEMOS) !== false });
}

/**
 * From now on, programs compiled in this process have no memos, as before
 * {@link enableFastPaths}: for a test, or to compare the two. Does not throw.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure } from 'budgetnorm';
 * import { disableFastPaths, enableFastPaths } from 'budgetnorm/node';
 *
 * const body = {
 *   Hoofdpersonen: [{ Geslacht: 0 }],
 *   Kinderen: [],
 *   Autos: [],
 *   Woning: { TypeWoning: 0, SoortWoning: 0 },
 *   NettoBesteedbaarInkomenPerMaand: 2100,
 * } as const;
 * enableFastPaths();
 * let withMemos;
 * try {
 *   withMemos = retirementExpenditure(body);
 * } finally {
 *   disableFastPaths();
 * }
 * assert.deepEqual(retirementExpenditure(body), withMemos);
 * ```
 */
export function disableFastPaths(): void {
  setFastPaths(LIBRARY_DEFAULT);
}

/**
 * The former name of {@link enableFastPaths}: the generated code it also turned on was removed
 * (issue 41). Does not throw.
 *
 * @param env - Where the switches are read ({@link FastPathSwitches}); default `process.env`.
 * @deprecated Use {@link enableFastPaths}.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { disableGeneratedCode, enableFastPaths, enableGeneratedCode } from 'budgetnorm/node';
 *
 * assert.equal(typeof enableGeneratedCode, 'function');
 * enableGeneratedCode({ BUDGETNORM_MEMOS: '0' }); // the same as enableFastPaths
 * disableGeneratedCode();
 * assert.equal(typeof enableFastPaths, 'function');
 * ```
 */
export function enableGeneratedCode(env?: FastPathSwitches): void {
  enableFastPaths(env);
}

/**
 * The former name of {@link disableFastPaths}. Does not throw.
 *
 * @deprecated Use {@link disableFastPaths}.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { disableGeneratedCode, enableGeneratedCode } from 'budgetnorm/node';
 *
 * enableGeneratedCode();
 * disableGeneratedCode(); // the same as disableFastPaths
 * assert.equal(typeof disableGeneratedCode, 'function');
 * ```
 */
export function disableGeneratedCode(): void {
  disableFastPaths();
}

/**
 * `BUDGETNORM_MEMOS` as a shell reads it at its start: unset, empty or `1` is on, `0` off; any
 * other value gives undefined, which the service and the batch refuse.
 *
 * @internal
 */
export function memosSwitch(value: string | undefined): boolean | undefined {
  const v = value?.trim() ?? '';
  return v === '' || v === '1' ? true : v === '0' ? false : undefined;
}

function processEnv(): FastPathSwitches {
  return typeof process === 'object' ? process.env : {};
}
