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

/** A difference in euros and cents, the Dutch way (`€ 24,81`, `-€ 3,50`). */
function euroCents(value: number): string {
  const cents = Math.round(value * 100);
  const sign = cents < 0 ? '-' : '';
  const whole = formatEuro(Math.trunc(Math.abs(cents) / 100));
  const rest = Math.abs(cents) % 100;
  return `${sign}${whole},${String(rest).padStart(2, '0')}`;
}

/** How `shown` came from `exact`: rounded down, up, or not at all. */
function roundedHow(exact: number, shown: number): string {
  if (shown < exact) return 'naar beneden afgerond';
  if (shown > exact) return 'naar boven afgerond';
  return 'zonder afronding';
}

/**
 * What the page says under a repayment table: the capacity (and the shortfall) are computed
 * from the exact, unrounded expenses and only then rounded, so they need not equal the shown
 * income minus the shown total of rounded posts. With the explanation, the exact figures of
 * this household are written out (`€ 2.400 − € 2.151,37 = € 248,63, naar beneden afgerond: € 248`).
 */
export function repaymentRoundingNote(result: RepaymentCapacityResult): string {
  const income = result.NettoBesteedbaarInkomenPerMaand;
  const general =
    'De afloscapaciteit en het tekort worden berekend uit de exacte (onafgeronde) lasten en pas daarna op hele euro’s afgerond. Ze kunnen daardoor afwijken van het getoonde inkomen min de getoonde totale lasten, die de som is van de afgeronde posten.';
  const trace = result.Uitleg?.totals.find((t) => t.name === 'Afloscapaciteit');
  const exactFigure = trace?.figures.find((f) => f.kind === 'post' && !f.rounded);
  if (exactFigure === undefined) return general;
  const exactExpenses = Number(exactFigure.value);
  const exact = income - exactExpenses;
  const shownDifference = income - result.TotaalLasten;
  const [name, value] = exact >= 0 ? ['de afloscapaciteit', result.Afloscapaciteit] : ['het tekort', result.Tekort];
  const worked = `Hier: ${formatEuro(income)} − ${euroCents(exactExpenses)} (exacte lasten) = ${euroCents(exact)}; ${
    exact >= 0 ? '' : 'als tekort '
  }${roundedHow(Math.abs(exact), value)} is ${name} ${formatEuro(value)}.`;
  const differs =
    shownDifference !== (exact >= 0 ? result.Afloscapaciteit : -result.Tekort)
      ? ` Het getoonde inkomen min de getoonde totale lasten (${formatEuro(income)} − ${formatEuro(result.TotaalLasten)} = ${formatEuro(shownDifference)}) wijkt daar dus van af.`
      : '';
  return `${general} ${worked}${differs}`;
}
