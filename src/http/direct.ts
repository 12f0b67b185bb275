/**
 * The app's calculations answered without Web `Request` and `Response` objects, for a host that
 * reads requests and writes responses itself: the Node entry point (src/node/direct-server.ts),
 * where building those objects costs more than the app's own checks.
 *
 * Not a second service: `createApp` registers, beside its routes, the same keys, rule-set choice,
 * calculations and logs, and a direct call runs the app's own functions in the app's order: the
 * request id and log line (`requestIdFor`, `requestLogLine`), the key (`presentsAcceptedKey`),
 * the media type and declared size (`bodyDeclarationProblem`), today's rule set, then the body and
 * the answer (`bodyOutcome`, `answerCalculation`, `internalErrorAnswer`). It takes only the
 * common request whose every check before the body passes: a POST to a calculation path without
 * a query string, its key in the header, a JSON body of declared length within the limit, and an
 * app without CORS. Every other request (a problem before the body, a query, a chunked body) is
 * left to the app's `fetch`, which answers it exactly as before: nothing about the body has been
 * read by then. Web-standard only, like the rest of src/http.
 */
import { RuleSetChoiceError } from '../contract/errors.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { ErrorLogEntry, RequestLogLine } from './app.js';
import { bodyOutcome, declaredLengthOf, incompleteBody } from './body.js';
import { answerCalculation, type CalculateJson, internalErrorAnswer } from './calculation.js';
import { MAX_BODY_BYTES, REQUEST_ID_HEADER_NAME } from './constants.js';
import {
  bodyDeclarationProblem,
  type KeyCheck,
  presentedKeysOf,
  presentsAcceptedKey,
  requestIdFor,
  requestLogLine,
} from './middleware.js';
import type { PlainAnswer } from './problem.js';

/** The headers a direct call reads, each given once (a repeated one is the app's to judge). */
export interface DirectHeaders {
  /** `Ocp-Apim-Subscription-Key`. */
  readonly key: string | undefined;
  readonly contentType: string | undefined;
  readonly contentLength: string | undefined;
  /** Whether a `Transfer-Encoding` was sent. */
  readonly transferEncoded: boolean;
  /** `X-Request-Id`. */
  readonly requestId: string | undefined;
}

/** A calculation taken by the direct path, its checks passed, waiting for its body. */
export interface DirectCall {
  /** The declared body length, in bytes (within the limit). */
  readonly length: number;
  /**
   * The answer to the body's bytes (`undefined`: the client stopped sending it), logged with
   * `bindings` (what the app's `fetch` gets as its second argument) as the app logs it.
   */
  finish(body: Uint8Array | undefined, bindings: unknown): PlainAnswer;
}

/** The direct path of one app. */
export interface DirectCalculations {
  /**
   * The call for a request, when the direct path takes it; `undefined` to hand it to the app's
   * `fetch` (which then answers it, problems included, as always).
   */
  begin(method: string, url: string, headers: DirectHeaders): DirectCall | undefined;
}

interface Deps extends KeyCheck {
  readonly log: (line: RequestLogLine, bindings: unknown) => void;
  readonly logError: (entry: ErrorLogEntry) => void;
  readonly defaultRuleSet: () => RuleSet;
  /** The calculation of each path, answering its result's JSON text. */
  readonly routes: Readonly<Record<string, CalculateJson>>;
}

const REGISTERED = new WeakMap<object, DirectCalculations>();

/** Registers the direct path of `app` (called by `createApp`). */
export function registerDirectCalculations(app: object, deps: Deps): void {
  REGISTERED.set(app, directCalculations(deps));
}

/** The direct path of an app made by `createApp`, if it has one (an app with CORS has none). */
export function directCalculationsOf(app: object): DirectCalculations | undefined {
  return REGISTERED.get(app);
}

function directCalculations(deps: Deps): DirectCalculations {
  const routes = new Map(Object.entries(deps.routes));
  return {
    begin(method, url, headers) {
      const calculate = method === 'POST' ? routes.get(url) : undefined;
      if (calculate === undefined) return undefined;
      const started = performance.now();
      const presented = presentedKeysOf(headers.key, []);
      // The app's middleware, in the app's order; the first that would answer hands over.
      const requestId = requestIdFor(headers.requestId, () => presented, deps);
      if (!presentsAcceptedKey(presented, deps)) return undefined;
      const length = declaredLengthOf(headers.contentLength, headers.transferEncoded);
      if (length === undefined || Number.isNaN(length)) return undefined;
      if (bodyDeclarationProblem(headers.contentType, length) !== undefined) return undefined;
      let ruleSet: RuleSet;
      try {
        ruleSet = deps.defaultRuleSet();
      } catch (error) {
        if (error instanceof RuleSetChoiceError) return undefined;
        throw error;
      }
      const request = { requestId, method, path: url, started };
      return {
        length,
        finish(body, bindings) {
          let answer: PlainAnswer;
          try {
            const outcome = body === undefined ? incompleteBody() : bodyOutcome(body, MAX_BODY_BYTES);
            answer = answerCalculation(calculate, outcome, { ruleSet, explain: false, provenance: false }, requestId);
          } catch (error) {
            answer = internalErrorAnswer(deps.logError, request, error);
          }
          if (answer.status !== 200)
            answer = { ...answer, headers: { ...answer.headers, [REQUEST_ID_HEADER_NAME]: requestId } };
          deps.log(requestLogLine(request, answer.status, ruleSet.id), bindings);
          return answer;
        },
      };
    },
  };
}
