/**
 * The panel `Uitkomst` of the advisor page: the summary, the rule set used, the table with its
 * explanations, the chart (drawn for the width it has, and again when that changes), the
 * warnings, the comparison with a second rule set, the list of input errors, and a polite
 * announcement for screen readers, for whatever a calculation gave.
 */
import type { CalculationId } from '../rules/format/calculation.js';
import { h } from './dom.js';
import { statusText } from './explanation-text.js';
import { showIssues } from './form-view.js';
import { dutchIssue, type Issue } from './messages.js';
import type { Outcome } from './outcome.js';
import { type Presentation, present } from './presentation.js';
import type { OpenExplanations } from './result-view.js';

const ANNOUNCE_DELAY_MS = 600;

/** How the outcome came about: the operation, through the API or not, and the rule set compared with. */
export interface Calculated {
  readonly operation: CalculationId;
  readonly viaApi: boolean;
  readonly compareWith: string;
}

/** The panel, and how to show an outcome in it. */
export interface ResultsPanel {
  readonly element: HTMLElement;
  show(body: unknown, primary: Outcome, secondary: Outcome | undefined, how: Calculated): void;
}

/** The parts of the panel that an outcome fills. */
interface Parts {
  readonly results: HTMLElement;
  readonly summary: HTMLElement;
  readonly source: HTMLElement;
  readonly incomeNote: HTMLElement;
  readonly notices: HTMLElement;
  readonly errors: HTMLElement;
  readonly table: HTMLElement;
  readonly comparison: HTMLElement;
  /** Draws the chart (or none) for the width it has. */
  readonly chart: (draw: ((width: number) => HTMLElement) | undefined) => void;
  readonly announce: (text: string) => void;
}

/** The panel `Uitkomst`, empty; `open` keeps which explanations the advisor opened. */
export function resultsPanel(open: OpenExplanations): ResultsPanel {
  const parts = panelParts();
  const show = (body: unknown, primary: Outcome, secondary: Outcome | undefined, how: Calculated) => {
    const active = document.activeElement;
    const results = parts.results;
    const focused = active instanceof HTMLElement && results.contains(active) && active.id !== '' ? active.id : '';
    if (primary.kind === 'invalid') {
      showErrors(parts.errors, primary.issues);
      clearResult(parts);
      parts.summary.textContent = 'Nog geen uitkomst: verbeter eerst de invoer.';
      parts.announce(
        primary.issues.length === 1
          ? 'Er is 1 fout in de invoer.'
          : `Er zijn ${primary.issues.length} fouten in de invoer.`,
      );
      results.dataset['status'] = 'fout';
    } else if (primary.kind === 'failed') {
      showErrors(parts.errors, []);
      clearResult(parts);
      parts.summary.textContent = primary.message;
      parts.announce(primary.message);
      results.dataset['status'] = 'fout';
    } else {
      showErrors(parts.errors, []);
      const shown = present(how.operation, primary.result, body, open);
      showResult(parts, shown, primary.result, how);
      showComparison(parts.comparison, shown, secondary, how.compareWith);
      results.dataset['status'] = 'klaar';
    }
    if (focused !== '') document.getElementById(focused)?.focus();
  };
  return { element: parts.results, show };
}

function panelParts(): Parts {
  // In the order the panel shows them; the chart, the comparison and the announcer follow.
  const filled = {
    summary: h('p', { class: 'samenvatting', id: 'samenvatting' }),
    source: h('p', { class: 'detail', id: 'berekend' }),
    // Under a retirement result: the income entered, and that it moves only Voorbeeld.
    incomeNote: h('p', { class: 'detail', id: 'inkomen-toelichting' }),
    notices: h('div', { id: 'meldingen' }),
    errors: h('div', { id: 'foutoverzicht' }),
    table: h('div', { class: 'tabel-rol', id: 'tabel' }),
  };
  const chart = h('div', { class: 'grafiek-rol', id: 'grafiek' });
  const comparison = h('div', { id: 'vergelijking' });
  const announcer = h('p', { class: 'sr-only', role: 'status', id: 'aankondiging' });
  const results = h(
    'section',
    { class: 'paneel', id: 'uitkomst', tabindex: -1, 'aria-labelledby': 'uitkomst-kop', 'aria-busy': 'true' },
    h('h2', { id: 'uitkomst-kop' }, 'Uitkomst'),
    ...Object.values(filled),
    chart,
    comparison,
    announcer,
  );
  let announceTimer: ReturnType<typeof setTimeout> | undefined;
  const announce = (text: string) => {
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      announcer.textContent = text;
    }, ANNOUNCE_DELAY_MS);
  };
  return { results, ...filled, comparison, chart: chartSlot(chart), announce };
}

/**
 * The chart is drawn for the width it has (so its text keeps its size on a phone), and again
 * when that width changes.
 */
function chartSlot(chart: HTMLElement): Parts['chart'] {
  let drawChart: ((width: number) => HTMLElement) | undefined;
  let drawnWidth = 0;
  const redrawChart = () => {
    drawnWidth = chart.clientWidth;
    chart.replaceChildren(...(drawChart === undefined ? [] : [h('h3', {}, 'Grafiek'), drawChart(drawnWidth)]));
  };
  new ResizeObserver(() => {
    if (drawChart !== undefined && Math.abs(chart.clientWidth - drawnWidth) >= 1) redrawChart();
  }).observe(chart);
  return (draw) => {
    drawChart = draw;
    if (draw === undefined) chart.replaceChildren();
    else redrawChart();
  };
}

function clearResult(parts: Parts): void {
  parts.chart(undefined);
  parts.table.replaceChildren();
  parts.notices.replaceChildren();
  parts.comparison.replaceChildren();
  parts.source.textContent = '';
  parts.incomeNote.textContent = '';
}

type CalculationResult = Extract<Outcome, { kind: 'result' }>['result'];

/** A calculated result: summary, rule set, table, chart and warnings, as its operation presents them. */
function showResult(parts: Parts, shown: Presentation, result: CalculationResult, how: Calculated): void {
  const where = how.viaApi ? 'door de API' : 'in deze browser';
  const set = result.Rekenregels;
  parts.source.textContent = `Berekend ${where} met rekenregels ${set.Id} (geldig ${set.GeldigVanaf} t/m ${set.GeldigTot}; status: ${statusText(set.Status)}).`;
  parts.incomeNote.textContent = shown.incomeNote;
  parts.table.replaceChildren(...shown.table);
  parts.chart(shown.chart);
  parts.summary.textContent = shown.summary;
  parts.notices.replaceChildren(
    result.Meldingen.length === 0
      ? ''
      : h(
          'div',
          { class: 'meldingen' },
          h('h3', {}, 'Meldingen'),
          h(
            'ul',
            {},
            result.Meldingen.map((m) => h('li', { 'data-code': m.Code }, m.Tekst)),
          ),
        ),
  );
  parts.announce(`${shown.summary}. Rekenregels ${set.Id}, berekend ${where}.`);
}

/** The comparison with the second rule set, or why it could not be made; nothing without one. */
function showComparison(
  comparison: HTMLElement,
  shown: Presentation,
  secondary: Outcome | undefined,
  compareWith: string,
): void {
  comparison.replaceChildren();
  if (secondary === undefined) return;
  const heading = h('h3', {}, 'Vergelijking');
  if (secondary.kind === 'result') {
    comparison.append(heading, h('div', { class: 'tabel-rol' }, shown.compare(secondary.result)));
    return;
  }
  const why =
    secondary.kind === 'failed'
      ? secondary.message
      : secondary.issues.map((issue) => `${labelOf(issue).text}: ${dutchIssue(issue)}`).join(' ');
  comparison.append(heading, h('p', { class: 'fout-tekst' }, `Met ${compareWith} lukte de berekening niet. ${why}`));
}

/** The label of the control an issue is about, as the advisor sees it, and the control's id. */
function labelOf(issue: Issue): { text: string; id: string | undefined } {
  const control =
    issue.path === '' ? null : document.querySelector<HTMLElement>(`[data-path="${CSS.escape(issue.path)}"]`);
  const id = control?.id === '' ? undefined : control?.id;
  const label = id === undefined ? null : document.querySelector(`label[for="${CSS.escape(id)}"]`);
  const legend = control?.querySelector('legend');
  const text = label?.textContent ?? legend?.textContent ?? (issue.path === '' ? 'Verzoek' : issue.path);
  return { text: issue.path.includes('[') ? `${issue.path.split('.')[0]}: ${text}` : text, id };
}

/** Each issue at its control, and all of them listed above the result, each linked to its control. */
function showErrors(errors: HTMLElement, issues: readonly Issue[]): void {
  const unplaced = showIssues(document.body, issues);
  if (issues.length === 0) {
    errors.replaceChildren();
    return;
  }
  errors.replaceChildren(
    h(
      'div',
      { class: 'foutoverzicht' },
      h('h3', {}, issues.length === 1 ? 'Er is 1 fout in de invoer' : `Er zijn ${issues.length} fouten in de invoer`),
      h(
        'ul',
        {},
        issues.map((issue) => {
          const { text, id } = labelOf(issue);
          const message = `${text}: ${dutchIssue(issue)}`;
          if (id === undefined || unplaced.includes(issue)) return h('li', {}, message);
          const link = h('a', { href: `#${id}` }, message);
          link.addEventListener('click', (event) => {
            event.preventDefault();
            document.getElementById(id)?.focus();
          });
          return h('li', {}, link);
        }),
      ),
    ),
  );
}
