/**
 * `npm run bench:http`: throughput and latency of the HTTP service beside a bare node:http
 * baseline, measured in the same run, on 127.0.0.1 only.
 *
 * Each server runs in its own process; autocannon (this process) loads it with 50
 * connections for BENCH_HTTP_SECONDS (default 10) after a short warm-up, sending the same
 * repayment-capacity body to each; BENCH_HTTP_ROUNDS (default 1) repeats the loads in turn and
 * reports the medians. Rows:
 *   bare                    node:http that parses the body and answers a JSON object of similar size
 *   budgetnorm              the service as `npm start` runs it: key, checks, calculation, log line
 *   budgetnorm (stub calc)  the same with a canned result instead of the calculation: the HTTP layer alone
 *   hono floor              Hono on @hono/node-server with one route and nothing else: the stack's own cost
 * Targets: budgetnorm ≥ 0.8× the bare throughput, and p99 ≤ 10 ms. Figures are printed and
 * judged, never asserted by the test suite (they depend on the machine and its load).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';

const SECONDS = Number(process.env['BENCH_HTTP_SECONDS'] ?? '10');
const CONNECTIONS = 50;
const WARM_UP_SECONDS = Math.max(1, Math.min(3, Math.round(SECONDS / 4)));
const KEY = 'bench-http-key-0123456789abcdef';
const BODY = readFileSync(new URL('../test/http/fixtures/afloscapaciteit-gezin-koop.json', import.meta.url), 'utf8');

interface Figures {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** Starts a server in a child process; resolves with it and its port once it listens. */
function startChild(
  script: string,
  args: string[],
  execArgv: string[],
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      execArgv,
      env: { ...process.env, NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY },
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

async function load(name: string, port: number, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/Afloscapaciteit/Resultaat`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
    body: BODY,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

interface Server {
  readonly name: string;
  readonly script: string;
  readonly args: string[];
  readonly execArgv: string[];
}

const tsx = ['--import', 'tsx'];
const lib = (file: string) => new URL(`./lib/${file}`, import.meta.url).pathname;
const SERVERS: Server[] = [
  { name: 'bare node:http', script: lib('bare-http-server.mjs'), args: [], execArgv: [] },
  { name: 'budgetnorm', script: lib('bench-service.ts'), args: [], execArgv: tsx },
  { name: 'budgetnorm (stub calc)', script: lib('bench-service.ts'), args: ['stub'], execArgv: tsx },
  { name: 'hono floor', script: lib('bare-hono-server.ts'), args: [], execArgv: tsx },
];
const ROUNDS = Math.max(1, Number(process.env['BENCH_HTTP_ROUNDS'] ?? '1'));

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const load1 = loadavg()[0] ?? 0;
console.log(
  `bench:http — ${CONNECTIONS} connections, ${SECONDS} s per server and round (after ${WARM_UP_SECONDS} s warm-up), ${ROUNDS} round(s), 127.0.0.1, ${cpus().length} cores, load average ${load1.toFixed(2)} at start`,
);

// Every server runs for the whole bench (an idle one costs nothing); the loads take turns,
// round after round, so a change in the machine's load falls on all of them alike.
const started: { server: Server; child: ChildProcess; port: number }[] = [];
const perServer = new Map<string, Figures[]>();
try {
  for (const server of SERVERS)
    started.push({ server, ...(await startChild(server.script, server.args, server.execArgv)) });
  for (const { server, port } of started) await load(`${server.name} (warm-up)`, port, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { server, port } of started) {
      const figures = await load(server.name, port, SECONDS);
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
  };
});
const bare = rows[0] as Figures;
const pad = (s: string, n: number) => s.padEnd(n);
console.log();
console.log(
  `${pad('server', 26)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('× bare', 8)}non-2xx/errors`,
);
for (const r of rows) {
  console.log(
    `${pad(r.name, 26)}${pad(r.requestsPerSecond.toFixed(0), 10)}${pad(String(r.p50), 8)}${pad(String(r.p99), 8)}${pad((r.requestsPerSecond / bare.requestsPerSecond).toFixed(2), 8)}${r.non2xx}/${r.errors}`,
  );
}
const service = rows[1] as Figures;
const ratio = service.requestsPerSecond / bare.requestsPerSecond;
console.log();
console.log(`throughput: budgetnorm ${ratio.toFixed(2)}× bare (target ≥ 0.80): ${ratio >= 0.8 ? 'met' : 'NOT met'}`);
console.log(`latency:    budgetnorm p99 ${service.p99} ms (target ≤ 10 ms): ${service.p99 <= 10 ? 'met' : 'NOT met'}`);
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
