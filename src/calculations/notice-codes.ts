/**
 * The `Meldingen` codes the library itself writes, whatever the rule set (see `meldingen` in
 * ./options.ts): an unknown request field, and the count of those not named one by one. The
 * other codes of `Meldingen` are rule-set data (a rule's `notice`). The OpenAPI document lists
 * both; test/http/openapi.test.ts fails when a result carries a code missing from that list.
 */
export const LIBRARY_NOTICE_CODES: readonly string[] = Object.freeze(['OnbekendVeld', 'OnbekendeVeldenNietGenoemd']);
