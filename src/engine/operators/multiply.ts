/** Compiles `multiply`: constant factors are multiplied once, at compile time. */
import type { ExpressionForms } from '../../rules/format/expression.js';
import { fold } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileMultiply: OperatorCompiler<ExpressionForms['multiply']> = (e, c) =>
  fold(
    e.multiply.map((x) => c.sub(x)),
    (a, b) => a.times(b),
  );
