/**
 * `npm run fuzz`: 100,000 generated cases per operation (`FUZZ_RUNS` to change it) through the
 * app's fetch handler, with the properties of scripts/lib/reliability-fuzz.ts; prints the cases,
 * the statuses seen, the kinds of case, the assertions made, and heapUsed (after a full GC) at
 * start and end. Exits non-zero when a property fails (fast-check prints the shrunk case), a
 * 500 was logged, or the heap, once the app is dropped, is more than FUZZ_HEAP_GROWTH_MIB
 * (default 16) above the start.
 *
 * The app gets rule sets loaded afresh (freshCatalog): the calculations remember amounts per
 * rule set, at most 4,096 per post or value, and those tables fill over hundreds of thousands
 * of varied households. The heap is printed with the app alive (tables included) and after
 * it is dropped (tables collected); only what outlives the app is a leak.
 */
import { createApp } from '../src/http/index.js';
import {
  freshCatalog,
  fuzzOperation,
  mib,
  newStats,
  OPERATIONS,
  settledHeap,
  type FuzzStats,
} from './lib/reliability-fuzz.js';

const runs = Number(process.env['FUZZ_RUNS'] ?? 100_000);
const seed = process.env['FUZZ_SEED'] !== undefined ? Number(process.env['FUZZ_SEED']) : Date.now() % 2 ** 31;
const maxGrowth = Number(process.env['FUZZ_HEAP_GROWTH_MIB'] ?? 16) * 1024 * 1024;
const operations = OPERATIONS.filter((op) =>
  (process.env['FUZZ_OPS'] ?? 'repayment,retirement').split(',').includes(op),
);
const KEY = 'fuzz-key-8d2e61';

const errors: unknown[] = [];
const newApp = () =>
  createApp({
    keys: [KEY],
    catalog: freshCatalog(),
    now: () => new Date('2026-06-15T10:00:00Z'),
    log: () => undefined,
    logError: (e) => errors.push(e),
  });

function line(op: string, s: FuzzStats): string {
  const statuses = Object.entries(s.statuses)
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const kinds = Object.entries(s.kinds)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `${op}: ${s.cases} cases; statuses {${statuses}}; kinds {${kinds}}; ${s.results} results and ${s.problems} problems checked, ${s.checks} assertions`;
}

// Warm up (JIT, module state) with an app that is then dropped, and measure.
let app: ReturnType<typeof newApp> | undefined = newApp();
for (const op of operations) await fuzzOperation(app, op, KEY, { numRuns: 1_000, seed: 1 });
app = newApp();
const start = await settledHeap();
console.log(
  `fuzz: ${runs} cases per operation, seed ${seed}; heapUsed at start ${mib(start.heapUsed)}${start.collected ? ' (after GC)' : ' (no GC available: sampled)'}`,
);

const started = performance.now();
let failed = false;
for (const op of operations) {
  const stats = newStats();
  try {
    await fuzzOperation(app, op, KEY, {
      numRuns: runs,
      seed,
      stats,
      every: 20_000,
      onProgress: (s) => {
        (globalThis as { gc?: () => void }).gc?.();
        console.log(`  ${op}: ${s.cases} cases, heapUsed ${mib(process.memoryUsage().heapUsed)}`);
      },
    });
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  }
  console.log(line(op, stats));
}
const live = await settledHeap();
const rss = process.memoryUsage().rss;
app = undefined;
const end = await settledHeap();
const growth = end.heapUsed - start.heapUsed;
console.log(
  `heapUsed at end ${mib(live.heapUsed)} with the app alive (its bounded caches included), ${mib(end.heapUsed)} once it is dropped: growth ${mib(growth)} (limit ${mib(maxGrowth)}); rss ${mib(rss)}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (errors.length > 0) {
  failed = true;
  console.error(`${errors.length} unexpected errors were logged (500s)`);
}
if (growth > maxGrowth) {
  failed = true;
  console.error('the heap grew more than allowed');
}
console.log(failed ? 'fuzz: FAILED' : 'fuzz: all properties held');
process.exit(failed ? 1 : 0);
