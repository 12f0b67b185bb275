/**
 * The budgetnorm HTTP service as a web-standard app (Hono): {@link createApp}`(options).fetch`
 * runs in Node, Deno, Bun and edge workers. `npm start` runs it in Node with its configuration
 * from environment variables (docs/http.md); this entry point is for hosting it yourself: in
 * your own server, an edge worker, or a test.
 *
 * @module budgetnorm/http
 */
export { createApp } from './app.js';
export type { AppOptions, Calculations, ErrorLogEntry, RequestLogLine } from './app.js';
export { openApiDocument } from './openapi.js';
export { ADVISOR_PATHS } from './advisor-page.js';
export type { AdvisorPage, AdvisorPageMissing } from './advisor-page.js';
export { SubscriptionKeys, digestKey, constantTimeEqual } from './keys.js';
export type { KeyDigest } from './keys.js';
export {
  PATHS,
  KEY_CHALLENGE,
  KEY_HEADER,
  KEY_QUERY,
  MAX_BODY_BYTES,
  REQUEST_ID_HEADER,
  RULE_SET_HEADER,
  RULE_SET_STATUS_HEADER,
} from './constants.js';
export { PROBLEM_TYPES, PROBLEM_CONTENT_TYPE, Problem, ValidationProblem, InternalErrorProblem } from './problem.js';
