/**
 * Building blocks for the request schemas: one builder per kind of field, each producing a
 * plain zod schema (so `z.toJSONSchema` can describe it) with its `FieldRule` attached (so
 * error messages can say what was expected).
 *
 * Unknown keys are stripped, never passed through: z.object's default. A passthrough object
 * would copy caller keys such as `__proto__` onto a fresh object, which is how prototype
 * pollution starts; unknown keys are reported separately (unknown-fields.ts).
 */
import * as z from 'zod';
import { MAX_AGE, MAX_MONTHLY_AMOUNT, MAX_WOZ_VALUE, MIN_AGE, MIN_MONTHLY_AMOUNT, MIN_WOZ_VALUE } from './bounds.js';
import { caseInsensitiveNamePattern, describeEnumMembers, type EnumDefinition } from './enums.js';
import { withRule, type ExclusiveKeys } from './field-rules.js';
import { deferredDescribedSchema } from './deferred-shape.js';

/** A whole number within `[min, max]`. Floats and numeric strings are rejected, never coerced. */
export function integerField(min: number, max: number, noun: string, description: string) {
  return withRule(z.int().min(min).max(max).meta({ description }), { kind: 'integer', min, max, noun });
}

/** Whole euros per month. */
export function monthlyAmountField(description: string) {
  return integerField(
    MIN_MONTHLY_AMOUNT,
    MAX_MONTHLY_AMOUNT,
    'a whole number of euros per month',
    `${description}, whole euros per month (${MIN_MONTHLY_AMOUNT} to ${MAX_MONTHLY_AMOUNT})`,
  );
}

/** Age in whole years. */
export function ageField(description: string) {
  return integerField(
    MIN_AGE,
    MAX_AGE,
    'an age in whole years',
    `${description}, whole years (${MIN_AGE} to ${MAX_AGE})`,
  );
}

/** A property value in whole euros (not monthly). */
export function wozValueField(description: string) {
  return integerField(
    MIN_WOZ_VALUE,
    MAX_WOZ_VALUE,
    'a property value in whole euros',
    `${description}, whole euros (${MIN_WOZ_VALUE} to ${MAX_WOZ_VALUE})`,
  );
}

/** How many of something, from 0. */
export function countField(max: number, description: string) {
  return integerField(0, max, 'a whole number', `${description} (0 to ${max})`);
}

export function booleanField(description: string) {
  return withRule(z.boolean().meta({ description }), { kind: 'boolean' });
}

/**
 * An enumeration: the integer code, or the name in any letter case. The name pattern carries
 * no regex flags so the JSON Schema `pattern` accepts exactly what the parser accepts.
 *
 * The schema's TypeScript input type is narrower than what it accepts: the codes and the names
 * as the contract spells them (`0 | 1 | 'Man' | 'Vrouw'`), so a TypeScript caller writing
 * `'Mann'` gets a compile error. Other letter cases (`'man'`) remain valid at run time, for
 * bodies that arrive as untyped JSON; a TypeScript caller writes the contract's spelling.
 */
export function enumField<Name extends string, Code extends number>(
  definition: EnumDefinition<string, Name, Code>,
  description: string,
): z.ZodType<number | string, Name | Code> {
  const codes = definition.members.map((member) => member.code);
  const schema = z.union([z.literal(codes), z.string().regex(caseInsensitiveNamePattern(definition))]).meta({
    description: `${description}: ${describeEnumMembers(definition)}; the integer code or the name, in any letter case`,
  });
  // The narrower input type is the one deliberate difference from what zod infers (see above).
  return withRule(schema, { kind: 'enum', definition }) as z.ZodType<number | string> as z.ZodType<
    number | string,
    Name | Code
  >;
}

export function objectField<Shape extends z.ZodRawShape>(
  shape: Shape,
  description: string,
  exclusiveKeys: readonly ExclusiveKeys[] = [],
) {
  // Made when first used: the request objects are module constants, so importing the package
  // builds none (deferred-shape.ts).
  return deferredDescribedSchema({ description }, () =>
    withRule(z.object(shape).meta({ description }), { kind: 'object', exclusiveKeys }),
  );
}

export function arrayField<Element extends z.ZodType>(
  element: Element,
  limits: { readonly minItems: number; readonly maxItems: number; readonly itemNoun: string },
  description: string,
) {
  return withRule(z.array(element).min(limits.minItems).max(limits.maxItems).meta({ description }), {
    kind: 'array',
    ...limits,
  });
}

/**
 * An optional field: absent and `null` both mean "not given" (contract: "`null` for an optional
 * field means not given"), so every optional field accepts `null`.
 */
export function optional<S extends z.ZodType>(schema: S) {
  return schema.nullish();
}
