/**
 * The fast paths of a long-running Node process (docs/fast-paths.md): the straight-line code the
 * engine generates for a calculation (src/engine/codegen/), compiled by `node:vm`, and programs
 * compiled with memos. The core only writes that text; running it is the Node shell's choice,
 * which browsers and edge workers do not make: there every calculation runs on closures. The
 * service and the batch's workers enable them; a single CLI call does not, since generating and
 * making memos cost one call more than they save. Each has an environment switch to the plain
 * path: `BUDGETNORM_GENERATED_CODE=0`, `BUDGETNORM_MEMOS=0`.
 */
import { LIBRARY_DEFAULT, setFastPaths } from '../calculations/fast-paths.js';
import type { CodeLoader, LoadedEvaluator } from '../engine/codegen/loader.js';

/** What a generated evaluator throws to leave a household to the closure engine (it never escapes). */
const BAIL = Object.freeze({ bail: true });

type CompileFunction = typeof import('node:vm').compileFunction;

/**
 * Node's `vm.compileFunction`, asked for only when generated code is enabled: importing
 * `budgetnorm/node` costs nothing more, and its other helpers work where `node:vm` is absent.
 */
function compileFunctionOfNode(): CompileFunction {
  // Node's own module as its CommonJS object (Node 20.16+ and 22.3+).
  const vm = typeof process === 'object' ? process.getBuiltinModule?.('node:vm') : undefined;
  if (typeof vm?.compileFunction !== 'function')
    throw new Error(
      'enableGeneratedCode needs node:vm through process.getBuiltinModule (Node 20.16+ or 22.3+); calculations keep running on closures',
    );
  return vm.compileFunction;
}

/**
 * The one loader of this process, made on the first `enableGeneratedCode`: a program asks the
 * loader again whenever a different one is registered, so a new loader per call would make
 * every program generate its code again, and forget what it had remembered.
 */
let nodeLoader: CodeLoader | undefined;

function loaderOfNode(): CodeLoader {
  if (nodeLoader === undefined) {
    const compileFunction = compileFunctionOfNode();
    nodeLoader = ({ source, bindings }) => {
      const make = compileFunction(source, ['B', 'BAIL'], { filename: 'budgetnorm-generated.js' }) as (
        bound: readonly unknown[],
        bail: object,
      ) => LoadedEvaluator;
      return make(bindings, BAIL);
    };
  }
  return nodeLoader;
}

/**
 * The environment switches of the fast paths (docs/fast-paths.md): each on unless its variable
 * is `0`. The service and the batch read them from `process.env`.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { disableGeneratedCode, enableGeneratedCode, type FastPathSwitches } from 'budgetnorm/node';
 *
 * const body = {
 *   LeeftijdHoofdpersoon: 40, HeeftPartner: false, AantalThuiswonendeKinderen: 0, AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2400, BijzondereUitgaven: {}, Woning: { WoningSoort: 0, HuurPerMaand: 800 },
 * } as const;
 * const plain = repaymentCapacity(body);
 * const onlyGeneratedCode: FastPathSwitches = { BUDGETNORM_MEMOS: '0' };
 * enableGeneratedCode(onlyGeneratedCode);
 * try {
 *   assert.deepEqual(repaymentCapacity(body), plain);
 * } finally {
 *   disableGeneratedCode();
 * }
 * ```
 */
export interface FastPathSwitches {
  /** `0`: calculations run on the compiled closures, not on generated code. */
  readonly BUDGETNORM_GENERATED_CODE?: string | undefined;
  /** `0`: programs compute every amount in every evaluation (no memos). */
  readonly BUDGETNORM_MEMOS?: string | undefined;
  /**
   * No effect: results are always written by `JSON.stringify` (the result JSON writer was
   * removed, issue 41). Still accepted, so that code naming it keeps compiling.
   *
   * @deprecated Leave it out.
   */
  readonly BUDGETNORM_RESULT_JSON?: string | undefined;
  /**
   * No effect: every request body is checked by zod (the one-pass check was removed, issue 41).
   * Still accepted, so that code naming it keeps compiling.
   *
   * @deprecated Leave it out.
   */
  readonly BUDGETNORM_ONE_PASS_CHECK?: string | undefined;
}

/**
 * From now on, every calculation of this process runs on code generated for its rule set
 * where it applies, and every program compiled from now on remembers amounts that read only a
 * household's make-up: the same results, errors and notices, computed faster when a process
 * calculates many households (docs/fast-paths.md has the figures).
 * Generating costs some tens of milliseconds per rule set and calculation, once, on its first
 * call after this. Explanations (`explain: true`), a household no rule covers and anything out of the
 * ordinary still run on the closures, which give the error they always gave.
 *
 * `env` (default `process.env`) turns each off: `BUDGETNORM_GENERATED_CODE=0` keeps the
 * closures, `BUDGETNORM_MEMOS=0` compiles programs without memos.
 *
 * Node only: it compiles the text with `node:vm`.
 *
 * @param env - Where the switches are read ({@link FastPathSwitches}); default `process.env`.
 * @throws Error where `process.getBuiltinModule('node:vm')` is missing (before Node 20.16,
 * and 22.0 to 22.2): then calculations keep running on closures.
 * Calling it again changes nothing: every call registers the one loader of the process.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { disableGeneratedCode, enableGeneratedCode } from 'budgetnorm/node';
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
 * const onClosures = repaymentCapacity(body);
 * enableGeneratedCode();
 * try {
 *   assert.deepEqual(repaymentCapacity(body), onClosures);
 * } finally {
 *   disableGeneratedCode();
 * }
 * ```
 */
export function enableGeneratedCode(env: FastPathSwitches = processEnv()): void {
  // The loader first: where Node has none this throws before any fast path is on.
  const loader = env.BUDGETNORM_GENERATED_CODE === '0' ? undefined : loaderOfNode();
  setFastPaths({ generatedCode: loader, memos: env.BUDGETNORM_MEMOS !== '0' });
}

function processEnv(): FastPathSwitches {
  return typeof process === 'object' ? process.env : {};
}

/**
 * From now on, every calculation of this process runs on closures again, and programs compiled
 * from now on have no memos, as before {@link enableGeneratedCode}: for a test, or to compare
 * the two. Does not throw.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure } from 'budgetnorm';
 * import { disableGeneratedCode, enableGeneratedCode } from 'budgetnorm/node';
 *
 * const body = {
 *   Hoofdpersonen: [{ Geslacht: 0 }],
 *   Kinderen: [],
 *   Autos: [],
 *   Woning: { TypeWoning: 0, SoortWoning: 0 },
 *   NettoBesteedbaarInkomenPerMaand: 2100,
 * } as const;
 * enableGeneratedCode();
 * let generated;
 * try {
 *   generated = retirementExpenditure(body);
 * } finally {
 *   disableGeneratedCode();
 * }
 * assert.deepEqual(retirementExpenditure(body), generated);
 * ```
 */
export function disableGeneratedCode(): void {
  setFastPaths(LIBRARY_DEFAULT);
}
