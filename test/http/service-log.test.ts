/**
 * The service's log (src/node/log.ts): request lines and events through pino on stdout, with
 * pino's asynchronous destination, in a process of its own (stdout a pipe, /dev/full, a socket
 * whose reader is gone); and the built service, whose log must hold every request's line after
 * SIGTERM and must not stop it when stdout is gone.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogLine } from '../../src/http/app.js';
import { serviceLog } from '../../src/node/log.js';
import { ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { spawnService } from '../../scripts/lib/reliability-service.js';
import { KEY, REPAYMENT } from './support/helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');

const LINES: readonly RequestLogLine[] = [
  {
    time: '2026-03-01T12:00:00.000Z',
    requestId: '74f225e8-c71e-48d1-aa45-cf0bea05c8fe',
    method: 'POST',
    path: '/Afloscapaciteit/Resultaat',
    status: 200,
    durationMs: 2.1,
    ruleSet: 'nl-2026',
  },
  {
    time: '2026-03-01T12:00:00.001Z',
    requestId: 'r-"\\\n😀',
    method: 'GET',
    path: '(unknown path)',
    status: 404,
    durationMs: 1e-7,
    ruleSet: null,
  },
];
/** A request line as the log must write it: the level, then the line's fields in their order. */
const expectedLine = (line: RequestLogLine) => JSON.stringify({ level: 'info', ...line });

/** test/http/support/log-to-stdout.ts: `lines` `times` times, then an event and close(). */
function spawnLogProcess(lines: readonly RequestLogLine[], times: number, stdout: 'pipe' | number) {
  return spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test/http/support/log-to-stdout.ts'), JSON.stringify(lines), String(times)],
    { cwd: ROOT, stdio: ['ignore', stdout, 'pipe'] },
  );
}

/** The child's stderr, and its exit code once its output has all arrived ('close', not 'exit'). */
async function finished(child: ReturnType<typeof spawnLogProcess>): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stderr };
}

describe('the service log (src/node/log.ts)', () => {
  it('a request line: level info, then the fields of the line in their order, one JSON line', () => {
    const written: string[] = [];
    const log = serviceLog((l) => written.push(l));
    for (const line of LINES) log.request(line);
    expect(written).toEqual(LINES.map(expectedLine));
  });

  it('on stdout (a pipe): every request line in order with the events, all written by close()', {
    timeout: 30_000,
  }, async () => {
    // Some 600 KB: more than the pipe holds, so close() must wait for its reader.
    const child = spawnLogProcess(LINES, 2000, 'pipe');
    let stdout = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => (stdout += d));
    const { code, stderr } = await finished(child);
    expect(stderr).toBe('closed\n');
    expect(code).toBe(0);
    const requests = LINES.map((l) => `${expectedLine(l)}\n`).join('');
    expect(stdout).toBe(
      `${requests.repeat(2000)}{"level":"info","time":"2026-03-01T12:00:00.000Z","event":"stopped","outcome":"drained"}\n`,
    );
  });

  it.each([
    ['a full disk (/dev/full)', 'ENOSPC'],
    ['a socket whose reader is gone', 'EPIPE'],
  ])(
    'stdout on %s: log_write_failed once on stderr with %s, the log still closes, exit 0',
    {
      timeout: 30_000,
    },
    async (_what, code) => {
      let child: ReturnType<typeof spawnLogProcess>;
      if (code === 'ENOSPC') {
        const full = openSync('/dev/full', 'w');
        child = spawnLogProcess(LINES, 100, full);
        closeSync(full);
      } else {
        child = spawnLogProcess(LINES, 100, 'pipe');
        child.stdout?.destroy();
      }
      const outcome = await finished(child);
      expect(outcome.code).toBe(0);
      const lines = outcome.stderr.trimEnd().split('\n');
      expect(lines.at(-1)).toBe('closed');
      expect(lines.slice(0, -1).map((l) => JSON.parse(l) as unknown)).toEqual([
        { level: 'error', time: expect.any(String), event: 'log_write_failed', error: code },
      ]);
    },
  );
});

/** Sends `count` calculations on `connections` keep-alive connections; resolves with their statuses. */
async function calculations(url: string, count: number, connections = 8): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${url}/Afloscapaciteit/Resultaat`, {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(REPAYMENT);
    });
  try {
    return await Promise.all(Array.from({ length: count }, one));
  } finally {
    agent.destroy();
  }
}

describe('the built service’s log', () => {
  beforeAll(() => {
    ensureBuilt(); // the spawned service is dist/, as `npm start` runs it
  }, 120_000);
  const SERVICE_ENV = { NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY, BUDGETNORM_RULESET: 'nl-2026' };

  it('SIGTERM after 500 requests: every request’s line is in the output, then stopped', {
    timeout: 60_000,
  }, async () => {
    const service = spawnService(SERVICE_ENV, { keepLog: true });
    try {
      const statuses = await calculations(await service.url(), 500);
      expect(statuses.filter((s) => s === 200)).toHaveLength(500);
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      await new Promise((resolve) =>
        service.child.stdout.readableEnded ? resolve(undefined) : service.child.stdout.once('end', resolve),
      );
      expect(service.statuses.get(200)).toBe(500);
      const lines = service.stdout().trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(
        /^\{"level":"info","time":"[^"]+","event":"stopped","outcome":"drained","responsesHeld":0\}$/,
      );
      expect(service.stdout()).not.toContain(KEY);
    } finally {
      service.kill();
    }
  });

  it('stdout gone: the service keeps answering, says so once on stderr, and stops cleanly', {
    timeout: 60_000,
  }, async () => {
    const service = spawnService(SERVICE_ENV);
    try {
      const url = await service.url();
      service.child.stdout.destroy();
      const told = new Promise<void>((resolve) => {
        const check = () => /"event":"log_write_failed","error":"EPIPE"/.test(service.stderr()) && resolve();
        service.child.stderr.on('data', check);
        check();
      });
      expect(await calculations(url, 200)).toEqual(Array(200).fill(200));
      await told;
      expect(await calculations(url, 50)).toEqual(Array(50).fill(200));
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      expect(service.stderr().match(/log_write_failed/g)).toHaveLength(1);
    } finally {
      service.kill();
    }
  });
});
