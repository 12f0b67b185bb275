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
import { PlausibilityFile, type PlausibilityComparison } from '../rules/format/plausibility.js';
import { zodIssuesToRuleSetIssues } from '../rules/zod-issues.js';

export const PLAUSIBILITY_FILE = 'tests/plausibility.json';

/** One comparison's outcome, in the published figure's unit. */
export interface PlausibilityRow {
  readonly id: string;
  readonly description: string;
  readonly published: number;
  readonly unit: string;
  /** The result's amount in the published unit (× 12 for `EUR/year`). */
  readonly ours: number;
  /** ours / published. */
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  readonly ok: boolean;
  readonly source: string;
  readonly reasoning: string;
}

export interface PlausibilityOutcome {
  /** Problems with the file itself; when there are any, no comparison ran. */
  readonly issues: readonly RuleSetIssue[];
  readonly rows: readonly PlausibilityRow[];
}

const PER_MONTH: Readonly<Record<string, number>> = { 'EUR/month': 1, 'EUR/year': 12 };

const COUNT_WORDS: readonly string[] = ['no', 'one', 'two', 'three', 'four'];

type Shown = { Code: string; Bedrag?: number; Basis?: number; Voorbeeld?: number };

function postsOf(c: PlausibilityComparison, request: unknown, ruleSet: RuleSet): readonly Shown[] {
  return OPERATIONS[c.calculation].calculate(request, { ruleSet }).Posten;
}

function amountOf(c: PlausibilityComparison, request: unknown, ruleSet: RuleSet): number {
  const measure = c.amount.measure ?? 'Bedrag';
  const posts = postsOf(c, request, ruleSet);
  return c.amount.posts.reduce((sum, code) => sum + (posts.find((p) => p.Code === code)?.[measure] ?? 0), 0);
}

/** Problems a schema cannot see: sources, posts, measures, units, bands, ids and requests. */
function crossCheck(file: string, parsed: PlausibilityFile, ruleSet: RuleSet): RuleSetIssue[] {
  const issues: RuleSetIssue[] = [];
  const issue = (path: string, code: string, message: string) => issues.push({ file, path, code, message });
  const seen = new Set<string>();
  parsed.comparisons.forEach((c, i) => {
    const at = `$.comparisons[${i}]`;
    if (seen.has(c.id)) issue(`${at}.id`, 'duplicate_id', `comparison id ${c.id} is used twice`);
    seen.add(c.id);
    if (parsed.sources[c.published.source] === undefined)
      issue(`${at}.published.source`, 'missing_source', `source ${c.published.source} is not in the file's sources`);
    if (PER_MONTH[c.published.unit] === undefined)
      issue(
        `${at}.published.unit`,
        'unit_mismatch',
        `unit ${c.published.unit}: a result compares with EUR/month or EUR/year`,
      );
    if (new Decimal(c.tolerance.min).greaterThan(c.tolerance.max))
      issue(`${at}.tolerance`, 'invalid', `min ${c.tolerance.min} is above max ${c.tolerance.max}`);
    const calc = ruleSet.calculations[c.calculation];
    if (calc === undefined) {
      issue(`${at}.calculation`, 'dangling_reference', `rule set ${ruleSet.id} has no ${c.calculation}`);
      return;
    }
    c.amount.posts.forEach((code, j) => {
      if (!calc.posts.some((p) => p.code === code))
        issue(`${at}.amount.posts[${j}]`, 'dangling_reference', `${c.calculation} has no post ${code}`);
    });
    const fields = calc.measures.map((m) => `${m.charAt(0).toUpperCase()}${m.slice(1)}`);
    if (fields.length > 1 && c.amount.measure === undefined)
      issue(
        `${at}.amount`,
        'measure_required',
        `${c.calculation} has ${COUNT_WORDS[fields.length] ?? fields.length} measures: give ${fields.join(' or ')}`,
      );
    if (fields.length === 1 && c.amount.measure !== undefined)
      issue(`${at}.amount.measure`, 'unknown_measure', `${c.calculation} has one amount per post: leave measure out`);
    for (const [path, request] of [
      [`${at}.request`, c.request],
      [`${at}.amount.minus.request`, c.amount.minus?.request],
    ] as const) {
      if (request === undefined) continue;
      try {
        postsOf(c, request, ruleSet);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        issue(
          path,
          'example_problem',
          `the request is refused: ${error.issues.map((x) => `${x.path}: ${x.code}`).join('; ')}`,
        );
      }
    }
  });
  return issues;
}

/** Checks the plausibility file `json` (named `file` in issues) against the rule set and runs its comparisons. */
export function runPlausibility(ruleSet: RuleSet, json: unknown, file = PLAUSIBILITY_FILE): PlausibilityOutcome {
  const result = PlausibilityFile.safeParse(json);
  if (!result.success) return { issues: zodIssuesToRuleSetIssues(file, result.error.issues), rows: [] };
  const issues = crossCheck(file, result.data, ruleSet);
  if (issues.length > 0) return { issues, rows: [] };
  const rows = result.data.comparisons.map((c): PlausibilityRow => {
    const monthly =
      amountOf(c, c.request, ruleSet) -
      (c.amount.minus === undefined ? 0 : amountOf(c, c.amount.minus.request, ruleSet));
    const ours = monthly * (PER_MONTH[c.published.unit] ?? 1);
    const published = Number(c.published.value);
    const ratio = ours / published;
    const min = Number(c.tolerance.min);
    const max = Number(c.tolerance.max);
    return {
      id: c.id,
      description: c.description,
      published,
      unit: c.published.unit,
      ours,
      ratio,
      min,
      max,
      ok: ratio >= min && ratio <= max,
      source: c.published.source,
      reasoning: c.tolerance.reasoning,
    };
  });
  return { issues: [], rows };
}
