/**
 * Walking a request body alongside its schema, touching only what the schema knows.
 *
 * Only keys the schema declares are followed, so the work is bounded by the schema's depth
 * whatever the body holds: a deeply nested value under an unknown key is never entered (no
 * stack overflow), and inherited properties are never read (`__proto__` in a parsed body is
 * an own key like any other and is looked at only as a key).
 */
import { z } from 'zod';
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

/**
 * Calls `visit` for every object in the body that sits where the schema expects an object,
 * outermost first. Values of the wrong type are skipped (the schema reports them). An array
 * longer than its maximum is not entered, as zod does not check its entries either: one
 * `too_many_items` issue, rather than one per surplus entry.
 */
export function forEachKnownObject(
  schema: z.ZodType,
  value: unknown,
  visit: (node: KnownObject) => void,
  path: readonly PathSegment[] = [],
): void {
  const inner = unwrapPresence(schema);
  if (inner instanceof z.ZodObject && isJsonObject(value)) {
    visit({ schema: inner, value, path });
    for (const key of Object.keys(inner.shape)) {
      if (Object.hasOwn(value, key)) {
        forEachKnownObject(inner.shape[key] as z.ZodType, value[key], visit, [...path, key]);
      }
    }
  } else if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const rule = ruleOf(inner);
    if (rule?.kind === 'array' && value.length > rule.maxItems) return;
    value.forEach((entry: unknown, index) => {
      forEachKnownObject(inner.element as z.ZodType, entry, visit, [...path, index]);
    });
  }
}
