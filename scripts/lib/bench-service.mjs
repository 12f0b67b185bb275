// The service under `npm run bench:http`, as `npm start` runs it: the built package (dist/, which
// bench:http builds first when it is stale), configuration from the environment, the same Node
// entry, on 127.0.0.1 and a free port, its request log going to stdout as in production.
// Arguments: `stub`, the calculation replaced by a canned result (what the HTTP layer costs on its
// own); `adapter`, every request through @hono/node-server (the direct path off).
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { reportUsageToBench } from './server-usage.mjs';

// BENCH_SERVICE_SOURCE=src (run with tsx): the service from src/, so that a CPU profile names
// the folder of every function (the bundles of dist/ mix them); the figures are dist/'s.
const root = process.env['BENCH_SERVICE_SOURCE'] === 'src' ? '../../src' : '../../dist';
const { repaymentCapacity } = await import(`${root}/index.js`);
const { readServiceConfig, startService } = await import(`${root}/node/server.js`);

const stub = process.argv.includes('stub');
const config = { ...readServiceConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' }) };
const body = JSON.parse(
  readFileSync(new URL('../../test/http/fixtures/afloscapaciteit-gezin-koop.json', import.meta.url), 'utf8'),
);
const canned = repaymentCapacity(body);
const options = {
  directPath: !process.argv.includes('adapter'),
  ...(stub ? { app: { calculations: { repaymentCapacity: () => canned } } } : {}),
};
const service = await startService(config, options);
process.send?.({ port: service.port });
process.on('SIGTERM', () => void service.shutdown().then(() => process.exit(0)));

// The bench asks for this process's CPU time and GC pauses before and after each load (server µs per request),
// and may profile one load: `{ profile: 'start' }`, then `{ profile: 'stop', file }` writes the
// V8 CPU profile of what ran in between to `file`.
const inspector = new Session();
reportUsageToBench();
process.on('message', (message) => {
  const profile = message?.profile;
  if (profile === 'start') {
    inspector.connect();
    inspector.post('Profiler.enable', () =>
      inspector.post('Profiler.start', () => process.send?.({ profiling: 'started' })),
    );
  } else if (profile === 'stop') {
    inspector.post('Profiler.stop', (error, result) => {
      if (error === null) writeFileSync(message.file, JSON.stringify(result.profile));
      inspector.disconnect();
      process.send?.({ profiling: error === null ? 'written' : String(error) });
    });
  }
});
