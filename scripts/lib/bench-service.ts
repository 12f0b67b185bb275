// The service under `npm run bench:http`, started as `npm start` starts it (configuration
// from the environment, the same Node entry), on 127.0.0.1 and a free port, its request log
// going to stdout as in production. Argument `stub`: the calculation is replaced by a canned
// result, to show what the HTTP layer costs on its own.
import { readFileSync } from 'node:fs';
import { repaymentCapacity } from '../../src/index.js';
import { readServiceConfig, startService } from '../../src/node/server.js';

const stub = process.argv.includes('stub');
const config = { ...readServiceConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' }) };
const body: unknown = JSON.parse(
  readFileSync(new URL('../../test/http/fixtures/afloscapaciteit-gezin-koop.json', import.meta.url), 'utf8'),
);
const canned = repaymentCapacity(body);
// Argument `adapter`: every request through @hono/node-server, without the Node direct path.
const directPath = !process.argv.includes('adapter');
const service = await startService(
  config,
  stub ? { app: { calculations: { repaymentCapacity: () => canned } }, directPath } : { directPath },
);
process.send?.({ port: service.port });
process.on('SIGTERM', () => void service.shutdown().then(() => process.exit(0)));

// The bench asks for this process's CPU time before and after each load (server µs per request).
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
