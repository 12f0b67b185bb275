/**
 * Turns zod's issues on a rule file into `RuleSetIssue`s: the file, a JSON path written
 * `$.parameters.aowLeeftijd.unit`, a stable code and a plain message. For a union (an
 * expression or a condition that matches no form), the branch that came closest is
 * reported, which is what the author almost certainly meant.
 */
import type { z } from 'zod';
import type { RuleSetIssue } from '../contract/errors.js';
import { EXPRESSION_OPERATORS } from './format/expression.js';

/** Keys that make an object an expression or a condition of some form. */
const FORM_KEYS = new Set<string>([...EXPRESSION_OPERATORS, 'fact', 'all', 'any', 'not']);

type ZodIssue = z.core.$ZodIssue;

export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (typeof step === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(step)) out += `.${step}`;
    else out += `[${JSON.stringify(String(step))}]`;
  }
  return out;
}

/** Picks the union branch with the fewest issues, preferring branches not rejected for unknown keys. */
function closestBranch(branches: readonly (readonly ZodIssue[])[]): readonly ZodIssue[] | undefined {
  let best: readonly ZodIssue[] | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const issues of branches) {
    const score = issues.reduce(
      (s, i) => s + (i.code === 'unrecognized_keys' ? 10 : i.code === 'invalid_union' ? 2 : 1),
      0,
    );
    if (score < bestScore) {
      best = issues;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Whether a type issue is a missing key. zod 4 leaves `input` out of its issues unless the
 * parse asked for `reportInput`, so without it the message (`…, received undefined`) tells.
 */
function isMissing(issue: Extract<ZodIssue, { code: 'invalid_type' }>): boolean {
  return 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
}

/**
 * A single fact condition where a rule's `when` needs `all`/`any`/`not` around it: every
 * branch then fails on the keys `fact`, `operator`, `value`; one plain message beats four.
 */
function isBareCondition(issue: Extract<ZodIssue, { code: 'invalid_union' }>): boolean {
  const input = (issue as { input?: unknown }).input;
  if (input === null || typeof input !== 'object' || Array.isArray(input) || !Object.hasOwn(input, 'fact'))
    return false;
  return (
    issue.errors.length > 0 &&
    issue.errors.every((branch) => branch.some((i) => i.code === 'unrecognized_keys' && i.keys.includes('fact')))
  );
}

/** The key of an object none of whose keys names any form: a misspelt operator such as `plus`. */
function unknownOperatorOf(issue: Extract<ZodIssue, { code: 'invalid_union' }>): string | undefined {
  const input = (issue as { input?: unknown }).input;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const keys = Object.keys(input);
  if (keys.length === 0 || keys.some((k) => FORM_KEYS.has(k))) return undefined;
  return keys[0];
}

function codeOf(issue: ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'unknown_key';
    case 'invalid_type':
      return isMissing(issue) ? 'missing_key' : 'invalid_type';
    case 'too_small':
      return 'too_small';
    case 'too_big':
      return 'too_big';
    case 'invalid_value':
      return 'invalid_value';
    case 'invalid_format':
      return 'invalid_format';
    case 'custom':
      return typeof issue.params?.['code'] === 'string' ? issue.params['code'] : 'invalid';
    default:
      return 'invalid';
  }
}

function messageOf(issue: ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (rule files are strict: a misspelt key is an error)`;
    case 'invalid_type':
      return isMissing(issue) ? `required key missing (expected ${issue.expected})` : `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `needs at least ${String(issue.minimum)} item(s)`
        : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

export function zodIssuesToRuleSetIssues(
  file: string,
  issues: readonly ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): RuleSetIssue[] {
  const out: RuleSetIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const unknownOperator = issue.code === 'invalid_union' ? unknownOperatorOf(issue) : undefined;
    if (unknownOperator !== undefined) {
      out.push({
        file,
        path: jsonPath(path),
        code: 'unknown_operator',
        message: `unknown operator ${JSON.stringify(unknownOperator)}; an amount is one of ${EXPRESSION_OPERATORS.join(', ')}`,
      });
      continue;
    }
    if (issue.code === 'invalid_union' && isBareCondition(issue)) {
      out.push({
        file,
        path: jsonPath(path),
        code: 'condition_needs_group',
        message:
          'a rule\'s condition must start with "all", "any" or "not" (json-rules-engine requires it): wrap it as {"all": [ { "fact": … } ]}',
      });
      continue;
    }
    if (issue.code === 'invalid_union') {
      const branch = closestBranch(issue.errors);
      if (branch !== undefined && branch.length > 0) {
        out.push(...zodIssuesToRuleSetIssues(file, branch, path));
        continue;
      }
    }
    // A key of a record that its name rule refuses: the key's own issues, at the key.
    if (issue.code === 'invalid_key') {
      out.push(...zodIssuesToRuleSetIssues(file, issue.issues, path));
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        out.push({
          file,
          path: jsonPath([...path, key]),
          code: 'unknown_key',
          message: messageOf({ ...issue, keys: [key] }),
        });
      continue;
    }
    out.push({ file, path: jsonPath(path), code: codeOf(issue), message: messageOf(issue) });
  }
  return out;
}
