/**
 * budgetnorm/worker in Node: the Workers module (src/worker/) configured from `env`, answering
 * as the app of src/http does. The same module under workerd, over real HTTP, is
 * test/runtimes/ (`npm run test:runtimes`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createApp, KEY_HEADER, PATHS, PROBLEM_CONTENT_TYPE } from '../../src/http/index.js';
import worker, { createWorker, type WorkerEnv } from '../../src/worker/index.js';
import { PACKAGE_VERSION } from '../../src/http/package-version.js';
import { workerAppOptions } from '../../src/worker/env.js';
import { workerErrorLine, workerRequestLine } from '../../src/worker/log.js';
import { serviceLog } from '../../src/node/log.js';
import { SINGLE_TENANT_REPAYMENT } from '../support/request-bodies.js';

const body = JSON.stringify(SINGLE_TENANT_REPAYMENT);
const calculation = (key?: string, origin?: string) =>
  new Request(`http://localhost${PATHS.repayment}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(key === undefined ? {} : { [KEY_HEADER]: key }),
      ...(origin === undefined ? {} : { Origin: origin }),
    },
    body,
  });
const quiet = () => {
  const errors: Record<string, unknown>[] = [];
  return { errors, worker: createWorker({ log: () => {}, logError: (e) => errors.push(e as never) }) };
};

describe('budgetnorm/worker', () => {
  it('states the version of package.json in its OpenAPI document', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(PACKAGE_VERSION).toBe(pkg.version);
    const response = await quiet().worker.fetch(new Request(`http://localhost${PATHS.openapi}`), {
      BUDGETNORM_API_KEYS: 'k',
    });
    expect(((await response.json()) as { info: { version: string } }).info.version).toBe(pkg.version);
  });

  it('answers as createApp does with the same configuration', async () => {
    const env: WorkerEnv = { BUDGETNORM_API_KEYS: ' key-one , key-two ', BUDGETNORM_RULESET: 'nl-2025' };
    const app = createApp({ keys: ['key-two'], ruleSet: 'nl-2025', log: () => {} });
    const { worker: w } = quiet();
    const fromWorker = await w.fetch(calculation('key-two'), env);
    const fromApp = await app.fetch(calculation('key-two'));
    expect(fromWorker.status).toBe(200);
    expect(fromWorker.headers.get('X-Rekenregels')).toBe('nl-2025');
    expect(await fromWorker.text()).toBe(await fromApp.text());
    expect((await w.fetch(calculation('key-one'), env)).status).toBe(200);
    expect((await w.fetch(calculation('key-three'), env)).status).toBe(401);
    const unkeyed = await w.fetch(calculation(), env);
    expect(unkeyed.status).toBe(401);
    expect(unkeyed.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);
  });

  it('takes keys as SHA-256 digests and CORS origins from env', async () => {
    const digest = createHash('sha256').update('secret-key').digest('hex');
    const env = { BUDGETNORM_API_KEY_DIGESTS: digest, BUDGETNORM_CORS_ORIGINS: 'https://app.example.nl' };
    const { worker: w } = quiet();
    const response = await w.fetch(calculation('secret-key', 'https://app.example.nl'), env);
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example.nl');
    expect((await w.fetch(calculation(digest), env)).status).toBe(401);
  });

  it('follows a changed env, and builds the app once while env stays the same', async () => {
    let built = 0;
    const w = createWorker({
      log: () => {},
      calculations: {
        repaymentCapacity: () => {
          built += 1;
          return {};
        },
      },
    });
    expect((await w.fetch(calculation('a'), { BUDGETNORM_API_KEYS: 'a' })).status).toBe(200);
    expect((await w.fetch(calculation('a'), { BUDGETNORM_API_KEYS: 'a' })).status).toBe(200);
    expect(built).toBe(2);
    expect((await w.fetch(calculation('a'), { BUDGETNORM_API_KEYS: 'b' })).status).toBe(401);
    expect((await w.fetch(calculation('b'), { BUDGETNORM_API_KEYS: 'b' })).status).toBe(200);
  });

  it.each([
    [{}, /no subscription key is configured: set the secret BUDGETNORM_API_KEYS/],
    [{ BUDGETNORM_API_KEYS: ' , ' }, /no subscription key is configured/],
    [{ BUDGETNORM_API_KEYS: 'ok,bad key' }, /BUDGETNORM_API_KEYS \(key 2\) has a space/],
    [{ BUDGETNORM_API_KEY_DIGESTS: 'abc' }, /BUDGETNORM_API_KEY_DIGESTS \(digest 1\) is not a SHA-256 digest/],
    [{ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_CORS_ORIGINS: 'app.example.nl' }, /"app.example.nl" is not an origin/],
    [{ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET: 'nl-1999' }, /nl-1999/],
    [{ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_FAMILY: 'nibud' }, /no rule set of family "nibud"; families: nl, vfn/],
  ] as [Record<string, string>, RegExp][])(
    'a misconfigured env %j: 500 to the caller, the cause in the log',
    async (env, cause) => {
      const { worker: w, errors } = quiet();
      const response = await w.fetch(new Request(`http://localhost${PATHS.health}`), env);
      expect(response.status).toBe(500);
      expect(response.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);
      const problem = (await response.json()) as { errorId: string; detail: string };
      expect(errors).toHaveLength(1);
      expect(errors[0]?.['errorId']).toBe(problem.errorId);
      expect(String(errors[0]?.['error'])).toMatch(cause);
      expect(problem.detail).not.toMatch(cause);
      expect(JSON.stringify(errors)).not.toContain('bad key');
    },
  );

  it('BUDGETNORM_FAMILY chooses the family of the set a request that names none gets (issue 40)', async () => {
    const { worker: w } = quiet();
    const response = await w.fetch(calculation('k'), { BUDGETNORM_API_KEYS: 'k', BUDGETNORM_FAMILY: ' vfn ' });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Rekenregels')).toMatch(/^vfn-20\d\d$/);
  });

  it('reads only the names it documents, and nothing else of env', () => {
    expect(workerAppOptions({ BUDGETNORM_API_KEYS: 'k', OTHER: 'x', BUDGETNORM_RULESET: ' ' })).toEqual({
      keys: ['k'],
      keyDigests: [],
      corsOrigins: [],
    });
  });

  it('the default export is a ready Worker', async () => {
    const response = await worker.fetch(new Request(`http://localhost${PATHS.health}`, { method: 'POST' }), {
      BUDGETNORM_API_KEYS: 'k',
    });
    expect(response.status).toBe(405);
  });
});

describe('the Worker’s log lines: the Node service’s fields, as pino writes them', () => {
  /** What `console.<method>` got during `run`, each call's text parsed as JSON. */
  async function logged(method: 'log' | 'error', run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const spy = vi.spyOn(console, method).mockImplementation(() => {});
    try {
      await run();
      return spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    } finally {
      spy.mockRestore();
    }
  }
  const sample = {
    time: '2026-03-01T12:00:00.000Z',
    requestId: 'r',
    method: 'POST',
    path: '/x',
    status: 200,
    durationMs: 1.5,
    ruleSet: 'nl-2026',
  };
  /** The Node service's own lines for the same entries, as its pino log writes them. */
  function nodeLines(): { request: Record<string, unknown>; error: Record<string, unknown> } {
    const out: string[] = [];
    const errors: string[] = [];
    const log = serviceLog(
      (line) => out.push(line),
      (line) => errors.push(line),
    );
    log.request(sample);
    const { level: _level, ...entry } = errorSample;
    log.error({ ...entry, error: 'x' });
    return { request: JSON.parse(out[0] ?? '{}'), error: JSON.parse(errors[0] ?? '{}') };
  }
  const errorSample = {
    time: sample.time,
    level: 'error' as const,
    requestId: 'r',
    errorId: 'e',
    method: 'GET',
    path: '/health',
    error: new Error('x'),
  };

  it('a request line has the fields of the Node service’s request line, in its order', async () => {
    const lines = await logged('log', () => createWorker().fetch(calculation('k'), { BUDGETNORM_API_KEYS: 'k' }));
    expect(lines).toHaveLength(1);
    const [line] = lines as [Record<string, unknown>];
    expect(line['level']).toBe('info');
    expect(String(line['time'])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Object.keys(line)).toEqual(Object.keys(nodeLines().request));
    expect(workerRequestLine(sample)).toEqual(nodeLines().request);
    expect(line).toMatchObject({ method: 'POST', path: PATHS.repayment, status: 200, ruleSet: expect.any(String) });
    // The same fields in the same order whatever the request.
    expect(Object.keys(workerRequestLine(sample))).toEqual(Object.keys(line));
  });

  it('an error line has the fields of the Node service’s error line, the cause as text', async () => {
    const lines = await logged('error', () =>
      createWorker({ log: () => {} }).fetch(new Request('http://localhost/health'), {}),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', requestId: '', method: 'GET', path: '/health' });
    expect(Object.keys(lines[0] ?? {})).toEqual(Object.keys(nodeLines().error));
    expect(Object.keys(workerErrorLine(errorSample))).toEqual(Object.keys(nodeLines().error));
    expect(String(lines[0]?.['error'])).toMatch(/BUDGETNORM_API_KEYS/);
  });

  it('serves no advisor page: GET / is the 404 of a path that does not exist (docs/deploy.md says so)', async () => {
    const response = await quiet().worker.fetch(new Request('http://localhost/'), { BUDGETNORM_API_KEYS: 'k' });
    expect(response.status).toBe(404);
    expect(readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8')).toContain(
      'The Worker serves no advisor page',
    );
  });
});
