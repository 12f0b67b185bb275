/**
 * The settings panel of the advisor page: which calculation, which rule set (and a second one
 * to compare with), and whether to calculate in the browser or through the API with a key.
 * Each control writes its choice into the page state and says so through a callback.
 */
import { h } from './dom.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { type FormState, OPERATIONS } from './form-model.js';
import type { ruleSetOptions } from './local.js';
import { KEY_PATH, RULE_SET_PATH } from './messages.js';

/** What the advisor chose and entered, for both calculations. */
export interface PageState {
  operation: CalculationId;
  forms: Record<CalculationId, FormState>;
  ruleSet: string;
  /** The second rule set to compare with; '' for none. */
  compareWith: string;
  viaApi: boolean;
  key: string;
}

/** What the settings tell the page: the calculation changed (a new form), or anything else. */
export interface SettingsCallbacks {
  readonly operationChanged: () => void;
  readonly changed: () => void;
}

type RuleSets = ReturnType<typeof ruleSetOptions>;

/** The panel `Berekening`, its controls wired to `state`. */
export function settingsPanel(state: PageState, ruleSets: RuleSets, on: SettingsCallbacks): HTMLElement {
  const [ruleSetField, compareField] = ruleSetFields(state, ruleSets, on.changed);
  const [apiField, keyField] = apiFields(state, on.changed);
  return h(
    'section',
    { class: 'paneel', 'aria-labelledby': 'instellingen-kop' },
    h('h2', { id: 'instellingen-kop' }, 'Berekening'),
    h('fieldset', { class: 'keuzes' }, h('legend', {}, 'Wat wilt u berekenen?'), operationRadios(state, on)),
    ruleSetField,
    compareField,
    apiField,
    keyField,
  );
}

function operationRadios(state: PageState, on: SettingsCallbacks): HTMLElement[] {
  return OPERATIONS.map((op) => {
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
      on.operationChanged();
    });
    return h('div', { class: 'keuze' }, radio, h('label', { for: radio.id }, op.label));
  });
}

/** The rule set to calculate with, and the one to compare with. */
function ruleSetFields(state: PageState, ruleSets: RuleSets, changed: () => void): [HTMLElement, HTMLElement] {
  const { options, current: todaysSet } = ruleSets;
  // One option per rule set in a group per method family, for both drop-downs (each needs
  // elements of its own); the family is the group's label, so an option stays short.
  const families = [...new Set(options.map((set) => set.family))];
  const ruleSetOptionElements = () =>
    families.map((family) =>
      h(
        'optgroup',
        { label: `Familie ${family}` },
        options
          .filter((set) => set.family === family)
          .map((set) =>
            h(
              'option',
              { value: set.id },
              `${set.id} (${set.validFrom} t/m ${set.validUntil})${set.id === todaysSet ? ', geldt vandaag' : ''}`,
            ),
          ),
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
    changed();
  });
  const compareSelect = h(
    'select',
    { id: 'vergelijk', 'aria-describedby': 'vergelijk-hint' },
    h('option', { value: '' }, 'Niet vergelijken'),
    ruleSetOptionElements(),
  );
  compareSelect.addEventListener('change', () => {
    state.compareWith = compareSelect.value;
    changed();
  });
  return [
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
  ];
}

/** The switch to calculate through the API, and the subscription key it then needs. */
function apiFields(state: PageState, changed: () => void): [HTMLElement, HTMLElement] {
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
    changed();
  });
  keyInput.addEventListener('input', () => {
    state.key = keyInput.value;
    changed();
  });
  const apiField = h(
    'div',
    { class: 'veld veld-vinkje' },
    apiSwitch,
    h('label', { for: 'via-api' }, 'Via de API rekenen'),
    h(
      'p',
      { class: 'hint', id: 'via-api-hint' },
      'Uit: uw browser rekent zelf, met de bibliotheek; er gaat niets naar een server. Aan: hetzelfde verzoek gaat naar de API van deze dienst.',
    ),
  );
  return [apiField, keyField];
}
