/** Compiles `const`: the figure, read once; the explanation lists it with its unit. */
import { Money } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { constantFigure, type OperatorCompiler } from '../expression-env.js';

export const compileConst: OperatorCompiler<ExpressionForms['const']> = (e, c) => {
  const d = new Money(e.const);
  const unit = e.unit;
  return constantFigure(c.env, d, `const:${d.toString()}:${unit ?? ''}`, () => ({
    kind: 'const',
    value: d.toString(),
    ...(unit !== undefined ? { unit } : {}),
  }));
};
