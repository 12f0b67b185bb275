/**
 * Errors are values: each carries a stable `code` a program can branch on, a `path` that
 * points at the offending place as its author wrote it, and a plain message for a person.
 */

/**
 * One problem in a request body, as listed by {@link ValidationError.issues} (and, over HTTP,
 * under `errors` of a 400 problem).
 *
 * @example Branching on the code, pointing at the path
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { parseRetirementRequest, ValidationError, type ValidationIssue } from 'budgetnorm';
 *
 * let issues: readonly ValidationIssue[] = [];
 * try {
 *   parseRetirementRequest({
 *     Hoofdpersonen: [{ Geslacht: 'Man' }],
 *     Autos: [{ TypeAuto: 'Klein', StatusAuto: 'Nieuw', KilometersPerJaar: 0 }, { TypeAuto: 'Bus', StatusAuto: 'Nieuw', KilometersPerJaar: 0 }],
 *     Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
 *     NettoBesteedbaarInkomenPerMaand: 1400,
 *   });
 * } catch (error) {
 *   if (error instanceof ValidationError) issues = error.issues;
 * }
 * assert.equal(issues.length, 1);
 * assert.equal(issues[0]?.path, 'Autos[1].TypeAuto');
 * assert.equal(issues[0]?.code, 'invalid_enum');
 * assert.match(issues[0]?.message ?? '', /Klein \(0\), Compact \(1\)/);
 * ```
 */
export interface ValidationIssue {
  /** The field path as the caller wrote it: `Autos[1].TypeAuto`, `Woning.WoningSoort`; `` for the body itself. */
  readonly path: string;
  /**
   * Stable machine-readable code, e.g. `required`, `invalid_type`, `too_big`, `invalid_enum`
   * (every code is listed in `docs/contract.md`). Programs branch on this, never on the message.
   */
  readonly code: string;
  /** What was expected, in plain words (for an enum: the allowed names and codes). */
  readonly message: string;
}

/**
 * Thrown by {@link repaymentCapacity}, {@link retirementExpenditure} and the request parsers
 * when the request body is not acceptable. Lists every problem of the body at once, not only
 * the first, so a caller can fix them all in one go.
 *
 * @example Catching it and reading the issues
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure, ValidationError } from 'budgetnorm';
 *
 * // A body as it arrives, parsed from JSON (typed unknown): checked at run time.
 * const body: unknown = JSON.parse('{"Hoofdpersonen": [], "Woning": {"TypeWoning": "Appartement", "SoortWoning": "Huurwoning"}}');
 * try {
 *   retirementExpenditure(body);
 *   assert.fail('a body without main persons or income is refused');
 * } catch (error) {
 *   assert.ok(error instanceof ValidationError);
 *   assert.equal(error.code, 'validation_failed');
 *   assert.deepEqual(
 *     error.issues.map((i) => [i.path, i.code]),
 *     [
 *       ['Hoofdpersonen', 'too_few_items'],
 *       ['NettoBesteedbaarInkomenPerMaand', 'required'],
 *     ],
 *   );
 *   assert.match(error.message, /^Invalid request body: Hoofdpersonen: .* \(and 1 more\)$/);
 * }
 * ```
 */
export class ValidationError extends Error {
  /** Always `'ValidationError'`: the class name, also where only the name survives (logs, serialised errors). */
  override readonly name = 'ValidationError';
  /** Always `'validation_failed'`; the problems' own codes are in {@link ValidationError.issues}. */
  readonly code = 'validation_failed';
  /** Every problem of the body, in the order of the fields, schema problems before cross-field ones; frozen. */
  readonly issues: readonly ValidationIssue[];

  /**
   * Makes the error; its message names the first issue and counts the rest. The library throws
   * it; a caller makes one only to report problems of its own in the same shape. Does not throw.
   *
   * @param issues - The problems, at least one; copied and frozen.
   * @example Reporting a problem of your own in the same shape
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { ValidationError } from 'budgetnorm';
   *
   * const error = new ValidationError([{ path: 'Woning.HuurPerMaand', code: 'required', message: 'required for a tenant' }]);
   * assert.equal(error.message, 'Invalid request body: Woning.HuurPerMaand: required for a tenant');
   * assert.ok(Object.isFrozen(error.issues));
   * ```
   */
  constructor(issues: readonly ValidationIssue[]) {
    const first = issues[0];
    const summary = first === undefined ? 'invalid request' : `${first.path || '(body)'}: ${first.message}`;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`Invalid request body: ${summary}${more}`);
    this.issues = Object.freeze([...issues]);
  }
}

/**
 * One problem in a rule set: which file, where in it, and what is wrong. Listed by
 * {@link RuleSetError.issues} and in a {@link SweepReport}.
 *
 * @example The issue of a parameter that cites a source the register does not have
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSet, RuleSetError, type RuleSetIssue } from 'budgetnorm';
 *
 * // A copy of the bundled 2026 files in which one parameter cites an unknown source.
 * const files = structuredClone(bundledCatalog().byId('nl-2026').files) as Record<string, any>;
 * files['parameters.json'].parameters.aowLeeftijd.source = 'nowhere';
 *
 * let issues: readonly RuleSetIssue[] = [];
 * try {
 *   loadRuleSet(files);
 * } catch (error) {
 *   if (error instanceof RuleSetError) issues = error.issues;
 * }
 * assert.deepEqual(
 *   issues.map((i) => [i.file, i.path, i.code]),
 *   [['parameters.json', '$.parameters.aowLeeftijd.source', 'missing_source']],
 * );
 * ```
 */
export interface RuleSetIssue {
  /** The rule-set file, relative to the rule-set folder (e.g. `parameters.json`); `` for the set as a whole. */
  readonly file: string;
  /** JSON path inside the file, e.g. `$.parameters.aowLeeftijd.source`. */
  readonly path: string;
  /** Stable code, e.g. `unknown_key`, `missing_source`, `dangling_reference`, `uncovered_post`. */
  readonly code: string;
  /** What is wrong, in plain English, with the values involved. */
  readonly message: string;
}

/**
 * A rule set that cannot be used: malformed, inconsistent, or not covering every household.
 * Thrown when rule sets are loaded ({@link loadRuleSet}, `loadRuleSetFolder`) or put together
 * in a {@link RuleSetCatalog}, so a broken set never reaches a calculation.
 *
 * @example Loading a copy of the bundled files with one mistake
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSet, RuleSetError } from 'budgetnorm';
 *
 * const files = structuredClone(bundledCatalog().byId('nl-2026').files) as Record<string, any>;
 * files['parameters.json'].parameters.aowLeeftijd.source = 'nowhere';
 *
 * assert.throws(() => loadRuleSet(files, 'my-bank-2026'), (error) => {
 *   assert.ok(error instanceof RuleSetError);
 *   assert.equal(error.code, 'rule_set_invalid');
 *   assert.equal(error.issues[0]?.code, 'missing_source');
 *   assert.match(error.message, /^Rule set my-bank-2026 cannot be used:\n  parameters.json \$.parameters.aowLeeftijd.source: \[missing_source\]/);
 *   return true;
 * });
 * ```
 */
export class RuleSetError extends Error {
  /** Always `'RuleSetError'`. */
  override readonly name = 'RuleSetError';
  /** Always `'rule_set_invalid'`; the problems' own codes are in {@link RuleSetError.issues}. */
  readonly code = 'rule_set_invalid';
  /** Every problem found, by file and JSON path; frozen. */
  readonly issues: readonly RuleSetIssue[];

  /**
   * Makes the error; its message lists the first ten issues, one a line, and counts the rest.
   * Does not throw.
   *
   * @param issues - The problems, at least one; copied and frozen.
   * @param context - The message's first line, naming the set or folder. Default: `Invalid rule set`.
   * @example A tool reporting its own finding in the same shape
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { RuleSetError } from 'budgetnorm';
   *
   * const error = new RuleSetError(
   *   [{ file: 'manifest.json', path: '$.status', code: 'not_approved', message: 'the set is still a draft' }],
   *   'Rule set my-bank-2026 is not released',
   * );
   * assert.equal(error.message, 'Rule set my-bank-2026 is not released:\n  manifest.json $.status: [not_approved] the set is still a draft');
   * ```
   */
  constructor(issues: readonly RuleSetIssue[], context?: string) {
    const lines = issues.slice(0, 10).map((i) => `  ${i.file || '(rule set)'} ${i.path}: [${i.code}] ${i.message}`);
    const more = issues.length > 10 ? [`  … and ${issues.length - 10} more`] : [];
    super([`${context ?? 'Invalid rule set'}:`, ...lines, ...more].join('\n'));
    this.issues = Object.freeze([...issues]);
  }
}

/**
 * A rule set that loaded but failed on one household at run time (for example a division
 * by zero or a post no rule matched). It signals a defect in the rule set, not the request:
 * the HTTP service answers it with a 500 and logs it. The coverage sweep that
 * {@link loadRuleSet} runs tries every post on the households that matter, so a loaded set
 * should never throw it.
 *
 * @example Telling a defect of the rule set from a bad request
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { RuleEvaluationError, ValidationError } from 'budgetnorm';
 *
 * function status(error: unknown): number {
 *   if (error instanceof ValidationError) return 400; // the caller's to fix
 *   if (error instanceof RuleEvaluationError) return 500; // the rule set's author's to fix
 *   return 500;
 * }
 * const error = new RuleEvaluationError('division_by_zero', 'afloscapaciteit.json rule woonlasten-huur', 'division by zero');
 * assert.equal(status(error), 500);
 * assert.equal(error.message, 'afloscapaciteit.json rule woonlasten-huur: division by zero');
 * ```
 */
export class RuleEvaluationError extends Error {
  /** Always `'RuleEvaluationError'`. */
  override readonly name = 'RuleEvaluationError';
  /** Stable code of the failure, e.g. `division_by_zero`, `no_rule_applies`, `missing_table_cell`. */
  readonly code: string;
  /** Where in the rule set: the file and the post, value or rule, e.g. `afloscapaciteit.json post Woonlasten`. */
  readonly location: string;

  /**
   * Makes the error; its message is `location: message`. Does not throw.
   *
   * @param code - Stable code of the failure.
   * @param location - Where in the rule set: the file and the post, value or rule.
   * @param message - What went wrong, in plain English.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { RuleEvaluationError } from 'budgetnorm';
   *
   * const error = new RuleEvaluationError('no_rule_applies', 'afloscapaciteit.json post Woonlasten', 'no rule applies to this household');
   * assert.equal(error.location, 'afloscapaciteit.json post Woonlasten');
   * assert.equal(error.message, 'afloscapaciteit.json post Woonlasten: no rule applies to this household');
   * ```
   */
  constructor(code: string, location: string, message: string) {
    super(`${location}: ${message}`);
    this.code = code;
    this.location = location;
  }
}

/**
 * The caller asked for a rule set that cannot be given: an unknown id, a date no rule set
 * covers, a malformed date, or an object that did not come from {@link loadRuleSet}. A
 * mistake of the caller, like a bad body, but about the options rather than the request.
 *
 * @example Asking for a year no rule set covers
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, RuleSetChoiceError } from 'budgetnorm';
 *
 * assert.throws(() => bundledCatalog().forDate('1999-06-01'), (error) => {
 *   assert.ok(error instanceof RuleSetChoiceError);
 *   assert.equal(error.code, 'no_rule_set_for_date');
 *   return true;
 * });
 * assert.throws(() => bundledCatalog().byId('nl-1999'), { name: 'RuleSetChoiceError', code: 'unknown_rule_set' });
 * ```
 */
export class RuleSetChoiceError extends Error {
  /** Always `'RuleSetChoiceError'`. */
  override readonly name = 'RuleSetChoiceError';
  /**
   * What was wrong: `unknown_rule_set` (no set has the id), `no_rule_set_for_date` (no set of
   * the family is valid on the date), `invalid_date` (not a calendar date), `unchecked_rule_set`
   * (an object that did not come from {@link loadRuleSet}), `unknown_family` (no set has the
   * method family; the message lists the families), `family_required` (no family named and
   * none to choose by default), `family_mismatch` (the set named is of another family than the
   * one named), `calculation_not_in_rule_set` (the set chosen has no rules for the calculation;
   * the message lists the sets that have).
   */
  readonly code:
    | 'unknown_rule_set'
    | 'no_rule_set_for_date'
    | 'invalid_date'
    | 'unchecked_rule_set'
    | 'unknown_family'
    | 'family_required'
    | 'family_mismatch'
    | 'calculation_not_in_rule_set';

  /**
   * Makes the error. Does not throw.
   *
   * @param code - What was wrong (see {@link RuleSetChoiceError.code}).
   * @param message - The message, naming what was asked for and what is available.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { RuleSetChoiceError } from 'budgetnorm';
   *
   * const error = new RuleSetChoiceError('unknown_rule_set', 'no rule set with id "nl-1999"');
   * assert.equal(error.code, 'unknown_rule_set');
   * ```
   */
  constructor(code: RuleSetChoiceError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** The message of anything thrown: an `Error`'s message, else the value as text. Does not throw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
