/**
 * Checks of table definitions: each dimension's values are distinct, its bands follow one
 * another without gap or overlap, and every cell has a known source and exactly one known
 * key per dimension, once; a copying cell (`copyOf`) holds its original's value. (A lookup's
 * coverage of the facts that select a cell is the `table` operator's check, in
 * src/rules/language/table.ts.)
 */
import type { Dimension, Table } from '../format/parameters.js';
import type { Path } from '../language/unit.js';

export type FileReport = (file: string, path: Path, code: string, message: string) => void;
export type SourceCheck = (file: string, path: Path, source: string) => void;

export function checkTable(
  name: string,
  table: Table,
  file: string,
  report: FileReport,
  checkSource: SourceCheck,
): void {
  const base: Path = ['tables', name];
  const dims = Object.entries(table.dimensions);
  for (const [dim, d] of dims) checkDimension([...base, 'dimensions', dim], dim, d, file, report);
  const cellById = new Map<string, Table['cells'][number]>();
  const idOf = (key: Record<string, string>) => dims.map(([dim]) => key[dim] ?? '').join('|');
  table.cells.forEach((cell, i) => {
    const path: Path = [...base, 'cells', i];
    checkSource(file, path, cell.source);
    for (const key of Object.keys(cell.key)) {
      if (table.dimensions[key] === undefined)
        report(file, [...path, 'key', key], 'unknown_dimension', `table ${name} has no dimension ${key}`);
    }
    for (const [dim, d] of dims) {
      const v = cell.key[dim];
      if (v === undefined) {
        report(file, [...path, 'key'], 'missing_dimension', `cell key lacks dimension ${dim}`);
        continue;
      }
      const allowed = Array.isArray(d) ? d : d.bands.map((b) => b.key);
      if (!allowed.includes(v))
        report(file, [...path, 'key', dim], 'unknown_value', `${dim} "${v}" is not one of ${allowed.join(', ')}`);
    }
    const id = idOf(cell.key);
    if (cellById.has(id)) report(file, path, 'duplicate_cell', `a second cell for ${id}`);
    else cellById.set(id, cell);
  });
  table.cells.forEach((cell, i) => {
    const { copyOf } = cell;
    if (copyOf === undefined) return;
    // Only a key of exactly the table's dimensions names a cell.
    const original = Object.keys(copyOf).length === dims.length ? cellById.get(idOf(copyOf)) : undefined;
    checkCopy(
      name,
      dims.map(([dim]) => `${dim}=${copyOf[dim] ?? '?'}`).join(', '),
      original,
      cell.value,
      [...base, 'cells', i],
      file,
      report,
    );
  });
}

/** A dimension's own checks: distinct categories, or bands that follow one another. */
function checkDimension(path: Path, dim: string, d: Dimension, file: string, report: FileReport): void {
  if (Array.isArray(d)) {
    if (new Set(d).size !== d.length) report(file, path, 'duplicate_key', `dimension ${dim} lists a value twice`);
    return;
  }
  d.bands.forEach((band, i) => {
    const next = d.bands[i + 1];
    if (band.below !== undefined && Number(band.below) <= Number(band.from)) {
      report(
        file,
        [...path, 'bands', i],
        'invalid_band',
        `band ${band.key} is empty: below (${band.below}) must exceed from (${band.from})`,
      );
    }
    if (next !== undefined) {
      if (band.below === undefined)
        report(
          file,
          [...path, 'bands', i],
          'invalid_band',
          `band ${band.key} has no upper end but is not the last band`,
        );
      else if (Number(next.from) !== Number(band.below)) {
        report(
          file,
          [...path, 'bands', i + 1],
          'band_gap',
          `band ${next.key} starts at ${next.from}, but the band before it ends below ${band.below}: bands must follow each other without gap or overlap`,
        );
      }
    }
  });
}

/** A copying cell names another cell of its table, one with a value of its own, and holds that value. */
function checkCopy(
  table: string,
  named: string,
  original: { readonly value: string | number; readonly copyOf?: unknown } | undefined,
  value: string | number,
  path: Path,
  file: string,
  report: FileReport,
): void {
  if (original === undefined || original.copyOf !== undefined) {
    report(file, [...path, 'copyOf'], 'unknown_copy', `table ${table} has no cell ${named} of its own value to copy`);
    return;
  }
  if (Number(original.value) !== Number(value))
    report(
      file,
      [...path, 'value'],
      'copy_differs',
      `the cell copies ${named} (${original.value}) but holds ${value}: change both together`,
    );
}
