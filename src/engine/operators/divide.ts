/** Compiles `divide`; a zero divisor fails when evaluated (a constant 0 is refused at load). */
import type { ExpressionForms } from '../../rules/format/expression.js';
import { foldable } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileDivide: OperatorCompiler<ExpressionForms['divide']> = (e, c) => {
  const [a, b] = [c.sub(e.divide[0]), c.sub(e.divide[1])];
  return foldable([a, b], (ctx) => {
    const dividend = a(ctx); // first, so the explanation lists figures in the order written
    const divisor = b(ctx);
    if (divisor.isZero()) return c.fail('division_by_zero', 'division by zero');
    return dividend.dividedBy(divisor);
  });
};
