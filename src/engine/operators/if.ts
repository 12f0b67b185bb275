/** Compiles `if`: the condition's test chooses the branch. */
import type { ExpressionForms } from '../../rules/format/expression.js';
import { compileScopedCondition, type OperatorCompiler } from '../expression-env.js';

export const compileIf: OperatorCompiler<ExpressionForms['if']> = (e, c) => {
  const test = compileScopedCondition(c.env, c.scope, e.if);
  const [then, otherwise] = [c.sub(e.then), c.sub(e.else)];
  return (ctx) => (test(ctx) ? then(ctx) : otherwise(ctx));
};
