import { describe, expect, it } from 'vitest';
import { money } from '../../src/contract/money.js';
import type { Household } from '../../src/household/household.js';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { fullRetirementBody, issuesOf, loadRequestFixture, onlyIssueOf, without, withValue } from './support.js';

const parse = parseRetirementRequest;
const euros = (n: number) => money(n);
const car = { KilometersPerJaar: 0, TypeAuto: 0, StatusAuto: 0 };
const child = { Leeftijd: 5 };

describe('parseRetirementRequest: the example bodies', () => {
  it('single person, owner, codes and a WOZ value', () => {
    const expected: Household = {
      persons: [{ gender: 'female' }],
      children: [],
      cars: [],
      dwelling: { tenure: 'own', type: 'corner', wozValue: euros(365000), wozCategory: 'from300kTo450k' },
      netMonthlyIncome: euros(2300),
      specialExpenditures: {},
    };
    expect(parse(loadRequestFixture('pensioenuitgaven-alleenstaand-koop-codes'))).toStrictEqual({
      household: expected,
      ignoredFields: [],
    });
  });

  it('couple renting, names, one car', () => {
    const expected: Household = {
      persons: [{ gender: 'male' }, { gender: 'female' }],
      children: [],
      cars: [{ class: 'small', status: 'new', mileage: 'under10k' }],
      dwelling: { tenure: 'rent', type: 'apartment' },
      netMonthlyIncome: euros(2850),
      specialExpenditures: {},
    };
    expect(parse(loadRequestFixture('pensioenuitgaven-paar-huur'))).toStrictEqual({
      household: expected,
      ignoredFields: [],
    });
  });
});

describe('parseRetirementRequest: mapping', () => {
  it('maps every field of a full body', () => {
    expect(parse(fullRetirementBody()).household).toStrictEqual({
      persons: [{ gender: 'male' }, { gender: 'female' }],
      children: [{ age: 12, gender: 'female' }],
      cars: [{ class: 'compact', status: 'used', mileage: 'from10kTo20k' }],
      dwelling: { tenure: 'own', type: 'terraced', wozValue: euros(280000), wozCategory: 'from150kTo300k' },
      netMonthlyIncome: euros(2600),
      specialExpenditures: {},
    } satisfies Household);
  });

  it('keeps a given WozWaardeCategorie and gives no WOZ value', () => {
    const body = withValue(
      without(fullRetirementBody(), 'Woning.WozWaarde'),
      'Woning.WozWaardeCategorie',
      'WozGroterDan450K',
    );
    const { dwelling } = parse(body).household;
    expect(dwelling.wozCategory).toBe('from450k');
    expect(Object.hasOwn(dwelling, 'wozValue')).toBe(false);
  });

  it('leaves both WOZ fields out when neither is given', () => {
    const { dwelling } = parse(without(fullRetirementBody(), 'Woning.WozWaarde')).household;
    expect(dwelling).toStrictEqual({ tenure: 'own', type: 'terraced' });
  });

  it('leaves gender out when it is not given', () => {
    const body = { ...fullRetirementBody(), Hoofdpersonen: [{}], Kinderen: [{ Leeftijd: 3 }] };
    const { household } = parse(body);
    expect(household.persons).toStrictEqual([{}]);
    expect(household.children).toStrictEqual([{ age: 3 }]);
  });

  it('reads the mileage from the alias AutoKilometersPerJaar', () => {
    const body = {
      ...fullRetirementBody(),
      Autos: [{ AutoKilometersPerJaar: 'Meerdan20K', TypeAuto: 3, StatusAuto: 0 }],
    };
    expect(parse(body).household.cars).toStrictEqual([{ class: 'midsize', status: 'new', mileage: 'over20k' }]);
  });

  it('accepts the alias when the canonical key is null, and the other way round', () => {
    const aliasOnly = { AutoKilometersPerJaar: 2, KilometersPerJaar: null, TypeAuto: 0, StatusAuto: 0 };
    const canonicalOnly = { AutoKilometersPerJaar: null, KilometersPerJaar: 2, TypeAuto: 0, StatusAuto: 0 };
    for (const auto of [aliasOnly, canonicalOnly]) {
      expect(parse({ ...fullRetirementBody(), Autos: [auto] }).household.cars[0]?.mileage).toBe('over20k');
    }
  });

  it('keeps the order of persons, children and cars', () => {
    const body = {
      ...fullRetirementBody(),
      Kinderen: [{ Leeftijd: 1 }, { Leeftijd: 2 }, { Leeftijd: 3 }],
      Autos: [car, { ...car, TypeAuto: 1 }, { ...car, TypeAuto: 2 }],
    };
    const { household } = parse(body);
    expect(household.children.map((c) => c.age)).toEqual([1, 2, 3]);
    expect(household.cars.map((c) => c.class)).toEqual(['small', 'compact', 'compactMidsize']);
  });

  it('freezes the result deeply', () => {
    const { household } = parse(fullRetirementBody());
    for (const value of [
      household,
      household.persons,
      household.persons[0],
      household.children[0],
      household.cars[0],
      household.dwelling,
      household.dwelling.wozValue,
    ]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
  });
});

describe('parseRetirementRequest: null and absent optional fields', () => {
  it.each(['Kinderen', 'Autos', 'Woning.WozWaarde', 'Hoofdpersonen[0].Geslacht', 'Kinderen[0].Geslacht'])(
    '%s: null is the same as absent',
    (path) => {
      expect(parse(withValue(fullRetirementBody(), path, null))).toStrictEqual(
        parse(without(fullRetirementBody(), path)),
      );
    },
  );

  it('WozWaardeCategorie: null is the same as absent, and does not clash with WozWaarde', () => {
    const withNull = withValue(fullRetirementBody(), 'Woning.WozWaardeCategorie', null);
    expect(parse(withNull)).toStrictEqual(parse(fullRetirementBody()));
  });

  it('absent Kinderen and Autos give empty lists', () => {
    const { household } = parse(without(without(fullRetirementBody(), 'Kinderen'), 'Autos'));
    expect(household.children).toStrictEqual([]);
    expect(household.cars).toStrictEqual([]);
  });
});

describe('parseRetirementRequest: required fields', () => {
  it.each([
    'Hoofdpersonen',
    'Woning',
    'NettoBesteedbaarInkomenPerMaand',
    'Woning.TypeWoning',
    'Woning.SoortWoning',
    'Kinderen[0].Leeftijd',
    'Autos[0].TypeAuto',
    'Autos[0].StatusAuto',
    'Autos[0].KilometersPerJaar',
  ])('%s missing is reported by name', (path) => {
    const issue = onlyIssueOf(() => parse(without(fullRetirementBody(), path)));
    expect(issue).toMatchObject({ path, code: 'required' });
    expect(issue.message).toMatch(/^required/);
  });

  it('a car without either mileage key names the canonical key and the alias', () => {
    const issue = onlyIssueOf(() => parse(without(fullRetirementBody(), 'Autos[0].KilometersPerJaar')));
    expect(issue.message).toContain('AutoKilometersPerJaar');
    expect(issue.message).toContain('Minderdan10K (0)');
  });

  it.each([
    'Hoofdpersonen',
    'Woning',
    'NettoBesteedbaarInkomenPerMaand',
    'Woning.TypeWoning',
    'Kinderen[0].Leeftijd',
    'Autos[0].TypeAuto',
  ])('%s null is reported as missing', (path) => {
    expect(onlyIssueOf(() => parse(withValue(fullRetirementBody(), path, null)))).toMatchObject({
      path,
      code: 'required',
    });
  });
});

describe('parseRetirementRequest: bounds', () => {
  const INTEGER_FIELDS = [
    ['NettoBesteedbaarInkomenPerMaand', 0, 1_000_000],
    ['Kinderen[0].Leeftijd', 0, 125],
    ['Woning.WozWaarde', 0, 100_000_000],
  ] as const;

  describe.each(INTEGER_FIELDS)('%s from %i to %i', (path, min, max) => {
    it.each([min, min + 1, max - 1, max])('accepts %i', (value) => {
      expect(() => parse(withValue(fullRetirementBody(), path, value))).not.toThrow();
    });
    it.each([
      [min - 1, 'too_small'],
      [max + 1, 'too_big'],
    ])('rejects %i as %s', (value, code) => {
      const issue = onlyIssueOf(() => parse(withValue(fullRetirementBody(), path, value)));
      expect(issue).toMatchObject({ path, code });
      expect(issue.message).toContain(code === 'too_small' ? `minimum ${min}` : `maximum ${max}`);
    });
  });

  it('accepts 1 and 2 main persons, rejects 0 and 3', () => {
    expect(parse({ ...fullRetirementBody(), Hoofdpersonen: [{}] }).household.persons).toHaveLength(1);
    expect(parse({ ...fullRetirementBody(), Hoofdpersonen: [{}, {}] }).household.persons).toHaveLength(2);
    expect(onlyIssueOf(() => parse({ ...fullRetirementBody(), Hoofdpersonen: [] }))).toMatchObject({
      path: 'Hoofdpersonen',
      code: 'too_few_items',
    });
    const tooMany = onlyIssueOf(() => parse({ ...fullRetirementBody(), Hoofdpersonen: [{}, {}, {}] }));
    expect(tooMany).toMatchObject({ path: 'Hoofdpersonen', code: 'too_many_items' });
    expect(tooMany.message).toBe('expected an array of 1 to 2 main persons, got 3');
  });

  it.each([
    ['Kinderen', child, 20],
    ['Autos', car, 10],
  ] as const)('%s: accepts 0, 1 and %i entries, rejects one more', (path, entry, max) => {
    for (const count of [0, 1, max - 1, max]) {
      const { household } = parse({ ...fullRetirementBody(), [path]: Array.from({ length: count }, () => entry) });
      expect(path === 'Kinderen' ? household.children : household.cars).toHaveLength(count);
    }
    const issue = onlyIssueOf(() =>
      parse({ ...fullRetirementBody(), [path]: Array.from({ length: max + 1 }, () => entry) }),
    );
    expect(issue).toMatchObject({ path, code: 'too_many_items' });
    expect(issue.message).toContain(`at most ${max}`);
  });
});

describe('parseRetirementRequest: wrong types and cross-field rules', () => {
  it.each([
    ['Hoofdpersonen', { Geslacht: 0 }, 'invalid_type'],
    ['Hoofdpersonen', 'Man', 'invalid_type'],
    ['Hoofdpersonen[0]', 'Man', 'invalid_type'],
    ['Hoofdpersonen[0]', null, 'invalid_type'],
    ['Kinderen', { Leeftijd: 3 }, 'invalid_type'],
    ['Kinderen[0].Leeftijd', '12', 'invalid_type'],
    ['Kinderen[0].Leeftijd', 12.5, 'not_integer'],
    ['Autos', {}, 'invalid_type'],
    ['Autos[0]', [], 'invalid_type'],
    ['Woning', [], 'invalid_type'],
    ['Woning.WozWaarde', '280000', 'invalid_type'],
    ['Woning.WozWaarde', 280000.5, 'not_integer'],
    ['NettoBesteedbaarInkomenPerMaand', false, 'invalid_type'],
  ] as const)('%s = %j is %s', (path, value, code) => {
    expect(onlyIssueOf(() => parse(withValue(fullRetirementBody(), path, value)))).toMatchObject({ path, code });
  });

  it('WozWaarde together with WozWaardeCategorie is mutually_exclusive', () => {
    const body = withValue(fullRetirementBody(), 'Woning.WozWaardeCategorie', 1);
    const issue = onlyIssueOf(() => parse(body));
    expect(issue).toMatchObject({ path: 'Woning.WozWaardeCategorie', code: 'mutually_exclusive' });
    expect(issue.message).toContain('WozWaarde');
  });

  it('KilometersPerJaar together with AutoKilometersPerJaar is mutually_exclusive, at the alias', () => {
    const body = withValue(fullRetirementBody(), 'Autos[0].AutoKilometersPerJaar', 1);
    expect(onlyIssueOf(() => parse(body))).toMatchObject({
      path: 'Autos[0].AutoKilometersPerJaar',
      code: 'mutually_exclusive',
    });
  });

  it('an error in the alias is reported under the alias', () => {
    const body = {
      ...fullRetirementBody(),
      Autos: [car, { AutoKilometersPerJaar: 'Veel', TypeAuto: 0, StatusAuto: 0 }],
    };
    expect(onlyIssueOf(() => parse(body))).toMatchObject({
      path: 'Autos[1].AutoKilometersPerJaar',
      code: 'invalid_enum',
    });
  });

  it('reports every problem of a body at once', () => {
    const body = {
      Hoofdpersonen: [{ Geslacht: 'X' }, { Geslacht: 1 }],
      Kinderen: [{ Leeftijd: 130 }, { Geslacht: 0 }],
      Autos: [car, { TypeAuto: 'Groot', StatusAuto: 0 }],
      Woning: { TypeWoning: 7, SoortWoning: 0, WozWaarde: 1, WozWaardeCategorie: 1 },
      NettoBesteedbaarInkomenPerMaand: 1.5,
    };
    const found = issuesOf(() => parse(body)).map((i) => `${i.path} ${i.code}`);
    expect([...found].sort()).toEqual(
      [
        'Hoofdpersonen[0].Geslacht invalid_enum',
        'Kinderen[0].Leeftijd too_big',
        'Kinderen[1].Leeftijd required',
        'Autos[1].TypeAuto invalid_enum',
        'Autos[1].KilometersPerJaar required',
        'Woning.TypeWoning invalid_enum',
        'Woning.WozWaardeCategorie mutually_exclusive',
        'NettoBesteedbaarInkomenPerMaand not_integer',
      ].sort(),
    );
  });
});
