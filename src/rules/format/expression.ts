/**
 * Amount expressions: a small closed set of JSON operators. Each is one object with one
 * operator key (plus that operator's companions). `docs/rules-format.md` documents every
 * operator with an example.
 *
 * Each operator is one unit in `src/rules/language/<operator>.ts` (its schema, checker,
 * readable rendering and dependency walk) and one compiler in
 * `src/engine/operators/<operator>.ts`. This module names the forms, one per operator, and
 * assembles the schema from the units, in the units' (documentation) order.
 */
import * as z from 'zod';
import { deferredSchema } from '../../contract/deferred-shape.js';
import type { DecimalLiteral } from './common.js';
import type { BooleanCondition, Condition } from './condition.js';
import { EXPRESSION_UNITS } from '../language/units.js';

export { COLLECTIONS, Collection } from './common.js';
import type { Collection } from './common.js';

export type TableKey = Record<string, string | { fact: string }>;

/**
 * The form of each operator, keyed by its operator key. The one list of operators: the
 * tables of units (rules layer) and compilers (engine) must have exactly these keys, so an
 * operator added here without its unit or compiler does not compile.
 */
export interface ExpressionForms {
  const: { const: DecimalLiteral; unit?: string | undefined };
  param: { param: string };
  table: { table: string; key: TableKey };
  fact: { fact: string };
  value: { value: string };
  post: { post: string; measure?: string | undefined; rounded?: boolean | undefined };
  sumPosts: { sumPosts: { measure?: string | undefined; group?: string | undefined; rounded?: boolean | undefined } };
  add: { add: Expression[] };
  subtract: { subtract: [Expression, Expression] };
  multiply: { multiply: Expression[] };
  divide: { divide: [Expression, Expression] };
  min: { min: Expression[] };
  max: { max: Expression[] };
  sum: { sum: { over: Collection; amount: Expression; when?: BooleanCondition | undefined } };
  count: { count: { over: Collection; when?: BooleanCondition | undefined } };
  round: { round: Expression; policy: string };
  if: { if: Condition; then: Expression; else: Expression };
}

/** An operator key: `const`, `add`, `if`, … */
export type ExpressionOperator = keyof ExpressionForms;

export type Expression = ExpressionForms[ExpressionOperator];

/** The operator keys, in documentation order (the order of the units' table). */
export const EXPRESSION_OPERATORS = Object.keys(EXPRESSION_UNITS) as readonly ExpressionOperator[];

// Recursive through its stand-in, which defers it as z.lazy would (deferredSchema).
export const Expression: z.ZodType<Expression> = deferredSchema(() =>
  z.union(EXPRESSION_OPERATORS.map((op) => EXPRESSION_UNITS[op].schema(Expression)) as [z.ZodType<Expression>]),
);
