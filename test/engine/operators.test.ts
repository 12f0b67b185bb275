/**
 * The ten json-rules-engine operators through `compileCondition`, with the quirks of
 * json-rules-engine 7.3.1 that the compiled conditions mirror, the boolean combinators, fact
 * references on the value side, JSONPath steps, and what every test records when compiled to record.
 *
 * Expected values follow json-rules-engine's source (dist/engine-default-operators.js):
 * numeric operators are `numberValidator(a) && a < b` with
 * `numberValidator = v => Number.parseFloat(v).toString() !== 'NaN'`; contains/doesNotContain
 * are guarded by `Array.isArray(a)`; in/notIn are `b.indexOf(a)`; equal is `===`. The
 * differential test (differential.test.ts) checks the same against json-rules-engine itself.
 */
import { describe, expect, it } from 'vitest';
import type { ConditionTrace } from '../../src/contract/explanation.js';
import { compilePath, operatorFunction } from '../../src/engine/condition.js';
import { type Condition, type ConditionValue, OPERATORS, type Operator } from '../../src/rules/format/condition.js';
import { testedAndRecorded } from './support.js';

/** Compiles and runs a condition on a fact map, plain and recording; checks that the two and the trace agree. */
function evaluate(condition: Condition, facts: Record<string, unknown>): { result: boolean; trace: ConditionTrace } {
  const { test, recorded, trace } = testedAndRecorded(condition, facts);
  expect(recorded, 'the recording test must decide as the plain one').toBe(test);
  expect(trace.result, "the trace's result must be the test's").toBe(test);
  return { result: test, trace };
}

const single = (fact: unknown, operator: Operator, value: ConditionValue): boolean =>
  evaluate({ fact: 'x', operator, value }, { x: fact }).result;

describe('each operator, as json-rules-engine defines it', () => {
  // [fact value, operator, condition value, expected, why]
  const cases: [unknown, Operator, ConditionValue, boolean, string][] = [
    [5, 'equal', 5, true, 'same number'],
    [5, 'equal', '5', false, 'strict: a string is not the number'],
    ['rent', 'equal', 'rent', true, 'same string'],
    [null, 'equal', null, true, 'null equals null'],
    [false, 'equal', 0, false, 'strict: false is not 0'],
    [[1], 'equal', [1], false, 'arrays compare by identity'],
    [5, 'notEqual', '5', true, 'strict inequality'],
    [5, 'notEqual', 5, false, 'same number'],
    [undefined, 'notEqual', null, true, 'undefined is not null'],

    [4, 'lessThan', 5, true, 'below'],
    [5, 'lessThan', 5, false, 'not strictly below'],
    [-2.5, 'lessThan', -2, true, 'negative decimals'],
    [5, 'lessThanInclusive', 5, true, 'equal counts'],
    [5.0001, 'lessThanInclusive', 5, false, 'just above'],
    [6, 'greaterThan', 5, true, 'above'],
    [5, 'greaterThan', 5, false, 'not strictly above'],
    [5, 'greaterThanInclusive', 5, true, 'equal counts'],
    [4.9999, 'greaterThanInclusive', 5, false, 'just below'],

    // parseFloat validator quirks
    ['12', 'lessThan', 20, true, 'a numeric string passes the validator and < converts it to 12'],
    ['12abc', 'lessThan', 20, false, 'passes the validator (parseFloat gives 12), but < converts "12abc" to NaN'],
    ['12abc', 'greaterThanInclusive', 0, false, 'NaN compares false both ways'],
    ['abc', 'lessThan', 20, false, 'parseFloat("abc") is NaN: the validator refuses'],
    ['', 'lessThan', 20, false, 'parseFloat("") is NaN, although "" < 20 in plain JavaScript'],
    [null, 'lessThan', 20, false, 'parseFloat(null) is NaN, although null < 20 in plain JavaScript'],
    [true, 'lessThan', 2, false, 'parseFloat(true) is NaN, although true < 2 in plain JavaScript'],
    [undefined, 'lessThanInclusive', 0, false, 'a missing value is not a number'],
    ['0x10', 'greaterThan', 15, true, 'parseFloat gives 0 (valid), but < reads the hex: 16 > 15'],
    ['1e3', 'greaterThanInclusive', 1000, true, 'exponent notation'],
    ['10', 'lessThan', '9', true, 'two strings compare as strings'],
    [[7], 'lessThan', 8, true, 'parseFloat([7]) is 7 and [7] < 8 converts to 7'],

    ['own', 'in', ['rent', 'own'], true, 'listed'],
    ['lease', 'in', ['rent', 'own'], false, 'not listed'],
    [1, 'in', ['1', 2], false, 'strict membership'],
    [null, 'in', [null], true, 'null listed'],
    ['lease', 'notIn', ['rent', 'own'], true, 'not listed'],
    ['own', 'notIn', ['rent', 'own'], false, 'listed'],

    [['a', 'b'], 'contains', 'a', true, 'array holds it'],
    [['a', 'b'], 'contains', 'c', false, 'array lacks it'],
    ['abc', 'contains', 'a', false, 'a string is not an array: the validator refuses'],
    [5, 'contains', 5, false, 'a number is not an array'],
    [['a'], 'doesNotContain', 'b', true, 'array lacks it'],
    [['a'], 'doesNotContain', 'a', false, 'array holds it'],
    ['abc', 'doesNotContain', 'z', false, 'non-array: false, not true'],
    [null, 'doesNotContain', 1, false, 'null is not an array'],
  ];

  it.each(cases)('%j %s %j → %s (%s)', (fact, operator, value, expected) => {
    expect(single(fact, operator, value)).toBe(expected);
    // operatorFunction is the same comparison, without the compiled wrapper.
    expect(operatorFunction(operator)(fact, value)).toBe(expected);
  });

  it('has cases for every operator of the rule format, and for no other', () => {
    // From the format's own list: an operator added there without cases here fails this test.
    expect([...new Set(cases.map((c) => c[1]))].sort()).toEqual([...OPERATORS].sort());
  });
});

describe('all / any / not', () => {
  const facts = { age: 40, tenure: 'own', children: 2 };
  const age = (operator: Operator, value: number): Condition => ({ fact: 'age', operator, value });
  const own: Condition = { fact: 'tenure', operator: 'equal', value: 'own' };
  const rent: Condition = { fact: 'tenure', operator: 'equal', value: 'rent' };

  it('all holds only when every part holds', () => {
    expect(evaluate({ all: [own, age('lessThan', 67)] }, facts).result).toBe(true);
    expect(evaluate({ all: [own, age('greaterThan', 67)] }, facts).result).toBe(false);
    expect(evaluate({ all: [rent, age('lessThan', 67)] }, facts).result).toBe(false);
  });

  it('any holds when some part holds', () => {
    expect(evaluate({ any: [rent, age('lessThan', 67)] }, facts).result).toBe(true);
    expect(evaluate({ any: [rent, age('greaterThan', 67)] }, facts).result).toBe(false);
  });

  it('not inverts, also of a single fact condition', () => {
    expect(evaluate({ not: own }, facts).result).toBe(false);
    expect(evaluate({ not: rent }, facts).result).toBe(true);
    expect(evaluate({ not: { not: own } }, facts).result).toBe(true);
  });

  it('nests', () => {
    const c: Condition = {
      all: [
        { any: [rent, { all: [own, { fact: 'children', operator: 'greaterThanInclusive', value: 2 }] }] },
        { not: { any: [age('lessThan', 18), age('greaterThanInclusive', 67)] } },
      ],
    };
    expect(evaluate(c, facts).result).toBe(true);
    expect(evaluate(c, { ...facts, age: 67 }).result).toBe(false);
    expect(evaluate(c, { ...facts, children: 1 }).result).toBe(false);
    expect(evaluate(c, { ...facts, children: 1, tenure: 'rent' }).result).toBe(true);
  });
});

describe('fact references on the value side', () => {
  it('compares two facts', () => {
    const c: Condition = { all: [{ fact: 'age', operator: 'greaterThanInclusive', value: { fact: 'limit' } }] };
    expect(evaluate(c, { age: 67, limit: 67 }).result).toBe(true);
    expect(evaluate(c, { age: 66, limit: 67 }).result).toBe(false);
  });

  it('follows a path on the referenced fact', () => {
    const c: Condition = { fact: 'age', operator: 'lessThan', value: { fact: 'limits', path: '$.upper' } };
    expect(evaluate(c, { age: 30, limits: { upper: 31 } }).result).toBe(true);
    expect(evaluate(c, { age: 31, limits: { upper: 31 } }).result).toBe(false);
  });

  it('an object without `fact` is not a reference', () => {
    // The schema forbids such a value; the compiled condition treats it as a literal.
    expect(operatorFunction('equal')({ a: 1 }, { a: 1 })).toBe(false);
  });
});

describe('JSONPath steps (json-rules-engine through jsonpath-plus)', () => {
  const at = (path: string, value: unknown): unknown => compilePath(path)?.(value);

  it('follows names and indexes', () => {
    expect(at('$.a.b', { a: { b: 2 } })).toBe(2);
    expect(at('$.list[1]', { list: [10, 20, 30] })).toBe(20);
    expect(at('$[1][0]', [[1], [2, 3]])).toBe(2);
    expect(at('$', { a: 1 })).toEqual({ a: 1 });
    expect(at('$.a', { a: null })).toBeNull();
  });

  it('gives undefined for a missing step', () => {
    expect(at('$.missing', { a: 1 })).toBeUndefined();
    expect(at('$.list[5]', { list: [1] })).toBeUndefined();
    expect(at('$.a.b', { a: null })).toBeUndefined();
    expect(at('$.n.x', { n: 5 })).toBeUndefined();
  });

  it('reads own properties only', () => {
    expect(at('$.constructor', { a: 1 })).toBeUndefined();
    expect(at('$.toString', {})).toBeUndefined();
    expect(at('$.__proto__', {})).toBeUndefined();
    expect(at('$.length', [1, 2])).toBe(2); // an array's length is its own property
  });

  it('steps into a non-empty string met on the way, as jsonpath-plus does', () => {
    expect(at('$.s.length', { s: 'abc' })).toBe(3);
    expect(at('$.s[0]', { s: 'abc' })).toBe('a');
    expect(at('$.s.length', { s: '' })).toBeUndefined(); // "" is falsy: jsonpath-plus stops
  });

  it('returns a non-object fact value itself', () => {
    expect(at('$.x', 5)).toBe(5);
    expect(at('$.x', 'text')).toBe('text');
    expect(at('$.x', null)).toBeNull();
    expect(compilePath(undefined)).toBeUndefined();
  });

  it('applies in conditions', () => {
    expect(evaluate({ fact: 'o', path: '$.a.b', operator: 'equal', value: 2 }, { o: { a: { b: 2 } } }).result).toBe(
      true,
    );
    expect(
      evaluate({ fact: 'o', path: '$.list[1]', operator: 'greaterThan', value: 15 }, { o: { list: [10, 20] } }).result,
    ).toBe(true);
    expect(evaluate({ fact: 'o', path: '$.nope', operator: 'equal', value: null }, { o: {} }).result).toBe(false);
    expect(evaluate({ fact: 'o', path: '$.constructor', operator: 'notEqual', value: null }, { o: {} }).result).toBe(
      true,
    );
    // A path on a plain number is ignored: the number itself is compared.
    expect(evaluate({ fact: 'n', path: '$.x', operator: 'equal', value: 5 }, { n: 5 }).result).toBe(true);
    expect(
      evaluate({ fact: 'o', path: '$.list', operator: 'contains', value: 20 }, { o: { list: [10, 20] } }).result,
    ).toBe(true);
  });
});

describe('explain: the deciding comparisons as data, in json-rules-engine condition-result shape', () => {
  it('records fact, operator, value as written, the value received and the result', () => {
    const o = evaluate({ fact: 'age', operator: 'lessThan', value: 18 }, { age: 40 });
    expect(o.trace).toStrictEqual({ fact: 'age', operator: 'lessThan', value: 18, receivedValue: 40, result: false });
    // Exactly json-rules-engine's keys for a condition result (it calls the received value factResult).
    expect(Object.keys(o.trace)).toEqual(['fact', 'operator', 'value', 'receivedValue', 'result']);
  });

  it('records a fact or parameter on the value side with the value it had', () => {
    const o = evaluate(
      { fact: 'age', operator: 'greaterThanInclusive', value: { fact: 'param:aowAge' } },
      { age: 70, 'param:aowAge': 67 },
    );
    expect(o.trace).toStrictEqual({
      fact: 'age',
      operator: 'greaterThanInclusive',
      value: { fact: 'param:aowAge', receivedValue: 67 },
      receivedValue: 70,
      result: true,
    });
  });

  it('keeps a path, and leaves out a value that is not there', () => {
    const o = evaluate({ fact: 'o', path: '$.a', operator: 'equal', value: 'x' }, { o: {} });
    expect(o.trace).toStrictEqual({ fact: 'o', path: '$.a', operator: 'equal', value: 'x', result: false });
    const list = evaluate({ fact: 'tenure', operator: 'in', value: ['rent', 'own'] }, { tenure: 'own' });
    expect(list.trace).toStrictEqual({
      fact: 'tenure',
      operator: 'in',
      value: ['rent', 'own'],
      receivedValue: 'own',
      result: true,
    });
  });

  it('for all that fails: only the first failing part, which decided', () => {
    const o = evaluate(
      {
        all: [
          { fact: 'tenure', operator: 'equal', value: 'own' },
          { fact: 'age', operator: 'greaterThan', value: 50 },
          { fact: 'children', operator: 'equal', value: 7 },
        ],
      },
      { tenure: 'own', age: 40, children: 0 },
    );
    expect(o.trace).toStrictEqual({
      all: [{ fact: 'age', operator: 'greaterThan', value: 50, receivedValue: 40, result: false }],
      result: false,
    });
  });

  it('for all that holds: every part', () => {
    const o = evaluate(
      {
        all: [
          { fact: 'a', operator: 'equal', value: 1 },
          { fact: 'b', operator: 'equal', value: 2 },
        ],
      },
      { a: 1, b: 2 },
    );
    expect(o.trace).toStrictEqual({
      all: [
        { fact: 'a', operator: 'equal', value: 1, receivedValue: 1, result: true },
        { fact: 'b', operator: 'equal', value: 2, receivedValue: 2, result: true },
      ],
      result: true,
    });
  });

  it('for any: the first part that holds; when none holds, every part', () => {
    const c: Condition = {
      any: [
        { fact: 'a', operator: 'equal', value: 1 },
        { fact: 'b', operator: 'equal', value: 2 },
      ],
    };
    expect(evaluate(c, { a: 0, b: 2 }).trace).toStrictEqual({
      any: [{ fact: 'b', operator: 'equal', value: 2, receivedValue: 2, result: true }],
      result: true,
    });
    expect(evaluate(c, { a: 0, b: 0 }).trace).toStrictEqual({
      any: [
        { fact: 'a', operator: 'equal', value: 1, receivedValue: 0, result: false },
        { fact: 'b', operator: 'equal', value: 2, receivedValue: 0, result: false },
      ],
      result: false,
    });
  });

  it('for not: the inner condition as evaluated, and the inverted result', () => {
    const o = evaluate({ not: { fact: 'tenure', operator: 'in', value: ['rent'] } }, { tenure: 'rent' });
    expect(o.trace).toStrictEqual({
      not: { fact: 'tenure', operator: 'in', value: ['rent'], receivedValue: 'rent', result: true },
      result: false,
    });
  });
});
