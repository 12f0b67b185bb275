/**
 * Turns zod's issues into ours. zod says *where* a body is wrong; the field's own rule and the
 * value the caller actually sent say *what* is wrong, in our words and with our codes. zod's
 * issue codes and messages are never copied: they are not part of our contract, and zod's
 * wording (and its internal limits, like the safe-integer range) would leak through.
 */
import type { z } from 'zod';
import type { ValidationIssue } from './errors.js';
import { formatPath, type PathSegment } from './field-path.js';
import { describeExpected, type FieldRule, ruleOf } from './field-rules.js';
import { ISSUE_CODES, type IssueCode } from './issue-codes.js';
import { describeJsonValue, isJsonObject } from './json-kinds.js';
import { schemaAtPath, valueAtPath } from './schema-walk.js';

interface Problem {
  readonly code: IssueCode;
  readonly message: string;
}

/** What is wrong with `value` for a field with `rule`; `undefined` when the rule is satisfied. */
function problemWith(rule: FieldRule, value: unknown, isObjectMember: boolean): Problem | undefined {
  const expected = describeExpected(rule);
  const got = describeJsonValue(value);
  // An absent member and a null member are the same: "not given". An array entry that is null
  // is a wrong value instead: there is no "absent" entry in the middle of an array.
  if (isObjectMember && (value === undefined || value === null)) {
    return { code: ISSUE_CODES.required, message: `required: expected ${expected}` };
  }
  const wrongType = { code: ISSUE_CODES.invalidType, message: `expected ${expected}, got ${got}` };
  switch (rule.kind) {
    case 'integer':
      if (typeof value !== 'number') return wrongType;
      // 1e309 parses as Infinity: a number too big, not a fraction (the bounds below say so).
      if (Number.isFinite(value) && !Number.isInteger(value)) {
        return {
          code: ISSUE_CODES.notInteger,
          message: `expected ${expected}, got ${got}, which is not a whole number`,
        };
      }
      if (value < rule.min) {
        return {
          code: ISSUE_CODES.tooSmall,
          message: `expected ${expected}, got ${got}, below the minimum ${rule.min}`,
        };
      }
      if (value > rule.max) {
        return { code: ISSUE_CODES.tooBig, message: `expected ${expected}, got ${got}, above the maximum ${rule.max}` };
      }
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : wrongType;
    case 'enum':
      return { code: ISSUE_CODES.invalidEnum, message: `expected ${expected}, got ${got}` };
    case 'object':
      return isJsonObject(value) ? undefined : wrongType;
    case 'array':
      if (!Array.isArray(value)) return wrongType;
      if (value.length < rule.minItems) {
        return { code: ISSUE_CODES.tooFewItems, message: `expected ${expected}, got ${value.length}` };
      }
      if (value.length > rule.maxItems) {
        return { code: ISSUE_CODES.tooManyItems, message: `expected ${expected}, got ${value.length}` };
      }
      return undefined;
  }
}

function toSegments(path: readonly PropertyKey[]): PathSegment[] {
  return path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}

/** Our issue for one zod issue, found by looking at the field's rule and the value sent. */
function mapIssue(schema: z.ZodType, body: unknown, issue: z.core.$ZodIssue): ValidationIssue {
  const segments = toSegments(issue.path);
  const fieldSchema = schemaAtPath(schema, issue.path);
  const rule = fieldSchema === undefined ? undefined : ruleOf(fieldSchema);
  const value = valueAtPath(body, issue.path);
  const last = segments.at(-1);
  const problem = rule === undefined ? undefined : problemWith(rule, value, typeof last === 'string');
  return {
    path: formatPath(segments),
    ...(problem ?? { code: ISSUE_CODES.invalidValue, message: 'this value is not acceptable here' }),
  };
}

/** Our issues for zod's, one per path and code (zod may flag one value twice, e.g. for two bounds). */
export function mapSchemaIssues(
  schema: z.ZodType,
  body: unknown,
  issues: readonly z.core.$ZodIssue[],
): ValidationIssue[] {
  const seen = new Set<string>();
  const mapped: ValidationIssue[] = [];
  for (const issue of issues) {
    const ours = mapIssue(schema, body, issue);
    const identity = `${ours.code}\u0000${ours.path}`;
    if (!seen.has(identity)) {
      seen.add(identity);
      mapped.push(ours);
    }
  }
  return mapped;
}
