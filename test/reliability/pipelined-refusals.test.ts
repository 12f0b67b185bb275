/**
 * Issue 42, defect 1: calculations with a wrong key, pipelined four deep on many connections,
 * against the built service as `npm start` runs it. A response node:http queued behind the 401
 * that closes the connection never gets the socket and never emits 'close'; the server must
 * still let go of it, or every such connection leaks its responses for ever.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { pipelinedWrongKey, spawnService } from '../../scripts/lib/reliability-service.js';
import { KEY, REPAYMENT } from '../http/support/helpers.js';

beforeAll(() => {
  ensureBuilt();
}, 120_000);

const CONNECTIONS = 320;

describe.each(['on', 'off'])('with the direct path %s', (directPath) => {
  it('holds no response once every connection has closed', { timeout: 120_000 }, async () => {
    const service = spawnService({
      NODE_ENV: 'production',
      BUDGETNORM_API_KEYS: KEY,
      BUDGETNORM_RULESET: 'nl-2026',
      BUDGETNORM_DIRECT_PATH: directPath,
    });
    try {
      const url = await service.url();
      let opened = 0;
      const load = await pipelinedWrongKey(url, {
        lanes: 16,
        depth: 4,
        body: REPAYMENT,
        more: () => opened++ < CONNECTIONS,
      });
      expect(load.connections).toBe(CONNECTIONS);
      // The server stops once every connection has closed on its side too; what it still
      // holds then is held for ever.
      service.child.kill('SIGTERM');
      const stopped = await service.waitFor(/"event":"stopped","outcome":"(\w+)","responsesHeld":(\d+)/);
      expect(await service.exited).toBe(0);
      expect(stopped[1]).toBe('drained');
      expect(service.statuses.get(401) ?? 0).toBeGreaterThanOrEqual(CONNECTIONS);
      expect([...service.statuses.keys()]).toEqual([401]);
      expect(Number(stopped[2])).toBe(0);
    } finally {
      service.kill();
    }
  });
});
