/** Compiles `const`: the figure, read once; the explanation lists it with its unit. */
import { Money } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { constant } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileConst: OperatorCompiler<ExpressionForms['const']> = (e) => {
  const d = new Money(e.const);
  const unit = e.unit;
  return constant(d, (ctx) => {
    ctx.state.trace?.figure(`const:${d.toString()}:${unit ?? ''}`, () => ({
      kind: 'const',
      value: d.toString(),
      ...(unit !== undefined ? { unit } : {}),
    }));
    return d;
  });
};
