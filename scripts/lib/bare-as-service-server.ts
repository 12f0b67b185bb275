// A row of `npm run bench:http`: the bare node:http server (bare-http-server.mjs) answering
// what the service answers, with none of the service's work: the service's own result for
// the bench's body (BENCH_CANNED_RESULT, stringified per request as the service does), its
// headers (a fresh request id among them), and its request log line through the service's own
// log (src/node/log.ts: pino with its own asynchronous destination, to stdout). No key, no
// checks, no calculation.
// What is left between this row and the service is the service's own work.
import { createServer } from 'node:http';
import { processLog } from '../../src/node/log.js';
import { reportUsageToBench } from './server-usage.mjs';

const canned: unknown = JSON.parse(process.env['BENCH_CANNED_RESULT'] ?? 'null');
if (canned === null) throw new Error('BENCH_CANNED_RESULT is not set');
const log = processLog();

const server = createServer((req, res) => {
  const started = performance.now();
  const requestId = crypto.randomUUID();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const text = JSON.stringify(canned);
    res
      .writeHead(200, {
        'Content-Type': 'application/json',
        'X-Rekenregels': 'nl-2026',
        'X-Rekenregels-Status': 'draft',
        'X-Request-Id': requestId,
        'Content-Length': Buffer.byteLength(text),
      })
      .end(text);
    log.request({
      time: new Date().toISOString(),
      requestId,
      method: req.method ?? 'POST',
      path: req.url ?? '/',
      status: 200,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ruleSet: 'nl-2026',
    });
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// The bench asks for this process's CPU time and GC pauses before and after each load.
reportUsageToBench();
