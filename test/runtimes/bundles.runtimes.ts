/**
 * The size of what each runtime target loads, for the table of `npm run test:runtimes`: the
 * npm tarball (Node, Deno and Bun import the installed package), the browser bundle (Chromium)
 * and the Worker bundle as wrangler would upload it, made here from the packed package (workerd).
 * Each against its budget; the budgets themselves are tested in `npm test`
 * (test/package/tarball.test.ts, test/browser/bundle.test.ts, test/worker/bundle.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MIN_GZIP_BUDGET_BYTES, buildBrowserBundle, bundleSizes } from '../../scripts/lib/browser-build.js';
import { WORKER_GZIP_BUDGET_BYTES, WORKERS_FREE_PLAN_LIMIT_BYTES } from '../../scripts/lib/worker-build.js';
import { gzipSize } from '../../scripts/lib/browser-build.js';
import { bundled } from './bundles.js';
import { deployBlock } from './docs-blocks.js';
import { addRows } from './report.js';
import { ROOT } from './project.js';
import { runtimeVersion } from './runtimes.js';

const project = inject('runtimesProject');
const tarball = inject('runtimesTarball');
const report = inject('runtimesReport');
const n = (bytes: number): string => bytes.toLocaleString('en');

/** A budget constant of test/package/tarball.test.ts (not exported: it is that test's). */
function tarballBudget(name: string): number {
  const source = readFileSync(join(ROOT, 'test', 'package', 'tarball.test.ts'), 'utf8');
  const match = new RegExp(`const ${name} = ([\\d_]+);`).exec(source);
  if (match === null) throw new Error(`test/package/tarball.test.ts has no ${name}`);
  return Number((match[1] as string).replace(/_/g, ''));
}

describe('bundle sizes per runtime target', () => {
  it('the npm tarball (Node, Deno, Bun)', () => {
    const packed = tarballBudget('PACKED_BUDGET_BYTES');
    const unpacked = tarballBudget('UNPACKED_BUDGET_BYTES');
    expect(tarball.bytes).toBeLessThanOrEqual(packed);
    expect(tarball.unpackedBytes).toBeLessThanOrEqual(unpacked);
    const bundle = `package ${n(tarball.bytes)} packed / ${n(tarball.unpackedBytes)} unpacked (budget ${n(packed)} / ${n(unpacked)})`;
    addRows(
      report,
      'bundles',
      (['node', 'deno', 'bun'] as const).map((runtime) => ({
        runtime: { node: 'Node', deno: 'Deno', bun: 'Bun' }[runtime],
        version: runtimeVersion(runtime),
        bundle,
      })),
    );
  });

  it('the browser bundle (Chromium)', async () => {
    const sizes = bundleSizes(await buildBrowserBundle({ minify: false }), await buildBrowserBundle({ minify: true }));
    expect(sizes.minGzip).toBeLessThanOrEqual(MIN_GZIP_BUDGET_BYTES);
    addRows(report, 'bundles', [
      {
        runtime: 'Chromium',
        bundle: `${n(sizes.raw)} raw / ${n(sizes.min)} min / ${n(sizes.minGzip)} min+gzip (budget ${n(MIN_GZIP_BUDGET_BYTES)} min+gzip)`,
      },
    ]);
  });

  it('the Worker bundle, from the packed package (workerd)', async () => {
    writeFileSync(join(project, 'worker-main.js'), deployBlock('js', 'worker'));
    const raw = await bundled(project, join(project, 'worker-main.js'), false);
    const min = await bundled(project, join(project, 'worker-main.js'), true);
    const rawGzip = gzipSize(raw);
    expect(rawGzip).toBeLessThanOrEqual(WORKER_GZIP_BUDGET_BYTES);
    expect(WORKER_GZIP_BUDGET_BYTES).toBeLessThanOrEqual(WORKERS_FREE_PLAN_LIMIT_BYTES);
    addRows(report, 'bundles', [
      {
        runtime: 'workerd',
        version: runtimeVersion('workerd'),
        bundle: `${n(Buffer.byteLength(raw))} raw (${n(rawGzip)} gzip) / ${n(Buffer.byteLength(min))} min (${n(gzipSize(min))} gzip) (budget ${n(WORKER_GZIP_BUDGET_BYTES)} gzip; free plan limit ${n(WORKERS_FREE_PLAN_LIMIT_BYTES)})`,
      },
    ]);
  });
});
