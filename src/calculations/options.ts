/**
 * What both calculations share: the options, choosing the rule set, and the parts of the
 * result that do not depend on the calculation (`Rekenregels`, `Meldingen`).
 */
import type { RuleSet } from '../rules/rule-set.js';
import type { RuleSetCatalog } from '../rules/choose.js';
import type { Notice } from '../rules/format/calculation.js';
import type { IgnoredField } from '../household/household.js';
import { bundledCatalog } from './bundled-catalog.js';

export interface CalculationOptions {
  /** A rule set from `loadRuleSet`, or the id of one in the catalog. Default: the one valid on `date`. */
  readonly ruleSet?: RuleSet | string;
  /** The reference date (`YYYY-MM-DD`, or a Date taken as its calendar day in the Netherlands). Default: today. */
  readonly date?: string | Date;
  /** Add `Uitleg`: every amount's rules, figures, sources and provenance. */
  readonly explain?: boolean;
  /** Where ids and dates are looked up. Default: the rule sets bundled with the package. */
  readonly catalog?: RuleSetCatalog;
}

export function chooseRuleSet(options: CalculationOptions | undefined): RuleSet {
  const catalog = options?.catalog ?? bundledCatalog();
  return catalog.resolve(options?.ruleSet, options?.date);
}

export function rekenregels(ruleSet: RuleSet) {
  return { Id: ruleSet.id, GeldigVanaf: ruleSet.validFrom, GeldigTot: ruleSet.validUntil, Hash: ruleSet.hash };
}

/** Warnings for the result: every ignored request field, then what the rules noted. */
export function meldingen(ignored: readonly IgnoredField[], notices: readonly Notice[]) {
  return [
    ...ignored.map((f) => ({ Code: 'OnbekendVeld', Tekst: `Het veld "${f.path}" is onbekend en is genegeerd.` })),
    ...notices.map((n) => ({ Code: n.code, Tekst: n.text })),
  ];
}
