/**
 * `{ "sumPosts": { "group": "wonen", "measure": "basis", "rounded": true } }`: the total of
 * the posts of a group (absent: of every post). Its options are one object, so a new option
 * is one key in the schema below, one check, one word in the rendering and one use in its
 * compiler (src/engine/operators/sum-posts.ts).
 */
import * as z from 'zod';
import { Identifier } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const sumPostsUnit: ExpressionUnit<ExpressionForms['sumPosts']> = {
  schema: () =>
    z.strictObject({
      sumPosts: z.strictObject({
        measure: Identifier.optional(),
        group: Identifier.optional(),
        rounded: z.boolean().optional(),
      }),
    }),
  check: (e, c, path) => {
    const { group, measure } = e.sumPosts;
    if (group !== undefined && !(c.calc.groups ?? []).some((g) => g.code === group)) {
      c.report([...path, 'sumPosts', 'group'], 'dangling_reference', `unknown group ${group}`);
    }
    for (const p of c.calc.posts) if (group === undefined || p.group === group) c.depend(`post ${p.code}`);
    c.measure(measure, [...path, 'sumPosts']);
    return c.calc.unit;
  },
  render: (e) => {
    const s = e.sumPosts;
    const what = `${s.rounded === true ? 'rounded ' : ''}posts${s.group === undefined ? '' : ` of group ${s.group}`}${s.measure === undefined ? '' : ` (${s.measure})`}`;
    return atom(`sum of all ${what}`);
  },
  dependencies: (e, w) => w.posts(e.sumPosts.group),
};
