/**
 * Walking a request body alongside its schema, touching only what the schema knows.
 *
 * Only keys the schema declares are followed, so the work is bounded by the schema's depth
 * whatever the body holds: a deeply nested value under an unknown key is never entered (no
 * stack overflow), and inherited properties are never read (`__proto__` in a parsed body is
 * an own key like any other and is looked at only as a key).
 */
import * as z from 'zod';
import { ruleOf, unwrapPresence } from './field-rules.js';
import type { PathSegment } from './field-path.js';
import { isJsonObject } from './json-kinds.js';

/** The schema of the field at `path`, or `undefined` when the schema declares no such field. */
export function schemaAtPath(root: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = root;
  for (const segment of path) {
    const inner: z.ZodType | undefined = current === undefined ? undefined : unwrapPresence(current);
    if (inner instanceof z.ZodObject && typeof segment === 'string' && Object.hasOwn(inner.shape, segment)) {
      current = inner.shape[segment] as z.ZodType;
    } else if (inner instanceof z.ZodArray && typeof segment === 'number') {
      current = inner.element as z.ZodType;
    } else {
      return undefined;
    }
  }
  return current;
}

/** The value at `path`, reading own properties only; `undefined` when there is none. */
export function valueAtPath(body: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = body;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') {
      current = segment < current.length ? (current[segment] as unknown) : undefined;
    } else if (isJsonObject(current) && typeof segment === 'string' && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** An object of the body at a place where the schema expects an object. */
export interface KnownObject {
  readonly schema: z.ZodObject;
  readonly value: Readonly<Record<string, unknown>>;
  readonly path: readonly PathSegment[];
}

/** What a schema node is, worked out once: zod's `instanceof` checks are too slow to repeat per request. */
type WalkPlan =
  | {
      readonly kind: 'object';
      readonly schema: z.ZodObject;
      readonly children: readonly (readonly [string, WalkPlan])[];
    }
  | { readonly kind: 'array'; readonly maxItems: number; readonly element: WalkPlan }
  | { readonly kind: 'leaf' };

const LEAF: WalkPlan = { kind: 'leaf' };
const plans = new WeakMap<z.ZodType, WalkPlan>();

function planOf(schema: z.ZodType): WalkPlan {
  const known = plans.get(schema);
  if (known !== undefined) return known;
  const inner = unwrapPresence(schema);
  let plan: WalkPlan = LEAF;
  if (inner instanceof z.ZodObject) {
    // Registered before the children are planned, so a recursive schema cannot loop.
    const children: [string, WalkPlan][] = [];
    plan = { kind: 'object', schema: inner, children };
    plans.set(schema, plan);
    for (const key of Object.keys(inner.shape)) children.push([key, planOf(inner.shape[key] as z.ZodType)]);
  } else if (inner instanceof z.ZodArray) {
    const rule = ruleOf(inner);
    plan = {
      kind: 'array',
      maxItems: rule?.kind === 'array' ? rule.maxItems : Number.POSITIVE_INFINITY,
      element: planOf(inner.element as z.ZodType),
    };
  }
  plans.set(schema, plan);
  return plan;
}

/**
 * Visits every object of `value` that the schema knows (nested objects and array entries),
 * following only keys the schema declares. Arrays over their maximum are not entered: their
 * size is the error, as in zod.
 */
export function forEachKnownObject(
  schema: z.ZodType,
  value: unknown,
  visit: (node: KnownObject) => void,
  path: readonly PathSegment[] = [],
): void {
  walk(planOf(schema), value, visit, path);
}

function walk(plan: WalkPlan, value: unknown, visit: (node: KnownObject) => void, path: readonly PathSegment[]): void {
  if (plan.kind === 'object') {
    if (!isJsonObject(value)) return;
    visit({ schema: plan.schema, value, path });
    for (const [key, child] of plan.children) {
      if (child.kind !== 'leaf' && Object.hasOwn(value, key)) walk(child, value[key], visit, [...path, key]);
    }
  } else if (plan.kind === 'array') {
    if (!Array.isArray(value) || value.length > plan.maxItems) return;
    value.forEach((entry: unknown, index) => {
      walk(plan.element, entry, visit, [...path, index]);
    });
  }
}
