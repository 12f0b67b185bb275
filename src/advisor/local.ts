/**
 * Calculating in the browser: the library itself (its browser build is bundled into the
 * page's script), with the rule set chosen by id and the explanation always on. No request
 * leaves the page.
 */
import { OPERATIONS } from '../calculations/operations.js';
import {
  RuleSetChoiceError,
  ValidationError,
  bundledCatalog,
  type RepaymentCapacityResult,
  type RetirementExpenditureResult,
} from '../index.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { RULE_SET_PATH } from './messages.js';
import type { Outcome } from './outcome.js';

/** A bundled rule set as the page offers it. */
export interface RuleSetOption {
  readonly id: string;
  /** The method family (`nl`, `vfn`): docs/methods/README.md. */
  readonly family: string;
  readonly validFrom: string;
  readonly validUntil: string;
}

/** The bundled rule sets, by family in order of validity, and the one of the default family valid today (else the last). */
export function ruleSetOptions(today: Date = new Date()): { options: RuleSetOption[]; current: string } {
  const catalog = bundledCatalog();
  const options = catalog
    .list()
    .map((set) => ({ id: set.id, family: set.family, validFrom: set.validFrom, validUntil: set.validUntil }));
  let current = options.at(-1)?.id ?? '';
  try {
    current = catalog.forDate(today).id;
  } catch {
    // No set is valid today: the newest is the sensible default.
  }
  return { options, current };
}

/** The calculation in the browser, with `explain: true` and `provenance: true` (the page shows both). */
export function calculateLocally(operation: CalculationId, body: unknown, ruleSetId: string): Outcome {
  try {
    const options = { ruleSet: ruleSetId, explain: true, provenance: true };
    const result: RepaymentCapacityResult | RetirementExpenditureResult = OPERATIONS[operation].calculate(
      body,
      options,
    );
    return { kind: 'result', result };
  } catch (error) {
    if (error instanceof ValidationError) return { kind: 'invalid', issues: error.issues };
    if (error instanceof RuleSetChoiceError) {
      return { kind: 'invalid', issues: [{ path: RULE_SET_PATH, code: error.code, message: error.message }] };
    }
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { kind: 'failed', message: `De berekening in de browser mislukte (${why}).` };
  }
}
