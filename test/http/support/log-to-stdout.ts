// A process whose service log goes where the service's goes by default (src/node/log.ts:
// stdout through pino's asynchronous destination; errors on stderr), for tests that point its
// stdout at a pipe, at /dev/full or at a closed socket. It writes the request lines of argv[2]
// (JSON) argv[3] times, then an event; closes the log, says `closed` on stderr and exits at
// once, as `npm start` does (so close() must have written everything).
import type { RequestLogLine } from '../../../src/http/app.js';
import { processLog } from '../../../src/node/log.js';

const lines = JSON.parse(process.argv[2] ?? '[]') as RequestLogLine[];
const times = Number(process.argv[3] ?? '1');
const log = processLog();
for (let i = 0; i < times; i++) for (const line of lines) log.request(line);
log.info({ time: '2026-03-01T12:00:00.000Z', event: 'stopped', outcome: 'drained' });
await log.close();
process.stderr.write('closed\n');
process.exit(0);
