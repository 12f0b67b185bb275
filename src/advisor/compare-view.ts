/**
 * Two rule sets side by side for the same household: every amount under each set, and the
 * difference (the second set minus the first).
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import { h, tableHead } from './dom.js';
import type { Result } from './outcome.js';
import { formatDifference, formatEuro } from './format.js';

function amountCell(setId: string, measure: string, amount: number | undefined): HTMLElement {
  return h(
    'td',
    { class: 'getal', 'data-regelset': setId, 'data-meting': measure },
    amount === undefined ? '—' : formatEuro(amount),
  );
}

function differenceCell(measure: string, a: number | undefined, b: number | undefined): HTMLElement {
  const difference = a === undefined || b === undefined ? undefined : b - a;
  return h(
    'td',
    { class: 'getal verschil', 'data-meting': `${measure}Verschil` },
    difference === undefined ? '—' : formatDifference(difference),
  );
}

function repaymentRows(
  a: RepaymentCapacityResult,
  b: RepaymentCapacityResult,
): [string, string, number | undefined, number | undefined][] {
  const codes = [...new Set([...a.Posten.map((p) => p.Code), ...b.Posten.map((p) => p.Code)])];
  const post = (r: RepaymentCapacityResult, code: string) => r.Posten.find((p) => p.Code === code);
  return [
    [
      'NettoBesteedbaarInkomenPerMaand',
      'Netto besteedbaar inkomen',
      a.NettoBesteedbaarInkomenPerMaand,
      b.NettoBesteedbaarInkomenPerMaand,
    ],
    ...codes.map((code): [string, string, number | undefined, number | undefined] => [
      code,
      (post(a, code) ?? post(b, code))?.Omschrijving ?? code,
      post(a, code)?.Bedrag,
      post(b, code)?.Bedrag,
    ]),
    ['TotaalLasten', 'Totaal lasten', a.TotaalLasten, b.TotaalLasten],
    ['Afloscapaciteit', 'Afloscapaciteit', a.Afloscapaciteit, b.Afloscapaciteit],
    ['Tekort', 'Tekort', a.Tekort, b.Tekort],
    ['MaximaleAfloscapaciteit', 'Maximale afloscapaciteit', a.MaximaleAfloscapaciteit, b.MaximaleAfloscapaciteit],
  ];
}

function retirementRows(a: RetirementExpenditureResult, b: RetirementExpenditureResult) {
  type Amounts = { Basis: number; Voorbeeld: number } | undefined;
  const codes = [...new Set([...a.Posten.map((p) => p.Code), ...b.Posten.map((p) => p.Code)])];
  const post = (r: RetirementExpenditureResult, code: string) => r.Posten.find((p) => p.Code === code);
  const groups = [...new Set([...a.Groepen.map((g) => g.Code), ...b.Groepen.map((g) => g.Code)])];
  const group = (r: RetirementExpenditureResult, code: string) => r.Groepen.find((g) => g.Code === code);
  const rows: [string, string, Amounts, Amounts, string][] = [
    ...codes.map((code): [string, string, Amounts, Amounts, string] => [
      code,
      (post(a, code) ?? post(b, code))?.Omschrijving ?? code,
      post(a, code),
      post(b, code),
      '',
    ]),
    ...groups.map((code): [string, string, Amounts, Amounts, string] => [
      code,
      `Subtotaal ${((group(a, code) ?? group(b, code))?.Omschrijving ?? code).toLowerCase()}`,
      group(a, code),
      group(b, code),
      'subtotaal',
    ]),
    ['Totaal', 'Totaal', a.Totaal, b.Totaal, 'totaal'],
  ];
  return rows;
}

/** The comparison table of results `a` and `b`: its caption names the operation and both rule sets. */
function comparison(
  operation: string,
  [a, b]: readonly [Result, Result],
  headings: (idA: string, idB: string) => readonly string[],
  rows: (idA: string, idB: string) => readonly HTMLElement[],
): HTMLElement {
  const idA = a.Rekenregels.Id;
  const idB = b.Rekenregels.Id;
  return h(
    'table',
    { class: 'uitkomst vergelijking', id: 'vergelijking-tabel' },
    h('caption', {}, `${operation} met rekenregels ${idA} en ${idB}`),
    tableHead(headings(idA, idB), (i) => i > 0),
    h('tbody', {}, rows(idA, idB)),
  );
}

/** The comparison table of two repayment results (rule sets `a` and `b`). */
export function repaymentComparison(a: RepaymentCapacityResult, b: RepaymentCapacityResult): HTMLElement {
  return comparison(
    'Afloscapaciteit',
    [a, b],
    (idA, idB) => ['Post', idA, idB, `Verschil (${idB} − ${idA})`],
    (idA, idB) =>
      repaymentRows(a, b).map(([code, name, x, y]) =>
        h(
          'tr',
          { 'data-code': code, class: code === 'Afloscapaciteit' ? 'totaal uitkomst' : undefined },
          h('th', { scope: 'row' }, name),
          amountCell(idA, 'Bedrag', x),
          amountCell(idB, 'Bedrag', y),
          differenceCell('Bedrag', x, y),
        ),
      ),
  );
}

/** The comparison table of two retirement results (rule sets `a` and `b`). */
export function retirementComparison(a: RetirementExpenditureResult, b: RetirementExpenditureResult): HTMLElement {
  return comparison(
    'Pensioenuitgaven',
    [a, b],
    (idA, idB) => [
      'Post',
      `Basis ${idA}`,
      `Basis ${idB}`,
      'Verschil',
      `Voorbeeld ${idA}`,
      `Voorbeeld ${idB}`,
      'Verschil',
    ],
    (idA, idB) =>
      retirementRows(a, b).map(([code, name, x, y, kind]) =>
        h(
          'tr',
          { 'data-code': code, class: kind === '' ? undefined : kind },
          h('th', { scope: 'row' }, name),
          amountCell(idA, 'Basis', x?.Basis),
          amountCell(idB, 'Basis', y?.Basis),
          differenceCell('Basis', x?.Basis, y?.Basis),
          amountCell(idA, 'Voorbeeld', x?.Voorbeeld),
          amountCell(idB, 'Voorbeeld', y?.Voorbeeld),
          differenceCell('Voorbeeld', x?.Voorbeeld, y?.Voorbeeld),
        ),
      ),
  );
}
