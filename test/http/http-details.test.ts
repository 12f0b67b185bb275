/**
 * Issue 42, item 8, against the spawned service (`npm start` from source, direct path on): a
 * 401 carries its challenge (RFC 9110 §11.6.1), keys that differ are told so (and nothing about
 * which is wrong), a POST without Content-Type is told the header is missing, and every answer,
 * on every path (the direct path, the app, problems, the page), spells each header name one way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CHALLENGE } from '../../src/http/index.js';
import { KEY, OTHER_KEY, REPAYMENT } from './support/helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const REPAY = '/Afloscapaciteit/Resultaat';

let child: ChildProcess;
let port = 0;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/http/support/serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /"event":"listening","url":"(http:\/\/[^"]+)"/.exec(stdout);
      if (m !== null) resolve(m[1] as string);
    });
    child.once('close', () => reject(new Error(`the service exited: ${stderr}`)));
  });
  port = Number(new URL(url).port);
}, 30_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

interface Answer {
  readonly status: number;
  /** The header lines as written: [name, value]. */
  readonly headers: readonly [string, string][];
  readonly body: string;
}

/** Sends `text` on a fresh connection and reads the one answer until the service closes it. */
function exchange(text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon), line.slice(colon + 1).trim()];
        }),
        body: raw.slice(end + 4),
      });
    });
    socket.write(text);
  });
}

/** A request's bytes, `Connection: close` added so the answer ends with the connection. */
function request(method: string, path: string, headers: Record<string, string>, body = ''): string {
  const all = { Host: '127.0.0.1', ...headers, Connection: 'close' };
  const given = 'Content-Length' in headers || (body === '' && method !== 'POST');
  const length = given ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
  const lines = Object.entries({ ...all, ...length }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const WITH_KEY = { ...JSON_TYPE, 'Ocp-Apim-Subscription-Key': KEY };

const header = (answer: Answer, name: string) =>
  answer.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
const detail = (answer: Answer) => (JSON.parse(answer.body) as { detail: string }).detail;

describe('the spawned service', () => {
  it('a 401 carries WWW-Authenticate, whether the key is missing, unknown or keys differ', async () => {
    for (const text of [
      request('POST', REPAY, JSON_TYPE, REPAYMENT),
      request('POST', REPAY, { ...JSON_TYPE, 'Ocp-Apim-Subscription-Key': OTHER_KEY }, REPAYMENT),
      request('POST', `${REPAY}?key=${OTHER_KEY}`, WITH_KEY, REPAYMENT),
    ]) {
      const answer = await exchange(text);
      expect(answer.status).toBe(401);
      expect(header(answer, 'WWW-Authenticate')).toBe(KEY_CHALLENGE);
      expect(header(answer, 'WWW-Authenticate')).toBe(
        'ApiKey realm="budgetnorm", header="Ocp-Apim-Subscription-Key", query="key"',
      );
    }
  });

  it('keys in header and query that differ are told so, the same answer whichever is valid (still 401)', async () => {
    const cases = [
      request('POST', `${REPAY}?key=${OTHER_KEY}`, WITH_KEY, REPAYMENT),
      request('POST', `${REPAY}?key=${KEY}`, { ...JSON_TYPE, 'Ocp-Apim-Subscription-Key': OTHER_KEY }, REPAYMENT),
      request(
        'POST',
        `${REPAY}?key=${OTHER_KEY}x`,
        { ...JSON_TYPE, 'Ocp-Apim-Subscription-Key': OTHER_KEY },
        REPAYMENT,
      ),
    ];
    const details = new Set<string>();
    for (const text of cases) {
      const answer = await exchange(text);
      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain(KEY);
      expect(answer.body).not.toContain(OTHER_KEY);
      details.add(detail(answer));
    }
    expect([...details]).toHaveLength(1);
    expect([...details][0]).toMatch(
      /different subscription keys \(in the Ocp-Apim-Subscription-Key header and the key query parameter/,
    );
    // A missing key is not told that keys differ.
    expect(detail(await exchange(request('POST', REPAY, JSON_TYPE, REPAYMENT)))).toMatch(
      /^A valid subscription key is required/,
    );
  });

  it('a POST without Content-Type is told the header is missing (415); one with another is told which it sent', async () => {
    const missing = await exchange(request('POST', REPAY, { 'Ocp-Apim-Subscription-Key': KEY }, REPAYMENT));
    expect(missing.status).toBe(415);
    expect(detail(missing)).toMatch(/the request has no Content-Type header\.$/);
    expect(detail(missing)).not.toMatch(/different/);
    const other = await exchange(
      request('POST', REPAY, { ...WITH_KEY, 'Content-Type': 'application/x-www-form-urlencoded' }, REPAYMENT),
    );
    expect(other.status).toBe(415);
    expect(detail(other)).toMatch(/the request has Content-Type: application\/x-www-form-urlencoded\.$/);
  });

  it('spells every header name one way on every answer: lower-case, node:http’s own framing headers aside', async () => {
    const answers: Record<string, Answer> = {
      'direct path 200': await exchange(request('POST', REPAY, WITH_KEY, REPAYMENT)),
      'direct path 400': await exchange(request('POST', REPAY, WITH_KEY, '{}')),
      'app 200 (query)': await exchange(request('POST', `${REPAY}?uitleg=false`, WITH_KEY, REPAYMENT)),
      '401': await exchange(request('POST', REPAY, JSON_TYPE, REPAYMENT)),
      '404': await exchange(request('GET', '/nothing', {})),
      '405': await exchange(request('GET', REPAY, {})),
      '413': await exchange(request('POST', REPAY, { ...WITH_KEY, 'Content-Length': '999999' })),
      '415': await exchange(request('POST', REPAY, { 'Ocp-Apim-Subscription-Key': KEY }, REPAYMENT)),
      health: await exchange(request('GET', '/health', {})),
      openapi: await exchange(request('GET', '/openapi.json', {})),
      page: await exchange(request('GET', '/', {})),
    };
    expect(answers['direct path 200']?.status).toBe(200);
    expect(answers['direct path 400']?.status).toBe(400);
    expect(answers['413']?.status).toBe(413);
    // node:http writes these itself, in its spelling; the service may set them too (then lower-case).
    const FRAMING = new Set(['Content-Length', 'Date', 'Connection', 'Keep-Alive', 'Transfer-Encoding']);
    const spellings = new Map<string, Set<string>>();
    for (const [name, answer] of Object.entries(answers)) {
      const names = answer.headers.map(([n]) => n);
      expect(new Set(names.map((n) => n.toLowerCase())).size, `${name}: a header twice`).toBe(names.length);
      for (const n of names) {
        if (FRAMING.has(n)) continue;
        expect(n, `${name}: ${n}`).toBe(n.toLowerCase());
        spellings.set(n.toLowerCase(), (spellings.get(n.toLowerCase()) ?? new Set()).add(n));
      }
    }
    for (const [name, spelt] of spellings) expect([...spelt], name).toEqual([name]);
    expect(spellings.has('content-type')).toBe(true);
    expect(spellings.has('x-request-id')).toBe(true);
    expect(spellings.has('x-rekenregels')).toBe(true);
  });
});
