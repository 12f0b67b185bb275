/** Compiles `round` by a manifest policy; folded when the operand is constant. */
import type { ExpressionForms } from '../../rules/format/expression.js';
import { foldable } from '../amount.js';
import { rounder, type OperatorCompiler } from '../expression-env.js';

export const compileRound: OperatorCompiler<ExpressionForms['round']> = (e, c) => {
  const inner = c.sub(e.round);
  if (c.env.ruleSet.manifest.rounding[e.policy] === undefined)
    return c.fail('dangling_reference', `unknown rounding policy ${e.policy}`);
  const round = rounder(c.env.ruleSet, e.policy);
  return foldable([inner], (ctx) => round(inner(ctx)));
};
