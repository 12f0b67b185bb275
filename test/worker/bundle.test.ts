/**
 * The Worker bundle (scripts/lib/worker-build.ts): budgetnorm/worker bundled as wrangler does,
 * with no Node builtin, under its own size budget after gzip, and that budget within Cloudflare's
 * Workers Free plan limit. The bundle's answers are checked under workerd by
 * `npm run test:runtimes` (test/runtimes/service.runtimes.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildWorkerBundle,
  WORKER_GZIP_BUDGET_BYTES,
  WORKERS_FREE_PLAN_LIMIT_BYTES,
  workerBudgetExcess,
  type WorkerBundleSizes,
} from '../../scripts/lib/worker-build.js';
import type { ExportedWorker } from '../../src/worker/index.js';

let built: { raw: string; minified: string; sizes: WorkerBundleSizes };
let tmp = '';
beforeAll(async () => {
  built = await buildWorkerBundle();
  tmp = mkdtempSync(join(tmpdir(), 'budgetnorm-worker-bundle-'));
});
afterAll(() => {
  if (tmp !== '') rmSync(tmp, { recursive: true, force: true });
});

describe('the Worker bundle', () => {
  it(`stays under its budget of ${WORKER_GZIP_BUDGET_BYTES} bytes after gzip, within the Workers Free plan limit`, () => {
    const { sizes } = built;
    console.log(
      `worker bundle: raw ${sizes.raw} (gzip ${sizes.rawGzip}), min ${sizes.min} (gzip ${sizes.minGzip}) bytes; budget ${WORKER_GZIP_BUDGET_BYTES}, free plan limit ${WORKERS_FREE_PLAN_LIMIT_BYTES}`,
    );
    expect(sizes.min).toBeLessThan(sizes.raw);
    expect(sizes.rawGzip).toBeLessThan(sizes.raw);
    expect(workerBudgetExcess(sizes)).toBeUndefined();
    expect(WORKER_GZIP_BUDGET_BYTES).toBeLessThanOrEqual(WORKERS_FREE_PLAN_LIMIT_BYTES);
  });

  it('the budget check fails over the budget, and on a budget over the free plan limit', () => {
    expect(workerBudgetExcess(built.sizes, built.sizes.rawGzip - 1)).toMatch(/over its budget/);
    expect(workerBudgetExcess(built.sizes, built.sizes.rawGzip)).toBeUndefined();
    expect(workerBudgetExcess(built.sizes, WORKERS_FREE_PLAN_LIMIT_BYTES + 1)).toMatch(/Workers Free plan/);
  });

  it('docs/deploy.md states the budget and the limit', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'deploy.md'), 'utf8');
    expect(page).toContain(`budget of ${WORKER_GZIP_BUDGET_BYTES.toLocaleString('en')} bytes after gzip`);
    expect(page).toContain('3 MB after compression');
  });

  it('contains the rule sets and no Node import, and serves as a Worker when imported', async () => {
    expect(built.raw).toContain('"nl-2026"');
    expect(built.minified).not.toMatch(/from\s*["']node:|import\(\s*["']node:|require\(/);
    const file = join(tmp, 'worker.mjs');
    writeFileSync(file, built.minified);
    const worker = (await import(pathToFileURL(file).href)).default as ExportedWorker;
    const response = await worker.fetch(new Request('http://localhost/Afloscapaciteit/Resultaat', { method: 'POST' }), {
      BUDGETNORM_API_KEYS: 'k',
    });
    expect(response.status).toBe(401);
  });
});
