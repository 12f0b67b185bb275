/**
 * Runs a rule set's plausibility file (`tests/plausibility.json`, format in
 * src/rules/format/plausibility.ts): each household of a published average through its
 * calculation, the amount compared with the published figure, and whether the ratio lies in the
 * comparison's band. A malformed file gives issues (code, file, JSON path) as a rule file does.
 */
import { Decimal } from 'decimal.js';
import type { RuleSetIssue } from '../contract/errors.js';
import { OPERATIONS } from '../calculations/operations.js';
import { ValidationError, type RuleSet } from '../index.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { PlausibilityFile, type PlausibilityComparison } from '../rules/format/plausibility.js';
import { zodIssuesToRuleSetIssues } from '../rules/zod-issues.js';

export const PLAUSIBILITY_FILE = 'tests/plausibility.json';

/** One comparison's outcome, in the published figure's unit. */
export interface PlausibilityRow {
  readonly id: string;
  readonly description: string;
  /** The anchor: the published figure, or the other calculation's amount (`against`). */
  readonly published: number;
  readonly unit: string;
  /** The result's amount in the published unit (× 12 for `EUR/year`). */
  readonly ours: number;
  /** ours / published. */
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  readonly ok: boolean;
  /** A key of the file's sources, or `<calculation> (this rule set)` for an `against` anchor. */
  readonly source: string;
  readonly reasoning: string;
  /** Present when the file marks the comparison as a known deviation: its reason. */
  readonly knownDeviation?: string;
}

export interface PlausibilityOutcome {
  /** Problems with the file itself; when there are any, no comparison ran. */
  readonly issues: readonly RuleSetIssue[];
  readonly rows: readonly PlausibilityRow[];
}

const PER_MONTH: Readonly<Record<string, number>> = { 'EUR/month': 1, 'EUR/year': 12 };

const COUNT_WORDS: readonly string[] = ['no', 'one', 'two', 'three', 'four'];

type Amount = PlausibilityComparison['amount'];
// biome-ignore lint/suspicious/noExplicitAny: a result is read by the field names the file gives
type Result = { Posten: readonly Record<string, any>[] } & Record<string, unknown>;

function resultOf(calculation: CalculationId, request: unknown, ruleSet: RuleSet): Result {
  return OPERATIONS[calculation].calculate(request, { ruleSet }) as unknown as Result;
}

/** The amount the file names: a total of the result, or posts added up in one measure. */
function amountOf(calculation: CalculationId, amount: Amount, request: unknown, ruleSet: RuleSet): number {
  const result = resultOf(calculation, request, ruleSet);
  if (amount.total !== undefined) return Number(result[amount.total] ?? 0);
  const measure = amount.measure ?? 'Bedrag';
  return (amount.posts ?? []).reduce(
    (sum, code) => sum + Number(result.Posten.find((p) => p.Code === code)?.[measure] ?? 0),
    0,
  );
}

type Issue = (path: string, code: string, message: string) => void;

/** An amount's posts, total and measure against its calculation `calc` (posts or total, never both). */
function checkAmount(at: string, name: CalculationId, amount: Amount, ruleSet: RuleSet, issue: Issue): void {
  const calc = ruleSet.calculations[name];
  if (calc === undefined) return;
  if ((amount.posts === undefined) === (amount.total === undefined))
    issue(at, 'invalid', 'give either posts (added up) or one total, not both and not neither');
  amount.posts?.forEach((code, j) => {
    if (!calc.posts.some((p) => p.code === code))
      issue(`${at}.posts[${j}]`, 'dangling_reference', `${name} has no post ${code}`);
  });
  if (amount.total !== undefined && calc.totals[amount.total] === undefined)
    issue(`${at}.total`, 'dangling_reference', `${name} has no total ${amount.total}`);
  const fields = calc.measures.map((m) => `${m.charAt(0).toUpperCase()}${m.slice(1)}`);
  if (amount.posts !== undefined && fields.length > 1 && amount.measure === undefined)
    issue(
      at,
      'measure_required',
      `${name} has ${COUNT_WORDS[fields.length] ?? fields.length} measures: give ${fields.join(' or ')}`,
    );
  if (amount.measure !== undefined && (amount.total !== undefined || !fields.includes(amount.measure)))
    issue(
      `${at}.measure`,
      'unknown_measure',
      amount.total !== undefined
        ? 'a total has one amount: leave measure out'
        : fields.length === 1
          ? `${name} has one amount per post: leave measure out`
          : `${name} has the measures ${fields.join(' and ')}, not ${amount.measure}`,
    );
}

/** A request the contract refuses, as an issue at `path`. */
function checkRequest(path: string, name: CalculationId, request: unknown, ruleSet: RuleSet, issue: Issue): void {
  if (ruleSet.calculations[name] === undefined) return;
  try {
    resultOf(name, request, ruleSet);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issue(
      path,
      'example_problem',
      `the request is refused: ${error.issues.map((x) => `${x.path}: ${x.code}`).join('; ')}`,
    );
  }
}

/** The anchor: a published figure with a source in the file, or (`against`) the other calculation; one of them. */
function checkAnchor(at: string, c: PlausibilityComparison, parsed: PlausibilityFile, ruleSet: RuleSet, issue: Issue) {
  if ((c.published === undefined) === (c.against === undefined))
    issue(at, 'invalid', 'give either published (a published figure) or against (the other calculation), one of them');
  if (c.published !== undefined) {
    if (parsed.sources[c.published.source] === undefined)
      issue(`${at}.published.source`, 'missing_source', `source ${c.published.source} is not in the file's sources`);
    if (PER_MONTH[c.published.unit] === undefined)
      issue(
        `${at}.published.unit`,
        'unit_mismatch',
        `unit ${c.published.unit}: a result compares with EUR/month or EUR/year`,
      );
  }
  if (c.against === undefined) return;
  if (ruleSet.calculations[c.against.calculation] === undefined)
    issue(`${at}.against.calculation`, 'dangling_reference', `rule set ${ruleSet.id} has no ${c.against.calculation}`);
  checkAmount(`${at}.against.amount`, c.against.calculation, c.against.amount, ruleSet, issue);
  checkRequest(`${at}.against.request`, c.against.calculation, c.against.request, ruleSet, issue);
}

/** Problems a schema cannot see: sources, posts, totals, measures, units, bands, ids, anchors and requests. */
function crossCheck(file: string, parsed: PlausibilityFile, ruleSet: RuleSet): RuleSetIssue[] {
  const issues: RuleSetIssue[] = [];
  const issue: Issue = (path, code, message) => issues.push({ file, path, code, message });
  const seen = new Set<string>();
  parsed.comparisons.forEach((c, i) => {
    const at = `$.comparisons[${i}]`;
    if (seen.has(c.id)) issue(`${at}.id`, 'duplicate_id', `comparison id ${c.id} is used twice`);
    seen.add(c.id);
    checkAnchor(at, c, parsed, ruleSet, issue);
    if (new Decimal(c.tolerance.min).greaterThan(c.tolerance.max))
      issue(`${at}.tolerance`, 'invalid', `min ${c.tolerance.min} is above max ${c.tolerance.max}`);
    if (ruleSet.calculations[c.calculation] === undefined) {
      issue(`${at}.calculation`, 'dangling_reference', `rule set ${ruleSet.id} has no ${c.calculation}`);
      return;
    }
    checkAmount(`${at}.amount`, c.calculation, c.amount, ruleSet, issue);
    checkRequest(`${at}.request`, c.calculation, c.request, ruleSet, issue);
    if (c.amount.minus !== undefined)
      checkRequest(`${at}.amount.minus.request`, c.calculation, c.amount.minus.request, ruleSet, issue);
  });
  return issues;
}

/** One comparison run: ours and the anchor in the anchor's unit, the ratio and whether it is inside the band. */
function rowOf(c: PlausibilityComparison, ruleSet: RuleSet): PlausibilityRow {
  const monthly =
    amountOf(c.calculation, c.amount, c.request, ruleSet) -
    (c.amount.minus === undefined ? 0 : amountOf(c.calculation, c.amount, c.amount.minus.request, ruleSet));
  const unit = c.published?.unit ?? 'EUR/month';
  const ours = monthly * (PER_MONTH[unit] ?? 1);
  const published =
    c.against === undefined
      ? Number(c.published?.value)
      : amountOf(c.against.calculation, c.against.amount, c.against.request, ruleSet);
  const ratio = ours / published;
  const min = Number(c.tolerance.min);
  const max = Number(c.tolerance.max);
  return {
    id: c.id,
    description: c.description,
    published,
    unit,
    ours,
    ratio,
    min,
    max,
    ok: ratio >= min && ratio <= max,
    source: c.published?.source ?? `${c.against?.calculation} (this rule set)`,
    reasoning: c.tolerance.reasoning,
    ...(c.knownDeviation === undefined ? {} : { knownDeviation: c.knownDeviation.reason }),
  };
}

/** Checks the plausibility file `json` (named `file` in issues) against the rule set and runs its comparisons. */
export function runPlausibility(ruleSet: RuleSet, json: unknown, file = PLAUSIBILITY_FILE): PlausibilityOutcome {
  const result = PlausibilityFile.safeParse(json);
  if (!result.success) return { issues: zodIssuesToRuleSetIssues(file, result.error.issues), rows: [] };
  const issues = crossCheck(file, result.data, ruleSet);
  if (issues.length > 0) return { issues, rows: [] };
  const rows = result.data.comparisons.map((c) => rowOf(c, ruleSet));
  return { issues: [], rows };
}

/** What a run says: the comparisons that fail it, and the known deviations to list. */
export interface PlausibilityVerdict {
  /** A comparison outside its band that is not a known deviation, or a known deviation back inside its band. */
  readonly failures: readonly string[];
  /** The known deviations, each still outside its band unless it is among the failures. */
  readonly knownDeviations: readonly PlausibilityRow[];
}

/**
 * Judges the rows of a run: every comparison must lie in its band, but a known deviation must
 * lie outside it, so the list of known deviations stays true (one that passes is taken off).
 */
export function judgePlausibility(rows: readonly PlausibilityRow[]): PlausibilityVerdict {
  const band = (r: PlausibilityRow) => `ratio ${r.ratio.toFixed(3)}, band ${r.min}-${r.max}`;
  const failures = rows.flatMap((r) =>
    r.knownDeviation === undefined
      ? r.ok
        ? []
        : [`${r.id}: outside its band (${band(r)})`]
      : r.ok
        ? [`${r.id}: a known deviation back inside its band (${band(r)}): remove knownDeviation`]
        : [],
  );
  return { failures, knownDeviations: rows.filter((r) => r.knownDeviation !== undefined) };
}
