/** `{ "add": [a, b, …] }`: the sum of one or more amounts in the same unit. */
import * as z from 'zod';
import type { ExpressionForms } from '../format/expression.js';
import { agreeingUnit, operandsAt } from './arithmetic.js';
import { ADDITIVE, type ExpressionUnit } from './unit.js';

export const addUnit: ExpressionUnit<ExpressionForms['add']> = {
  schema: (expression) => z.strictObject({ add: z.array(expression).min(1) }),
  check: (e, c, path, scope) => agreeingUnit(c, operandsAt(e.add, path, 'add'), 'add', scope),
  render: (e, r) => ({ text: e.add.map((x) => r.at(x, ADDITIVE)).join(' + '), strength: ADDITIVE }),
  dependencies: (e, w) => {
    for (const x of e.add) w.expression(x);
  },
};
