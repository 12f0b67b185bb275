/**
 * Calculating through the API: the same body, sent to the service the page came from, with the
 * advisor's subscription key, the chosen rule set (`?rekenregels=`) and the explanation
 * (`?uitleg=true`). The answer is read the way the page reads the library's: a result, the
 * problems by field (problem+json `errors`), or a failure in Dutch.
 */
import { OPERATIONS } from '../calculations/operations.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { dutchProblem, type Issue, KEY_PATH, type ProblemDetails } from './messages.js';
import type { Outcome, Result } from './outcome.js';

/** The service's path of each operation, from the library's registry (src/calculations/operations.ts). */
export const API_PATHS = Object.fromEntries(
  Object.entries(OPERATIONS).map(([id, spec]) => [id, spec.http.path]),
) as Readonly<Record<CalculationId, string>>;

/** The header that carries the subscription key. */
export const KEY_HEADER = 'Ocp-Apim-Subscription-Key';
/** The response header naming the rule set used. */
export const RULE_SET_HEADER = 'X-Rekenregels';

export interface ApiRequest {
  /** Where the page was loaded from, ending in `/` (the API is served beside it). */
  readonly base: string;
  readonly operation: CalculationId;
  readonly ruleSetId: string;
  readonly explain: boolean;
  /** Ask for `Onderbouwing` (`?onderbouwing=true`): the page marks every amount with it. */
  readonly provenance?: boolean;
}

/** The operation's URL with the rule set (and the explanation) as query parameters. */
export function apiUrl(request: ApiRequest): string {
  const url = new URL(API_PATHS[request.operation].slice(1), request.base);
  url.searchParams.set('rekenregels', request.ruleSetId);
  if (request.explain) url.searchParams.set('uitleg', 'true');
  if (request.provenance === true) url.searchParams.set('onderbouwing', 'true');
  return url.href;
}

/** Sends the body to the API; never throws (a network failure is a `failed` outcome). */
export async function calculateViaApi(
  request: ApiRequest,
  body: unknown,
  key: string,
  options: { readonly fetch?: typeof fetch; readonly signal?: AbortSignal } = {},
): Promise<Outcome> {
  if (key.trim() === '') return { kind: 'invalid', issues: [{ path: KEY_PATH, code: 'required', message: '' }] };
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(apiUrl(request), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [KEY_HEADER]: key.trim() },
      body: JSON.stringify(body),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    return { kind: 'failed', message: 'De API is niet bereikbaar.' };
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (response.ok && payload !== null && typeof payload === 'object') {
    const served = response.headers.get(RULE_SET_HEADER);
    if (served !== null && served !== request.ruleSetId) {
      return {
        kind: 'failed',
        message: `De API rekende met rekenregels ${served} in plaats van de gevraagde ${request.ruleSetId}.`,
      };
    }
    return { kind: 'result', result: payload as Result };
  }
  const problem = payload !== null && typeof payload === 'object' ? (payload as ProblemDetails) : undefined;
  if (response.status === 401)
    return { kind: 'invalid', issues: [{ path: KEY_PATH, code: 'unauthorized', message: '' }] };
  if (response.status === 400 && Array.isArray(problem?.errors) && problem.errors.length > 0) {
    return {
      kind: 'invalid',
      issues: problem.errors.map((e: Issue) => ({ path: e.path, code: e.code, message: e.message })),
    };
  }
  return { kind: 'failed', message: dutchProblem(response.status, problem) };
}
