/**
 * The Node entry: the real server on a free port, called over HTTP; slow clients cut off;
 * and a spawned `npm start` process stopped with SIGTERM while a request is in flight.
 */
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepaymentCapacityResult } from '../../src/index.js';
import { digestKey } from '../../src/http/index.js';
import { nativeDigestKey } from '../../src/node/digest.js';
import { serviceLog } from '../../src/node/log.js';
import { readServiceConfig, startService, type RunningService } from '../../src/node/server.js';
import { collect, KEY, lineLog, pendingRequest, REPAYMENT, RETIREMENT, type Reply } from './support/helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A service on a free port, its log lines (and error lines) collected as they come. */
async function serviceOnFreePort(timeouts?: { headersMs: number; requestMs: number }) {
  const config = readServiceConfig({
    BUDGETNORM_API_KEYS: KEY,
    PORT: '0',
    BUDGETNORM_CORS_ORIGINS: 'https://app.example.nl',
  });
  const log = lineLog();
  const service = await startService(config, {
    writeLog: (line) => log.push(line),
    writeError: (line) => log.push(line),
    ...(timeouts === undefined ? {} : { timeouts }),
  });
  return { service, log };
}

describe('the Node server on a free port', () => {
  let service: RunningService;
  let logged: string[];

  // The default timeouts: a busy machine cannot make a request here too slow.
  beforeAll(async () => {
    ({
      service,
      log: { lines: logged },
    } = await serviceOnFreePort());
  });
  afterAll(async () => {
    await service.shutdown();
  });

  it('listens on 127.0.0.1 and answers both operations over HTTP', async () => {
    expect(service.host).toBe('127.0.0.1');
    expect(service.port).toBeGreaterThan(0);
    const repay = await fetch(`${service.url}/Afloscapaciteit/Resultaat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
      body: REPAYMENT,
    });
    expect(repay.status).toBe(200);
    expect(repay.headers.get('x-request-id')).toBeTruthy();
    RepaymentCapacityResult.parse(await repay.json());
    const retire = await fetch(`${service.url}/pensioenuitgaven/Resultaat?key=${KEY}&uitleg=true&entities=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', origin: 'https://app.example.nl' },
      body: RETIREMENT,
    });
    expect(retire.status).toBe(200);
    expect(retire.headers.get('access-control-allow-origin')).toBe('https://app.example.nl');
    expect((await retire.json()) as object).toHaveProperty('Uitleg');
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
    expect((await fetch(`${service.url}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${service.url}/afloscapaciteit/resultaat`, { method: 'POST' })).status).toBe(404);
  });

  it('logs one JSON line per request to its log, never the key', async () => {
    const before = logged.length;
    await fetch(`${service.url}/Afloscapaciteit/Resultaat?key=${KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: REPAYMENT,
    });
    const lines = logged.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'POST',
      path: '/Afloscapaciteit/Resultaat',
      status: 200,
      ruleSet: 'nl-2026',
    });
    expect(logged.join('\n')).not.toContain(KEY);
  });

  it('413 for a declared Content-Length over 64 KiB, before the body is sent', async () => {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = httpRequest(`${service.url}/Afloscapaciteit/Resultaat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'ocp-apim-subscription-key': KEY,
          'content-length': String(10 * 1024 * 1024),
        },
      });
      req.on('response', (res) => collect(res).then(resolve, reject));
      req.on('error', reject);
      req.flushHeaders(); // headers only: the 10 MiB never follow
    });
    expect(reply.status).toBe(413);
    expect(reply.headers['content-type']).toBe('application/problem+json');
    expect(reply.headers['connection']).toBe('close');
  });

  it('413 for a chunked body, once it passes 64 KiB', async () => {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = httpRequest(`${service.url}/pensioenuitgaven/Resultaat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'ocp-apim-subscription-key': KEY,
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (res) => collect(res).then(resolve, reject));
      req.on('error', () => undefined); // the server may close before the client stops writing
      let sent = 0;
      const chunk = Buffer.alloc(8 * 1024, 0x20);
      const pump = (): void => {
        while (sent < 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 413, type: 'urn:budgetnorm:problem:payload-too-large' });
  });
});

describe('slow clients, with the timeouts short', () => {
  let service: RunningService;
  let log: ReturnType<typeof lineLog>;

  beforeAll(async () => {
    ({ service, log } = await serviceOnFreePort({ headersMs: 300, requestMs: 600 }));
  });
  afterAll(async () => {
    await service.shutdown();
  });

  // The test's own ceiling is the limit: a server that never cuts it off times the test out.
  it('a client too slow to send its headers is cut off', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(service.port, '127.0.0.1', () =>
        socket.write('POST /Afloscapaciteit/Resultaat HTTP/1.1\r\nHost: x\r\n'),
      );
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a request cut off by the request timeout is logged with the 408 the client got', async () => {
    const before = log.lines.length;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(service.port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /Afloscapaciteit/Resultaat HTTP/1.1',
            'Host: x',
            'Content-Type: application/json',
            `Ocp-Apim-Subscription-Key: ${KEY}`,
            `Content-Length: ${Buffer.byteLength(REPAYMENT)}`,
            '',
            REPAYMENT.slice(0, 20),
          ].join('\r\n'),
        );
      });
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await log.next(before, /"status":/);
    const lines = log.lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ path: '/Afloscapaciteit/Resultaat', status: 408 })]);
  });
});

describe('the service log (pino)', () => {
  it('request lines and events as info on the log, errors as error on the error log, one JSON line each', () => {
    const out: string[] = [];
    const err: string[] = [];
    const log = serviceLog(
      (line) => out.push(line),
      (line) => err.push(line),
    );
    log.info({ time: '2026-03-01T12:00:00.000Z', requestId: 'r-1', method: 'POST', path: '/x', status: 200 });
    log.info({ time: '2026-03-01T12:00:01.000Z', event: 'stopping', signal: 'SIGTERM' });
    log.error({ time: '2026-03-01T12:00:02.000Z', errorId: 'e-1', error: { name: 'RangeError' } });
    expect(out).toEqual([
      '{"level":"info","time":"2026-03-01T12:00:00.000Z","requestId":"r-1","method":"POST","path":"/x","status":200}',
      '{"level":"info","time":"2026-03-01T12:00:01.000Z","event":"stopping","signal":"SIGTERM"}',
    ]);
    expect(err.map((l) => JSON.parse(l) as unknown)).toEqual([
      { level: 'error', time: '2026-03-01T12:00:02.000Z', errorId: 'e-1', error: { name: 'RangeError' } },
    ]);
  });

  it('node:crypto digests keys as the web-standard default does', () => {
    for (const key of ['k', 'test-key-4f1c2b9e7d', 'sleutel-é', 'x'.repeat(1000)])
      expect(nativeDigestKey(key)).toEqual(digestKey(key));
  });
});

// No clock: an idle connection would be kept for longer than the test may take (keepAliveMs), so
// a shutdown it held up would time the test out.
const NEVER = 3_600_000;

describe('shutdown of the Node server', () => {
  it('an idle keep-alive connection does not hold it up; a request that never completes is cut off after the grace period', async () => {
    const config = readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' });
    const service = await startService(config, {
      writeLog: () => undefined,
      timeouts: { shutdownGraceMs: 300, keepAliveMs: NEVER },
    });
    const agentReply = await fetch(`${service.url}/health`); // leaves an idle keep-alive connection behind
    expect(agentReply.status).toBe(200);
    const req = httpRequest(`${service.url}/Afloscapaciteit/Resultaat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'ocp-apim-subscription-key': KEY,
        expect: '100-continue',
        'content-length': '1000',
      },
    });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.once('continue', resolve));
    const started = Date.now();
    expect(await service.shutdown()).toBe('forced');
    // Not before the grace period (a timer never fires early; a millisecond of clock rounding).
    expect(Date.now() - started).toBeGreaterThanOrEqual(299);
  });

  it('with nothing in flight it stops at once', async () => {
    const config = readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' });
    const service = await startService(config, {
      writeLog: () => undefined,
      timeouts: { shutdownGraceMs: NEVER, keepAliveMs: NEVER },
    });
    expect((await fetch(`${service.url}/health`)).status).toBe(200); // leaves an idle keep-alive connection behind
    expect(await service.shutdown()).toBe('drained');
  });
});

describe('per request, the Node server adds nothing of its own', () => {
  it('one request listener, and a response with no listener a bare node:http response lacks', async () => {
    const bare = createServer((_req, res) => res.end());
    const bareCloseListeners = await new Promise<number>((resolve) => {
      bare.once('request', (_req, res: ServerResponse) => resolve(res.listenerCount('close')));
      bare.listen(0, '127.0.0.1', () => {
        const { port } = bare.address() as AddressInfo;
        void fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
      });
    });
    bare.close();
    const config = readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' });
    const service = await startService(config, { writeLog: () => undefined });
    try {
      const counts: number[] = [];
      service.server.on('request', (_req, res: ServerResponse) => counts.push(res.listenerCount('close')));
      for (let i = 0; i < 3; i += 1) {
        const reply = await fetch(`${service.url}/Afloscapaciteit/Resultaat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
          body: REPAYMENT,
        });
        expect(reply.status).toBe(200);
        await reply.text();
      }
      // The service's front door and the one this test added.
      expect(service.server.listenerCount('request')).toBe(2);
      expect(counts).toEqual([bareCloseListeners, bareCloseListeners, bareCloseListeners]);
    } finally {
      await service.shutdown();
    }
  });
});

describe('npm start as a process', () => {
  it('on SIGTERM, finishes the request in flight, then exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/http/support/serve.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close', not 'exit': the output read below may still be on its way when the process has exited.
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    let stdout = '';
    let stderr = '';
    const waiting = new Set<() => void>();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      stdout += d;
      for (const check of waiting) check();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout);
          if (match !== null) {
            waiting.delete(check);
            resolve(match);
          }
        };
        waiting.add(check);
        void exited.then(() => reject(new Error(`server exited; stderr: ${stderr}`)));
        check();
      });

    try {
      const url = (await waitFor(/"event":"listening","url":"(http:\/\/[^"]+)"/))[1] as string;
      // A request whose headers the server has taken (100-continue proves it) but whose body is still to come.
      const { req, reply, accepted } = pendingRequest(`${url}/Afloscapaciteit/Resultaat`, REPAYMENT);
      await accepted;

      child.kill('SIGTERM');
      await waitFor(/"event":"stopping","signal":"SIGTERM"/);
      // Stopped accepting: a new connection is refused.
      await expect(fetch(`${url}/health`)).rejects.toThrow();
      req.end(REPAYMENT);

      const response = await reply;
      expect(response.status).toBe(200);
      expect(response.headers['connection']).toBe('close');
      RepaymentCapacityResult.parse(JSON.parse(response.body));
      expect(await exited).toBe(0);
      expect(stdout).toMatch(/"event":"stopped","outcome":"drained"/);
      expect(stdout).toMatch(/"path":"\/Afloscapaciteit\/Resultaat","status":200/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('in production without a key, refuses to start and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/http/support/serve.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', BUDGETNORM_API_KEYS: '', BUDGETNORM_API_KEYS_FILE: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/budgetnorm: cannot start: NODE_ENV=production and no subscription key is configured/);
  });

  it('without a key outside production, prints a development key once, and it works', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    delete env['NODE_ENV'];
    delete env['BUDGETNORM_API_KEYS'];
    delete env['BUDGETNORM_API_KEYS_FILE'];
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/http/support/serve.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => (stderr += d));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (d: string) => {
          stdout += d;
          const m = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
          if (m !== null) resolve(m[1] as string);
        });
        child.once('close', () => reject(new Error(stderr)));
      });
      expect(stderr).toMatch(/DEVELOPMENT KEY/);
      const keys = stderr.match(/budgetnorm-dev-[A-Za-z0-9_-]+/g) ?? [];
      expect(keys).toHaveLength(1);
      const response = await fetch(`${url}/Afloscapaciteit/Resultaat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': keys[0] as string },
        body: REPAYMENT,
      });
      expect(response.status).toBe(200);
      expect(stdout).not.toContain(keys[0]);
      child.kill('SIGINT');
      expect(await new Promise((resolve) => child.once('close', resolve))).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
