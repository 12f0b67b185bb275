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
import type { CalculationId } from '../rules/format/calculation.js';
import { type FormState, initialState, OPERATIONS, requestBody } from './form-model.js';
import { formShape, renderForm } from './form-view.js';
import { calculateLocally, ruleSetOptions } from './local.js';
import type { Outcome } from './outcome.js';
import { type ResultsPanel, resultsPanel } from './outcome-view.js';
import { requestView } from './request-view.js';
import type { OpenExplanations } from './result-view.js';
import { type PageState, settingsPanel } from './settings-view.js';

const API_DELAY_MS = 200;

function start(root: HTMLElement): void {
  const ruleSets = ruleSetOptions();
  const state: PageState = {
    operation: (OPERATIONS[0] as (typeof OPERATIONS)[number]).id,
    forms: Object.fromEntries(OPERATIONS.map((op) => [op.id, initialState(op.id)])) as Record<CalculationId, FormState>,
    ruleSet: ruleSets.current,
    compareWith: '',
    viaApi: false,
    key: '',
  };
  const base = new URL('.', location.href).href;
  const open: OpenExplanations = new Set();
  const results = resultsPanel(open);
  const request = requestView();
  const calculate = calculator(state, base, results);
  let apiTimer: ReturnType<typeof setTimeout> | undefined;
  const recalculate = (): void => {
    const body = requestBody(state.forms[state.operation]);
    request.update({ base, operation: state.operation, ruleSetId: state.ruleSet }, body);
    results.element.setAttribute('aria-busy', 'true');
    clearTimeout(apiTimer);
    if (state.viaApi) apiTimer = setTimeout(() => void calculate(body), API_DELAY_MS);
    else void calculate(body);
  };
  const household = householdPanel(state, recalculate);
  const settings = settingsPanel(state, ruleSets, {
    operationChanged: () => {
      open.clear();
      household.draw();
      recalculate();
    },
    changed: recalculate,
  });

  root.replaceChildren(
    h('div', { class: 'kolom' }, settings, household.element),
    h('div', { class: 'kolom' }, results.element, request.element),
  );
  household.draw();
  recalculate();
}

/**
 * The panel `Huishouden`: the form of the chosen calculation. It is drawn again only when its
 * shape changes (a child added, a field that appears), keeping the focus where it was.
 */
function householdPanel(state: PageState, changed: () => void): { element: HTMLElement; draw: () => void } {
  const form = () => state.forms[state.operation];
  const formContainer = h('form', { id: 'huishouden', novalidate: true, 'aria-labelledby': 'huishouden-kop' });
  formContainer.addEventListener('submit', (event) => event.preventDefault());
  let drawnShape = '';
  const draw = () => {
    renderForm(formContainer, form, onFormChange);
    drawnShape = formShape(form());
  };
  const onFormChange = (next: FormState, focusId?: string) => {
    state.forms[state.operation] = next;
    if (formShape(next) !== drawnShape || focusId !== undefined) {
      const active = document.activeElement;
      const keep = focusId ?? (active instanceof HTMLElement && formContainer.contains(active) ? active.id : '');
      draw();
      if (keep !== '') document.getElementById(keep)?.focus();
    }
    changed();
  };
  const element = h(
    'section',
    { class: 'paneel', 'aria-labelledby': 'huishouden-kop' },
    h('h2', { id: 'huishouden-kop' }, 'Huishouden'),
    formContainer,
  );
  return { element, draw };
}

/**
 * Calculates a body as the settings say (in the browser, or through the API; with the rule set
 * to compare with) and shows the outcome; a newer calculation cancels an older one, whose
 * outcome is then never shown.
 */
function calculator(state: PageState, base: string, results: ResultsPanel): (body: unknown) => Promise<void> {
  let sequence = 0;
  let controller: AbortController | undefined;
  return async (body) => {
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
    results.show(body, ...outcomes, {
      operation: state.operation,
      viaApi: state.viaApi,
      compareWith: state.compareWith,
    });
    const element = results.element;
    element.dataset['bron'] = viaApi ? 'api' : 'lokaal';
    element.dataset['regelset'] = ruleSet;
    element.setAttribute('aria-busy', 'false');
  };
}

const root = document.getElementById('app');
if (root !== null) start(root);
