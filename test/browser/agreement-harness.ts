/**
 * The agreement harness: runs worked examples through a copy of the core and returns every
 * result as its full JSON text. The very same code runs in Node (against src/ and against
 * the browser bundle) and in Chromium (bundled into the test page, importing the browser
 * bundle), so the only thing that differs between the runs is the core under test.
 *
 * Pure: it imports only types from src/, and uses nothing but the core's public API.
 */
import type * as Core from '../../src/index.js';

export type CoreApi = Pick<typeof Core, 'repaymentCapacity' | 'retirementExpenditure' | 'loadRuleSet'>;
export type Calculation = 'afloscapaciteit' | 'pensioenuitgaven';

export interface ExampleInput {
  /** `nl-2026/tests/afloscapaciteit/01-….json` */
  readonly key: string;
  readonly ruleSetId: string;
  readonly calculation: Calculation;
  readonly request: unknown;
}

export interface AgreementInput {
  /** Every rule set's folder as parsed JSON (folder-relative path → content), loaded with `loadRuleSet`. */
  readonly folders: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly examples: readonly ExampleInput[];
}

/** The full result JSON of each way of running one example (or `{"error":…}` when it threw). */
export interface ExampleRun {
  readonly key: string;
  /** With the rule set bundled in the core, chosen by id. */
  readonly bundled: string;
  /** With the rule set loaded from its folder's files by `loadRuleSet` (full check, coverage sweep included). */
  readonly loaded: string;
  /** As `bundled`, with `explain: true` (adds `Uitleg`). */
  readonly explained: string;
}

export interface AgreementOutput {
  /** `loadRuleSet` result per folder: its hash, or the error. */
  readonly ruleSets: Readonly<Record<string, string>>;
  readonly runs: readonly ExampleRun[];
}

function describeError(error: unknown): string {
  if (error instanceof Error) return JSON.stringify({ error: `${error.name}: ${error.message}` });
  return JSON.stringify({ error: String(error) });
}

function attempt(run: () => unknown): string {
  try {
    return JSON.stringify(run());
  } catch (error) {
    return describeError(error);
  }
}

export function runAgreement(core: CoreApi, input: AgreementInput): AgreementOutput {
  const loaded = new Map<string, ReturnType<CoreApi['loadRuleSet']>>();
  const ruleSets: Record<string, string> = {};
  for (const [id, files] of Object.entries(input.folders)) {
    try {
      const ruleSet = core.loadRuleSet(files, `rules/${id}`);
      loaded.set(id, ruleSet);
      ruleSets[id] = ruleSet.hash;
    } catch (error) {
      ruleSets[id] = describeError(error);
    }
  }
  const runs = input.examples.map((example): ExampleRun => {
    const calculate = (options: Core.CalculationOptions): unknown =>
      example.calculation === 'afloscapaciteit'
        ? core.repaymentCapacity(example.request, options)
        : core.retirementExpenditure(example.request, options);
    const ruleSet = loaded.get(example.ruleSetId);
    return {
      key: example.key,
      bundled: attempt(() => calculate({ ruleSet: example.ruleSetId })),
      loaded:
        ruleSet === undefined
          ? JSON.stringify({ error: 'rule set did not load' })
          : attempt(() => calculate({ ruleSet })),
      explained: attempt(() => calculate({ ruleSet: example.ruleSetId, explain: true })),
    };
  });
  return { ruleSets, runs };
}

export interface Difference {
  readonly field: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * Where a result differs from a worked example's `expected` figures. The same comparison as
 * `runWorkedExample` (src/node/worked-examples.ts): `Posten` keyed by code (the amount, or
 * Bedrag and Minimaal, or Basis and Voorbeeld), `MeldingCodes` the sorted codes of the warnings, every other stated
 * field compared as JSON; fields the example does not state are not compared.
 */
export function differencesFromExpected(
  calculation: Calculation,
  expected: unknown,
  result: Record<string, unknown>,
): Difference[] {
  const out: Difference[] = [];
  if (!Array.isArray(result['Posten']) || !Array.isArray(result['Meldingen'])) {
    return [{ field: '', expected, actual: result }];
  }
  const posten: Record<string, unknown> = {};
  const stated = ((expected as { Posten?: Record<string, unknown> } | null)?.Posten ?? {}) as Record<string, unknown>;
  for (const p of result['Posten'] as Record<string, unknown>[]) {
    const code = p['Code'] as string;
    // A repayment post as the example states it: a number is its Bedrag, an object Bedrag and Minimaal.
    if (calculation === 'pensioenuitgaven') posten[code] = { Basis: p['Basis'], Voorbeeld: p['Voorbeeld'] };
    else if (typeof stated[code] === 'number') posten[code] = p['Bedrag'];
    else posten[code] = { Bedrag: p['Bedrag'], Minimaal: p['Minimaal'] };
  }
  const codes = [...new Set((result['Meldingen'] as { Code: string }[]).map((m) => m.Code))].sort();
  const comparable: Record<string, unknown> = { ...result, Posten: posten, MeldingCodes: codes };
  const compare = (want: unknown, got: unknown, field: string): void => {
    if (want !== null && typeof want === 'object' && !Array.isArray(want)) {
      if (got === null || typeof got !== 'object') {
        out.push({ field, expected: want, actual: got });
        return;
      }
      for (const [k, v] of Object.entries(want))
        compare(v, (got as Record<string, unknown>)[k], field === '' ? k : `${field}.${k}`);
      return;
    }
    if (JSON.stringify(want) !== JSON.stringify(got)) out.push({ field, expected: want, actual: got });
  };
  compare(expected, comparable, '');
  return out;
}
