/** `{ "param": "aowLeeftijd" }`: a parameter's value, in the parameter's unit. */
import * as z from 'zod';
import { Identifier } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const paramUnit: ExpressionUnit<ExpressionForms['param']> = {
  schema: () => z.strictObject({ param: Identifier }),
  check: (e, c, path) => {
    const p = c.parameters[e.param];
    if (p === undefined) c.report([...path, 'param'], 'dangling_reference', `unknown parameter ${e.param}`);
    return p?.unit;
  },
  render: (e) => atom(e.param),
  dependencies: () => {},
};
