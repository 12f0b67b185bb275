/**
 * The budgetnorm HTTP service as a web-standard app (Hono): `createApp(options).fetch` runs
 * in Node, Deno, Bun and edge workers. The Node entry point is `src/node/server.ts`.
 */
export { createApp } from './app.js';
export type { AppOptions, Calculations, ErrorLogEntry, RequestLogLine } from './app.js';
export { openApiDocument } from './openapi.js';
export { ADVISOR_PATHS } from './advisor-page.js';
export type { AdvisorPage, AdvisorPageMissing } from './advisor-page.js';
export { SubscriptionKeys, digestKey, constantTimeEqual } from './keys.js';
export type { KeyDigest } from './keys.js';
export { PATHS, KEY_HEADER, KEY_QUERY, MAX_BODY_BYTES, REQUEST_ID_HEADER, RULE_SET_HEADER } from './constants.js';
export { PROBLEM_TYPES, PROBLEM_CONTENT_TYPE, Problem, ValidationProblem, InternalErrorProblem } from './problem.js';
