/** `{ "if": condition, "then": a, "else": b }`: a when the condition holds, else b; a and b in the same unit. */
import * as z from 'zod';
import { Condition } from '../format/condition.js';
import type { ExpressionForms } from '../format/expression.js';
import { agreeingUnit } from './arithmetic.js';
import { atom, type ExpressionUnit } from './unit.js';

export const ifUnit: ExpressionUnit<ExpressionForms['if']> = {
  // biome-ignore lint/suspicious/noThenProperty: `{if, then, else}` is the rule format's conditional; these objects are never awaited.
  schema: (expression) => z.strictObject({ if: Condition, then: expression, else: expression }),
  check: (e, c, path, scope) => {
    c.condition(e.if, [...path, 'if'], scope);
    return agreeingUnit(
      c,
      [
        [e.then, [...path, 'then']],
        [e.else, [...path, 'else']],
      ],
      'if',
      scope,
    );
  },
  render: (e, r) => atom(`(if ${r.condition(e.if)} then ${r.text(e.then)} else ${r.text(e.else)})`),
  dependencies: (e, w) => {
    w.condition(e.if);
    w.expression(e.then);
    w.expression(e.else);
  },
};
