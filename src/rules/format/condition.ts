/**
 * Conditions in json-rules-engine's JSON format: `all` / `any` (non-empty lists), `not`,
 * and fact conditions `{ fact, operator, value, path? }`, where `value` is a literal or
 * `{ fact, path? }`. Only json-rules-engine's built-in operators are accepted; its
 * extensions (condition references, params, custom operators, decorators) are not, so
 * every condition means exactly what json-rules-engine would make of it.
 */
import * as z from 'zod';
import { deferredSchema } from '../../contract/deferred-shape.js';

export const OPERATORS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
] as const;
export const Operator = deferredSchema(() => z.enum(OPERATORS));
export type Operator = z.infer<typeof Operator>;

/**
 * The operators that compare numbers (json-rules-engine first checks the fact value with
 * `parseFloat`): the loader requires a numeric fact and a number to compare with; the
 * engine compiles each to its own closure.
 */
export const NUMERIC_OPERATORS = [
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
] as const satisfies readonly Operator[];
export type NumericOperator = (typeof NUMERIC_OPERATORS)[number];

export function isNumericOperator(operator: Operator): operator is NumericOperator {
  return (NUMERIC_OPERATORS as readonly Operator[]).includes(operator);
}

/** A JSONPath of the supported subset: `$` then `.name` or `[index]` steps. */
export const FactPath = deferredSchema(() =>
  z.string().regex(/^\$(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*$/, 'a JSONPath like $.name or $.list[0]'),
);

/** A fact name, or `param:<name>` to compare with a parameter. */
export const FactName = deferredSchema(() =>
  z.string().regex(/^(param:)?[A-Za-z][A-Za-z0-9_.-]*$/, 'a fact name, or param:<parameter name>'),
);

export const FactReference = deferredSchema(() => z.strictObject({ fact: FactName, path: FactPath.optional() }));
export type FactReference = z.infer<typeof FactReference>;

const Scalar = deferredSchema(() => z.union([z.number(), z.string(), z.boolean(), z.null()]));
export const ConditionValue = deferredSchema(() => z.union([Scalar, z.array(Scalar), FactReference]));
export type ConditionValue = z.infer<typeof ConditionValue>;

export interface FactCondition {
  fact: string;
  operator: Operator;
  value: ConditionValue;
  path?: string | undefined;
}
export type BooleanCondition = { all: Condition[] } | { any: Condition[] } | { not: Condition };
export type Condition = FactCondition | BooleanCondition;

export const FactConditionSchema = deferredSchema(() =>
  z.strictObject({
    fact: FactName,
    operator: Operator,
    value: ConditionValue,
    path: FactPath.optional(),
  }),
);

// Recursive through its stand-in, which defers it as z.lazy would (deferredSchema).
export const Condition: z.ZodType<Condition> = deferredSchema(() =>
  z.union([
    FactConditionSchema,
    z.strictObject({ all: z.array(Condition).min(1) }),
    z.strictObject({ any: z.array(Condition).min(1) }),
    z.strictObject({ not: Condition }),
  ]),
);

/** A rule's condition: json-rules-engine requires `all`, `any` or `not` at the top. */
export const TopCondition: z.ZodType<BooleanCondition> = deferredSchema(() =>
  z.union([
    z.strictObject({ all: z.array(Condition).min(1) }),
    z.strictObject({ any: z.array(Condition).min(1) }),
    z.strictObject({ not: Condition }),
  ]),
);
