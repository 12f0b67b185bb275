/**
 * The checks of "same answers everywhere", for any two runs of the agreement harness: the
 * run under test (the bundle in Chromium, or the bundle in Node) against the reference run.
 */
import { expect, it } from 'vitest';
import { differencesFromExpected, type AgreementOutput } from './agreement-harness.js';
import type { WorkedExampleFile } from './fixtures.js';

export function agreementChecks(
  examples: readonly WorkedExampleFile[],
  runs: () => { underTest: AgreementOutput; reference: AgreementOutput },
): void {
  it('runs every worked example of every rule set, every calculation it has', () => {
    expect(examples.length).toBeGreaterThanOrEqual(84);
    // nl-2025 and nl-2026 both calculations, vfn-2025 and vfn-2026 the repayment capacity only (issue 40).
    expect(new Set(examples.map((e) => `${e.ruleSetId}/${e.calculation}`)).size).toBe(6);
    expect(runs().underTest.runs.map((r) => r.key)).toEqual(examples.map((e) => e.key));
  });

  it('loads every rule set folder to the same hash', () => {
    const { underTest, reference } = runs();
    expect(underTest.ruleSets).toEqual(reference.ruleSets);
    for (const hash of Object.values(reference.ruleSets)) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(examples.map((e, i) => [e.key, i] as const))('%s', (_key, i) => {
    const example = examples[i]!;
    const run = runs().underTest.runs[i]!;
    // Identical full result JSON, as text (key order, number formatting and all).
    expect(run).toEqual(runs().reference.runs[i]!);
    for (const json of [run.bundled, run.loaded, run.explained]) {
      expect(
        differencesFromExpected(example.calculation, example.expected, JSON.parse(json) as Record<string, unknown>),
      ).toEqual([]);
    }
  });
}
