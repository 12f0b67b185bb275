/**
 * Issue 40, item 3: methods as families of rule sets. The lending norm is kept unchanged as its
 * own family (`vfn-2025`, `vfn-2026`: the results the nl sets gave before they moved to reference
 * budgets, recorded in test/fixtures/vfn-equivalence/); choosing by date happens within a family, `nl` by default;
 * two families cover the same days; a set without an operation's rules is a clear choice error;
 * every result names its method in `Rekenregels.Methode`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORDED_PER_YEAR, seedOf, withoutIdentity } from '../fixtures/vfn-equivalence/record.js';
import { choiceError } from '../support/choice-error.js';
import { ValidationError } from '../../src/contract/errors.js';
import {
  bundledCatalog,
  loadRuleSet,
  RepaymentCapacityResult,
  repaymentCapacity,
  retirementExpenditure,
  type RetirementExpenditureRequest,
  RetirementExpenditureResult,
  RuleSetCatalog,
  type RuleSet,
} from '../../src/index.js';
import { random, repaymentBody } from '../support/generated-bodies.js';

const YEARS = ['2025', '2026'] as const;

const retirementBody: RetirementExpenditureRequest = {
  Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
  Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
  NettoBesteedbaarInkomenPerMaand: 1900,
};

/** One household of a recorded fixture: the body, and the old nl set's result or its refusal. */
interface Recorded {
  readonly body: unknown;
  readonly result?: Record<string, unknown>;
  readonly error?: string;
}

function recorded(year: string): { seed: number; households: readonly Recorded[] } {
  const text = readFileSync(new URL(`../fixtures/vfn-equivalence/${year}.json`, import.meta.url), 'utf8');
  return JSON.parse(text) as { seed: number; households: readonly Recorded[] };
}

describe('the lending-norm family gives what nl gave before the reference budgets', () => {
  it.each(YEARS)(
    "vfn-%s: the results nl of that year gave at 584e39d, but for the set's identity and method, on the recorded households, by id and by date within its family",
    (year) => {
      const vfn = bundledCatalog().byId(`vfn-${year}`);
      const date = `${year}-07-01`;
      expect(bundledCatalog().forDate(date, 'vfn')).toBe(vfn);
      const { seed, households } = recorded(year);
      expect(seed).toBe(seedOf(year));
      expect(households).toHaveLength(RECORDED_PER_YEAR);
      let computed = 0;
      for (const { body, result, error } of households) {
        if (error !== undefined) {
          // A body the old set refused is refused alike.
          expect(() => repaymentCapacity(body, { ruleSet: vfn })).toThrow(error);
          continue;
        }
        const byId = repaymentCapacity(body, { ruleSet: `vfn-${year}` });
        const byDate = repaymentCapacity(body, { family: 'vfn', date });
        expect([byId.Rekenregels.Id, byId.Rekenregels.Hash]).toEqual([vfn.id, vfn.hash]);
        expect(withoutIdentity(byId, vfn.id), JSON.stringify(body)).toEqual(result);
        expect(byDate).toEqual(byId);
        computed += 1;
      }
      expect(computed).toBeGreaterThan(RECORDED_PER_YEAR * 0.8);
    },
  );

  it.each(YEARS)('nl-%s no longer gives the lending norm: the fixture tells the two methods apart', (year) => {
    const { households } = recorded(year);
    const differ = households.filter(
      ({ body, result }) =>
        result !== undefined &&
        JSON.stringify(withoutIdentity(repaymentCapacity(body, { ruleSet: `nl-${year}` }), `nl-${year}`)) !==
          JSON.stringify(result),
    );
    expect(differ.length).toBeGreaterThan(households.length * 0.9);
  });
});

describe('choosing by date within a family', () => {
  it.each(YEARS)('without a family, %s chooses nl; both families cover the day and are both choosable', (year) => {
    const date = `${year}-03-01`;
    const body = repaymentBody(random(1));
    expect(bundledCatalog().forDate(date).id).toBe(`nl-${year}`);
    expect(repaymentCapacity(body, { date }).Rekenregels.Id).toBe(`nl-${year}`);
    expect(repaymentCapacity(body, { date, family: 'nl' }).Rekenregels.Id).toBe(`nl-${year}`);
    expect(repaymentCapacity(body, { date, family: 'vfn' }).Rekenregels.Id).toBe(`vfn-${year}`);
    expect(retirementExpenditure(retirementBody, { date }).Rekenregels.Id).toBe(`nl-${year}`);
  });

  it('an unknown family is a clear error listing the families there are', () => {
    const e = choiceError(() => repaymentCapacity(repaymentBody(random(2)), { family: 'nibud', date: '2026-03-01' }));
    expect(e.code).toBe('unknown_family');
    expect(e.message).toBe('no rule set of family "nibud"; families: nl, vfn');
  });

  it('a set named together with another family is refused, not silently used', () => {
    const e = choiceError(() => repaymentCapacity(repaymentBody(random(3)), { ruleSet: 'nl-2026', family: 'vfn' }));
    expect(e.code).toBe('family_mismatch');
    expect(e.message).toContain('nl-2026 is of family nl, not vfn');
    expect(repaymentCapacity(repaymentBody(random(3)), { ruleSet: 'vfn-2026', family: 'vfn' }).Rekenregels.Id).toBe(
      'vfn-2026',
    );
  });

  it('a date no set of the family covers names the family and its sets only', () => {
    const e = choiceError(() => bundledCatalog().forDate('2019-01-01', 'vfn'));
    expect(e.code).toBe('no_rule_set_for_date');
    expect(e.message).toBe(
      'no rule set is valid on 2019-01-01 in family vfn; available: vfn-2025 2025-01-01..2025-12-31, vfn-2026 2026-01-01..2026-12-31',
    );
  });
});

describe('a set without an operation', () => {
  it.each([
    ['by id', { ruleSet: 'vfn-2026' }],
    ['by family and date', { family: 'vfn', date: '2025-05-01' }],
  ] as const)('retirement asked of a lending-norm set (%s) names the sets that have it', (_, options) => {
    const e = choiceError(() => retirementExpenditure(retirementBody, options));
    expect(e.code).toBe('calculation_not_in_rule_set');
    expect(e.message).toMatch(
      /^rule set vfn-202[56] \(family vfn\) has no pensioenuitgaven rules; the rule sets that have: nl-2025, nl-2026$/,
    );
  });

  it('a bad body is still reported first', () => {
    expect(() => retirementExpenditure<unknown>({}, { ruleSet: 'vfn-2026' })).toThrow(ValidationError);
  });
});

describe('every result names its method', () => {
  it('nl: repayment and retirement on reference budgets (referentiebudget); vfn: the lending norm (vfn-leennorm)', () => {
    const body = repaymentBody(random(4));
    const methods: [string, string][] = [
      ['nl-2025', 'referentiebudget'],
      ['nl-2026', 'referentiebudget'],
      ['vfn-2025', 'vfn-leennorm'],
      ['vfn-2026', 'vfn-leennorm'],
    ];
    for (const [id, method] of methods) {
      const result = repaymentCapacity(body, { ruleSet: id });
      const named = { Id: method, Naam: bundledCatalog().byId(id).calculations.afloscapaciteit?.method?.name };
      expect(named.Naam, id).toEqual(expect.any(String));
      expect(result.Rekenregels.Methode, id).toEqual(named);
      expect(RepaymentCapacityResult.parse(JSON.parse(JSON.stringify(result))).Rekenregels.Methode, id).toEqual(named);
    }
    for (const id of ['nl-2025', 'nl-2026']) {
      const result = retirementExpenditure(retirementBody, { ruleSet: id });
      expect(result.Rekenregels.Methode?.Id).toBe('referentiebudget');
      expect(RetirementExpenditureResult.parse(JSON.parse(JSON.stringify(result))).Rekenregels.Methode?.Id).toBe(
        'referentiebudget',
      );
    }
  });

  it('an own set whose files name no family or method: family nl, and no Methode in its results', () => {
    const files = structuredClone(bundledCatalog().byId('nl-2026').files) as Record<string, Record<string, unknown>>;
    delete files['manifest.json']?.['family'];
    delete files['afloscapaciteit.json']?.['method'];
    const own = loadRuleSet(files);
    expect(own.family).toBe('nl');
    expect(repaymentCapacity(repaymentBody(random(5)), { ruleSet: own }).Rekenregels).not.toHaveProperty('Methode');
  });
});

describe('a catalog of own sets', () => {
  /** nl-2026 (or nl-2025) under another id and family. */
  function own(id: string, family: string | undefined, year: '2025' | '2026' = '2026'): RuleSet {
    const files = structuredClone(bundledCatalog().byId(`nl-${year}`).files) as Record<string, Record<string, unknown>>;
    const manifest = files['manifest.json'] as Record<string, unknown>;
    manifest['id'] = id;
    if (family === undefined) delete manifest['family'];
    else manifest['family'] = family;
    return loadRuleSet(files);
  }

  it('with one family, chooses in it by default; with several but not nl, asks for one', () => {
    const acme = new RuleSetCatalog([own('acme-2026', 'acme')]);
    expect(acme.forDate('2026-02-01').id).toBe('acme-2026');
    expect(acme.families()).toEqual(['acme']);
    const two = new RuleSetCatalog([own('acme-2026', 'acme'), bundledCatalog().byId('vfn-2026')]);
    const e = choiceError(() => two.forDate('2026-02-01'));
    expect(e.code).toBe('family_required');
    expect(e.message).toContain('acme, vfn');
    expect(two.forDate('2026-02-01', 'vfn').id).toBe('vfn-2026');
  });

  it('refuses overlapping validities within a family, not across families', () => {
    expect(() => new RuleSetCatalog([own('a-2026', 'acme'), own('b-2026', 'acme')])).toThrow(
      /both valid on 2026-01-01/,
    );
    expect(() => new RuleSetCatalog([own('a-2025', 'acme', '2025'), own('b-2026', 'acme')])).not.toThrow();
    const both = new RuleSetCatalog([own('a-2026', 'acme'), own('b-2026', undefined)]);
    expect(both.families()).toEqual(['nl', 'acme']);
    expect(both.forDate('2026-02-01').id).toBe('b-2026');
  });
});
