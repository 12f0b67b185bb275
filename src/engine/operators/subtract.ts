/** Compiles `subtract`; folded when both operands are constant; whole amounts subtracted as numbers (subtractMoney). */
import { subtractMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { type AmountFn, foldable } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

/** Marks a compiled `subtract` with its two operands, for the operators that can use them (see `max`). */
const OPERANDS = Symbol('difference operands');
type Difference = AmountFn & { [OPERANDS]?: readonly [AmountFn, AmountFn] };

/** The operands `[a, b]` of a compiled `a − b` that is not folded to a constant; undefined for any other amount. */
export function differenceOperands(fn: AmountFn): readonly [AmountFn, AmountFn] | undefined {
  return (fn as Difference)[OPERANDS];
}

export const compileSubtract: OperatorCompiler<ExpressionForms['subtract']> = (e, c) => {
  const a = c.sub(e.subtract[0]);
  const b = c.sub(e.subtract[1]);
  const difference: Difference = (ctx) => subtractMoney(a(ctx), b(ctx));
  const fn = foldable([a, b], difference);
  if (fn === difference) difference[OPERANDS] = [a, b];
  return fn;
};
