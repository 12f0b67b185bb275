/**
 * Putting together the explanation of one evaluation from what the evaluation's trace recorded:
 * the rule set, the facts, each post's trace with its rounding, the values that were used and
 * the totals, every decimal at the stated precision.
 */
import { type AmountTrace, EXPLANATION_FORMAT, type Explanation, type TotalTrace } from '../contract/explanation.js';
import type { Decimal } from '../contract/money.js';
import type { ExtractedFacts } from '../rules/facts.js';
import type { CalculationFile, CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import { at } from './at.js';
import type { TraceRecorder } from './context.js';
import { type CompiledAmount, decimalStrings } from './rule-runner.js';
import { withStatedPrecision } from './stated-precision.js';

/** What one explained evaluation produced, for {@link buildExplanation}. */
export interface ExplainedEvaluation {
  readonly extracted: ExtractedFacts;
  readonly trace: TraceRecorder;
  /** Per post, in order, the rounded amounts the result shows, per measure in the calculation's order. */
  readonly rounded: readonly (readonly Decimal[])[];
  readonly totals: readonly TotalTrace[];
}

/** The explanation of an evaluation of `calculation` (compiled as `posts` and `values`). */
export function buildExplanation(
  ruleSet: RuleSet,
  calculation: CalculationId,
  compiled: { readonly posts: readonly CompiledAmount[]; readonly values: readonly CompiledAmount[] },
  evaluation: ExplainedEvaluation,
): Explanation {
  const calc = ruleSet.calculations[calculation] as CalculationFile;
  const { trace } = evaluation;
  const explanation: Explanation = {
    format: EXPLANATION_FORMAT,
    ruleSet: {
      id: ruleSet.id,
      hash: ruleSet.hash,
      validFrom: ruleSet.validFrom,
      validUntil: ruleSet.validUntil,
      status: ruleSet.status,
    },
    calculation,
    facts: flattenFacts(evaluation.extracted),
    posts: compiled.posts.map((p, i) => {
      const postTrace = trace.amounts.get(p) as AmountTrace;
      const policyName = at(calc.posts, i).rounding;
      const policy = ruleSet.manifest.rounding[policyName];
      if (policy === undefined) throw new Error(`internal: rounding policy ${policyName} vanished after checking`);
      return {
        ...postTrace,
        rounded: decimalStrings(calc.measures, at(evaluation.rounded, i)),
        rounding: { policy: policyName, decimals: policy.decimals, mode: policy.mode },
      };
    }),
    values: compiled.values.flatMap((v) => {
      const valueTrace = trace.amounts.get(v);
      return valueTrace === undefined ? [] : [valueTrace];
    }),
    totals: evaluation.totals,
  };
  return withStatedPrecision(explanation);
}

/** Household facts plus each collection's items as `children[0].child.age`, for the explanation. */
function flattenFacts(extracted: ExtractedFacts): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { ...extracted.facts };
  for (const [name, items] of Object.entries(extracted.collections)) {
    items.forEach((item, i) => {
      for (const [k, v] of Object.entries(item)) out[`${name}[${i}].${k}`] = v;
    });
  }
  return out;
}
