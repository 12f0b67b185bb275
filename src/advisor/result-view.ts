/**
 * The result as a table: every amount in a row, each with a button that opens its explanation
 * underneath (a real button with `aria-expanded` and `aria-controls`). Which explanations are
 * open is remembered by key across recalculations, so an open explanation follows the input.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import { h, idOf, srOnly } from './dom.js';
import { postExplanation, sumExplanation, totalExplanation } from './explanation-view.js';
import { formatEuro } from './format.js';
import { foundationCell, foundationNote } from './provenance-view.js';
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

/**
 * Afloscapaciteit: income, every deduction, the total, the capacity and the shortfall, each in
 * two columns: by the norm (`Bedrag`) and at the minimum (`Minimaal`, ending in the maximum
 * capacity and the shortfall that remains).
 */
export function repaymentTable(result: RepaymentCapacityResult, open: OpenExplanations): HTMLElement {
  const explanation = result.Uitleg;
  const rows: HTMLElement[] = [];
  const line = (
    attrs: { code: string; class?: string },
    name: string,
    [amount, minimal]: readonly [number, number],
    explain: (() => HTMLElement) | undefined,
    key: string,
    foundation?: Onderbouwing,
  ) => {
    const toggle = explain === undefined ? undefined : explained(key, name, 5, open, explain, foundation);
    rows.push(
      h(
        'tr',
        { 'data-code': attrs.code, class: attrs.class },
        h('th', { scope: 'row' }, name),
        h('td', { class: 'getal', 'data-meting': 'Bedrag', 'data-waarde': amount }, formatEuro(amount)),
        h('td', { class: 'getal', 'data-meting': 'Minimaal', 'data-waarde': minimal }, formatEuro(minimal)),
        foundationCell(foundation),
        h('td', { class: 'actie' }, toggle?.button),
      ),
    );
    if (toggle !== undefined) rows.push(toggle.row);
  };
  line(
    { code: 'NettoBesteedbaarInkomenPerMaand', class: 'inkomen' },
    'Netto besteedbaar inkomen',
    [result.NettoBesteedbaarInkomenPerMaand, result.NettoBesteedbaarInkomenPerMaand],
    undefined,
    '',
  );
  for (const post of result.Posten) {
    const trace = explanation?.posts.find((p) => p.code === post.Code);
    line(
      { code: post.Code },
      post.Omschrijving,
      [post.Bedrag, post.Minimaal],
      trace === undefined || explanation === undefined ? undefined : () => postExplanation(trace, explanation),
      `post:${post.Code}`,
      post.Onderbouwing,
    );
  }
  type Total = keyof NonNullable<RepaymentCapacityResult['OnderbouwingTotalen']>;
  const totals: readonly [Total, Total, string][] = [
    ['TotaalLasten', 'TotaalMinimaleLasten', 'Totaal lasten'],
    ['Afloscapaciteit', 'MaximaleAfloscapaciteit', 'Afloscapaciteit'],
    ['Tekort', 'MinimaalTekort', 'Tekort'],
  ];
  for (const [code, minimal, name] of totals) {
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
    line(
      { code, class: code === 'Afloscapaciteit' ? 'totaal uitkomst' : 'totaal' },
      name,
      [result[code], result[minimal]],
      explain,
      `totaal:${code}`,
      result.OnderbouwingTotalen?.[code],
    );
  }
  return h(
    'table',
    { class: 'uitkomst', id: 'uitkomst-tabel' },
    h(
      'caption',
      {},
      'Afloscapaciteit per maand, met elke post: Bedrag (volgens de norm) en Minimaal (de minimale lasten, met de maximale afloscapaciteit)',
    ),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Post'),
        h('th', { scope: 'col', class: 'getal' }, 'Bedrag per maand'),
        h('th', { scope: 'col', class: 'getal' }, 'Minimaal'),
        h('th', { scope: 'col' }, 'Onderbouwing'),
        h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Uitleg')),
      ),
    ),
    h('tbody', {}, rows),
  );
}

/** Pensioenuitgaven: per group its posts (Basis and Voorbeeld) and subtotal, then the total. */
export function retirementTable(result: RetirementExpenditureResult, open: OpenExplanations): HTMLElement {
  const explanation = result.Uitleg;
  const body: HTMLElement[] = [];
  const cells = (basis: number, voorbeeld: number) => [
    h('td', { class: 'getal', 'data-meting': 'Basis', 'data-waarde': basis }, formatEuro(basis)),
    h('td', { class: 'getal', 'data-meting': 'Voorbeeld', 'data-waarde': voorbeeld }, formatEuro(voorbeeld)),
  ];
  const line = (
    attrs: Record<string, string>,
    name: string | HTMLElement,
    label: string,
    basis: number,
    voorbeeld: number,
    key: string,
    explain: (() => HTMLElement) | undefined,
    foundation: Onderbouwing | undefined,
  ) => {
    const toggle = explain === undefined ? undefined : explained(key, label, 5, open, explain, foundation);
    body.push(
      h(
        'tr',
        attrs,
        h('th', { scope: 'row' }, name),
        cells(basis, voorbeeld),
        foundationCell(foundation),
        h('td', { class: 'actie' }, toggle?.button),
      ),
    );
    if (toggle !== undefined) body.push(toggle.row);
  };
  for (const group of result.Groepen) {
    const posts = result.Posten.filter((p) => p.Groep === group.Code);
    body.push(
      h(
        'tr',
        { class: 'groep' },
        h('th', { scope: 'colgroup', colspan: 5, id: idOf('groep', group.Code) }, group.Omschrijving),
      ),
    );
    for (const post of posts) {
      const trace = explanation?.posts.find((p) => p.code === post.Code);
      line(
        { 'data-code': post.Code },
        post.Omschrijving,
        post.Omschrijving,
        post.Basis,
        post.Voorbeeld,
        `post:${post.Code}`,
        trace === undefined || explanation === undefined ? undefined : () => postExplanation(trace, explanation),
        post.Onderbouwing,
      );
    }
    const parts = posts.map((p) => ({ label: p.Omschrijving, basis: p.Basis, voorbeeld: p.Voorbeeld }));
    const subtotal = `Subtotaal ${group.Omschrijving.toLowerCase()}`;
    line(
      { 'data-code': group.Code, class: 'subtotaal' },
      subtotal,
      subtotal,
      group.Basis,
      group.Voorbeeld,
      `groep:${group.Code}`,
      () => sumExplanation(subtotal, parts, { basis: group.Basis, voorbeeld: group.Voorbeeld }, explanation),
      group.Onderbouwing,
    );
  }
  const groupParts = result.Groepen.map((g) => ({ label: g.Omschrijving, basis: g.Basis, voorbeeld: g.Voorbeeld }));
  line(
    { 'data-code': 'Totaal', class: 'totaal uitkomst' },
    'Totaal',
    'Totaal',
    result.Totaal.Basis,
    result.Totaal.Voorbeeld,
    'totaal:Totaal',
    () =>
      sumExplanation(
        'Totaal',
        groupParts,
        { basis: result.Totaal.Basis, voorbeeld: result.Totaal.Voorbeeld },
        explanation,
      ),
    result.Totaal.Onderbouwing,
  );
  return h(
    'table',
    { class: 'uitkomst', id: 'uitkomst-tabel' },
    h(
      'caption',
      {},
      'Pensioenuitgaven per maand: Basis (het minimum) en Voorbeeld (wat vergelijkbare huishoudens uitgeven)',
    ),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Post'),
        h('th', { scope: 'col', class: 'getal' }, 'Basis'),
        h('th', { scope: 'col', class: 'getal' }, 'Voorbeeld'),
        h('th', { scope: 'col' }, 'Onderbouwing'),
        h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Uitleg')),
      ),
    ),
    h('tbody', {}, body),
  );
}
