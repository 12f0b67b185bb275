/**
 * The operators of the amount language are one table of units (rules layer) and one table
 * of compilers (engine), both keyed by the operator names of `ExpressionForms`. Their types
 * make a forgotten operator a compile error: the `@ts-expect-error` lines below are checked
 * by `tsc --noEmit -p tsconfig.json` (the first step of `npm test`), which fails if the
 * error they expect ever stops occurring. At run time, the two tables name the same
 * operators in the same order, and dispatch finds each operator by its key.
 */
import { describe, expect, it } from 'vitest';
import type { AmountFn } from '../../src/engine/amount.js';
import { OPERATOR_COMPILERS, type OperatorCompilers } from '../../src/engine/operators/compilers.js';
import type { OperatorCompiler } from '../../src/engine/expression-env.js';
import { EXPRESSION_OPERATORS, type ExpressionForms } from '../../src/rules/format/expression.js';
import type { ExpressionUnit } from '../../src/rules/language/unit.js';
import { EXPRESSION_UNITS, operatorOf, type ExpressionUnits } from '../../src/rules/language/units.js';

describe('exhaustive dispatch over the amount language', () => {
  it('a units table missing an operator does not compile', () => {
    const { if: dropped, ...withoutIf } = EXPRESSION_UNITS;
    // @ts-expect-error Property 'if' is missing: every operator needs its unit.
    const incomplete: ExpressionUnits = withoutIf;
    expect(Object.keys(incomplete)).not.toContain('if');
    expect(dropped).toBe(EXPRESSION_UNITS.if);
  });

  it('a compilers table missing an operator does not compile', () => {
    const { round: dropped, ...withoutRound } = OPERATOR_COMPILERS;
    // @ts-expect-error Property 'round' is missing: every operator needs its compiler.
    const incomplete: OperatorCompilers = withoutRound;
    expect(Object.keys(incomplete)).not.toContain('round');
    expect(dropped).toBe(OPERATOR_COMPILERS.round);
  });

  it('an operator added to the forms without a unit and a compiler does not compile', () => {
    type Grown = ExpressionForms & { power: { power: [unknown, unknown] } };
    // @ts-expect-error Property 'power' is missing in the units table.
    const units: { readonly [K in keyof Grown]: ExpressionUnit<Grown[K]> } = EXPRESSION_UNITS;
    // @ts-expect-error Property 'power' is missing in the compilers table.
    const compilers: { readonly [K in keyof Grown]: OperatorCompiler<Grown[K]> } = OPERATOR_COMPILERS;
    expect(Object.keys(units)).toEqual(Object.keys(compilers));
  });

  it('a unit on another operator’s form does not compile', () => {
    // @ts-expect-error The `add` unit reads `e.add`, which a `subtract` form lacks.
    const wrong: ExpressionUnits = { ...EXPRESSION_UNITS, subtract: EXPRESSION_UNITS.add };
    const alsoWrong: OperatorCompilers = {
      ...OPERATOR_COMPILERS,
      // @ts-expect-error The `sum` compiler reads `e.sum`, which a `count` form lacks.
      count: OPERATOR_COMPILERS.sum as OperatorCompiler<ExpressionForms['sum']>,
    };
    expect(wrong.subtract).toBe(EXPRESSION_UNITS.add);
    expect(alsoWrong.count).toBe(OPERATOR_COMPILERS.sum);
  });

  it('units and compilers name the same operators, in documentation order', () => {
    expect(Object.keys(EXPRESSION_UNITS)).toEqual([...EXPRESSION_OPERATORS]);
    expect(Object.keys(OPERATOR_COMPILERS)).toEqual([...EXPRESSION_OPERATORS]);
    for (const op of EXPRESSION_OPERATORS) {
      expect(typeof (OPERATOR_COMPILERS[op] as (...args: never[]) => AmountFn), op).toBe('function');
    }
  });

  it('finds the operator by its key, whatever the order of the companions', () => {
    expect(operatorOf({ measure: 'bedrag', post: 'Wonen' })).toBe('post');
    expect(operatorOf({ policy: 'post', round: { const: '1' } })).toBe('round');
    // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
    expect(operatorOf({ else: { const: '1' }, then: { const: '2' }, if: { all: [] } } as never)).toBe('if');
    expect(() => operatorOf({ power: [] } as never)).toThrow(/not an amount expression/);
  });
});
