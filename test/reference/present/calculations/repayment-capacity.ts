/**
 * Repayment capacity (afloscapaciteit): what is left of the net disposable monthly income
 * after all necessary expenditure. The arithmetic is the rule set's (its posts and its
 * totals `TotaalLasten`, `Afloscapaciteit`, `Tekort`); this module only parses the request,
 * runs the program and shapes the result of the contract.
 */
import type { RepaymentCapacityResult } from '../../../../src/contract/results.js';
import { programFor } from '../engine/compile.js';
import { parseRepaymentRequest } from '../household/parse-repayment.js';
import { chooseRuleSet, meldingen, rekenregels, type CalculationOptions } from './options.js';

/**
 * Computes the repayment capacity (afloscapaciteit) of a household: its net disposable monthly
 * income minus the necessary expenditure of every post, in whole euros per month. The same
 * calculation as `POST /Afloscapaciteit/Resultaat`, pure and synchronous.
 *
 * The body is checked first, then the rule set is chosen, so a bad body is reported even when
 * the rule-set option is wrong too.
 *
 * @param body - The request body as parsed JSON, with the Dutch field names of
 *   `docs/contract.md` (`LeeftijdHoofdpersoon`, `Woning.WoningSoort`, …). Typed `unknown`
 *   because it is checked here: anything may be passed.
 * @param options - Which rule set (by id, by date, or one you loaded) and whether to add the
 *   explanation; see {@link CalculationOptions}. Default: the bundled rule set valid today.
 * @returns A {@link RepaymentCapacityResult}, the body of `POST /Afloscapaciteit/Resultaat`:
 *   `Afloscapaciteit` (0 when the costs exceed the income), `Tekort` (the shortfall, 0
 *   otherwise), `TotaalLasten`, every post, the rule set used (`Rekenregels`), warnings
 *   (`Meldingen`), and `Uitleg` when asked.
 * @throws {@link ValidationError} when the body is not acceptable; its `issues` list every
 *   problem at once, each with the `path` as the caller wrote it and a stable `code`.
 * @throws {@link RuleSetChoiceError} when the rule set asked for does not exist, the date is
 *   malformed, no rule set covers the date, or `ruleSet` is an object that did not come from
 *   {@link loadRuleSet}.
 * @throws {@link RuleEvaluationError} when the rule set fails on this household at run time (a
 *   defect in the rule set, not the request; the coverage sweep at loading makes it unlikely).
 * @example A single tenant of 66
 * ```ts runnable
 * // The worked example rules/nl-2026/tests/afloscapaciteit/aow-grens-66.json
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 *
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 66,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 *   },
 *   { date: '2026-03-01' },
 * );
 * assert.equal(result.Rekenregels.Id, 'nl-2026');
 * assert.equal(result.TotaalLasten, 2066);
 * assert.equal(result.Afloscapaciteit, 134);
 * assert.equal(result.Tekort, 0);
 * assert.equal(result.Posten.find((p) => p.Code === 'Woonlasten')?.Bedrag, 700);
 * ```
 * @example A bad body: every problem at once
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, ValidationError } from 'budgetnorm';
 *
 * assert.throws(
 *   () => repaymentCapacity({ LeeftijdHoofdpersoon: 200, HeeftPartner: 'ja' }),
 *   (error) => {
 *     assert.ok(error instanceof ValidationError);
 *     assert.deepEqual(
 *       error.issues.map((i) => `${i.path}: ${i.code}`),
 *       [
 *         'LeeftijdHoofdpersoon: too_big',
 *         'HeeftPartner: invalid_type',
 *         'AantalThuiswonendeKinderen: required',
 *         'AantalAutos: required',
 *         'NettoBesteedbaarInkomenPerMaand: required',
 *         'BijzondereUitgaven: required',
 *         'Woning: required',
 *       ],
 *     );
 *     return true;
 *   },
 * );
 * ```
 */
export function repaymentCapacity(body: unknown, options?: CalculationOptions): RepaymentCapacityResult {
  const parsed = parseRepaymentRequest(body);
  const ruleSet = chooseRuleSet(options);
  const evaluation = programFor(ruleSet, 'afloscapaciteit').evaluate(parsed.household, {
    explain: options?.explain === true,
  });
  const total = (name: string): number => (evaluation.totals[name] as { toNumber(): number }).toNumber();
  // Contract change, not a speed change (issue 16 item 1): the maximum repayment capacity, its
  // totals and each post's `Minimaal`, shaped as the library's result so the differential
  // test compares them too. The arithmetic is the rule set's, as for the other totals.
  return {
    Afloscapaciteit: total('Afloscapaciteit'),
    MaximaleAfloscapaciteit: total('MaximaleAfloscapaciteit'),
    NettoBesteedbaarInkomenPerMaand: parsed.household.netMonthlyIncome.toNumber(),
    Posten: evaluation.posts.map((p) => ({
      Code: p.code,
      Omschrijving: p.description,
      Bedrag: (p.rounded['bedrag'] as { toNumber(): number }).toNumber(),
      Minimaal: (p.rounded['minimaal'] as { toNumber(): number }).toNumber(),
    })),
    TotaalLasten: total('TotaalLasten'),
    TotaalMinimaleLasten: total('TotaalMinimaleLasten'),
    Tekort: total('Tekort'),
    MinimaalTekort: total('MinimaalTekort'),
    Rekenregels: rekenregels(ruleSet, 'afloscapaciteit'), // issue 40: its method
    Meldingen: meldingen(parsed.ignoredFields, evaluation.notices, ruleSet),
    ...(evaluation.explanation !== undefined ? { Uitleg: evaluation.explanation } : {}),
  };
}
