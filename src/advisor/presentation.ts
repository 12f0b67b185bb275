/**
 * How the page shows a result, per operation: the summary sentence, the note under it, the
 * table with its legend and the chart. One entry per calculation of the library, so a new
 * operation without its presentation is a compile error; main.ts only asks the entry of the
 * operation the result was computed for.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { repaymentChart, retirementChart } from './chart-view.js';
import { repaymentComparison, retirementComparison } from './compare-view.js';
import { h } from './dom.js';
import { formatEuro } from './format.js';
import { type Result, repaymentRoundingNote, retirementIncomeNote } from './outcome.js';
import { foundationLegend } from './provenance-view.js';
import { type OpenExplanations, repaymentTable, retirementTable } from './result-view.js';

/** What the page shows of one result. */
export interface Presentation {
  /** The headline sentence. */
  readonly summary: string;
  /** A note under it ('' for none). */
  readonly incomeNote: string;
  /** The table, with the legend of the Onderbouwing markers when the result has them. */
  readonly table: readonly HTMLElement[];
  /** Draws the chart at a width. */
  readonly chart: (width: number) => HTMLElement;
  /** The comparison with the result of the same request under a second rule set. */
  readonly compare: (second: Result) => HTMLElement;
}

type Present = (result: Result, body: unknown, open: OpenExplanations) => Presentation;

/** The legend of the Onderbouwing markers, when the result has them. */
const legendFor = (founded: boolean): HTMLElement[] => (founded ? [foundationLegend()] : []);

const PRESENTATIONS = {
  // The result is the operation's own (the page drops results of an earlier request), hence the casts.
  afloscapaciteit: (computed, _body, open) => {
    const result = computed as RepaymentCapacityResult;
    let summary = `Afloscapaciteit: ${formatEuro(result.Afloscapaciteit)} per maand`;
    if (result.Tekort > 0) summary += `, tekort: ${formatEuro(result.Tekort)} per maand`;
    summary += `; maximaal (met minimale lasten): ${formatEuro(result.MaximaleAfloscapaciteit)} per maand`;
    return {
      summary,
      incomeNote: '',
      table: [
        repaymentTable(result, open),
        h('p', { class: 'toelichting', id: 'afronding-toelichting' }, repaymentRoundingNote(result)),
        ...legendFor(result.OnderbouwingTotalen !== undefined),
      ],
      chart: (width) => repaymentChart(result, width),
      compare: (second) => repaymentComparison(result, second as RepaymentCapacityResult),
    };
  },
  pensioenuitgaven: (computed, body, open) => {
    const result = computed as RetirementExpenditureResult;
    return {
      summary: `Totaal per maand: Basis ${formatEuro(result.Totaal.Basis)}, Voorbeeld ${formatEuro(result.Totaal.Voorbeeld)}`,
      incomeNote: retirementIncomeNote(body),
      table: [retirementTable(result, open), ...legendFor(result.Totaal.Onderbouwing !== undefined)],
      chart: (width) => retirementChart(result, width),
      compare: (second) => retirementComparison(result, second as RetirementExpenditureResult),
    };
  },
} satisfies Readonly<Record<CalculationId, Present>>;

/** The presentation of a result of `operation`, for the request `body`. */
export function present(operation: CalculationId, result: Result, body: unknown, open: OpenExplanations): Presentation {
  return PRESENTATIONS[operation](result, body, open);
}
