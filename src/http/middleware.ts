/**
 * The steps of a request through the app, each a Hono middleware with one job: the request id
 * and the log line (every request), the subscription key, the media type and declared size,
 * and the rule-set choice (the calculations). `createApp` strings them together; the handler
 * at the end reads the body and calculates. Web-standard only, like the rest of src/http.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { RuleSetChoiceError, type ValidationIssue } from '../contract/errors.js';
import type { RuleSetCatalog } from '../rules/choose.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { RequestLogLine } from './app.js';
import { declaredLength, isJsonContentType } from './body.js';
import { KEY_HEADER, KEY_QUERY, MAX_BODY_BYTES, REQUEST_ID_HEADER } from './constants.js';
import { constantTimeEqual, type SubscriptionKeys } from './keys.js';
import { invalidRequest, payloadTooLarge, ruleSetUnavailable, unauthorized, unsupportedMediaType } from './problem.js';

/**
 * What the app keeps per request.
 *
 * @inline
 */
export type Env = {
  /** Per-request values. */
  Variables: {
    /** The request id, as sent back in `X-Request-Id`. */
    requestId: string;
    /** Whether the response was built with `X-Request-Id` already (then it is not set again). */
    requestIdSent: boolean;
    /** The rule set chosen, once chosen, for the log line. */
    ruleSetId: string | null;
    /** The rule set a calculation uses, once chosen. */
    ruleSet: RuleSet;
    /** Whether the caller asked for the explanation (`uitleg`). */
    explain: boolean;
    /** Whether the caller asked how well founded each amount is (`onderbouwing`). */
    provenance: boolean;
  };
};

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const UNKNOWN_PATH = '(unknown path)';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Query {
  get(name: string): string | undefined;
  all(name: string): string[];
}
const NO_QUERY: Query = { get: () => undefined, all: () => [] };

/** The query parameters; most requests have none, and then nothing is parsed. */
export function queryOf(c: Context<Env>): Query {
  if (!c.req.url.includes('?')) return NO_QUERY;
  return { get: (name) => c.req.query(name), all: (name) => c.req.queries(name) ?? [] };
}

/** The path for the log: a known route as it is; for a 404, whatever was typed is left out. */
export function loggedPath(path: string, status: number): string {
  if (status === 404) return UNKNOWN_PATH;
  return path.length > 256 ? `${path.slice(0, 256)}…` : path;
}

/** The accepted keys and the SHA-256 that checks a presented one. */
export interface KeyCheck {
  readonly keys: SubscriptionKeys;
  readonly digest: (key: string) => Uint8Array;
}

/** The keys a request presents: the header, then every `key` query parameter (empty ones absent). */
export function presentedKeysOf(header: string | undefined, queryKeys: readonly string[]): string[] {
  const presented: string[] = [];
  if (header !== undefined && header !== '') presented.push(header);
  for (const k of queryKeys) if (k !== '') presented.push(k);
  return presented;
}

function presentedKeys(c: Context<Env>): string[] {
  return presentedKeysOf(c.req.header(KEY_HEADER), queryOf(c).all(KEY_QUERY));
}

/**
 * The request id: the caller's (`incoming`) when it is sane and no key, else a fresh UUID.
 * Neither the key the caller presents nor any configured key (a client may paste one by
 * mistake) is echoed or logged.
 */
export function requestIdFor(incoming: string | undefined, presented: () => readonly string[], deps: KeyCheck): string {
  const usable =
    incoming !== undefined &&
    SANE_REQUEST_ID.test(incoming) &&
    !presented().includes(incoming) &&
    !deps.keys.acceptsDigest(deps.digest(incoming));
  return usable ? incoming : crypto.randomUUID();
}

let isoMillisecond = Number.NaN;
let isoTime = '';
/**
 * Now in ISO 8601, made once per millisecond: `new Date().toISOString()` costs some 0.7 µs, a
 * request's log line needs it, and under load many lines share a millisecond.
 */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMillisecond) {
    isoMillisecond = now;
    isoTime = new Date(now).toISOString();
  }
  return isoTime;
}

/** The log line of a request that started at `started` (`performance.now()`) and is answered `status`. */
export function requestLogLine(
  request: { readonly requestId: string; readonly method: string; readonly path: string; readonly started: number },
  status: number,
  ruleSet: string | null,
): RequestLogLine {
  return {
    time: isoNow(),
    requestId: request.requestId,
    method: request.method,
    path: loggedPath(request.path, status),
    status,
    durationMs: Math.round((performance.now() - request.started) * 100) / 100,
    ruleSet,
  };
}

/**
 * The request id (the caller's when it is sane and no key, else a fresh UUID), the time taken,
 * and the log line, for every request, errors and 404s included.
 */
export function requestIdAndLog(
  deps: KeyCheck & { readonly log: (line: RequestLogLine, bindings: unknown) => void },
): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFor(c.req.header(REQUEST_ID_HEADER), () => presentedKeys(c), deps);
    c.set('requestId', requestId);
    c.set('requestIdSent', false);
    c.set('ruleSetId', null);
    await next();
    // Set afterwards only on responses built without it: setting a header on a finished
    // response makes the Node adapter copy its headers (its fast path takes a plain object).
    if (!c.get('requestIdSent')) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    deps.log(
      requestLogLine({ requestId, method: c.req.method, path: c.req.path, started }, c.res.status, c.get('ruleSetId')),
      c.env,
    );
  };
}

/**
 * What the presented keys are: `accepted` (one key, or the same key in header and query),
 * `differ` (keys that are not all the same: refused, so one valid key cannot smuggle another,
 * and said so without saying which is wrong), or `refused` (none, or one that is not accepted).
 * Every key is digested and compared, whatever the outcome.
 */
export function keyVerdict(presented: readonly string[], deps: KeyCheck): 'accepted' | 'differ' | 'refused' {
  const [first, ...others] = presented;
  if (first === undefined) return 'refused';
  const digest = deps.digest(first);
  let same = true;
  for (const other of others) same = constantTimeEqual(deps.digest(other), digest) && same;
  const accepted = deps.keys.acceptsDigest(digest);
  if (!same) return 'differ';
  return accepted ? 'accepted' : 'refused';
}

/** Whether the presented keys are accepted ({@link keyVerdict}). */
export function presentsAcceptedKey(presented: readonly string[], deps: KeyCheck): boolean {
  return keyVerdict(presented, deps) === 'accepted';
}

/** 401 unless the request carries an accepted key ({@link keyVerdict}); keys that differ are told so. */
export function requireKey(deps: KeyCheck): MiddlewareHandler<Env> {
  return async (c, next) => {
    const verdict = keyVerdict(presentedKeys(c), deps);
    if (verdict !== 'accepted') return unauthorized(verdict === 'differ');
    await next();
  };
}

/**
 * The 415 when the body is not declared JSON, the 413 when its declared length is over the
 * limit, or nothing: the checks of a body before it is read.
 */
export function bodyDeclarationProblem(
  contentType: string | undefined,
  declared: number | undefined,
): Response | undefined {
  if (!isJsonContentType(contentType)) return unsupportedMediaType(contentType);
  if (declared !== undefined && declared > MAX_BODY_BYTES) return payloadTooLarge(MAX_BODY_BYTES);
  return undefined;
}

/** 415 unless the body is declared JSON; 413 when its declared length is over the limit. */
export function requireJsonWithinLimit(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const problem = bodyDeclarationProblem(c.req.header('content-type'), declaredLength(c.req.raw.headers));
    if (problem !== undefined) return problem;
    await next();
  };
}

/** The parsed query flag: `true`/`false`/`1`/`0` in any letter case; the bare flag is true. */
function booleanParam(value: string | undefined): boolean | undefined | 'invalid' {
  if (value === undefined) return undefined;
  switch (value.toLowerCase()) {
    case '':
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return 'invalid';
  }
}

/** The 503 when no rule set is valid today and the request named none. */
export function noRuleSetToday(error: RuleSetChoiceError): Response {
  const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return ruleSetUnavailable(`${message}. The operator must install a rule set for today.`);
}

/** "1 problem", "3 problems". */
export function problemCount(n: number): string {
  return n === 1 ? '1 problem' : `${n} problems`;
}

/** The rule set a request asks for (`rekenregels`, `peildatum`), or the problems of its query. */
function requestedRuleSet(c: Context<Env>, catalog: RuleSetCatalog): RuleSet | undefined | ValidationIssue[] {
  const query = queryOf(c);
  const id = query.get('rekenregels');
  const date = query.get('peildatum');
  if (id !== undefined && date !== undefined) {
    return [{ path: '?peildatum', code: 'mutually_exclusive', message: 'give rekenregels or peildatum, not both' }];
  }
  try {
    if (id !== undefined) return catalog.byId(id);
    if (date === undefined) return undefined;
    if (!ISO_DATE.test(date)) {
      return [{ path: '?peildatum', code: 'invalid_date', message: 'expected a calendar date written YYYY-MM-DD' }];
    }
    return catalog.forDate(date);
  } catch (error) {
    if (error instanceof RuleSetChoiceError) {
      return [{ path: id !== undefined ? '?rekenregels' : '?peildatum', code: error.code, message: error.message }];
    }
    throw error;
  }
}

/**
 * The query parameters of a calculation (`uitleg`, `onderbouwing`, `rekenregels`, `peildatum`): 400 with every
 * problem, 503 when the request names no rule set and none is valid today; else the rule set
 * and the explanation and provenance flags for the handler.
 */
export function chooseRuleSet(deps: {
  readonly catalog: RuleSetCatalog;
  readonly defaultRuleSet: () => RuleSet;
}): MiddlewareHandler<Env> {
  return async (c, next) => {
    const issues: ValidationIssue[] = [];
    const explain = booleanParam(queryOf(c).get('uitleg'));
    if (explain === 'invalid')
      issues.push({ path: '?uitleg', code: 'invalid_type', message: 'expected true or false' });
    const provenance = booleanParam(queryOf(c).get('onderbouwing'));
    if (provenance === 'invalid')
      issues.push({ path: '?onderbouwing', code: 'invalid_type', message: 'expected true or false' });
    let chosen = requestedRuleSet(c, deps.catalog);
    if (chosen === undefined) {
      try {
        chosen = deps.defaultRuleSet();
      } catch (error) {
        if (error instanceof RuleSetChoiceError) return noRuleSetToday(error);
        throw error;
      }
    }
    if (Array.isArray(chosen)) issues.push(...chosen);
    if (issues.length > 0)
      return invalidRequest(`The request has ${problemCount(issues.length)} in its query parameters.`, issues);
    const ruleSet = chosen as RuleSet;
    c.set('ruleSet', ruleSet);
    c.set('ruleSetId', ruleSet.id);
    c.set('explain', explain === true);
    c.set('provenance', provenance === true);
    await next();
  };
}
