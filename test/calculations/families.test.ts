/**
 * Issue 40, item 3: methods as families of rule sets. The lending norm is kept unchanged as its
 * own family (`vfn-2025`, `vfn-2026`); choosing by date happens within a family, `nl` by default;
 * two families cover the same days; a set without an operation's rules is a clear choice error;
 * every result names its method in `Rekenregels.Methode`.
 */
import { describe, expect, it } from 'vitest';
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
import { runs } from '../support/runs.js';

const HOUSEHOLDS = runs(2_000);
const YEARS = ['2025', '2026'] as const;

const retirementBody: RetirementExpenditureRequest = {
  Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
  Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
  NettoBesteedbaarInkomenPerMaand: 1900,
};

/** A result with the rule set's identity taken out: its id and hash, and the status warning that names the set. */
function withoutIdentity(result: RepaymentCapacityResult, ruleSet: RuleSet): unknown {
  const { Rekenregels, Meldingen, ...amounts } = result;
  const { Id, Hash, ...rest } = Rekenregels;
  expect([Id, Hash]).toEqual([ruleSet.id, ruleSet.hash]);
  return {
    ...amounts,
    Rekenregels: rest,
    Meldingen: Meldingen.map((m) => ({ Code: m.Code, Tekst: m.Tekst.replaceAll(ruleSet.id, '<set>') })),
  };
}

describe('the lending-norm family gives what nl gives today', () => {
  it.each(YEARS)(
    `vfn-%s: the same repayment results as nl of that year but for the set's identity, on ${HOUSEHOLDS} generated households, by id and by date within its family`,
    (year) => {
      const nl = bundledCatalog().byId(`nl-${year}`);
      const vfn = bundledCatalog().byId(`vfn-${year}`);
      const date = `${year}-07-01`;
      expect(bundledCatalog().forDate(date, 'vfn')).toBe(vfn);
      // The two sets differ only in their manifests (identity) and in the retirement files nl has.
      expect(vfn.calculations.afloscapaciteit).toEqual(nl.calculations.afloscapaciteit);
      const r = random(40_000 + Number(year));
      let computed = 0;
      for (let i = 0; i < HOUSEHOLDS; i += 1) {
        const body = repaymentBody(r);
        const provenance = i % 10 === 0;
        let expected: RepaymentCapacityResult;
        try {
          expected = repaymentCapacity(body, { ruleSet: nl, provenance });
        } catch (error) {
          // A body the calculation refuses is refused alike whatever the set.
          expect(() => repaymentCapacity(body, { ruleSet: vfn, provenance })).toThrow((error as Error).message);
          continue;
        }
        const byId = repaymentCapacity(body, { ruleSet: `vfn-${year}`, provenance });
        const byDate = repaymentCapacity(body, { family: 'vfn', date, provenance });
        expect(withoutIdentity(byId, vfn)).toEqual(withoutIdentity(expected, nl));
        expect(byDate).toEqual(byId);
        computed += 1;
      }
      expect(computed).toBeGreaterThan(HOUSEHOLDS * 0.8);
    },
  );
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
  it('nl: the repayment is still the lending norm, the retirement reference budgets; vfn: the lending norm', () => {
    const lendingNorm = { Id: 'vfn-leennorm', Naam: 'VFN-leennorm (consumptief krediet)' };
    const body = repaymentBody(random(4));
    for (const id of ['nl-2025', 'nl-2026', 'vfn-2025', 'vfn-2026']) {
      const result = repaymentCapacity(body, { ruleSet: id });
      expect(result.Rekenregels.Methode).toEqual(lendingNorm);
      expect(RepaymentCapacityResult.parse(JSON.parse(JSON.stringify(result))).Rekenregels.Methode).toEqual(
        lendingNorm,
      );
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
