/**
 * The household form in the page: one labelled control per field of the operation (numbers as
 * text boxes, enumerations as drop-downs with the contract's Dutch names, a check box for yes
 * or no), lists of rows with buttons to add and remove a row, and under every control a place
 * for its error. Every control carries the body path of its field (`data-path`), which is how
 * an issue from the library or the API finds its control.
 */
import { choiceText } from './choices.js';
import { h, idOf } from './dom.js';
import {
  type FieldSpec,
  type FormState,
  isRowSpec,
  isVisible,
  type RowSpec,
  rowFieldPath,
  sectionsOf,
  type Values,
  withRowAdded,
  withRowRemoved,
  withRowValue,
  withValue,
} from './form-model.js';
import { dutchIssue, type Issue } from './messages.js';

/** Called with the new state after every change; `focusId` when focus must move (a row added or removed). */
export type OnFormChange = (next: FormState, focusId?: string) => void;

/** The id of a control: `f-Woning-HuurPerMaand`. */
export function controlId(path: string): string {
  return idOf('f', path);
}

function addButtonId(collection: string): string {
  return idOf('toevoegen', collection);
}

/** A signature of what the form shows: it changes when a control appears or goes (then the form is redrawn). */
export function formShape(state: FormState): string {
  const parts: string[] = [state.operation];
  for (const section of sectionsOf(state.operation)) {
    for (const item of section.items) {
      if (isRowSpec(item)) parts.push(`${item.collection}:${(state.rows[item.collection] ?? []).length}`);
      else if (isVisible(item, state.values)) parts.push(item.key);
    }
  }
  return parts.join('|');
}

/** One field's label, control, hint and error place. */
function field(spec: FieldSpec, path: string, value: string | undefined, onValue: (text: string) => void): HTMLElement {
  const id = controlId(path);
  const errorId = `${id}-fout`;
  const hintId = `${id}-hint`;
  const describedBy = [spec.hint === undefined ? undefined : hintId, errorId].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-describedby': describedBy,
    'data-fout': errorId,
    ...(spec.key.startsWith('#') ? {} : { 'data-path': path }),
  };
  const hint = spec.hint === undefined ? null : h('p', { class: 'hint', id: hintId }, spec.hint);
  const error = h('p', { class: 'fout', id: errorId, hidden: true });
  const optional = spec.kind === 'integer' && !spec.required ? ' (niet verplicht)' : '';

  if (spec.kind === 'boolean') {
    const box = h('input', { ...common, type: 'checkbox', checked: value === 'true' });
    box.addEventListener('change', () => onValue(box.checked ? 'true' : 'false'));
    return h('div', { class: 'veld veld-vinkje' }, box, h('label', { for: id }, spec.label), hint, error);
  }
  if (spec.kind === 'enum') {
    const select = h(
      'select',
      { ...common, required: spec.required },
      spec.required ? null : h('option', { value: '' }, 'Niet opgegeven'),
      (spec.choices ?? []).map((choice) =>
        // A contract enumeration shows its Dutch name too; the page's own choices (`#…`) only their text.
        h('option', { value: choice.name }, spec.key.startsWith('#') ? choice.label : choiceText(choice)),
      ),
    );
    select.value = value ?? '';
    select.addEventListener('change', () => onValue(select.value));
    return h('div', { class: 'veld' }, h('label', { for: id }, spec.label), select, hint, error);
  }
  const input = h('input', {
    ...common,
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    spellcheck: 'false',
    required: spec.required,
    class: spec.unit === 'euro' ? 'getal bedrag' : 'getal',
  });
  input.value = value ?? '';
  input.addEventListener('input', () => onValue(input.value));
  return h(
    'div',
    { class: 'veld' },
    h('label', { for: id }, spec.label + optional),
    h(
      'div',
      { class: 'invoer' },
      spec.unit === 'euro' ? h('span', { class: 'eenheid', 'aria-hidden': 'true' }, '€') : null,
      input,
      spec.unit === 'jaar' ? h('span', { class: 'eenheid', 'aria-hidden': 'true' }, 'jaar') : null,
    ),
    hint,
    error,
  );
}

function rowList(spec: RowSpec, current: () => FormState, onChange: OnFormChange): HTMLElement {
  const rows = current().rows[spec.collection] ?? [];
  const errorId = `${controlId(spec.collection)}-fout`;
  const listed = rows.map((row: Values, index) => {
    const number = index + 1;
    const remove =
      rows.length > spec.min
        ? h('button', { type: 'button', class: 'knop-klein' }, `${spec.singular} ${number} verwijderen`)
        : null;
    remove?.addEventListener('click', () => {
      const next = withRowRemoved(current(), spec, index);
      onChange(next, addButtonId(spec.collection));
    });
    return h(
      'fieldset',
      { class: 'rij' },
      h('legend', {}, `${spec.singular} ${number}`),
      h(
        'div',
        { class: 'rij-velden' },
        spec.fields.map((f) =>
          field(f, rowFieldPath(spec.collection, index, f.key), row[f.key], (text) =>
            onChange(withRowValue(current(), spec.collection, index, f.key, text)),
          ),
        ),
      ),
      remove,
    );
  });
  const add = h(
    'button',
    { type: 'button', id: addButtonId(spec.collection), class: 'knop-klein', disabled: rows.length >= spec.max },
    spec.addLabel,
  );
  add.addEventListener('click', () => {
    const next = withRowAdded(current(), spec);
    const first = spec.fields[0];
    const focus = first === undefined ? undefined : controlId(rowFieldPath(spec.collection, rows.length, first.key));
    onChange(next, focus);
  });
  return h(
    'fieldset',
    { class: 'rijen', 'data-path': spec.collection, 'data-fout': errorId, 'aria-describedby': errorId },
    h('legend', {}, spec.legend),
    rows.length === 0 ? h('p', { class: 'hint' }, `Geen ${spec.legend.toLowerCase()}.`) : null,
    listed,
    h('p', { class: 'fout', id: errorId, hidden: true }),
    add,
  );
}

/**
 * Draws the whole form for the current state; each change calls `onChange` with the next
 * state, made from the state current at that moment (`current`), not the one drawn.
 */
export function renderForm(container: HTMLElement, current: () => FormState, onChange: OnFormChange): void {
  const state = current();
  const sections = sectionsOf(state.operation).map((section) =>
    h(
      'fieldset',
      { class: 'sectie' },
      h('legend', {}, section.legend),
      section.items.map((item) => {
        if (isRowSpec(item)) return rowList(item, current, onChange);
        if (!isVisible(item, state.values)) return null;
        return field(item, item.key, state.values[item.key], (text) => onChange(withValue(current(), item.key, text)));
      }),
    ),
  );
  container.replaceChildren(...sections);
}

/**
 * Puts each issue under the control of its path (in Dutch) and marks the control invalid;
 * clears every earlier error. Returns the issues no control on the page has.
 */
export function showIssues(root: HTMLElement, issues: readonly Issue[]): Issue[] {
  for (const element of root.querySelectorAll<HTMLElement>('.fout')) {
    element.textContent = '';
    element.hidden = true;
  }
  for (const element of root.querySelectorAll('[aria-invalid]')) element.removeAttribute('aria-invalid');
  const unplaced: Issue[] = [];
  for (const issue of issues) {
    const target =
      issue.path === '' ? null : root.querySelector<HTMLElement>(`[data-path="${CSS.escape(issue.path)}"]`);
    const error = target?.dataset['fout'] === undefined ? null : document.getElementById(target.dataset['fout']);
    if (target === null || error === null) {
      unplaced.push(issue);
      continue;
    }
    error.textContent = error.textContent === '' ? dutchIssue(issue) : `${error.textContent} ${dutchIssue(issue)}`;
    error.hidden = false;
    if (target.matches('input, select, textarea')) target.setAttribute('aria-invalid', 'true');
  }
  return unplaced;
}
