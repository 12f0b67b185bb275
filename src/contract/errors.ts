/**
 * Errors are values: each carries a stable `code` a program can branch on, a `path` that
 * points at the offending place as its author wrote it, and a plain message for a person.
 */

/** One problem in a request body. */
export interface ValidationIssue {
  /** The field path as the caller wrote it: `Autos[1].TypeAuto`, `Woning.WoningSoort`; `` for the body itself. */
  readonly path: string;
  /** Stable machine-readable code, e.g. `required`, `invalid_type`, `too_big`, `invalid_enum`. */
  readonly code: string;
  /** What was expected, in plain words (for an enum: the allowed names and codes). */
  readonly message: string;
}

/**
 * Thrown by `repaymentCapacity` and `retirementExpenditure` when the request body is not
 * acceptable. Lists every problem of the body at once, not only the first.
 *
 * @example
 * try { repaymentCapacity(body) } catch (e) {
 *   if (e instanceof ValidationError) console.log(e.issues) // [{ path, code, message }]
 * }
 */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  readonly code = 'validation_failed';
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const first = issues[0];
    const summary = first === undefined ? 'invalid request' : `${first.path || '(body)'}: ${first.message}`;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`Invalid request body: ${summary}${more}`);
    this.issues = Object.freeze([...issues]);
  }
}

/** One problem in a rule set: which file, where in it, and what is wrong. */
export interface RuleSetIssue {
  /** The rule-set file, relative to the rule-set folder (e.g. `parameters.json`); `` for the set as a whole. */
  readonly file: string;
  /** JSON path inside the file, e.g. `$.parameters.aowLeeftijd.source`. */
  readonly path: string;
  /** Stable code, e.g. `unknown_key`, `missing_source`, `dangling_reference`, `uncovered_post`. */
  readonly code: string;
  readonly message: string;
}

/**
 * A rule set that cannot be used: malformed, inconsistent, or not covering every household.
 * Raised when a rule set is loaded or chosen, so a broken set never reaches a calculation.
 */
export class RuleSetError extends Error {
  override readonly name = 'RuleSetError';
  readonly code = 'rule_set_invalid';
  readonly issues: readonly RuleSetIssue[];

  constructor(issues: readonly RuleSetIssue[], context?: string) {
    const lines = issues.slice(0, 10).map((i) => `  ${i.file || '(rule set)'} ${i.path}: [${i.code}] ${i.message}`);
    const more = issues.length > 10 ? [`  … and ${issues.length - 10} more`] : [];
    super([`${context ?? 'Invalid rule set'}:`, ...lines, ...more].join('\n'));
    this.issues = Object.freeze([...issues]);
  }
}

/**
 * A rule set that loaded but failed on one household at run time (for example a division
 * by zero or a post no rule matched). It signals a defect in the rule set, not the request.
 */
export class RuleEvaluationError extends Error {
  override readonly name = 'RuleEvaluationError';
  readonly code: string;
  /** Where in the rule set: post code, rule id. */
  readonly location: string;

  constructor(code: string, location: string, message: string) {
    super(`${location}: ${message}`);
    this.code = code;
    this.location = location;
  }
}

/**
 * The caller asked for a rule set that cannot be given: an unknown id, a date no rule set
 * covers, a malformed date, or an object that did not come from `loadRuleSet`.
 */
export class RuleSetChoiceError extends Error {
  override readonly name = 'RuleSetChoiceError';
  readonly code: 'unknown_rule_set' | 'no_rule_set_for_date' | 'invalid_date' | 'unchecked_rule_set';

  constructor(code: RuleSetChoiceError['code'], message: string) {
    super(message);
    this.code = code;
  }
}
