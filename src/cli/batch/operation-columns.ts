/**
 * The result columns of each operation in a batch's CSV output (`Posten[0].Bedrag`, …), fixed by
 * the rule set's calculation file so every row has the same columns. The columns every
 * operation shares (`Rekenregels.*`, `Meldingen`, `Uitleg`) are added by `resultColumns` in
 * ./csv-fields.ts; the operations' own lists are kept apart here, one function each.
 */
import { CALCULATION_SPECS } from '../../rules/calculation-spec.js';
import type { CalculationFile } from '../../rules/format/calculation.js';

/** What the result holds besides its amounts: `Uitleg` (`--explain`), `Onderbouwing` (`--provenance`). */
export interface ResultExtras {
  readonly explain: boolean;
  readonly provenance: boolean;
}

/**
 * The columns of one amount's `Onderbouwing` (with `--provenance`): the weakest provenance as a
 * word, and the two name lists, each a JSON array as every list in a cell is.
 */
export const foundationColumns = (onderbouwing: string, extras: ResultExtras): string[] =>
  extras.provenance ? ['Zwakst', 'Schattingen', 'TeVerifieren'].map((f) => `${onderbouwing}.${f}`) : [];

/** An operation's own result columns, before the shared ones, in the result's own order. */
export type OperationColumns = (calc: CalculationFile | undefined, extras: ResultExtras) => string[];

/** `afloscapaciteit`: the headline figures, every post, the totals. */
export const repaymentColumns: OperationColumns = (calc, extras) => [
  'Afloscapaciteit',
  'MaximaleAfloscapaciteit',
  'NettoBesteedbaarInkomenPerMaand',
  ...(calc?.posts ?? []).flatMap((_, i) => [
    `Posten[${i}].Code`,
    `Posten[${i}].Omschrijving`,
    `Posten[${i}].Bedrag`,
    `Posten[${i}].Minimaal`,
    ...foundationColumns(`Posten[${i}].Onderbouwing`, extras),
  ]),
  'TotaalLasten',
  'TotaalMinimaleLasten',
  'Tekort',
  'MinimaalTekort',
  // OnderbouwingTotalen has one entry per total the calculation reports, in the spec's order.
  ...CALCULATION_SPECS.afloscapaciteit.totals.flatMap((t) => foundationColumns(`OnderbouwingTotalen.${t}`, extras)),
];

/** `pensioenuitgaven`: every post, every group that has posts, the total. */
export const retirementColumns: OperationColumns = (calc, extras) => {
  const posts = calc?.posts ?? [];
  const groups = (calc?.groups ?? []).filter((g) => posts.some((p) => p.group === g.code));
  return [
    ...posts.flatMap((_, i) => [
      ...['Code', 'Omschrijving', 'Groep', 'Basis', 'Voorbeeld'].map((f) => `Posten[${i}].${f}`),
      ...foundationColumns(`Posten[${i}].Onderbouwing`, extras),
    ]),
    ...groups.flatMap((_, i) => [
      ...['Code', 'Omschrijving', 'Basis', 'Voorbeeld'].map((f) => `Groepen[${i}].${f}`),
      ...foundationColumns(`Groepen[${i}].Onderbouwing`, extras),
    ]),
    'Totaal.Basis',
    'Totaal.Voorbeeld',
    ...foundationColumns('Totaal.Onderbouwing', extras),
  ];
};
