/**
 * The explanation format (`Uitleg`, see ./explanation.ts and docs/explanation.md) as a zod
 * schema, so the OpenAPI document describes `Uitleg` field by field instead of as an open
 * object, and a client can check one it received.
 *
 * The TypeScript types in ./explanation.ts stay the documented description; the checks at the
 * end of this file make the compiler refuse a schema that drifts from them in either direction.
 */
import * as z from 'zod';
import { deferredDescribedSchema, once } from './deferred-shape.js';
import { type ConditionTrace, EXPLANATION_FORMAT, type Explanation, type FigureUse } from './explanation.js';

const decimal = once(() => z.string().describe('an exact decimal number, as a string'));

const SourceRefSchema = once(() =>
  z
    .object({
      key: z.string(),
      publisher: z.string(),
      title: z.string(),
      url: z.string().optional(),
      document: z.string().optional(),
      period: z.string(),
      read: z.string(),
      note: z.string().optional(),
      locator: z.string().optional(),
    })
    .describe("an entry of the rule set's sources register"),
);

const sourcedFigure = once(() => ({
  name: z.string(),
  value: decimal(),
  unit: z.string(),
  source: SourceRefSchema(),
  provenance: z.enum(['read', 'derived', 'estimate', 'to-verify']),
  formula: z.string().optional(),
  reasoning: z.string().optional(),
}));

const FigureUseSchema = once(() =>
  z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('parameter'), ...sourcedFigure(), description: z.string() }),
      z.object({ kind: z.literal('table'), ...sourcedFigure(), key: z.record(z.string(), z.string()) }),
      z.object({ kind: z.literal('fact'), name: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) }),
      z.object({ kind: z.literal('value'), name: z.string(), value: decimal() }),
      z.object({
        kind: z.literal('post'),
        name: z.string(),
        measure: z.string(),
        rounded: z.boolean(),
        value: decimal(),
      }),
      z.object({ kind: z.literal('const'), value: decimal(), unit: z.string().optional() }),
    ])
    .describe('a figure a rule used: a parameter, a table cell, a fact, a value, a post or a constant'),
);

const scalar = once(() => z.union([z.string(), z.number(), z.boolean(), z.null()]));
const ComparedValueSchema = once(() =>
  z
    .union([scalar(), z.array(scalar())])
    .describe('a value a condition compared, as the rules saw it (a JSON value, not a decimal string)'),
);

const ComparisonTraceSchema = once(() =>
  z
    .object({
      fact: z.string().describe('the fact compared, or param:<name> for a parameter'),
      path: z.string().optional(),
      operator: z.string().describe("json-rules-engine's operator, as written in the rule"),
      value: z.union([
        ComparedValueSchema(),
        z
          .object({ fact: z.string(), path: z.string().optional(), receivedValue: ComparedValueSchema().optional() })
          .describe('another fact or param:<name>, with the value it had'),
      ]),
      receivedValue: ComparedValueSchema().optional().describe("the fact's value; absent when it had none"),
      result: z.boolean(),
    })
    .describe("one comparison as evaluated, as json-rules-engine's condition results"),
);

/**
 * A rule's `because`: its condition as evaluated, as far as it decided ({@link ConditionTrace}).
 * Recursive, so typed by hand: cast to the documented type, the comparison (its one leaf with
 * fields of its own) held to it by the check at the end of this file. The OpenAPI document
 * names it as a component of its own, where its references to itself point.
 */
const CONDITION_TRACE = {
  description:
    "a rule's condition as evaluated, as far as it decided: a comparison, or all / any / not of the parts that decided",
};
// Recursive through its stand-in, which defers it as z.lazy would (deferredSchema). Described by
// registering the union itself, not a described copy of it: the JSON Schema generator would walk
// the copy and then its original, meeting the recursive options twice.
export const ConditionTraceSchema = deferredDescribedSchema(
  CONDITION_TRACE,
  (): z.ZodType =>
    z
      .union([
        ComparisonTraceSchema(),
        z.object({ all: z.array(ConditionTraceSchema), result: z.boolean() }),
        z.object({ any: z.array(ConditionTraceSchema), result: z.boolean() }),
        z.object({ not: ConditionTraceSchema, result: z.boolean() }),
      ])
      .register(z.globalRegistry, CONDITION_TRACE),
) as unknown as z.ZodType<ConditionTrace>;

const RuleTraceSchema = once(() =>
  z.object({
    id: z.string(),
    description: z.string(),
    applied: z.boolean(),
    because: ConditionTraceSchema.optional(),
    amounts: z.record(z.string(), decimal()).optional(),
    expressions: z.record(z.string(), z.unknown()).optional(),
    figures: z.array(FigureUseSchema()).optional(),
  }),
);

const AmountTraceSchema = once(() =>
  z.object({
    code: z.string(),
    description: z.string(),
    combine: z.enum(['first', 'sum']),
    exact: z.record(z.string(), decimal()),
    rounded: z.record(z.string(), decimal()).optional(),
    full: z.record(z.string(), decimal()).optional(),
    rounding: z.object({ policy: z.string(), decimals: z.number(), mode: z.string() }).optional(),
    rules: z.array(RuleTraceSchema()),
  }),
);

const TotalTraceSchema = once(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    value: decimal(),
    figures: z.array(FigureUseSchema()),
  }),
);

const EXPLANATION = {
  description: `How every amount came about (format ${EXPLANATION_FORMAT}): the rules tried, the figures used with their sources and provenance; see docs/explanation.md`,
};
const explanationObject = deferredDescribedSchema(EXPLANATION, () =>
  z
    .object({
      format: z.literal(EXPLANATION_FORMAT),
      ruleSet: z.object({
        id: z.string(),
        hash: z.string(),
        validFrom: z.string(),
        validUntil: z.string(),
        status: z.string(),
      }),
      calculation: z.string(),
      facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      posts: z.array(AmountTraceSchema()),
      values: z.array(AmountTraceSchema()),
      totals: z.array(TotalTraceSchema()),
    })
    .meta(EXPLANATION),
);

/*
 * Compile-time agreement with the documented types: after making both read-only, they must be
 * identical, so a field added to, dropped from, renamed or retyped in either one (an optional
 * one too) fails the type-check.
 */
/**
 * The explanation of a result, as `Uitleg` carries it (docs/explanation.md). Typed as the
 * documented {@link Explanation} (which the checks below hold it to), so the declarations
 * shipped with the package stay small.
 */
export const ExplanationSchema = explanationObject as unknown as z.ZodType<Explanation>;

type Frozen<T> = T extends object ? { readonly [K in keyof T]: Frozen<Exclude<T[K], undefined>> } : T;
type Agrees<A, B> = (<T>() => T extends Frozen<A> ? 1 : 2) extends <T>() => T extends Frozen<B> ? 1 : 2 ? true : false;
const explanationAgrees: Agrees<z.output<typeof explanationObject>, Explanation> = true;
const figureAgrees: Agrees<z.output<ReturnType<typeof FigureUseSchema>>, FigureUse> = true;
const comparisonAgrees: Agrees<
  z.output<ReturnType<typeof ComparisonTraceSchema>>,
  Extract<ConditionTrace, { readonly operator: string }>
> = true;
void explanationAgrees;
void figureAgrees;
void comparisonAgrees;
