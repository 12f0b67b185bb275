/** Compiles `value`: the intermediate value, computed once per evaluation by the program. */
import type { ExpressionForms } from '../../rules/format/expression.js';
import { constant, type AmountFn } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileValue: OperatorCompiler<ExpressionForms['value']> = (e, c) => {
  const { env } = c;
  const name = e.value;
  const index = env.valueIndex.get(name);
  if (index === undefined) return c.fail('dangling_reference', `unknown value ${name}`);
  const read: AmountFn = (ctx) => {
    const d = env.valueExact(index, ctx);
    ctx.state.trace?.figure(`value:${name}`, () => ({ kind: 'value', name, value: d.toString() }));
    return d;
  };
  const fixed = env.valueConstant(index);
  if (fixed === undefined) return read;
  // A value of fixed figures folds like a constant; explaining still runs it, so its rules show.
  const folded: AmountFn = (ctx) => (ctx.state.trace === undefined ? fixed : read(ctx));
  return constant(fixed, folded);
};
