/** Compiles `count`: the number of items of the collection that meet `when`. */
import { wholeMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { compileScopedCondition, type OperatorCompiler } from '../expression-env.js';

export const compileCount: OperatorCompiler<ExpressionForms['count']> = (e, c) => {
  const { over } = e.count;
  const when = e.count.when === undefined ? undefined : compileScopedCondition(c.env, over, e.count.when);
  return (ctx) => {
    let n = 0;
    for (const item of ctx.collections[over]) {
      if (when === undefined || when({ facts: ctx.facts, collections: ctx.collections, item, state: ctx.state }))
        n += 1;
    }
    return wholeMoney(n);
  };
};
