/**
 * The outside probe's findings about the service (issue 17, items 2, 5, 6, 8, 10), each against
 * the built service as `npm start` runs it, spawned as a process: a mistyped digest line in the
 * keys file, SIGTERM to `npm start`, a key sent as request id or typed into the path, the listen
 * backlog, a number too big for a double, a mistyped NODE_ENV, and an unauthenticated body.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepaymentCapacityResult } from '../../src/index.js';
import { ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { spawnService, type SpawnedService } from '../../scripts/lib/reliability-service.js';
import { KEY, OTHER_KEY, pendingRequest, REPAYMENT } from '../http/support/helpers.js';

beforeAll(() => {
  ensureBuilt(); // the spawned service is dist/, as `npm start` runs it
});

// Pinned, so the service starts whatever the day.
const SERVICE_ENV = { NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY, BUDGETNORM_RULESET: 'nl-2026' };

const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-probe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopped(service: SpawnedService): Promise<void> {
  service.child.kill('SIGTERM');
  await service.exited;
}

describe('a mistyped digest line in the keys file (item 2; issue 42, defect 2)', () => {
  let fileCount = 0;
  it.each([
    ['63 hex digits', `sha256:${'a'.repeat(63)}`],
    ['65 hex digits', `sha256:${'b'.repeat(65)}`],
    ['not hex', 'sha256:zz'],
    ['a space after the prefix', `sha256: ${'d'.repeat(64)}`],
    // Issue 42, defect 2: another prefix made the line a key.
    ['a transposed algorithm', `sha265:${'e'.repeat(64)}`],
    ['a hyphen in the algorithm', `sha-256:${'f'.repeat(64)}`],
    ['a space before the colon', `SHA256 :${'1'.repeat(64)}`],
  ])('%s: refuses to start, naming the line and never its text', { timeout: 30_000 }, async (_what, line) => {
    fileCount += 1;
    const file = join(folder, `keys-${fileCount}`);
    writeFileSync(file, `# keys\nplain-key-1\n${line}\n`);
    const service = spawnService({ ...SERVICE_ENV, BUDGETNORM_API_KEYS: '', BUDGETNORM_API_KEYS_FILE: file });
    try {
      expect(await service.exited).toBe(1);
      expect(service.stderr()).toMatch(/cannot start: BUDGETNORM_API_KEYS_FILE .* line 3 /);
      expect(service.stderr()).not.toContain(line.slice('sha256:'.length).trim());
    } finally {
      service.kill();
    }
  });
});

describe('SIGTERM to every documented way of running the service (item 5)', () => {
  it.each([
    ['npm start', 'SIGTERM', 'npm'],
    ['npm start', 'SIGINT', 'npm'],
    ['node scripts/start.mjs', 'SIGTERM', 'node'],
  ] as const)(
    '%s, %s: the request in flight gets its 200, the server exits and nothing is left running',
    async (_how, signal, via) => {
      const service = spawnService(SERVICE_ENV, { via });
      let serverPid = -1;
      try {
        const url = await service.url();
        serverPid = await service.serverPid();
        // The server has taken the headers (its 100 Continue proves it); the body is still to come.
        const { req, reply, accepted } = pendingRequest(`${url}/Afloscapaciteit/Resultaat`, REPAYMENT);
        await accepted;

        service.child.kill(signal); // to npm itself under `npm start`
        await service.waitFor(new RegExp(`"event":"stopping","signal":"${signal}"`));
        req.end(REPAYMENT);
        const response = await reply;
        expect(response.status).toBe(200);
        RepaymentCapacityResult.parse(JSON.parse(response.body));
        await service.waitFor(/"event":"stopped","outcome":"drained"/);
        await service.exited;
        // No event tells of another process's grandchild ending: look until it has (the
        // test's ceiling fails a server that outlives its parent).
        while (isRunning(serverPid)) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        service.kill();
        if (serverPid > 0 && isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
      }
    },
  );
});

describe('a key as request id or in the path (item 6)', () => {
  let service: SpawnedService;
  let url: string;
  beforeAll(async () => {
    service = spawnService({ ...SERVICE_ENV, BUDGETNORM_API_KEYS: `${KEY},${OTHER_KEY}` }, { keepLog: true });
    url = await service.url();
  });
  afterAll(() => stopped(service));

  it('a configured key sent as X-Request-Id is neither echoed nor logged, whoever presents it', async () => {
    const withOtherKey = await fetch(`${url}/Afloscapaciteit/Resultaat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY, 'x-request-id': OTHER_KEY },
      body: REPAYMENT,
    });
    expect(withOtherKey.status).toBe(200);
    expect(withOtherKey.headers.get('x-request-id')).not.toBe(OTHER_KEY);
    const noKey = await fetch(`${url}/health`, { headers: { 'x-request-id': KEY } });
    expect(noKey.headers.get('x-request-id')).not.toBe(KEY);
    // An id that is no key is kept, as before.
    const plain = await fetch(`${url}/health`, { headers: { 'x-request-id': 'order-42' } });
    expect(plain.headers.get('x-request-id')).toBe('order-42');
    await service.waitFor(/"requestId":"order-42"/);
    expect(service.stdout()).not.toContain(OTHER_KEY);
    expect(service.stdout()).not.toContain(KEY);
  });

  it('a key typed into an unknown path is not logged: the 404 line has no path of the caller', async () => {
    const typo = await fetch(`${url}/Afloscapaciteit/Resultaat&key=${OTHER_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'typo-1' },
      body: REPAYMENT,
    });
    expect(typo.status).toBe(404);
    const line = (await service.waitFor(/^\{.*"requestId":"typo-1".*$/))[0];
    expect(JSON.parse(line)).toMatchObject({ status: 404, path: '(unknown path)' });
    expect(service.stdout()).not.toContain(OTHER_KEY);
  });
});

describe('the listen backlog (item 8)', () => {
  /** The backlog of the socket listening on `port`, as the kernel reports it (ss: Send-Q). */
  function backlogOf(port: number): number {
    const ss = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
    const fields = ss.stdout.trim().split(/\s+/);
    return Number(fields[2]);
  }

  it.each([
    ['the default', {}, 4096],
    ['BUDGETNORM_LISTEN_BACKLOG', { BUDGETNORM_LISTEN_BACKLOG: '1234' }, 1234],
  ] as const)('%s is what the listening socket gets', async (_what, env, expected) => {
    const service = spawnService({ ...SERVICE_ENV, ...env });
    try {
      const port = Number(new URL(await service.url()).port);
      // The kernel caps a backlog at net.core.somaxconn.
      const cap = Number(spawnSync('cat', ['/proc/sys/net/core/somaxconn'], { encoding: 'utf8' }).stdout);
      expect(backlogOf(port)).toBe(Math.min(expected, cap));
    } finally {
      await stopped(service);
    }
  });
});

describe('the keys-file example of docs/http.md, on the spawned server (item 9)', () => {
  it("starts with the page's file as written: its plain key and the key of its digest work, the comments are not keys", async () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'http.md'), 'utf8');
    const example = /```text file=budgetnorm-keys\n([\s\S]*?)```/.exec(page)?.[1];
    expect(example).toBeDefined();
    const file = join(folder, 'budgetnorm-keys');
    writeFileSync(file, example ?? '');
    const service = spawnService({ ...SERVICE_ENV, BUDGETNORM_API_KEYS: '', BUDGETNORM_API_KEYS_FILE: file });
    try {
      const url = await service.url();
      const status = async (key: string, contentType = 'application/json') =>
        (
          await fetch(`${url}/Afloscapaciteit/Resultaat`, {
            method: 'POST',
            headers: { 'content-type': contentType, 'ocp-apim-subscription-key': key },
            body: REPAYMENT,
          })
        ).status;
      expect(await status('k-7f3a9c1e5b2d4a6c8e0f1a3b')).toBe(200);
      expect(await status('test')).toBe(200); // by its sha256: line
      expect(await status('k-7f3a9c1e5b2d4a6c8e0f1a3b   # a key in plain text, with a comment after it')).toBe(401);
      // Item 10: charset=utf8 is accepted as the docs say, by the server as run.
      expect(await status('test', 'application/json; charset=utf8')).toBe(200);
      expect(await status('test', 'application/json; charset=latin1')).toBe(415);
    } finally {
      await stopped(service);
    }
  });
});

describe('smaller findings (item 10)', () => {
  it('1e309 (Infinity to JSON.parse) is too_big, in both operations', async () => {
    const service = spawnService(SERVICE_ENV);
    try {
      const url = await service.url();
      const repayment = await fetch(`${url}/Afloscapaciteit/Resultaat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
        body: REPAYMENT.replace(/"NettoBesteedbaarInkomenPerMaand":\s*\d+/, '"NettoBesteedbaarInkomenPerMaand": 1e309'),
      });
      expect(repayment.status).toBe(400);
      const problem = (await repayment.json()) as { errors: { path: string; code: string }[] };
      expect(problem.errors).toEqual([
        expect.objectContaining({ path: 'NettoBesteedbaarInkomenPerMaand', code: 'too_big' }),
      ]);
      const retirement = await fetch(`${url}/pensioenuitgaven/Resultaat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
        body: JSON.stringify({
          Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
          Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
          NettoBesteedbaarInkomenPerMaand: 0,
        }).replace('"NettoBesteedbaarInkomenPerMaand":0', '"NettoBesteedbaarInkomenPerMaand":-1e309'),
      });
      expect(retirement.status).toBe(400);
      const refused = (await retirement.json()) as { errors: { path: string; code: string }[] };
      expect(refused.errors).toEqual([
        expect.objectContaining({ path: 'NettoBesteedbaarInkomenPerMaand', code: 'too_small' }),
      ]);
    } finally {
      await stopped(service);
    }
  });

  it.each(['Production', 'prod', 'staging'])(
    'NODE_ENV=%s: a warning at start-up that it runs as development',
    async (value) => {
      const service = spawnService({ ...SERVICE_ENV, NODE_ENV: value });
      try {
        await service.url();
        expect(service.stderr()).toMatch(
          new RegExp(`budgetnorm: warning: NODE_ENV is "${value}", which is none of production, development, test`),
        );
      } finally {
        await stopped(service);
      }
    },
  );

  it('NODE_ENV=production, development or test: no warning', async () => {
    for (const value of ['production', 'development', 'test']) {
      const service = spawnService({ ...SERVICE_ENV, NODE_ENV: value });
      try {
        await service.url();
        expect(service.stderr()).not.toMatch(/NODE_ENV/);
      } finally {
        await stopped(service);
      }
    }
  });

  it('a 401 while the body is still coming closes the connection instead of reading the rest', async () => {
    const service = spawnService(SERVICE_ENV);
    try {
      const url = new URL(await service.url());
      const outcome = await new Promise<{ head: string; closedWhileSending: boolean; sent: number }>((resolve) => {
        const socket = connect(Number(url.port), '127.0.0.1');
        let head = '';
        let sent = 0;
        let closed = false;
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        socket.on('connect', () => {
          socket.write(
            [
              'POST /Afloscapaciteit/Resultaat HTTP/1.1',
              'Host: 127.0.0.1',
              'Content-Type: application/json',
              `Content-Length: ${64 * 1024 * 1024}`,
              '',
              '',
            ].join('\r\n'),
          );
          // Keeps sending (at most 16 MiB) until the server closes.
          const pump = (): void => {
            while (!closed && sent < 16 * 1024 * 1024) {
              sent += chunk.length;
              if (!socket.write(chunk)) {
                socket.once('drain', pump);
                return;
              }
            }
          };
          pump();
        });
        socket.on('data', (d: Buffer) => (head += d.toString('latin1')));
        const done = (): void => {
          if (closed) return;
          closed = true;
          resolve({ head, closedWhileSending: sent < 16 * 1024 * 1024, sent });
        };
        // Until the server closes: one that read the whole body closes only after the last byte.
        socket.on('close', done);
        socket.on('error', done);
      });
      if (outcome.head !== '') {
        expect(outcome.head).toMatch(/^HTTP\/1\.1 401 /);
        expect(outcome.head.toLowerCase()).toContain('connection: close');
      }
      expect(outcome.closedWhileSending, `the server read ${outcome.sent} bytes of an unauthenticated body`).toBe(true);
    } finally {
      await stopped(service);
    }
  });
});
