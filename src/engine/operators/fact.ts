/** Compiles `fact`: the fact's number, as a decimal; a fact that is not a number fails when evaluated. */
import { Money } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { ZERO } from '../amount.js';
import { factReader, type OperatorCompiler } from '../expression-env.js';

export const compileFact: OperatorCompiler<ExpressionForms['fact']> = (e, c) => {
  const name = e.fact;
  const read = factReader(c.env, c.scope, name, undefined);
  return (ctx) => {
    const v = read(ctx);
    if (typeof v !== 'number') return c.fail('fact_not_numeric', `fact ${name} is ${JSON.stringify(v)}, not a number`);
    ctx.state.trace?.figure(`fact:${name}:${v}`, () => ({ kind: 'fact', name, value: v }));
    return v === 0 ? ZERO : new Money(v);
  };
};
