import { errorMessage } from '../../contract/errors.js';
/**
 * CSV ⇄ JSON for batches.
 *
 * Input: each column is named by the field path of the request (`Woning.WoningSoort`,
 * `BijzondereUitgaven.KostenZorg`, `Autos[0].TypeAuto`), and each cell is converted by the
 * type the contract gives that field: integers and enumeration codes become numbers,
 * `true`/`false` booleans, enumeration names stay text, a column naming an object or array
 * (`Hoofdpersonen[1]`, `Kinderen`) holds JSON. An empty cell is an absent field. A value that
 * does not fit is passed on as text, so the request is rejected with the contract's own issue
 * at the column's path (`Autos[0].TypeAuto: invalid_enum`).
 *
 * Output: the result flattened the same way (`Posten[0].Bedrag`, `Rekenregels.Hash`), with the
 * columns fixed by the rule set (every post, always in the same order); the warnings
 * (`Meldingen`) and the explanation (`Uitleg`), whose length varies, are one cell of JSON.
 */
import { ruleOf } from '../../contract/field-rules.js';
import { schemaAtPath } from '../../contract/schema-walk.js';
import type { ValidationIssue } from '../../contract/errors.js';
import { calculationFile } from '../../calculations/operations.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { CLI_OPERATIONS, cliOperation, type CliOperations } from '../operations.js';
import type { ResultExtras } from './operation-columns.js';

export type { ResultExtras } from './operation-columns.js';
export type Segment = string | number;

/** Array positions in column names go up to this (the contract allows at most 20 children). */
export const MAX_COLUMN_INDEX = 99;

const KEY = /^[^.[\]]+/;
const INDEX = /^\[(\d+)\]/;
const QUOTED = /^\[("(?:[^"\\]|\\.)*")\]/;

/** `Autos[0].TypeAuto` → `['Autos', 0, 'TypeAuto']`; `Woning["huur prijs"]` → `['Woning', 'huur prijs']`. Throws on a malformed name. */
export function parseColumnPath(name: string): Segment[] {
  const segments: Segment[] = [];
  let rest = name;
  let expectKey = true;
  while (rest.length > 0) {
    if (rest.startsWith('[')) {
      const index = INDEX.exec(rest);
      const quoted = QUOTED.exec(rest);
      if (index !== null) {
        const n = Number(index[1]);
        if (n > MAX_COLUMN_INDEX)
          throw new Error(`array position ${n} in column "${name}" is above ${MAX_COLUMN_INDEX}`);
        if (segments.length === 0) throw new Error(`column "${name}" starts with an array position`);
        segments.push(n);
        rest = rest.slice(index[0].length);
      } else if (quoted !== null) {
        segments.push(JSON.parse(quoted[1] as string) as string);
        rest = rest.slice(quoted[0].length);
      } else {
        throw new Error(`column "${name}" has a malformed [ ] part`);
      }
      expectKey = false;
      continue;
    }
    if (!expectKey) {
      if (!rest.startsWith('.')) throw new Error(`column "${name}" needs a "." before "${rest}"`);
      rest = rest.slice(1);
    }
    const key = KEY.exec(rest);
    if (key === null) throw new Error(`column "${name}" has an empty field name`);
    segments.push(key[0]);
    rest = rest.slice(key[0].length);
    expectKey = false;
  }
  if (segments.length === 0) throw new Error('a column has no name');
  return segments;
}

type Kind = 'integer' | 'boolean' | 'enum' | 'json' | 'text';

interface Column {
  readonly index: number;
  readonly name: string;
  readonly segments: readonly Segment[];
  readonly kind: Kind;
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER_CODE = /^-?(0|[1-9]\d*)$/;

function convert(kind: Kind, cell: string): unknown {
  switch (kind) {
    case 'integer':
      return NUMBER.test(cell) ? Number(cell) : cell;
    case 'boolean':
      return /^true$/i.test(cell) ? true : /^false$/i.test(cell) ? false : cell;
    case 'enum':
      return INTEGER_CODE.test(cell) ? Number(cell) : cell;
    case 'json':
      return JSON.parse(cell) as unknown;
    case 'text':
      return cell;
  }
}

function setOwn(target: Record<string, unknown> | unknown[], key: Segment, value: unknown): void {
  if (Array.isArray(target) && typeof key === 'number') {
    // Positions left out before this one become empty objects, so issues keep the column's position.
    while (target.length < key) target.push({});
    target[key] = value;
  } else if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (target as Record<string, unknown>)[String(key)] = value;
  }
}

function getOwn(target: Record<string, unknown> | unknown[], key: Segment): unknown {
  return Object.hasOwn(target, key) ? (target as Record<string, unknown>)[String(key)] : undefined;
}

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => v !== null && typeof v === 'object';

/** The CSV header of a batch input, checked and compiled. */
export class CsvInputColumns {
  readonly names: readonly string[];
  private readonly columns: readonly Column[];
  /** Objects (outside arrays) that exist whenever the header has a column under them, e.g. `BijzondereUitgaven`. */
  private readonly objects: readonly (readonly Segment[])[];

  /** Throws an Error naming the problem when the header cannot be used (or the calculation is unknown). */
  constructor(calculation: string, header: readonly string[], operations: CliOperations = CLI_OPERATIONS) {
    const root = cliOperation(operations, calculation).http.request.schema;
    const seen = new Map<string, string>();
    const columns: Column[] = header.map((name, index) => {
      if (name.trim() === '') throw new Error(`column ${index + 1} of the header has no name`);
      const segments = parseColumnPath(name);
      const key = JSON.stringify(segments);
      const twin = seen.get(key);
      if (twin !== undefined) throw new Error(`columns "${twin}" and "${name}" name the same field`);
      seen.set(key, name);
      const schema = schemaAtPath(root, segments);
      const rule = schema === undefined ? undefined : ruleOf(schema);
      const kind: Kind =
        rule === undefined ? 'text' : rule.kind === 'object' || rule.kind === 'array' ? 'json' : rule.kind;
      return { index, name, segments, kind };
    });
    for (const a of columns) {
      for (const b of columns) {
        if (
          a !== b &&
          a.segments.length < b.segments.length &&
          a.segments.every((s, i) => s === b.segments[i]) &&
          a.kind !== 'json'
        ) {
          throw new Error(`column "${a.name}" is a single value, yet column "${b.name}" is a field inside it`);
        }
      }
    }
    const objects = new Map<string, Segment[]>();
    for (const c of columns) {
      for (let n = 1; n < c.segments.length; n += 1) {
        const prefix = c.segments.slice(0, n);
        if (prefix.some((s) => typeof s === 'number') || typeof c.segments[n] === 'number') break;
        const schema = schemaAtPath(root, prefix);
        if (schema === undefined || ruleOf(schema)?.kind !== 'object') break;
        objects.set(JSON.stringify(prefix), prefix);
      }
    }
    this.names = [...header];
    // JSON cells first (outermost first), then single values on top of them.
    this.columns = [...columns].sort(
      (a, b) =>
        Number(b.kind === 'json') - Number(a.kind === 'json') ||
        a.segments.length - b.segments.length ||
        a.index - b.index,
    );
    this.objects = [...objects.values()].sort((a, b) => a.length - b.length);
  }

  /** A row (as many cells as the header) → the request body, or the issues that prevent building it. */
  toBody(cells: readonly string[]): { body: Record<string, unknown> } | { issues: ValidationIssue[] } {
    const body: Record<string, unknown> = {};
    const issues: ValidationIssue[] = [];
    const place = (column: Column, value: unknown): void => {
      let target: Record<string, unknown> | unknown[] = body;
      for (let i = 0; i < column.segments.length - 1; i += 1) {
        const segment = column.segments[i] as Segment;
        let next = getOwn(target, segment);
        if (next === undefined || next === null) {
          next = typeof column.segments[i + 1] === 'number' ? [] : {};
          setOwn(target, segment, next);
        }
        if (!isContainer(next) || Array.isArray(next) !== (typeof column.segments[i + 1] === 'number')) {
          issues.push({
            path: column.name,
            code: 'invalid_csv',
            message: `column "${column.name}" cannot be placed: the value at ${column.segments.slice(0, i + 1).join('.')} is not ${typeof column.segments[i + 1] === 'number' ? 'an array' : 'an object'}`,
          });
          return;
        }
        target = next;
      }
      setOwn(target, column.segments[column.segments.length - 1] as Segment, value);
    };
    let objectsMade = false;
    for (const column of this.columns) {
      if (column.kind !== 'json' && !objectsMade) {
        objectsMade = true;
        for (const path of this.objects)
          place({ index: -1, name: path.join('.'), segments: path, kind: 'json' }, getPath(body, path) ?? {});
      }
      const cell = cells[column.index] ?? '';
      if (cell === '') continue;
      let value: unknown;
      try {
        value = convert(column.kind, cell);
      } catch (error) {
        issues.push({
          path: column.name,
          code: 'invalid_json',
          message: `column "${column.name}" should hold JSON: ${errorMessage(error)}`,
        });
        continue;
      }
      place(column, value);
    }
    if (!objectsMade)
      for (const path of this.objects)
        place({ index: -1, name: path.join('.'), segments: path, kind: 'json' }, getPath(body, path) ?? {});
    return issues.length > 0 ? { issues } : { body };
  }
}

function getPath(body: unknown, path: readonly Segment[]): unknown {
  let current = body;
  for (const s of path) {
    if (!isContainer(current)) return undefined;
    current = getOwn(current, s);
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// Output

/** Result columns whose value is written as one cell of JSON (their length varies per household). */
const JSON_RESULT_FIELDS = new Set(['Meldingen', 'Uitleg']);

/** The result columns of a calculation under a rule set, in the result's own order. */
export function resultColumns(
  calculation: string,
  ruleSet: RuleSet,
  extras: ResultExtras,
  operations: CliOperations = CLI_OPERATIONS,
): string[] {
  const operation = cliOperation(operations, calculation);
  const file = calculationFile(ruleSet, operation.id);
  const rekenregels = [
    'Rekenregels.Id',
    'Rekenregels.GeldigVanaf',
    'Rekenregels.GeldigTot',
    'Rekenregels.Hash',
    'Rekenregels.Status',
    // Which method computed the row (families answer different questions: docs/methods/README.md),
    // when the calculation file names one, as every bundled set's does.
    ...(file?.method === undefined ? [] : ['Rekenregels.Methode.Id', 'Rekenregels.Methode.Naam']),
  ];
  return [...operation.resultColumns(file, extras), ...rekenregels, 'Meldingen', ...(extras.explain ? ['Uitleg'] : [])];
}

/** Reads the result columns off a result, as CSV cells. */
export class ResultFlattener {
  private readonly getters: readonly ((result: unknown) => string)[];

  constructor(readonly columns: readonly string[]) {
    this.getters = columns.map((name) => {
      const segments = parseColumnPath(name);
      const asJson = JSON_RESULT_FIELDS.has(String(segments[0]));
      return (result: unknown) => {
        const value = getPath(result, segments);
        if (value === undefined || value === null) return '';
        if (asJson) return Array.isArray(value) && value.length === 0 ? '' : JSON.stringify(value);
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
      };
    });
  }

  cells(result: unknown): string[] {
    return this.getters.map((get) => get(result));
  }
}
