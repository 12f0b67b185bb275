/** `{ "subtract": [a, b] }`: a minus b, both in the same unit. */
import * as z from 'zod';
import type { ExpressionForms } from '../format/expression.js';
import { agreeingUnit, operandsAt } from './arithmetic.js';
import { ADDITIVE, MULTIPLICATIVE, type ExpressionUnit } from './unit.js';

export const subtractUnit: ExpressionUnit<ExpressionForms['subtract']> = {
  schema: (expression) => z.strictObject({ subtract: z.tuple([expression, expression]) }),
  check: (e, c, path, scope) => agreeingUnit(c, operandsAt(e.subtract, path, 'subtract'), 'subtract', scope),
  render: (e, r) => ({
    text: `${r.at(e.subtract[0], ADDITIVE)} − ${r.at(e.subtract[1], MULTIPLICATIVE)}`,
    strength: ADDITIVE,
  }),
  dependencies: (e, w) => {
    for (const x of e.subtract) w.expression(x);
  },
};
