/**
 * Error responses as RFC 9457 problem details (`application/problem+json`), and the zod
 * schemas that describe them: the same schemas feed the OpenAPI document.
 *
 * A problem body never carries a stack trace, a key, or the text of the request body.
 */
import * as z from 'zod';
import type { ValidationIssue } from '../contract/errors.js';
import { KEY_CHALLENGE } from './constants.js';

/**
 * The media type of every error response: RFC 9457 problem details.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, PROBLEM_CONTENT_TYPE } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(new Request('http://localhost/nothing-here'));
 * assert.equal(response.status, 404);
 * assert.equal(response.headers.get('Content-Type'), PROBLEM_CONTENT_TYPE);
 * ```
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Every problem `type` the service answers with: stable URIs a client may branch on (the
 * `title` and `detail` are for people and may change).
 *
 * @example Branching on the type of a problem
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, PATHS, PROBLEM_TYPES } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(new Request(`http://localhost${PATHS.repayment}`)); // GET, not POST
 * const problem = (await response.json()) as { type: string; status: number };
 * assert.equal(problem.type, PROBLEM_TYPES.methodNotAllowed);
 * assert.equal(problem.status, 405);
 * assert.equal(response.headers.get('Allow'), 'POST');
 * ```
 */
export const PROBLEM_TYPES = {
  /** 400: the body or a query parameter cannot be accepted; `errors` lists every problem ({@link ValidationProblem}). */
  invalidRequest: 'urn:budgetnorm:problem:invalid-request',
  /** 401: no accepted subscription key. */
  unauthorized: 'urn:budgetnorm:problem:unauthorized',
  /** 404: nothing at this path (paths are case-sensitive). */
  notFound: 'urn:budgetnorm:problem:not-found',
  /** 405: the path does not take this method; `Allow` says which it does. */
  methodNotAllowed: 'urn:budgetnorm:problem:method-not-allowed',
  /** 413: the body is larger than {@link MAX_BODY_BYTES}. */
  payloadTooLarge: 'urn:budgetnorm:problem:payload-too-large',
  /** 415: the body is not sent as `application/json`. */
  unsupportedMediaType: 'urn:budgetnorm:problem:unsupported-media-type',
  /** 500: an unexpected error; the body carries only an `errorId` ({@link InternalErrorProblem}). */
  internalError: 'urn:budgetnorm:problem:internal-error',
  /** 503: no rule set is valid today; the operator must install one. */
  ruleSetUnavailable: 'urn:budgetnorm:problem:rule-set-unavailable',
} as const;

/**
 * The schema of every error body (RFC 9457 problem details), as a zod schema: the same
 * description the OpenAPI document is generated from. A client can check an error body with it.
 *
 * @example Checking an error body
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, PATHS, Problem } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(new Request(`http://localhost${PATHS.repayment}`, { method: 'POST' }));
 * const problem = Problem.parse(await response.json());
 * assert.equal(problem.status, 401);
 * assert.equal(problem.title, 'Unauthorized');
 * ```
 */
export const Problem = z
  .object({
    /** URI naming the kind of problem: one of {@link PROBLEM_TYPES}. */
    type: z.string().describe('URI naming the kind of problem, e.g. urn:budgetnorm:problem:unauthorized'),
    /** Short summary of the kind of problem (the HTTP reason phrase). */
    title: z.string().describe('short summary of the kind of problem'),
    /** The HTTP status code, as the response's. */
    status: z.number().int().describe('the HTTP status code'),
    /** What went wrong with this request, in plain English. */
    detail: z.string().describe('what went wrong with this request, in plain English'),
  })
  .describe('RFC 9457 problem details');
/**
 * An error body (RFC 9457 problem details): what every response that is not a 200 carries,
 * as `application/problem+json`.
 *
 * @useDeclaredType
 * @example Reading an error body in a client
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, PATHS, PROBLEM_TYPES, type Problem } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}`, { method: 'POST', headers: { 'Ocp-Apim-Subscription-Key': 'my-key' }, body: '{}' }),
 * );
 * const problem = (await response.json()) as Problem;
 * assert.equal(problem.type, PROBLEM_TYPES.unsupportedMediaType); // no Content-Type: application/json
 * assert.equal(problem.status, response.status);
 * ```
 */
export type Problem = z.infer<typeof Problem>;

export const ProblemIssue = z.object({
  /** The field as the caller wrote it (`Autos[1].TypeAuto`); `` for the body itself; `?name` for a query parameter. */
  path: z
    .string()
    .describe(
      'the field as the caller wrote it (Autos[1].TypeAuto); "" for the body itself; ?name for a query parameter',
    ),
  /** Stable code, e.g. `required`, `invalid_type`, `too_big`, `invalid_enum`, `invalid_json`. */
  code: z.string().describe('stable code, e.g. required, invalid_type, too_big, invalid_enum, invalid_json'),
  /** What was expected, in plain English. */
  message: z.string().describe('what was expected, in plain English'),
});

/**
 * The schema of the 400 body: problem details with `errors`, every problem of the request at
 * once, as the library's {@link budgetnorm!ValidationError | ValidationError} lists them (plus
 * query parameters as `?name`).
 *
 * @example Checking a 400 body
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, ValidationProblem } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}?uitleg=maybe`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: '{}',
 *   }),
 * );
 * const problem = ValidationProblem.parse(await response.json());
 * assert.equal(problem.status, 400);
 * assert.deepEqual(problem.errors.map((e) => [e.path, e.code]), [['?uitleg', 'invalid_type']]);
 * ```
 */
export const ValidationProblem = Problem.extend({
  /** Every problem of the request at once, each with its path, code and message. */
  errors: z.array(ProblemIssue).min(1).describe('every problem of the request at once'),
}).describe('RFC 9457 problem details for a request that cannot be accepted (400)');
/**
 * The 400 body: problem details with `errors`, every problem of the request at once.
 *
 * @useDeclaredType
 * @example Every problem of the body, with the paths as the caller wrote them
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, type ValidationProblem } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: JSON.stringify({
 *       Hoofdpersonen: [{ Geslacht: 'X' }],
 *       Woning: { TypeWoning: 0, SoortWoning: 'huurwoning', WozWaarde: 200000, WozWaardeCategorie: 1 },
 *       NettoBesteedbaarInkomenPerMaand: 1500.5,
 *     }),
 *   }),
 * );
 * const problem = (await response.json()) as ValidationProblem;
 * assert.deepEqual(
 *   problem.errors.map((e) => `${e.path} ${e.code}`),
 *   ['Hoofdpersonen[0].Geslacht invalid_enum', 'NettoBesteedbaarInkomenPerMaand not_integer', 'Woning.WozWaardeCategorie mutually_exclusive'],
 * );
 * ```
 */
export type ValidationProblem = z.infer<typeof ValidationProblem>;

/**
 * The schema of the 500 body: problem details with only an `errorId`; the cause is in the
 * service's log under that id, never in the response.
 *
 * @example A calculation that fails unexpectedly
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, InternalErrorProblem, KEY_HEADER, PATHS, type ErrorLogEntry } from 'budgetnorm/http';
 *
 * const logged: ErrorLogEntry[] = [];
 * const app = createApp({
 *   keys: ['my-key'],
 *   log: () => {},
 *   logError: (entry) => logged.push(entry),
 *   calculations: {
 *     repaymentCapacity: () => {
 *       throw new Error('disk on fire');
 *     },
 *   },
 * });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.repayment}`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: '{}',
 *   }),
 * );
 * const problem = InternalErrorProblem.parse(await response.json());
 * assert.equal(problem.status, 500);
 * assert.doesNotMatch(JSON.stringify(problem), /disk on fire/);
 * assert.equal(logged[0]?.errorId, problem.errorId);
 * ```
 */
export const InternalErrorProblem = Problem.extend({
  /** Quote this id when reporting the error; the cause is in the service log under it. */
  errorId: z.string().describe('quote this id when reporting the error; the cause is in the service log under it'),
}).describe('RFC 9457 problem details for an unexpected error (500); tells nothing but an error id');
/**
 * The 500 body: problem details with only an `errorId` to quote; nothing about the cause.
 *
 * @useDeclaredType
 * @example The detail quotes the error id
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, type InternalErrorProblem } from 'budgetnorm/http';
 *
 * const app = createApp({
 *   keys: ['my-key'],
 *   log: () => {},
 *   logError: () => {},
 *   calculations: {
 *     retirementExpenditure: () => {
 *       throw new Error('unexpected');
 *     },
 *   },
 * });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: '{}',
 *   }),
 * );
 * const problem = (await response.json()) as InternalErrorProblem;
 * assert.ok(problem.detail.includes(problem.errorId));
 * ```
 */
export type InternalErrorProblem = z.infer<typeof InternalErrorProblem>;

/**
 * A response as plain data: what the app answers as a `Response`, and what a host that writes
 * responses itself (the Node entry point's direct path, src/http/direct.ts) writes as it is.
 */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * A problem+json answer, as plain data. Header names are lower-case, as Hono's `Headers` writes
 * them, so an answer the Node host writes itself (the direct path) spells them the same; only
 * `Connection`, node:http's own framing header, keeps node's spelling (its writers own it).
 */
export function problemAnswer(
  body: Problem & Record<string, unknown>,
  headers: Record<string, string> = {},
): PlainAnswer {
  return {
    status: body.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
    body: JSON.stringify(body),
  };
}

/** The `Response` of a plain answer. */
export function answerResponse(answer: PlainAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** A problem+json response. */
export function problemResponse(
  body: Problem & Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  return answerResponse(problemAnswer(body, headers));
}

export function invalidRequest(detail: string, errors: readonly ValidationIssue[]): Response {
  return problemResponse(invalidRequestProblem(detail, errors));
}

/** The body of {@link invalidRequest}'s 400. */
export function invalidRequestProblem(detail: string, errors: readonly ValidationIssue[]): ValidationProblem {
  return {
    type: PROBLEM_TYPES.invalidRequest,
    title: 'Bad Request',
    status: 400,
    detail,
    errors: errors.map((e) => ({ path: e.path, code: e.code, message: e.message })),
  };
}

export const UNAUTHORIZED_DETAIL =
  'A valid subscription key is required: send it in the Ocp-Apim-Subscription-Key header or the key query parameter.';

/** The 401's detail when the request presents keys that differ (which of them is wrong is not said). */
export const DIFFERENT_KEYS_DETAIL =
  'The request presents different subscription keys (in the Ocp-Apim-Subscription-Key header and the key query parameter, or the key parameter more than once): send one key, or the same key in each place.';

/** 401 with its challenge (RFC 9110 §11.6.1); `keysDiffer`: the request presented keys that differ. */
export function unauthorized(keysDiffer = false): Response {
  return problemResponse(
    {
      type: PROBLEM_TYPES.unauthorized,
      title: 'Unauthorized',
      status: 401,
      detail: keysDiffer ? DIFFERENT_KEYS_DETAIL : UNAUTHORIZED_DETAIL,
    },
    { 'www-authenticate': KEY_CHALLENGE },
  );
}

/** A 404 naming the service's operations (`POST /pensioenuitgaven/Resultaat`, …), in registry order. */
export function notFound(operationPaths: readonly string[]): Response {
  return problemResponse(notFoundProblem(operationPaths));
}

/** The body of {@link notFound}'s 404 (the OpenAPI document's example too). */
export function notFoundProblem(operationPaths: readonly string[]): Problem {
  const listed = operationPaths.map((path) => `POST ${path}`);
  const operations =
    listed.length > 1
      ? `The operations are ${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`
      : `The operation is ${listed[0] ?? '(none)'}`;
  return {
    type: PROBLEM_TYPES.notFound,
    title: 'Not Found',
    status: 404,
    detail: `There is nothing at this path. ${operations} (paths are case-sensitive); see GET /openapi.json.`,
  };
}

export function methodNotAllowed(allow: readonly string[]): Response {
  return problemResponse(
    {
      type: PROBLEM_TYPES.methodNotAllowed,
      title: 'Method Not Allowed',
      status: 405,
      detail: `This path accepts ${allow.join(', ')} only.`,
    },
    { allow: allow.join(', ') },
  );
}

export function payloadTooLarge(maxBytes: number): Response {
  return answerResponse(payloadTooLargeAnswer(maxBytes));
}

/** {@link payloadTooLarge} as plain data. */
export function payloadTooLargeAnswer(maxBytes: number): PlainAnswer {
  return problemAnswer(
    {
      type: PROBLEM_TYPES.payloadTooLarge,
      title: 'Content Too Large',
      status: 413,
      detail: `The request body is larger than ${maxBytes} bytes (${maxBytes / 1024} KiB), the most this service accepts.`,
    },
    // The rest of the body is not wanted: do not keep the connection for it.
    { Connection: 'close' },
  );
}

/** A received Content-Type fit to be named in an answer: printable ASCII, not too long. */
const NAMEABLE_MEDIA_TYPE = /^[\x21-\x7e][\x20-\x7e]{0,99}$/;

/**
 * What a 415 says the request had: the header missing (or empty), or the media type it named
 * (clients add one unasked: fetch `text/plain;charset=UTF-8` for a string, curl -d
 * `application/x-www-form-urlencoded`).
 */
export function unsupportedMediaTypeDetail(received: string | undefined): string {
  const wanted = 'The body must be JSON sent as Content-Type: application/json (optionally with charset=utf-8)';
  const given = received?.trim() ?? '';
  if (given === '') return `${wanted}; the request has no Content-Type header.`;
  const named = NAMEABLE_MEDIA_TYPE.test(given) ? `Content-Type: ${given}` : 'a Content-Type that is not JSON';
  return `${wanted}; the request has ${named}.`;
}

export function unsupportedMediaType(received: string | undefined): Response {
  return problemResponse({
    type: PROBLEM_TYPES.unsupportedMediaType,
    title: 'Unsupported Media Type',
    status: 415,
    detail: unsupportedMediaTypeDetail(received),
  });
}

export function internalError(errorId: string): Response {
  return problemResponse(internalErrorProblem(errorId));
}

/** The body of {@link internalError}'s 500. */
export function internalErrorProblem(errorId: string): InternalErrorProblem {
  return {
    type: PROBLEM_TYPES.internalError,
    title: 'Internal Server Error',
    status: 500,
    detail: `An unexpected error occurred. Quote error id ${errorId} when reporting it.`,
    errorId,
  };
}

export function ruleSetUnavailable(detail: string): Response {
  return problemResponse({
    type: PROBLEM_TYPES.ruleSetUnavailable,
    title: 'Service Unavailable',
    status: 503,
    detail,
  });
}
