/**
 * Retirement expenditure reference amounts (pensioenuitgaven): per post, `Basis` (what the
 * household type minimally needs) and `Voorbeeld` (what comparable households spend). The
 * rule set computes the posts; group subtotals and the total are the sums of the rounded
 * posts, so a reader's own addition of the result checks out.
 */
import { Money, type Decimal } from '../contract/money.js';
import type { RetirementExpenditureResult } from '../contract/results.js';
import { programFor } from '../engine/compile.js';
import { parseRetirementRequest } from '../household/parse-retirement.js';
import { chooseRuleSet, meldingen, rekenregels, type CalculationOptions } from './options.js';

/**
 * Computes the retirement expenditure reference amounts of a household type.
 *
 * @param body - the request body as parsed JSON (see docs/contract.md)
 * @param options - rule set, reference date, explanation
 * @returns the result of `POST /pensioenuitgaven/Resultaat`
 * @throws ValidationError when the body is not acceptable (every problem listed)
 * @throws RuleSetChoiceError when the rule set asked for does not exist or no set covers the date
 * @example
 * const result = retirementExpenditure({
 *   Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *   Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
 *   NettoBesteedbaarInkomenPerMaand: 1900,
 * }, { date: '2026-03-01' });
 * result.Totaal.Basis; // whole euros per month
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
    Rekenregels: rekenregels(ruleSet),
    Meldingen: meldingen(parsed.ignoredFields, evaluation.notices),
    ...(evaluation.explanation !== undefined
      ? { Uitleg: evaluation.explanation as unknown as Record<string, unknown> }
      : {}),
  };
}
