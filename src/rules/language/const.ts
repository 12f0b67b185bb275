/** `{ "const": "12", "unit": "month/year" }`: a literal figure; without a unit it takes its neighbours'. */
import * as z from 'zod';
import { DecimalLiteral, Unit } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const constUnit: ExpressionUnit<ExpressionForms['const']> = {
  schema: () => z.strictObject({ const: DecimalLiteral, unit: Unit.optional() }),
  check: (e) => e.unit ?? null,
  render: (e) => atom(String(e.const)),
  dependencies: () => {},
};
