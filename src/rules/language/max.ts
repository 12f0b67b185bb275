/** `{ "max": [a, b, …] }`: the largest of one or more amounts in the same unit. */
import * as z from 'zod';
import type { ExpressionForms } from '../format/expression.js';
import { agreeingUnit, operandsAt } from './arithmetic.js';
import { atom, type ExpressionUnit } from './unit.js';

export const maxUnit: ExpressionUnit<ExpressionForms['max']> = {
  schema: (expression) => z.strictObject({ max: z.array(expression).min(1) }),
  check: (e, c, path, scope) => agreeingUnit(c, operandsAt(e.max, path, 'max'), 'max', scope),
  render: (e, r) => atom(`max(${e.max.map((x) => r.text(x)).join(', ')})`),
  dependencies: (e, w) => {
    for (const x of e.max) w.expression(x);
  },
};
