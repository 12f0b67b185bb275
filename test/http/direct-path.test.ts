/**
 * The Node server's direct path (src/http/direct.ts, src/node/direct-server.ts): the common
 * calculation answered straight from Node's request, every other request through the app. The
 * same requests, sent to the service with and without it, get the same status, headers, body
 * and log line (request ids, error ids, dates and durations aside); and the requests it should
 * take are the ones it takes.
 */
import { createServer, request as httpRequest, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retirementExpenditure } from '../../src/index.js';
import { type Calculations, createApp } from '../../src/http/index.js';
import { directCalculationsOf } from '../../src/http/direct.js';
import { directListener } from '../../src/node/direct-server.js';
import { readServiceConfig, startService, type RunningService } from '../../src/node/server.js';
import {
  collect,
  KEY,
  type LineLog,
  lineLog,
  OTHER_KEY,
  REPAYMENT,
  RETIREMENT,
  type Reply,
} from './support/helpers.js';

interface Case {
  readonly name: string;
  readonly path: string;
  readonly method?: string;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: string | Buffer;
  /** Whether the direct path takes it (else the app answers it). */
  readonly direct: boolean;
  /** False: refused by @hono/node-server before the app, so no log line. */
  readonly logged?: false;
}

const JSON_KEY = { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY };
const REPAY = '/Afloscapaciteit/Resultaat';
const RETIRE = '/pensioenuitgaven/Resultaat';
const throwing = '{"LeeftijdHoofdpersoon": 66, "throw": true}';

const CASES: Case[] = [
  { name: 'repayment', path: REPAY, headers: JSON_KEY, body: REPAYMENT, direct: true },
  { name: 'retirement', path: RETIRE, headers: JSON_KEY, body: RETIREMENT, direct: true },
  // Issue 42, defect 3: a port out of range was taken directly and refused by the app's path.
  {
    name: 'a Host port at the top of the range',
    path: REPAY,
    headers: { ...JSON_KEY, host: 'localhost:65535' },
    body: REPAYMENT,
    direct: true,
  },
  {
    name: 'a Host port out of range',
    path: REPAY,
    headers: { ...JSON_KEY, host: 'localhost:99999' },
    body: REPAYMENT,
    direct: false,
    logged: false,
  },
  {
    name: 'charset=utf8',
    path: REPAY,
    headers: { ...JSON_KEY, 'content-type': 'application/json; charset=utf8' },
    body: REPAYMENT,
    direct: true,
  },
  {
    name: "the caller's sane request id",
    path: REPAY,
    headers: { ...JSON_KEY, 'x-request-id': 'abc-123' },
    body: REPAYMENT,
    direct: true,
  },
  {
    name: 'a request id that is the key',
    path: REPAY,
    headers: { ...JSON_KEY, 'x-request-id': KEY },
    body: REPAYMENT,
    direct: true,
  },
  {
    name: 'a request id that is another accepted key',
    path: REPAY,
    headers: { ...JSON_KEY, 'x-request-id': OTHER_KEY },
    body: REPAYMENT,
    direct: true,
  },
  { name: 'not JSON', path: REPAY, headers: JSON_KEY, body: '{"a": 1,}', direct: true },
  { name: 'an empty body', path: REPAY, headers: JSON_KEY, body: '', direct: true },
  { name: 'not UTF-8', path: REPAY, headers: JSON_KEY, body: Buffer.from([0x7b, 0xff, 0x7d]), direct: true },
  { name: 'the body’s problems', path: RETIRE, headers: JSON_KEY, body: '{"LeeftijdHoofdpersoon": "x"}', direct: true },
  { name: 'a calculation that fails unexpectedly', path: RETIRE, headers: JSON_KEY, body: throwing, direct: true },
  { name: 'no key', path: REPAY, headers: { 'content-type': 'application/json' }, body: REPAYMENT, direct: false },
  {
    name: 'a wrong key',
    path: REPAY,
    headers: { ...JSON_KEY, 'ocp-apim-subscription-key': 'nope' },
    body: REPAYMENT,
    direct: false,
  },
  {
    name: 'the key in the query',
    path: `${REPAY}?key=${KEY}`,
    headers: { 'content-type': 'application/json' },
    body: REPAYMENT,
    direct: false,
  },
  { name: 'a query', path: `${REPAY}?uitleg=true`, headers: JSON_KEY, body: REPAYMENT, direct: false },
  {
    name: 'no Content-Type',
    path: REPAY,
    headers: { 'ocp-apim-subscription-key': KEY },
    body: REPAYMENT,
    direct: false,
  },
  {
    name: 'latin1',
    path: REPAY,
    headers: { ...JSON_KEY, 'content-type': 'application/json; charset=latin1' },
    body: REPAYMENT,
    direct: false,
  },
  {
    name: 'two Content-Types',
    path: REPAY,
    headers: { ...JSON_KEY, 'content-type': ['application/json', 'text/plain'] },
    body: REPAYMENT,
    direct: false,
  },
  // (Its 413 through the app is server.test.ts's: '413 for a declared Content-Length over 64 KiB'.)
  { name: 'a declared length over 64 KiB', path: REPAY, headers: JSON_KEY, body: 'x'.repeat(70_000), direct: false },
  {
    name: 'a chunked body',
    path: REPAY,
    headers: { ...JSON_KEY, 'transfer-encoding': 'chunked' },
    body: REPAYMENT,
    direct: false,
  },
  { name: 'GET of a calculation', path: REPAY, method: 'GET', headers: JSON_KEY, direct: false },
  { name: 'a trailing slash', path: `${REPAY}/`, headers: JSON_KEY, body: REPAYMENT, direct: false },
  { name: 'the health check', path: '/health', method: 'GET', direct: false },
];

/** A calculation that throws on a body saying so, to see the 500 both ways. */
const calculations: Partial<Calculations> = {
  retirementExpenditure: (body, options) => {
    if (typeof body === 'object' && body !== null && (body as { throw?: unknown }).throw === true)
      throw new RangeError('a defect');
    return retirementExpenditure(body, options);
  },
};

function send(base: string, c: Case): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const url = new URL(c.path, base);
    const headers: OutgoingHttpHeaders = { ...c.headers };
    const chunked = headers['transfer-encoding'] === 'chunked';
    if (c.body !== undefined && !chunked && headers['content-length'] === undefined)
      headers['content-length'] = Buffer.byteLength(c.body);
    const req = httpRequest(url, { method: c.method ?? 'POST', headers, agent: false }, (res) =>
      collect(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

/** What must be the same both ways: ids, dates and durations masked, header names in lower case. */
function comparable(reply: Reply, log: string[]) {
  const mask = (text: string) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/"time":"[^"]*"/g, '"time":"<time>"')
      .replace(/"durationMs":[0-9.]+/g, '"durationMs":0');
  const { date: _date, ...headers } = reply.headers;
  return {
    status: reply.status,
    headers: mask(JSON.stringify(Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b))))),
    body: mask(reply.body),
    log: log.map(mask),
  };
}

describe('the direct path of the Node server', () => {
  const services: { service: RunningService; log: LineLog }[] = [];

  beforeAll(async () => {
    const config = readServiceConfig({ BUDGETNORM_API_KEYS: `${KEY},${OTHER_KEY}`, PORT: '0' });
    for (const directPath of [true, false]) {
      const log = lineLog();
      const service = await startService(config, {
        writeLog: (line) => log.push(line),
        writeError: (line) => log.push(line.replace(/"stack":"[^"]*"/, '"stack":"<stack>"')),
        app: { calculations },
        directPath,
      });
      services.push({ service, log });
    }
  });
  afterAll(async () => {
    await Promise.all(services.map(({ service }) => service.shutdown()));
  });

  for (const c of CASES.filter((c) => c.name !== 'a declared length over 64 KiB')) {
    it(`${c.name}: the same answer and log line with and without it`, async () => {
      const [withIt, without] = services as [(typeof services)[0], (typeof services)[0]];
      const answers = [];
      for (const { service, log } of [withIt, without]) {
        const before = log.lines.length;
        const reply = await send(service.url, c);
        if (c.logged !== false) await log.next(before, /"status":/);
        answers.push(comparable(reply, log.lines.slice(before)));
      }
      expect(answers[0]).toEqual(answers[1]);
      if (c.logged === false) expect(answers[0]?.log).toEqual([]);
      else expect(answers[0]?.log.length).toBeGreaterThan(0);
    });
  }
});

describe('which requests the direct path takes', () => {
  let server: Server;
  let base: string;
  const toApp: string[] = [];

  beforeAll(async () => {
    const app = createApp({ keys: [KEY, OTHER_KEY], log: () => undefined, logError: () => undefined, calculations });
    const direct = directCalculationsOf(app);
    if (direct === undefined) throw new Error('an app without CORS has a direct path');
    server = createServer(
      directListener(direct, (req, res) => {
        toApp.push(`${req.method} ${req.url}`);
        req.resume();
        req.on('end', () => res.writeHead(299).end());
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const c of CASES) {
    it(`${c.name}: ${c.direct ? 'answered directly' : 'left to the app'}`, async () => {
      const before = toApp.length;
      const reply = await send(base, c);
      expect(toApp.length - before).toBe(c.direct ? 0 : 1);
      expect(reply.status === 299).toBe(!c.direct);
    });
  }

  it('an app with CORS has no direct path (its headers are the CORS middleware’s to set)', () => {
    const app = createApp({ keys: [KEY], log: () => undefined, corsOrigins: ['https://app.example.nl'] });
    expect(directCalculationsOf(app)).toBeUndefined();
  });
});
