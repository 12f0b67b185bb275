/**
 * Pairs of keys of which at most one may be given: an alias and its canonical name
 * (`AutoKilometersPerJaar` / `KilometersPerJaar`, one required), and alternatives
 * (`WozWaarde` / `WozWaardeCategorie`, both optional). zod could only express these as
 * refinements that JSON Schema cannot render, so they are declared on the object's rule and
 * checked here, over the whole body, so their issues join every other issue of the body.
 */
import type { z } from 'zod';
import type { ValidationIssue } from './errors.js';
import { formatPath } from './field-path.js';
import { describeExpected, ruleOf } from './field-rules.js';
import { ISSUE_CODES } from './issue-codes.js';
import { forEachKnownObject } from './schema-walk.js';

function isGiven(object: Readonly<Record<string, unknown>>, key: string): boolean {
  // null means "not given" for an optional field, so it cannot clash with anything.
  return Object.hasOwn(object, key) && object[key] !== null && object[key] !== undefined;
}

export function checkExclusiveKeys(schema: z.ZodType, body: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  forEachKnownObject(schema, body, ({ schema: objectSchema, value, path }) => {
    const rule = ruleOf(objectSchema);
    if (rule?.kind !== 'object') return;
    for (const { keys, oneRequired } of rule.exclusiveKeys) {
      const [canonical, other] = keys;
      const canonicalGiven = isGiven(value, canonical);
      const otherGiven = isGiven(value, other);
      if (canonicalGiven && otherGiven) {
        issues.push({
          path: formatPath([...path, other]),
          code: ISSUE_CODES.mutuallyExclusive,
          message: `${other} cannot be given together with ${canonical}: give one of the two`,
        });
      } else if (oneRequired && !canonicalGiven && !otherGiven) {
        const fieldSchema = objectSchema.shape[canonical] as z.ZodType | undefined;
        const fieldRule = fieldSchema === undefined ? undefined : ruleOf(fieldSchema);
        const expected = fieldRule === undefined ? '' : `: expected ${describeExpected(fieldRule)}`;
        issues.push({
          path: formatPath([...path, canonical]),
          code: ISSUE_CODES.required,
          message: `required (or its alias ${other})${expected}`,
        });
      }
    }
  });
  return issues;
}
