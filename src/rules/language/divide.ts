/** `{ "divide": [a, b] }`: a divided by b; the unit is a's over b's. A constant 0 divisor is refused at load. */
import * as z from 'zod';
import type { ExpressionForms } from '../format/expression.js';
import { productUnit } from './arithmetic.js';
import { ATOM, MULTIPLICATIVE, type ExpressionUnit } from './unit.js';

export const divideUnit: ExpressionUnit<ExpressionForms['divide']> = {
  schema: (expression) => z.strictObject({ divide: z.tuple([expression, expression]) }),
  check: (e, c, path, scope) => {
    const units = e.divide.map((x, i) => c.expression(x, [...path, 'divide', i], scope));
    if (units.some((u) => u === undefined)) return undefined;
    const divisor = e.divide[1];
    if ('const' in divisor && Number(divisor.const) === 0) {
      c.report([...path, 'divide', 1], 'division_by_zero', 'division by the constant 0');
    }
    return productUnit(units, true);
  },
  render: (e, r) => ({
    text: `${r.at(e.divide[0], MULTIPLICATIVE)} / ${r.at(e.divide[1], ATOM)}`,
    strength: MULTIPLICATIVE,
  }),
  dependencies: (e, w) => {
    for (const x of e.divide) w.expression(x);
  },
};
