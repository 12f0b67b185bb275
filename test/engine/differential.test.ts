/**
 * Differential test: for random conditions and random facts, the compiled condition and
 * json-rules-engine 7.3.1 (the reference semantics) must agree.
 *
 * Conditions use every supported operator, nested all/any/not with non-empty lists (as the
 * schema requires), `in`/`notIn` always with a list, values that are literals or fact
 * references, and optional paths. Facts are JSON values of every kind: numbers (negative,
 * decimal), strings (numeric-looking ones too), booleans, null, arrays of scalars and small
 * objects. Scalars come from a small shared pool, so equalities and memberships hit often.
 *
 * json-rules-engine only ever sees plain JSON (never a decimal.js value: it compares with
 * `<`, and a Decimal's valueOf is a string). Each side gets its own deep copy.
 */
import fc from 'fast-check';
import { Engine } from 'json-rules-engine';
import { describe, expect, it } from 'vitest';
import type { ConditionTrace } from '../../src/contract/explanation.js';
import {
  OPERATORS,
  type BooleanCondition,
  type Condition,
  type ConditionValue,
  type FactCondition,
  type Operator,
} from '../../src/rules/format/condition.js';
import { testedAndRecorded } from './support.js';
import { runs } from '../support/runs.js';

const RUNS = runs(3000);
const SEED = 20_260_101;

const FACT_NAMES = ['f0', 'f1', 'f2', 'f3', 'f4'] as const;

type Scalar = number | string | boolean | null;
type FactJson = Scalar | Scalar[] | { [key: string]: FactJson };

const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<Scalar>(
      0,
      1,
      -1,
      2,
      2.5,
      -2.5,
      0.1,
      20,
      67,
      '0',
      '1',
      '20',
      '2.5',
      '-1',
      '12abc',
      '0x10',
      '1e1',
      ' 7',
      'abc',
      '',
      'rent',
      'own',
      true,
      false,
      null,
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -30, max: 30 }) },
  { weight: 1, arbitrary: fc.double({ min: -100, max: 100, noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -30, max: 30 }).map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
);
const scalarList = fc.array(scalar, { minLength: 0, maxLength: 4 });

/** Small objects for paths: `$.a`, `$.a.b`, `$.list[1]`, `$.s.length`, … */
const objectFact: fc.Arbitrary<FactJson> = fc.record(
  {
    a: fc.oneof(scalar, scalarList, fc.record({ b: scalar }, { requiredKeys: [] })),
    list: scalarList,
    s: fc.oneof(fc.constantFrom('', 'abc', '12'), fc.string({ maxLength: 3 })),
    n: scalar,
  },
  { requiredKeys: [] },
);
const factValue: fc.Arbitrary<FactJson> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 2, arbitrary: scalarList },
  { weight: 2, arbitrary: objectFact },
);
const factMap = fc.record(
  Object.fromEntries(FACT_NAMES.map((n) => [n, factValue])) as Record<
    (typeof FACT_NAMES)[number],
    fc.Arbitrary<FactJson>
  >,
);

const PATHS = [
  '$',
  '$.a',
  '$.a.b',
  '$.list',
  '$.list[0]',
  '$.list[1]',
  '$.list.length',
  '$.s',
  '$.s.length',
  '$.s[0]',
  '$.n',
  '$.missing',
  '$.constructor',
  '$[0]',
  '$.length',
];
const optionalPath = fc.option(fc.constantFrom(...PATHS), { nil: undefined, freq: 2 });
const factName = fc.constantFrom(...FACT_NAMES);

const factReference = fc
  .record({ fact: factName, path: optionalPath })
  .map(({ fact, path }) => (path === undefined ? { fact } : { fact, path }));

function valueFor(operator: Operator): fc.Arbitrary<ConditionValue> {
  if (operator === 'in' || operator === 'notIn') return scalarList.filter((l) => l.length > 0);
  return fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: scalarList },
    { weight: 3, arbitrary: factReference },
  );
}

const factCondition: fc.Arbitrary<FactCondition> = fc
  .record({ fact: factName, operator: fc.constantFrom<Operator>(...OPERATORS), path: optionalPath })
  .chain(({ fact, operator, path }) =>
    valueFor(operator).map(
      (value): FactCondition => (path === undefined ? { fact, operator, value } : { fact, operator, value, path }),
    ),
  );

const { top } = fc.letrec<{ condition: Condition; top: BooleanCondition }>((tie) => ({
  condition: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'condition', depthSize: 'small' },
    factCondition,
    fc.array(tie('condition'), { minLength: 1, maxLength: 3 }).map((all) => ({ all })),
    fc.array(tie('condition'), { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
    tie('condition').map((not) => ({ not })),
  ),
  top: fc.oneof(
    fc.array(tie('condition'), { minLength: 1, maxLength: 4 }).map((all) => ({ all })),
    fc.array(tie('condition'), { minLength: 1, maxLength: 4 }).map((any) => ({ any })),
    tie('condition').map((not) => ({ not })),
  ),
}));

/** json-rules-engine's verdict: one rule with these conditions; its success event means true. */
async function reference(conditions: BooleanCondition, facts: Record<string, FactJson>): Promise<boolean> {
  return (await referenceResult(conditions, facts)).holds;
}

/** A condition as json-rules-engine's rule result gives it back: with `factResult`, `valueResult` and `result` on each comparison. */
type TheirCondition =
  | { all: TheirCondition[] }
  | { any: TheirCondition[] }
  | { not: TheirCondition }
  | (FactCondition & { factResult?: unknown; valueResult?: unknown; result: boolean });

async function referenceResult(
  conditions: BooleanCondition,
  facts: Record<string, FactJson>,
): Promise<{ holds: boolean; conditions: TheirCondition }> {
  const engine = new Engine([{ conditions: structuredClone(conditions) as never, event: { type: 'holds' } }]);
  const { events, results, failureResults } = await engine.run(structuredClone(facts));
  const ruleResult = [...results, ...failureResults][0];
  if (ruleResult === undefined) throw new Error('json-rules-engine gave no rule result');
  return { holds: events.length === 1, conditions: ruleResult.conditions as unknown as TheirCondition };
}

function ours(
  conditions: BooleanCondition,
  facts: Record<string, FactJson>,
): { test: boolean; explained: boolean; trace: ConditionTrace } {
  const { test, recorded, trace } = testedAndRecorded(conditions, structuredClone(facts));
  expect(recorded, 'the recording test decides as the plain one').toBe(test);
  return { test, explained: trace.result, trace };
}

/** Whether one of json-rules-engine's conditions held: its own `result` on a comparison, worked out on all / any / not. */
function theirResult(c: TheirCondition): boolean {
  if ('all' in c) return c.all.every(theirResult);
  if ('any' in c) return c.any.some(theirResult);
  if ('not' in c) return !theirResult(c.not);
  return c.result;
}

/**
 * json-rules-engine's condition results cut to the parts that decided, in the shape of our
 * explanation: `all` that failed keeps its first failing part, `any` that held its first holding
 * part; each comparison as `{ fact, path?, operator, value, receivedValue, result }` with a fact
 * reference's `valueResult` beside it as its `receivedValue`.
 */
function decidingParts(c: TheirCondition): unknown {
  if ('all' in c || 'any' in c) {
    const all = 'all' in c;
    const parts = all ? c.all : c.any;
    const result = theirResult(c);
    const deciding = result === all ? parts : [parts.find((p) => theirResult(p) === result) as TheirCondition];
    return { [all ? 'all' : 'any']: deciding.map(decidingParts), result };
  }
  if ('not' in c) return { not: decidingParts(c.not), result: theirResult(c) };
  const reference = c.value !== null && typeof c.value === 'object' && !Array.isArray(c.value) ? c.value : undefined;
  return {
    fact: c.fact,
    ...(c.path === undefined ? {} : { path: c.path }),
    operator: c.operator,
    value:
      reference === undefined
        ? c.value
        : {
            fact: reference.fact,
            ...(reference.path === undefined ? {} : { path: reference.path }),
            ...(c.valueResult === undefined ? {} : { receivedValue: c.valueResult }),
          },
    ...(c.factResult === undefined ? {} : { receivedValue: c.factResult }),
    result: c.result,
  };
}

function operatorsIn(c: Condition, into: Set<Operator>): Set<Operator> {
  if ('all' in c) for (const x of c.all) operatorsIn(x, into);
  else if ('any' in c) for (const x of c.any) operatorsIn(x, into);
  else if ('not' in c) operatorsIn(c.not, into);
  else into.add(c.operator);
  return into;
}

describe('compiled conditions agree with json-rules-engine', () => {
  it(`on ${RUNS} random conditions and fact maps`, async () => {
    let holds = 0;
    let fails = 0;
    const seen = new Set<Operator>();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(top, factMap, async (conditions, facts) => {
        const theirs = await reference(conditions, facts);
        const mine = ours(conditions, facts);
        expect(mine.test, 'compiled test vs json-rules-engine').toBe(theirs);
        expect(mine.explained, 'explain vs test').toBe(mine.test);
        if (theirs) holds += 1;
        else fails += 1;
        operatorsIn(conditions, seen);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`differential: ${RUNS} runs in ${seconds.toFixed(2)} s (${holds} held, ${fails} did not)`);
    // The generator must exercise both outcomes and every operator, or agreement means little.
    expect(holds).toBeGreaterThan(RUNS * 0.15);
    expect(fails).toBeGreaterThan(RUNS * 0.15);
    expect([...seen].sort()).toEqual([...OPERATORS].sort());
  });

  it('explains with the comparisons json-rules-engine reports as deciding, its values and results', async () => {
    let comparisons = 0;
    await fc.assert(
      fc.asyncProperty(top, factMap, async (conditions, facts) => {
        const theirs = await referenceResult(conditions, facts);
        const mine = ours(conditions, facts);
        expect(mine.trace).toEqual(decidingParts(theirs.conditions));
        comparisons += JSON.stringify(mine.trace).split('"operator"').length - 1;
      }),
      { numRuns: RUNS / 3, seed: SEED + 1 },
    );
    // Every run decides by at least one comparison.
    expect(comparisons).toBeGreaterThanOrEqual(RUNS / 3);
  });

  it('agrees on the quirks the format relies on (fixed cases)', async () => {
    const cases: [BooleanCondition, Record<string, FactJson>][] = [
      [{ all: [{ fact: 'f0', operator: 'lessThan', value: 20 }] }, { f0: '12abc' }],
      [{ all: [{ fact: 'f0', operator: 'lessThan', value: 20 }] }, { f0: '12' }],
      [{ all: [{ fact: 'f0', operator: 'greaterThan', value: 15 }] }, { f0: '0x10' }],
      [{ all: [{ fact: 'f0', operator: 'lessThan', value: 20 }] }, { f0: null }],
      [{ all: [{ fact: 'f0', operator: 'contains', value: 'a' }] }, { f0: 'abc' }],
      [{ all: [{ fact: 'f0', operator: 'doesNotContain', value: 'z' }] }, { f0: 'abc' }],
      [{ all: [{ fact: 'f0', path: '$.x', operator: 'equal', value: 5 }] }, { f0: 5 }],
      [{ all: [{ fact: 'f0', path: '$.constructor', operator: 'equal', value: null }] }, { f0: {} }],
      [{ all: [{ fact: 'f0', path: '$.s.length', operator: 'equal', value: 3 }] }, { f0: { s: 'abc' } }],
      [{ all: [{ fact: 'f0', path: '$.s[0]', operator: 'equal', value: 'a' }] }, { f0: { s: 'abc' } }],
      [
        { all: [{ fact: 'f0', path: '$.list', operator: 'equal', value: { fact: 'f0', path: '$.list' } }] },
        { f0: { list: [1] } },
      ],
      [
        {
          not: {
            any: [
              { fact: 'f0', operator: 'in', value: [1, '1'] },
              { fact: 'f1', operator: 'equal', value: { fact: 'f0' } },
            ],
          },
        },
        { f0: 2, f1: 2 },
      ],
    ];
    for (const [conditions, facts] of cases) {
      expect(ours(conditions, facts).test, JSON.stringify({ conditions, facts })).toBe(
        await reference(conditions, facts),
      );
    }
  });
});
