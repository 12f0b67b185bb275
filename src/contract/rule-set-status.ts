/**
 * How far a rule set has come: the manifest's `status`, and what a result says of it. It lives
 * in the contract because every result names it (`Rekenregels.Status`) and warns when a set is
 * not final; the rule format (src/rules/format/manifest.ts) takes the same list from here.
 */
import * as z from 'zod';
import { deferredSchema } from './deferred-shape.js';

// A literal of four values rather than z.enum: the same check and JSON Schema (`enum`), and a
// plain union type, which the API reference can show without an object of four keys to document.
/** `draft` → `reviewed` → `approved` (final); `withdrawn` is chosen only by id. */
export const RuleSetStatus = deferredSchema(() => z.literal(['draft', 'reviewed', 'approved', 'withdrawn']));
export type RuleSetStatus = z.infer<typeof RuleSetStatus>;

/** Each status in Dutch, as readers show it (the advisor page has the same words). */
export const RULE_SET_STATUS_IN_DUTCH: Readonly<Record<RuleSetStatus, string>> = {
  draft: 'concept',
  reviewed: 'beoordeeld',
  approved: 'goedgekeurd',
  withdrawn: 'ingetrokken',
};

/** The code of the warning a result carries when its rule set is not `approved`. */
export const NOT_FINAL_NOTICE = 'RekenregelsNietVastgesteld';

/**
 * The warning for a result computed with a rule set that is not final, or nothing when it is
 * (`approved`). In plain Dutch, naming the set and its status.
 */
export function ruleSetStatusNotice(id: string, status: RuleSetStatus): { Code: string; Tekst: string } | undefined {
  switch (status) {
    case 'approved':
      return undefined;
    case 'draft':
      return {
        Code: NOT_FINAL_NOTICE,
        Tekst: `De rekenregels ${id} zijn een concept (status draft): nog niet beoordeeld en vastgesteld. Gebruik de uitkomst met die kanttekening.`,
      };
    case 'reviewed':
      return {
        Code: NOT_FINAL_NOTICE,
        Tekst: `De rekenregels ${id} zijn beoordeeld maar nog niet vastgesteld (status reviewed).`,
      };
    case 'withdrawn':
      return {
        Code: NOT_FINAL_NOTICE,
        Tekst: `De rekenregels ${id} zijn ingetrokken (status withdrawn); ze worden alleen gebruikt omdat ze bij naam zijn gevraagd.`,
      };
  }
}
