/**
 * Runs a rule set's worked examples (`tests/<calculation>/*.json`): each request through
 * the calculation with that rule set, compared with the expected figures. Used by the test
 * suite and by `budgetnorm rules test`, so an actuary adds a case without TypeScript.
 */
import { OPERATIONS } from '../calculations/operations.js';
import type { CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import { WorkedExample } from '../rules/format/worked-example.js';
import { zodIssuesToRuleSetIssues } from '../rules/zod-issues.js';
import { errorMessage } from '../contract/errors.js';

/**
 * One figure of a worked example that the calculation did not reproduce.
 *
 * @example An example that expects a figure the rules do not give
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog } from 'budgetnorm';
 * import { runWorkedExample, type ExampleDifference } from 'budgetnorm/node';
 *
 * const outcome = runWorkedExample(bundledCatalog().byId('vfn-2026'), 'afloscapaciteit', 'tests/afloscapaciteit/wrong.json', {
 *   description: 'Single of 66, tenant (aow-grens-66.json) with a wrong expectation',
 *   request: {
 *     LeeftijdHoofdpersoon: 66,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 0, HuurPerMaand: 700 },
 *   },
 *   expected: { Posten: { Woonlasten: 700 }, Afloscapaciteit: 200 },
 *   derivation: { Woonlasten: 'rent 700 + service costs 0' },
 * });
 * const differences: readonly ExampleDifference[] = outcome.differences;
 * assert.deepEqual(differences, [{ field: 'Afloscapaciteit', expected: 200, actual: 134 }]);
 * ```
 */
export interface ExampleDifference {
  /** Where in the result, e.g. `Posten.Voeding.Basis` or `Afloscapaciteit`. */
  readonly field: string;
  /** What the example expects there. */
  readonly expected: unknown;
  /** What the calculation gave (undefined when the result has no such field). */
  readonly actual: unknown;
}

/**
 * The outcome of one worked example: it passed when it has neither differences nor problems.
 *
 * @example Passed or not
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog } from 'budgetnorm';
 * import { runWorkedExample, type ExampleOutcome } from 'budgetnorm/node';
 *
 * const passed = (o: ExampleOutcome) => o.differences.length === 0 && o.problems.length === 0;
 * const outcome = runWorkedExample(bundledCatalog().byId('vfn-2026'), 'afloscapaciteit', 'tests/afloscapaciteit/x.json', {
 *   description: 'no request',
 * });
 * assert.equal(passed(outcome), false);
 * assert.equal(outcome.description, '(unreadable)');
 * assert.ok(outcome.problems.length > 0);
 * ```
 */
export interface ExampleOutcome {
  /** The example's path relative to the rule-set folder, e.g. `tests/afloscapaciteit/jongere-huur.json`. */
  readonly file: string;
  /** The example's description, or `(unreadable)` when the file is malformed. */
  readonly description: string;
  /** The figures that came out differently; empty when all match. */
  readonly differences: readonly ExampleDifference[];
  /** Problems with the example itself (malformed file, a request the contract refuses, a post without derivation, a failing calculation). */
  readonly problems: readonly string[];
}

/** A measure of the calculation file (`bedrag`) as the result's field of a post (`Bedrag`). */
const measureField = (measure: string): string => `${measure.charAt(0).toUpperCase()}${measure.slice(1)}`;

/**
 * The result in the shape examples state it: `Posten` keyed by code, and `MeldingCodes` (the
 * warnings' codes, sorted). A post is its first measure's amount (`Bedrag`) where the example
 * gives a number, and an object of every measure's amount (`{ Bedrag, Minimaal }`,
 * `{ Basis, Voorbeeld }`) where it gives an object.
 */
function comparable(
  ruleSet: RuleSet,
  measures: readonly string[],
  result: Record<string, unknown>,
  expected: WorkedExample['expected'],
): Record<string, unknown> {
  const expectedPosten = expected.Posten;
  const fields = measures.map(measureField);
  const posten: Record<string, unknown> = {};
  for (const p of result['Posten'] as Record<string, unknown>[]) {
    const code = p['Code'] as string;
    posten[code] =
      typeof expectedPosten[code] === 'number'
        ? p[fields[0] as string]
        : Object.fromEntries(fields.map((f) => [f, p[f]]));
  }
  const codes = [...new Set((result['Meldingen'] as { Code: string }[]).map((m) => m.Code))].sort();
  const meldingen = withOwnIdAsAny(result['Meldingen'], expected['Meldingen'], ruleSet.id);
  return { ...result, Posten: posten, MeldingCodes: codes, Meldingen: meldingen };
}

/** A rule-set id, as the format's identifiers are written. */
const ANY_ID = '[A-Za-z][A-Za-z0-9_.-]*';

/**
 * The result's warnings with the text of each taken as the example's where the two differ only
 * in the rule set's id: an example that names the set's old id (a copied set, renamed) still
 * matches. Where the set's id stands in the computed text, the expected text may have any id.
 */
function withOwnIdAsAny(actual: unknown, expected: unknown, id: string): unknown {
  if (!Array.isArray(actual) || !Array.isArray(expected)) return actual;
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const anyId = (text: string) => new RegExp(`^${text.split(id).map(literal).join(ANY_ID)}$`);
  return actual.map((notice: { Code: string; Tekst: string }, i) => {
    const want = (expected[i] as { Tekst?: unknown } | undefined)?.Tekst;
    return typeof want === 'string' && notice.Tekst.includes(id) && anyId(notice.Tekst).test(want)
      ? { ...notice, Tekst: want }
      : notice;
  });
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

/**
 * Runs one worked example: its request through the calculation with the rule set, compared
 * with the figures it expects. Only the fields the example gives are compared; `Posten` is
 * keyed by post code and `MeldingCodes` lists the expected warnings' codes, sorted (see
 * `docs/rules-format.md`, worked examples). Does not throw: a malformed example, a request the
 * contract refuses or a failing calculation is reported in `problems`.
 *
 * @param ruleSet - The rule set to compute with (from
 *   {@link budgetnorm!bundledCatalog | bundledCatalog}, `loadRuleSet` or {@link loadRuleSetFolder}).
 * @param calculation - `afloscapaciteit` or `pensioenuitgaven`.
 * @param file - The example's path, for the outcome (usually `tests/<calculation>/<name>.json`).
 * @param content - The example as parsed JSON: `description`, `request`, `expected` and a
 *   `derivation` line for every expected post.
 * @returns What differed, and any problem with the example itself.
 * @example The worked example aow-grens-66.json of the 2026 lending norm, written out
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog } from 'budgetnorm';
 * import { runWorkedExample } from 'budgetnorm/node';
 *
 * const outcome = runWorkedExample(bundledCatalog().byId('vfn-2026'), 'afloscapaciteit', 'tests/afloscapaciteit/aow-grens-66.json', {
 *   description: 'Single of 66, one year before AOW age: the 21-to-AOW minimum income applies',
 *   request: {
 *     LeeftijdHoofdpersoon: 66,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 0, HuurPerMaand: 700 },
 *   },
 *   expected: {
 *     Posten: { Levensonderhoud: 1366, Woonlasten: 700 },
 *     TotaalLasten: 2066,
 *     Afloscapaciteit: 134,
 *     Tekort: 0,
 *     MeldingCodes: ['RekenregelsNietVastgesteld'],
 *   },
 *   derivation: {
 *     Levensonderhoud: 'basisnorm single/rent 1071 x (1.11 x 1.048 x 1.032) = 1285.74; opslag 79.85; total 1365.59',
 *     Woonlasten: 'rent 700 + service costs 0',
 *   },
 * });
 * assert.deepEqual(outcome.differences, []);
 * assert.deepEqual(outcome.problems, []);
 * ```
 */
export function runWorkedExample(
  ruleSet: RuleSet,
  calculation: CalculationId,
  file: string,
  content: unknown,
): ExampleOutcome {
  return computeExample(ruleSet, calculation, file, content).outcome;
}

/** The outcome of an example and, when it computed, the result in the shape it is compared in. */
function computeExample(
  ruleSet: RuleSet,
  calculation: CalculationId,
  file: string,
  content: unknown,
): { outcome: ExampleOutcome; actual?: Record<string, unknown> } {
  const parsed = WorkedExample.safeParse(content);
  if (!parsed.success) {
    const problems = zodIssuesToRuleSetIssues(file, parsed.error.issues).map((i) => `${i.path}: ${i.message}`);
    return { outcome: { file, description: '(unreadable)', differences: [], problems } };
  }
  const example = parsed.data;
  const problems: string[] = [];
  for (const code of Object.keys(example.expected.Posten)) {
    if (example.derivation[code] === undefined) problems.push(`no derivation line for post ${code}`);
  }
  let result: Record<string, unknown>;
  try {
    result = OPERATIONS[calculation].calculate(example.request, { ruleSet }) as unknown as Record<string, unknown>;
  } catch (error) {
    problems.push(`the calculation failed: ${errorMessage(error)}`);
    return { outcome: { file, description: example.description, differences: [], problems } };
  }
  const differences: ExampleDifference[] = [];
  const measures = ruleSet.calculations[calculation]?.measures ?? [];
  const actual = comparable(ruleSet, measures, result, example.expected);
  compare(example.expected, actual, '', differences);
  return { outcome: { file, description: example.description, differences, problems }, actual };
}

/** `expected` with every figure it gives taken from `actual`; a figure the result no longer has is left out. */
function refreshed(expected: unknown, actual: unknown): unknown {
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) return actual;
  if (actual === null || typeof actual !== 'object') return actual;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(expected)) {
    const now = (actual as Record<string, unknown>)[key];
    if (now !== undefined) out[key] = refreshed(value, now);
  }
  return out;
}

/**
 * A worked example whose expected figures are those the rule set now gives (`budgetnorm rules
 * test --update`): only an example that computes and differs is changed, and only in the
 * figures it states; its request, description and derivation stay as written.
 *
 * @internal For the CLI; the outcome says what changed (its differences) or why it cannot be updated.
 */
export function updatedWorkedExample(
  ruleSet: RuleSet,
  calculation: CalculationId,
  file: string,
  content: unknown,
): { outcome: ExampleOutcome; updated?: Record<string, unknown> } {
  const { outcome, actual } = computeExample(ruleSet, calculation, file, content);
  if (actual === undefined || outcome.problems.length > 0 || outcome.differences.length === 0) return { outcome };
  const example = content as Record<string, unknown>;
  return { outcome, updated: { ...example, expected: refreshed(example['expected'], actual) } };
}

/**
 * Runs every worked example of a calculation among the files of a rule-set folder: what the
 * test suite and `budgetnorm rules test` do, so an actuary adds a case without writing
 * TypeScript. Does not throw: every problem is in the outcomes.
 *
 * @param ruleSet - The rule set to compute with.
 * @param calculation - `afloscapaciteit` or `pensioenuitgaven`.
 * @param files - Folder-relative path → parsed JSON, e.g. from {@link readRuleSetFolder} or
 *   {@link readWorkedExamples}; only `tests/<calculation>/…` entries are run.
 * @returns One outcome per example, in the order of their paths.
 * @example Running a folder's worked examples
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { bundledCatalog } from 'budgetnorm';
 * import { loadRuleSetFolder, readRuleSetFolder, runWorkedExamples } from 'budgetnorm/node';
 *
 * const folder = mkdtempSync(join(tmpdir(), 'my-bank-2026-'));
 * for (const [name, content] of Object.entries(bundledCatalog().byId('vfn-2026').files)) {
 *   writeFileSync(join(folder, name), JSON.stringify(content));
 * }
 * mkdirSync(join(folder, 'tests', 'afloscapaciteit'), { recursive: true });
 * writeFileSync(
 *   join(folder, 'tests', 'afloscapaciteit', 'jongere-huur.json'),
 *   JSON.stringify({
 *     description: 'Single tenant of 19 (under-21 band), income just above the minimum',
 *     request: {
 *       LeeftijdHoofdpersoon: 19,
 *       HeeftPartner: false,
 *       AantalThuiswonendeKinderen: 0,
 *       AantalAutos: 0,
 *       NettoBesteedbaarInkomenPerMaand: 1500,
 *       BijzondereUitgaven: {},
 *       Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 450 },
 *     },
 *     expected: { Posten: { Levensonderhoud: 1296, Woonlasten: 450 }, TotaalLasten: 1746, Afloscapaciteit: 0, Tekort: 246 },
 *     derivation: { Levensonderhoud: 'the under-21 norm', Woonlasten: 'rent 450' },
 *   }),
 * );
 *
 * const outcomes = runWorkedExamples(loadRuleSetFolder(folder), 'afloscapaciteit', readRuleSetFolder(folder));
 * assert.deepEqual(
 *   outcomes.map((o) => [o.file, o.differences.length, o.problems.length]),
 *   [['tests/afloscapaciteit/jongere-huur.json', 0, 0]],
 * );
 * rmSync(folder, { recursive: true });
 * ```
 */
export function runWorkedExamples(
  ruleSet: RuleSet,
  calculation: CalculationId,
  files: Readonly<Record<string, unknown>>,
): ExampleOutcome[] {
  const prefix = `tests/${calculation}/`;
  return Object.entries(files)
    .filter(([name]) => name.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, content]) => runWorkedExample(ruleSet, calculation, name, content));
}
