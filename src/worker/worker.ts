/**
 * The HTTP service as a Workers module (`export default { fetch }`): the web-standard app of
 * src/http, configured from the Worker's `env` instead of the process environment. The app is
 * built on the first request and kept while the configuration stays the same, so a request
 * costs the same as in the Node service once the isolate is warm.
 */
import { createApp, type AppOptions, type ErrorLogEntry } from '../http/app.js';
import { internalError } from '../http/problem.js';
import { WORKER_ENV_NAMES, WorkerConfigError, workerAppOptions, type WorkerEnv } from './env.js';
import { logError as defaultLogError, logRequest } from './log.js';

/**
 * What {@link createWorker} takes besides the environment: everything of
 * {@link budgetnorm/http!AppOptions | AppOptions} that is not configured by {@link WorkerEnv}
 * (keys, rule set and CORS origins come from `env`, so a deployment changes them without a build).
 *
 * @example A Worker whose request log goes to an array
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createWorker, type WorkerOptions } from 'budgetnorm/worker';
 * import type { RequestLogLine } from 'budgetnorm/http';
 *
 * const lines: RequestLogLine[] = [];
 * const options: WorkerOptions = { log: (line) => lines.push(line) };
 * const worker = createWorker(options);
 * await worker.fetch(new Request('http://localhost/health'), { BUDGETNORM_API_KEYS: 'my-key' });
 * assert.equal(lines[0]?.status, 200);
 * ```
 */
export type WorkerOptions = Omit<AppOptions, 'keys' | 'keyDigests' | 'ruleSet' | 'corsOrigins' | 'advisorPage'>;

/**
 * A Workers module: the object a Worker's main module exports as its default, whose `fetch`
 * the runtime calls for every request with the Worker's `env`.
 *
 * @example Calling a Worker as the runtime does
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createWorker, type ExportedWorker } from 'budgetnorm/worker';
 *
 * const worker: ExportedWorker = createWorker({ log: () => {} });
 * const response = await worker.fetch(new Request('http://localhost/openapi.json'), { BUDGETNORM_API_KEYS: 'my-key' });
 * assert.equal(response.status, 200);
 * ```
 */
export interface ExportedWorker {
  /**
   * Answers one request. Does not throw: every failure is an error response.
   *
   * @param request - The request, as the runtime hands it over.
   * @param env - The Worker's variables and secrets ({@link WorkerEnv}).
   * @returns The service's response; a 500 problem (cause in the log) when `env` is misconfigured.
   * @example The health check, as the runtime asks for it
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { createWorker } from 'budgetnorm/worker';
   *
   * const worker = createWorker({ log: () => {} });
   * const response = await worker.fetch(new Request('http://localhost/health'), {
   *   BUDGETNORM_API_KEYS: 'my-key',
   *   BUDGETNORM_RULESET: 'nl-2025',
   * });
   * assert.equal(response.status, 200);
   * assert.equal(((await response.json()) as { Rekenregels: { Id: string } }).Rekenregels.Id, 'nl-2025');
   * ```
   */
  fetch(request: Request, env: WorkerEnv): Promise<Response>;
}

/**
 * Builds the HTTP service as a Workers module: `export default createWorker()` is a complete
 * Cloudflare Worker (docs/deploy.md). Keys, the pinned rule set and the CORS origins are read
 * from the Worker's `env` on the first request ({@link WorkerEnv}); the app of
 * {@link budgetnorm/http!createApp | createApp} is then kept for the isolate's life, and built
 * again only when `env` changes. Does not throw, neither here nor in `fetch`: a misconfigured
 * `env` (no key, a malformed digest or origin, an unknown rule set) answers every request with a
 * 500 problem whose `errorId` is logged with the cause through `options.logError`, so the
 * operator sees what to set and a caller sees no detail.
 *
 * @param options - Logging, the clock, the catalog, wrapped calculations, the OpenAPI version;
 *   see {@link WorkerOptions}.
 * @returns The Workers module; export it as the default of the Worker's main module.
 * @example A Worker answering a calculation with the key from its environment
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { KEY_HEADER, PATHS } from 'budgetnorm/http';
 * import { createWorker } from 'budgetnorm/worker';
 *
 * const worker = createWorker({ log: () => {} });
 * const household = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * } as const;
 * const env = { BUDGETNORM_API_KEYS: 'my-key', BUDGETNORM_RULESET: 'nl-2026' };
 * const calculate = (key?: string) =>
 *   worker.fetch(
 *     new Request(`http://localhost${PATHS.repayment}`, {
 *       method: 'POST',
 *       headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { [KEY_HEADER]: key }) },
 *       body: JSON.stringify(household),
 *     }),
 *     env,
 *   );
 * const response = await calculate('my-key');
 * assert.equal(response.status, 200);
 * assert.equal(
 *   ((await response.json()) as { Afloscapaciteit: number }).Afloscapaciteit,
 *   repaymentCapacity(household, { ruleSet: 'nl-2026' }).Afloscapaciteit,
 * );
 * assert.equal((await calculate()).status, 401);
 *
 * const errors: unknown[] = [];
 * const unconfigured = createWorker({ log: () => {}, logError: (entry) => errors.push(entry) });
 * assert.equal((await unconfigured.fetch(new Request('http://localhost/health'), {})).status, 500);
 * assert.match(JSON.stringify(errors), /BUDGETNORM_API_KEYS/);
 * ```
 */
export function createWorker(options: WorkerOptions = {}): ExportedWorker {
  // By default the lines of the Node service's log (the level's name, then the fields): log.ts.
  const logError: (entry: ErrorLogEntry) => void = options.logError ?? defaultLogError;
  const appOptions = { ...options, log: options.log ?? logRequest, logError };
  let built: { configuration: string; fetch: (request: Request) => Response | Promise<Response> } | undefined;

  const build = (env: WorkerEnv): ((request: Request) => Response | Promise<Response>) => {
    const record = env as unknown as Readonly<Record<string, unknown>>;
    const configuration = JSON.stringify(WORKER_ENV_NAMES.map((name) => record[name] ?? null));
    if (built?.configuration === configuration) return built.fetch;
    let fetch: (request: Request) => Response | Promise<Response>;
    try {
      const app = createApp({ ...appOptions, ...workerAppOptions(record) });
      fetch = (request) => app.fetch(request);
    } catch (error) {
      const cause =
        error instanceof WorkerConfigError || error instanceof Error
          ? `${error.name}: ${error.message}`
          : String(error);
      fetch = (request) => {
        const errorId = crypto.randomUUID();
        logError({
          time: new Date().toISOString(),
          level: 'error',
          requestId: '',
          errorId,
          method: request.method,
          path: new URL(request.url).pathname,
          error: `the Worker's environment is misconfigured: ${cause}`,
        });
        return internalError(errorId);
      };
    }
    built = { configuration, fetch };
    return fetch;
  };

  return {
    fetch: async (request, env) => build(env ?? {})(request),
  };
}
