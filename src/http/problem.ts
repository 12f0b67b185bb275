/**
 * Error responses as RFC 9457 problem details (`application/problem+json`), and the zod
 * schemas that describe them: the same schemas feed the OpenAPI document.
 *
 * A problem body never carries a stack trace, a key, or the text of the request body.
 */
import { z } from 'zod';
import type { ValidationIssue } from '../contract/errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Every problem `type` the service answers with: stable URIs a client may branch on. */
export const PROBLEM_TYPES = {
  invalidRequest: 'urn:budgetnorm:problem:invalid-request',
  unauthorized: 'urn:budgetnorm:problem:unauthorized',
  notFound: 'urn:budgetnorm:problem:not-found',
  methodNotAllowed: 'urn:budgetnorm:problem:method-not-allowed',
  payloadTooLarge: 'urn:budgetnorm:problem:payload-too-large',
  unsupportedMediaType: 'urn:budgetnorm:problem:unsupported-media-type',
  internalError: 'urn:budgetnorm:problem:internal-error',
  ruleSetUnavailable: 'urn:budgetnorm:problem:rule-set-unavailable',
} as const;

export const Problem = z
  .object({
    type: z.string().describe('URI naming the kind of problem, e.g. urn:budgetnorm:problem:unauthorized'),
    title: z.string().describe('short summary of the kind of problem'),
    status: z.number().int().describe('the HTTP status code'),
    detail: z.string().describe('what went wrong with this request, in plain English'),
  })
  .describe('RFC 9457 problem details');
export type Problem = z.infer<typeof Problem>;

export const ProblemIssue = z.object({
  path: z
    .string()
    .describe(
      'the field as the caller wrote it (Autos[1].TypeAuto); "" for the body itself; ?name for a query parameter',
    ),
  code: z.string().describe('stable code, e.g. required, invalid_type, too_big, invalid_enum, invalid_json'),
  message: z.string().describe('what was expected, in plain English'),
});

export const ValidationProblem = Problem.extend({
  errors: z.array(ProblemIssue).min(1).describe('every problem of the request at once'),
}).describe('RFC 9457 problem details for a request that cannot be accepted (400)');
export type ValidationProblem = z.infer<typeof ValidationProblem>;

export const InternalErrorProblem = Problem.extend({
  errorId: z.string().describe('quote this id when reporting the error; the cause is in the service log under it'),
}).describe('RFC 9457 problem details for an unexpected error (500); tells nothing but an error id');
export type InternalErrorProblem = z.infer<typeof InternalErrorProblem>;

/** A problem+json response. */
export function problemResponse(
  body: Problem & Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, ...headers },
  });
}

export function invalidRequest(detail: string, errors: readonly ValidationIssue[]): Response {
  const body: ValidationProblem = {
    type: PROBLEM_TYPES.invalidRequest,
    title: 'Bad Request',
    status: 400,
    detail,
    errors: errors.map((e) => ({ path: e.path, code: e.code, message: e.message })),
  };
  return problemResponse(body);
}

export const UNAUTHORIZED_DETAIL =
  'A valid subscription key is required: send it in the Ocp-Apim-Subscription-Key header or the key query parameter.';

export function unauthorized(): Response {
  return problemResponse({
    type: PROBLEM_TYPES.unauthorized,
    title: 'Unauthorized',
    status: 401,
    detail: UNAUTHORIZED_DETAIL,
  });
}

export function notFound(): Response {
  return problemResponse({
    type: PROBLEM_TYPES.notFound,
    title: 'Not Found',
    status: 404,
    detail:
      'There is nothing at this path. The operations are POST /pensioenuitgaven/Resultaat and POST /Afloscapaciteit/Resultaat (paths are case-sensitive); see GET /openapi.json.',
  });
}

export function methodNotAllowed(allow: readonly string[]): Response {
  return problemResponse(
    {
      type: PROBLEM_TYPES.methodNotAllowed,
      title: 'Method Not Allowed',
      status: 405,
      detail: `This path accepts ${allow.join(', ')} only.`,
    },
    { Allow: allow.join(', ') },
  );
}

export function payloadTooLarge(maxBytes: number): Response {
  return problemResponse(
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

export function unsupportedMediaType(received: string | undefined): Response {
  const what = received === undefined || received.trim() === '' ? 'no Content-Type' : 'a different Content-Type';
  return problemResponse({
    type: PROBLEM_TYPES.unsupportedMediaType,
    title: 'Unsupported Media Type',
    status: 415,
    detail: `The body must be JSON sent as Content-Type: application/json (optionally with charset=utf-8); the request had ${what}.`,
  });
}

export function internalError(errorId: string): Response {
  const body: InternalErrorProblem = {
    type: PROBLEM_TYPES.internalError,
    title: 'Internal Server Error',
    status: 500,
    detail: `An unexpected error occurred. Quote error id ${errorId} when reporting it.`,
    errorId,
  };
  return problemResponse(body);
}

export function ruleSetUnavailable(detail: string): Response {
  return problemResponse({
    type: PROBLEM_TYPES.ruleSetUnavailable,
    title: 'Service Unavailable',
    status: 503,
    detail,
  });
}
