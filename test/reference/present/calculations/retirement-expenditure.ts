/**
 * Retirement expenditure reference amounts (pensioenuitgaven): per post, `Basis` (what the
 * household type minimally needs) and `Voorbeeld` (what comparable households spend). The
 * rule set computes the posts; group subtotals and the total are the sums of the rounded
 * posts, so a reader's own addition of the result checks out.
 */
import { Money, type Decimal } from '../../../../src/contract/money.js';
import type { RetirementExpenditureResult } from '../../../../src/contract/results.js';
import { programFor } from '../engine/compile.js';
import { parseRetirementRequest } from '../household/parse-retirement.js';
import { chooseRuleSet, meldingen, rekenregels, type CalculationOptions } from './options.js';

/**
 * Computes the retirement expenditure reference amounts (pensioenuitgaven) of a household
 * type: per expenditure post what it minimally needs (`Basis`) and what comparable households
 * spend (`Voorbeeld`), in whole euros per month, with group subtotals and a total. The same
 * calculation as `POST /pensioenuitgaven/Resultaat`, pure and synchronous.
 *
 * The subtotals and the total are sums of the rounded posts, so adding up the result yourself
 * gives the same numbers. The body is checked before the rule set is chosen.
 *
 * @param body - The request body as parsed JSON, with the Dutch field names of
 *   `docs/contract.md` (`Hoofdpersonen`, `Woning.TypeWoning`, …). Typed `unknown` because it
 *   is checked here: anything may be passed.
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
 * assert.deepEqual(result.Totaal, { Basis: 989, Voorbeeld: 1101 });
 * const food = result.Posten.find((p) => p.Code === 'Voeding');
 * assert.equal(food?.Basis, 280);
 * assert.equal(food?.Voorbeeld, 280);
 * // The total is the sum of the rounded posts, and so is the sum of the groups.
 * const sum = (xs: { Basis: number }[]) => xs.reduce((total, x) => total + x.Basis, 0);
 * assert.equal(sum(result.Posten), result.Totaal.Basis);
 * assert.equal(sum(result.Groepen), result.Totaal.Basis);
 * ```
 */
export function retirementExpenditure(body: unknown, options?: CalculationOptions): RetirementExpenditureResult {
  const parsed = parseRetirementRequest(body);
  const ruleSet = chooseRuleSet(options);
  const calc = ruleSet.calculations.pensioenuitgaven;
  const evaluation = programFor(ruleSet, 'pensioenuitgaven').evaluate(parsed.household, {
    explain: options?.explain === true,
  });
  const zero = new Money(0);
  const groupTotals = new Map<string, { basis: Decimal; voorbeeld: Decimal }>();
  let basis = zero;
  let voorbeeld = zero;
  const posten = evaluation.posts.map((p) => {
    const b = p.rounded['basis'] as Decimal;
    const v = p.rounded['voorbeeld'] as Decimal;
    const group = p.group ?? '';
    const sum = groupTotals.get(group) ?? { basis: zero, voorbeeld: zero };
    groupTotals.set(group, { basis: sum.basis.plus(b), voorbeeld: sum.voorbeeld.plus(v) });
    basis = basis.plus(b);
    voorbeeld = voorbeeld.plus(v);
    return { Code: p.code, Omschrijving: p.description, Groep: group, Basis: b.toNumber(), Voorbeeld: v.toNumber() };
  });
  const groepen = (calc?.groups ?? [])
    .filter((g) => groupTotals.has(g.code))
    .map((g) => {
      const t = groupTotals.get(g.code) as { basis: Decimal; voorbeeld: Decimal };
      return {
        Code: g.code,
        Omschrijving: g.description,
        Basis: t.basis.toNumber(),
        Voorbeeld: t.voorbeeld.toNumber(),
      };
    });
  return {
    Posten: posten,
    Groepen: groepen,
    Totaal: { Basis: basis.toNumber(), Voorbeeld: voorbeeld.toNumber() },
    Rekenregels: rekenregels(ruleSet, 'pensioenuitgaven'), // issue 40: its method
    Meldingen: meldingen(parsed.ignoredFields, evaluation.notices, ruleSet),
    ...(evaluation.explanation !== undefined ? { Uitleg: evaluation.explanation } : {}),
  };
}
