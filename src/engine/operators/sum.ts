/** Compiles `sum`: the amount per item of the collection that meets `when`, added up. */
import { addMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { ZERO } from '../amount.js';
import type { EvalContext } from '../context.js';
import { compileScopedCondition, type OperatorCompiler } from '../expression-env.js';

export const compileSum: OperatorCompiler<ExpressionForms['sum']> = (e, c) => {
  const { over } = e.sum;
  const amount = c.sub(e.sum.amount, over);
  const when = e.sum.when === undefined ? undefined : compileScopedCondition(c.env, over, e.sum.when);
  return (ctx) => {
    let total = ZERO;
    for (const item of ctx.collections[over]) {
      const inner: EvalContext = { facts: ctx.facts, collections: ctx.collections, item, state: ctx.state };
      if (when === undefined || when(inner)) total = addMoney(total, amount(inner));
    }
    return total;
  };
};
