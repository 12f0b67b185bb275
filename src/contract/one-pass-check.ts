/**
 * The common case of validation in one walk over the body: a body that is entirely acceptable
 * is recognised, and its unknown fields collected, while each value is visited once.
 *
 * It decides only "acceptable" or "not sure": it never reports a problem. Whenever anything
 * is off (a wrong type, a value out of range, an alias clash, an object that is not a plain
 * one), the caller falls back to the full path (zod, the cross-field rules, the issue
 * mapping), which names every problem exactly as before. So a refused body is reported as it
 * always was, and an accepted one is what zod accepts: the checks below are the schema's
 * own, read off its field rules (the same bounds, the same enumeration pattern), and
 * test/calculations/fast-path-differential.test.ts compares both paths on generated bodies.
 */
import type { z } from 'zod';
import type { IgnoredField } from './household-values.js';
import { caseInsensitiveNamePattern } from './enums.js';
import { formatPath, type PathSegment } from './field-path.js';
import { isOptionalField, ruleOf, unwrapPresence, type ExclusiveKeys } from './field-rules.js';

/** What one field accepts, worked out once per schema. */
type FieldCheck =
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly codes: ReadonlySet<number>; readonly names: RegExp }
  | ObjectCheck
  | { readonly kind: 'array'; readonly minItems: number; readonly maxItems: number; readonly element: FieldCheck };

interface ObjectCheck {
  readonly kind: 'object';
  /** The declared keys (any value): what is not among them is an unknown field. */
  readonly shape: Readonly<Record<string, unknown>>;
  readonly fields: readonly { readonly key: string; readonly optional: boolean; readonly check: FieldCheck }[];
  readonly exclusiveKeys: readonly ExclusiveKeys[];
}

/**
 * What one field accepts, as plain data: the form `npm run generate` records the request
 * schemas' checks in (request-checks.generated.ts), so a cold start walks a body without
 * building the zod schemas it stands in for (issue 14); test/contract/request-checks.test.ts
 * holds the record to the schemas. An enumeration's names are the source of its pattern.
 */
export type FieldCheckData =
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly codes: readonly number[]; readonly names: string }
  | {
      readonly kind: 'object';
      readonly fields: readonly { readonly key: string; readonly optional: boolean; readonly check: FieldCheckData }[];
      readonly exclusiveKeys: readonly ExclusiveKeys[];
    }
  | {
      readonly kind: 'array';
      readonly minItems: number;
      readonly maxItems: number;
      readonly element: FieldCheckData;
    };

const checks = new WeakMap<z.ZodType, FieldCheck>();

function checkOf(schema: z.ZodObject): FieldCheck {
  let check = checks.get(schema);
  if (check === undefined) {
    check = fromData(fieldCheckData(schema));
    checks.set(schema, check);
  }
  return check;
}

/**
 * Records the checks of a request schema, as `npm run generate` read them off it: the walk then
 * uses them and never reads the schema, whose fields are built only when the full path needs
 * them. Returns the schema.
 */
export function withFieldChecks<S extends z.ZodObject>(schema: S, data: FieldCheckData): S {
  checks.set(schema, fromData(data));
  return schema;
}

/** What a request schema's field accepts, read off its field rules (the same bounds, the same enumeration pattern). */
export function fieldCheckData(schema: z.ZodType): FieldCheckData {
  const inner = unwrapPresence(schema);
  const rule = ruleOf(inner);
  switch (rule?.kind) {
    case 'integer':
      return { kind: 'integer', min: rule.min, max: rule.max };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return {
        kind: 'enum',
        codes: rule.definition.members.map((m) => m.code),
        names: caseInsensitiveNamePattern(rule.definition).source,
      };
    case 'object': {
      const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
      return {
        kind: 'object',
        exclusiveKeys: rule.exclusiveKeys,
        fields: Object.keys(shape).map((key) => {
          const field = shape[key] as z.ZodType;
          return { key, optional: isOptionalField(field), check: fieldCheckData(field) };
        }),
      };
    }
    case 'array':
      return {
        kind: 'array',
        minItems: rule.minItems,
        maxItems: rule.maxItems,
        element: fieldCheckData((inner as z.ZodArray).element as z.ZodType),
      };
    default:
      throw new Error('internal: a request schema field without a field rule');
  }
}

function fromData(data: FieldCheckData): FieldCheck {
  switch (data.kind) {
    case 'integer':
    case 'boolean':
      return data;
    case 'enum':
      return { kind: 'enum', codes: new Set(data.codes), names: new RegExp(data.names) };
    case 'object':
      return {
        kind: 'object',
        shape: Object.fromEntries(data.fields.map((field) => [field.key, true])),
        exclusiveKeys: data.exclusiveKeys,
        fields: data.fields.map((field) => ({
          key: field.key,
          optional: field.optional,
          check: fromData(field.check),
        })),
      };
    case 'array':
      return { kind: 'array', minItems: data.minItems, maxItems: data.maxItems, element: fromData(data.element) };
  }
}

/** What the walk returns for a value that is not plainly acceptable. */
const UNSURE = Symbol('unsure');

/**
 * A body the schema accepts as it is: its declared fields, each read once into fresh plain
 * objects and arrays (as zod's output is, so nothing downstream reads the caller's objects
 * again), and its unknown fields in the order the full path lists them. `undefined` when the
 * body is not plainly acceptable: then validate it fully.
 *
 * `owned`: the body is what `JSON.parse` made, held by nothing else (the batch's and the
 * service's bodies). Its values are plain data that nobody can change, so reading them again is
 * reading the same: the body itself is returned, unknown fields and all (the household's
 * readers read declared fields by name), and no copy is made.
 */
export function acceptInOnePass(
  schema: z.ZodObject,
  body: unknown,
  owned = false,
): { readonly data: unknown; readonly ignoredFields: IgnoredField[] } | undefined {
  const ignoredFields: IgnoredField[] = [];
  const data = read(checkOf(schema), body, [], ignoredFields, owned);
  return data === UNSURE ? undefined : { data, ignoredFields };
}

function read(
  check: FieldCheck,
  value: unknown,
  path: PathSegment[],
  ignored: IgnoredField[],
  owned: boolean,
): unknown {
  switch (check.kind) {
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= check.min && (value as number) <= check.max
        ? value
        : UNSURE;
    case 'boolean':
      return typeof value === 'boolean' ? value : UNSURE;
    case 'enum':
      return (typeof value === 'number' ? check.codes.has(value) : typeof value === 'string' && check.names.test(value))
        ? value
        : UNSURE;
    case 'array': {
      if (!Array.isArray(value) || value.length < check.minItems || value.length > check.maxItems) return UNSURE;
      const out: unknown[] | undefined = owned ? undefined : [];
      for (let i = 0; i < value.length; i += 1) {
        path.push(i);
        const item = read(check.element, value[i], path, ignored, owned);
        path.pop();
        if (item === UNSURE) return UNSURE;
        out?.push(item);
      }
      return out ?? value;
    }
    case 'object':
      return readObject(check, value, path, ignored, owned);
  }
}

function readObject(
  check: ObjectCheck,
  value: unknown,
  path: PathSegment[],
  ignored: IgnoredField[],
  owned: boolean,
): unknown {
  // Only plain objects (JSON.parse makes no other kind); anything unusual goes the full way.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return UNSURE;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return UNSURE;
  const object = value as Readonly<Record<string, unknown>>;
  // This object's unknown fields come before those of the objects within it.
  const ownIgnored = ignored.length;
  /** How many of the shape's fields the object has a value for (null included, undefined not). */
  let given = 0;
  const out: Record<string, unknown> | undefined = owned ? undefined : {};
  for (const field of check.fields) {
    const fieldValue = object[field.key];
    if (fieldValue !== undefined) given += 1;
    if (fieldValue === undefined || fieldValue === null) {
      if (!field.optional) return UNSURE;
      if (fieldValue === null && out !== undefined) out[field.key] = null;
      continue;
    }
    path.push(field.key);
    const fieldData = read(field.check, fieldValue, path, ignored, owned);
    path.pop();
    if (fieldData === UNSURE) return UNSURE;
    if (out !== undefined) out[field.key] = fieldData;
  }
  const ownKeys = Object.keys(object);
  // An object JSON.parse made has no key whose value is undefined: when it has as many keys as
  // fields of the shape given, none is unknown, and they need not be looked up one by one. A key that does hold undefined (an owned body JSON.parse
  // did not make, such as a CSV row's) only makes the keys outnumber the fields given, which
  // forces the search; and no field is named like a member of Object.prototype, so every field
  // given is an own key. A caller's object is always searched.
  if (!owned || ownKeys.length !== given) {
    const unknown: IgnoredField[] = [];
    for (const key of ownKeys) {
      // hasOwn, not `in`: `constructor` and `__proto__` are "in" every plain shape object.
      if (!Object.hasOwn(check.shape, key)) unknown.push({ path: formatPath([...path, key]) });
    }
    if (unknown.length > 0) ignored.splice(ownIgnored, 0, ...unknown);
  }
  for (const { keys, oneRequired } of check.exclusiveKeys) {
    // null means "not given" for an optional field, so it cannot clash with anything. A caller's
    // object is not read again: its copy holds what was read.
    const values = out ?? object;
    const canonicalGiven = Object.hasOwn(object, keys[0]) && values[keys[0]] != null;
    const otherGiven = Object.hasOwn(object, keys[1]) && values[keys[1]] != null;
    if ((canonicalGiven && otherGiven) || (oneRequired && !canonicalGiven && !otherGiven)) return UNSURE;
  }
  return out ?? object;
}
