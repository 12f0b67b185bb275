/**
 * The end of a calculation, after the checks, as plain data: the body read (413, 400), the
 * calculation run (400 for the body's problems), the result answered with its rule set; and the
 * 500 of anything unexpected. The app's route (src/http/app.ts) and the direct path
 * (src/http/direct.ts) both answer through these functions, so they answer alike.
 */
import { jsonCalculation } from '../calculations/operations.js';
import { RuleSetChoiceError, ValidationError } from '../contract/errors.js';
import type { CalculationCallOptions, ErrorLogEntry } from './app.js';
import type { BodyOutcome } from './body.js';
import {
  MAX_BODY_BYTES,
  REQUEST_ID_HEADER_NAME,
  RULE_SET_HEADER_NAME,
  RULE_SET_STATUS_HEADER_NAME,
} from './constants.js';
import { loggedPath, problemCount } from './middleware.js';
import {
  internalErrorProblem,
  invalidRequestProblem,
  type PlainAnswer,
  payloadTooLargeAnswer,
  problemAnswer,
} from './problem.js';

/** What runs a calculation: the parsed body and the request's options in, the result out. */
export type Calculate = (body: unknown, options: CalculationCallOptions) => unknown;

/**
 * A calculation whose result comes as its JSON text: {@link routeJson} of a
 * {@link Calculate}, resolved once per route (the library's own writer for its own
 * calculations, `JSON.stringify` of anything else's result).
 */
export type CalculateJson = (body: unknown, options: CalculationCallOptions) => string;

/**
 * The {@link CalculateJson} of a route's calculation (the library's own or a `calculations`
 * override), made once per route: its result, stringified.
 */
export function routeJson(calculate: Calculate): CalculateJson {
  return jsonCalculation<CalculationCallOptions>(calculate);
}

/**
 * The answer to a calculation whose body came to `body`: the 413 or 400 of the body, the 400 of
 * a `ValidationError` or of a rule set without this operation's rules, or the 200 with the result (carrying `requestId` in `X-Request-Id`). Any
 * other error is thrown, for the caller's 500 ({@link internalErrorAnswer}).
 */
export function answerCalculation(
  calculateJson: CalculateJson,
  body: BodyOutcome,
  options: CalculationCallOptions,
  requestId: string,
): PlainAnswer {
  if (body.kind === 'too_large') return payloadTooLargeAnswer(MAX_BODY_BYTES);
  if (body.kind === 'invalid')
    return problemAnswer(
      invalidRequestProblem(`The request body cannot be read: ${body.issue.message}.`, [body.issue]),
    );
  let text: string;
  try {
    text = calculateJson(body.value, options);
  } catch (error) {
    if (error instanceof ValidationError) {
      return problemAnswer(
        invalidRequestProblem(`The request body has ${problemCount(error.issues.length)}.`, error.issues),
      );
    }
    // The set chosen (named by `rekenregels`, or the service's default) has no rules for this
    // operation: a lending-norm set asked for retirement amounts.
    if (error instanceof RuleSetChoiceError && error.code === 'calculation_not_in_rule_set') {
      const issue = { path: '?rekenregels', code: error.code, message: error.message };
      return problemAnswer(invalidRequestProblem(`The rule set cannot compute this: ${error.message}.`, [issue]));
    }
    throw error;
  }
  const { ruleSet } = options;
  return {
    status: 200,
    // Lower-case names, as every answer writes them (problemAnswer).
    headers: {
      'content-type': 'application/json',
      [RULE_SET_HEADER_NAME]: ruleSet.id,
      [RULE_SET_STATUS_HEADER_NAME]: ruleSet.status,
      [REQUEST_ID_HEADER_NAME]: requestId,
    },
    body: text,
  };
}

/** A 500 with a fresh error id; the cause is logged under it (the caller gets nothing else). */
export function internalErrorAnswer(
  logError: (entry: ErrorLogEntry) => void,
  request: { readonly requestId: string; readonly method: string; readonly path: string },
  error: unknown,
): PlainAnswer {
  const errorId = crypto.randomUUID();
  logError({
    time: new Date().toISOString(),
    level: 'error',
    requestId: request.requestId,
    errorId,
    method: request.method,
    path: loggedPath(request.path, 500),
    error,
  });
  return problemAnswer(internalErrorProblem(errorId));
}
