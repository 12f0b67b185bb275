/** Compiles `value`: the intermediate value, computed once per evaluation by the program. */
import type { ExpressionForms } from '../../rules/format/expression.js';
import { constant } from '../amount.js';
import { recordedFigure, type OperatorCompiler } from '../expression-env.js';

export const compileValue: OperatorCompiler<ExpressionForms['value']> = (e, c) => {
  const { env } = c;
  const name = e.value;
  const index = env.valueIndex.get(name);
  if (index === undefined) return c.fail('dangling_reference', `unknown value ${name}`);
  // A value of fixed figures folds like a constant (never in a recording program: its rules show).
  const fixed = env.valueConstant(index);
  if (fixed !== undefined) return constant(fixed, () => fixed);
  return recordedFigure(
    env,
    (ctx) => env.valueExact(index, ctx),
    () => `value:${name}`,
    (d) => ({ kind: 'value', name, value: d.toString() }),
  );
};
