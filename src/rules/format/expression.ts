/**
 * Amount expressions: a small closed set of JSON operators. Each is one object with one
 * operator key (plus that operator's companions). `docs/rules-format.md` documents every
 * operator with an example.
 */
import { z } from 'zod';
import { DecimalLiteral, Identifier, KeyValue, Unit } from './common.js';
import { Condition, TopCondition, type BooleanCondition } from './condition.js';

/** The collections a `sum` or `count` can run over; their items' facts are `person.*`, `child.*`, `car.*`. */
export const COLLECTIONS = ['persons', 'children', 'cars'] as const;
export const Collection = z.enum(COLLECTIONS);
export type Collection = z.infer<typeof Collection>;

export type TableKey = Record<string, string | { fact: string }>;

export type Expression =
  | { const: DecimalLiteral; unit?: string | undefined }
  | { param: string }
  | { table: string; key: TableKey }
  | { fact: string }
  | { value: string }
  | { post: string; measure?: string | undefined; rounded?: boolean | undefined }
  | { sumPosts: { measure?: string | undefined; group?: string | undefined; rounded?: boolean | undefined } }
  | { add: Expression[] }
  | { subtract: [Expression, Expression] }
  | { multiply: Expression[] }
  | { divide: [Expression, Expression] }
  | { min: Expression[] }
  | { max: Expression[] }
  | { sum: { over: Collection; amount: Expression; when?: BooleanCondition | undefined } }
  | { count: { over: Collection; when?: BooleanCondition | undefined } }
  | { round: Expression; policy: string }
  | { if: Condition; then: Expression; else: Expression };

/** The operator keys, in documentation order. */
export const EXPRESSION_OPERATORS = [
  'const',
  'param',
  'table',
  'fact',
  'value',
  'post',
  'sumPosts',
  'add',
  'subtract',
  'multiply',
  'divide',
  'min',
  'max',
  'sum',
  'count',
  'round',
  'if',
] as const;

export const Expression: z.ZodType<Expression> = z.lazy(() => {
  const list = z.array(Expression).min(1);
  const pair = z.tuple([Expression, Expression]);
  return z.union([
    z.strictObject({ const: DecimalLiteral, unit: Unit.optional() }),
    z.strictObject({ param: Identifier }),
    z.strictObject({
      table: Identifier,
      key: z.record(Identifier, z.union([KeyValue, z.strictObject({ fact: Identifier })])),
    }),
    z.strictObject({ fact: Identifier }),
    z.strictObject({ value: Identifier }),
    z.strictObject({ post: Identifier, measure: Identifier.optional(), rounded: z.boolean().optional() }),
    z.strictObject({
      sumPosts: z.strictObject({
        measure: Identifier.optional(),
        group: Identifier.optional(),
        rounded: z.boolean().optional(),
      }),
    }),
    z.strictObject({ add: list }),
    z.strictObject({ subtract: pair }),
    z.strictObject({ multiply: list }),
    z.strictObject({ divide: pair }),
    z.strictObject({ min: list }),
    z.strictObject({ max: list }),
    z.strictObject({ sum: z.strictObject({ over: Collection, amount: Expression, when: TopCondition.optional() }) }),
    z.strictObject({ count: z.strictObject({ over: Collection, when: TopCondition.optional() }) }),
    z.strictObject({ round: Expression, policy: Identifier }),
    // biome-ignore lint/suspicious/noThenProperty: `{if, then, else}` is the rule format's conditional; these objects are never awaited.
    z.strictObject({ if: Condition, then: Expression, else: Expression }),
  ]);
});
