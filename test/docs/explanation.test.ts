/**
 * docs/explanation.md is checked against the library: its excerpt must be a trimmed copy of a
 * real explanation, and every field the library writes must be described on the page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repaymentCapacity } from '../../src/calculations/repayment-capacity.js';
import { retirementExpenditure } from '../../src/calculations/retirement-expenditure.js';
import { EXPLANATION_FORMAT } from '../../src/contract/explanation.js';
import { fencedBlocks, readPage, ROOT } from './markdown.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON under comparison, read by key
type Json = any;

const page = readPage('docs/explanation.md');
const ELIDED = '…';

/** Fields whose keys are data (fact names, measures, table dimensions), not fields of the format. */
// Keys whose values are maps or rule-file content (documented in rules-format.md), not explanation fields.
const MAPS = new Set(['facts', 'exact', 'rounded', 'amounts', 'key', 'expressions']);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Whether a real list entry is the one an excerpt entry stands for: the same rule `id`, post
 * `code`, or figure/total `kind` and `name` (a nameless constant: the same `value`). Undefined
 * when the excerpt entry carries none of these.
 */
function sameEntry(entry: unknown, candidate: unknown): boolean | undefined {
  if (!isObject(entry) || !isObject(candidate)) return undefined;
  for (const k of ['id', 'code']) if (typeof entry[k] === 'string') return candidate[k] === entry[k];
  if (entry['kind'] === undefined && entry['name'] === undefined) return undefined;
  for (const k of ['kind', 'name']) if (entry[k] !== undefined && candidate[k] !== entry[k]) return false;
  return entry['name'] !== undefined || candidate['value'] === entry['value'];
}

/**
 * Where an excerpt differs from the real output. Every key of the excerpt must be in the output
 * with an equal value (`"…"` stands for any string); every list entry of the excerpt must match
 * an entry of the real list, in the same order (entries may be left out).
 */
function differences(excerpt: unknown, actual: unknown, path: string, out: string[]): void {
  if (excerpt === ELIDED) {
    if (typeof actual !== 'string')
      out.push(`${path}: "…" stands for a string, the output has ${JSON.stringify(actual)}`);
    return;
  }
  if (Array.isArray(excerpt)) {
    if (!Array.isArray(actual)) {
      out.push(`${path}: a list in the excerpt, ${JSON.stringify(actual)} in the output`);
      return;
    }
    let from = 0;
    excerpt.forEach((entry, i) => {
      let found = -1;
      for (let j = from; j < actual.length && found < 0; j += 1) {
        let same = sameEntry(entry, actual[j]);
        if (same === undefined) {
          const probe: string[] = [];
          differences(entry, actual[j], '', probe);
          same = probe.length === 0;
        }
        if (same) found = j;
      }
      if (found < 0) {
        out.push(
          `${path}[${i}]: no entry like ${JSON.stringify(entry).slice(0, 120)} in the output after position ${from}`,
        );
        return;
      }
      differences(entry, actual[found], `${path}[${found}]`, out);
      from = found + 1;
    });
    return;
  }
  if (isObject(excerpt)) {
    if (!isObject(actual)) {
      out.push(`${path}: an object in the excerpt, ${JSON.stringify(actual)} in the output`);
      return;
    }
    for (const [k, v] of Object.entries(excerpt)) {
      if (!(k in actual)) out.push(`${path}.${k}: not in the output`);
      else differences(v, actual[k], `${path}.${k}`, out);
    }
    return;
  }
  if (excerpt !== actual)
    out.push(`${path}: ${JSON.stringify(excerpt)} in the excerpt, ${JSON.stringify(actual)} in the output`);
}

/** Every field name in an explanation, skipping the keys of the data maps. */
function fieldNames(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) fieldNames(v, out);
    return;
  }
  if (!isObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    out.add(k);
    if (!MAPS.has(k)) fieldNames(v, out);
  }
}

const example = JSON.parse(
  readFileSync(`${ROOT}rules/vfn-2026/tests/afloscapaciteit/alleenstaand-huur-aow.json`, 'utf8'),
) as Json;
// The lending norm's explanation: few posts, so the page's excerpt stays short (issue 40).
const repayment = repaymentCapacity(example.request, { ruleSet: 'vfn-2026', explain: true }).Uitleg as Json;
const retirement = retirementExpenditure(
  {
    Hoofdpersonen: [{ Geslacht: 'Vrouw' }, { Geslacht: 'Man' }],
    Kinderen: [{ Leeftijd: 8 }, { Leeftijd: 15 }],
    Autos: [{ TypeAuto: 'Klein', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Minderdan10K' }],
    Woning: { TypeWoning: 'Hoekwoning', SoortWoning: 'Koopwoning', WozWaarde: 320000 },
    NettoBesteedbaarInkomenPerMaand: 2800,
  },
  { date: '2026-03-01', explain: true },
).Uitleg as Json;

describe('docs/explanation.md', () => {
  const excerpts = fencedBlocks(page).filter((b) => b.language === 'json' && b.kind === 'explanation-excerpt');

  it('names the current format', () => {
    expect(repayment.format).toBe(EXPLANATION_FORMAT);
    expect(page.text).toContain(`\`${EXPLANATION_FORMAT}\``);
  });

  it('shows an excerpt that is a trimmed copy of what the library produces', () => {
    expect(excerpts).toHaveLength(1);
    const block = excerpts[0]!;
    let excerpt: Json;
    try {
      excerpt = JSON.parse(block.body) as Json;
    } catch (error) {
      throw new Error(`${block.where}: not valid JSON: ${(error as Error).message}`);
    }
    const out: string[] = [];
    differences(excerpt, repayment, '$', out);
    expect(
      out,
      `${block.where}: the excerpt differs from the library's explanation (rerun the example and update the page)`,
    ).toEqual([]);
  });

  it('describes every field the library writes', () => {
    const names = new Set<string>();
    fieldNames(repayment, names);
    fieldNames(retirement, names);
    expect(names.size).toBeGreaterThan(20);
    const undocumented = [...names].filter((n) => !page.text.includes(`\`${n}\``));
    expect(undocumented, 'fields of the explanation that docs/explanation.md does not name').toEqual([]);
  });

  it('the comparison test can fail', () => {
    const out: string[] = [];
    differences({ posts: [{ code: 'Levensonderhoud', exact: { bedrag: '1' } }] }, repayment, '$', out);
    expect(out.length).toBe(1);
    const missing: string[] = [];
    differences({ totals: [{ name: 'Tekort' }, { name: 'TotaalLasten' }] }, repayment, '$', missing);
    expect(missing.length, 'entries out of order are refused').toBe(1);
  });
});
