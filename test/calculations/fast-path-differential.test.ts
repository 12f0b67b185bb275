/**
 * Issue 14: the library call was made faster (one walk over the body, no freezing, amounts
 * that depend only on a household's make-up computed once per rule set, the result built
 * directly). Nothing a caller sees may change: on generated households, every result of
 * `repaymentCapacity` and `retirementExpenditure`, with and without the explanation, must be
 * byte for byte the JSON of the code before that work (a frozen copy in test/reference/present),
 * and every refused body must be refused with the same issues.
 *
 * The bodies are mostly valid households of every shape (optional fields absent, null or
 * given, enumerations as codes and as names in any case, unknown fields at every level, -0,
 * amounts at their bounds), and a share carry one defect each (a wrong type, a value out of
 * range, a float, a bad enumeration name, an alias clash, a missing field, too many items),
 * so the fast validation is shown to refuse exactly what the full one refuses.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/contract/errors.js';
import type { Explanation } from '../../src/contract/explanation.js';
import { withStatedPrecision } from '../../src/engine/stated-precision.js';
import { bundledCatalog, repaymentCapacity, retirementExpenditure, type RuleSet } from '../../src/index.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import * as present from '../reference/present/index.js';
import { damage, random, repaymentBody, retirementBody, type Draw } from '../support/generated-bodies.js';
import { runs } from '../support/runs.js';

const HOUSEHOLDS = runs(10_000);
/** Explaining costs several times more; every eighth household is also compared with `explain: true`. */
const EXPLAIN_EVERY = 8;

/** What a call yields, as the JSON a caller would see: the result, or the refusal. */
function outcome(call: () => unknown): string {
  try {
    return JSON.stringify(call());
  } catch (error) {
    if (error instanceof ValidationError) return `refused ${JSON.stringify(error.issues)}`;
    throw error;
  }
}

const calculationOf: Readonly<Record<string, CalculationId>> = {
  repaymentCapacity: 'afloscapaciteit',
  retirementExpenditure: 'pensioenuitgaven',
};

type Calculation = (body: unknown, options?: { ruleSet?: RuleSet; explain?: boolean }) => unknown;

/**
 * The reference's explanation at the precision an explanation states since issue 16 (the frozen
 * engine writes every decimal in full). The other change since the freeze, `because` as data
 * (issue 18, format 3), the frozen engine makes itself (test/reference/present/index.ts).
 */
function statedAsNow(result: unknown): unknown {
  const r = result as { Uitleg?: Explanation };
  return r.Uitleg === undefined ? result : { ...r, Uitleg: withStatedPrecision(r.Uitleg) };
}

function compare(
  name: string,
  seed: number,
  draw: (r: Draw) => Record<string, unknown>,
  library: Calculation,
  reference: Calculation,
): { valid: number; refused: number; explained: number } {
  // Every bundled set with the calculation's rules: for the repayment capacity the lending-norm
  // family's sets too, which must give what the code before gave (issue 40).
  const sets = bundledCatalog()
    .list()
    .filter((s) => s.calculations[calculationOf[name] as CalculationId] !== undefined);
  expect(sets.length).toBe(name === 'repaymentCapacity' ? 4 : 2);
  const r = random(seed);
  const counts = { valid: 0, refused: 0, explained: 0 };
  for (let i = 0; i < HOUSEHOLDS; i += 1) {
    const healthy = draw(r);
    const body = r() < 0.15 ? damage(r, healthy) : healthy;
    const ruleSet = sets[i % sets.length] as RuleSet;
    const explain = i % EXPLAIN_EVERY === 0;
    const expected = outcome(() => statedAsNow(reference(body, { ruleSet, explain })));
    const actual = outcome(() => library(body, { ruleSet, explain }));
    if (actual !== expected) {
      // One readable failure rather than 10,000 lines of JSON.
      expect({ name, household: i, body, actual: JSON.parse(actual.replace(/^refused /, '')) }).toEqual({
        name,
        household: i,
        body,
        actual: JSON.parse(expected.replace(/^refused /, '')),
      });
    }
    if (expected.startsWith('refused')) counts.refused += 1;
    else counts.valid += 1;
    if (explain && !expected.startsWith('refused')) counts.explained += 1;
  }
  return counts;
}

describe('the library call gives byte-identical results to the code before the speed work', () => {
  it(`repaymentCapacity: ${HOUSEHOLDS} generated households, the four bundled rule sets of both families`, () => {
    const counts = compare('repaymentCapacity', 14_001, repaymentBody, repaymentCapacity, present.repaymentCapacity);
    // Both kinds of outcome must be well represented, or the comparison proves little.
    expect(counts.valid).toBeGreaterThan(HOUSEHOLDS * 0.8);
    expect(counts.refused).toBeGreaterThan(HOUSEHOLDS * 0.08);
    expect(counts.explained).toBeGreaterThan(HOUSEHOLDS / EXPLAIN_EVERY / 2);
  });

  it(`retirementExpenditure: ${HOUSEHOLDS} generated households, both bundled rule sets that have its rules`, () => {
    const counts = compare(
      'retirementExpenditure',
      14_002,
      retirementBody,
      retirementExpenditure,
      present.retirementExpenditure,
    );
    expect(counts.valid).toBeGreaterThan(HOUSEHOLDS * 0.8);
    expect(counts.refused).toBeGreaterThan(HOUSEHOLDS * 0.08);
    expect(counts.explained).toBeGreaterThan(HOUSEHOLDS / EXPLAIN_EVERY / 2);
  });
});
