/** Compiles `max`: the first of equal amounts wins; constant operands are compared once. */
import { compareMoney, subtractMoney, type Decimal } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { type AmountFn, constantOf, fold } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';
import { differenceOperands } from './subtract.js';

const larger = (a: Decimal, b: Decimal): Decimal => (compareMoney(b, a) > 0 ? b : a);

export const compileMax: OperatorCompiler<ExpressionForms['max']> = (e, c) => {
  const operands = e.max.map((x) => c.sub(x));
  const max = fold(operands, larger);
  return positivePart(operands) ?? max;
};

/**
 * `max(0, a − b)`, the shape of every "what is left, not below zero" (a repayment capacity, a
 * shortfall, an income above a minimum), compiled to compare `a` with `b` and subtract only when
 * `a` is the larger: otherwise the zero is the result whatever the difference, and a difference
 * of exact amounts is the costliest step of the totals. A nonzero difference has the sign of the
 * comparison; when either is not a number (NaN), or both are the same infinity, the comparison
 * and the difference both lead to the zero; and a difference too small to be held (below
 * decimal.js's minimum exponent) becomes 0, which `max` answers with the zero written, as here.
 * A recording program folds no constant, so there `max` is always the plain fold.
 */
function positivePart(operands: readonly AmountFn[]): AmountFn | undefined {
  const [first, second] = operands;
  if (operands.length !== 2 || first === undefined || second === undefined) return undefined;
  const zero = constantOf(first);
  const difference = constantOf(second) === undefined ? differenceOperands(second) : undefined;
  if (zero === undefined || !zero.isZero() || difference === undefined) return undefined;
  const [a, b] = difference;
  return (ctx) => {
    const x = a(ctx);
    const y = b(ctx);
    if (!(compareMoney(x, y) > 0)) return zero;
    const left = subtractMoney(x, y);
    return left.isZero() ? zero : left;
  };
}
