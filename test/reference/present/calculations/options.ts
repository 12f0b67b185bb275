/**
 * What both calculations share: the options, choosing the rule set, and the parts of the
 * result that do not depend on the calculation (`Rekenregels`, `Meldingen`).
 */
import { ruleSetStatusNotice } from '../../../../src/contract/rule-set-status.js';
import type { RuleSet } from '../../../../src/rules/rule-set.js';
import type { RuleSetCatalog } from '../../../../src/rules/choose.js';
import type { CalculationId, Notice } from '../../../../src/rules/format/calculation.js';
import type { IgnoredField } from '../../../../src/household/household.js';
import { bundledCatalog } from '../../../../src/calculations/bundled-catalog.js';

/**
 * The options of {@link repaymentCapacity} and {@link retirementExpenditure}: which rule set
 * computes the result, and whether to explain it. Every field is optional; without any, the
 * bundled rule set valid today (Dutch calendar day) is used.
 *
 * A result names the set it came from in `Rekenregels` (`Id`, `Hash`), so a caller who must
 * reproduce a number later pins `ruleSet` (or `date`) rather than relying on today.
 *
 * @example Pinning the rule set and asking for the explanation
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type CalculationOptions } from 'budgetnorm';
 *
 * const options: CalculationOptions = { ruleSet: 'nl-2025', explain: true };
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
 *   options,
 * );
 * assert.equal(result.Rekenregels.Id, 'nl-2025');
 * assert.equal(result.Uitleg?.['format'], 'budgetnorm-explanation/1');
 * ```
 */
export interface CalculationOptions {
  /**
   * The rule set: one returned by {@link loadRuleSet} (or `loadRuleSetFolder`), or the id of
   * one in `catalog` (`'nl-2026'`). When given, `date` is not used. Default: the set in
   * `catalog` valid on `date`.
   */
  readonly ruleSet?: RuleSet | string;
  /**
   * The reference date that picks the rule set: `'YYYY-MM-DD'`, or a `Date`, taken as the
   * calendar day it falls on in the Netherlands (rule sets change at midnight Dutch time).
   * Default: today.
   */
  readonly date?: string | Date;
  /**
   * Add `Uitleg` to the result: for every amount the rules tried, the figures used, their
   * sources and provenance (see {@link Explanation}). Default: false; without it no
   * explanation is recorded, so an ordinary calculation pays nothing for it.
   */
  readonly explain?: boolean;
  /** Where ids and dates are looked up. Default: the rule sets bundled with the package ({@link bundledCatalog}). */
  readonly catalog?: RuleSetCatalog;
}

export function chooseRuleSet(options: CalculationOptions | undefined): RuleSet {
  const catalog = options?.catalog ?? bundledCatalog();
  return catalog.resolve(options?.ruleSet, options?.date);
}

export function rekenregels(ruleSet: RuleSet, calculation: CalculationId) {
  // Contract changes since the freeze: `Status` (issue 16); `Methode`, the method the
  // calculation file names (issue 40), for which each result passes its calculation.
  const method = ruleSet.calculations[calculation]?.method;
  return {
    Id: ruleSet.id,
    GeldigVanaf: ruleSet.validFrom,
    GeldigTot: ruleSet.validUntil,
    Hash: ruleSet.hash,
    Status: ruleSet.status,
    ...(method === undefined ? {} : { Methode: { Id: method.id, Naam: method.name } }),
  };
}

/**
 * Unknown fields named one by one in `Meldingen`; beyond this, one warning counts the rest.
 * Without a limit, a 64 KiB body of a few thousand unknown keys would yield a result many
 * times its size.
 */
export const MAX_LISTED_UNKNOWN_FIELDS = 50;

/** Warnings for the result: the ignored request fields (the first 50 by name), then what the rules noted. */
export function meldingen(ignored: readonly IgnoredField[], notices: readonly Notice[], ruleSet: RuleSet) {
  // Contract change since the freeze (issue 16): the rule set's status warning, last.
  const status = ruleSetStatusNotice(ruleSet.id, ruleSet.status);
  const listed = ignored.slice(0, MAX_LISTED_UNKNOWN_FIELDS);
  const rest = ignored.length - listed.length;
  return [
    ...listed.map((f) => ({ Code: 'OnbekendVeld', Tekst: `Het veld "${f.path}" is onbekend en is genegeerd.` })),
    ...(rest > 0
      ? [
          {
            Code: 'OnbekendeVeldenNietGenoemd',
            Tekst: `Nog ${rest} onbekende velden zijn genegeerd en niet afzonderlijk genoemd.`,
          },
        ]
      : []),
    ...notices.map((n) => ({ Code: n.code, Tekst: n.text })),
    ...(status === undefined ? [] : [status]),
  ];
}
