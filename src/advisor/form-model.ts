/**
 * The form as data: which fields each operation has (label, kind, where in the request body),
 * the form's state as the advisor typed it (text, as in the controls), and the request body
 * made from that state. Pure: no DOM, so the body a form gives is unit-tested
 * (test/advisor/form-model.test.ts).
 *
 * The page does not validate: what the advisor typed goes into the body as faithfully as
 * possible (a number where the text is one, else the text itself), and the library (or the
 * API) says what is wrong, by the field's path. So the page and the API can never disagree
 * about what is valid.
 */
import {
  type Choice,
  GESLACHT,
  GESLACHT_KIND,
  KILOMETERS_PER_JAAR,
  SOORT_WONING,
  STATUS_AUTO,
  TYPE_AUTO,
  TYPE_WONING,
  WOZ_WAARDE_CATEGORIE,
} from './choices.js';
import { OPERATIONS as OPERATIONS_OF_LIBRARY } from '../calculations/operations.js';
import { CALCULATION_IDS, type CalculationId } from '../rules/format/calculation.js';

/** A control's values by key: text for numbers, a name for drop-downs, `'true'`/`'false'` for a check box. */
export type Values = Readonly<Record<string, string>>;

export interface FieldSpec {
  /** The field's path in the body (in a row: its name in the row's object); `#…` for a control that is no field. */
  readonly key: string;
  readonly label: string;
  readonly kind: 'integer' | 'enum' | 'boolean';
  /** Whether the contract requires it (a drop-down without it offers "Niet opgegeven"). */
  readonly required: boolean;
  readonly choices?: readonly Choice[];
  /** Shown under the control. */
  readonly hint?: string;
  /** `€` for amounts (shown before the control), or a unit after it. */
  readonly unit?: 'euro' | 'jaar';
  /** Whether the control is shown (and its field sent) for these values; default always. */
  readonly visible?: (values: Values) => boolean;
}

/** A list of rows the advisor adds and removes (children, cars, main persons). */
export interface RowSpec {
  /** The array's name in the body. */
  readonly collection: 'Hoofdpersonen' | 'Kinderen' | 'Autos';
  /** The legend of the list. */
  readonly legend: string;
  /** One row's name, numbered: `Kind 1`. */
  readonly singular: string;
  /** "Kind toevoegen". */
  readonly addLabel: string;
  readonly fields: readonly FieldSpec[];
  readonly min: number;
  readonly max: number;
  /** The values of a new row. */
  readonly newRow: Values;
}

export interface Section {
  readonly legend: string;
  readonly items: readonly (FieldSpec | RowSpec)[];
}

export function isRowSpec(item: FieldSpec | RowSpec): item is RowSpec {
  return 'collection' in item;
}

const WOZ_MODE_KEY = '#woz';
const euro = (key: string, label: string, required: boolean, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  label,
  kind: 'integer',
  required,
  unit: 'euro',
  ...extra,
});
const rent = (values: Values) => values['Woning.WoningSoort'] !== 'Koopwoning';
const owned = (values: Values) => values['Woning.WoningSoort'] === 'Koopwoning';

export const REPAYMENT_SECTIONS: readonly Section[] = [
  {
    legend: "Personen en auto's",
    items: [
      { key: 'LeeftijdHoofdpersoon', label: 'Leeftijd hoofdpersoon', kind: 'integer', required: true, unit: 'jaar' },
      { key: 'HeeftPartner', label: 'Heeft een partner', kind: 'boolean', required: true },
      { key: 'AantalThuiswonendeKinderen', label: 'Aantal thuiswonende kinderen', kind: 'integer', required: true },
      { key: 'AantalAutos', label: "Aantal auto's", kind: 'integer', required: true },
    ],
  },
  {
    legend: 'Inkomen',
    items: [euro('NettoBesteedbaarInkomenPerMaand', 'Netto besteedbaar inkomen per maand', true)],
  },
  {
    legend: 'Woning',
    items: [
      { key: 'Woning.WoningSoort', label: 'Soort woning', kind: 'enum', required: true, choices: SOORT_WONING },
      euro('Woning.HuurPerMaand', 'Huur per maand', false, { visible: rent }),
      euro('Woning.HuurServiceKosten', 'Servicekosten per maand', false, { visible: rent }),
      euro('Woning.BrutoHypotheeklasten', 'Bruto hypotheeklasten per maand', false, { visible: owned }),
      euro('Woning.BijdrageVve', 'Bijdrage VvE per maand', false, { visible: owned }),
    ],
  },
  {
    legend: 'Bijzondere uitgaven per maand',
    items: [
      euro('BijzondereUitgaven.KostenZorg', 'Zorgkosten', false),
      euro('BijzondereUitgaven.KostenPartnerAlimentatie', 'Partneralimentatie', false),
      euro('BijzondereUitgaven.KostenKinderAlimentatie', 'Kinderalimentatie', false),
      euro('BijzondereUitgaven.KostenKinderOpvang', 'Kinderopvang', false),
      euro('BijzondereUitgaven.KostenOverigeAflossingen', 'Overige lopende aflossingen', false),
    ],
  },
];

export const PERSONS: RowSpec = {
  collection: 'Hoofdpersonen',
  legend: 'Hoofdpersonen',
  singular: 'Hoofdpersoon',
  addLabel: 'Hoofdpersoon (partner) toevoegen',
  fields: [{ key: 'Geslacht', label: 'Geslacht', kind: 'enum', required: false, choices: GESLACHT }],
  min: 1,
  max: 2,
  newRow: { Geslacht: '' },
};

export const CHILDREN: RowSpec = {
  collection: 'Kinderen',
  legend: 'Kinderen',
  singular: 'Kind',
  addLabel: 'Kind toevoegen',
  fields: [
    { key: 'Leeftijd', label: 'Leeftijd', kind: 'integer', required: true, unit: 'jaar' },
    { key: 'Geslacht', label: 'Geslacht', kind: 'enum', required: false, choices: GESLACHT_KIND },
  ],
  min: 0,
  max: 20,
  newRow: { Leeftijd: '', Geslacht: '' },
};

export const CARS: RowSpec = {
  collection: 'Autos',
  legend: "Auto's",
  singular: 'Auto',
  addLabel: 'Auto toevoegen',
  fields: [
    { key: 'TypeAuto', label: 'Type auto', kind: 'enum', required: true, choices: TYPE_AUTO },
    { key: 'StatusAuto', label: 'Nieuw of tweedehands', kind: 'enum', required: true, choices: STATUS_AUTO },
    {
      key: 'KilometersPerJaar',
      label: 'Kilometers per jaar',
      kind: 'enum',
      required: true,
      choices: KILOMETERS_PER_JAAR,
    },
  ],
  min: 0,
  max: 10,
  newRow: { TypeAuto: 'Klein', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Minderdan10K' },
};

const WOZ_MODES: readonly Choice[] = [
  { name: 'geen', label: 'Niet opgeven' },
  { name: 'bedrag', label: 'Als bedrag' },
  { name: 'categorie', label: 'Als categorie' },
];

export const RETIREMENT_SECTIONS: readonly Section[] = [
  { legend: "Personen, kinderen en auto's", items: [PERSONS, CHILDREN, CARS] },
  {
    legend: 'Woning',
    items: [
      { key: 'Woning.TypeWoning', label: 'Type woning', kind: 'enum', required: true, choices: TYPE_WONING },
      { key: 'Woning.SoortWoning', label: 'Huur of koop', kind: 'enum', required: true, choices: SOORT_WONING },
      { key: WOZ_MODE_KEY, label: 'WOZ-waarde', kind: 'enum', required: true, choices: WOZ_MODES },
      euro('Woning.WozWaarde', 'WOZ-waarde in euro', false, { visible: (v) => v[WOZ_MODE_KEY] === 'bedrag' }),
      {
        key: 'Woning.WozWaardeCategorie',
        label: 'WOZ-categorie',
        kind: 'enum',
        required: false,
        choices: WOZ_WAARDE_CATEGORIE,
        visible: (v) => v[WOZ_MODE_KEY] === 'categorie',
      },
    ],
  },
  { legend: 'Inkomen', items: [euro('NettoBesteedbaarInkomenPerMaand', 'Netto besteedbaar inkomen per maand', true)] },
];

export function sectionsOf(operation: CalculationId): readonly Section[] {
  return FORMS[operation].sections;
}

/** What the advisor entered for one operation. */
export interface FormState {
  readonly operation: CalculationId;
  readonly values: Values;
  /** Rows by collection (pensioenuitgaven only). */
  readonly rows: Readonly<Partial<Record<RowSpec['collection'], readonly Values[]>>>;
}

/** The household the page opens with: the README's examples. */
export function initialState(operation: CalculationId): FormState {
  return { operation, ...FORMS[operation].initial };
}

const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
/** `2.400`, `1.250.000` or `2.400,50`: Dutch thousands separators, with a decimal comma or without. */
const GROUPED_THOUSANDS = /^[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;

/**
 * A number control's text as the body's value: absent when empty, a number when the text is
 * one, else the text itself, so the library names the field as not a number. Dutch writing is
 * understood: a leading `€` and spaces are dropped, a dot followed by groups of exactly three
 * digits separates thousands (`2.400` is 2400, `2.400,50` is 2400.5), and a comma is the
 * decimal sign (`12,5`). A single dot between digits that is not such a group is read as a
 * decimal point, as before (`1.5` is 1.5; a whole-euro field then says so: not_integer).
 */
export function numberValue(text: string): number | string | undefined {
  const trimmed = text.trim().replace(/^€/, '').replace(/\s+/g, '');
  if (trimmed === '') return text.trim() === '' ? undefined : text.trim();
  if (GROUPED_THOUSANDS.test(trimmed)) return Number(trimmed.replaceAll('.', '').replace(',', '.'));
  if (PLAIN_NUMBER.test(trimmed)) return Number(trimmed.replace(',', '.'));
  return text.trim();
}

function fieldValue(spec: FieldSpec, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  switch (spec.kind) {
    case 'integer':
      return numberValue(text);
    case 'boolean':
      return text === 'true';
    case 'enum':
      return text === '' ? undefined : text;
  }
}

type Json = Record<string, unknown>;

function setPath(target: Json, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next !== null && typeof next === 'object') node = next as Json;
    else {
      const created: Json = {};
      node[part] = created;
      node = created;
    }
  }
  node[parts[parts.length - 1] as string] = value;
}

/** Whether a field is shown (and sent) for these values. */
export function isVisible(spec: FieldSpec, values: Values): boolean {
  return spec.visible === undefined || spec.visible(values);
}

function fieldsInto(target: Json, fields: readonly FieldSpec[], values: Values): void {
  for (const spec of fields) {
    if (spec.key.startsWith('#') || !isVisible(spec, values)) continue;
    const value = fieldValue(spec, values[spec.key]);
    if (value !== undefined) setPath(target, spec.key, value);
  }
}

/** The form of one operation. */
interface OperationForm {
  /** The name of the operation on the page. */
  readonly label: string;
  readonly sections: readonly Section[];
  /** The household the page opens with: the README's examples. */
  readonly initial: Omit<FormState, 'operation'>;
  /** Objects the contract requires, present in the body even when empty. */
  readonly requiredObjects: readonly string[];
}

/** The advisor's forms, one per calculation of the library (a missing one is a compile error). */
const FORMS = {
  afloscapaciteit: {
    label: 'Afloscapaciteit',
    sections: REPAYMENT_SECTIONS,
    initial: {
      values: {
        LeeftijdHoofdpersoon: '45',
        HeeftPartner: 'false',
        AantalThuiswonendeKinderen: '0',
        AantalAutos: '0',
        NettoBesteedbaarInkomenPerMaand: '2400',
        'Woning.WoningSoort': 'Huurwoning',
        'Woning.HuurPerMaand': '800',
      },
      rows: {},
    },
    requiredObjects: ['BijzondereUitgaven', 'Woning'],
  },
  pensioenuitgaven: {
    label: 'Pensioenuitgaven',
    sections: RETIREMENT_SECTIONS,
    initial: {
      values: {
        'Woning.TypeWoning': 'Appartement',
        'Woning.SoortWoning': 'Huurwoning',
        [WOZ_MODE_KEY]: 'geen',
        NettoBesteedbaarInkomenPerMaand: '1900',
      },
      rows: { Hoofdpersonen: [{ Geslacht: 'Vrouw' }], Kinderen: [], Autos: [] },
    },
    requiredObjects: ['Woning'],
  },
} satisfies Readonly<Record<CalculationId, OperationForm>>;

/** The operations the page offers, in the library's order of calculations. */
export const OPERATIONS: readonly { readonly id: CalculationId; readonly label: string }[] = CALCULATION_IDS.map(
  (id) => ({
    id,
    label: FORMS[id].label,
  }),
);

/**
 * The request body for the form: every shown field that has a value, at its path; objects the
 * contract requires (`Woning`, `BijzondereUitgaven`) always present; rows as arrays (an empty
 * list of children or cars is left out).
 */
export function requestBody(state: FormState): Json {
  const body: Json = {};
  const form = FORMS[state.operation];
  for (const key of form.requiredObjects) body[key] = {};
  for (const section of sectionsOf(state.operation)) {
    const fields = section.items.filter((item): item is FieldSpec => !isRowSpec(item));
    fieldsInto(body, fields, state.values);
    for (const rows of section.items.filter(isRowSpec)) {
      const entries = state.rows[rows.collection] ?? [];
      if (entries.length === 0 && rows.min === 0) continue;
      body[rows.collection] = entries.map((row) => {
        const entry: Json = {};
        fieldsInto(entry, rows.fields, row);
        return entry;
      });
    }
  }
  const ordered: Json = {};
  // The contract's order of the top-level fields (its schema's), so the JSON reads like docs/contract.md.
  for (const key of Object.keys(OPERATIONS_OF_LIBRARY[state.operation].http.request.schema.shape))
    if (key in body) ordered[key] = body[key];
  return ordered;
}

/** The path of a row's field in the body, as the library reports it: `Kinderen[1].Leeftijd`. */
export function rowFieldPath(collection: string, index: number, key: string): string {
  return `${collection}[${index}].${key}`;
}

/** The state with one control's value changed. */
export function withValue(state: FormState, key: string, value: string): FormState {
  return { ...state, values: { ...state.values, [key]: value } };
}

/** The state with a row's control changed. */
export function withRowValue(
  state: FormState,
  collection: RowSpec['collection'],
  index: number,
  key: string,
  value: string,
): FormState {
  const rows = [...(state.rows[collection] ?? [])];
  const row = rows[index];
  if (row === undefined) return state;
  rows[index] = { ...row, [key]: value };
  return { ...state, rows: { ...state.rows, [collection]: rows } };
}

/** The state with a new row at the end (none past the list's maximum). */
export function withRowAdded(state: FormState, spec: RowSpec): FormState {
  const rows = state.rows[spec.collection] ?? [];
  if (rows.length >= spec.max) return state;
  return { ...state, rows: { ...state.rows, [spec.collection]: [...rows, spec.newRow] } };
}

/** The state without row `index` (none below the list's minimum). */
export function withRowRemoved(state: FormState, spec: RowSpec, index: number): FormState {
  const rows = state.rows[spec.collection] ?? [];
  if (rows.length <= spec.min || index < 0 || index >= rows.length) return state;
  return { ...state, rows: { ...state.rows, [spec.collection]: rows.filter((_, i) => i !== index) } };
}
