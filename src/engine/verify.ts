/**
 * `loadRuleSet`: the one way to obtain a usable rule set. Parses and cross-checks the
 * files, compiles each calculation, and sweeps it for coverage; only a set that passes
 * all of that is marked as checked and can be passed to a calculation.
 */
import { RuleEvaluationError, RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { parseRuleSet } from '../rules/load.js';
import { markChecked, type RuleSet, type RuleSetFiles } from '../rules/rule-set.js';
import { compileProgram, type Program } from './compile.js';
import { sweepCalculation, type SweepReport } from './coverage.js';

export interface LoadReport {
  readonly ruleSet: RuleSet;
  /** Per calculation, what the coverage sweep tried. */
  readonly sweeps: Readonly<Partial<Record<CalculationId, SweepReport>>>;
}

/**
 * Loads a rule set from its files (file name → parsed JSON), checks it completely and
 * returns it ready for use. Throws `RuleSetError` naming every problem by file and JSON path.
 *
 * @example
 * const ruleSet = loadRuleSet({ 'manifest.json': manifest, 'parameters.json': parameters, 'afloscapaciteit.json': rules });
 * repaymentCapacity(body, { ruleSet });
 */
export function loadRuleSet(files: RuleSetFiles, origin?: string, options?: LoadOptions): RuleSet {
  return loadRuleSetWithReport(files, origin, options).ruleSet;
}

export interface LoadOptions {
  /**
   * The content hash of these files as recorded when they last passed every check, sweep
   * included (the bundled rule sets carry one from `npm run generate`). When the files
   * still hash to it, the sweep is not repeated; any change to the files changes the hash
   * and the full sweep runs again.
   */
  readonly verifiedHash?: string;
}

/** As `loadRuleSet`, also returning what the coverage sweep tried (for `rules check`). */
export function loadRuleSetWithReport(files: RuleSetFiles, origin?: string, options?: LoadOptions): LoadReport {
  const ruleSet = parseRuleSet(files, origin);
  const alreadyVerified = options?.verifiedHash !== undefined && options.verifiedHash === ruleSet.hash;
  const issues: RuleSetIssue[] = [];
  const sweeps: Partial<Record<CalculationId, SweepReport>> = {};
  for (const calculation of Object.keys(ruleSet.calculations) as CalculationId[]) {
    let program: Program;
    try {
      program = compileProgram(ruleSet, calculation);
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
