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
import {
  alternativeSet,
  sensitivityReport,
  variant,
  variedValues,
  type SensitivityReport,
} from '../../src/cli/sensitivity.js';
import { isStatutory, STRUCTURAL_ALTERNATIVES } from '../../src/cli/sensitivity-structure.js';
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
    const value = find('hb.overigPerPersoon');
    const loaded = loadedWith((f) => f['parameters-huishoudbudget.json'].parameters['hb.overigPerPersoon'], '1.1');
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
    const value = find('standaardNiveau');
    const v = variant(nl2026, value, '1.1');
    expect(v.hash).not.toBe(nl2026.hash);
    expect(String(nl2026.parameters['standaardNiveau']?.value)).toBe('0.5');
    expect(String(v.parameters['standaardNiveau']?.value)).toBe('0.55');
    // The files say the same, should an engine ever compile from them.
    const files = (set: RuleSet) => set.files as Json;
    expect(files(v)['parameters-afloscapaciteit.json'].parameters.standaardNiveau.value).toBe('0.55');
    expect(files(nl2026)['parameters-afloscapaciteit.json'].parameters.standaardNiveau.value).toBe('0.5');
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
    expect(row('kindJarenTiener')?.outputs.map((o) => o.output)).toEqual([
      'Afloscapaciteit',
      'MaximaleAfloscapaciteit',
    ]);
    expect(row('hb.stroomLeveringsprijs')?.outputs.map((o) => o.output)).toEqual([
      'Afloscapaciteit',
      'MaximaleAfloscapaciteit',
      'Basis',
      'Voorbeeld',
    ]);
    // Rows that change nothing come after every row that does.
    const firstZero = report.rows.findIndex((r) => r.score === 0);
    if (firstZero >= 0) expect(report.rows.slice(firstZero).every((r) => r.score === 0)).toBe(true);
  });

  it('a value of 0 marked an estimate is varied, and moving it by 10% changes nothing', () => {
    // The bundled sets read an apartment's own buildings insurance (0: the owners' association insures the
    // building); an institution's set may mark it an estimate, and 10% of 0 is still 0.
    const files = structuredClone(nl2026.files) as Json;
    const cell = files['tables-huishoudbudget.json'].tables['hb.opstalverzekering'].cells.find(
      (c: Json) => c.key.woningtype === 'apartment',
    );
    cell.provenance = 'estimate';
    cell.reasoning = 'a test: the zero as an estimate';
    delete cell.locator;
    const set = loadRuleSet(files);
    const value = variedValues(set).find((v) => v.label === 'hb.opstalverzekering [woningtype=apartment]');
    expect(value).toBeDefined();
    const owners = retirementSample()
      .map(({ body }) => body as Json)
      .filter((b) => b['Woning']?.TypeWoning === 'Appartement' && b['Woning']?.SoortWoning === 'Koopwoning');
    expect(owners.length).toBeGreaterThan(0);
    for (const factor of ['0.9', '1.1']) {
      const moved = variant(set, value as NonNullable<typeof value>, factor);
      for (const b of owners) expect(totals(b, moved)).toEqual(totals(b, set));
    }
  });

  it('the maximum moves with what the minimum keeps and not with the standard level, which it leaves out', () => {
    const changes = (label: string) =>
      new Map(report.rows.find((r) => r.value.label === label)?.outputs.map((o) => [o.output, o.max]));
    // The standard level only sets how far above the minimum the standard lies.
    const standard = changes('standaardNiveau');
    expect(standard.get('Afloscapaciteit')).toBeGreaterThan(0);
    expect(standard.get('MaximaleAfloscapaciteit')).toBe(0);
    // Personal care is in the minimum.
    expect(changes('hb.overigPerPersoon').get('MaximaleAfloscapaciteit')).toBeGreaterThan(0);
  });

  it('mean and maximum are what the sample gives by hand for a value moved down and up', () => {
    const files = (factor: string) =>
      loadedWith((f) => f['parameters-huishoudbudget.json'].parameters['hb.overigPerPersoon'], factor);
    const down = files('0.9');
    const up = files('1.1');
    const sample = retirementSample();
    const changes = sample.flatMap(({ body }) => {
      const base = totals(body, nl2026);
      return [down, up].map((v) => Math.abs((totals(body, v)[0] ?? 0) - (base[0] ?? 0)));
    });
    const basis = report.rows
      .find((r) => r.value.label === 'hb.overigPerPersoon')
      ?.outputs.find((o) => o.output === 'Basis');
    expect(basis?.mean).toBeCloseTo(changes.reduce((a, b) => a + b, 0) / (2 * sample.length), 10);
    expect(basis?.max).toBe(Math.max(...changes));
    expect(basis?.households).toBe(sample.length);
  });
});

describe('statutory values, known ranges and structural alternatives (issue 40)', () => {
  const sample = repaymentSample();
  const signed = (body: unknown, set: RuleSet) => {
    const r = repaymentCapacity(body, { ruleSet: set });
    return [r.Afloscapaciteit - r.Tekort, r.MaximaleAfloscapaciteit - r.MinimaalTekort];
  };
  const alternative = (label: string) => {
    const a = report.alternatives.find((x) => x.label === label);
    if (a === undefined) throw new Error(`no alternative ${label}`);
    return new Map(a.outputs.map((o) => [o.output, o]));
  };
  /** The signed mean change of both repayment outputs over the sample, by hand, for a fully computed set. */
  const byHand = (set: RuleSet) =>
    [0, 1].map(
      (o) =>
        sample.reduce((sum, { body }) => sum + ((signed(body, set)[o] ?? 0) - (signed(body, nl2026)[o] ?? 0)), 0) /
        sample.length,
    );

  it('statutory values are not varied, even those a set marks to-verify or estimate', () => {
    const labels = report.rows.map((r) => r.value.label);
    for (const name of [
      'minimumInkomenPaar',
      'minimumInkomenAlleenstaand',
      'hb.minimumInkomenPaar',
      'hb.volwassenLeeftijd',
    ])
      expect(labels).not.toContain(name);
    expect(labels.filter(isStatutory)).toEqual([]);
    // vfn-2026 still marks a statutory value an estimate (its norm rent): it is not varied either.
    const vfn2026 = bundledCatalog().byId('vfn-2026');
    expect(vfn2026.parameters['normHuurPerMaand']?.provenance).toBe('estimate');
    const vfnLabels = sensitivityReport(vfn2026).rows.map((r) => r.value.label);
    expect(vfnLabels).not.toContain('normHuurPerMaand');
    expect(vfnLabels.filter(isStatutory)).toEqual([]);
  });

  it('a value with a known range is set to both ends of it, not moved by 10%', () => {
    const row = report.rows.find((r) => r.value.label === 'standaardNiveau');
    expect(row?.value.range).toMatchObject({ low: '0.25', high: '0.75' });
    const loaded = (to: string) => {
      const files = structuredClone(nl2026.files) as Json;
      files['parameters-afloscapaciteit.json'].parameters.standaardNiveau.value = to;
      return loadRuleSet(files);
    };
    const [low, high] = [loaded('0.25'), loaded('0.75')];
    const changes = sample.flatMap(({ body }) =>
      [low, high].map((v) => Math.abs((signed(body, v)[0] ?? 0) - (signed(body, nl2026)[0] ?? 0))),
    );
    const standard = row?.outputs.find((o) => o.output === 'Afloscapaciteit');
    expect(standard?.mean).toBeCloseTo(changes.reduce((a, b) => a + b, 0) / (2 * sample.length), 10);
    expect(standard?.max).toBe(Math.max(...changes));
    // 10% either side would have moved it to 0.45 and 0.55: far less than the range.
    const tenPercent = [loaded('0.45'), loaded('0.55')];
    const small = sample.flatMap(({ body }) =>
      tenPercent.map((v) => Math.abs((signed(body, v)[0] ?? 0) - (signed(body, nl2026)[0] ?? 0))),
    );
    expect(Math.max(...small)).toBeLessThan(standard?.max ?? 0);
  });

  it("every known range a bundled set uses lies around the set's own value, its low end below its high", () => {
    let used = 0;
    for (const set of bundledCatalog().list()) {
      for (const v of variedValues(bundledCatalog().byId(set.id))) {
        if (v.range === undefined) continue;
        used += 1;
        const low = new Decimal(v.range.low);
        const high = new Decimal(v.range.high);
        const value = new Decimal(v.value);
        expect(low.lessThan(high), `${set.id} ${v.label}`).toBe(true);
        expect(value.greaterThanOrEqualTo(low) && value.lessThanOrEqualTo(high), `${set.id} ${v.label}`).toBe(true);
      }
    }
    // standaardNiveau, the car's consumption and its wear, in both nl sets.
    expect(used).toBeGreaterThanOrEqual(6);
  });

  it('the standard level at 0.25 and 0.75 moves the capacity both ways and never the maximum', () => {
    const low = alternative('standard level 0.25');
    const high = alternative('standard level 0.75');
    expect(low.get('Afloscapaciteit')?.signedMean).toBeGreaterThan(0);
    expect(high.get('Afloscapaciteit')?.signedMean).toBeLessThan(0);
    for (const a of [low, high]) expect(a.get('MaximaleAfloscapaciteit')?.max).toBe(0);
    const files = structuredClone(nl2026.files) as Json;
    files['parameters-afloscapaciteit.json'].parameters.standaardNiveau.value = '0.75';
    expect(high.get('Afloscapaciteit')?.signedMean).toBeCloseTo(byHand(loadRuleSet(files))[0] ?? Number.NaN, 10);
  });

  it('children all toddlers or all teenagers move only households with children, in opposite directions', () => {
    const withChildren = sample.filter(({ body }) => (body['AantalThuiswonendeKinderen'] as number) > 0).length;
    const toddlers = alternative('children all toddlers');
    const teenagers = alternative('children all teenagers');
    expect(toddlers.get('MaximaleAfloscapaciteit')?.signedMean).toBeGreaterThan(0);
    expect(teenagers.get('MaximaleAfloscapaciteit')?.signedMean).toBeLessThan(0);
    for (const a of [toddlers, teenagers]) expect(a.get('MaximaleAfloscapaciteit')?.households).toBe(withChildren);
    const files = structuredClone(nl2026.files) as Json;
    const parameters = files['parameters-afloscapaciteit.json'].parameters;
    [parameters.kindJarenPeuter.value, parameters.kindJarenKind.value, parameters.kindJarenTiener.value] = [
      '0',
      '0',
      '18',
    ];
    expect(teenagers.get('MaximaleAfloscapaciteit')?.signedMean).toBeCloseTo(
      byHand(loadRuleSet(files))[1] ?? Number.NaN,
      10,
    );
  });

  it('the typical car another class, status or distance moves only households with a car; the set computes what loaded files do', () => {
    const withCars = sample.filter(({ body }) => (body['AantalAutos'] as number) > 0).length;
    const compact = alternativeSet(
      nl2026,
      STRUCTURAL_ALTERNATIVES.find((a) => a.label === 'car compact class')?.settings ?? [],
    );
    const files = structuredClone(nl2026.files) as Json;
    for (const table of ['hb.autoVasteLasten', 'hb.autoVerbruik']) {
      const cells = files['tables-huishoudbudget.json'].tables[table].cells as Json[];
      const value = cells.find((c) => c['key']['klasse'] === 'compact')?.['value'];
      // The unknown class now copies the compact cell (the loader holds a copy to its original).
      for (const c of cells)
        if (c['key']['klasse'] === 'unknown') Object.assign(c, { value, copyOf: { klasse: 'compact' } });
    }
    const loaded = loadRuleSet(files);
    for (const { body } of sample.slice(0, 60)) expect(signed(body, compact)).toEqual(signed(body, loaded));
    for (const label of ['car compact class', 'car 10,000-20,000 km']) {
      expect(alternative(label).get('MaximaleAfloscapaciteit')?.households).toBe(withCars);
      expect(alternative(label).get('MaximaleAfloscapaciteit')?.signedMean).toBeLessThan(0);
    }
    // The standard level's car second-hand: cheaper at the standard, the minimum's car unchanged.
    expect(alternative('car second-hand at the standard').get('Afloscapaciteit')?.signedMean).toBeGreaterThan(0);
    expect(alternative('car second-hand at the standard').get('MaximaleAfloscapaciteit')?.max).toBe(0);
  });

  it('the method: the vfn set of the same dates against nl, as computed with it directly', () => {
    const vfn = alternative('method: VFN lending norm');
    const [capacityChange, maximumChange] = byHand(bundledCatalog().forDate(nl2026.validFrom, 'vfn'));
    expect(vfn.get('Afloscapaciteit')?.signedMean).toBeCloseTo(capacityChange ?? Number.NaN, 10);
    expect(vfn.get('MaximaleAfloscapaciteit')?.signedMean).toBeCloseTo(maximumChange ?? Number.NaN, 10);
    expect(vfn.has('Basis')).toBe(false);
    // Every alternative of the nl method is there, largest mean change first.
    const labels = report.alternatives.map((a) => a.label);
    expect([...labels].sort()).toEqual(
      [...STRUCTURAL_ALTERNATIVES.map((a) => a.label), 'method: VFN lending norm'].sort(),
    );
    const scores = report.alternatives.map((a) => Math.max(0, ...a.outputs.map((o) => o.mean)));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('budgetnorm rules sensitivity', () => {
  it(
    'prints the committed page of a bundled set',
    async () => {
      const run = await runCli(['rules', 'sensitivity', 'nl-2026']);
      expect(run.code).toBe(EXIT.ok);
      expect(run.stdout).toBe(readFileSync(join(ROOT, 'docs/rules/sensitivity-nl-2026.md'), 'utf8'));
      expect(run.stdout).toMatch(/^\| 1 \| `/m);
      expect(run.stdout).toContain('## Structural alternatives');
      expect(run.stdout).toContain('| method: VFN lending norm |');
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
