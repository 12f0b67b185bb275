/**
 * A frozen copy of the library-call path as it was before issue 14's speed work (commit
 * feb22ac): request validation, household parsing and freezing, fact extraction, the
 * interpretive program with its explanation, and the shaping of both results. Nothing in
 * src/ imports it; test/calculations/fast-path-differential.test.ts runs it beside the
 * library on generated households and requires byte-identical results and errors.
 *
 * Do not "fix" or tidy these files: their worth is that they are the old code. Modules the
 * speed work did not touch are imported from src/. The result contract may change after the
 * freeze; such a change goes into calculations/options.ts (the parts both results share),
 * marked with its issue, and nowhere else. One exception: the explanation's format 3 (issue 18)
 * records conditions as data, which only the engine that evaluates them can produce, so
 * engine/condition.ts and engine/compile.ts carry that change, marked "issue 18". And since
 * `Rekenregels.Methode` (issue 40) names the method of the result's own calculation, each
 * result passes its calculation to `rekenregels`, at its one call, marked "issue 40".
 */
export { repaymentCapacity } from './calculations/repayment-capacity.js';
export { retirementExpenditure } from './calculations/retirement-expenditure.js';
