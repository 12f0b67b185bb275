/**
 * The bundled rule sets against published averages: every comparison of
 * rules/<id>/tests/plausibility.json (for retirement CBS energy bills, COELO local taxes, CBS
 * transport spending, the Nibud food example, Independer's home insurance; for repayment the
 * poverty line, SCP's and Nibud's minimum budgets, the social minimum, the beslagvrije voet and
 * the retirement operation for the same person) must give a result inside the band the file sets
 * and justifies, except a known deviation, which is listed on every run and must stay outside.
 * The file is strict like a rule file; a malformed one is refused with code, file and JSON path
 * (fixtures in test/fixtures/plausibility/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgePlausibility, PLAUSIBILITY_FILE, runPlausibility } from '../../src/cli/plausibility.js';
import { bundledCatalog, repaymentCapacity, retirementExpenditure } from '../../src/index.js';

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

const deviations = (rows: ReturnType<typeof runPlausibility>['rows']) =>
  rows
    .map(
      (r) =>
        `- ${r.id}: anchor ${r.published.toFixed(2)} ${r.unit} (${r.source}), ours ${r.ours.toFixed(2)}, ` +
        `difference ${(r.ours - r.published).toFixed(2)} (${((r.ratio - 1) * 100).toFixed(1)}%), band ${r.min}-${r.max}\n  reason: ${r.knownDeviation}`,
    )
    .join('\n');

describe.each(['nl-2025', 'nl-2026'])('%s against published averages', (id) => {
  const ruleSet = bundledCatalog().byId(id);
  const outcome = runPlausibility(ruleSet, fileOf(id));

  it('the file is valid', () => {
    expect(outcome.issues).toEqual([]);
    expect(outcome.rows.length).toBeGreaterThanOrEqual(10);
  });

  it('every result lies inside its band, and every known deviation outside it (the list stays true)', () => {
    const verdict = judgePlausibility(outcome.rows);
    console.log(`${id}\n${table(outcome.rows)}`);
    console.log(`${id} known deviations (${verdict.knownDeviations.length})\n${deviations(verdict.knownDeviations)}`);
    expect(verdict.failures).toEqual([]);
  });

  it('both operations are compared', () => {
    const file = fileOf(id);
    const calculations = new Set(file.comparisons.map((c: Json) => c.calculation));
    expect([...calculations].sort()).toEqual(['afloscapaciteit', 'pensioenuitgaven']);
  });

  it('a result outside its band is caught (the band is not decoration)', () => {
    const file = fileOf(id);
    file.comparisons[0].tolerance.min = '0';
    file.comparisons[0].tolerance.max = '0.5';
    const row = runPlausibility(ruleSet, file).rows[0];
    expect(row?.ok).toBe(false);
    expect(judgePlausibility(runPlausibility(ruleSet, file).rows).failures).toEqual([
      expect.stringMatching(new RegExp(`^${file.comparisons[0].id}: outside its band`)),
    ]);
  });

  it('a known deviation that comes back inside its band fails the run, and marking one lets it stand', () => {
    const file = fileOf(id);
    const passing = file.comparisons.findIndex((c: Json) => c.calculation === 'afloscapaciteit' && !c.knownDeviation);
    file.comparisons[passing].knownDeviation = { reason: 'a test: it is in fact inside' };
    expect(judgePlausibility(runPlausibility(ruleSet, file).rows).failures).toEqual([
      expect.stringMatching(new RegExp(`^${file.comparisons[passing].id}: a known deviation back inside its band`)),
    ]);
    const known = fileOf(id);
    const deviating = known.comparisons.findIndex((c: Json) => c.knownDeviation);
    delete known.comparisons[deviating].knownDeviation;
    expect(judgePlausibility(runPlausibility(ruleSet, known).rows).failures).toEqual([
      expect.stringMatching(new RegExp(`^${known.comparisons[deviating].id}: outside its band`)),
    ]);
  });

  it('the repayment comparisons read posts in a measure, totals, and the retirement operation for the same person', () => {
    const rows = new Map(outcome.rows.map((r) => [r.id, r]));
    const capacity = (c: Json) => repaymentCapacity(c.request, { ruleSet });
    const file = fileOf(id);
    const byId = (key: string) => file.comparisons.find((c: Json) => c.id === key);
    const assistance = byId('bijstand-alleenstaande-rondkomen');
    expect(rows.get(assistance.id)?.ours).toBe(capacity(assistance).TotaalMinimaleLasten);
    const energy = byId('armoedegrens-energie-alleenstaande');
    const posts = capacity(energy).Posten.filter((p) => energy.amount.posts.includes(p.Code));
    expect(rows.get(energy.id)?.ours).toBe(posts.reduce((sum, p) => sum + p.Minimaal, 0));
    const same = byId('zelfde-persoon-aow-alleenstaand');
    const basis = retirementExpenditure(same.against.request, { ruleSet })
      .Posten.filter((p) => same.against.amount.posts.includes(p.Code))
      .reduce((sum, p) => sum + p.Basis, 0);
    expect(rows.get(same.id)?.published).toBe(basis);
    expect(rows.get(same.id)?.source).toBe('pensioenuitgaven (this rule set)');
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

  it('posts and a total, an unknown total or measure, a published figure and an anchor, neither anchor', () => {
    const f = base();
    const at = (key: string) => f.comparisons.findIndex((c: Json) => c.id === key);
    const [a, b, c, d, e] = [
      at('armoedegrens-alleenstaande-zonder-huur'),
      at('bijstand-alleenstaande-rondkomen'),
      at('armoedegrens-energie-alleenstaande'),
      at('zelfde-persoon-aow-alleenstaand'),
      at('cbs-energierekening-paar'),
    ];
    f.comparisons[a].amount.total = 'TotaalLasten';
    f.comparisons[b].amount.total = 'Levensonderhoud';
    f.comparisons[c].amount.measure = 'Basis';
    f.comparisons[d].published = { ...f.comparisons[e].published };
    delete f.comparisons[e].published;
    f.comparisons[d].against.amount.measure = 'Minimaal';
    expect([...issues(f)].sort()).toEqual(
      [
        `invalid $.comparisons[${a}].amount`,
        `unknown_measure $.comparisons[${a}].amount.measure`,
        `dangling_reference $.comparisons[${b}].amount.total`,
        `unknown_measure $.comparisons[${c}].amount.measure`,
        `invalid $.comparisons[${d}]`,
        `unknown_measure $.comparisons[${d}].against.amount.measure`,
        `invalid $.comparisons[${e}]`,
      ].sort(),
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
