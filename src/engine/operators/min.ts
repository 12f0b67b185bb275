/** Compiles `min`: the first of equal amounts wins; constant operands are compared once. */
import { compareMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { fold } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileMin: OperatorCompiler<ExpressionForms['min']> = (e, c) =>
  fold(
    e.min.map((x) => c.sub(x)),
    (a, b) => (compareMoney(b, a) < 0 ? b : a),
  );
