import { describe, expect, it } from 'vitest';
import { money, Money } from '../../src/contract/money.js';
import type { Household } from '../../src/household/household.js';
import { parseRepaymentRequest } from '../../src/household/parse-repayment.js';
import { fullRepaymentBody, issuesOf, loadRequestFixture, onlyIssueOf, without, withValue } from './support.js';

const parse = parseRepaymentRequest;
const euros = (n: number) => money(n);

describe('parseRepaymentRequest: the example bodies', () => {
  it('single person renting', () => {
    const expected: Household = {
      persons: [{ age: 67 }],
      children: [],
      cars: [],
      dwelling: { tenure: 'rent', rent: euros(690), serviceCosts: euros(45) },
      netMonthlyIncome: euros(1650),
      specialExpenditures: {},
    };
    expect(parse(loadRequestFixture('afloscapaciteit-alleenstaand-huur'))).toStrictEqual({
      household: expected,
      ignoredFields: [],
    });
  });

  it('family owning, with nulls for the rent fields', () => {
    const expected: Household = {
      persons: [{ age: 38 }, {}],
      children: [{}, {}],
      cars: [{}],
      dwelling: { tenure: 'own', grossMortgageCosts: euros(1350), ownersAssociationContribution: euros(0) },
      netMonthlyIncome: euros(4200),
      specialExpenditures: { healthcare: euros(35), childcare: euros(310) },
    };
    expect(parse(loadRequestFixture('afloscapaciteit-gezin-koop'))).toStrictEqual({
      household: expected,
      ignoredFields: [],
    });
  });
});

describe('parseRepaymentRequest: mapping', () => {
  it('maps every field of a full body', () => {
    const { household } = parse(fullRepaymentBody());
    expect(household).toStrictEqual({
      persons: [{ age: 45 }, {}],
      children: [{}, {}],
      cars: [{}],
      dwelling: {
        tenure: 'own',
        rent: euros(0),
        serviceCosts: euros(0),
        grossMortgageCosts: euros(1200),
        ownersAssociationContribution: euros(75),
      },
      netMonthlyIncome: euros(3500),
      specialExpenditures: {
        healthcare: euros(10),
        partnerAlimony: euros(20),
        childAlimony: euros(30),
        childcare: euros(40),
        otherRepayments: euros(50),
      },
    } satisfies Household);
  });

  it('gives one person without a partner and none of the counted entries for zero counts', () => {
    const body = { ...fullRepaymentBody(), HeeftPartner: false, AantalThuiswonendeKinderen: 0, AantalAutos: 0 };
    const { household } = parse(body);
    expect(household.persons).toStrictEqual([{ age: 45 }]);
    expect(household.children).toStrictEqual([]);
    expect(household.cars).toStrictEqual([]);
  });

  it('freezes the result deeply, money included', () => {
    const parsed = parse(fullRepaymentBody());
    for (const value of [
      parsed,
      parsed.ignoredFields,
      parsed.household,
      parsed.household.persons,
      parsed.household.persons[0],
      parsed.household.children,
      parsed.household.children[0],
      parsed.household.cars,
      parsed.household.dwelling,
      parsed.household.dwelling.rent,
      parsed.household.specialExpenditures,
      parsed.household.netMonthlyIncome,
    ]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
  });

  it('does not share or keep the body: changing the body afterwards changes nothing', () => {
    const body = fullRepaymentBody();
    const { household } = parse(body);
    (body['Woning'] as Record<string, unknown>)['BijdrageVve'] = 999;
    expect(household.dwelling.ownersAssociationContribution).toStrictEqual(euros(75));
  });

  it('gives amounts in the pinned decimal configuration, not decimal.js defaults', () => {
    const { household } = parse(fullRepaymentBody());
    expect(household.netMonthlyIncome).toBeInstanceOf(Money);
    expect(household.dwelling.rent).toBeInstanceOf(Money);
    expect(household.specialExpenditures.healthcare).toBeInstanceOf(Money);
  });

  it('normalises -0 to 0', () => {
    const { household } = parse({
      ...fullRepaymentBody(),
      LeeftijdHoofdpersoon: -0,
      NettoBesteedbaarInkomenPerMaand: -0,
    });
    expect(Object.is(household.persons[0]?.age, 0)).toBe(true);
    expect(household.netMonthlyIncome.isNegative()).toBe(false);
  });
});

describe('parseRepaymentRequest: null and absent optional fields', () => {
  const OPTIONAL = [
    ['BijzondereUitgaven.KostenZorg', (h: Household) => h.specialExpenditures, 'healthcare'],
    ['BijzondereUitgaven.KostenPartnerAlimentatie', (h: Household) => h.specialExpenditures, 'partnerAlimony'],
    ['BijzondereUitgaven.KostenKinderAlimentatie', (h: Household) => h.specialExpenditures, 'childAlimony'],
    ['BijzondereUitgaven.KostenKinderOpvang', (h: Household) => h.specialExpenditures, 'childcare'],
    ['BijzondereUitgaven.KostenOverigeAflossingen', (h: Household) => h.specialExpenditures, 'otherRepayments'],
    ['Woning.BrutoHypotheeklasten', (h: Household) => h.dwelling, 'grossMortgageCosts'],
    ['Woning.HuurPerMaand', (h: Household) => h.dwelling, 'rent'],
    ['Woning.HuurServiceKosten', (h: Household) => h.dwelling, 'serviceCosts'],
    ['Woning.BijdrageVve', (h: Household) => h.dwelling, 'ownersAssociationContribution'],
  ] as const;

  it.each(OPTIONAL)('%s: null is the same as absent, and leaves the household key out', (path, holder, key) => {
    const withNull = parse(withValue(fullRepaymentBody(), path, null));
    const absent = parse(without(fullRepaymentBody(), path));
    expect(withNull).toStrictEqual(absent);
    expect(Object.hasOwn(holder(absent.household), key)).toBe(false);
    expect(Object.hasOwn(holder(parse(fullRepaymentBody()).household), key)).toBe(true);
  });

  it('accepts an empty BijzondereUitgaven and a Woning with only WoningSoort', () => {
    const { household } = parse({ ...fullRepaymentBody(), BijzondereUitgaven: {}, Woning: { WoningSoort: 0 } });
    expect(household.specialExpenditures).toStrictEqual({});
    expect(household.dwelling).toStrictEqual({ tenure: 'rent' });
  });
});

describe('parseRepaymentRequest: required fields', () => {
  const REQUIRED = [
    'LeeftijdHoofdpersoon',
    'HeeftPartner',
    'AantalThuiswonendeKinderen',
    'AantalAutos',
    'NettoBesteedbaarInkomenPerMaand',
    'BijzondereUitgaven',
    'Woning',
    'Woning.WoningSoort',
  ];

  it.each(REQUIRED)('%s missing is reported by name', (path) => {
    const issue = onlyIssueOf(() => parse(without(fullRepaymentBody(), path)));
    expect(issue).toMatchObject({ path, code: 'required' });
    expect(issue.message).toMatch(/^required: expected /);
  });

  it.each(REQUIRED)('%s null is reported as missing', (path) => {
    expect(onlyIssueOf(() => parse(withValue(fullRepaymentBody(), path, null)))).toMatchObject({
      path,
      code: 'required',
    });
  });

  it('an empty object reports all seven top-level fields at once', () => {
    expect(issuesOf(() => parse({})).map((i) => [i.path, i.code])).toEqual(
      REQUIRED.filter((p) => !p.includes('.')).map((p) => [p, 'required']),
    );
  });
});

describe('parseRepaymentRequest: bounds', () => {
  const INTEGER_FIELDS = [
    ['LeeftijdHoofdpersoon', 0, 125],
    ['AantalThuiswonendeKinderen', 0, 20],
    ['AantalAutos', 0, 10],
    ['NettoBesteedbaarInkomenPerMaand', 0, 1_000_000],
    ['BijzondereUitgaven.KostenZorg', 0, 1_000_000],
    ['BijzondereUitgaven.KostenPartnerAlimentatie', 0, 1_000_000],
    ['BijzondereUitgaven.KostenKinderAlimentatie', 0, 1_000_000],
    ['BijzondereUitgaven.KostenKinderOpvang', 0, 1_000_000],
    ['BijzondereUitgaven.KostenOverigeAflossingen', 0, 1_000_000],
    ['Woning.BrutoHypotheeklasten', 0, 1_000_000],
    ['Woning.HuurPerMaand', 0, 1_000_000],
    ['Woning.HuurServiceKosten', 0, 1_000_000],
    ['Woning.BijdrageVve', 0, 1_000_000],
  ] as const;

  describe.each(INTEGER_FIELDS)('%s from %i to %i', (path, min, max) => {
    it.each([min, min + 1, max - 1, max])('accepts %i', (value) => {
      expect(() => parse(withValue(fullRepaymentBody(), path, value))).not.toThrow();
    });

    it('rejects one below the minimum, naming the bound', () => {
      const issue = onlyIssueOf(() => parse(withValue(fullRepaymentBody(), path, min - 1)));
      expect(issue).toMatchObject({ path, code: 'too_small' });
      expect(issue.message).toContain(`below the minimum ${min}`);
    });

    it('rejects one above the maximum, naming the bound', () => {
      const issue = onlyIssueOf(() => parse(withValue(fullRepaymentBody(), path, max + 1)));
      expect(issue).toMatchObject({ path, code: 'too_big' });
      expect(issue.message).toContain(`above the maximum ${max}`);
    });

    it('rejects a huge number with our bound, not an internal one', () => {
      const issue = onlyIssueOf(() => parse(withValue(fullRepaymentBody(), path, 1e300)));
      expect(issue).toMatchObject({ path, code: 'too_big' });
      expect(issue.message).toContain(`above the maximum ${max}`);
      expect(issue.message).not.toContain('9007199254740991');
    });
  });

  it('the household reflects values at the bounds', () => {
    const body = {
      ...fullRepaymentBody(),
      LeeftijdHoofdpersoon: 125,
      AantalThuiswonendeKinderen: 20,
      AantalAutos: 10,
      NettoBesteedbaarInkomenPerMaand: 1_000_000,
    };
    const { household } = parse(body);
    expect(household.persons[0]?.age).toBe(125);
    expect(household.children).toHaveLength(20);
    expect(household.cars).toHaveLength(10);
    expect(household.netMonthlyIncome).toStrictEqual(euros(1_000_000));
  });
});

describe('parseRepaymentRequest: wrong types', () => {
  it.each([
    ['LeeftijdHoofdpersoon', '45', 'invalid_type'],
    ['LeeftijdHoofdpersoon', 45.5, 'not_integer'],
    ['LeeftijdHoofdpersoon', true, 'invalid_type'],
    ['NettoBesteedbaarInkomenPerMaand', '3500', 'invalid_type'],
    ['NettoBesteedbaarInkomenPerMaand', 3500.01, 'not_integer'],
    ['AantalAutos', [1], 'invalid_type'],
    ['HeeftPartner', 'true', 'invalid_type'],
    ['HeeftPartner', 1, 'invalid_type'],
    ['HeeftPartner', {}, 'invalid_type'],
    ['BijzondereUitgaven', [], 'invalid_type'],
    ['BijzondereUitgaven', 'none', 'invalid_type'],
    ['Woning', [{ WoningSoort: 0 }], 'invalid_type'],
    ['Woning', 1, 'invalid_type'],
    ['Woning.HuurPerMaand', '690', 'invalid_type'],
    ['Woning.HuurPerMaand', 690.5, 'not_integer'],
    ['BijzondereUitgaven.KostenZorg', {}, 'invalid_type'],
  ] as const)('%s = %j is %s', (path, value, code) => {
    const issue = onlyIssueOf(() => parse(withValue(fullRepaymentBody(), path, value)));
    expect(issue).toMatchObject({ path, code });
    expect(issue.message).toMatch(/^expected /);
  });

  it('says what it got without echoing text', () => {
    const issue = onlyIssueOf(() =>
      parse(withValue(fullRepaymentBody(), 'NettoBesteedbaarInkomenPerMaand', 'secret 3500')),
    );
    expect(issue.message).toBe('expected a whole number of euros per month from 0 to 1000000, got a string');
  });
});
