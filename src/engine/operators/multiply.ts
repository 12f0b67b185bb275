/**
 * Compiles `multiply`: constant factors are multiplied once, at compile time; a factor 1 and
 * whole factors cost no decimal.js multiplication (multiplyMoney).
 */
import { multiplyMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { fold } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileMultiply: OperatorCompiler<ExpressionForms['multiply']> = (e, c) =>
  fold(
    e.multiply.map((x) => c.sub(x)),
    multiplyMoney,
  );
