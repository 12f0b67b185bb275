/**
 * What both calculations share: the options, choosing the rule set, and the parts of the
 * result that do not depend on the calculation (`Rekenregels`, `Meldingen`).
 */
import { ruleSetStatusNotice } from '../contract/rule-set-status.js';
import type { RuleSet } from '../rules/rule-set.js';
import { type RuleSetCatalog, setsThatHave } from '../rules/choose.js';
import type { CalculationId, Notice } from '../rules/format/calculation.js';
import { RuleSetChoiceError } from '../contract/errors.js';
import type { IgnoredField } from '../household/household.js';
import { bundledCatalog } from './bundled-catalog.js';
import { UNKNOWN_FIELD_NOTICE, UNKNOWN_FIELDS_COUNTED_NOTICE } from './notice-codes.js';

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
 * assert.equal(result.Uitleg?.['format'], 'budgetnorm-explanation/3');
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
   * The method family to choose the set in by `date`: `'nl'` (reference budgets, the default)
   * or `'vfn'` (the VFN lending norm for new consumer credit), or a family of `catalog`'s own
   * (see docs/methods/README.md). With `ruleSet`, the set named must be of this family.
   */
  readonly family?: string;
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
  /**
   * Add `Onderbouwing` to every amount (each post, group and total): the weakest provenance
   * among the rule-set figures it used for this household (`read` < `derived` < `to-verify` <
   * `estimate`) and the names of the estimates and to-verify values behind it (see
   * {@link Onderbouwing}). Default: false. It is read off the explanation, so it costs what
   * `explain` costs; without it an ordinary calculation pays nothing. `Uitleg` is added only
   * when `explain` is asked too.
   */
  readonly provenance?: boolean;
  /** Where ids and dates are looked up. Default: the rule sets bundled with the package ({@link bundledCatalog}). */
  readonly catalog?: RuleSetCatalog;
}

/**
 * The rule set the options name, which must have the rules of `calculation` (when given): a set without them
 * (a lending-norm set asked for retirement amounts) is `calculation_not_in_rule_set`, naming
 * the sets of the catalog that have them.
 */
export function chooseRuleSet(options: CalculationOptions | undefined, calculation?: CalculationId): RuleSet {
  const catalog = options?.catalog ?? bundledCatalog();
  const ruleSet = catalog.resolve(options?.ruleSet, options?.date, options?.family);
  if (calculation !== undefined && ruleSet.calculations[calculation] === undefined) {
    const having = setsThatHave(catalog.list(), (s) => s.calculations[calculation] !== undefined);
    throw new RuleSetChoiceError(
      'calculation_not_in_rule_set',
      `rule set ${ruleSet.id} (family ${ruleSet.family}) has no ${calculation} rules; the rule sets that have: ${having}`,
    );
  }
  return ruleSet;
}

/**
 * A result's `Rekenregels`: the set's identity, and the method its calculation file names
 * (`Methode`), when a calculation is given and its file names one.
 */
export function rekenregels(ruleSet: RuleSet, calculation?: CalculationId) {
  const method = calculation === undefined ? undefined : ruleSet.calculations[calculation]?.method;
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

const statusNotices = new WeakMap<RuleSet, { Code: string; Tekst: string } | null>();

/** The rule set's status warning (undefined when the set is final), worded once per set and shared: not for a result. */
export function statusNoticeOf(ruleSet: RuleSet): { readonly Code: string; readonly Tekst: string } | undefined {
  let notice = statusNotices.get(ruleSet);
  if (notice === undefined) {
    notice = ruleSetStatusNotice(ruleSet.id, ruleSet.status) ?? null;
    statusNotices.set(ruleSet, notice);
  }
  return notice ?? undefined;
}

/** The rule set's status warning; each result gets a copy of its own. */
function statusNotice(ruleSet: RuleSet): { Code: string; Tekst: string } | undefined {
  const notice = statusNoticeOf(ruleSet);
  return notice === undefined ? undefined : { Code: notice.Code, Tekst: notice.Tekst };
}

/**
 * Warnings for the result: the ignored request fields (the first 50 by name), what the rules
 * noted, and last that the rule set is not final when it is not `approved`.
 */
export function meldingen(ignored: readonly IgnoredField[], notices: readonly Notice[], ruleSet: RuleSet) {
  const status = statusNotice(ruleSet);
  // The common case, without the copies below.
  if (ignored.length === 0 && notices.length === 0) return status === undefined ? [] : [status];
  const listed = ignored.slice(0, MAX_LISTED_UNKNOWN_FIELDS);
  const rest = ignored.length - listed.length;
  return [
    ...listed.map((f) => ({ Code: UNKNOWN_FIELD_NOTICE, Tekst: `Het veld "${f.path}" is onbekend en is genegeerd.` })),
    ...(rest > 0
      ? [
          {
            Code: UNKNOWN_FIELDS_COUNTED_NOTICE,
            Tekst: `Nog ${rest} onbekende velden zijn genegeerd en niet afzonderlijk genoemd.`,
          },
        ]
      : []),
    ...notices.map((n) => ({ Code: n.code, Tekst: n.text })),
    ...(status === undefined ? [] : [status]),
  ];
}
