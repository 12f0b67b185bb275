/**
 * The advisor page (docs/advisor.md): the entry of `dist/advisor/advisor.js`. Builds the page
 * in `#app`, keeps what the advisor entered, and recalculates on every input: in the browser
 * with the library itself, or (with the switch) through the API with a subscription key.
 * Then it shows the result as a table with explanations and as a chart, a side-by-side
 * comparison with a second rule set when asked, and the request to copy.
 */
// First: before the library's schemas are made (see zod-jitless.ts).
import './zod-jitless.js';
import { calculateViaApi } from './api.js';
import { h } from './dom.js';
import { type FormState, initialState, OPERATIONS, requestBody } from './form-model.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { statusText } from './explanation-text.js';
import { formShape, renderForm, showIssues } from './form-view.js';
import { calculateLocally, ruleSetOptions } from './local.js';
import { dutchIssue, type Issue, KEY_PATH, RULE_SET_PATH } from './messages.js';
import type { Outcome } from './outcome.js';
import { present } from './presentation.js';
import { requestView } from './request-view.js';
import type { OpenExplanations } from './result-view.js';

interface PageState {
  operation: CalculationId;
  forms: Record<CalculationId, FormState>;
  ruleSet: string;
  /** The second rule set to compare with; '' for none. */
  compareWith: string;
  viaApi: boolean;
  key: string;
}

const API_DELAY_MS = 200;
const ANNOUNCE_DELAY_MS = 600;

function start(root: HTMLElement): void {
  const { options: ruleSets, current: todaysSet } = ruleSetOptions();
  const state: PageState = {
    operation: (OPERATIONS[0] as (typeof OPERATIONS)[number]).id,
    forms: Object.fromEntries(OPERATIONS.map((op) => [op.id, initialState(op.id)])) as Record<CalculationId, FormState>,
    ruleSet: todaysSet,
    compareWith: '',
    viaApi: false,
    key: '',
  };
  const base = new URL('.', location.href).href;
  const open: OpenExplanations = new Set();
  const form = () => state.forms[state.operation];

  // Settings: operation, rule sets, where to calculate.
  const operationRadios = OPERATIONS.map((op) => {
    const radio = h('input', {
      type: 'radio',
      name: 'berekening',
      id: `berekening-${op.id}`,
      value: op.id,
      checked: op.id === state.operation,
    });
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      state.operation = op.id;
      open.clear();
      drawForm();
      recalculate();
    });
    return h('div', { class: 'keuze' }, radio, h('label', { for: radio.id }, op.label));
  });
  // One option per rule set, for both drop-downs (each needs elements of its own).
  const ruleSetOptionElements = () =>
    ruleSets.map((set) =>
      h(
        'option',
        { value: set.id },
        `${set.id} (${set.validFrom} t/m ${set.validUntil})${set.id === todaysSet ? ', geldt vandaag' : ''}`,
      ),
    );
  const ruleSetSelect = h(
    'select',
    { id: 'regelset', 'data-path': RULE_SET_PATH, 'data-fout': 'regelset-fout', 'aria-describedby': 'regelset-fout' },
    ruleSetOptionElements(),
  );
  ruleSetSelect.value = state.ruleSet;
  ruleSetSelect.addEventListener('change', () => {
    state.ruleSet = ruleSetSelect.value;
    recalculate();
  });
  const compareSelect = h(
    'select',
    { id: 'vergelijk', 'aria-describedby': 'vergelijk-hint' },
    h('option', { value: '' }, 'Niet vergelijken'),
    ruleSetOptionElements(),
  );
  compareSelect.addEventListener('change', () => {
    state.compareWith = compareSelect.value;
    recalculate();
  });
  const apiSwitch = h('input', {
    type: 'checkbox',
    role: 'switch',
    id: 'via-api',
    'aria-describedby': 'via-api-hint',
  });
  const keyInput = h('input', {
    type: 'password',
    id: 'sleutel',
    autocomplete: 'off',
    spellcheck: 'false',
    'data-path': KEY_PATH,
    'data-fout': 'sleutel-fout',
    'aria-describedby': 'sleutel-hint sleutel-fout',
  });
  const keyField = h(
    'div',
    { class: 'veld', id: 'sleutel-veld', hidden: true },
    h('label', { for: 'sleutel' }, 'Abonnementssleutel'),
    keyInput,
    h(
      'p',
      { class: 'hint', id: 'sleutel-hint' },
      'Gaat mee als kopregel Ocp-Apim-Subscription-Key. De pagina bewaart hem nergens.',
    ),
    h('p', { class: 'fout', id: 'sleutel-fout', hidden: true }),
  );
  apiSwitch.addEventListener('change', () => {
    state.viaApi = apiSwitch.checked;
    keyField.hidden = !state.viaApi;
    recalculate();
  });
  keyInput.addEventListener('input', () => {
    state.key = keyInput.value;
    recalculate();
  });
  const settings = h(
    'section',
    { class: 'paneel', 'aria-labelledby': 'instellingen-kop' },
    h('h2', { id: 'instellingen-kop' }, 'Berekening'),
    h('fieldset', { class: 'keuzes' }, h('legend', {}, 'Wat wilt u berekenen?'), operationRadios),
    h(
      'div',
      { class: 'veld' },
      h('label', { for: 'regelset' }, 'Rekenregels'),
      ruleSetSelect,
      h('p', { class: 'fout', id: 'regelset-fout', hidden: true }),
    ),
    h(
      'div',
      { class: 'veld' },
      h('label', { for: 'vergelijk' }, 'Vergelijken met'),
      compareSelect,
      h('p', { class: 'hint', id: 'vergelijk-hint' }, 'Toont de uitkomst met een tweede set rekenregels ernaast.'),
    ),
    h(
      'div',
      { class: 'veld veld-vinkje' },
      apiSwitch,
      h('label', { for: 'via-api' }, 'Via de API rekenen'),
      h(
        'p',
        { class: 'hint', id: 'via-api-hint' },
        'Uit: uw browser rekent zelf, met de bibliotheek; er gaat niets naar een server. Aan: hetzelfde verzoek gaat naar de API van deze dienst.',
      ),
    ),
    keyField,
  );

  // The household.
  const formContainer = h('form', { id: 'huishouden', novalidate: true, 'aria-labelledby': 'huishouden-kop' });
  formContainer.addEventListener('submit', (event) => event.preventDefault());
  let drawnShape = '';
  const drawForm = () => {
    renderForm(formContainer, form, onFormChange);
    drawnShape = formShape(form());
  };
  const onFormChange = (next: FormState, focusId?: string) => {
    state.forms[state.operation] = next;
    if (formShape(next) !== drawnShape || focusId !== undefined) {
      const active = document.activeElement;
      const keep = focusId ?? (active instanceof HTMLElement && formContainer.contains(active) ? active.id : '');
      drawForm();
      if (keep !== '') document.getElementById(keep)?.focus();
    }
    recalculate();
  };
  const household = h(
    'section',
    { class: 'paneel', 'aria-labelledby': 'huishouden-kop' },
    h('h2', { id: 'huishouden-kop' }, 'Huishouden'),
    formContainer,
  );

  // The result.
  const summary = h('p', { class: 'samenvatting', id: 'samenvatting' });
  const source = h('p', { class: 'detail', id: 'berekend' });
  // Under a retirement result: the income entered, and that it moves only Voorbeeld.
  const incomeNote = h('p', { class: 'detail', id: 'inkomen-toelichting' });
  const notices = h('div', { id: 'meldingen' });
  const errors = h('div', { id: 'foutoverzicht' });
  const table = h('div', { class: 'tabel-rol', id: 'tabel' });
  const chart = h('div', { class: 'grafiek-rol', id: 'grafiek' });
  const comparison = h('div', { id: 'vergelijking' });
  const announcer = h('p', { class: 'sr-only', role: 'status', id: 'aankondiging' });
  const results = h(
    'section',
    { class: 'paneel', id: 'uitkomst', tabindex: -1, 'aria-labelledby': 'uitkomst-kop', 'aria-busy': 'true' },
    h('h2', { id: 'uitkomst-kop' }, 'Uitkomst'),
    summary,
    source,
    incomeNote,
    notices,
    errors,
    table,
    chart,
    comparison,
    announcer,
  );
  const request = requestView();

  root.replaceChildren(
    h('div', { class: 'kolom' }, settings, household),
    h('div', { class: 'kolom' }, results, request.element),
  );

  let announceTimer: ReturnType<typeof setTimeout> | undefined;
  const announce = (text: string) => {
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      announcer.textContent = text;
    }, ANNOUNCE_DELAY_MS);
  };

  const labelOf = (issue: Issue): { text: string; id: string | undefined } => {
    const control =
      issue.path === '' ? null : document.querySelector<HTMLElement>(`[data-path="${CSS.escape(issue.path)}"]`);
    const id = control?.id === '' ? undefined : control?.id;
    const label = id === undefined ? null : document.querySelector(`label[for="${CSS.escape(id)}"]`);
    const legend = control?.querySelector('legend');
    const text = label?.textContent ?? legend?.textContent ?? (issue.path === '' ? 'Verzoek' : issue.path);
    return { text: issue.path.includes('[') ? `${issue.path.split('.')[0]}: ${text}` : text, id };
  };

  const showErrors = (issues: readonly Issue[]) => {
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
  };

  // The chart is drawn for the width it has (so its text keeps its size on a phone), and again
  // when that width changes.
  let drawChart: ((width: number) => HTMLElement) | undefined;
  let drawnWidth = 0;
  const redrawChart = () => {
    drawnWidth = chart.clientWidth;
    chart.replaceChildren(...(drawChart === undefined ? [] : [h('h3', {}, 'Grafiek'), drawChart(drawnWidth)]));
  };
  new ResizeObserver(() => {
    if (drawChart !== undefined && Math.abs(chart.clientWidth - drawnWidth) >= 1) redrawChart();
  }).observe(chart);

  const clearResult = () => {
    drawChart = undefined;
    table.replaceChildren();
    chart.replaceChildren();
    notices.replaceChildren();
    comparison.replaceChildren();
    source.textContent = '';
    incomeNote.textContent = '';
  };

  const show = (body: unknown, primary: Outcome, secondary: Outcome | undefined) => {
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && results.contains(active) && active.id !== '' ? active.id : '';
    const where = state.viaApi ? 'door de API' : 'in deze browser';
    if (primary.kind === 'invalid') {
      showErrors(primary.issues);
      clearResult();
      summary.textContent = 'Nog geen uitkomst: verbeter eerst de invoer.';
      announce(
        primary.issues.length === 1
          ? 'Er is 1 fout in de invoer.'
          : `Er zijn ${primary.issues.length} fouten in de invoer.`,
      );
      results.dataset['status'] = 'fout';
    } else if (primary.kind === 'failed') {
      showErrors([]);
      clearResult();
      summary.textContent = primary.message;
      announce(primary.message);
      results.dataset['status'] = 'fout';
    } else {
      showErrors([]);
      const result = primary.result;
      const set = result.Rekenregels;
      source.textContent = `Berekend ${where} met rekenregels ${set.Id} (geldig ${set.GeldigVanaf} t/m ${set.GeldigTot}; status: ${statusText(set.Status)}).`;
      const shown = present(state.operation, result, body, open);
      incomeNote.textContent = shown.incomeNote;
      table.replaceChildren(...shown.table);
      drawChart = shown.chart;
      redrawChart();
      summary.textContent = shown.summary;
      notices.replaceChildren(
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
      comparison.replaceChildren();
      if (secondary !== undefined) {
        const heading = h('h3', {}, 'Vergelijking');
        if (secondary.kind === 'result')
          comparison.append(heading, h('div', { class: 'tabel-rol' }, shown.compare(secondary.result)));
        else {
          const why =
            secondary.kind === 'failed'
              ? secondary.message
              : secondary.issues.map((issue) => `${labelOf(issue).text}: ${dutchIssue(issue)}`).join(' ');
          comparison.append(
            heading,
            h('p', { class: 'fout-tekst' }, `Met ${state.compareWith} lukte de berekening niet. ${why}`),
          );
        }
      }
      announce(`${shown.summary}. Rekenregels ${set.Id}, berekend ${where}.`);
      results.dataset['status'] = 'klaar';
    }
    if (focused !== '') document.getElementById(focused)?.focus();
  };

  let sequence = 0;
  let controller: AbortController | undefined;
  let apiTimer: ReturnType<typeof setTimeout> | undefined;

  const calculate = async (body: unknown) => {
    const mine = ++sequence;
    controller?.abort();
    const abort = new AbortController();
    controller = abort;
    const { operation, ruleSet, compareWith, viaApi, key } = state;
    const one = (ruleSetId: string): Promise<Outcome> =>
      viaApi
        ? calculateViaApi({ base, operation, ruleSetId, explain: true, provenance: true }, body, key, {
            signal: abort.signal,
          })
        : Promise.resolve(calculateLocally(operation, body, ruleSetId));
    let outcomes: [Outcome, Outcome | undefined];
    try {
      outcomes = await Promise.all([one(ruleSet), compareWith === '' ? undefined : one(compareWith)]);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return;
      throw error;
    }
    if (mine !== sequence) return;
    show(body, ...outcomes);
    results.dataset['bron'] = viaApi ? 'api' : 'lokaal';
    results.dataset['regelset'] = ruleSet;
    results.setAttribute('aria-busy', 'false');
  };

  function recalculate(): void {
    const body = requestBody(form());
    request.update({ base, operation: state.operation, ruleSetId: state.ruleSet }, body);
    results.setAttribute('aria-busy', 'true');
    clearTimeout(apiTimer);
    if (state.viaApi) apiTimer = setTimeout(() => void calculate(body), API_DELAY_MS);
    else void calculate(body);
  }

  drawForm();
  recalculate();
}

const root = document.getElementById('app');
if (root !== null) start(root);
