/**
 * Runs a rule set's worked examples (`tests/<calculation>/*.json`): each request through
 * the calculation with that rule set, compared with the expected figures. Used by the test
 * suite and by `budgetnorm rules test`, so an actuary adds a case without TypeScript.
 */
import { repaymentCapacity } from '../calculations/repayment-capacity.js';
import { retirementExpenditure } from '../calculations/retirement-expenditure.js';
import type { RuleSet } from '../rules/rule-set.js';
import { WorkedExample } from '../rules/format/worked-example.js';
import { zodIssuesToRuleSetIssues } from '../rules/zod-issues.js';

export interface ExampleDifference {
  /** Where in the result, e.g. `Posten.Voeding.Basis` or `Afloscapaciteit`. */
  readonly field: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

export interface ExampleOutcome {
  readonly file: string;
  readonly description: string;
  readonly differences: readonly ExampleDifference[];
  /** A problem with the example itself (malformed file, a request the contract refuses, a post without derivation). */
  readonly problems: readonly string[];
}

type Calculation = 'afloscapaciteit' | 'pensioenuitgaven';

/** The result in the shape examples state it: `Posten` keyed by code, and `MeldingCodes` (the warnings' codes, sorted). */
function comparable(calculation: Calculation, result: Record<string, unknown>): Record<string, unknown> {
  const posten: Record<string, unknown> = {};
  for (const p of result['Posten'] as Record<string, unknown>[]) {
    posten[p['Code'] as string] =
      calculation === 'afloscapaciteit' ? p['Bedrag'] : { Basis: p['Basis'], Voorbeeld: p['Voorbeeld'] };
  }
  const codes = [...new Set((result['Meldingen'] as { Code: string }[]).map((m) => m.Code))].sort();
  return { ...result, Posten: posten, MeldingCodes: codes };
}

function compare(expected: unknown, actual: unknown, field: string, out: ExampleDifference[]): void {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object') {
      out.push({ field, expected, actual });
      return;
    }
    for (const [k, v] of Object.entries(expected))
      compare(v, (actual as Record<string, unknown>)[k], field === '' ? k : `${field}.${k}`, out);
    return;
  }
  if (JSON.stringify(expected) !== JSON.stringify(actual)) out.push({ field, expected, actual });
}

export function runWorkedExample(
  ruleSet: RuleSet,
  calculation: Calculation,
  file: string,
  content: unknown,
): ExampleOutcome {
  const parsed = WorkedExample.safeParse(content);
  if (!parsed.success) {
    const problems = zodIssuesToRuleSetIssues(file, parsed.error.issues).map((i) => `${i.path}: ${i.message}`);
    return { file, description: '(unreadable)', differences: [], problems };
  }
  const example = parsed.data;
  const problems: string[] = [];
  for (const code of Object.keys(example.expected.Posten)) {
    if (example.derivation[code] === undefined) problems.push(`no derivation line for post ${code}`);
  }
  let result: Record<string, unknown>;
  try {
    const run = calculation === 'afloscapaciteit' ? repaymentCapacity : retirementExpenditure;
    result = run(example.request, { ruleSet }) as unknown as Record<string, unknown>;
  } catch (error) {
    problems.push(`the calculation failed: ${error instanceof Error ? error.message : String(error)}`);
    return { file, description: example.description, differences: [], problems };
  }
  const differences: ExampleDifference[] = [];
  compare(example.expected, comparable(calculation, result), '', differences);
  return { file, description: example.description, differences, problems };
}

/** Runs every worked example of a calculation among `files` (folder-relative path → parsed JSON). */
export function runWorkedExamples(
  ruleSet: RuleSet,
  calculation: Calculation,
  files: Readonly<Record<string, unknown>>,
): ExampleOutcome[] {
  const prefix = `tests/${calculation}/`;
  return Object.entries(files)
    .filter(([name]) => name.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, content]) => runWorkedExample(ruleSet, calculation, name, content));
}
