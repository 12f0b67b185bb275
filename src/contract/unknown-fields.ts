/**
 * Unknown fields are not errors: the contract ignores them and lists them in the result's
 * `Meldingen`, so a caller who misspelt a field name sees it instead of getting a silent
 * default. This finds them, with their paths as the caller wrote them.
 */
import type { z } from 'zod';
import type { IgnoredField } from './household-values.js';
import { formatPath } from './field-path.js';
import { forEachKnownObject } from './schema-walk.js';

/** Every key of the body the schema does not declare, top level and nested, in body order. */
export function collectUnknownFields(schema: z.ZodType, body: unknown): IgnoredField[] {
  const ignored: IgnoredField[] = [];
  forEachKnownObject(schema, body, ({ schema: objectSchema, value, path }) => {
    for (const key of Object.keys(value)) {
      // hasOwn, not `in`: `constructor` and `__proto__` are "in" every plain shape object.
      if (!Object.hasOwn(objectSchema.shape, key)) ignored.push({ path: formatPath([...path, key]) });
    }
  });
  return ignored;
}
