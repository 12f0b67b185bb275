/**
 * budgetnorm: Dutch household budget norms as rule sets.
 *
 * - {@link repaymentCapacity}`(body, options?)`: afloscapaciteit
 * - {@link retirementExpenditure}`(body, options?)`: pensioenuitgaven
 * - {@link loadRuleSet}`(files)`: an institution's own rule set; {@link RuleSetCatalog} to choose among several
 *
 * The core runs unchanged in Node, Deno, Bun, browsers and edge workers. Node-only helpers
 * (reading a rule-set folder from disk) are in `budgetnorm/node`; the HTTP service is
 * `budgetnorm/http`.
 *
 * @module budgetnorm
 */
export { repaymentCapacity } from './calculations/repayment-capacity.js';
export { retirementExpenditure } from './calculations/retirement-expenditure.js';
export type { CalculationOptions } from './calculations/options.js';
export type { RepaymentCapacityRequest } from './contract/repayment-request.js';
export type { RetirementExpenditureRequest } from './contract/retirement-request.js';
export type { RequestBody } from './contract/request-body.js';
export { bundledCatalog } from './calculations/bundled-catalog.js';
export { ValidationError, RuleSetError, RuleSetChoiceError, RuleEvaluationError } from './contract/errors.js';
export type { ValidationIssue, RuleSetIssue } from './contract/errors.js';
export { RepaymentCapacityResult, RetirementExpenditureResult } from './contract/results.js';
export type { Onderbouwing } from './contract/results.js';
export { loadRuleSet, loadRuleSetWithReport } from './engine/load-rule-set.js';
export type { LoadReport } from './engine/load-rule-set.js';
export type { SweepReport } from './engine/coverage.js';
export { RuleSetCatalog, referenceDate } from './rules/choose.js';
export type { RuleSet, RuleSetFiles } from './rules/rule-set.js';
export type { Explanation, FigureUse, RuleTrace, AmountTrace, ConditionTrace } from './contract/explanation.js';
export { parseRepaymentRequest } from './household/parse-repayment.js';
export { parseRetirementRequest } from './household/parse-retirement.js';
export type { Household, ParsedRequest } from './household/household.js';
