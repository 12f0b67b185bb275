/**
 * `npm run bench:http`: throughput and latency of the HTTP service beside a bare node:http
 * baseline, measured in the same run, on 127.0.0.1 only.
 *
 * Each server runs in its own process; autocannon (this process) loads it with 50
 * connections for BENCH_HTTP_SECONDS (default 10) after a short warm-up, sending the same
 * repayment-capacity body to each; BENCH_HTTP_ROUNDS (default 1) repeats the loads in turn and
 * reports the medians. Rows, each a layer (named in the last column) over the row it builds on:
 *   bare node:http          parses the body and answers a JSON object of similar size
 *   bare, same answer       the bare server answering exactly what the service answers (its result,
 *                           headers, a fresh request id) and writing its log line through the
 *                           service's log: the response's own cost, none of the service's work
 *   hono floor              Hono on @hono/node-server with one route and nothing else: the stack's own cost
 *   budgetnorm (stub calc)  the service with a canned result instead of the calculation: over
 *                           `bare, same answer`, the app's own work (key, checks, rule-set choice,
 *                           body reading) on the direct path from node:http's request
 *                           (src/node/direct-server.ts)
 *   budgetnorm              the service as `npm start` runs it (the built package, dist/): all of the
 *                           above and the calculation
 *   … via Hono              the same two with every request through @hono/node-server and the app's
 *                           fetch (BUDGETNORM_DIRECT_PATH=off): what the direct path saves
 * Two server times per request: 1/throughput (one process, saturated by 50 connections), and the
 * server process's own CPU time (user + system) per request, which other work on the machine
 * disturbs far less (the load generator shares the 2 cores). A layer's cost is the difference
 * between its row and the row it builds on, in CPU µs. Beside it, the time the server's main
 * thread stood paused in garbage collection per request (V8's gc entries, scripts/lib/server-usage.mjs):
 * how much of a row's CPU is collection, and how much of a layer's cost the collection of its
 * garbage is. Before the
 * loads, the per-request pieces of the app layer are timed alone in this process (SHA-256 of a
 * key, pure JS and node:crypto; a log line through pino).
 * Targets (issue 41): budgetnorm ≥ 0.7× the bare throughput, and its p99 ≤ 1.5× the bare p99.
 * Last, unless BENCH_HTTP_PROFILE=0, the service is loaded once more under V8's CPU profiler and
 * its self time is printed per part of the program and per function, in µs per request.
 * Figures are printed and judged, never asserted by the test suite (they depend on the machine
 * and its load).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { digestKey } from '../src/http/keys.js';
import { repaymentCapacity } from '../src/index.js';
import { nativeDigestKey } from '../src/node/digest.js';
import { byPart, readProfile, selfTimeLines, topFunctions } from './lib/cpu-profile.js';
import { ensureBuilt } from './cli-ensure-built.js';

const SECONDS = Number(process.env['BENCH_HTTP_SECONDS'] ?? '10');
const CONNECTIONS = 50;
const WARM_UP_SECONDS = Math.max(1, Math.min(3, Math.round(SECONDS / 4)));
const KEY = 'bench-http-key-0123456789abcdef';
const BODY = readFileSync(new URL('../test/http/fixtures/afloscapaciteit-gezin-koop.json', import.meta.url), 'utf8');
/** The service's result for BODY, for the row that answers it without computing it. */
const CANNED = JSON.stringify(repaymentCapacity(JSON.parse(BODY)));

interface Figures {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  /** Requests answered during the load. */
  readonly requests: number;
  /** The server process's CPU time (user + system) per request, µs. */
  readonly cpuMicroseconds: number;
  /** The server's main thread paused in garbage collection, per request, µs. */
  readonly gcMicroseconds: number;
}

/** Starts a server in a child process; resolves with it and its port once it listens. */
function startChild(
  script: string,
  args: string[],
  execArgv: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      execArgv,
      env: { ...process.env, NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY, BENCH_CANNED_RESULT: CANNED, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 20 s`)), 20_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({ child, port: (message as { port: number }).port });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The child's CPU time so far (user + system, µs) and its main thread's GC pauses so far (ms), as scripts/lib/server-usage.mjs reports them. */
function usageOf(child: ChildProcess): Promise<{ cpu: number; gcPauseMs: number }> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const { cpu, gcPauseMs } = message as { cpu?: NodeJS.CpuUsage; gcPauseMs?: number };
      if (cpu === undefined) return;
      child.off('message', onMessage);
      resolve({ cpu: cpu.user + cpu.system, gcPauseMs: gcPauseMs ?? Number.NaN });
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

async function load(name: string, child: ChildProcess, port: number, seconds: number): Promise<Figures> {
  const before = await usageOf(child);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/Afloscapaciteit/Resultaat`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
    body: BODY,
  });
  const after = await usageOf(child);
  return {
    name,
    cpuMicroseconds: (after.cpu - before.cpu) / Math.max(1, result.requests.total),
    gcMicroseconds: ((after.gcPauseMs - before.gcPauseMs) * 1000) / Math.max(1, result.requests.total),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

interface Server {
  readonly name: string;
  readonly script: string;
  readonly args: string[];
  readonly execArgv: string[];
  /** The row this one adds a layer to, and what that layer is. */
  readonly over?: { readonly row: string; readonly layer: string };
}

const tsx = ['--import', 'tsx'];
const lib = (file: string) => new URL(`./lib/${file}`, import.meta.url).pathname;
const BARE = 'bare node:http';
const BARE_AS_SERVICE = 'bare, same answer';
const STUB = 'budgetnorm (stub calc)';
const SERVICE = 'budgetnorm';
const SERVERS: Server[] = [
  { name: BARE, script: lib('bare-http-server.mjs'), args: [], execArgv: [] },
  {
    name: BARE_AS_SERVICE,
    script: lib('bare-as-service-server.ts'),
    args: [],
    execArgv: tsx,
    over: { row: BARE, layer: "the service's answer: its result, headers, request id and log line" },
  },
  {
    name: 'hono floor',
    script: lib('bare-hono-server.ts'),
    args: [],
    execArgv: tsx,
    over: { row: BARE, layer: 'Hono and its Node adapter' },
  },
  {
    name: STUB,
    script: lib('bench-service.mjs'),
    args: ['stub'],
    execArgv: [],
    over: { row: BARE_AS_SERVICE, layer: "the app's own work, direct path from node:http's request" },
  },
  {
    name: SERVICE,
    script: lib('bench-service.mjs'),
    args: [],
    execArgv: [],
    over: { row: STUB, layer: 'the calculation' },
  },
  {
    name: 'stub calc, via Hono',
    script: lib('bench-service.mjs'),
    args: ['stub', 'adapter'],
    execArgv: [],
    over: { row: 'hono floor', layer: "the app's layers through Hono (id, log, key, checks)" },
  },
  {
    name: 'budgetnorm, via Hono',
    script: lib('bench-service.mjs'),
    args: ['adapter'],
    execArgv: [],
    over: { row: 'stub calc, via Hono', layer: 'the calculation' },
  },
];
const ROUNDS = Math.max(1, Number(process.env['BENCH_HTTP_ROUNDS'] ?? '1'));

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Microseconds per call of `f`, the best of five runs of `n` calls. */
function microseconds(f: (i: number) => unknown, n = 20_000): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    for (let i = 0; i < n; i += 1) f(i);
    best = Math.min(best, ((performance.now() - started) * 1000) / n);
  }
  return best;
}

function piecesAlone(): void {
  const logged = pino({ base: null, timestamp: false }, { write: () => undefined });
  const line = {
    time: new Date().toISOString(),
    requestId: crypto.randomUUID(),
    method: 'POST',
    path: '/Afloscapaciteit/Resultaat',
    status: 200,
    durationMs: 1.23,
    ruleSet: 'nl-2026',
  };
  const pieces: [string, number][] = [
    ['SHA-256 of the key, pure JS (@noble/hashes)', microseconds((i) => digestKey(`${KEY}${i % 10}`))],
    [
      'SHA-256 of the key, node:crypto (used by the Node service)',
      microseconds((i) => nativeDigestKey(`${KEY}${i % 10}`)),
    ],
    ['a log line through pino (serialising; the write is asynchronous)', microseconds(() => logged.info(line))],
    ['crypto.randomUUID (the request id)', microseconds(() => crypto.randomUUID())],
    ['new Date().toISOString() (the log time)', microseconds(() => new Date().toISOString())],
  ];
  console.log('per-request pieces of the app layer, timed alone in this process:');
  for (const [what, us] of pieces) console.log(`  ${what.padEnd(66)} ${us.toFixed(2)} µs`);
  console.log();
}

const load1 = loadavg()[0] ?? 0;
console.log(
  `bench:http — ${CONNECTIONS} connections, ${SECONDS} s per server and round (after ${WARM_UP_SECONDS} s warm-up), ${ROUNDS} round(s), 127.0.0.1, ${cpus().length} cores, load average ${load1.toFixed(2)} at start`,
);

piecesAlone();
// The service runs from dist/, as `npm start` runs it: built now when src/ is newer.
if (ensureBuilt()) console.log('built dist/ (it was older than src/)');

// Every server runs for the whole bench (an idle one costs nothing); the loads take turns,
// round after round, so a change in the machine's load falls on all of them alike.
const started: { server: Server; child: ChildProcess; port: number }[] = [];
const perServer = new Map<string, Figures[]>();
try {
  for (const server of SERVERS)
    started.push({ server, ...(await startChild(server.script, server.args, server.execArgv)) });
  for (const { server, child, port } of started) await load(`${server.name} (warm-up)`, child, port, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { server, child, port } of started) {
      const figures = await load(server.name, child, port, SECONDS);
      perServer.set(server.name, [...(perServer.get(server.name) ?? []), figures]);
    }
  }
} finally {
  await Promise.all(started.map(({ child }) => stopChild(child)));
}

const rows: Figures[] = SERVERS.map(({ name }) => {
  const runs = perServer.get(name) ?? [];
  return {
    name,
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    cpuMicroseconds: median(runs.map((r) => r.cpuMicroseconds)),
    gcMicroseconds: median(runs.map((r) => r.gcMicroseconds)),
  };
});
const row = (name: string): Figures => rows.find((r) => r.name === name) as Figures;
const bare = row(BARE);
const pad = (s: string, n: number) => s.padEnd(n);
const usPerRequest = (r: Figures) => 1e6 / r.requestsPerSecond;
console.log();
console.log(
  `${pad('server', 24)}${pad('req/s', 8)}${pad('p50 ms', 7)}${pad('p99 ms', 7)}${pad('× bare', 7)}${pad('p99×bare', 9)}${pad('µs/req', 7)}${pad('cpu µs', 7)}${pad('cpu×bare', 9)}${pad('gc µs', 6)}${pad('non-2xx/err', 12)}layer: cpu µs over the row it builds on`,
);
SERVERS.forEach((server, i) => {
  const r = rows[i] as Figures;
  const layer =
    server.over === undefined
      ? ''
      : `+${(r.cpuMicroseconds - row(server.over.row).cpuMicroseconds).toFixed(0)} ${server.over.layer} (over ${server.over.row})`;
  console.log(
    `${pad(r.name, 24)}${pad(r.requestsPerSecond.toFixed(0), 8)}${pad(String(r.p50), 7)}${pad(String(r.p99), 7)}${pad((r.requestsPerSecond / bare.requestsPerSecond).toFixed(2), 7)}${pad((r.p99 / bare.p99).toFixed(2), 9)}${pad(usPerRequest(r).toFixed(0), 7)}${pad(r.cpuMicroseconds.toFixed(0), 7)}${pad((r.cpuMicroseconds / bare.cpuMicroseconds).toFixed(2), 9)}${pad(r.gcMicroseconds.toFixed(1), 6)}${pad(`${r.non2xx}/${r.errors}`, 12)}${layer}`,
  );
});
const service = row(SERVICE);
const ratio = service.requestsPerSecond / bare.requestsPerSecond;
const p99Ratio = service.p99 / bare.p99;
console.log();
console.log(`throughput: budgetnorm ${ratio.toFixed(2)}× bare (target ≥ 0.70): ${ratio >= 0.7 ? 'met' : 'NOT met'}`);
console.log(
  `latency:    budgetnorm p99 ${service.p99} ms = ${p99Ratio.toFixed(2)}× bare p99 ${bare.p99} ms (target ≤ 1.50): ${p99Ratio <= 1.5 ? 'met' : 'NOT met'}`,
);
console.log(
  `server CPU: budgetnorm ${service.cpuMicroseconds.toFixed(0)} µs per request = ${(bare.cpuMicroseconds / service.cpuMicroseconds).toFixed(2)}× bare's throughput per CPU second (bare ${bare.cpuMicroseconds.toFixed(0)} µs)`,
);
const load2 = loadavg()[0] ?? 0;
if (load1 > 0.5 || load2 > cpus().length) {
  console.log(
    `note: load average ${load1.toFixed(2)} at start, ${load2.toFixed(2)} at end: other work was running, figures may be noisy`,
  );
}
if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) {
  console.log('warning: some responses were not 2xx or failed; the figures above are not comparable');
  process.exitCode = 1;
}

/** Sends `message` to the child and resolves with its `profiling` answer. */
function profiling(child: ChildProcess, message: object): Promise<string> {
  return new Promise((resolve) => {
    const onMessage = (answer: unknown) => {
      const state = (answer as { profiling?: string }).profiling;
      if (state === undefined) return;
      child.off('message', onMessage);
      resolve(state);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/**
 * Where the service's time goes under the same load: one more load of the service with V8's
 * CPU profiler on for that load only (it slows the process a little; the figures above were
 * measured without it). Self time per part of the program and the top functions, in µs per
 * request (the main thread's time only: pino's writes on libuv's thread pool are not in it).
 */
async function profileService(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-http-profile-'));
  // From src/ under tsx, so that each function's folder is known (dist/'s bundles mix them).
  const { child, port } = await startChild(lib('bench-service.mjs'), [], tsx, { BENCH_SERVICE_SOURCE: 'src' });
  try {
    await load('profile (warm-up)', child, port, WARM_UP_SECONDS);
    await profiling(child, { profile: 'start' });
    const figures = await load('profile', child, port, SECONDS);
    const written = await profiling(child, { profile: 'stop', file: join(folder, 'service.cpuprofile') });
    if (written !== 'written') throw new Error(`the profile was not written: ${written}`);
    const profile = readProfile(folder);
    console.log();
    console.log(
      `profile of budgetnorm under the same load (${figures.requestsPerSecond.toFixed(0)} req/s with the profiler on), self time per request:`,
    );
    console.log(' by part of the program:');
    for (const line of selfTimeLines(byPart(profile, 14), figures.requests)) console.log(line);
    console.log(' top 15 functions:');
    for (const line of selfTimeLines(topFunctions(profile, 15), figures.requests)) console.log(line);
  } finally {
    await stopChild(child);
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.env['BENCH_HTTP_PROFILE'] !== '0') await profileService();
