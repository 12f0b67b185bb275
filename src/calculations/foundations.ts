/**
 * `Onderbouwing` in the results (`provenance: true`): adds to a finished result, from the
 * explanation the evaluation recorded, how well founded each post, group and total is (see
 * src/engine/provenance.ts). Kept apart from the calculations so that a result without it is
 * built exactly as before, and the cost lands only on the calls that ask for it.
 */
import type { Explanation } from '../contract/explanation.js';
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../contract/results.js';
import { foundationsOf } from '../engine/provenance.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { CalculationOptions } from './options.js';

/** Whether the evaluation must record the explanation: for `Uitleg`, or to derive `Onderbouwing` from it. */
export function needsExplanation(options: CalculationOptions | undefined): boolean {
  return options?.explain === true || options?.provenance === true;
}

/**
 * The result as asked: with `Onderbouwing` when `provenance` was, and with `Uitleg` only when
 * `explain` was (the explanation may have been recorded for `Onderbouwing` alone).
 */
function finish<R extends { Uitleg?: unknown }>(
  result: R,
  options: CalculationOptions | undefined,
  add: (explanation: Explanation) => R,
): R {
  if (options?.provenance !== true || result.Uitleg === undefined) return result;
  const { Uitleg, ...founded } = add(result.Uitleg as Explanation);
  return (options.explain === true ? { ...founded, Uitleg } : founded) as R;
}

/** A repayment capacity result with `Onderbouwing` per post and `OnderbouwingTotalen`, as `options` ask. */
export function foundedRepayment(
  result: RepaymentCapacityResult,
  ruleSet: RuleSet,
  options: CalculationOptions | undefined,
): RepaymentCapacityResult {
  return finish(result, options, (explanation) => {
    const f = foundationsOf(explanation, ruleSet);
    const total = (name: string) => f.totals[name] ?? f.allPosts;
    const { Uitleg, ...rest } = result;
    return {
      ...rest,
      Posten: result.Posten.map((p, i) => ({ ...p, Onderbouwing: f.posts[i] ?? f.allPosts })),
      OnderbouwingTotalen: {
        TotaalLasten: total('TotaalLasten'),
        TotaalMinimaleLasten: total('TotaalMinimaleLasten'),
        Afloscapaciteit: total('Afloscapaciteit'),
        MaximaleAfloscapaciteit: total('MaximaleAfloscapaciteit'),
        Tekort: total('Tekort'),
        MinimaalTekort: total('MinimaalTekort'),
      },
      Uitleg,
    };
  });
}

/** A retirement expenditure result with `Onderbouwing` per post, group and in `Totaal`, as `options` ask. */
export function foundedRetirement(
  result: RetirementExpenditureResult,
  ruleSet: RuleSet,
  options: CalculationOptions | undefined,
): RetirementExpenditureResult {
  return finish(result, options, (explanation) => {
    const f = foundationsOf(explanation, ruleSet);
    return {
      ...result,
      Posten: result.Posten.map((p, i) => ({ ...p, Onderbouwing: f.posts[i] ?? f.allPosts })),
      Groepen: result.Groepen.map((g) => ({ ...g, Onderbouwing: f.groups.get(g.Code) ?? f.allPosts })),
      Totaal: { ...result.Totaal, Onderbouwing: f.allPosts },
    };
  });
}
