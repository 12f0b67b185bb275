/**
 * Repayment capacity (afloscapaciteit): what is left of the net disposable monthly income
 * after all necessary expenditure. The arithmetic is the rule set's (its posts and its
 * totals `TotaalLasten`, `Afloscapaciteit`, `Tekort`); this module only parses the request,
 * runs the program and shapes the result of the contract.
 */
import type { RepaymentCapacityResult } from '../contract/results.js';
import { programFor } from '../engine/compile.js';
import { parseRepaymentRequest } from '../household/parse-repayment.js';
import { chooseRuleSet, meldingen, rekenregels, type CalculationOptions } from './options.js';

/**
 * Computes the repayment capacity of a household.
 *
 * @param body - the request body as parsed JSON (see docs/contract.md)
 * @param options - rule set, reference date, explanation
 * @returns the result of `POST /Afloscapaciteit/Resultaat`
 * @throws ValidationError when the body is not acceptable (every problem listed)
 * @throws RuleSetChoiceError when the rule set asked for does not exist or no set covers the date
 * @example
 * const result = repaymentCapacity({
 *   LeeftijdHoofdpersoon: 45, HeeftPartner: false, AantalThuiswonendeKinderen: 0, AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2400, BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
 * }, { date: '2026-03-01' });
 * result.Afloscapaciteit; // whole euros per month
 */
export function repaymentCapacity(body: unknown, options?: CalculationOptions): RepaymentCapacityResult {
  const parsed = parseRepaymentRequest(body);
  const ruleSet = chooseRuleSet(options);
  const evaluation = programFor(ruleSet, 'afloscapaciteit').evaluate(parsed.household, {
    explain: options?.explain === true,
  });
  const total = (name: string): number => (evaluation.totals[name] as { toNumber(): number }).toNumber();
  return {
    Afloscapaciteit: total('Afloscapaciteit'),
    NettoBesteedbaarInkomenPerMaand: parsed.household.netMonthlyIncome.toNumber(),
    Posten: evaluation.posts.map((p) => ({
      Code: p.code,
      Omschrijving: p.description,
      Bedrag: (p.rounded['bedrag'] as { toNumber(): number }).toNumber(),
    })),
    TotaalLasten: total('TotaalLasten'),
    Tekort: total('Tekort'),
    Rekenregels: rekenregels(ruleSet),
    Meldingen: meldingen(parsed.ignoredFields, evaluation.notices),
    ...(evaluation.explanation !== undefined
      ? { Uitleg: evaluation.explanation as unknown as Record<string, unknown> }
      : {}),
  };
}
