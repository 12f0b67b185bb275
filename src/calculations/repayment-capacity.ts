/**
 * Repayment capacity (afloscapaciteit): what is left of the net disposable monthly income
 * after all necessary expenditure, and the maximum repayment capacity: what is left after
 * only the minimum necessary expenditure. The arithmetic is the rule set's (its posts with
 * the measures `bedrag` and `minimaal`, and its totals `TotaalLasten`,
 * `TotaalMinimaleLasten`, `Afloscapaciteit`, `MaximaleAfloscapaciteit`, `Tekort`,
 * `MinimaalTekort`); this module only parses the request, runs the program and shapes the
 * result of the contract.
 */
import { moneyToNumber, type Decimal } from '../contract/money.js';
import type { RepaymentCapacityResult } from '../contract/results.js';
import type { RepaymentCapacityRequest } from '../contract/repayment-request.js';
import type { RequestBody } from '../contract/request-body.js';
import { readRepaymentRequest } from '../household/parse-repayment.js';
import { meldingen, rekenregels, type CalculationOptions } from './options.js';
import type { RuleSet } from '../rules/rule-set.js';
import { foundedRepayment } from './foundations.js';
import { type Evaluated, evaluateRequest } from './evaluate.js';

/** What the request reader gives. */
type RepaymentRead = ReturnType<typeof readRepaymentRequest>;

/**
 * Computes the repayment capacity (afloscapaciteit) of a household: its net disposable monthly
 * income minus the necessary expenditure of every post, in whole euros per month. The same
 * calculation as `POST /Afloscapaciteit/Resultaat`, pure and synchronous.
 *
 * The body is checked first, then the rule set is chosen, so a bad body is reported even when
 * the rule-set option is wrong too.
 *
 * @typeParam Body - Inferred from `body`; see {@link RequestBody}.
 * @param body - The request body, with the Dutch field names of `docs/contract.md`
 *   (`LeeftijdHoofdpersoon`, `Woning.WoningSoort`, …). Written out in TypeScript it must be a
 *   {@link RepaymentCapacityRequest}: a wrong enumeration name or a missing field is a compile
 *   error. Parsed JSON typed `unknown` (or `any`, or `Record<string, unknown>`) is accepted as
 *   it is and checked here at run time, where a name may be in any letter case.
 * @param options - Which rule set (by id, by date, or one you loaded) and whether to add the
 *   explanation; see {@link CalculationOptions}. Default: the bundled rule set valid today.
 * @returns A {@link RepaymentCapacityResult}, the body of `POST /Afloscapaciteit/Resultaat`:
 *   `Afloscapaciteit` (0 when the costs exceed the income), `Tekort` (the shortfall, 0
 *   otherwise), `TotaalLasten`, the same three for the minimum necessary expenditure
 *   (`MaximaleAfloscapaciteit`, `MinimaalTekort`, `TotaalMinimaleLasten`), every post with its
 *   `Bedrag` and `Minimaal`, the rule set used (`Rekenregels`), warnings (`Meldingen`), and
 *   `Uitleg` when asked.
 * @throws {@link ValidationError} when the body is not acceptable; its `issues` list every
 *   problem at once, each with the `path` as the caller wrote it and a stable `code`.
 * @throws {@link RuleSetChoiceError} when the rule set asked for does not exist, the date is
 *   malformed, no rule set covers the date, or `ruleSet` is an object that did not come from
 *   {@link loadRuleSet}.
 * @throws {@link RuleEvaluationError} when the rule set fails on this household at run time (a
 *   defect in the rule set, not the request; the coverage sweep at loading makes it unlikely).
 * @example A single tenant of 66
 * ```ts runnable
 * // The household of the worked example rules/nl-2026/tests/afloscapaciteit/aow-grens-66.json
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
 * assert.equal(result.Rekenregels.Methode?.Id, 'referentiebudget');
 * assert.equal(result.Posten.length, 22); // fifteen living-cost posts, Woonlasten, Autokosten, …
 * assert.equal(result.Posten.find((p) => p.Code === 'Woonlasten')?.Bedrag, 700); // the rent, as given
 * // The standard capacity (living costs at the standard level): for a long payment plan.
 * assert.equal(result.Posten.reduce((sum, p) => sum + p.Bedrag, 0), result.TotaalLasten);
 * assert.ok(result.Afloscapaciteit > 0 && result.Tekort === 0);
 * // The maximum (every living-cost post at its minimum): for a short one.
 * assert.equal(result.Posten.reduce((sum, p) => sum + p.Minimaal, 0), result.TotaalMinimaleLasten);
 * assert.ok(result.MaximaleAfloscapaciteit > result.Afloscapaciteit);
 * ```
 * @example A bad body: every problem at once
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, ValidationError } from 'budgetnorm';
 *
 * // A body parsed from JSON is typed unknown: the calculation checks it at run time.
 * const body: unknown = JSON.parse('{"LeeftijdHoofdpersoon": 200, "HeeftPartner": "ja"}');
 * assert.throws(
 *   () => repaymentCapacity(body),
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
export function repaymentCapacity<Body = RepaymentCapacityRequest>(
  body: RequestBody<Body, RepaymentCapacityRequest>,
  options?: CalculationOptions,
): RepaymentCapacityResult {
  return repaymentOutcome(body, options).result;
}

/** The result, and the rule set that computed it. */
function repaymentOutcome(
  body: unknown,
  options: CalculationOptions | undefined,
): { readonly result: RepaymentCapacityResult; readonly ruleSet: RuleSet } {
  const evaluated = evaluateRequest('afloscapaciteit', readRepaymentRequest, body, options);
  const { ruleSet } = evaluated;
  return { result: foundedRepayment(repaymentResultOf(evaluated), ruleSet, options), ruleSet };
}

/** The result of the contract, shaped from a household's evaluation (without `Onderbouwing`). */
function repaymentResultOf({ parsed, ruleSet, evaluation }: Evaluated<RepaymentRead>): RepaymentCapacityResult {
  const total = (name: string): number => moneyToNumber(evaluation.totals[name] as Decimal);
  const bedrag = evaluation.measures.indexOf('bedrag');
  const minimaal = evaluation.measures.indexOf('minimaal');
  const result: RepaymentCapacityResult = {
    Afloscapaciteit: total('Afloscapaciteit'),
    MaximaleAfloscapaciteit: total('MaximaleAfloscapaciteit'),
    NettoBesteedbaarInkomenPerMaand: parsed.household.netMonthlyIncome,
    Posten: evaluation.posts.map((p) => ({
      Code: p.code,
      Omschrijving: p.description,
      Bedrag: moneyToNumber(p.rounded[bedrag] as Decimal),
      Minimaal: moneyToNumber(p.rounded[minimaal] as Decimal),
    })),
    TotaalLasten: total('TotaalLasten'),
    TotaalMinimaleLasten: total('TotaalMinimaleLasten'),
    Tekort: total('Tekort'),
    MinimaalTekort: total('MinimaalTekort'),
    Rekenregels: rekenregels(ruleSet, 'afloscapaciteit'),
    Meldingen: meldingen(parsed.ignoredFields, evaluation.notices, ruleSet),
    ...(evaluation.explanation !== undefined ? { Uitleg: evaluation.explanation } : {}),
  };
  return result;
}
