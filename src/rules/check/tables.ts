/**
 * Checks of table definitions: each dimension's values are distinct, its bands follow one
 * another without gap or overlap, and every cell has a known source and exactly one known
 * key per dimension, once; a copying cell (`copyOf`) holds its original's value. (A lookup's
 * coverage of the facts that select a cell is the `table` operator's check, in
 * src/rules/language/table.ts.)
 */
import type { Table } from '../format/parameters.js';
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
  for (const [dim, d] of dims) {
    if (Array.isArray(d)) {
      if (new Set(d).size !== d.length)
        report(file, [...base, 'dimensions', dim], 'duplicate_key', `dimension ${dim} lists a value twice`);
      continue;
    }
    d.bands.forEach((band, i) => {
      const next = d.bands[i + 1];
      if (band.below !== undefined && Number(band.below) <= Number(band.from)) {
        report(
          file,
          [...base, 'dimensions', dim, 'bands', i],
          'invalid_band',
          `band ${band.key} is empty: below (${band.below}) must exceed from (${band.from})`,
        );
      }
      if (next !== undefined) {
        if (band.below === undefined)
          report(
            file,
            [...base, 'dimensions', dim, 'bands', i],
            'invalid_band',
            `band ${band.key} has no upper end but is not the last band`,
          );
        else if (Number(next.from) !== Number(band.below)) {
          report(
            file,
            [...base, 'dimensions', dim, 'bands', i + 1],
            'band_gap',
            `band ${next.key} starts at ${next.from}, but the band before it ends below ${band.below}: bands must follow each other without gap or overlap`,
          );
        }
      }
    });
  }
  const seen = new Set<string>();
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
    const id = dims.map(([dim]) => cell.key[dim] ?? '').join('|');
    if (seen.has(id)) report(file, path, 'duplicate_cell', `a second cell for ${id}`);
    seen.add(id);
  });
  table.cells.forEach((cell, i) => {
    if (cell.copyOf !== undefined) checkCopy(name, table, cell.copyOf, cell.value, [...base, 'cells', i], file, report);
  });
}

/** A copying cell names an existing other cell of its table and holds that cell's value. */
function checkCopy(
  name: string,
  table: Table,
  copyOf: Record<string, string>,
  value: string | number,
  path: Path,
  file: string,
  report: FileReport,
): void {
  const dims = Object.keys(table.dimensions);
  const target = table.cells.find(
    (c) =>
      c.copyOf === undefined && dims.every((d) => c.key[d] === copyOf[d]) && Object.keys(copyOf).length === dims.length,
  );
  const named = dims.map((d) => `${d}=${copyOf[d] ?? '?'}`).join(', ');
  if (target === undefined) {
    report(file, [...path, 'copyOf'], 'unknown_copy', `table ${name} has no cell ${named} of its own value to copy`);
    return;
  }
  if (Number(target.value) !== Number(value))
    report(
      file,
      [...path, 'value'],
      'copy_differs',
      `the cell copies ${named} (${target.value}) but holds ${value}: change both together`,
    );
}
