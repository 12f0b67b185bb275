/** `{ "multiply": [a, b, …] }`: the product; its unit is the product of the operands' units. */
import * as z from 'zod';
import type { ExpressionForms } from '../format/expression.js';
import { productUnit } from './arithmetic.js';
import { MULTIPLICATIVE, type ExpressionUnit } from './unit.js';

export const multiplyUnit: ExpressionUnit<ExpressionForms['multiply']> = {
  schema: (expression) => z.strictObject({ multiply: z.array(expression).min(1) }),
  check: (e, c, path, scope) =>
    productUnit(
      e.multiply.map((x, i) => c.expression(x, [...path, 'multiply', i], scope)),
      false,
    ),
  render: (e, r) => ({ text: e.multiply.map((x) => r.at(x, MULTIPLICATIVE)).join(' × '), strength: MULTIPLICATIVE }),
  dependencies: (e, w) => {
    for (const x of e.multiply) w.expression(x);
  },
};
