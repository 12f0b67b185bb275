/**
 * `{ "table": "vfnBasisnorm", "key": { "tenure": { "fact": "tenure" }, "size": "1" } }`: a
 * table cell, chosen per dimension by a literal key or by a fact (a category, or a number
 * that falls in one of the dimension's bands). The checker proves that every value the
 * facts can take finds a cell.
 */
import * as z from 'zod';
import type { FactDomain } from '../facts.js';
import { Identifier, KeyValue } from '../format/common.js';
import type { Collection, ExpressionForms, TableKey } from '../format/expression.js';
import type { Band, Table } from '../format/parameters.js';
import { atom, type CheckScope, type ExpressionUnit, type Path } from './unit.js';

type TableForm = ExpressionForms['table'];

export const tableUnit: ExpressionUnit<TableForm> = {
  schema: () =>
    z.strictObject({
      table: Identifier,
      key: z.record(Identifier, z.union([KeyValue, z.strictObject({ fact: Identifier })])),
    }),
  check: (e, c, path, scope) => checkLookup(c, e.table, e.key, path, scope),
  render: (e, r) => {
    const dims = Object.keys(r.table(e.table)?.dimensions ?? e.key);
    const keys = Object.keys(e.key);
    const order = [...dims.filter((d) => keys.includes(d)), ...keys.filter((k) => !dims.includes(k))];
    const parts = order.map((d) => {
      const k = e.key[d];
      return k === undefined ? '?' : typeof k === 'string' ? JSON.stringify(k) : k.fact;
    });
    return atom(`${e.table}[${parts.join(', ')}]`);
  },
  dependencies: (e, w) => {
    // A fact that selects a band is compared with the band edges: the coverage sweep tries each side.
    const table = w.tables[e.table];
    for (const [dim, k] of Object.entries(e.key)) {
      const d = table?.dimensions[dim];
      if (typeof k !== 'string' && d !== undefined && !Array.isArray(d)) {
        for (const b of d.bands) {
          w.constant(k.fact, Number(b.from));
          if (b.below !== undefined) w.constant(k.fact, Number(b.below));
        }
      }
    }
    for (const k of Object.values(e.key)) if (typeof k !== 'string') w.fact(k.fact);
  },
};

type Dimension = Table['dimensions'][string];

function checkLookup(
  c: CheckScope,
  name: string,
  key: Readonly<TableKey>,
  path: Path,
  scope: Collection | undefined,
): string | undefined {
  const table = c.tables[name];
  if (table === undefined) {
    c.report([...path, 'table'], 'dangling_reference', `unknown table ${name}`);
    return undefined;
  }
  for (const k of Object.keys(key)) {
    if (table.dimensions[k] === undefined)
      c.report([...path, 'key', k], 'unknown_dimension', `table ${name} has no dimension ${k}`);
  }
  // The values each dimension can take at this lookup; every combination needs a cell.
  const options: string[][] = [];
  for (const [dim, d] of Object.entries(table.dimensions)) {
    const k = key[dim];
    if (k === undefined) {
      c.report([...path, 'key'], 'missing_dimension', `lookup in ${name} needs a key for dimension ${dim}`);
      return table.unit;
    }
    const reached = keyOptions(c, name, dim, d, k, [...path, 'key', dim], scope);
    if (reached === undefined) return table.unit;
    options.push(reached);
  }
  reportMissingCells(c, name, table, options, path);
  return table.unit;
}

/** The keys of dimension `dim` that key `k` can select; undefined after an error that ends the check. */
function keyOptions(
  c: CheckScope,
  name: string,
  dim: string,
  d: Dimension,
  k: string | { fact: string },
  p: Path,
  scope: Collection | undefined,
): string[] | undefined {
  const allowed = Array.isArray(d) ? d : d.bands.map((b) => b.key);
  if (typeof k === 'string') {
    if (!allowed.includes(k)) c.report(p, 'unknown_value', `${dim} "${k}" is not one of ${allowed.join(', ')}`);
    return [k];
  }
  const def = c.fact(k.fact, scope);
  if (def === undefined) {
    c.report([...p, 'fact'], 'unknown_fact', c.missingFact(k.fact, scope));
    return undefined;
  }
  if (Array.isArray(d)) {
    if (def.domain.kind !== 'enum') {
      c.report(
        [...p, 'fact'],
        'fact_mismatch',
        `dimension ${dim} is a list of categories; fact ${k.fact} is not a category`,
      );
      return undefined;
    }
    const missing = def.domain.values.filter((v) => !d.includes(v));
    if (missing.length > 0)
      c.report(
        [...p, 'fact'],
        'uncovered_value',
        `table ${name} dimension ${dim} has no entry for ${k.fact} = ${missing.join(', ')}`,
      );
    return def.domain.values.filter((v) => d.includes(v));
  }
  if (def.domain.kind !== 'number') {
    c.report([...p, 'fact'], 'fact_mismatch', `dimension ${dim} has numeric bands; fact ${k.fact} is not a number`);
    return undefined;
  }
  reportUncoveredRange(c, `${name}.${dim}`, d.bands, k.fact, def.domain, p);
  return d.bands.map((b) => b.key);
}

/** Bands must reach from the fact's least to its greatest value. */
function reportUncoveredRange(
  c: CheckScope,
  where: string,
  bands: readonly Band[],
  fact: string,
  domain: Extract<FactDomain, { kind: 'number' }>,
  p: Path,
): void {
  const first = bands[0];
  const last = bands[bands.length - 1];
  if (first !== undefined && Number(first.from) > domain.min) {
    c.report(
      [...p, 'fact'],
      'uncovered_value',
      `bands of ${where} start at ${first.from}, but ${fact} can be ${domain.min}`,
    );
  }
  if (last?.below !== undefined && Number(last.below) <= domain.max) {
    c.report(
      [...p, 'fact'],
      'uncovered_value',
      `bands of ${where} end below ${last.below}, but ${fact} can be ${domain.max}`,
    );
  }
}

/** Every combination of reachable keys needs a cell; names the first five that have none. */
function reportMissingCells(c: CheckScope, name: string, table: Table, options: readonly string[][], path: Path): void {
  const dims = Object.keys(table.dimensions);
  const present = new Set(table.cells.map((cell) => dims.map((dim) => cell.key[dim]).join('|')));
  const combos = options.reduce<string[][]>((acc, opts) => acc.flatMap((a) => opts.map((o) => [...a, o])), [[]]);
  const missing = combos.filter((combo) => !present.has(combo.join('|')));
  if (missing.length === 0) return;
  const shown = missing
    .slice(0, 5)
    .map((combo) => dims.map((dim, i) => `${dim}=${combo[i]}`).join(', '))
    .join('; ');
  c.report(
    [...path, 'table'],
    'missing_table_cell',
    `table ${name} has no cell for ${shown}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''}`,
  );
}
