/** `{ "post": "Huur", "measure": "basis", "rounded": true }`: another post's amount. */
import * as z from 'zod';
import { Identifier } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const postUnit: ExpressionUnit<ExpressionForms['post']> = {
  schema: () => z.strictObject({ post: Identifier, measure: Identifier.optional(), rounded: z.boolean().optional() }),
  check: (e, c, path) => {
    if (!c.calc.posts.some((p) => p.code === e.post))
      c.report([...path, 'post'], 'dangling_reference', `unknown post ${e.post}`);
    else c.depend(`post ${e.post}`);
    c.measure(e.measure, path);
    return c.calc.unit;
  },
  render: (e) => {
    const name = `${e.post}${e.measure === undefined ? '' : `.${e.measure}`}`;
    return atom(e.rounded === true ? `rounded(${name})` : `post ${name}`);
  },
  dependencies: (e, w) => w.post(e.post),
};
