/**
 * What one calculation gave the page, however it was made (in the browser or by the API): a
 * result, the problems of the request by field, or a failure that names no field.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import { formatEuro } from './format.js';
import type { Issue } from './messages.js';

export type Result = RepaymentCapacityResult | RetirementExpenditureResult;

export type Outcome =
  | { readonly kind: 'result'; readonly result: Result }
  /** The request's problems, each at the path of its field (`?key`, `?rekenregels` for the settings). */
  | { readonly kind: 'invalid'; readonly issues: readonly Issue[] }
  /** Anything else, as a Dutch sentence. */
  | { readonly kind: 'failed'; readonly message: string };

/**
 * What the page says of the income under a retirement result: the result itself does not
 * repeat the income entered, and the income moves only Voorbeeld (what comparable households
 * spend), never Basis (the minimum). Without a usable income in the body (the result then
 * came from another field's error path), the sentence on Basis stands alone.
 */
export function retirementIncomeNote(body: unknown): string {
  const income =
    body !== null && typeof body === 'object'
      ? (body as Record<string, unknown>)['NettoBesteedbaarInkomenPerMaand']
      : undefined;
  const entered = typeof income === 'number' ? `Netto besteedbaar inkomen: ${formatEuro(income)} per maand. ` : '';
  return `${entered}Het inkomen bepaalt alleen Voorbeeld (wat vergelijkbare huishoudens met dit inkomen uitgeven); Basis is het minimum en hangt niet van het inkomen af.`;
}
