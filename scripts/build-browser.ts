/**
 * `npm run build:browser`: writes the browser build of the core, one minified ES module with
 * the bundled rule sets inside, to dist-browser/budgetnorm.js, prints its sizes and fails
 * when it would import a Node builtin or exceeds its min+gzip budget (docs/browser.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BROWSER_OUT_DIR,
  BUNDLE_FILE,
  MIN_GZIP_BUDGET_BYTES,
  budgetExcess,
  buildBrowserBundle,
  bundleSizes,
} from './lib/browser-build.js';

const raw = await buildBrowserBundle({ minify: false });
const minified = await buildBrowserBundle({ minify: true });
const sizes = bundleSizes(raw, minified);
mkdirSync(BROWSER_OUT_DIR, { recursive: true });
const out = join(BROWSER_OUT_DIR, BUNDLE_FILE);
writeFileSync(out, minified);

const kb = (n: number) => `${n.toLocaleString('en')} bytes (${(n / 1024).toFixed(1)} KiB)`;
console.log(`wrote ${out}`);
console.log(`  raw       ${kb(sizes.raw)}`);
console.log(`  min       ${kb(sizes.min)}`);
console.log(`  min+gzip  ${kb(sizes.minGzip)}  budget ${kb(MIN_GZIP_BUDGET_BYTES)}`);
const excess = budgetExcess(sizes);
if (excess !== undefined) {
  console.error(excess);
  process.exitCode = 1;
}
