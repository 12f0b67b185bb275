/**
 * Every amount operator, in small rule sets built from the mini fixture: each test loads a
 * set with `loadRuleSet` (so it also passes the cross-checks and the coverage sweep) and
 * evaluates it with `programFor(…).evaluateFacts(…)`, asserting exact decimal strings.
 *
 * Repayment probes put the expression under test in an intermediate value `probe` (a value
 * may be negative and take any unit; totals must be in the calculation's unit) and evaluate
 * it alone; collection probes with item facts use a retirement calculation, whose post
 * amounts carry the measures `basis` and `voorbeeld`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleEvaluationError } from '../../src/contract/errors.js';
import { compileProgram, programFor } from '../../src/engine/compile.js';
import { decimalStrings } from '../../src/engine/rule-runner.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import type { ExtractedFacts } from '../../src/rules/facts.js';
import { EXPRESSION_OPERATORS } from '../../src/rules/format/expression.js';
import { renderExpression } from '../../src/rules/language/readable.js';
import { parseRuleSet } from '../../src/rules/load.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { CASES, FAMILY, param, repaymentProbe } from './expression-cases.js';
import { miniFiles, post, repaymentFacts, retirementFacts, retirementFiles, type Files, type Json } from './support.js';
import { runs } from '../support/runs.js';

function tekort(ruleSet: RuleSet, facts: ExtractedFacts = repaymentFacts()): string {
  const values = ruleSet.calculations.afloscapaciteit?.values ?? [];
  return programFor(ruleSet, 'afloscapaciteit')
    .evaluateAmount('value', values.length - 1, facts)
    ['amount']!.toString();
}

const probe = (amount: Json, options?: Parameters<typeof repaymentProbe>[1], facts?: ExtractedFacts): string =>
  tekort(repaymentProbe(amount, options), facts);

describe('const, param, fact, value', () => {
  it('const is the exact decimal written', () => {
    expect(probe({ const: '12.50', unit: 'EUR/month' })).toBe('12.5');
    expect(probe({ const: -3 })).toBe('-3');
    expect(probe({ add: [{ const: '0.1' }, { const: '0.2' }] })).toBe('0.3'); // decimal, not binary floating point
  });

  it('param reads a parameter', () => {
    expect(probe(param('normSingle'))).toBe('1000.5');
    expect(probe(param('carYear'), { unit: 'EUR/year' })).toBe('2400');
  });

  it('fact reads a household fact', () => {
    expect(probe({ fact: 'rent' }, {}, repaymentFacts({ rent: 812 }))).toBe('812');
    expect(probe({ fact: 'age' }, { unit: 'year' }, repaymentFacts({ age: 58 }))).toBe('58');
    expect(probe({ fact: 'children' }, { unit: '1' }, repaymentFacts({}, { children: 3 }))).toBe('3');
  });

  it('value reads an intermediate value (first-match and summed)', () => {
    const edit = (files: Files): void => {
      files['afloscapaciteit.json'].values = [
        {
          id: 'housing',
          description: 'housing cost',
          unit: 'EUR/month',
          combine: 'first',
          rules: [
            {
              id: 'v-rent',
              description: 'tenant',
              when: { all: [{ fact: 'tenure', operator: 'equal', value: 'rent' }] },
              amount: { add: [{ fact: 'rent' }, { fact: 'serviceCosts' }] },
            },
            { id: 'v-other', description: 'otherwise', amount: { fact: 'mortgageCosts' } },
          ],
        },
        {
          id: 'extras',
          description: 'summed',
          unit: 'EUR/month',
          combine: 'sum',
          rules: [
            { id: 'e-base', description: 'always', amount: { const: '10', unit: 'EUR/month' } },
            {
              id: 'e-child',
              description: 'with children',
              when: { all: [{ fact: 'children', operator: 'greaterThan', value: 0 }] },
              amount: param('perChild'),
            },
            {
              id: 'e-never',
              description: 'never for age <= 125',
              when: { all: [{ fact: 'age', operator: 'greaterThan', value: 125 }] },
              amount: { const: '1000', unit: 'EUR/month' },
            },
          ],
        },
      ];
    };
    const ruleSet = repaymentProbe({ add: [{ value: 'housing' }, { value: 'extras' }] }, { edit });
    expect(tekort(ruleSet, repaymentFacts({ rent: 700, serviceCosts: 25 }))).toBe('735'); // 725 + 10
    expect(tekort(ruleSet, repaymentFacts({ tenure: 'own', mortgageCosts: 900 }, { children: 1 }))).toBe('1160.25'); // 900 + 10 + 250.25
  });
});

describe('table', () => {
  const cell = (key: Record<string, string>, value: string): Json => ({
    key,
    value,
    source: 'test',
    provenance: 'read',
  });

  it('looks up categories by a fact and by a literal key', () => {
    const edit = (files: Files): void => {
      files['tables.json'].tables.housing = {
        description: 'by tenure and size',
        unit: 'EUR/month',
        dimensions: { tenure: ['rent', 'own'], size: ['small', 'large'] },
        cells: [
          cell({ tenure: 'rent', size: 'small' }, '10'),
          cell({ tenure: 'rent', size: 'large' }, '12.5'),
          cell({ tenure: 'own', size: 'small' }, '30'),
          cell({ tenure: 'own', size: 'large' }, '40'),
        ],
      };
    };
    const ruleSet = repaymentProbe({ table: 'housing', key: { tenure: { fact: 'tenure' }, size: 'large' } }, { edit });
    expect(tekort(ruleSet, repaymentFacts({ tenure: 'rent' }))).toBe('12.5');
    expect(tekort(ruleSet, repaymentFacts({ tenure: 'own' }))).toBe('40');
  });

  it('looks up numeric bands: from inclusive, below exclusive, last band open', () => {
    const edit = (files: Files): void => {
      files['tables.json'].tables.byAge = {
        description: 'by age band',
        unit: 'EUR/month',
        dimensions: {
          age: {
            bands: [
              { key: 'young', from: '0', below: '18' },
              { key: 'adult', from: '18', below: '67' },
              { key: 'senior', from: '67' },
            ],
          },
        },
        cells: [cell({ age: 'young' }, '10'), cell({ age: 'adult' }, '20.5'), cell({ age: 'senior' }, '30')],
      };
    };
    const ruleSet = repaymentProbe({ table: 'byAge', key: { age: { fact: 'age' } } }, { edit });
    const at = (age: number): string => tekort(ruleSet, repaymentFacts({ age }));
    expect([0, 17, 18, 66, 67, 125].map(at)).toEqual(['10', '10', '20.5', '20.5', '30', '30']);
  });
});

describe('post and sumPosts', () => {
  const grouped = (files: Files): void => {
    const calc = files['afloscapaciteit.json'];
    calc.groups = [
      { code: 'leven', description: 'living' },
      { code: 'wonen', description: 'housing' },
    ];
    post(files, 'Levensonderhoud').group = 'leven';
    post(files, 'Wonen').group = 'wonen';
    post(files, 'Autos').group = 'leven';
  };

  it('post: the exact amount, or the amount rounded by the post policy', () => {
    expect(probe({ post: 'Levensonderhoud', measure: 'bedrag' }, {}, FAMILY)).toBe('1250.75');
    expect(probe({ post: 'Levensonderhoud', measure: 'bedrag', rounded: true }, {}, FAMILY)).toBe('1251'); // half-up, 0 decimals
    // With the owner surcharge outside the minimum, an owner's norm at the minimum lacks it.
    const owner = repaymentFacts({ tenure: 'own' }, { children: 1, cars: 1 });
    const surchargeNotMinimal = (files: Files): void => {
      const rule = post(files, 'Levensonderhoud').rules.find((r: { id: string }) => r.id === 'owner');
      rule.amounts.minimaal = { const: '0', unit: 'EUR/month' };
    };
    expect(probe({ post: 'Levensonderhoud', measure: 'bedrag' }, { edit: surchargeNotMinimal }, owner)).toBe('1360.75'); // + 110
    expect(probe({ post: 'Levensonderhoud', measure: 'minimaal' }, { edit: surchargeNotMinimal }, owner)).toBe(
      '1250.75',
    );
    expect(probe({ post: 'Levensonderhoud', measure: 'minimaal' }, {}, owner)).toBe('1360.75'); // defaults to bedrag
  });

  it('sumPosts: all posts, exact or rounded', () => {
    expect(probe({ sumPosts: { measure: 'bedrag' } }, {}, FAMILY)).toBe('2175.75'); // 1250.75 + 725 + 200
    expect(probe({ sumPosts: { measure: 'bedrag', rounded: true } }, {}, FAMILY)).toBe('2176'); // 1251 + 725 + 200
    expect(probe({ sumPosts: { measure: 'minimaal', rounded: true } }, {}, FAMILY)).toBe('2176'); // a tenant: no surcharge
  });

  it('sumPosts: one group, exact or rounded', () => {
    expect(probe({ sumPosts: { group: 'leven', measure: 'bedrag' } }, { edit: grouped }, FAMILY)).toBe('1450.75'); // 1250.75 + 200
    expect(probe({ sumPosts: { group: 'leven', measure: 'bedrag', rounded: true } }, { edit: grouped }, FAMILY)).toBe(
      '1451',
    );
    expect(probe({ sumPosts: { group: 'wonen', measure: 'bedrag' } }, { edit: grouped }, FAMILY)).toBe('725');
  });

  it('the totals of the result follow the same sums', () => {
    const result = programFor(loadRuleSet(miniFiles()), 'afloscapaciteit').evaluateFacts(
      repaymentFacts({ income: 2000 }, { children: 1, cars: 1 }),
    );
    expect(result.totals['TotaalLasten']?.toString()).toBe('2176');
    expect(result.totals['Afloscapaciteit']?.toString()).toBe('0'); // max(0, 2000 − 2175.75)
    expect(result.totals['Tekort']?.toString()).toBe('176'); // ceiling(175.75)
  });
});

describe('arithmetic', () => {
  it('add, subtract, multiply', () => {
    expect(probe({ add: [param('normSingle'), param('perChild'), { const: '0.05' }] })).toBe('1250.8');
    expect(probe({ subtract: [param('perChild'), param('normSingle')] })).toBe('-750.25');
    expect(probe({ multiply: [{ const: '3' }, param('perChild')] })).toBe('750.75');
    expect(
      probe({ multiply: [{ fact: 'children' }, param('perChild')] }, {}, repaymentFacts({}, { children: 2 })),
    ).toBe('500.5');
  });

  it('divide combines units and keeps 34 significant digits', () => {
    expect(probe({ divide: [param('carYear'), param('monthsPerYear')] })).toBe('200'); // EUR/year ÷ month/year = EUR/month
    expect(probe({ divide: [{ const: '1' }, { const: '3' }] }, { unit: '1' })).toBe(`0.${'3'.repeat(34)}`);
    expect(probe({ divide: [{ const: '2' }, { const: '3' }] }, { unit: '1' })).toBe(`0.${'6'.repeat(33)}7`); // half-even at the last digit
  });

  it('divide by zero is a RuleEvaluationError division_by_zero naming where', () => {
    // The sweep refuses a set that can divide by zero (see the loader tests), so this
    // evaluates a parsed but unswept set directly.
    const files = miniFiles();
    files['afloscapaciteit.json'].totals.Tekort = {
      description: 'probe',
      unit: 'EUR/month',
      amount: { multiply: [{ divide: [param('normSingle'), { fact: 'income' }] }, { fact: 'income' }] },
    };
    const program = compileProgram(parseRuleSet(files), 'afloscapaciteit');
    expect(program.evaluateFacts(repaymentFacts({ income: 4002 })).totals['Tekort']?.toString()).toBe('1000.5'); // 1000.5 / 4002 × 4002
    let error: unknown;
    try {
      program.evaluateFacts(repaymentFacts({ income: 0 }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuleEvaluationError);
    expect((error as RuleEvaluationError).code).toBe('division_by_zero');
    expect((error as RuleEvaluationError).location).toBe('afloscapaciteit.json total Tekort');
  });

  it('min and max', () => {
    const list = [param('normSingle'), param('normCouple'), param('perChild')];
    expect(probe({ min: list })).toBe('250.25');
    expect(probe({ max: list })).toBe('1500');
    expect(probe({ min: [param('perChild')] })).toBe('250.25');
    expect(probe({ max: [{ const: '-1' }, { const: '-2' }] })).toBe('-1');
  });

  it('max(0, a − b) compares before it subtracts, and gives what the plain max gives', () => {
    // The shortcut applies to a zero first and a subtraction second; multiplying the difference
    // by 1 hides the subtraction from it, so `plain` is the fold over the difference itself.
    const long = { const: '0.3333333333333333333333333333333333' };
    const a = { multiply: [{ fact: 'income' }, long] };
    const b = { add: [{ fact: 'rent' }, { fact: 'serviceCosts' }] };
    const shortcut = repaymentProbe({ max: [{ const: '0' }, { subtract: [a, b] }] });
    const plain = repaymentProbe({ max: [{ const: '0' }, { multiply: [{ subtract: [a, b] }, { const: '1' }] }] });
    const swapped = repaymentProbe({ max: [{ const: '0' }, { subtract: [b, a] }] });
    const plainSwapped = repaymentProbe({
      max: [{ const: '0' }, { multiply: [{ subtract: [b, a] }, { const: '1' }] }],
    });
    const money = fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.double({ min: 0, max: 20_000, noNaN: true }));
    fc.assert(
      fc.property(money, money, money, (income, rent, serviceCosts) => {
        const facts = repaymentFacts({ income, rent, serviceCosts });
        expect(tekort(shortcut, facts)).toBe(tekort(plain, facts));
        expect(tekort(swapped, facts)).toBe(tekort(plainSwapped, facts));
      }),
      { seed: 20_261_127, numRuns: runs(400) },
    );
    // Equal operands, either way round: the zero written, not a difference of 0.
    const whole = (amount: Json): RuleSet => repaymentProbe(amount);
    const left = whole({ max: [{ const: '0' }, { subtract: [{ fact: 'income' }, b] }] });
    const right = whole({ max: [{ const: '0' }, { subtract: [b, { fact: 'income' }] }] });
    const at = (income: number): ExtractedFacts => repaymentFacts({ income, rent: 700, serviceCosts: 25 });
    expect([725, 3000, 500].map((income) => [tekort(left, at(income)), tekort(right, at(income))])).toEqual([
      ['0', '0'],
      ['2275', '0'],
      ['0', '225'],
    ]);
  });

  it('max(0, a − b) explained reads every figure, whichever is larger', () => {
    const files = miniFiles();
    files['afloscapaciteit.json'].totals.Tekort = {
      description: 'probe',
      unit: 'EUR/month',
      amount: { max: [{ const: '0' }, { subtract: [{ fact: 'income' }, { fact: 'rent' }] }] },
    };
    const program = programFor(loadRuleSet(files), 'afloscapaciteit');
    for (const [income, tekort] of [
      [500, '0'],
      [3000, '2300'],
    ] as const) {
      const facts = repaymentFacts({ income, rent: 700 });
      expect(program.evaluateFacts(facts).totals['Tekort']?.toString()).toBe(tekort);
      const explained = program.evaluateFacts(facts, { explain: true });
      expect(explained.totals['Tekort']?.toString()).toBe(tekort);
      const trace = explained.explanation?.totals.find((t) => t.name === 'Tekort');
      expect(trace?.value).toBe(tekort);
      // The zero written is a figure of the explanation too, though it decides nothing here.
      expect(trace?.figures.map((f) => ('name' in f ? f.name : f.kind))).toEqual(['const', 'income', 'rent']);
    }
  });

  it('if chooses by a condition', () => {
    const amount = {
      if: { fact: 'tenure', operator: 'equal', value: 'own' },
      // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
      then: param('normCouple'),
      else: param('normSingle'),
    };
    const ruleSet = repaymentProbe(amount);
    expect(tekort(ruleSet, repaymentFacts({ tenure: 'own' }))).toBe('1500');
    expect(tekort(ruleSet, repaymentFacts({ tenure: 'rent' }))).toBe('1000.5');
    const nested = repaymentProbe(
      {
        if: { all: [{ fact: 'age', operator: 'greaterThanInclusive', value: { fact: 'param:aowAge' } }] },
        // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
        then: { const: '1' },
        else: { const: '0' },
      },
      { unit: '1' },
    );
    expect([66, 67].map((age) => tekort(nested, repaymentFacts({ age })))).toEqual(['0', '1']);
  });
});

describe('round, by each of the seven modes', () => {
  const MODES = ['half-up', 'half-even', 'half-down', 'up', 'down', 'floor', 'ceiling'] as const;
  const withPolicies = (files: Files): void => {
    for (const mode of MODES) {
      files['manifest.json'].rounding[mode] = { decimals: 0, mode, description: mode };
      files['manifest.json'].rounding[`${mode}-1`] = { decimals: 1, mode, description: `${mode}, one decimal` };
    }
  };
  // Columns: 2.5, -2.5, 3.5, 2.6, 2.1 to whole numbers; 2.45 and -2.45 to one decimal.
  // Between them every pair of modes differs somewhere.
  const INPUTS = [
    ['2.5', ''],
    ['-2.5', ''],
    ['3.5', ''],
    ['2.6', ''],
    ['2.1', ''],
    ['2.45', '-1'],
    ['-2.45', '-1'],
  ] as const;
  const EXPECTED: Record<(typeof MODES)[number], string[]> = {
    'half-up': ['3', '-3', '4', '3', '2', '2.5', '-2.5'],
    'half-even': ['2', '-2', '4', '3', '2', '2.4', '-2.4'],
    'half-down': ['2', '-2', '3', '3', '2', '2.4', '-2.4'],
    up: ['3', '-3', '4', '3', '3', '2.5', '-2.5'],
    down: ['2', '-2', '3', '2', '2', '2.4', '-2.4'],
    floor: ['2', '-3', '3', '2', '2', '2.4', '-2.5'],
    ceiling: ['3', '-2', '4', '3', '3', '2.5', '-2.4'],
  };

  it('rounds as the mode says', () => {
    // One set with a value per (mode, input): the Tekort total reads each in turn.
    const files = miniFiles();
    withPolicies(files);
    const cases = MODES.flatMap((mode) =>
      INPUTS.map(([input, suffix], i) => ({
        mode,
        input,
        policy: `${mode}${suffix}`,
        want: EXPECTED[mode][i] as string,
      })),
    );
    files['afloscapaciteit.json'].values = cases.map((c, i) => ({
      id: `r${i}`,
      description: `${c.input} by ${c.policy}`,
      unit: '1',
      combine: 'first',
      rules: [{ id: `r${i}`, description: 'round', amount: { round: { const: c.input }, policy: c.policy } }],
    }));
    const program = programFor(loadRuleSet(files), 'afloscapaciteit');
    const got = cases.map((c, i) => ({
      ...c,
      got: program.evaluateAmount('value', i, repaymentFacts())['amount']?.toString(),
    }));
    expect(got.map((c) => `${c.input} ${c.policy} → ${c.got}`)).toEqual(
      got.map((c) => `${c.input} ${c.policy} → ${c.want}`),
    );
  });

  it('rounds in a total through evaluateFacts', () => {
    expect(probe({ round: { const: '-2.5' }, policy: 'floor' }, { edit: withPolicies })).toBe('-3');
    expect(
      probe(
        { round: { divide: [{ const: '2' }, { const: '3' }] }, policy: 'half-even-1' },
        { edit: withPolicies, unit: '1' },
      ),
    ).toBe('0.7');
  });
});

describe('sum and count over collections', () => {
  it('repayment: count of items, sum of an amount per item', () => {
    const facts = repaymentFacts({}, { children: 3, cars: 2 });
    expect(probe({ count: { over: 'cars' } }, { unit: '1' }, facts)).toBe('2');
    expect(probe({ sum: { over: 'children', amount: param('perChild') } }, {}, facts)).toBe('750.75');
    expect(probe({ sum: { over: 'cars', amount: param('perChild') } }, {}, repaymentFacts())).toBe('0'); // empty collection
  });

  /** A retirement set whose one post has `basis` and `voorbeeld` as given. */
  const retirement = (basis: Json, voorbeeld: Json): RuleSet => loadRuleSet(retirementFiles({ basis, voorbeeld }));
  const run = (ruleSet: RuleSet, facts: ExtractedFacts): Record<string, string> => {
    const evaluation = programFor(ruleSet, 'pensioenuitgaven').evaluateFacts(facts);
    return decimalStrings(evaluation.measures, evaluation.posts[0]!.exact);
  };
  const carCost = { table: 'carCost', key: { class: { fact: 'car.class' } } };
  const CARS = [
    { 'car.class': 'small', 'car.status': 'new', 'car.mileage': 'under10k' },
    { 'car.class': 'midsize', 'car.status': 'used', 'car.mileage': 'over20k' },
    { 'car.class': 'unknown', 'car.status': 'new', 'car.mileage': 'unknown' },
  ];

  it('sum over cars, with and without when, reading item facts', () => {
    const ruleSet = retirement(
      { sum: { over: 'cars', amount: carCost } },
      {
        sum: {
          over: 'cars',
          amount: carCost,
          when: { all: [{ fact: 'car.status', operator: 'equal', value: 'new' }] },
        },
      },
    );
    // all: 150.10 + 260 + 200; new only: 150.10 + 200
    expect(run(ruleSet, retirementFacts({}, { cars: CARS }))).toEqual({ basis: '610.1', voorbeeld: '350.1' });
    expect(run(ruleSet, retirementFacts({}, { cars: [] }))).toEqual({ basis: '0', voorbeeld: '0' });
  });

  it('count over children, with and without when; an item fact in the summed amount', () => {
    const perMonth = (e: Json): Json => ({ multiply: [e, { const: '1', unit: 'EUR/month' }] });
    const young = { all: [{ fact: 'child.age', operator: 'lessThan', value: 18 }] };
    const counted = retirement(
      perMonth({ count: { over: 'children' } }),
      perMonth({ count: { over: 'children', when: young } }),
    );
    const kids = [3, 17, 18, 25].map((age) => ({ 'child.age': age, 'child.gender': 'unknown' }));
    expect(run(counted, retirementFacts({}, { children: kids }))).toEqual({ basis: '4', voorbeeld: '2' });

    const summed = retirement(
      {
        sum: {
          over: 'children',
          amount: { multiply: [{ fact: 'child.age' }, { const: '10', unit: 'EUR/month/year' }] },
          when: young,
        },
      },
      perMonth({ count: { over: 'children' } }),
    );
    expect(run(summed, retirementFacts({}, { children: kids }))).toEqual({ basis: '200', voorbeeld: '4' }); // (3 + 17) × 10
  });

  it('household facts stay visible inside a sum', () => {
    const ruleSet = retirement(
      { sum: { over: 'cars', amount: carCost, when: { all: [{ fact: 'tenure', operator: 'equal', value: 'own' }] } } },
      { sum: { over: 'cars', amount: carCost } },
    );
    expect(run(ruleSet, retirementFacts({ tenure: 'rent' }, { cars: CARS }))).toEqual({
      basis: '0',
      voorbeeld: '610.1',
    });
    expect(run(ruleSet, retirementFacts({ tenure: 'own' }, { cars: CARS }))).toEqual({
      basis: '610.1',
      voorbeeld: '610.1',
    });
  });
});

describe('every operator of the language', () => {
  it('has a case for every operator, and for no other', () => {
    expect(Object.keys(CASES).sort()).toEqual([...EXPRESSION_OPERATORS].sort());
  });

  it.each(EXPRESSION_OPERATORS)('%s: passes the loader, evaluates and reads as expected', (op) => {
    const c = CASES[op];
    expect(Object.keys(c.amount), 'the case uses its own operator').toContain(op);
    expect(
      probe(
        c.amount,
        { ...(c.unit !== undefined ? { unit: c.unit } : {}), ...(c.edit ? { edit: c.edit } : {}) },
        FAMILY,
      ),
    ).toBe(c.value);
    expect(renderExpression(c.amount)).toBe(c.reads);
  });
});
