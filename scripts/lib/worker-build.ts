/**
 * The Worker bundle: `budgetnorm/worker` (src/worker/index.ts) bundled by esbuild as one ES
 * module for the browser platform, the way wrangler bundles a Worker's main module, with the
 * same Node-builtin guard as the browser build (browser-build.ts). Its size decides whether the
 * service fits Cloudflare's Worker size limit, which counts the upload after gzip compression;
 * wrangler uploads the bundle unminified unless told `--minify`, so the budget is on the gzip
 * of the unminified bundle, the larger of the two.
 */
import { join } from 'node:path';
import { buildBrowserBundle, gzipSize, ROOT } from './browser-build.js';

export const WORKER_ENTRY = join(ROOT, 'src', 'worker', 'index.ts');

/**
 * Cloudflare's limit on a Worker's size after compression on the Workers Free plan: 3 MB
 * (10 MB on the Paid plan), https://developers.cloudflare.com/workers/platform/limits/#worker-size
 * (checked 2026-11). Written as 3,000,000 bytes, the smaller reading of "3 MB".
 */
export const WORKERS_FREE_PLAN_LIMIT_BYTES = 3_000_000;

/**
 * The budget for the Worker bundle, unminified, after gzip (level 9), in bytes (docs/deploy.md).
 * Measured at 250,825 bytes when set (2026-11, rule sets nl-2025 and nl-2026: zod, the rule sets
 * and the core, as in the browser bundle, plus Hono and the HTTP layer; 1,506,946 bytes before
 * gzip); the budget leaves about 15% for another year's rule set or a dependency update, and is
 * under a tenth of the free plan's limit, so the Worker stays deployable on it.
 */
export const WORKER_GZIP_BUDGET_BYTES = 290_000;

export interface WorkerBundleSizes {
  /** Bytes of the unminified bundle (what wrangler uploads by default). */
  readonly raw: number;
  /** Bytes of the unminified bundle, gzipped: what the size limit counts. */
  readonly rawGzip: number;
  /** Bytes of the minified bundle (`wrangler deploy --minify`). */
  readonly min: number;
  /** Bytes of the minified bundle, gzipped. */
  readonly minGzip: number;
}

/** Bundles an entry (default: budgetnorm/worker from src/) for Workers, unminified and minified; returns both and their sizes. */
export async function buildWorkerBundle(
  entry: string = WORKER_ENTRY,
): Promise<{ raw: string; minified: string; sizes: WorkerBundleSizes }> {
  const raw = await buildBrowserBundle({ entry, minify: false });
  const minified = await buildBrowserBundle({ entry, minify: true });
  return {
    raw,
    minified,
    sizes: {
      raw: Buffer.byteLength(raw, 'utf8'),
      rawGzip: gzipSize(raw),
      min: Buffer.byteLength(minified, 'utf8'),
      minGzip: gzipSize(minified),
    },
  };
}

/** A message when the compressed bundle exceeds the budget (or the budget the free plan's limit), else undefined. */
export function workerBudgetExcess(sizes: WorkerBundleSizes, budget = WORKER_GZIP_BUDGET_BYTES): string | undefined {
  if (budget > WORKERS_FREE_PLAN_LIMIT_BYTES)
    return `the Worker budget of ${budget} bytes is over the Workers Free plan's limit of ${WORKERS_FREE_PLAN_LIMIT_BYTES} bytes`;
  if (sizes.rawGzip <= budget) return undefined;
  return (
    `the Worker bundle is ${sizes.rawGzip} bytes after gzip, over its budget of ${budget} bytes ` +
    '(docs/deploy.md: shrink it, or raise WORKER_GZIP_BUDGET_BYTES in scripts/lib/worker-build.ts with a reason)'
  );
}
