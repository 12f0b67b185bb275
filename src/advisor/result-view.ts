/**
 * The result as a table: every amount in a row, each with a button that opens its explanation
 * underneath (a real button with `aria-expanded` and `aria-controls`). Which explanations are
 * open is remembered by key across recalculations, so an open explanation follows the input.
 */
import type { Explanation, RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import { h, idOf, srOnly } from './dom.js';
import { type MeasureLabel, repaymentMeasureLabel } from './explanation-text.js';
import { postExplanation, sumExplanation, totalExplanation } from './explanation-view.js';
import { formatEuro } from './format.js';
import { foundationCell, foundationNote } from './provenance-view.js';
import { repaymentMeasureTexts } from '../contract/repayment-measures.js';
import type { Onderbouwing } from '../contract/results.js';

/** Which explanations are open, by key (`post:Woonlasten`, `totaal:Afloscapaciteit`, …). */
export type OpenExplanations = Set<string>;

/** The id of an explanation's button. */
export function toggleId(key: string): string {
  return idOf('knop-uitleg', key);
}

/** A button that shows and hides a table row holding the explanation, built when first opened. */
function explained(
  key: string,
  name: string,
  columns: number,
  open: OpenExplanations,
  explanation: () => HTMLElement,
  foundation: Onderbouwing | undefined,
): { button: HTMLElement; row: HTMLElement } {
  const content = (): HTMLElement => {
    const note = foundationNote(foundation);
    const shown = explanation();
    if (note !== undefined) shown.prepend(note);
    return shown;
  };
  const panelId = idOf('uitleg', key);
  const isOpen = open.has(key);
  const panel = h('div', { id: panelId, class: 'uitleg', role: 'region', 'aria-label': `Uitleg bij ${name}` });
  const row = h('tr', { class: 'uitleg-rij', hidden: !isOpen }, h('td', { colspan: columns }, panel));
  const button = h(
    'button',
    {
      type: 'button',
      class: 'knop-uitleg',
      id: toggleId(key),
      'aria-expanded': String(isOpen),
      'aria-controls': panelId,
    },
    'Uitleg',
    srOnly(` bij ${name}`),
  );
  if (isOpen) panel.append(content());
  button.addEventListener('click', () => {
    const opening = !open.has(key);
    if (opening) open.add(key);
    else open.delete(key);
    button.setAttribute('aria-expanded', String(opening));
    row.hidden = !opening;
    if (opening && panel.childElementCount === 0) panel.append(content());
  });
  return { button, row };
}

/** One row of a result table: an amount in both measures, and its explanation when there is one. */
interface TableLine {
  readonly code: string;
  readonly class?: string;
  /** The row header, and what the explanation button is for. */
  readonly label: string;
  /** The two measure columns, in the order of the table's headings (`data-meting` names them). */
  readonly amounts: readonly [Amount, Amount];
  /** Which explanation this is among the open ones (`post:Woonlasten`, …). */
  readonly key: string;
  readonly explain: (() => HTMLElement) | undefined;
  readonly foundation: Onderbouwing | undefined;
}

interface Amount {
  readonly measure: string;
  readonly value: number;
}

/** Columns: name, the two measures, Onderbouwing and the explanation button. */
const COLUMNS = 5;

/** The row of one amount, followed by the (hidden or open) row of its explanation when it has one. */
function tableRows(line: TableLine, open: OpenExplanations): HTMLElement[] {
  const toggle =
    line.explain === undefined
      ? undefined
      : explained(line.key, line.label, COLUMNS, open, line.explain, line.foundation);
  const row = h(
    'tr',
    { 'data-code': line.code, class: line.class },
    h('th', { scope: 'row' }, line.label),
    line.amounts.map(({ measure, value }) =>
      h('td', { class: 'getal', 'data-meting': measure, 'data-waarde': value }, formatEuro(value)),
    ),
    foundationCell(line.foundation),
    h('td', { class: 'actie' }, toggle?.button),
  );
  return toggle === undefined ? [row] : [row, toggle.row];
}

/** A post's line; its explanation is the post's trace, when the result was explained. */
function postLine(
  post: { readonly Code: string; readonly Omschrijving: string; readonly Onderbouwing?: Onderbouwing | undefined },
  amounts: readonly [Amount, Amount],
  explanation: Explanation | undefined,
  label?: MeasureLabel,
): TableLine {
  const trace = explanation?.posts.find((p) => p.code === post.Code);
  return {
    code: post.Code,
    label: post.Omschrijving,
    amounts,
    key: `post:${post.Code}`,
    explain:
      trace === undefined || explanation === undefined ? undefined : () => postExplanation(trace, explanation, label),
    foundation: post.Onderbouwing,
  };
}

/** The table around the rows: a caption, and the two measures' column headings. */
function resultTableElement(caption: string, headings: readonly [string, string], rows: HTMLElement[]): HTMLElement {
  return h(
    'table',
    { class: 'uitkomst', id: 'uitkomst-tabel' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Post'),
        headings.map((heading) => h('th', { scope: 'col', class: 'getal' }, heading)),
        h('th', { scope: 'col' }, 'Onderbouwing'),
        h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Uitleg')),
      ),
    ),
    h('tbody', {}, rows),
  );
}

const repaymentAmounts = (amount: number, minimal: number): [Amount, Amount] => [
  { measure: 'Bedrag', value: amount },
  { measure: 'Minimaal', value: minimal },
];

/**
 * Afloscapaciteit: income, every deduction, the total, the capacity and the shortfall, each in
 * two columns: `Bedrag` and `Minimaal` (ending in the maximum capacity and the shortfall that
 * remains), worded as the result's method means them (the standard and the minimum level of a
 * reference budget; the lending norm with and without its surcharge).
 */
export function repaymentTable(result: RepaymentCapacityResult, open: OpenExplanations): HTMLElement {
  const explanation = result.Uitleg;
  const income: TableLine = {
    code: 'NettoBesteedbaarInkomenPerMaand',
    class: 'inkomen',
    label: 'Netto besteedbaar inkomen',
    amounts: repaymentAmounts(result.NettoBesteedbaarInkomenPerMaand, result.NettoBesteedbaarInkomenPerMaand),
    key: '',
    explain: undefined,
    foundation: undefined,
  };
  const words = repaymentMeasureTexts(result.Rekenregels.Methode);
  const label = repaymentMeasureLabel(words);
  const posts = result.Posten.map((post) =>
    postLine(post, repaymentAmounts(post.Bedrag, post.Minimaal), explanation, label),
  );
  const lines = [income, ...posts, ...repaymentTotalLines(result)];
  return resultTableElement(
    `Afloscapaciteit per maand. Bedrag: ${words.bedrag}. Minimaal: ${words.minimaal}.`,
    ['Bedrag per maand', 'Minimaal'],
    lines.flatMap((line) => tableRows(line, open)),
  );
}

/** The totals, each beside its minimum counterpart (TotaalLasten and TotaalMinimaleLasten, …). */
function repaymentTotalLines(result: RepaymentCapacityResult): TableLine[] {
  const explanation = result.Uitleg;
  type Total = keyof NonNullable<RepaymentCapacityResult['OnderbouwingTotalen']>;
  const totals: readonly [Total, Total, string][] = [
    ['TotaalLasten', 'TotaalMinimaleLasten', 'Totaal lasten'],
    ['Afloscapaciteit', 'MaximaleAfloscapaciteit', 'Afloscapaciteit'],
    ['Tekort', 'MinimaalTekort', 'Tekort'],
  ];
  return totals.map(([code, minimal, name]) => {
    // One explanation for the row: how the total came about, then its minimum counterpart.
    const traces = [code, minimal].map((n) => explanation?.totals.find((t) => t.name === n));
    const explain =
      explanation === undefined || traces.some((t) => t === undefined)
        ? undefined
        : () =>
            h(
              'div',
              {},
              traces.map((t) => (t === undefined ? null : totalExplanation(t, explanation))),
            );
    return {
      code,
      class: code === 'Afloscapaciteit' ? 'totaal uitkomst' : 'totaal',
      label: name,
      amounts: repaymentAmounts(result[code], result[minimal]),
      key: `totaal:${code}`,
      explain,
      foundation: result.OnderbouwingTotalen?.[code],
    };
  });
}

const retirementAmounts = (basis: number, voorbeeld: number): [Amount, Amount] => [
  { measure: 'Basis', value: basis },
  { measure: 'Voorbeeld', value: voorbeeld },
];

/** Pensioenuitgaven: per group its posts (Basis and Voorbeeld) and subtotal, then the total. */
export function retirementTable(result: RetirementExpenditureResult, open: OpenExplanations): HTMLElement {
  const explanation = result.Uitleg;
  const groupParts = result.Groepen.map((g) => ({ label: g.Omschrijving, basis: g.Basis, voorbeeld: g.Voorbeeld }));
  const total: TableLine = {
    code: 'Totaal',
    class: 'totaal uitkomst',
    label: 'Totaal',
    amounts: retirementAmounts(result.Totaal.Basis, result.Totaal.Voorbeeld),
    key: 'totaal:Totaal',
    explain: () =>
      sumExplanation(
        'Totaal',
        groupParts,
        { basis: result.Totaal.Basis, voorbeeld: result.Totaal.Voorbeeld },
        explanation,
      ),
    foundation: result.Totaal.Onderbouwing,
  };
  return resultTableElement(
    'Pensioenuitgaven per maand: Basis (het minimum) en Voorbeeld (wat vergelijkbare huishoudens uitgeven)',
    ['Basis', 'Voorbeeld'],
    [...result.Groepen.flatMap((group) => retirementGroupRows(result, group, open)), ...tableRows(total, open)],
  );
}

/** One group: a heading row spanning the table, its posts, then its subtotal. */
function retirementGroupRows(
  result: RetirementExpenditureResult,
  group: RetirementExpenditureResult['Groepen'][number],
  open: OpenExplanations,
): HTMLElement[] {
  const explanation = result.Uitleg;
  const posts = result.Posten.filter((p) => p.Groep === group.Code);
  const postLines = posts.map((post) => postLine(post, retirementAmounts(post.Basis, post.Voorbeeld), explanation));
  const parts = posts.map((p) => ({ label: p.Omschrijving, basis: p.Basis, voorbeeld: p.Voorbeeld }));
  const subtotal = `Subtotaal ${group.Omschrijving.toLowerCase()}`;
  const subtotalLine: TableLine = {
    code: group.Code,
    class: 'subtotaal',
    label: subtotal,
    amounts: retirementAmounts(group.Basis, group.Voorbeeld),
    key: `groep:${group.Code}`,
    explain: () => sumExplanation(subtotal, parts, { basis: group.Basis, voorbeeld: group.Voorbeeld }, explanation),
    foundation: group.Onderbouwing,
  };
  return [
    h(
      'tr',
      { class: 'groep' },
      h('th', { scope: 'colgroup', colspan: COLUMNS, id: idOf('groep', group.Code) }, group.Omschrijving),
    ),
    ...[...postLines, subtotalLine].flatMap((line) => tableRows(line, open)),
  ];
}
