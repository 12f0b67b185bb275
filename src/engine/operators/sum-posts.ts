/**
 * Compiles `sumPosts`: the total of a group's posts (or all), remembered per evaluation by
 * group, measure and roundedness, since several amounts read the same total.
 */
import { sumMoney, type Decimal } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import type { EvalContext } from '../context.js';
import { recordedFigure, singleMeasure, type OperatorCompiler } from '../expression-env.js';

export const compileSumPosts: OperatorCompiler<ExpressionForms['sumPosts']> = (e, c) => {
  const { env } = c;
  const { group } = e.sumPosts;
  const measure = e.sumPosts.measure ?? singleMeasure(env, c.where);
  const rounded = e.sumPosts.rounded === true;
  // Amounts are per measure in the calculation's order; the checks at loading refuse an unknown measure.
  const m = env.calculation.measures.indexOf(measure);
  const indexes = env.calculation.posts.flatMap((p, i) => (group === undefined || p.group === group ? [i] : []));
  const keyOf = (m: string) => `${group ?? ''}\u0000${m}\u0000${rounded}`;
  const slot = env.sumSlot(keyOf(measure));
  // The same sum of another measure: when every post's amount is the very same Decimal in both
  // (a measure left to its default), its total is this one's, added once.
  const siblingSlots = env.calculation.measures.filter((m) => m !== measure).map((m) => env.sumSlot(keyOf(m)));
  const amountsOf = (ctx: EvalContext): Decimal[] => {
    const operands = new Array<Decimal>(indexes.length);
    for (let k = 0; k < indexes.length; k += 1) {
      const i = indexes[k] as number;
      operands[k] = (rounded ? env.postRounded(i, ctx) : env.postExact(i, ctx))[m] as Decimal;
    }
    return operands;
  };
  const sum = (ctx: EvalContext): Decimal => {
    const sums = ctx.state.sums;
    let total = sums[slot]?.total;
    if (total === undefined) {
      const operands = amountsOf(ctx);
      for (let s = 0; s < siblingSlots.length; s += 1) {
        const sibling = sums[siblingSlots[s] as number];
        if (sibling !== undefined && sameAmounts(sibling.operands, operands)) {
          total = sibling.total;
          break;
        }
      }
      total ??= sumMoney(operands);
      sums[slot] = { operands, total };
    }
    return total;
  };
  const key = `sumPosts:${group ?? ''}:${measure}:${rounded}`;
  const name = group === undefined ? '(all posts)' : `(group ${group})`;
  return recordedFigure(
    env,
    sum,
    () => key,
    (d) => ({ kind: 'post', name, measure, rounded, value: d.toString() }),
  );
};

/** Whether two lists hold the very same Decimals, in order. */
function sameAmounts(a: readonly Decimal[], b: readonly Decimal[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
