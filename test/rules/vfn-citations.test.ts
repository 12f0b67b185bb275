/**
 * The lending-norm sets cite what they compare against: a reasoning, formula or note that names a
 * source of any bundled set must find that source in its own set's register, and every "Known
 * difference" (a published figure our value departs from, kept because issue 40 keeps the amounts)
 * names the set's own source for that figure.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRuleSetFolder } from '../../src/node/load-folder.js';
import { RULES_DIR, ruleSetFolders } from '../../scripts/lib/generated-files.js';

type Json = Record<string, unknown>;
interface Text {
  value: string;
  field: string;
  text: string;
}

const VFN_SETS = ruleSetFolders().filter((id) => id.startsWith('vfn-'));
const filesOf = (id: string) => readRuleSetFolder(join(RULES_DIR, id)) as Record<string, Json>;

function sourceIds(files: Record<string, Json>): Set<string> {
  const ids = new Set<string>();
  for (const [name, content] of Object.entries(files))
    if (name === 'manifest.json' || name.startsWith('sources'))
      for (const id of Object.keys((content.sources ?? {}) as Json)) ids.add(id);
  return ids;
}

/** Every reasoning, formula and note of the set's parameters and table cells. */
function texts(files: Record<string, Json>): Text[] {
  const out: Text[] = [];
  const add = (value: string, entry: Json) => {
    for (const field of ['reasoning', 'formula', 'note'])
      if (typeof entry[field] === 'string') out.push({ value, field, text: entry[field] as string });
  };
  for (const [name, content] of Object.entries(files)) {
    if (name.startsWith('parameters'))
      for (const [key, p] of Object.entries(content.parameters as Record<string, Json>)) add(key, p);
    if (name.startsWith('tables'))
      for (const [key, t] of Object.entries(content.tables as Record<string, { cells: Json[] }>))
        for (const cell of t.cells) add(`${key} ${JSON.stringify(cell.key)}`, cell);
  }
  return out;
}

/** The ids among `ids` that `text` names as a whole word (`cbs-cpi`, not the tail of `hb.cbs-cpi`). */
const named = (text: string, ids: Iterable<string>) =>
  [...ids].filter((id) =>
    new RegExp(`(?<![A-Za-z0-9.-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9-])`).test(text),
  );

const everySource = new Set(ruleSetFolders().flatMap((id) => [...sourceIds(filesOf(id))]));

describe.each(VFN_SETS)('rule set %s', (id) => {
  const files = filesOf(id);
  const own = sourceIds(files);

  it('finds every source its texts name in its own register', () => {
    const missing = texts(files).flatMap(({ value, field, text }) =>
      named(text, everySource)
        .filter((source) => !own.has(source))
        .map((source) => `${value} ${field}: ${source}`),
    );
    expect(missing).toEqual([]);
  });

  it('names its own source for every known difference', () => {
    const differences = texts(files).filter(({ text }) => text.includes('Known difference'));
    expect(differences.length).toBeGreaterThan(0);
    const unsourced = differences.filter(({ text }) => named(text, own).length === 0).map(({ value }) => value);
    expect(unsourced).toEqual([]);
  });
});
