/** Compiles `subtract`; folded when both operands are constant; whole amounts subtracted as numbers (subtractMoney). */
import { subtractMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { foldable } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileSubtract: OperatorCompiler<ExpressionForms['subtract']> = (e, c) => {
  const [a, b] = [c.sub(e.subtract[0]), c.sub(e.subtract[1])];
  return foldable([a, b], (ctx) => subtractMoney(a(ctx), b(ctx)));
};
