// The service under `npm run bench:http`, started as `npm start` starts it (configuration
// from the environment, the same Node entry), on 127.0.0.1 and a free port, its request log
// going to stdout as in production. Argument `stub`: the calculation is replaced by a canned
// result, to show what the HTTP layer costs on its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
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

// The bench asks for this process's CPU time before and after each load (server µs per request),
// and may profile one load: `{ profile: 'start' }`, then `{ profile: 'stop', file }` writes the
// V8 CPU profile of what ran in between to `file`.
const inspector = new Session();
process.on('message', (message: unknown) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  const profile = (message as { profile?: string; file?: string } | null)?.profile;
  if (profile === 'start') {
    inspector.connect();
    inspector.post('Profiler.enable', () =>
      inspector.post('Profiler.start', () => process.send?.({ profiling: 'started' })),
    );
  } else if (profile === 'stop') {
    inspector.post('Profiler.stop', (error, result) => {
      if (error === null) writeFileSync((message as { file: string }).file, JSON.stringify(result.profile));
      inspector.disconnect();
      process.send?.({ profiling: error === null ? 'written' : String(error) });
    });
  }
});
