/**
 * The `Meldingen` codes the library itself writes, whatever the rule set (see `meldingen` in
 * ./options.ts): an unknown request field, the count of those not named one by one, and a rule
 * set that is not final. The other codes of `Meldingen` are rule-set data (a rule's `notice`).
 * The OpenAPI document lists both; test/http/openapi.test.ts fails when a result carries a code
 * missing from that list.
 */
import { NOT_FINAL_NOTICE } from '../contract/rule-set-status.js';

export const UNKNOWN_FIELD_NOTICE = 'OnbekendVeld';
export const UNKNOWN_FIELDS_COUNTED_NOTICE = 'OnbekendeVeldenNietGenoemd';

export const LIBRARY_NOTICE_CODES: readonly string[] = Object.freeze([
  UNKNOWN_FIELD_NOTICE,
  UNKNOWN_FIELDS_COUNTED_NOTICE,
  NOT_FINAL_NOTICE,
]);
