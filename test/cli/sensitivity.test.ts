/**
 * `budgetnorm rules sensitivity`: the fixed sample covers every stratum, a variant computes what a
 * fully loaded set with the changed figure computes, the statistics match a computation by hand
 * over the sample, and the committed pages are what the command prints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import {
  CHILD_AGE_BANDS,
  DWELLING_TYPES,
  HOUSEHOLD_TYPES,
  REPAYMENT_AGE_BANDS,
  REPAYMENT_INCOME_BANDS,
  repaymentSample,
  RETIREMENT_INCOME_BANDS,
  retirementSample,
} from '../../src/cli/sensitivity-sample.js';
import { sensitivityReport, variant, variedValues, type SensitivityReport } from '../../src/cli/sensitivity.js';
import {
  bundledCatalog,
  loadRuleSet,
  repaymentCapacity,
  retirementExpenditure,
  type RuleSet,
} from '../../src/index.js';
import { ROOT, runCli } from './helpers.js';
import { loadRuleSetFolder } from '../../src/node/index.js';

// biome-ignore lint/suspicious/noExplicitAny: request bodies and rule files are read at any depth
type Json = Record<string, any>;

const nl2026 = bundledCatalog().byId('nl-2026');
let report: SensitivityReport;
// Some seconds alone, more on a loaded machine: the whole report of nl-2026, computed once here.
const SLOW = 180_000;
beforeAll(() => {
  report = sensitivityReport(nl2026);
}, SLOW);

const capacity = (body: unknown, ruleSet: RuleSet) => {
  const r = repaymentCapacity(body, { ruleSet });
  return r.Afloscapaciteit - r.Tekort;
};
const totals = (body: unknown, ruleSet: RuleSet) => {
  const r = retirementExpenditure(body, { ruleSet });
  return [r.Totaal.Basis, r.Totaal.Voorbeeld];
};

/** nl-2026's files with one figure multiplied by `factor`, loaded with every check (coverage sweep included). */
function loadedWith(change: (files: Json) => Json, factor: string): RuleSet {
  const files = structuredClone(nl2026.files) as Json;
  const target = change(files);
  target['value'] = new Decimal(target['value']).times(factor).toString();
  return loadRuleSet(files);
}

describe('the sample', () => {
  it('is the same every time', () => {
    expect(repaymentSample()).toEqual(repaymentSample());
    expect(retirementSample()).toEqual(retirementSample());
  });

  it('repayment capacity: every household type, tenure, age band and income band, each household in its band', () => {
    const sample = repaymentSample();
    expect(sample).toHaveLength(
      HOUSEHOLD_TYPES.length * 2 * REPAYMENT_AGE_BANDS.length * REPAYMENT_INCOME_BANDS.length * 2,
    );
    for (const { body, strata } of sample) {
      const b = body as Json;
      const type = `${b['HeeftPartner'] ? 'couple' : 'single'}${b['AantalThuiswonendeKinderen'] > 0 ? 'WithChildren' : ''}`;
      expect(type).toBe(strata['householdType']);
      expect(b['Woning']['WoningSoort']).toBe(strata['tenure'] === 'rent' ? 'Huurwoning' : 'Koopwoning');
      const age = REPAYMENT_AGE_BANDS.find((a) => a.key === strata['ageBand']);
      expect(b['LeeftijdHoofdpersoon']).toBeGreaterThanOrEqual(age?.from ?? Number.NaN);
      expect(b['LeeftijdHoofdpersoon']).toBeLessThanOrEqual(age?.to ?? Number.NaN);
      const income = REPAYMENT_INCOME_BANDS.find((a) => a.key === strata['incomeBand']);
      expect(b['NettoBesteedbaarInkomenPerMaand']).toBeGreaterThanOrEqual(income?.from ?? Number.NaN);
      expect(b['NettoBesteedbaarInkomenPerMaand']).toBeLessThanOrEqual(income?.to ?? Number.NaN);
      expect(() => repaymentCapacity(body, { ruleSet: nl2026 })).not.toThrow();
    }
    for (const [field, values] of [
      ['householdType', HOUSEHOLD_TYPES],
      ['tenure', ['rent', 'own']],
      ['ageBand', REPAYMENT_AGE_BANDS.map((a) => a.key)],
      ['incomeBand', REPAYMENT_INCOME_BANDS.map((a) => a.key)],
    ] as const)
      expect(new Set(sample.map((h) => h.strata[field]))).toEqual(new Set(values));
    // The norm rent and the owner without mortgage costs occur too.
    expect(
      sample.some(
        (h) =>
          (h.body as Json)['Woning']['WoningSoort'] === 'Huurwoning' && !('HuurPerMaand' in (h.body as Json)['Woning']),
      ),
    ).toBe(true);
    expect(
      sample.some(
        (h) =>
          (h.body as Json)['Woning']['WoningSoort'] === 'Koopwoning' &&
          !('BrutoHypotheeklasten' in (h.body as Json)['Woning']),
      ),
    ).toBe(true);
  });

  it('retirement expenditure: every household type, tenure, dwelling type, income band and child age band', () => {
    const sample = retirementSample();
    expect(sample).toHaveLength(HOUSEHOLD_TYPES.length * 2 * DWELLING_TYPES.length * RETIREMENT_INCOME_BANDS.length);
    for (const [field, values] of [
      ['householdType', HOUSEHOLD_TYPES],
      ['tenure', ['rent', 'own']],
      ['dwellingType', DWELLING_TYPES],
      ['incomeBand', RETIREMENT_INCOME_BANDS.map((a) => a.key)],
    ] as const)
      expect(new Set(sample.map((h) => h.strata[field]))).toEqual(new Set(values));
    const ages = sample.flatMap((h) => ((h.body as Json)['Kinderen'] ?? []).map((k: Json) => k['Leeftijd'] as number));
    for (const band of CHILD_AGE_BANDS)
      expect(
        ages.some((a) => a >= band.from && a <= band.to),
        band.key,
      ).toBe(true);
    for (const { body, strata } of sample) {
      const band = RETIREMENT_INCOME_BANDS.find((b) => b.key === strata['incomeBand']);
      const [from, to] = (body as Json)['Hoofdpersonen'].length === 2 ? (band?.couple ?? []) : (band?.single ?? []);
      expect((body as Json)['NettoBesteedbaarInkomenPerMaand']).toBeGreaterThanOrEqual(from ?? Number.NaN);
      expect((body as Json)['NettoBesteedbaarInkomenPerMaand']).toBeLessThanOrEqual(to ?? Number.NaN);
      expect(() => retirementExpenditure(body, { ruleSet: nl2026 })).not.toThrow();
    }
  });
});

describe('variants', () => {
  const values = variedValues(nl2026);
  const find = (label: string) => {
    const v = values.find((x) => x.label === label);
    if (v === undefined) throw new Error(`no varied value ${label}`);
    return v;
  };

  it('a changed parameter computes what the fully loaded changed files compute', () => {
    const value = find('vfnIndexatie2024');
    const loaded = loadedWith((f) => f['parameters-afloscapaciteit.json'].parameters.vfnIndexatie2024, '1.1');
    const shortcut = variant(nl2026, value, '1.1');
    for (const { body } of repaymentSample().slice(0, 40)) {
      expect(capacity(body, shortcut)).toBe(capacity(body, loaded));
      expect(capacity(body, shortcut)).not.toBe(capacity(body, nl2026));
    }
  });

  it('a changed table cell computes what the fully loaded changed files compute, and only that cell changes', () => {
    const value = find('hb.opstalverzekering [woningtype=detached]');
    const loaded = loadedWith(
      (f) =>
        (f['tables-huishoudbudget.json'].tables['hb.opstalverzekering'].cells as Json[]).find(
          (c) => c['key']['woningtype'] === 'detached',
        ) as Json,
      '0.9',
    );
    const shortcut = variant(nl2026, value, '0.9');
    let changed = 0;
    for (const { body, strata } of retirementSample()) {
      expect(totals(body, shortcut)).toEqual(totals(body, loaded));
      const differs = totals(body, shortcut)[0] !== totals(body, nl2026)[0];
      if (differs) changed += 1;
      if (strata['tenure'] !== 'own' || strata['dwellingType'] !== 'Vrijstaand') expect(differs).toBe(false);
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('a variant has its own hash and leaves the checked set as it was', () => {
    const value = find('vfnIndexatie2024');
    const v = variant(nl2026, value, '1.1');
    expect(v.hash).not.toBe(nl2026.hash);
    expect(String(nl2026.parameters['vfnIndexatie2024']?.value)).toBe('1.048');
    expect(String(v.parameters['vfnIndexatie2024']?.value)).toBe('1.1528');
    // The files say the same, should an engine ever compile from them.
    const files = (set: RuleSet) => set.files as Json;
    expect(files(v)['parameters-afloscapaciteit.json'].parameters.vfnIndexatie2024.value).toBe('1.1528');
    expect(files(nl2026)['parameters-afloscapaciteit.json'].parameters.vfnIndexatie2024.value).toBe('1.048');
    const cell = variant(nl2026, find('hb.opstalverzekering [woningtype=detached]'), '0.9');
    const detached = (set: RuleSet) =>
      (files(set)['tables-huishoudbudget.json'].tables['hb.opstalverzekering'].cells as Json[]).find(
        (c) => c['key']['woningtype'] === 'detached',
      )?.['value'];
    expect(detached(cell)).toBe('15.345');
    expect(detached(nl2026)).toBe('17.05');
  });
});

describe('the report', () => {
  it('lists every estimate and to-verify value once, ranked by its largest mean change', () => {
    const labels = report.rows.map((r) => r.value.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.sort()).toEqual(
      variedValues(nl2026)
        .map((v) => v.label)
        .sort(),
    );
    report.rows.forEach((r, i) => {
      expect(r.rank).toBe(i + 1);
      if (i > 0) expect(r.score).toBeLessThanOrEqual(report.rows[i - 1]?.score ?? Number.POSITIVE_INFINITY);
      for (const o of r.outputs) expect(o.mean).toBeLessThanOrEqual(o.max);
      expect(r.failures).toEqual([]);
    });
  });

  it('names only the outputs a value feeds; unreachable and zero values rank last with 0', () => {
    const row = (label: string) => report.rows.find((r) => r.value.label === label);
    expect(row('vfnIndexatie2024')?.outputs.map((o) => o.output)).toEqual([
      'Afloscapaciteit',
      'MaximaleAfloscapaciteit',
    ]);
    expect(row('hb.cbsGasverbruik')?.outputs.map((o) => o.output)).toEqual(['Basis', 'Voorbeeld']);
    // TypeAuto is required, so the unknown class cannot occur; an apartment's buildings insurance is 0.
    for (const label of ['hb.autoVasteLasten [klasse=unknown]', 'hb.opstalverzekering [woningtype=apartment]']) {
      expect(row(label)?.score).toBe(0);
      expect(row(label)?.rank).toBeGreaterThan(report.rows.filter((r) => r.score > 0).length);
    }
  });

  it('the maximum moves with what the minimum keeps and not with the income surcharge, which it leaves out (issue 16)', () => {
    const changes = (label: string) =>
      new Map(report.rows.find((r) => r.value.label === label)?.outputs.map((o) => [o.output, o.max]));
    // Modal income only sets the income-dependent surcharge of the living-cost norm.
    const modal = changes('modaalInkomenNettoPerMaand');
    expect(modal.get('Afloscapaciteit')).toBeGreaterThan(0);
    expect(modal.get('MaximaleAfloscapaciteit')).toBe(0);
    // The price index raises the base norm, which the minimum keeps.
    expect(changes('vfnIndexatie2024').get('MaximaleAfloscapaciteit')).toBeGreaterThan(0);
  });

  it('mean and maximum are what the sample gives by hand for a value moved down and up', () => {
    const files = (factor: string) =>
      loadedWith((f) => f['parameters-huishoudbudget.json'].parameters['hb.cbsGasverbruik'], factor);
    const down = files('0.9');
    const up = files('1.1');
    const sample = retirementSample();
    const changes = sample.flatMap(({ body }) => {
      const base = totals(body, nl2026);
      return [down, up].map((v) => Math.abs((totals(body, v)[0] ?? 0) - (base[0] ?? 0)));
    });
    const basis = report.rows
      .find((r) => r.value.label === 'hb.cbsGasverbruik')
      ?.outputs.find((o) => o.output === 'Basis');
    expect(basis?.mean).toBeCloseTo(changes.reduce((a, b) => a + b, 0) / (2 * sample.length), 10);
    expect(basis?.max).toBe(Math.max(...changes));
    expect(basis?.households).toBe(sample.length);
  });
});

describe('budgetnorm rules sensitivity', () => {
  it(
    'prints the committed page of a bundled set',
    async () => {
      const run = await runCli(['rules', 'sensitivity', 'nl-2026']);
      expect(run.code).toBe(EXIT.ok);
      expect(run.stdout).toBe(readFileSync(join(ROOT, 'docs/rules/sensitivity-nl-2026.md'), 'utf8'));
      expect(run.stdout).toContain('| 1 | `vfnIndexatie2023`');
    },
    SLOW,
  );

  it('--format json gives the report as data; a folder works as well as an id', async () => {
    // The small fixture set, so the test stays quick: two estimates, afloscapaciteit only.
    const folder = 'test/fixtures/rule-sets/mini';
    const run = await runCli(['rules', 'sensitivity', folder, '--format', 'json']);
    expect(run.code).toBe(EXIT.ok);
    const expected = sensitivityReport(loadRuleSetFolder(join(ROOT, folder)));
    expect(expected.rows.length).toBe(2);
    expect(expected.sampleSizes).toEqual({ afloscapaciteit: 144 });
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('refuses a missing argument, an unknown format and an unknown set', async () => {
    expect((await runCli(['rules', 'sensitivity'])).code).toBe(EXIT.usage);
    expect((await runCli(['rules', 'sensitivity', 'nl-2026', '--format', 'csv'])).code).toBe(EXIT.usage);
    const unknown = await runCli(['rules', 'sensitivity', 'nl-1999']);
    expect(unknown.code).not.toBe(EXIT.ok);
    expect(unknown.stderr).toContain('nl-1999');
    expect((await runCli(['rules', 'sensitivity', '--help'])).stdout).toContain('Usage: budgetnorm rules sensitivity');
  });
});
