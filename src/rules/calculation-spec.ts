/**
 * What each calculation needs from a rule set's calculation file: the measures its posts
 * carry, the totals its result reports, whether posts are grouped. The loader checks a
 * calculation file against this, so a rule set that lacks a total the result needs is
 * refused at load time rather than failing on a request.
 */
import type { CalculationId } from './format/calculation.js';

export interface CalculationSpec {
  readonly measures: readonly string[];
  /** What to do when a rule set lacks a measure (one written before it came): said in the load error. */
  readonly measureHints?: Readonly<Record<string, string>>;
  readonly totals: readonly string[];
  readonly groupsRequired: boolean;
  readonly unit: string;
}

export const CALCULATION_SPECS: Readonly<Record<CalculationId, CalculationSpec>> = {
  afloscapaciteit: {
    // `minimaal`: each post's minimum necessary amount, for MaximaleAfloscapaciteit (issue 16).
    // Required, not defaulted to `bedrag`: a maximum equal to the capacity would be a figure
    // the rule set never stated. A rule set written before it is refused at load with
    // wrong_measures and missing_total, which say what to add.
    measures: ['bedrag', 'minimaal'],
    measureHints: {
      minimaal:
        'minimaal is each post\'s minimum necessary amount, from which MaximaleAfloscapaciteit follows: add it to measures, with "measureDefaults": { "minimaal": "bedrag" } so only the rules whose minimum differs state it, and add the totals TotaalMinimaleLasten, MaximaleAfloscapaciteit and MinimaalTekort (docs/rules-format.md)',
    },
    totals: [
      'TotaalLasten',
      'TotaalMinimaleLasten',
      'Afloscapaciteit',
      'MaximaleAfloscapaciteit',
      'Tekort',
      'MinimaalTekort',
    ],
    groupsRequired: false,
    unit: 'EUR/month',
  },
  pensioenuitgaven: {
    measures: ['basis', 'voorbeeld'],
    totals: [],
    groupsRequired: true,
    unit: 'EUR/month',
  },
};
