/** Compiles `add`: constant terms are added once, at compile time. */
import { addMoney } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { fold } from '../amount.js';
import type { OperatorCompiler } from '../expression-env.js';

export const compileAdd: OperatorCompiler<ExpressionForms['add']> = (e, c) =>
  fold(
    e.add.map((x) => c.sub(x)),
    addMoney,
  );
