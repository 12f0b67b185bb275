/**
 * Every evaluator of the engine on every form of the rule language, as hono runs one test
 * matrix over all its routers (issue 41). A program evaluates a household by
 *
 * - `closures`: the compiled closures of a program without memos (the plain path);
 * - `explained`: the explanation path (`explain: true`: the closures compiled to record, compile.ts);
 * - `memos`: the closures of a program compiled with memos, each household evaluated twice
 *   (the second reads what the first remembered);
 * - `evaluate`: a program's `evaluate` from the household (the facts extracted), plain and with memos.
 *
 * All must give the very same posts, totals and notices (or the same error), on every
 * expression operator (`CASES` of expression-cases.ts and further forms), every condition
 * operator and form (in a rule's `when`, in `if` and in a `sum`'s `when`), and on random
 * expressions built from every operator (fast-check). The lists of operators come from the
 * source (`EXPRESSION_OPERATORS`, `OPERATORS`): an operator without a case fails here.
 * test/engine/memo-differential.test.ts and memo.test.ts do the same on the bundled sets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleEvaluationError } from '../../src/contract/errors.js';
import { money } from '../../src/contract/money.js';
import { compileProgram, type Evaluation, PLAIN_PROGRAM } from '../../src/engine/compile.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import type { AnyHousehold, Household } from '../../src/household/household.js';
import { FACT_CATALOGS } from '../../src/rules/facts.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import { OPERATORS, type Operator } from '../../src/rules/format/condition.js';
import { EXPRESSION_OPERATORS, type ExpressionOperator } from '../../src/rules/format/expression.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { drawnHousehold } from '../support/drawn-households.js';
import { random } from '../support/generated-bodies.js';
import { runs } from '../support/runs.js';
import { CASES, param, repaymentProbeFiles, withBase } from './expression-cases.js';
import { type Files, type Json, retirementFiles, written } from './support.js';

/** What an evaluation gives: its text, or the engine's error. */
function outcome(evaluate: () => Evaluation): string {
  try {
    return written(evaluate());
  } catch (error) {
    if (error instanceof RuleEvaluationError) return `error ${error.code} at ${error.location}: ${error.message}`;
    throw error;
  }
}

/** Every evaluator's outcome for one household, by evaluator. */
type Evaluators = (household: AnyHousehold) => Record<string, string>;

/** The evaluators of a calculation of a rule set: two programs, one plain and one with memos. */
function evaluators(ruleSet: RuleSet, calculation: CalculationId): Evaluators {
  const plain = compileProgram(ruleSet, calculation, PLAIN_PROGRAM);
  const memos = compileProgram(ruleSet, calculation, { memos: true });
  const extract = FACT_CATALOGS[calculation].extract;
  const explainedOf = (household: AnyHousehold): string =>
    outcome(() => {
      const { explanation, ...e } = plain.evaluateFacts(extract(household), { explain: true });
      expect(explanation).toBeDefined();
      return e;
    });
  return (household) => ({
    closures: outcome(() => plain.evaluateFacts(extract(household))),
    explained: explainedOf(household),
    evaluate: outcome(() => plain.evaluate(household)),
    memos: outcome(() => memos.evaluateFacts(extract(household))),
    'memos, again': outcome(() => memos.evaluateFacts(extract(household))),
    'memos, evaluate': outcome(() => memos.evaluate(household)),
  });
}

/** Asserts every evaluator agrees with the closures on every household; returns the closures' outcomes. */
function sameEverywhere(ruleSet: RuleSet, calculation: CalculationId, households: readonly AnyHousehold[]): string[] {
  const evaluate = evaluators(ruleSet, calculation);
  return households.map((household, i) => {
    const all = evaluate(household);
    const closures = all['closures'] as string;
    const differing = Object.entries(all).filter(([, text]) => text !== closures);
    if (differing.length > 0)
      expect({ household: i, ...Object.fromEntries(differing) }).toEqual({
        household: i,
        ...Object.fromEntries(differing.map(([name]) => [name, closures])),
      });
    return closures;
  });
}

/** The single 40-year-old tenant with one child and one car of expression-cases.ts's `FAMILY`. */
const FAMILY_HOUSEHOLD: Household = {
  persons: [{ age: 40 }],
  children: [{}],
  cars: [{}],
  dwelling: { tenure: 'rent', rent: money(700), serviceCosts: money(25) },
  netMonthlyIncome: money(3000),
  specialExpenditures: {},
} as Household;

/** Households of every make-up: the family, an owner, and drawn ones (some repeated, so memos are read). */
function householdsOf(calculation: CalculationId, seed: number, n: number): AnyHousehold[] {
  const r = random(seed);
  const drawn: AnyHousehold[] = [];
  while (drawn.length < n) {
    const h = drawnHousehold(calculation, r);
    if (h !== undefined) drawn.push(h);
  }
  if (calculation === 'pensioenuitgaven') return [...drawn, ...drawn.slice(0, 3)];
  const owner = { ...FAMILY_HOUSEHOLD, dwelling: { tenure: 'own', grossMortgageCosts: money(900) } } as Household;
  return [FAMILY_HOUSEHOLD, owner, ...drawn, FAMILY_HOUSEHOLD];
}

const REPAYMENT_HOUSEHOLDS = householdsOf('afloscapaciteit', 41, 12);
const RETIREMENT_HOUSEHOLDS = householdsOf('pensioenuitgaven', 42, 12);

/**
 * Mini with the probe value read by the total `Tekort` in place of its own amount (so every
 * evaluator's totals show the value), the value scaled to euros a month when its unit is not.
 */
function probeFiles(amount: Json, options: { unit?: string; edit?: (files: Files) => void } = {}): Files {
  const files = repaymentProbeFiles(amount, options);
  const unit = options.unit ?? 'EUR/month';
  const read = { value: 'probe' };
  files['afloscapaciteit.json'].totals.Tekort.amount =
    unit === 'EUR/month'
      ? read
      : { multiply: [read, { const: '1', unit: unit === '1' ? 'EUR/month' : `EUR/month/${unit}` }] };
  return files;
}

/** The probe total of an outcome (the closures'). */
function probeTotal(text: string): string | undefined {
  const totals = (JSON.parse(text) as { totals: [string, string][] }).totals;
  return totals.find(([name]) => name === 'Tekort')?.[1];
}

/** Further forms per operator, beside `CASES`: the engine's special paths (folds, `max(0, a − b)`, bands, groups). */
const FORMS: Partial<Record<ExpressionOperator, readonly Json[]>> = {
  add: [{ add: [{ const: '1' }, { fact: 'rent' }, { const: '2.5' }, param('perChild')] }],
  multiply: [{ multiply: [{ const: '2' }, { fact: 'children' }, { const: '0.5' }, param('perChild')] }],
  max: [
    { max: [{ const: '0' }, { subtract: [{ fact: 'income' }, { sumPosts: { measure: 'bedrag' } }] }] },
    { max: [{ const: '0' }, { subtract: [{ sumPosts: { measure: 'minimaal' } }, { fact: 'income' }] }] },
  ],
  min: [{ min: [{ const: '5000' }, { fact: 'income' }, { const: '3000' }] }],
  post: [
    { post: 'Wonen', measure: 'minimaal' },
    { post: 'Levensonderhoud', measure: 'bedrag' },
  ],
  sumPosts: [{ sumPosts: { measure: 'minimaal', rounded: true } }],
  divide: [{ divide: [{ sumPosts: { measure: 'bedrag' } }, { add: [{ fact: 'children' }, { const: '1' }] }] }],
  round: [{ round: { divide: [{ fact: 'income' }, { const: '7' }] }, policy: 'shortfall' }],
  sum: [
    {
      sum: {
        over: 'children',
        amount: param('perChild'),
        when: { all: [{ fact: 'tenure', operator: 'equal', value: 'rent' }] },
      },
    },
  ],
  count: [
    {
      multiply: [
        { count: { over: 'persons', when: { not: { fact: 'age', operator: 'lessThan', value: 30 } } } },
        param('perChild'),
      ],
    },
  ],
  if: [
    {
      if: {
        any: [
          { fact: 'children', operator: 'greaterThan', value: 1 },
          { fact: 'tenure', operator: 'equal', value: 'own' },
        ],
      },
      // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
      then: { multiply: [{ fact: 'children' }, param('perChild')] },
      else: { add: [{ fact: 'rent' }, { const: '1' }] },
    },
  ],
};

describe('every expression operator, by every evaluator', () => {
  it('has a case for every operator of the language', () => {
    expect(Object.keys(CASES).sort()).toEqual([...EXPRESSION_OPERATORS].sort());
  });

  it.each(EXPRESSION_OPERATORS)('%s: the same amounts by every evaluator', (op) => {
    const c = CASES[op];
    const options = { ...(c.unit !== undefined ? { unit: c.unit } : {}), ...(c.edit ? { edit: c.edit } : {}) };
    const outcomes = sameEverywhere(
      loadRuleSet(probeFiles(c.amount, options)),
      'afloscapaciteit',
      REPAYMENT_HOUSEHOLDS,
    );
    // The family's probe is the case's own value: the matrix evaluates what the case means.
    expect(probeTotal(outcomes[0] as string)).toBe(c.value);
    for (const amount of FORMS[op] ?? []) {
      expect(JSON.stringify(amount), 'the form uses its own operator').toContain(`"${op}"`);
      sameEverywhere(loadRuleSet(probeFiles(amount, { edit: withBase })), 'afloscapaciteit', REPAYMENT_HOUSEHOLDS);
    }
  });

  it('a part read only from the make-up, inside an amount that reads the income: the same amounts by every evaluator', () => {
    // With memos the part is remembered per make-up and the rest computed per evaluation (compile-amounts.ts).
    const amount = {
      add: [
        { fact: 'income' },
        {
          multiply: [
            { fact: 'children' },
            { add: [param('perChild'), { multiply: [param('perChild'), { fact: 'cars' }] }] },
          ],
        },
      ],
    };
    const outcomes = sameEverywhere(
      loadRuleSet(probeFiles(amount, { edit: withBase })),
      'afloscapaciteit',
      REPAYMENT_HOUSEHOLDS,
    );
    expect(new Set(outcomes.map(probeTotal)).size, 'the households differ in the amount').toBeGreaterThan(3);
  });

  it('sum, count and if over item facts (retirement): the same amounts by every evaluator', () => {
    const carCost = { table: 'carCost', key: { class: { fact: 'car.class' } } };
    const young = { all: [{ fact: 'child.age', operator: 'lessThan', value: 18 }] };
    const set = loadRuleSet(
      retirementFiles({
        basis: {
          add: [
            {
              sum: {
                over: 'cars',
                amount: carCost,
                when: { all: [{ fact: 'car.status', operator: 'equal', value: 'new' }] },
              },
            },
            { multiply: [{ count: { over: 'children', when: young } }, { const: '10', unit: 'EUR/month' }] },
          ],
        },
        voorbeeld: {
          sum: {
            over: 'children',
            amount: {
              if: { fact: 'child.age', operator: 'greaterThanInclusive', value: 12 },
              // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
              then: { multiply: [{ fact: 'child.age' }, { const: '3', unit: 'EUR/month/year' }] },
              else: { const: '5', unit: 'EUR/month' },
            },
          },
        },
      }),
    );
    sameEverywhere(set, 'pensioenuitgaven', RETIREMENT_HOUSEHOLDS);
  });
});

/**
 * Per condition operator, conditions that use it (a literal, a fact or a parameter on the value
 * side). `contains` and `doesNotContain` need a list-valued fact, which no calculation has, and
 * a path a fact that is an object: the loader refuses both, so those conditions are put into a
 * loaded set in place of a stand-in (see {@link conditionSet}), as the engine would meet them.
 */
const CONDITIONS: Readonly<Record<Operator, readonly Json[]>> = {
  equal: [
    { fact: 'tenure', operator: 'equal', value: 'own' },
    { fact: 'children', operator: 'equal', value: { fact: 'cars' } },
  ],
  notEqual: [{ fact: 'rentGiven', operator: 'notEqual', value: true }],
  lessThan: [
    { fact: 'age', operator: 'lessThan', value: 40 },
    { fact: 'rent', operator: 'lessThan', value: { fact: 'income' } },
  ],
  lessThanInclusive: [
    { fact: 'age', operator: 'lessThanInclusive', value: 40 },
    { fact: 'age', operator: 'lessThanInclusive', value: { fact: 'param:aowAge' } },
  ],
  greaterThan: [{ fact: 'children', operator: 'greaterThan', value: 0 }],
  greaterThanInclusive: [{ fact: 'income', operator: 'greaterThanInclusive', value: { fact: 'param:normCouple' } }],
  in: [{ fact: 'tenure', operator: 'in', value: ['own'] }],
  notIn: [{ fact: 'cars', operator: 'notIn', value: [0, 2] }],
  contains: [{ fact: 'tenure', operator: 'contains', value: 'own' }],
  doesNotContain: [{ fact: 'tenure', operator: 'doesNotContain', value: 'own' }],
};

/** The forms a condition takes around its fact conditions, and a path on a fact. */
const WRAPPERS: Readonly<Record<'all' | 'any' | 'not' | 'path', (c: Json) => Json>> = {
  all: (c) => ({ all: [c, { fact: 'age', operator: 'greaterThanInclusive', value: 0 }] }),
  any: (c) => ({ any: [{ fact: 'age', operator: 'greaterThan', value: 125 }, c] }),
  not: (c) => ({ not: c }),
  path: (c) => ({ ...c, path: '$' }),
};

/** A fact condition the loader takes, replaced by the one under test after loading. */
const STAND_IN = { fact: 'age', operator: 'equal', value: 12_345 };

/** Mini with a probe whose first rule holds under `condition`, which also chooses an `if` and filters a `sum`. */
function conditionSet(condition: Json): RuleSet {
  const top = (c: Json): Json => ('all' in c || 'any' in c || 'not' in c ? c : { all: [c] });
  const files = probeFiles({ fact: 'rent' });
  const probe = files['afloscapaciteit.json'].values.at(-1);
  probe.rules = [
    {
      id: 'when',
      description: 'under the condition',
      when: top(STAND_IN),
      amount: {
        add: [
          // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
          { if: STAND_IN, then: param('perChild'), else: { const: '7', unit: 'EUR/month' } },
          { sum: { over: 'children', amount: param('perChild'), when: top(STAND_IN) } },
        ],
      },
    },
    { id: 'otherwise', description: 'otherwise', amount: { fact: 'rent' } },
  ];
  return placedInto(loadRuleSet(files), STAND_IN, condition, 3);
}

/**
 * A loaded set with `standIn` replaced by `form` in its repayment rules, `times` times: a form
 * the loader refuses (a list operator on a plain fact, a path, mixed units), as the engine would
 * meet it in a rule set that bypassed the loader.
 */
function placedInto(loaded: RuleSet, standIn: Json, form: Json, times: number): RuleSet {
  const calc = JSON.stringify(loaded.calculations.afloscapaciteit);
  const placed = calc.replaceAll(JSON.stringify(standIn), JSON.stringify(form));
  const count = (text: string): number => text.split(JSON.stringify(form)).length - 1;
  expect(count(placed) - count(calc), 'the form is in its places').toBe(times);
  return { ...loaded, calculations: { ...loaded.calculations, afloscapaciteit: JSON.parse(placed) } };
}

describe('every condition operator and form, by every evaluator', () => {
  it('has conditions for every operator of the rule format', () => {
    expect(Object.keys(CONDITIONS).sort()).toEqual([...OPERATORS].sort());
  });

  it.each(OPERATORS)('%s: in a rule, an if and a sum, alone and in every form', (operator) => {
    const holds = new Set<string>();
    for (const c of CONDITIONS[operator]) {
      for (const condition of [c, ...Object.values(WRAPPERS).map((wrap) => wrap(c))]) {
        const outcomes = sameEverywhere(conditionSet(condition), 'afloscapaciteit', REPAYMENT_HOUSEHOLDS);
        for (const o of outcomes) holds.add(probeTotal(o) ?? o);
      }
    }
    // The conditions decide: the households do not all get the same probe.
    expect(holds.size).toBeGreaterThan(1);
  });
});

/** Random amounts built from every operator of the language, of bounded depth, in euros a month. */
function randomAmount(): fc.Arbitrary<Json> {
  const numericFact = fc.constantFrom('age', 'income', 'rent', 'serviceCosts', 'children', 'cars', 'persons');
  const decimal = fc
    .tuple(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
  const factCondition: fc.Arbitrary<Json> = fc.oneof(
    fc.record({
      fact: numericFact,
      operator: fc.constantFrom('lessThan', 'greaterThanInclusive', 'equal'),
      value: fc.integer({ min: 0, max: 80 }),
    }),
    fc.record({
      fact: fc.constant('tenure'),
      operator: fc.constantFrom('equal', 'notEqual'),
      value: fc.constantFrom('rent', 'own'),
    }),
  );
  // A sum's or count's `when` starts with all, any or not; an `if` takes a fact condition too.
  const condition = fc.oneof(
    factCondition,
    factCondition.map((c) => ({ all: [c] })),
    factCondition.map((c) => ({ not: c })),
  );
  const group = fc.oneof(
    factCondition.map((c) => ({ all: [c] })),
    factCondition.map((c) => ({ any: [c] })),
  );
  const { amount } = fc.letrec<{ amount: Json; leaf: Json }>((tie) => {
    const sub = tie('amount');
    const list = fc.array(sub, { minLength: 1, maxLength: 3 });
    const BY_OPERATOR: Record<ExpressionOperator, fc.Arbitrary<Json>> = {
      const: decimal.map((d) => ({ const: d })),
      param: fc.constantFrom('normSingle', 'normCouple', 'perChild', 'carYear', 'aowAge').map(param),
      fact: numericFact.map((fact) => ({ fact })),
      table: fc
        .constantFrom<Json>('own', 'rent', { fact: 'tenure' })
        .map((tenure) => ({ table: 'ownerSurcharge', key: { tenure } })),
      value: fc.constant({ value: 'base' }),
      post: fc.record({
        post: fc.constantFrom('Levensonderhoud', 'Wonen', 'Autos'),
        measure: fc.constantFrom('bedrag', 'minimaal'),
        rounded: fc.boolean(),
      }),
      sumPosts: fc
        .record({ measure: fc.constantFrom('bedrag', 'minimaal'), rounded: fc.boolean() })
        .map((s) => ({ sumPosts: s })),
      add: list.map((xs) => ({ add: xs })),
      multiply: list.map((xs) => ({ multiply: xs })),
      min: list.map((xs) => ({ min: xs })),
      max: fc.oneof(
        list.map((xs) => ({ max: xs })),
        fc.tuple(sub, sub).map((ab) => ({ max: [{ const: '0' }, { subtract: ab }] })),
      ),
      subtract: fc.tuple(sub, sub).map((ab) => ({ subtract: ab })),
      divide: fc.tuple(sub, sub).map((ab) => ({ divide: ab })),
      round: fc.record({ round: sub, policy: fc.constantFrom('post', 'capacity', 'shortfall') }),
      sum: fc
        .record({
          over: fc.constantFrom('persons', 'children', 'cars'),
          amount: sub,
          when: fc.option(group, { nil: undefined }),
        })
        .map(({ when, ...s }) => ({ sum: when === undefined ? s : { ...s, when } })),
      count: fc
        .record({
          over: fc.constantFrom('persons', 'children', 'cars'),
          when: fc.option(group, { nil: undefined }),
        })
        .map(({ when, over }) => ({ count: when === undefined ? { over } : { over, when } })),
      // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
      if: fc.record({ if: condition, then: sub, else: sub }),
    };
    expect(Object.keys(BY_OPERATOR).sort()).toEqual([...EXPRESSION_OPERATORS].sort());
    const leaves = [BY_OPERATOR.const, BY_OPERATOR.param, BY_OPERATOR.fact, BY_OPERATOR.table, BY_OPERATOR.value];
    return {
      leaf: fc.oneof(...leaves),
      amount: fc.oneof(
        { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
        tie('leaf'),
        ...Object.values(BY_OPERATOR),
      ),
    };
  });
  return amount;
}

const RANDOM_STAND_IN = { const: '424242.42', unit: 'EUR/month' };

describe('random amounts from every operator, by every evaluator', () => {
  it('give the same amounts (or the same error) everywhere', () => {
    const households = [...REPAYMENT_HOUSEHOLDS.slice(0, 6), REPAYMENT_HOUSEHOLDS[0] as AnyHousehold];
    fc.assert(
      fc.property(randomAmount(), (amount) => {
        // Placed after loading: a random tree mixes units, which the loader refuses.
        const loaded = loadRuleSet(probeFiles(RANDOM_STAND_IN, { edit: withBase }));
        sameEverywhere(placedInto(loaded, RANDOM_STAND_IN, amount, 1), 'afloscapaciteit', households);
      }),
      { numRuns: runs(150), seed: 41 },
    );
  });
});
