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

/**
 * Unknown fields named one by one in `Meldingen`; beyond this, one warning counts the rest.
 * Without a limit, a 64 KiB body of a few thousand unknown keys would yield a result many
 * times its size.
 */
export const MAX_LISTED_UNKNOWN_FIELDS = 50;

/** Warnings for the result: the ignored request fields (the first 50 by name), then what the rules noted. */
export function meldingen(ignored: readonly IgnoredField[], notices: readonly Notice[]) {
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
  ];
}
