/**
 * Compiles `sumPosts`: the total of a group's posts (or all), remembered per evaluation by
 * group, measure and roundedness, since several amounts read the same total.
 */
import { sumMoney, type Decimal } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { singleMeasure, type OperatorCompiler } from '../expression-env.js';

export const compileSumPosts: OperatorCompiler<ExpressionForms['sumPosts']> = (e, c) => {
  const { env } = c;
  const { group } = e.sumPosts;
  const measure = e.sumPosts.measure ?? singleMeasure(env, c.where);
  const rounded = e.sumPosts.rounded === true;
  const indexes = env.calculation.posts.flatMap((p, i) => (group === undefined || p.group === group ? [i] : []));
  const memoKey = `${group ?? ''}\u0000${measure}\u0000${rounded}`;
  return (ctx) => {
    let total = ctx.state.sums.get(memoKey);
    if (total === undefined) {
      total = sumMoney(
        indexes.map((i) => (rounded ? env.postRounded(i, ctx) : env.postExact(i, ctx))[measure] as Decimal),
      );
      ctx.state.sums.set(memoKey, total);
    }
    const sum = total;
    ctx.state.trace?.figure(`sumPosts:${group ?? ''}:${measure}:${rounded}`, () => ({
      kind: 'post',
      name: group === undefined ? '(all posts)' : `(group ${group})`,
      measure,
      rounded,
      value: sum.toString(),
    }));
    return sum;
  };
};
