/** Names the service and its OpenAPI document share. */

export const PATHS = {
  retirement: '/pensioenuitgaven/Resultaat',
  repayment: '/Afloscapaciteit/Resultaat',
  health: '/health',
  openapi: '/openapi.json',
} as const;

/** The subscription key header (Azure API Management's name, which existing clients send). */
export const KEY_HEADER = 'Ocp-Apim-Subscription-Key';
/** The subscription key query parameter. */
export const KEY_QUERY = 'key';
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Names the rule set a result was computed with (the body says it too, in `Rekenregels`). */
export const RULE_SET_HEADER = 'X-Rekenregels';
/** The largest request body accepted: 64 KiB. */
export const MAX_BODY_BYTES = 64 * 1024;
