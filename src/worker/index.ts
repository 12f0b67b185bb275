/**
 * The budgetnorm HTTP service as a Cloudflare Worker (any runtime of the Workers module
 * syntax): the default export is a complete Worker, configured from its environment and
 * secrets ({@link WorkerEnv}); {@link createWorker} builds one with your own logging or
 * wrapped calculations. Web-standard only, no Node API: docs/deploy.md shows the wrangler
 * configuration, and `npm run test:runtimes` runs it under workerd.
 *
 * @module budgetnorm/worker
 */
import { createWorker } from './worker.js';

export { createWorker } from './worker.js';
export type { ExportedWorker, WorkerOptions } from './worker.js';
export type { WorkerEnv } from './env.js';

/**
 * The HTTP service as a ready Worker: `export { default } from 'budgetnorm/worker'` is the
 * whole main module of a Cloudflare Worker. Requests are logged as JSON lines with
 * `console.log` (Workers Logs), errors with `console.error`. The same as `createWorker()`.
 *
 * @example The Worker as the runtime calls it
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import worker from 'budgetnorm/worker';
 *
 * const response = await worker.fetch(new Request('http://localhost/Afloscapaciteit/Resultaat', { method: 'POST' }), {
 *   BUDGETNORM_API_KEYS: 'my-key',
 * });
 * assert.equal(response.status, 401); // no key sent
 * assert.equal(response.headers.get('Content-Type'), 'application/problem+json');
 * ```
 */
const worker = createWorker();
export default worker;
