/**
 * The one validation path both request parsers share: body shape, schema, cross-field rules
 * and unknown fields, with every problem collected before anything is thrown. A body that is
 * acceptable as it is passes in one walk (one-pass-check.ts); only a body with some problem
 * takes the full path, which names every problem.
 */
import type { z } from 'zod';
import type { IgnoredField } from './household-values.js';
import { ValidationError, type ValidationIssue } from './errors.js';
import { checkExclusiveKeys } from './exclusive-keys.js';
import { ISSUE_CODES } from './issue-codes.js';
import { mapSchemaIssues } from './issue-mapping.js';
import { acceptInOnePass } from './one-pass-check.js';
import { describeJsonValue, isJsonObject } from './json-kinds.js';
import { collectUnknownFields } from './unknown-fields.js';

export interface ValidatedRequest<T> {
  /**
   * The body as the schema sees it: declared fields only, enumerations still as sent. An owned
   * body accepted in one walk is the body itself: its unknown fields are still there, unread.
   */
  readonly data: T;
  /** Keys the schema does not know, to be reported in `Meldingen`. */
  readonly ignoredFields: readonly IgnoredField[];
}

let onePass = true;

/**
 * Whether a body is first tried in one walk (one-pass-check.ts, the default) or always taken
 * through zod and the cross-field rules (`false`: the plain path). Either gives the same
 * household, unknown fields and issues. Set through `setFastPaths` (src/calculations/fast-paths.ts).
 *
 * @internal
 */
export function setOnePassCheck(on: boolean): void {
  onePass = on;
}

/** @internal */
export function onePassCheck(): boolean {
  return onePass;
}

/**
 * Validates a parsed JSON body against a request schema. Throws a `ValidationError` listing
 * every problem of the body; throws nothing else for any JSON value. `owned`: the body is what
 * `JSON.parse` made, held by nothing else, and is read in place (see `acceptInOnePass`).
 */
export function validateRequest<S extends z.ZodObject>(
  schema: S,
  body: unknown,
  owned = false,
): ValidatedRequest<z.output<S>> {
  const accepted = onePass ? acceptInOnePass(schema, body, owned) : undefined;
  // Accepted as it is: its data holds what zod's output would hold.
  if (accepted !== undefined) return { data: accepted.data as z.output<S>, ignoredFields: accepted.ignoredFields };
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
