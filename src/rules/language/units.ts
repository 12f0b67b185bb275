/**
 * The operators of the amount language, one unit each, in documentation order. The type
 * demands exactly one unit per key of `ExpressionForms`: an operator added to the forms
 * without a unit here (or a unit for no form) is a compile error, not a run-time fallback.
 * Its compiler is the same key in `src/engine/operators/compilers.ts`, held to the same list.
 */
import type { Expression, ExpressionForms, ExpressionOperator } from '../format/expression.js';
import { addUnit } from './add.js';
import { constUnit } from './const.js';
import { countUnit } from './count.js';
import { divideUnit } from './divide.js';
import { factUnit } from './fact.js';
import { ifUnit } from './if.js';
import { maxUnit } from './max.js';
import { minUnit } from './min.js';
import { multiplyUnit } from './multiply.js';
import { paramUnit } from './param.js';
import { postUnit } from './post.js';
import { roundUnit } from './round.js';
import { subtractUnit } from './subtract.js';
import { sumPostsUnit } from './sum-posts.js';
import { sumUnit } from './sum.js';
import { tableUnit } from './table.js';
import type { ExpressionUnit } from './unit.js';
import { valueUnit } from './value.js';

/** A unit for every operator, each on its own form. */
export type ExpressionUnits = { readonly [K in ExpressionOperator]: ExpressionUnit<ExpressionForms[K]> };

export const EXPRESSION_UNITS = {
  const: constUnit,
  param: paramUnit,
  table: tableUnit,
  fact: factUnit,
  value: valueUnit,
  post: postUnit,
  sumPosts: sumPostsUnit,
  add: addUnit,
  subtract: subtractUnit,
  multiply: multiplyUnit,
  divide: divideUnit,
  min: minUnit,
  max: maxUnit,
  sum: sumUnit,
  count: countUnit,
  round: roundUnit,
  if: ifUnit,
} as const satisfies ExpressionUnits;

/**
 * The operator of an expression: its one key that names an operator (the others are that
 * operator's companions, such as `unit`, `policy`, `then`). Expressions reach the checker,
 * the renderer and the compiler only after the schema accepted them, so there is always one.
 */
export function operatorOf(e: Expression): ExpressionOperator {
  for (const key in e) if (Object.hasOwn(EXPRESSION_UNITS, key)) return key as ExpressionOperator;
  throw new TypeError(`not an amount expression: ${JSON.stringify(e)}`);
}

/**
 * The unit of an expression's operator, typed for the expression at hand. The one cast of
 * the dispatch: the table's type already pairs each key with the unit of that key's form.
 */
export function unitOf(e: Expression): ExpressionUnit<Expression> {
  return EXPRESSION_UNITS[operatorOf(e)] as ExpressionUnit<Expression>;
}
