/**
 * The one validation path both request parsers share: body shape, schema, cross-field rules
 * and unknown fields, with every problem collected before anything is thrown.
 */
import type { z } from 'zod';
import type { IgnoredField } from './household-values.js';
import { ValidationError, type ValidationIssue } from './errors.js';
import { checkExclusiveKeys } from './exclusive-keys.js';
import { ISSUE_CODES } from './issue-codes.js';
import { mapSchemaIssues } from './issue-mapping.js';
import { describeJsonValue, isJsonObject } from './json-kinds.js';
import { collectUnknownFields } from './unknown-fields.js';

export interface ValidatedRequest<T> {
  /** The body as the schema sees it: declared fields only, enumerations still as sent. */
  readonly data: T;
  /** Keys the schema does not know, to be reported in `Meldingen`. */
  readonly ignoredFields: readonly IgnoredField[];
}

/**
 * Validates a parsed JSON body against a request schema. Throws a `ValidationError` listing
 * every problem of the body; throws nothing else for any JSON value.
 */
export function validateRequest<S extends z.ZodObject>(schema: S, body: unknown): ValidatedRequest<z.output<S>> {
  if (!isJsonObject(body)) {
    throw new ValidationError([
      {
        path: '',
        code: ISSUE_CODES.invalidBody,
        message: `expected a JSON object as the request body, got ${describeJsonValue(body)}`,
      },
    ]);
  }
  const result = schema.safeParse(body);
  const issues: ValidationIssue[] = [
    ...(result.success ? [] : mapSchemaIssues(schema, body, result.error.issues)),
    ...checkExclusiveKeys(schema, body),
  ];
  if (issues.length > 0 || !result.success) throw new ValidationError(issues);
  return { data: result.data, ignoredFields: collectUnknownFields(schema, body) };
}
