/**
 * Lets a long-running Node process (the batch's workers, the service) run the straight-line
 * code the engine generates for a calculation (src/engine/codegen/), compiled by `node:vm`. The
 * core only writes that text; running it is the Node shell's choice, which the library's
 * callers, browsers and edge workers do not make: there every calculation runs on closures.
 * A single call (the CLI on one file) does not either, since generating costs some tens of
 * milliseconds once, more than one call saves.
 */
import { type LoadedEvaluator, setCodeLoader } from '../engine/codegen/loader.js';

// Node's own module as its CommonJS object (Node >= 20.16), as in code-cache.ts.
const { compileFunction } = process.getBuiltinModule('node:vm');

/** What a generated evaluator throws to leave a household to the closure engine (it never escapes). */
const BAIL = Object.freeze({ bail: true });

/**
 * From now on, programs compiled in this process run their generated code where it applies.
 *
 * @example
 * ```ts
 * enableGeneratedCode();
 * repaymentCapacity(body); // the same result, by the generated code
 * ```
 */
export function enableGeneratedCode(): void {
  setCodeLoader(({ source, bindings }) => {
    const make = compileFunction(source, ['B', 'BAIL'], { filename: 'budgetnorm-generated.js' }) as (
      bound: readonly unknown[],
      bail: object,
    ) => LoadedEvaluator;
    return make(bindings, BAIL);
  });
}
