/**
 * `loadRuleSet`: the one way to obtain a usable rule set. Parses and cross-checks the
 * files, compiles each calculation, and sweeps it for coverage; only a set that passes
 * all of that is marked as checked and can be passed to a calculation.
 */
import { RuleEvaluationError, RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { parseRuleSet } from '../rules/load.js';
import { markChecked, type RuleSet, type RuleSetFiles } from '../rules/rule-set.js';
import { programFor, type Program } from './compile.js';
import { sweepCalculation, type SweepReport } from './coverage.js';

/**
 * What {@link loadRuleSetWithReport} returns: the checked rule set, and what the coverage sweep
 * tried for each calculation (the `budgetnorm rules check` command prints it).
 *
 * @example How many households the sweep tried
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSetWithReport, type LoadReport } from 'budgetnorm';
 *
 * const report: LoadReport = loadRuleSetWithReport(bundledCatalog().byId('nl-2026').files);
 * assert.equal(report.ruleSet.id, 'nl-2026');
 * assert.ok((report.sweeps.afloscapaciteit?.households ?? 0) > 0);
 * assert.deepEqual(report.sweeps.afloscapaciteit?.issues, []);
 * ```
 * @inlineType CalculationId
 */
export interface LoadReport {
  /** The rule set, checked completely and ready for the calculations. */
  readonly ruleSet: RuleSet;
  /** Per calculation, what the coverage sweep tried; empty when the sweep was skipped (`verifiedHash`). */
  readonly sweeps: Readonly<Partial<Record<CalculationId, SweepReport>>>;
}

/**
 * Loads a rule set from its files, checks it completely and returns it ready for use: the
 * only way to obtain a {@link RuleSet} a calculation accepts. The files are parsed against the
 * rule-file format, cross-checked (every reference resolves, every figure cites a source in
 * the register), compiled, and swept for coverage: every post is tried on the households that
 * matter, so a set that could fail on some household is refused here rather than at a
 * calculation. Takes some tenths of a second for a full set: load once, reuse the result.
 *
 * @param files - The rule files by path relative to the rule-set folder (`manifest.json`,
 *   `afloscapaciteit.json`, `parameters-energie.json`, …), each as parsed JSON. Files under
 *   `tests/` are ignored here. In Node, `loadRuleSetFolder` (`budgetnorm/node`) reads them.
 * @param origin - What to call the set in error messages (a folder path); default its id.
 * @param options - `verifiedHash`: skip the coverage sweep when the files still hash to this
 *   value (how the bundled sets load quickly); any change to the files runs it again.
 * @returns The checked rule set, to pass as the `ruleSet` option or to a {@link RuleSetCatalog}.
 * @throws {@link RuleSetError} naming every problem by file and JSON path: a malformed or
 *   unknown file, a dangling reference, a figure without a source, a post not covered for
 *   some household.
 * @example An institution's own copy of the 2026 figures under its own id
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSet, repaymentCapacity, type RepaymentCapacityRequest } from 'budgetnorm';
 *
 * const bundled = bundledCatalog().byId('nl-2026');
 * const files = structuredClone(bundled.files) as Record<string, any>;
 * files['manifest.json'].id = 'my-bank-2026';
 * const ruleSet = loadRuleSet(files);
 *
 * const body: RepaymentCapacityRequest = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * };
 * const result = repaymentCapacity(body, { ruleSet });
 * assert.equal(result.Rekenregels.Id, 'my-bank-2026');
 * assert.notEqual(result.Rekenregels.Hash, bundled.hash); // the id is part of the content
 * assert.equal(result.Afloscapaciteit, repaymentCapacity(body, { ruleSet: 'nl-2026' }).Afloscapaciteit);
 * ```
 */
export function loadRuleSet(files: RuleSetFiles, origin?: string, options?: LoadOptions): RuleSet {
  return loadRuleSetWithReport(files, origin, options).ruleSet;
}

/**
 * Options of {@link loadRuleSet} and {@link loadRuleSetWithReport}.
 *
 * @inline
 */
export interface LoadOptions {
  /**
   * The content hash of these files as recorded when they last passed every check, sweep
   * included (the bundled rule sets carry one from `npm run generate`). When the files
   * still hash to it, the sweep is not repeated; any change to the files changes the hash
   * and the full sweep runs again.
   */
  readonly verifiedHash?: string;
}

/**
 * As {@link loadRuleSet}, also returning what the coverage sweep tried (for `rules check`).
 *
 * @param files - The rule files by path relative to the rule-set folder, each as parsed JSON.
 * @param origin - What to call the set in error messages (a folder path); default its id.
 * @param options - `verifiedHash`: skip the coverage sweep when the files still hash to it.
 * @returns The checked rule set and, per calculation, the sweep's report.
 * @throws {@link RuleSetError} naming every problem by file and JSON path, as {@link loadRuleSet}.
 * @example The sweep is skipped for files that still have their verified hash
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSetWithReport } from 'budgetnorm';
 *
 * const { files, hash } = bundledCatalog().byId('nl-2026');
 * const swept = loadRuleSetWithReport(files);
 * assert.ok((swept.sweeps.pensioenuitgaven?.households ?? 0) > 0);
 * const trusted = loadRuleSetWithReport(files, 'rules/nl-2026', { verifiedHash: hash });
 * assert.deepEqual(trusted.sweeps, {});
 * assert.equal(trusted.ruleSet.hash, hash);
 * ```
 */
export function loadRuleSetWithReport(files: RuleSetFiles, origin?: string, options?: LoadOptions): LoadReport {
  const ruleSet = parseRuleSet(files, origin);
  const alreadyVerified = options?.verifiedHash !== undefined && options.verifiedHash === ruleSet.hash;
  const issues: RuleSetIssue[] = [];
  const sweeps: Partial<Record<CalculationId, SweepReport>> = {};
  for (const calculation of Object.keys(ruleSet.calculations) as CalculationId[]) {
    let program: Program;
    try {
      // Compiled into the cache the calculations use, so the first calculation does not compile it again.
      program = programFor(ruleSet, calculation);
    } catch (error) {
      if (!(error instanceof RuleEvaluationError)) throw error;
      issues.push({ file: `${calculation}.json`, path: '$', code: error.code, message: error.message });
      continue;
    }
    if (alreadyVerified) continue;
    const sweep = sweepCalculation(ruleSet, calculation, program);
    sweeps[calculation] = sweep;
    issues.push(...sweep.issues);
  }
  if (issues.length > 0) throw new RuleSetError(issues, `Rule set ${origin ?? ruleSet.id} cannot be used`);
  return { ruleSet: markChecked(ruleSet), sweeps };
}
