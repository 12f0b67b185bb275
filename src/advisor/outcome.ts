/**
 * What one calculation gave the page, however it was made (in the browser or by the API): a
 * result, the problems of the request by field, or a failure that names no field.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import type { Issue } from './messages.js';

export type Result = RepaymentCapacityResult | RetirementExpenditureResult;

export type Outcome =
  | { readonly kind: 'result'; readonly result: Result }
  /** The request's problems, each at the path of its field (`?key`, `?rekenregels` for the settings). */
  | { readonly kind: 'invalid'; readonly issues: readonly Issue[] }
  /** Anything else, as a Dutch sentence. */
  | { readonly kind: 'failed'; readonly message: string };

export function isRepayment(result: Result): result is RepaymentCapacityResult {
  return 'Afloscapaciteit' in result;
}
