/**
 * The HTTP service as a web-standard app: `createApp(options).fetch(request)` runs unchanged
 * in Node (through `src/node/server.ts`), Deno, Bun and edge workers. Nothing here uses a
 * Node API: the environment (keys, rule-set folder, CORS origins) is read by the entry point
 * and handed in as options.
 *
 * Order of checks for a calculation: path (404) → method (405) → key (401) → media type
 * (415) → declared size (413) → query parameters (400) → body, counted while it streams
 * (413) → JSON (400) → the calculation (400 for the body's problems, 500 for anything
 * unexpected). Nothing about the body is read before the key is accepted.
 */
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { bundledCatalog } from '../calculations/bundled-catalog.js';
import { rekenregels } from '../calculations/options.js';
import { OPERATIONS, type OperationRegistry } from '../calculations/operations.js';
import { RuleSetChoiceError } from '../contract/errors.js';
import { knownFamily, type RuleSetCatalog } from '../rules/choose.js';
import type { RuleSet } from '../rules/rule-set.js';
import { mountAdvisorPage, type AdvisorPage, type AdvisorPageMissing } from './advisor-page.js';
import { registerDirectCalculations } from './direct.js';
import { readJsonBody } from './body.js';
import {
  answerCalculation,
  type Calculate,
  type CalculateJson,
  internalErrorAnswer,
  routeJson,
} from './calculation.js';
import {
  KEY_HEADER,
  MAX_BODY_BYTES,
  PATHS,
  REQUEST_ID_HEADER,
  RULE_SET_HEADER,
  RULE_SET_STATUS_HEADER,
} from './constants.js';
import { digestKey, SubscriptionKeys, type KeyDigest } from './keys.js';
import { PACKAGE_VERSION } from './package-version.js';
import {
  chooseRuleSet,
  type Env,
  noRuleSetToday,
  requestIdAndLog,
  requireJsonWithinLimit,
  requireKey,
} from './middleware.js';
import { openApiDocument } from './openapi.js';
import { answerResponse, methodNotAllowed, notFound } from './problem.js';

/**
 * What a calculation of the service is asked, from the query: the rule set chosen, and whether to
 * add `Uitleg` (`?uitleg`) and `Onderbouwing` (`?onderbouwing`).
 *
 * @inline
 */
export interface CalculationCallOptions {
  /** The rule set chosen by `?rekenregels`, `?peildatum` or today. */
  readonly ruleSet: RuleSet;
  /** `?uitleg=true`: add the explanation. */
  readonly explain: boolean;
  /** `?onderbouwing=true`: add how well founded each amount is. */
  readonly provenance: boolean;
}

/**
 * The two calculations the service runs, replaceable through {@link AppOptions.calculations}:
 * to wrap them (metrics, auditing) or, in tests, to fail on purpose and see the 500. Each gets
 * the parsed body and the rule set the request chose; what it returns is sent as JSON, and a
 * `ValidationError` it throws becomes the 400.
 *
 * @example Counting the calculations, with the library's own doing the work
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { createApp, KEY_HEADER, PATHS, type Calculations } from 'budgetnorm/http';
 *
 * let count = 0;
 * const counted: Partial<Calculations> = {
 *   repaymentCapacity: (body, options) => {
 *     count += 1;
 *     return repaymentCapacity(body, options);
 *   },
 * };
 * const app = createApp({ keys: ['my-key'], log: () => {}, calculations: counted });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.repayment}?peildatum=2026-03-01`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: JSON.stringify({
 *       LeeftijdHoofdpersoon: 66,
 *       HeeftPartner: false,
 *       AantalThuiswonendeKinderen: 0,
 *       AantalAutos: 0,
 *       NettoBesteedbaarInkomenPerMaand: 2200,
 *       BijzondereUitgaven: {},
 *       Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 *     }),
 *   }),
 * );
 * assert.equal(response.status, 200);
 * assert.equal(count, 1);
 * ```
 */
export interface Calculations {
  /** Computes `POST /Afloscapaciteit/Resultaat`; default {@link budgetnorm!repaymentCapacity | repaymentCapacity}. */
  readonly repaymentCapacity: (body: unknown, options: CalculationCallOptions) => unknown;
  /**
   * Computes `POST /pensioenuitgaven/Resultaat`; default
   * {@link budgetnorm!retirementExpenditure | retirementExpenditure}.
   */
  readonly retirementExpenditure: (body: unknown, options: CalculationCallOptions) => unknown;
}

/**
 * One line per request, given to {@link AppOptions.log}. Never holds a key, a query string or
 * any of the body, so the log is safe to keep and ship.
 *
 * @example Collecting the log lines
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, PATHS, type RequestLogLine } from 'budgetnorm/http';
 *
 * const lines: RequestLogLine[] = [];
 * const app = createApp({ keys: ['my-key'], log: (line) => lines.push(line), now: () => new Date('2026-03-01T12:00:00Z') });
 * await app.fetch(new Request(`http://localhost${PATHS.health}?key=my-key`));
 * assert.equal(lines.length, 1);
 * assert.equal(lines[0]?.path, '/health'); // without the query string, so without the key
 * assert.equal(lines[0]?.status, 200);
 * assert.equal(lines[0]?.ruleSet, 'nl-2026');
 * assert.doesNotMatch(JSON.stringify(lines), /my-key/);
 * ```
 */
export interface RequestLogLine {
  /** When the response was ready (ISO 8601, UTC). */
  readonly time: string;
  /** The request id, as sent back in `X-Request-Id`. */
  readonly requestId: string;
  /** The HTTP method. */
  readonly method: string;
  /**
   * The path without the query string; `(unknown path)` for a 404, whose path is whatever the
   * caller typed (a key pasted into it, too).
   */
  readonly path: string;
  /** The response's status code. */
  readonly status: number;
  /** How long the request took, in milliseconds (two decimals). */
  readonly durationMs: number;
  /** The rule set of a calculation or the health check, once chosen; otherwise null. */
  readonly ruleSet: string | null;
}

/**
 * What is logged, through {@link AppOptions.logError}, when a request fails unexpectedly: the
 * cause, under the error id the caller gets in its 500 (the caller gets nothing else).
 *
 * @example Finding the cause of a 500 by its error id
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, type ErrorLogEntry } from 'budgetnorm/http';
 *
 * const errors: ErrorLogEntry[] = [];
 * const app = createApp({
 *   keys: ['my-key'],
 *   log: () => {},
 *   logError: (entry) => errors.push(entry),
 *   calculations: {
 *     retirementExpenditure: () => {
 *       throw new RangeError('a defect');
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
 * const { errorId } = (await response.json()) as { errorId: string };
 * const entry = errors.find((e) => e.errorId === errorId);
 * assert.equal(entry?.level, 'error');
 * assert.equal(entry?.path, PATHS.retirement);
 * assert.ok(entry?.error instanceof RangeError);
 * ```
 */
export interface ErrorLogEntry {
  /** When it happened (ISO 8601, UTC). */
  readonly time: string;
  /** Always `error`. */
  readonly level: 'error';
  /** The request id, as sent back in `X-Request-Id`. */
  readonly requestId: string;
  /** A fresh id, also in the caller's 500 body: what the caller quotes. */
  readonly errorId: string;
  /** The HTTP method. */
  readonly method: string;
  /** The path, without the query string. */
  readonly path: string;
  /** What was thrown, as it was thrown (the default log writes its name, message and stack). */
  readonly error: unknown;
}

/**
 * The options of {@link createApp}: the keys, the rule sets, CORS and logging. Everything the
 * Node entry point reads from the environment (docs/http.md) arrives here; the app itself
 * reads no environment, so it runs the same in every runtime.
 *
 * @example A service pinned to one rule set, keys given as digests, a browser origin allowed
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createHash } from 'node:crypto';
 * import { createApp, PATHS, type AppOptions } from 'budgetnorm/http';
 *
 * const options: AppOptions = {
 *   keyDigests: [createHash('sha256').update('my-key').digest('hex')],
 *   ruleSet: 'nl-2025',
 *   corsOrigins: ['https://advisor.example.nl'],
 *   log: () => {},
 *   version: '1.0.0',
 * };
 * const app = createApp(options);
 * const health = await app.fetch(new Request(`http://localhost${PATHS.health}`, { headers: { Origin: 'https://advisor.example.nl' } }));
 * assert.equal(((await health.json()) as { Rekenregels: { Id: string } }).Rekenregels.Id, 'nl-2025');
 * assert.equal(health.headers.get('Access-Control-Allow-Origin'), 'https://advisor.example.nl');
 * ```
 */
export interface AppOptions {
  /** Accepted subscription keys in plain text: digested at once, the text is not kept. */
  readonly keys?: readonly string[];
  /** Accepted subscription keys as SHA-256 digests (32 bytes, or 64 hex characters). */
  readonly keyDigests?: readonly KeyDigest[];
  /** Where rule sets are looked up (default: the bundled ones). */
  readonly catalog?: RuleSetCatalog;
  /**
   * The rule set for a request that names none: a loaded set, or an id in the catalog.
   * Default: the one in the catalog valid today (Dutch calendar day).
   */
  readonly ruleSet?: RuleSet | string;
  /**
   * The method family whose set valid today answers a request that names none: `nl`
   * (reference budgets, the default) or `vfn` (the VFN lending norm), or a family of `catalog`.
   * With `ruleSet`, that set must be of this family. A request still names any set by
   * `rekenregels`.
   */
  readonly family?: string;
  /** Origins allowed to call from a browser. Empty or absent: no CORS headers at all. */
  readonly corsOrigins?: readonly string[];
  /**
   * Receives one line per request (default: `console.log` of its JSON), with what the runtime
   * passed to `fetch` as its second argument (the Node entry point reads the socket from it).
   */
  readonly log?: (line: RequestLogLine, bindings: unknown) => void;
  /**
   * The SHA-256 of a key's UTF-8 bytes, to check presented keys: the platform's native one
   * where the host has it (the Node entry point hands in `node:crypto`'s). Default
   * {@link digestKey}, a pure-JS SHA-256 that runs in every runtime.
   */
  readonly digestKey?: (key: string) => Uint8Array;
  /** Receives the cause of every 500 (default: `console.error` of its JSON). */
  readonly logError?: (entry: ErrorLogEntry) => void;
  /** Replace the calculations, or one of them: to wrap them (metrics, auditing), or in tests. */
  readonly calculations?: Partial<Calculations>;
  /**
   * The operations served: one `POST` route each, described in the OpenAPI document, in this
   * order. Default: the library's (`POST /pensioenuitgaven/Resultaat`, `POST
   * /Afloscapaciteit/Resultaat`). A copy with an operation added serves that one too
   * (docs/architecture.md, 'A new operation').
   *
   * @internal Not a public contract yet: the shape of an operation may still change, so only
   *   the tests and the shells pass it.
   */
  readonly operations?: OperationRegistry;
  /** The clock, which decides which rule set is valid today (for tests). Default: the system clock. */
  readonly now?: () => Date;
  /** The version named in the OpenAPI document (`info.version`). Default: this package's version. */
  readonly version?: string;
  /**
   * The advisor page to serve at `GET /` without a key (src/http/advisor-page.ts), or why it
   * is missing (then `GET /` answers a 503 problem saying so). Absent: no page, `GET /` is a 404.
   */
  readonly advisorPage?: AdvisorPage | AdvisorPageMissing;
}

/** An error as a log line holds it: name, message and stack, or its text. */
export function errorDetail(error: unknown): unknown {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return String(error);
}

const defaultLog = (line: RequestLogLine, _bindings: unknown): void => console.log(JSON.stringify(line));
const defaultLogError = (entry: ErrorLogEntry): void =>
  console.error(JSON.stringify({ ...entry, error: errorDetail(entry.error) }));
const RULE_SET_CACHE_MS = 1000;

/**
 * Builds the HTTP service as a web-standard app ([Hono](https://hono.dev)): its `fetch(request)`
 * answers a `Request` with a `Response` in Node, Deno, Bun and edge workers. `npm start` runs it
 * in Node with options from the environment; call it yourself to host the service another way.
 *
 * Routes ({@link PATHS}): `POST /Afloscapaciteit/Resultaat` and `POST /pensioenuitgaven/Resultaat`
 * (key required; query parameters `uitleg`, `onderbouwing`, `rekenregels`, `peildatum`), `GET /health` and
 * `GET /openapi.json` (no key), and the advisor page when given. Errors are problem details
 * ({@link PROBLEM_TYPES}); docs/http.md describes every status code.
 *
 * @param options - Keys (at least one), rule sets, CORS origins, logging; see {@link AppOptions}.
 * @returns The app; use its `fetch`. Each request is logged through `options.log`.
 * @throws `TypeError` when no key is given, a key is empty or a digest is malformed.
 * @throws {@link budgetnorm!RuleSetChoiceError | RuleSetChoiceError} when `options.ruleSet`
 *   names a set the catalog does not have, `options.family` a family it does not have, or both
 *   are given and disagree. Either way a misconfigured service does not start.
 * @example A service answering a calculation
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { createApp, KEY_HEADER, PATHS, RULE_SET_HEADER } from 'budgetnorm/http';
 *
 * const household = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * } as const;
 * const app = createApp({ keys: ['my-key'], log: () => {}, now: () => new Date('2026-03-01T12:00:00Z') });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.repayment}`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: JSON.stringify(household),
 *   }),
 * );
 * assert.equal(response.status, 200);
 * assert.equal(response.headers.get(RULE_SET_HEADER), 'nl-2026');
 * // What the library computes for the day the app was given.
 * assert.equal(
 *   ((await response.json()) as { Afloscapaciteit: number }).Afloscapaciteit,
 *   repaymentCapacity(household, { date: '2026-03-01' }).Afloscapaciteit,
 * );
 *
 * assert.throws(() => createApp({}), TypeError); // no key: it does not start
 * assert.throws(() => createApp({ keys: ['my-key'], ruleSet: 'nl-1999' }), { name: 'RuleSetChoiceError' });
 * ```
 */
export function createApp(options: AppOptions): Hono<Env> {
  const digest = options.digestKey ?? digestKey;
  const keys = SubscriptionKeys.of(options.keys ?? [], options.keyDigests ?? [], digest);
  if (keys.size === 0) throw new TypeError('createApp needs at least one subscription key (keys or keyDigests)');
  const catalog = options.catalog ?? bundledCatalog();
  const { pinned, defaultRuleSet } = defaultRuleSetOf(catalog, options);

  const operations = options.operations ?? OPERATIONS;
  const operationPaths = Object.values(operations).map((spec) => spec.http.path);

  const app = new Hono<Env>();
  const log = options.log ?? defaultLog;
  const logError = options.logError ?? defaultLogError;
  app.use('*', requestIdAndLog({ keys, digest, log }));
  const corsOrigins = (options.corsOrigins ?? []).filter((o) => o !== '');
  if (corsOrigins.length > 0) {
    const corsMiddleware = corsFor(corsOrigins);
    for (const path of [...operationPaths, PATHS.health, PATHS.openapi]) app.use(path, corsMiddleware);
  }

  // A calculation: key (401), media type and declared size (415, 413), query (400, 503), then
  // the handler reads the body and calculates. Nothing about the body is read before the key.
  const key = requireKey({ keys, digest });
  const json = requireJsonWithinLimit();
  const ruleSet = chooseRuleSet({ catalog, defaultRuleSet });
  // Keyed by each operation's `overrideName` (an interface has no index signature, hence the cast).
  const overrides = (options.calculations ?? {}) as Readonly<Record<string, Calculate | undefined>>;
  const routes: Record<string, CalculateJson> = {};
  for (const spec of Object.values(operations)) {
    const calculateJson = routeJson(overrides[spec.http.overrideName] ?? spec.calculate);
    routes[spec.http.path] = calculateJson;
    app.post(spec.http.path, key, json, ruleSet, calculationHandler(calculateJson));
  }
  // The same routes, checks and answers for a host that skips the Web Request/Response objects
  // (the Node entry point); with CORS, every request goes through the app.
  if (corsOrigins.length === 0) {
    registerDirectCalculations(app, { keys, digest, log, logError, defaultRuleSet, routes });
  }

  app.get(PATHS.health, (c) => {
    let set: RuleSet;
    try {
      set = defaultRuleSet();
    } catch (error) {
      if (error instanceof RuleSetChoiceError) return noRuleSetToday(error);
      throw error;
    }
    c.set('ruleSetId', set.id);
    return c.json({ status: 'ok', Rekenregels: rekenregels(set) });
  });

  let openApiText: string | undefined;
  app.get(PATHS.openapi, () => {
    openApiText ??= JSON.stringify(
      openApiDocument({
        version: options.version ?? PACKAGE_VERSION,
        ruleSets: pinned === undefined ? catalog.list() : [...catalog.list(), pinned],
        operations,
      }),
    );
    return new Response(openApiText, { status: 200, headers: { 'Content-Type': 'application/json' } });
  });

  if (options.advisorPage !== undefined) mountAdvisorPage(app, options.advisorPage);

  // A known path with a method it does not take: 405 with Allow.
  const allowed: Record<string, readonly string[]> = {
    ...Object.fromEntries(operationPaths.map((path) => [path, ['POST']])),
    [PATHS.health]: ['GET', 'HEAD'],
    [PATHS.openapi]: ['GET', 'HEAD'],
  };
  for (const [path, methods] of Object.entries(allowed)) app.all(path, () => methodNotAllowed(methods));
  app.notFound(() => notFound(operationPaths));
  app.onError(internalErrorHandler(logError));
  return app;
}

/**
 * The rule set of a request that names none: the one `options.ruleSet` pins, else today's of
 * `options.family` (default `nl`). Throws `RuleSetChoiceError` for an unknown id or family, or a
 * pinned set of another family, so a misconfigured service does not start.
 */
function defaultRuleSetOf(
  catalog: RuleSetCatalog,
  options: Pick<AppOptions, 'ruleSet' | 'family' | 'now'>,
): { readonly pinned: RuleSet | undefined; readonly defaultRuleSet: () => RuleSet } {
  const { family } = options;
  if (family !== undefined) knownFamily(family, catalog.families());
  const pinned = options.ruleSet === undefined ? undefined : catalog.resolve(options.ruleSet, undefined, family);
  const defaultRuleSet =
    pinned !== undefined ? () => pinned : todaysRuleSet(catalog, options.now ?? (() => new Date()), family);
  return { pinned, defaultRuleSet };
}

/**
 * Today's rule set, looked up at most once a second (the lookup formats a date in the
 * Netherlands' time zone, which is not free on every request).
 */
function todaysRuleSet(catalog: RuleSetCatalog, now: () => Date, family: string | undefined): () => RuleSet {
  let todays: { set: RuleSet; until: number } | undefined;
  return () => {
    const at = now().getTime();
    if (todays === undefined || at >= todays.until || at < todays.until - RULE_SET_CACHE_MS) {
      todays = { set: catalog.forDate(new Date(at), family), until: at + RULE_SET_CACHE_MS };
    }
    return todays.set;
  };
}

function corsFor(origins: readonly string[]): MiddlewareHandler<Env> {
  return cors({
    origin: [...origins],
    allowMethods: ['GET', 'HEAD', 'POST'],
    allowHeaders: ['Content-Type', KEY_HEADER, REQUEST_ID_HEADER],
    exposeHeaders: [REQUEST_ID_HEADER, RULE_SET_HEADER, RULE_SET_STATUS_HEADER],
    maxAge: 600,
  });
}

/**
 * The end of a calculation, after the checks: reads the body, counting (413), then answers it
 * ({@link answerCalculation}: 400 for an unreadable body or the body's problems, else the result).
 */
function calculationHandler(calculateJson: CalculateJson): (c: Context<Env>) => Promise<Response> {
  return async (c) => {
    const body = await readJsonBody(c.req.raw, MAX_BODY_BYTES);
    const options = { ruleSet: c.get('ruleSet'), explain: c.get('explain'), provenance: c.get('provenance') };
    const answer = answerCalculation(calculateJson, body, options, c.get('requestId'));
    if (answer.status === 200) c.set('requestIdSent', true);
    return answerResponse(answer);
  };
}

/** A 500 with a fresh error id; the cause is logged under it (the caller gets nothing else). */
function internalErrorHandler(logError: (entry: ErrorLogEntry) => void): ErrorHandler<Env> {
  return (error, c) =>
    answerResponse(
      internalErrorAnswer(
        logError,
        { requestId: c.get('requestId') ?? '', method: c.req.method, path: c.req.path },
        error,
      ),
    );
}
