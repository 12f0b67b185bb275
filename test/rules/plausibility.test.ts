/**
 * The bundled rule sets against published averages: every comparison of
 * rules/<id>/tests/plausibility.json (CBS energy bills, COELO local taxes, CBS transport
 * spending, the Nibud food example, Independer's home insurance) must give a result inside the
 * band the file sets and justifies. The file is strict like a rule file; a malformed one is
 * refused with code, file and JSON path (fixtures in test/fixtures/plausibility/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAUSIBILITY_FILE, runPlausibility } from '../../src/cli/plausibility.js';
import { bundledCatalog } from '../../src/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'plausibility');
// biome-ignore lint/suspicious/noExplicitAny: a plausibility file is edited at any depth
type Json = Record<string, any>;
const read = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const fileOf = (id: string) => read(join(ROOT, 'rules', id, PLAUSIBILITY_FILE));

const table = (rows: ReturnType<typeof runPlausibility>['rows']) =>
  rows
    .map(
      (r) =>
        `${r.id.padEnd(34)} published ${String(r.published).padStart(7)} ${r.unit.padEnd(9)} ours ${String(r.ours).padStart(6)}  ` +
        `diff ${`${((r.ratio - 1) * 100).toFixed(1)}%`.padStart(7)}  band ${r.min}-${r.max}  ${r.ok ? 'ok' : 'OUTSIDE'}`,
    )
    .join('\n');

describe.each(['nl-2025', 'nl-2026'])('%s against published averages', (id) => {
  const ruleSet = bundledCatalog().byId(id);
  const outcome = runPlausibility(ruleSet, fileOf(id));

  it('the file is valid', () => {
    expect(outcome.issues).toEqual([]);
    expect(outcome.rows.length).toBeGreaterThanOrEqual(10);
  });

  it('every result lies inside its band', () => {
    console.log(`${id}\n${table(outcome.rows)}`);
    const outside = outcome.rows.filter((r) => !r.ok);
    expect(outside.map((r) => `${r.id}: ratio ${r.ratio.toFixed(3)} outside ${r.min}-${r.max}`)).toEqual([]);
  });

  it('a result outside its band is caught (the band is not decoration)', () => {
    const file = fileOf(id);
    file.comparisons[0].tolerance.min = '0';
    file.comparisons[0].tolerance.max = '0.5';
    const row = runPlausibility(ruleSet, file).rows[0];
    expect(row?.ok).toBe(false);
  });
});

describe('a malformed plausibility file is refused with code, file and path', () => {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const base = () => fileOf('nl-2026');
  const issues = (file: unknown) => runPlausibility(ruleSet, file).issues.map((i) => `${i.code} ${i.path}`);

  it.each([
    ['unknown-key.json', 'unknown_key $.comparisons[0].tolerance.reasonning'],
    ['missing-reasoning.json', 'missing_key $.comparisons[0].tolerance.reasoning'],
    ['bad-ratio.json', 'invalid_format $.comparisons[0].tolerance.min'],
    ['missing-source.json', 'missing_source $.comparisons[0].published.source'],
    ['unknown-post.json', 'dangling_reference $.comparisons[0].amount.posts[1]'],
  ])('fixture %s: %s', (name, expected) => {
    const found = issues(read(join(FIXTURES, name)));
    expect(found).toContain(expected);
    expect(runPlausibility(ruleSet, read(join(FIXTURES, name))).issues.every((i) => i.file === PLAUSIBILITY_FILE)).toBe(
      true,
    );
  });

  it('a band upside down, a missing measure, a refused request, a per-day unit, a repeated id', () => {
    const f = base();
    f.comparisons[0].tolerance.min = '2';
    delete f.comparisons[1].amount.measure;
    f.comparisons[2].request.Woning.TypeWoning = 'Kasteel';
    f.comparisons[3].published.unit = 'EUR/day';
    f.comparisons[4].id = f.comparisons[5].id;
    expect(issues(f)).toEqual([
      'invalid $.comparisons[0].tolerance',
      'measure_required $.comparisons[1].amount',
      'example_problem $.comparisons[2].request',
      'unit_mismatch $.comparisons[3].published.unit',
      'duplicate_id $.comparisons[5].id',
    ]);
  });
});
