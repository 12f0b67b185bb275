/**
 * `npm run soak`: the built service under a steady mixed load, to show it holds.
 *
 * Starts dist/ (`node scripts/start.mjs`, building first when dist/ is stale) on a free port
 * on 127.0.0.1 with a generated key in BUDGETNORM_API_KEYS (rule set pinned: nl-2026); warms it up (SOAK_WARMUP_SECONDS,
 * default 10: the JIT settles and the calculations' bounded caches fill); then loads it with
 * autocannon for SOAK_SECONDS (default 60) at 50 connections: on 45 a mix of valid households
 * (3,000 generated per operation, cycled), explanations, the health check, and invalid
 * requests (bad JSON, wrong types); on 5, requests refused before their body is read (no key,
 * wrong content type), whose connections the service closes after each answer; then stops it
 * with SIGTERM.
 *
 * Prints requests, status counts (autocannon's per mix and the service's log), errors, the main
 * mix's latencies, and the service's RSS (VmRSS of /proc/<pid>/status) idle, after the warm-up
 * ("start") and at the end. Exits 1 when any non-HTTP error occurred, any 5xx was answered or
 * logged, a mix was never answered one of its statuses (200 and 400; 401 and 415) or was answered
 * another, the RSS grew by 10% or more from start to end, or the service did not stop cleanly.
 *
 * Before the sustained load, a burst: SOAK_BURST (default 1,000) new connections opened at the
 * same moment, each with one calculation; every one must get its 200 within 5 s (a listen
 * backlog that overflows shows as connection attempts retried after 1 s and 3 s, or timeouts).
 * `npm run soak -- --burst` runs the burst alone (no warm-up, no sustained load);
 * SOAK_BACKLOG sets the service's BUDGETNORM_LISTEN_BACKLOG, to compare with Node's 511.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { ensureBuilt } from './cli-ensure-built.js';
import { repaymentBody, retirementBody } from './lib/reliability-fuzz.js';
import { REPO, rssOf, settledRss, spawnService } from './lib/reliability-service.js';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 60);
const WARMUP_SECONDS = Number(process.env['SOAK_WARMUP_SECONDS'] ?? 10);
const CONNECTIONS = 50;
const BURST = Number(process.env['SOAK_BURST'] ?? 1_000);
const BURST_TIMEOUT_MS = 5_000;
const BURST_ONLY = process.argv.includes('--burst');
const MAX_RSS_GROWTH = 0.1;
const KEY = `soak-${randomBytes(16).toString('hex')}`;

const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);
const fixture = (name: string) => readFileSync(join(REPO, 'test', 'http', 'fixtures', `${name}.json`), 'utf8');

const repaymentBodies = fc.sample(repaymentBody, { numRuns: 3_000, seed: 11 }).map((b) => JSON.stringify(b));
const retirementBodies = fc.sample(retirementBody, { numRuns: 3_000, seed: 12 }).map((b) => JSON.stringify(b));

type Request = NonNullable<autocannon.Options['requests']>[number];

/**
 * The mix every connection of the main load sends in turn: requests the service answers after
 * reading their whole body, so their connection is kept alive.
 */
function keptAliveMix(): Request[] {
  let r = 0;
  let p = 0;
  const json = { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY };
  return [
    // Valid, each time another household.
    {
      method: 'POST',
      path: '/Afloscapaciteit/Resultaat',
      headers: json,
      setupRequest: (req) => ({ ...req, body: repaymentBodies[r++ % repaymentBodies.length] as string }),
    },
    {
      method: 'POST',
      path: '/pensioenuitgaven/Resultaat',
      headers: json,
      setupRequest: (req) => ({ ...req, body: retirementBodies[p++ % retirementBodies.length] as string }),
    },
    {
      method: 'POST',
      path: '/pensioenuitgaven/Resultaat?uitleg=true',
      headers: json,
      body: fixture('pensioenuitgaven-paar-huur'),
    },
    {
      method: 'POST',
      path: `/Afloscapaciteit/Resultaat?key=${KEY}&entities=true`,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: fixture('afloscapaciteit-alleenstaand-huur'),
    },
    {
      method: 'POST',
      path: '/pensioenuitgaven/Resultaat',
      headers: json,
      setupRequest: (req) => ({ ...req, body: retirementBodies[p++ % retirementBodies.length] as string }),
    },
    { method: 'GET', path: '/health' },
    // Invalid, refused once the body is read: 400, 400.
    { method: 'POST', path: '/Afloscapaciteit/Resultaat', headers: json, body: '{"LeeftijdHoofdpersoon": 45,' },
    {
      method: 'POST',
      path: '/pensioenuitgaven/Resultaat',
      headers: json,
      body: '{"Hoofdpersonen":[],"Woning":{"TypeWoning":"Kasteel"},"NettoBesteedbaarInkomenPerMaand":-1.5}',
    },
  ];
}

/**
 * Requests refused before their body is read (no key: 401; a text content type: 415). The
 * service then closes the connection rather than read the rest (docs/http.md), so they go on
 * connections of their own: in the main mix, autocannon reconnected after each and started the
 * mix again, so the 415 was never sent, and the reconnections distorted the mix's latencies.
 */
function refusedBeforeBodyMix(): Request[] {
  return [
    {
      method: 'POST',
      path: '/Afloscapaciteit/Resultaat',
      headers: { 'content-type': 'application/json' },
      body: fixture('afloscapaciteit-gezin-koop'),
    },
    {
      method: 'POST',
      path: '/pensioenuitgaven/Resultaat',
      headers: { 'content-type': 'text/plain', 'ocp-apim-subscription-key': KEY },
      body: fixture('pensioenuitgaven-paar-huur'),
    },
  ];
}

/** The connections of the load that send the requests refused before their body; the rest send the main mix. */
const REFUSED_CONNECTIONS = 5;

/** What each mix must be answered with, every status at least once, and nothing else. */
const EXPECTED_STATUSES = { keptAlive: ['200', '400'], refused: ['401', '415'] } as const;

interface Load {
  readonly keptAlive: autocannon.Result;
  readonly refused: autocannon.Result;
}

/** Both mixes at once, for `seconds`, on CONNECTIONS connections in all. */
async function load(url: string, seconds: number): Promise<Load> {
  const run = (connections: number, requests: Request[]) =>
    autocannon({ url, connections, duration: seconds, timeout: 10, requests });
  const [keptAlive, refused] = await Promise.all([
    run(CONNECTIONS - REFUSED_CONNECTIONS, keptAliveMix()),
    run(REFUSED_CONNECTIONS, refusedBeforeBodyMix()),
  ]);
  return { keptAlive, refused };
}

/** Each mix's statuses against what it must be answered with: a line per status missing or unexpected. */
function statusFailures(result: Load): string[] {
  const failures: string[] = [];
  for (const mix of ['keptAlive', 'refused'] as const) {
    const seen = Object.keys(result[mix].statusCodeStats ?? {});
    const expected: readonly string[] = EXPECTED_STATUSES[mix];
    for (const status of expected)
      if (!seen.includes(status)) failures.push(`the ${mix} mix was never answered ${status}`);
    for (const status of seen) if (!expected.includes(status)) failures.push(`the ${mix} mix was answered ${status}`);
  }
  return failures;
}

interface BurstOutcome {
  readonly ok: number;
  readonly failed: string[];
  readonly latencies: number[];
}

/** Opens `count` new connections at once (no agent: one socket each), one calculation on each. */
async function burst(url: string, count: number): Promise<BurstOutcome> {
  const body = repaymentBodies[0] as string;
  const one = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(`${url}/Afloscapaciteit/Resultaat`, {
        agent: false,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
        timeout: BURST_TIMEOUT_MS,
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${BURST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`)),
        );
      });
      req.end(body);
    });
  const settled = await Promise.allSettled(Array.from({ length: count }, one));
  const latencies = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])).sort((a, b) => a - b);
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : []));
  return { ok: latencies.length, failed, latencies };
}

/** The kernel's count of connections dropped because a listen queue was full (system-wide), or undefined. */
function listenOverflows(): number | undefined {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const names = lines.find((l) => l.startsWith('TcpExt:'))?.split(/\s+/) ?? [];
    const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]?.split(/\s+/) ?? [];
    const at = names.indexOf('ListenOverflows');
    return at < 0 ? undefined : Number(values[at]);
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): string {
  if (sorted.length === 0) return 'n/a';
  return `${(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number).toFixed(0)} ms`;
}

async function runBurst(url: string, failures: string[]): Promise<void> {
  console.log(`soak: burst of ${BURST} simultaneous new connections`);
  const overflowsBefore = listenOverflows();
  const outcome = await burst(url, BURST);
  const overflowsAfter = listenOverflows();
  const overflows =
    overflowsBefore === undefined || overflowsAfter === undefined ? undefined : overflowsAfter - overflowsBefore;
  const l = outcome.latencies;
  console.log(
    `burst: ${outcome.ok}/${BURST} answered 200; latency p50 ${percentile(l, 0.5)}, p99 ${percentile(l, 0.99)}, p99.9 ${percentile(l, 0.999)}, max ${percentile(l, 1)}; listen-queue overflows (kernel, whole machine) ${overflows ?? 'n/a'}`,
  );
  if (overflows !== undefined && overflows > 0)
    failures.push(`burst: the kernel counted ${overflows} listen-queue overflows`);
  if (outcome.failed.length > 0) {
    const kinds = new Map<string, number>();
    for (const f of outcome.failed) kinds.set(f, (kinds.get(f) ?? 0) + 1);
    failures.push(`burst: ${outcome.failed.length} failed (${[...kinds].map(([k, n]) => `${k}: ${n}`).join(', ')})`);
  }
}

/** `--burst`: the burst was all there was to do. */
class StopAfterBurst extends Error {}

function statusLine(stats: Record<string, { count?: number }> | undefined): string {
  return Object.entries(stats ?? {})
    .sort()
    .map(([k, v]) => `${k}: ${v.count ?? 0}`)
    .join(', ');
}

if (ensureBuilt()) console.log('soak: built dist/');
// Pinned to nl-2026 so the soak runs the same on any day (and no start-up warning lands on stderr).
const backlog = process.env['SOAK_BACKLOG'];
const service = spawnService({
  NODE_ENV: 'production',
  BUDGETNORM_API_KEYS: KEY,
  BUDGETNORM_RULESET: 'nl-2026',
  ...(backlog !== undefined ? { BUDGETNORM_LISTEN_BACKLOG: backlog } : {}),
});
const failures: string[] = [];
try {
  const url = await service.url();
  const rssIdle = rssOf(service.pid);
  console.log(`soak: service pid ${service.pid} at ${url}; RSS idle ${mib(rssIdle)}`);
  await runBurst(url, failures);
  if (BURST_ONLY) throw new StopAfterBurst();

  console.log(`soak: warming up for ${WARMUP_SECONDS} s`);
  const warm = await load(url, WARMUP_SECONDS);
  const rssStart = await settledRss(service.pid);
  console.log(
    `soak: warm-up ${warm.keptAlive.requests.total + warm.refused.requests.total} requests; RSS at start ${mib(rssStart)}`,
  );

  console.log(
    `soak: ${SECONDS} s at ${CONNECTIONS} connections (${CONNECTIONS - REFUSED_CONNECTIONS} for the main mix, ${REFUSED_CONNECTIONS} for requests refused before their body)`,
  );
  let rssMax = rssStart ?? 0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssOf(service.pid) ?? 0)), 1_000);
  const before = new Map(service.statuses);
  const result = await load(url, SECONDS);
  clearInterval(sampler);
  const rssEnd = await settledRss(service.pid);

  const logged = [...service.statuses]
    .map(([s, n]) => [s, n - (before.get(s) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort();
  const growth = rssStart !== undefined && rssEnd !== undefined ? (rssEnd - rssStart) / rssStart : Number.NaN;
  const { keptAlive, refused } = result;
  const total = (f: (r: autocannon.Result) => number) => f(keptAlive) + f(refused);
  const serverErrors = total((r) => r['5xx']);
  console.log(
    `requests: ${total((r) => r.requests.total)} (${total((r) => r.requests.average).toFixed(0)}/s average): ${keptAlive.requests.total} in the main mix, ${refused.requests.total} refused before their body`,
  );
  console.log(
    `statuses (autocannon): main mix {${statusLine(keptAlive.statusCodeStats)}}, refused before the body {${statusLine(refused.statusCodeStats)}}; 5xx ${serverErrors}`,
  );
  console.log(`statuses (service log): {${logged.map(([s, n]) => `${s}: ${n}`).join(', ')}}`);
  const errors = total((r) => r.errors);
  const timeouts = total((r) => r.timeouts);
  console.log(
    `errors: ${errors} (timeouts ${timeouts}, resets ${total((r) => r.resets)}, mismatches ${total((r) => r.mismatches)})`,
  );
  // The refused requests' connections close after each answer; autocannon's latencies of
  // them measure its reconnections more than the service, so only the main mix's are shown.
  console.log(
    `latency of the main mix: p50 ${keptAlive.latency.p50} ms, p99 ${keptAlive.latency.p99} ms, max ${keptAlive.latency.max} ms`,
  );
  console.log(
    `RSS: idle ${mib(rssIdle)}, start ${mib(rssStart)}, end ${mib(rssEnd)}, max ${mib(rssMax)}; growth start→end ${(growth * 100).toFixed(1)}%`,
  );

  if (errors > 0 || timeouts > 0) failures.push(`${errors} non-HTTP errors (${timeouts} timeouts)`);
  if (serverErrors > 0) failures.push(`${serverErrors} 5xx answers`);
  if (logged.some(([s]) => s >= 500)) failures.push('the service logged a 5xx');
  failures.push(...statusFailures(result));
  if (!(growth < MAX_RSS_GROWTH))
    failures.push(`RSS grew ${(growth * 100).toFixed(1)}% (limit ${MAX_RSS_GROWTH * 100}%)`);

  service.child.kill('SIGTERM');
  const code = await service.exited;
  if (code !== 0) failures.push(`the service exited with ${code} after SIGTERM`);
  const stderr = service.stderr();
  if (stderr.trim() !== '') failures.push(`the service wrote to stderr:\n${stderr.slice(0, 2_000)}`);
} catch (error) {
  if (error instanceof StopAfterBurst) {
    service.child.kill('SIGTERM');
    if ((await service.exited) !== 0) failures.push('the service did not stop cleanly after SIGTERM');
  } else failures.push(error instanceof Error ? error.message : String(error));
} finally {
  service.kill();
}
console.log(failures.length === 0 ? 'soak: passed' : `soak: FAILED\n- ${failures.join('\n- ')}`);
process.exit(failures.length === 0 ? 0 : 1);
