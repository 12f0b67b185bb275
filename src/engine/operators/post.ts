/** Compiles `post`: another post's amount of one measure, exact or as rounded for the result. */
import type { Decimal } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { recordedFigure, singleMeasure, type OperatorCompiler } from '../expression-env.js';

export const compilePost: OperatorCompiler<ExpressionForms['post']> = (e, c) => {
  const { env } = c;
  const code = e.post;
  const index = env.postIndex.get(code);
  if (index === undefined) return c.fail('dangling_reference', `unknown post ${code}`);
  const measure = e.measure ?? singleMeasure(env, c.where);
  const rounded = e.rounded === true;
  // Amounts are per measure in the calculation's order; the checks at loading refuse an unknown measure.
  const m = env.calculation.measures.indexOf(measure);
  const key = `post:${code}:${measure}:${rounded}`;
  return recordedFigure(
    env,
    (ctx) => (rounded ? env.postRounded(index, ctx) : env.postExact(index, ctx))[m] as Decimal,
    () => key,
    (d) => ({ kind: 'post', name: code, measure, rounded, value: d.toString() }),
  );
};
