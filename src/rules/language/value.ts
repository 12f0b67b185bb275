/** `{ "value": "woonlasten" }`: an intermediate value of the same calculation file. */
import * as z from 'zod';
import { Identifier } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const valueUnit: ExpressionUnit<ExpressionForms['value']> = {
  schema: () => z.strictObject({ value: Identifier }),
  check: (e, c, path) => {
    const v = (c.calc.values ?? []).find((x) => x.id === e.value);
    if (v === undefined) {
      c.report([...path, 'value'], 'dangling_reference', `unknown value ${e.value}`);
      return undefined;
    }
    c.depend(`value ${v.id}`);
    return v.unit;
  },
  render: (e) => atom(e.value),
  dependencies: (e, w) => w.value(e.value),
};
