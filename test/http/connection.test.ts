/**
 * The service on raw connections, with the direct path on and off: requests are framed by
 * node:http's parser (llhttp) either way, so pipelining, `Connection: close`, node:http's
 * timeouts, a client that never reads, and graceful shutdown behave alike. Every wait is for an
 * event (a number of answers, a close, a log line), never for a time.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEOUTS,
  readServiceConfig,
  type RunningService,
  startService,
  type StartOptions,
} from '../../src/node/server.js';
import { KEY, type LineLog, lineLog, REPAYMENT, RETIREMENT } from './support/helpers.js';

const REPAY = '/Afloscapaciteit/Resultaat';
const RETIRE = '/pensioenuitgaven/Resultaat';

/** A request's bytes, Content-Length from the body unless given. */
function post(path: string, body: string, headers: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    Host: '127.0.0.1',
    'Content-Type': 'application/json',
    'Ocp-Apim-Subscription-Key': KEY,
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  };
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}
const GET_HEALTH = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** The complete responses at the start of `text` (a response without Content-Length has no body). */
function responses(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) return out;
    const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(at, end + 4));
    const bodyEnd = end + 4 + (length === null ? 0 : Number(length[1]));
    if (bodyEnd > text.length) return out;
    out.push(text.slice(at, bodyEnd));
    at = bodyEnd;
  }
}

/** A raw connection to the service: waits for a number of complete answers, or for the close. */
interface Raw {
  readonly socket: Socket;
  answers(count: number): Promise<string[]>;
  readonly closed: Promise<string[]>;
}

async function open(port: number): Promise<Raw> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  const waiting = new Set<() => void>();
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const check of [...waiting]) check();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string[]>((resolve) => socket.once('close', () => resolve(responses(text))));
  const answers = (count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const check = (): void => {
        const got = responses(text);
        if (got.length < count) return;
        waiting.delete(check);
        resolve(got.slice(0, count));
      };
      waiting.add(check);
      void closed.then((got) => {
        if (waiting.delete(check)) reject(new Error(`closed after ${got.length} of ${count} answers`));
      });
      check();
    });
  return { socket, answers, closed };
}

async function serve(options: StartOptions, log: LineLog): Promise<RunningService> {
  const config = readServiceConfig({ BUDGETNORM_API_KEYS: KEY, BUDGETNORM_RULESET: 'nl-2026', PORT: '0' });
  return startService(config, { writeLog: (line) => log.push(line), writeError: (line) => log.push(line), ...options });
}

/** Resolves when the server's side of its next connection has closed. */
function nextServerSideClose(service: RunningService): Promise<void> {
  return new Promise((resolve) => service.server.once('connection', (socket: Socket) => socket.once('close', resolve)));
}

const status = (answer: string | undefined) => /^HTTP\/1\.1 (\d{3})/.exec(answer ?? '')?.[1];
const requestId = (answer: string | undefined) => /\r\nX-Request-Id: ([^\r]*)/i.exec(answer ?? '')?.[1];

describe.each([true, false])('direct path %s: framing and pipelining by node:http', (directPath) => {
  const log = lineLog();
  let service: RunningService;
  beforeAll(async () => {
    service = await serve({ directPath }, log);
  });
  afterAll(async () => {
    await service.shutdown();
  });

  it('a request split byte by byte is answered once', async () => {
    const raw = await open(service.port);
    for (const byte of Buffer.from(post(REPAY, REPAYMENT))) raw.socket.write(Buffer.from([byte]));
    const [answer] = await raw.answers(1);
    expect(status(answer)).toBe('200');
    expect(answer).toMatch(/\r\n\r\n\{"Afloscapaciteit":/);
    raw.socket.destroy();
  });

  it('pipelined in one write: a calculation, the health check, the other calculation, answered in order', async () => {
    const raw = await open(service.port);
    raw.socket.write(
      post(REPAY, REPAYMENT, { 'X-Request-Id': 'one' }) +
        GET_HEALTH +
        post(RETIRE, RETIREMENT, { 'X-Request-Id': 'three' }),
    );
    const answers = await raw.answers(3);
    expect(answers.map(status)).toEqual(['200', '200', '200']);
    expect(answers[0]).toMatch(/\{"Afloscapaciteit":/);
    expect(answers[1]).toMatch(/\{"status":"ok"/);
    expect(answers[2]).toMatch(/\{"Posten":|\{"Totaal":|"Basis"/);
    expect([requestId(answers[0]), requestId(answers[2])]).toEqual(['one', 'three']);
    raw.socket.destroy();
  });

  it('Connection: close with bytes pipelined after it: llhttp refuses them with 400 and closes the connection', async () => {
    const raw = await open(service.port);
    raw.socket.write(post(REPAY, REPAYMENT, { Connection: 'close' }) + post(REPAY, REPAYMENT));
    const answers = await raw.closed;
    // The first request's answer is asynchronous: node:http may close before it is written.
    expect(answers.at(-1)).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    expect(answers.length).toBeLessThanOrEqual(2);
  });

  it('2,000 requests pipelined before the client reads anything: every answer, in order', {
    timeout: 60_000,
  }, async () => {
    const raw = await open(service.port);
    raw.socket.pause();
    const ids = Array.from({ length: 2_000 }, (_, i) => `req-${i}`);
    await new Promise((resolve) =>
      raw.socket.write(ids.map((id) => post(REPAY, REPAYMENT, { 'X-Request-Id': id })).join(''), resolve),
    );
    raw.socket.resume();
    const answers = await raw.answers(ids.length);
    expect(answers.map(requestId)).toEqual(ids);
    expect(new Set(answers.map(status))).toEqual(new Set(['200']));
    raw.socket.destroy();
  });

  it('Content-Length followed by a tab: 400 from llhttp, the connection closed, nothing logged', async () => {
    const before = log.lines.length;
    const raw = await open(service.port);
    raw.socket.write(post(REPAY, REPAYMENT, { 'Content-Length': `${Buffer.byteLength(REPAYMENT)}\t` }));
    expect(await raw.closed).toEqual(['HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n']);
    expect(log.lines.slice(before)).toEqual([]);
  });

  it('a request followed by the client’s FIN still gets its answer', async () => {
    const raw = await open(service.port);
    raw.socket.end(post(REPAY, REPAYMENT));
    const answers = await raw.closed;
    expect(answers.map(status)).toEqual(['200']);
  });
});

describe.each([true, false])('direct path %s: node:http’s timeouts', (directPath) => {
  const log = lineLog();
  let service: RunningService;
  beforeAll(async () => {
    service = await serve({ directPath, timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 400 } }, log);
  });
  afterAll(async () => {
    await service.shutdown();
  });

  it('a head not complete in time: 408 and the connection closed', async () => {
    const raw = await open(service.port);
    raw.socket.write(post(REPAY, REPAYMENT).slice(0, 40));
    expect(await raw.closed).toEqual(['HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n']);
  });

  it('a body not complete in time: 408, the connection closed, the request logged as 408', async () => {
    const before = log.lines.length;
    const raw = await open(service.port);
    raw.socket.write(post(REPAY, REPAYMENT).slice(0, -10));
    expect(await raw.closed).toEqual(['HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n']);
    expect(JSON.parse(await log.next(before, /"status":/))).toMatchObject({ status: 408, path: REPAY });
  });

  it('an idle keep-alive connection is closed after its answer', async () => {
    const raw = await open(service.port);
    raw.socket.write(post(REPAY, REPAYMENT));
    expect((await raw.closed).map(status)).toEqual(['200']);
  });

  it('a client that goes away mid-body: its request is logged as the incomplete body it was', async () => {
    const before = log.lines.length;
    const raw = await open(service.port);
    const taken = new Promise((resolve) => service.server.once('request', resolve));
    raw.socket.write(post(REPAY, REPAYMENT).slice(0, -10));
    await taken;
    raw.socket.destroy();
    expect(JSON.parse(await log.next(before, /"status":/))).toMatchObject({ status: 400, path: REPAY });
  });
});

describe.each([true, false])('direct path %s: a client that never reads its answers', (directPath) => {
  it('is cut off once nothing has moved on its connection for inactivityMs', { timeout: 60_000 }, async () => {
    const service = await serve({ directPath, timeouts: { inactivityMs: 300 } }, lineLog());
    try {
      const serverSideClosed = nextServerSideClose(service);
      const raw = await open(service.port);
      raw.socket.pause();
      // Some 6 MB of answers: more than the sockets' buffers hold, so the server stops reading.
      raw.socket.write(post(REPAY, REPAYMENT).repeat(4_000));
      await serverSideClosed;
      raw.socket.destroy();
    } finally {
      await service.shutdown();
    }
  });
});

it('the service sets node:http’s timeouts: headers, whole request, keep-alive, inactivity', async () => {
  const service = await serve({}, lineLog());
  try {
    expect({
      headersTimeout: service.server.headersTimeout,
      requestTimeout: service.server.requestTimeout,
      keepAliveTimeout: service.server.keepAliveTimeout,
      timeout: service.server.timeout,
    }).toEqual({
      headersTimeout: DEFAULT_TIMEOUTS.headersMs,
      requestTimeout: DEFAULT_TIMEOUTS.requestMs,
      keepAliveTimeout: DEFAULT_TIMEOUTS.keepAliveMs,
      timeout: DEFAULT_TIMEOUTS.inactivityMs,
    });
    expect(DEFAULT_TIMEOUTS.headersMs).toBeLessThan(DEFAULT_TIMEOUTS.requestMs);
    expect(DEFAULT_TIMEOUTS.inactivityMs).toBeGreaterThan(0);
  } finally {
    await service.shutdown();
  }
});

describe.each([true, false])('direct path %s: graceful shutdown', (directPath) => {
  it('closes an idle connection, answers a request still arriving with Connection: close, and drains', async () => {
    const service = await serve({ directPath, timeouts: { shutdownGraceMs: 5_000 } }, lineLog());
    const repay = post(REPAY, REPAYMENT);
    const idle = await open(service.port);
    idle.socket.write(GET_HEALTH);
    await idle.answers(1);
    const busy = await open(service.port);
    // The head and part of the body: node:http has the request, its body is still to come.
    const taken = new Promise((resolve) => service.server.once('request', resolve));
    busy.socket.write(repay.slice(0, -100));
    await taken;
    const stopped = service.shutdown();
    expect((await idle.closed).map(status)).toEqual(['200']);
    busy.socket.write(repay.slice(-100));
    const [answer] = await busy.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toMatch(/\r\n\r\n\{"Afloscapaciteit"/);
    expect(await stopped).toBe('drained');
  });
});
