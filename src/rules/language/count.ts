/** `{ "count": { "over": "children", "when": … } }`: how many items of a collection (meeting `when`); unit `1`. */
import * as z from 'zod';
import { Collection } from '../format/common.js';
import { TopCondition } from '../format/condition.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const countUnit: ExpressionUnit<ExpressionForms['count']> = {
  schema: () => z.strictObject({ count: z.strictObject({ over: Collection, when: TopCondition.optional() }) }),
  check: (e, c, path, scope) => {
    if (scope !== undefined)
      c.report([...path, 'count'], 'nested_collection', `a count inside a sum over ${scope} is not supported`);
    if (e.count.when !== undefined) c.condition(e.count.when, [...path, 'count', 'when'], e.count.over);
    return '1';
  },
  render: (e, r) => {
    const where = e.count.when === undefined ? '' : ` where ${r.condition(e.count.when)}`;
    return atom(`(number of ${e.count.over}${where})`);
  },
  dependencies: (e, w) => {
    w.collection(e.count.over);
    if (e.count.when !== undefined) w.condition(e.count.when);
  },
};
