/**
 * What each request field expects, in words a caller understands.
 *
 * zod decides *whether* a value is acceptable; these rules decide *how we say* what was
 * expected. Keeping our own description per field (instead of reading zod's issue payloads or
 * messages) means no zod wording or internal limit (such as the safe-integer range) ever
 * reaches a caller, and a zod upgrade cannot change an error message.
 */
import * as z from 'zod';
import { describeEnumMembers, type EnumDefinition } from './enums.js';

/** Two keys of one object of which at most one may be given (non-null). */
export interface ExclusiveKeys {
  /** The canonical key first: a missing value is reported under it. */
  readonly keys: readonly [canonical: string, other: string];
  /** Whether one of the two must be given (an alias pair) or both may be left out. */
  readonly oneRequired: boolean;
}

export type FieldRule =
  | {
      readonly kind: 'integer';
      readonly min: number;
      readonly max: number;
      /** What the number is, e.g. `an age in whole years`. */
      readonly noun: string;
    }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly definition: EnumDefinition }
  | { readonly kind: 'object'; readonly exclusiveKeys: readonly ExclusiveKeys[] }
  | { readonly kind: 'array'; readonly minItems: number; readonly maxItems: number; readonly itemNoun: string };

/*
 * Keyed by the schema's definition object rather than the schema itself: zod's `.meta()` and
 * `.describe()` return a clone sharing the same definition, so a schema annotated later for
 * OpenAPI keeps its rule.
 */
const rulesByDefinition = new WeakMap<object, FieldRule>();

/** Attaches a rule to a schema and returns the schema, for use while building schemas. */
export function withRule<S extends z.ZodType>(schema: S, rule: FieldRule): S {
  rulesByDefinition.set(schema._zod.def, rule);
  return schema;
}

/** Strips `.optional()` / `.nullable()` / `.nullish()` wrappers: they describe presence, not the value. */
export function unwrapPresence(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** Whether the field may be left out (absent or `null`). */
export function isOptionalField(schema: z.ZodType): boolean {
  return schema instanceof z.ZodOptional;
}

/** The rule of a field's schema, looking through presence wrappers. */
export function ruleOf(schema: z.ZodType): FieldRule | undefined {
  return rulesByDefinition.get(unwrapPresence(schema)._zod.def);
}

/** The expectation in words, e.g. `an age in whole years from 0 to 125`. */
export function describeExpected(rule: FieldRule): string {
  switch (rule.kind) {
    case 'integer':
      return `${rule.noun} from ${rule.min} to ${rule.max}`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${describeEnumMembers(rule.definition)}, as the integer code or the name in any letter case`;
    case 'object':
      return 'an object';
    case 'array':
      return rule.minItems === 0
        ? `an array of at most ${rule.maxItems} ${rule.itemNoun}`
        : `an array of ${rule.minItems} to ${rule.maxItems} ${rule.itemNoun}`;
  }
}
