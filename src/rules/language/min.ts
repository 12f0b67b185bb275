/** `{ "min": [a, b, …] }`: the smallest of one or more amounts in the same unit. */
import * as z from 'zod';
import type { ExpressionForms } from '../format/expression.js';
import { agreeingUnit, operandsAt } from './arithmetic.js';
import { atom, type ExpressionUnit } from './unit.js';

export const minUnit: ExpressionUnit<ExpressionForms['min']> = {
  schema: (expression) => z.strictObject({ min: z.array(expression).min(1) }),
  check: (e, c, path, scope) => agreeingUnit(c, operandsAt(e.min, path, 'min'), 'min', scope),
  render: (e, r) => atom(`min(${e.min.map((x) => r.text(x)).join(', ')})`),
  dependencies: (e, w) => {
    for (const x of e.min) w.expression(x);
  },
};
