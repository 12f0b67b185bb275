/**
 * `{ "sum": { "over": "cars", "amount": …, "when": … } }`: the total of an amount over the
 * items of a collection (those meeting `when`); inside, `car.*` (or `person.*`, `child.*`)
 * facts read the current item.
 */
import * as z from 'zod';
import { Collection } from '../format/common.js';
import { TopCondition } from '../format/condition.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const sumUnit: ExpressionUnit<ExpressionForms['sum']> = {
  schema: (expression) =>
    z.strictObject({ sum: z.strictObject({ over: Collection, amount: expression, when: TopCondition.optional() }) }),
  check: (e, c, path, scope) => {
    if (scope !== undefined)
      c.report([...path, 'sum'], 'nested_collection', `a sum inside a sum over ${scope} is not supported`);
    if (e.sum.when !== undefined) c.condition(e.sum.when, [...path, 'sum', 'when'], e.sum.over);
    return c.expression(e.sum.amount, [...path, 'sum', 'amount'], e.sum.over);
  },
  render: (e, r) => {
    const where = e.sum.when === undefined ? '' : ` where ${r.condition(e.sum.when)}`;
    return atom(`(sum over ${e.sum.over}${where} of ${r.text(e.sum.amount)})`);
  },
  dependencies: (e, w) => {
    w.collection(e.sum.over);
    w.expression(e.sum.amount);
    if (e.sum.when !== undefined) w.condition(e.sum.when);
  },
};
