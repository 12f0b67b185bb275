/** `{ "round": …, "policy": "euro" }`: an amount rounded by one of the manifest's rounding policies. */
import * as z from 'zod';
import { Identifier } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const roundUnit: ExpressionUnit<ExpressionForms['round']> = {
  schema: (expression) => z.strictObject({ round: expression, policy: Identifier }),
  check: (e, c, path, scope) => {
    if (c.manifest.rounding[e.policy] === undefined)
      c.report([...path, 'policy'], 'dangling_reference', `no rounding policy "${e.policy}" in the manifest`);
    return c.expression(e.round, [...path, 'round'], scope);
  },
  render: (e, r) => atom(`round(${r.text(e.round)}, ${e.policy})`),
  dependencies: (e, w) => w.expression(e.round),
};
