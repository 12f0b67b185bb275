/**
 * The OpenAPI 3.1 document of the service, generated from the zod schemas that validate the
 * requests (`src/contract/*-request.ts`), describe the results (`src/contract/results.ts`)
 * and the errors (`./problem.ts`): one description, so the document cannot drift from what
 * the service does.
 */
import * as z from 'zod';
import { bundledCatalog } from '../calculations/bundled-catalog.js';
import { OPERATIONS, type OperationRegistry, type OperationSpec } from '../calculations/operations.js';
import { ConditionTraceSchema } from '../contract/explanation-schema.js';
import { Melding, OnderbouwingSchema, Rekenregels, Uitleg } from '../contract/results.js';
import type { RuleSet } from '../rules/rule-set.js';
import { enumerationAsNamesAndCodes, narrowResultCodes, resultCodes } from './openapi-codes.js';
import {
  InternalErrorProblem,
  notFoundProblem,
  Problem,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPES,
  unsupportedMediaTypeDetail,
  UNAUTHORIZED_DETAIL,
  ValidationProblem,
} from './problem.js';
import {
  KEY_CHALLENGE,
  KEY_HEADER,
  KEY_QUERY,
  MAX_BODY_BYTES,
  PATHS,
  REQUEST_ID_HEADER,
  RULE_SET_HEADER,
  RULE_SET_STATUS_HEADER,
} from './constants.js';

export const HealthResult = z.object({
  status: z.literal('ok'),
  Rekenregels: Rekenregels.describe('the rule set a request that names none gets now'),
});

/**
 * A JSON object.
 *
 * @inline
 */
type JsonObject = Record<string, unknown>;

const SCHEMA_REF = '#/components/schemas/';

/** JSON Schemas of a set of zod schemas as OpenAPI components, cross-referenced by name. */
function componentSchemas(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: rendered } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `${SCHEMA_REF}${id}`,
    ...(io === 'input' ? { override: enumerationAsNamesAndCodes } : {}),
  });
  const out: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(rendered)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
    out[id] = rest;
  }
  return out;
}

const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function problemResponse(
  description: string,
  schema: string,
  example: JsonObject,
  headers: JsonObject = {},
): JsonObject {
  return {
    description,
    headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' }, ...headers },
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ref(schema), example } },
  };
}

/**
 * What the OpenAPI document says about this deployment.
 *
 * @inline
 */
export interface OpenApiInfo {
  /** The version named in `info.version` (the service passes the package's). Default: `0.0.0`. */
  readonly version?: string;
  /**
   * The rule sets the service computes with: the document lists their post, group and warning
   * codes as the values a result's `Code` fields can take. Default: the bundled rule sets.
   */
  readonly ruleSets?: readonly RuleSet[];
  /**
   * The operations to describe, in this order. Default: the library's.
   *
   * @internal Not a public contract yet (see `AppOptions.operations`).
   */
  readonly operations?: OperationRegistry;
}

/**
 * The OpenAPI 3.1 document of the service, as `GET /openapi.json` serves it: both operations,
 * their request and result schemas, every error response, the key and the headers. Generated
 * from the same zod schemas that validate requests and describe results, so it cannot drift
 * from what the service does. Does not throw.
 *
 * @param info - `version`: the version to name in `info.version` (default `0.0.0`);
 *   `ruleSets`: the rule sets whose codes the result schemas list (default: the bundled ones).
 * @returns The document as a plain JSON object, a fresh one on every call (change it freely).
 * @example Generating a client from it, or checking which operations there are
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { openApiDocument, PATHS } from 'budgetnorm/http';
 *
 * const document = openApiDocument({ version: '1.2.3' });
 * assert.equal(document['openapi'], '3.1.0');
 * assert.equal((document['info'] as { version: string }).version, '1.2.3');
 * const paths = document['paths'] as Record<string, Record<string, { operationId?: string }>>;
 * assert.ok(paths[PATHS.repayment]?.['post']?.operationId);
 * assert.ok(paths[PATHS.retirement]?.['post']?.operationId);
 * assert.notEqual(openApiDocument(), openApiDocument());
 * ```
 */
export function openApiDocument(info: OpenApiInfo = {}): JsonObject {
  const registry = info.operations ?? OPERATIONS;
  const operations = Object.values(registry);
  const schemas = schemaComponents(operations);
  narrowResultCodes(schemas, resultCodes(info.ruleSets ?? bundledCatalog().list(), registry), registry);
  return {
    openapi: '3.1.0',
    info: documentInfo(info.version ?? '0.0.0'),
    servers: [{ url: '/' }],
    tags: [
      { name: 'berekeningen', description: 'The calculations (subscription key required)' },
      { name: 'beheer', description: 'Operations: health and this document (no key)' },
    ],
    security: [{ SubscriptionKeyHeader: [] }, { SubscriptionKeyQuery: [] }],
    paths: {
      ...Object.fromEntries(operations.map((spec) => [spec.http.path, { post: calculationOperation(spec) }])),
      ...managementPaths(),
    },
    components: {
      schemas,
      securitySchemes: securitySchemes(),
      parameters: parameterComponents(),
      headers: headerComponents(),
      responses: problemResponses(operations.map((spec) => spec.http.path)),
    },
  };
}

// The parts below are functions, not shared constants: every call must return a fresh
// document that the caller may change without changing the next one.

/** The request schemas (input side: enumerations by name or code), then the results and everything they refer to. */
function schemaComponents(operations: readonly OperationSpec[]): Record<string, JsonObject> {
  return {
    ...componentSchemas(
      Object.fromEntries(operations.map((spec) => [spec.http.request.name, spec.http.request.schema])),
      'input',
    ),
    ...componentSchemas(
      {
        ...Object.fromEntries(operations.map((spec) => [spec.http.result.name, spec.http.result.schema])),
        Rekenregels,
        Onderbouwing: OnderbouwingSchema,
        Melding,
        Uitleg,
        // Recursive (all / any / not of conditions): named, so its references have a home.
        ConditionTrace: ConditionTraceSchema,
        Health: HealthResult,
        Problem,
        ValidationProblem,
        InternalErrorProblem,
      },
      'output',
    ),
  };
}

function documentInfo(version: string): JsonObject {
  return {
    title: 'budgetnorm',
    version,
    summary: 'Dutch household budget norms: repayment capacity and retirement expenditure reference amounts.',
    description: [
      'Two calculations, each a POST with a JSON body answering a JSON result; nothing is stored.',
      `Every response carries ${REQUEST_ID_HEADER}. Errors are RFC 9457 problem details (${PROBLEM_CONTENT_TYPE}).`,
      'A path that does not exist (paths are case-sensitive) answers 404 with a problem (schema Problem);',
      'a method a path does not accept answers 405 with an Allow header (listed with each path).',
    ].join(' '),
    license: { name: 'MIT', identifier: 'MIT' },
  };
}

/** The POST of one calculation: every calculation takes the same query parameters and headers and has the same error responses. */
function calculationOperation(spec: OperationSpec): JsonObject {
  return {
    operationId: spec.id,
    summary: spec.http.summary,
    description: spec.http.description,
    tags: ['berekeningen'],
    parameters: [
      { $ref: '#/components/parameters/Uitleg' },
      { $ref: '#/components/parameters/Onderbouwing' },
      { $ref: '#/components/parameters/RekenregelsId' },
      { $ref: '#/components/parameters/Peildatum' },
      { $ref: '#/components/parameters/Entities' },
      { $ref: '#/components/parameters/RequestId' },
    ],
    requestBody: {
      required: true,
      description: `JSON, at most ${MAX_BODY_BYTES} bytes. Unknown fields are ignored and listed in Meldingen.`,
      content: { 'application/json': { schema: ref(spec.http.request.name) } },
    },
    responses: {
      '200': {
        description: 'The result',
        headers: {
          [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' },
          [RULE_SET_HEADER]: { $ref: '#/components/headers/RuleSet' },
          [RULE_SET_STATUS_HEADER]: { $ref: '#/components/headers/RuleSetStatus' },
        },
        content: { 'application/json': { schema: ref(spec.http.result.name) } },
      },
      '400': responseRef('BadRequest'),
      '401': responseRef('Unauthorized'),
      '404': responseRef('NotFound'),
      '405': responseRef('MethodNotAllowed'),
      '413': responseRef('ContentTooLarge'),
      '415': responseRef('UnsupportedMediaType'),
      '500': responseRef('InternalError'),
      '503': responseRef('RuleSetUnavailable'),
    },
  };
}

/** Health and this document: GET only, no key. */
function managementPaths(): JsonObject {
  return {
    [PATHS.health]: {
      get: {
        operationId: 'health',
        summary: 'Whether the service is up, and the rule set it uses now',
        tags: ['beheer'],
        security: [],
        responses: {
          '200': {
            description: 'Up',
            headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' } },
            content: { 'application/json': { schema: ref('Health') } },
          },
          '404': responseRef('NotFound'),
          '405': responseRef('MethodNotAllowed'),
          '503': responseRef('RuleSetUnavailable'),
        },
      },
    },
    [PATHS.openapi]: {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        tags: ['beheer'],
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document',
            headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' } },
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '404': responseRef('NotFound'),
          '405': responseRef('MethodNotAllowed'),
        },
      },
    },
  };
}

/** The subscription key, in the header or the query. */
function securitySchemes(): JsonObject {
  return {
    SubscriptionKeyHeader: {
      type: 'apiKey',
      in: 'header',
      name: KEY_HEADER,
      description: 'The subscription key in a header. If it is sent in the query as well, both must be the same.',
    },
    SubscriptionKeyQuery: {
      type: 'apiKey',
      in: 'query',
      name: KEY_QUERY,
      description:
        'The subscription key as a query parameter. If it is sent in the header as well, both must be the same.',
    },
  };
}

/** The query parameters and the request-id header every calculation accepts. */
function parameterComponents(): JsonObject {
  return {
    Uitleg: {
      name: 'uitleg',
      in: 'query',
      required: false,
      description:
        'true adds Uitleg to the result: for every amount, the rules that produced it and the source of each figure. Also accepted: 1, 0, any letter case, and the bare flag ?uitleg (true). Anything else: 400.',
      schema: { type: 'boolean', default: false },
    },
    Onderbouwing: {
      name: 'onderbouwing',
      in: 'query',
      required: false,
      description:
        'true adds Onderbouwing to every post, group and total: the weakest provenance among the rule-set figures the amount used for this household (read < derived < to-verify < estimate) and the names of the estimates and to-verify values behind it. Costs about as much as uitleg, which it does not add. Also accepted: 1, 0, any letter case, and the bare flag ?onderbouwing (true). Anything else: 400.',
      schema: { type: 'boolean', default: false },
    },
    RekenregelsId: {
      name: 'rekenregels',
      in: 'query',
      required: false,
      description:
        'Compute with the rule set of this id (e.g. nl-2025) instead of the one valid today. Unknown id: 400 (code unknown_rule_set). Not together with peildatum.',
      schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$' },
    },
    Peildatum: {
      name: 'peildatum',
      in: 'query',
      required: false,
      description:
        'Compute with the rule set valid on this day (YYYY-MM-DD) instead of today. No rule set for that day, or not a date: 400 (codes no_rule_set_for_date, invalid_date). Not together with rekenregels.',
      schema: { type: 'string', format: 'date' },
    },
    Entities: {
      name: 'entities',
      in: 'query',
      required: false,
      deprecated: true,
      description: 'Sent by one existing client; accepted and ignored, whatever its value.',
      schema: { type: 'string' },
    },
    RequestId: {
      name: REQUEST_ID_HEADER,
      in: 'header',
      required: false,
      description:
        'Your id for this request (1 to 128 of A-Z a-z 0-9 . _ : -); echoed in the response and the log. Otherwise one is generated.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
    },
  };
}

/** The response headers the components refer to. */
function headerComponents(): JsonObject {
  return {
    RequestId: {
      description:
        'The id of this request (yours if it was acceptable, else generated); the log line of the request carries it.',
      schema: { type: 'string' },
    },
    RuleSet: {
      description: 'The id of the rule set used (as in Rekenregels.Id of the body).',
      schema: { type: 'string' },
    },
    RuleSetStatus: {
      description:
        'The status of the rule set used (as in Rekenregels.Status of the body); not approved also gives the warning RekenregelsNietVastgesteld.',
      schema: { type: 'string', enum: ['draft', 'reviewed', 'approved', 'withdrawn'] },
    },
    Allow: { description: 'The methods the path accepts', schema: { type: 'string' } },
    WwwAuthenticate: {
      description: `The challenge of a 401 (RFC 9110 §11.6.1): the scheme ApiKey, with where a key goes: ${KEY_CHALLENGE}.`,
      schema: { type: 'string', const: KEY_CHALLENGE },
    },
  };
}

/** Every error response, each with an example problem body; the 404's names `operationPaths`. */
function problemResponses(operationPaths: readonly string[]): JsonObject {
  return { ...requestProblemResponses(operationPaths), ...serviceProblemResponses() };
}

/** The 4xx responses: what is wrong with the request. */
function requestProblemResponses(operationPaths: readonly string[]): JsonObject {
  return {
    BadRequest: problemResponse(
      'The request cannot be accepted: invalid JSON, a field out of bounds or of the wrong type, an unknown enumeration value, a bad query parameter. Every problem is listed under errors.',
      'ValidationProblem',
      {
        type: PROBLEM_TYPES.invalidRequest,
        title: 'Bad Request',
        status: 400,
        detail: 'The request body has 1 problem.',
        errors: [
          {
            path: 'Autos[1].TypeAuto',
            code: 'invalid_enum',
            message:
              'expected one of Klein (0), Compact (1), CompactMiddenklasse (2), Middenklasse (3), as the integer code or the name in any letter case, got a string',
          },
        ],
      },
    ),
    Unauthorized: problemResponse(
      'No subscription key, an unknown one, or different keys in header and query (then the detail says they differ, not which is wrong).',
      'Problem',
      { type: PROBLEM_TYPES.unauthorized, title: 'Unauthorized', status: 401, detail: UNAUTHORIZED_DETAIL },
      { 'WWW-Authenticate': { $ref: '#/components/headers/WwwAuthenticate' } },
    ),
    NotFound: problemResponse(
      'There is nothing at the path (paths are case-sensitive); the detail names the operations.',
      'Problem',
      notFoundProblem(operationPaths),
    ),
    MethodNotAllowed: problemResponse(
      'The path exists but does not accept the method the request used; Allow lists the methods it does accept.',
      'Problem',
      {
        type: PROBLEM_TYPES.methodNotAllowed,
        title: 'Method Not Allowed',
        status: 405,
        detail: 'This path accepts POST only.',
      },
      { Allow: { $ref: '#/components/headers/Allow' } },
    ),
    ContentTooLarge: problemResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`, 'Problem', {
      type: PROBLEM_TYPES.payloadTooLarge,
      title: 'Content Too Large',
      status: 413,
      detail: `The request body is larger than ${MAX_BODY_BYTES} bytes (${MAX_BODY_BYTES / 1024} KiB), the most this service accepts.`,
    }),
    UnsupportedMediaType: problemResponse(
      'The body is not sent as application/json (a charset=utf-8 parameter is allowed).',
      'Problem',
      {
        type: PROBLEM_TYPES.unsupportedMediaType,
        title: 'Unsupported Media Type',
        status: 415,
        detail: unsupportedMediaTypeDetail(undefined),
      },
    ),
  };
}

/** The 5xx responses: what is wrong on the service's side. */
function serviceProblemResponses(): JsonObject {
  return {
    InternalError: problemResponse(
      'An unexpected error; the body holds only an error id, the cause is in the service log.',
      'InternalErrorProblem',
      {
        type: PROBLEM_TYPES.internalError,
        title: 'Internal Server Error',
        status: 500,
        detail: 'An unexpected error occurred. Quote error id 0b7c6a52-2f0e-4d43-9b55-0d6f1c1f3e0a when reporting it.',
        errorId: '0b7c6a52-2f0e-4d43-9b55-0d6f1c1f3e0a',
      },
    ),
    RuleSetUnavailable: problemResponse(
      'No rule set is valid today and the request named none: the operator must install one.',
      'Problem',
      {
        type: PROBLEM_TYPES.ruleSetUnavailable,
        title: 'Service Unavailable',
        status: 503,
        detail:
          'No rule set is valid on 2027-01-01; available: nl-2025 2025-01-01..2025-12-31, nl-2026 2026-01-01..2026-12-31.',
      },
    ),
  };
}
