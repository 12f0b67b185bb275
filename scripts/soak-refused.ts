/**
 * `npm run soak:refused`: issue 42's leak traffic against the built service, watching its
 * memory. Starts dist/ (building first when stale) on 127.0.0.1; then, for SOAK_SECONDS
 * (default 15), sends calculations with a wrong key pipelined four deep on 16 connections at a
 * time (each closed by its 401, then opened again); prints the service's RSS idle, every second
 * during the load, and settled after it (the lowest of 3 s of samples), then stops it with
 * SIGTERM and prints how many responses it still held (its `stopped` line).
 *
 * SOAK_DIRECT_PATH=off runs the service with BUDGETNORM_DIRECT_PATH=off. Exits 1 when the RSS
 * grew by more than 20% over the second half of the load (the heap settles in the first), the
 * settled RSS is above the highest seen during the load, a response was still held, or the
 * service did not stop cleanly.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt } from './cli-ensure-built.js';
import { pipelinedWrongKey, REPO, rssOf, settledRss, spawnService } from './lib/reliability-service.js';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 15);
const DIRECT_PATH = process.env['SOAK_DIRECT_PATH'] ?? 'on';
const MAX_SECOND_HALF_GROWTH = 0.2;
const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)}`);

if (ensureBuilt()) console.log('soak:refused: built dist/');
const service = spawnService({
  NODE_ENV: 'production',
  BUDGETNORM_API_KEYS: `soak-${randomBytes(16).toString('hex')}`,
  BUDGETNORM_RULESET: 'nl-2026',
  BUDGETNORM_DIRECT_PATH: DIRECT_PATH,
});
const failures: string[] = [];
try {
  const url = await service.url();
  const idle = await settledRss(service.pid);
  console.log(`soak:refused: direct path ${DIRECT_PATH}; RSS idle ${mib(idle)} MiB`);
  const body = readFileSync(join(REPO, 'test', 'http', 'fixtures', 'afloscapaciteit-gezin-koop.json'), 'utf8');
  const started = Date.now();
  const during: number[] = [];
  const sampler = setInterval(() => during.push(rssOf(service.pid) ?? 0), 1_000);
  const load = await pipelinedWrongKey(url, {
    lanes: 16,
    depth: 4,
    body,
    more: () => Date.now() - started < SECONDS * 1000,
  });
  clearInterval(sampler);
  console.log(`soak:refused: ${load.connections} connections (${load.errors} errors) in ${SECONDS} s`);
  console.log(`soak:refused: RSS during, each second (MiB): ${during.map(mib).join(' ')}`);
  const after = (await settledRss(service.pid)) ?? 0;
  console.log(`soak:refused: RSS after, settled ${mib(after)} MiB`);
  const middle = during[Math.floor(during.length / 2)] ?? 0;
  const end = during[during.length - 1] ?? 0;
  if (end > middle * (1 + MAX_SECOND_HALF_GROWTH))
    failures.push(`RSS grew from ${mib(middle)} to ${mib(end)} MiB over the second half of the load`);
  if (after > Math.max(...during)) failures.push(`RSS kept growing after the load, to ${mib(after)} MiB`);
  service.child.kill('SIGTERM');
  const stopped = await service.waitFor(/"event":"stopped","outcome":"(\w+)","responsesHeld":(\d+)/);
  console.log(`soak:refused: stopped ${stopped[1]}, responses still held ${stopped[2]}`);
  if (stopped[2] !== '0') failures.push(`${stopped[2]} responses still held after every connection closed`);
  if ((await service.exited) !== 0) failures.push('the service did not stop cleanly after SIGTERM');
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  service.kill();
}
console.log(failures.length === 0 ? 'soak:refused: passed' : `soak:refused: FAILED\n- ${failures.join('\n- ')}`);
process.exit(failures.length === 0 ? 0 : 1);
