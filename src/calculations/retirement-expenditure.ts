/**
 * Retirement expenditure reference amounts (pensioenuitgaven): per post, `Basis` (what the
 * household type minimally needs) and `Voorbeeld` (what comparable households spend). The
 * rule set computes the posts; group subtotals and the total are the sums of the rounded
 * posts, so a reader's own addition of the result checks out.
 */
import { MoneySum, moneyToNumber, type Decimal } from '../contract/money.js';
import type { RetirementExpenditureResult } from '../contract/results.js';
import type { RetirementExpenditureRequest } from '../contract/retirement-request.js';
import type { RequestBody } from '../contract/request-body.js';
import { readRetirementRequest } from '../household/parse-retirement.js';
import { meldingen, rekenregels, type CalculationOptions } from './options.js';
import type { RuleSet } from '../rules/rule-set.js';
import { foundedRetirement } from './foundations.js';
import { evaluateRequest } from './evaluate.js';

/**
 * Computes the retirement expenditure reference amounts (pensioenuitgaven) of a household
 * type: per expenditure post what it minimally needs (`Basis`) and what comparable households
 * spend (`Voorbeeld`), in whole euros per month, with group subtotals and a total. The same
 * calculation as `POST /pensioenuitgaven/Resultaat`, pure and synchronous.
 *
 * The subtotals and the total are sums of the rounded posts, so adding up the result yourself
 * gives the same numbers. The body is checked before the rule set is chosen.
 *
 * @typeParam Body - Inferred from `body`; see {@link RequestBody}.
 * @param body - The request body, with the Dutch field names of `docs/contract.md`
 *   (`Hoofdpersonen`, `Woning.TypeWoning`, …). Written out in TypeScript it must be a
 *   {@link RetirementExpenditureRequest}: a wrong enumeration name or a missing field is a
 *   compile error. Parsed JSON typed `unknown` (or `any`, or `Record<string, unknown>`) is
 *   accepted as it is and checked here at run time, where a name may be in any letter case.
 * @param options - Which rule set (by id, by date, or one you loaded) and whether to add the
 *   explanation; see {@link CalculationOptions}. Default: the bundled rule set valid today.
 * @returns A {@link RetirementExpenditureResult}, the body of `POST /pensioenuitgaven/Resultaat`:
 *   `Posten` (each with its `Groep`), `Groepen`, `Totaal`, the rule set used (`Rekenregels`),
 *   warnings (`Meldingen`), and `Uitleg` when asked.
 * @throws {@link ValidationError} when the body is not acceptable; its `issues` list every
 *   problem at once, each with the `path` as the caller wrote it and a stable `code`.
 * @throws {@link RuleSetChoiceError} when the rule set asked for does not exist, the date is
 *   malformed, no rule set covers the date, or `ruleSet` is an object that did not come from
 *   {@link loadRuleSet}.
 * @throws {@link RuleEvaluationError} when the rule set fails on this household at run time (a
 *   defect in the rule set, not the request; the coverage sweep at loading makes it unlikely).
 * @example A single man renting an apartment
 * ```ts runnable
 * // The worked example rules/nl-2026/tests/pensioenuitgaven/01-alleenstaande-man-huur-appartement-laag-inkomen.json
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure } from 'budgetnorm';
 *
 * const result = retirementExpenditure(
 *   {
 *     Hoofdpersonen: [{ Geslacht: 'Man' }],
 *     Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
 *     NettoBesteedbaarInkomenPerMaand: 1400,
 *   },
 *   { date: '2026-03-01' },
 * );
 * assert.equal(result.Rekenregels.Id, 'nl-2026');
 * assert.deepEqual(result.Totaal, { Basis: 1074, Voorbeeld: 1210 });
 * const food = result.Posten.find((p) => p.Code === 'Voeding');
 * assert.equal(food?.Basis, 294);
 * assert.equal(food?.Voorbeeld, 294);
 * // The total is the sum of the rounded posts, and so is the sum of the groups.
 * const sum = (xs: { Basis: number }[]) => xs.reduce((total, x) => total + x.Basis, 0);
 * assert.equal(sum(result.Posten), result.Totaal.Basis);
 * assert.equal(sum(result.Groepen), result.Totaal.Basis);
 * ```
 */
export function retirementExpenditure<Body = RetirementExpenditureRequest>(
  body: RequestBody<Body, RetirementExpenditureRequest>,
  options?: CalculationOptions,
): RetirementExpenditureResult {
  return retirementOutcome(body, options).result;
}

/** The result, and the rule set that computed it. */
function retirementOutcome(
  body: unknown,
  options: CalculationOptions | undefined,
): { readonly result: RetirementExpenditureResult; readonly ruleSet: RuleSet } {
  const { parsed, ruleSet, evaluation } = evaluateRequest('pensioenuitgaven', readRetirementRequest, body, options);
  const calc = ruleSet.calculations.pensioenuitgaven;
  const groupTotals = new Map<string, { readonly basis: MoneySum; readonly voorbeeld: MoneySum }>();
  const basis = new MoneySum();
  const voorbeeld = new MoneySum();
  const basisAt = evaluation.measures.indexOf('basis');
  const voorbeeldAt = evaluation.measures.indexOf('voorbeeld');
  const posten = evaluation.posts.map((p) => {
    const b = p.rounded[basisAt] as Decimal;
    const v = p.rounded[voorbeeldAt] as Decimal;
    const group = p.group ?? '';
    let sum = groupTotals.get(group);
    if (sum === undefined) {
      sum = { basis: new MoneySum(), voorbeeld: new MoneySum() };
      groupTotals.set(group, sum);
    }
    sum.basis.add(b);
    sum.voorbeeld.add(v);
    basis.add(b);
    voorbeeld.add(v);
    return {
      Code: p.code,
      Omschrijving: p.description,
      Groep: group,
      Basis: moneyToNumber(b),
      Voorbeeld: moneyToNumber(v),
    };
  });
  const groepen = (calc?.groups ?? [])
    .filter((g) => groupTotals.has(g.code))
    .map((g) => {
      const t = groupTotals.get(g.code) as { readonly basis: MoneySum; readonly voorbeeld: MoneySum };
      return {
        Code: g.code,
        Omschrijving: g.description,
        Basis: t.basis.toNumber(),
        Voorbeeld: t.voorbeeld.toNumber(),
      };
    });
  const result: RetirementExpenditureResult = {
    Posten: posten,
    Groepen: groepen,
    Totaal: { Basis: basis.toNumber(), Voorbeeld: voorbeeld.toNumber() },
    Rekenregels: rekenregels(ruleSet, 'pensioenuitgaven'),
    Meldingen: meldingen(parsed.ignoredFields, evaluation.notices, ruleSet),
    ...(evaluation.explanation !== undefined ? { Uitleg: evaluation.explanation } : {}),
  };
  return { result: foundedRetirement(result, ruleSet, options), ruleSet };
}
